import { lazy, Suspense, useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import type { Ruleset } from '@/shared/schemas/ruleset'
import { plural } from '@/lib/format'
import { useUpdateRuleset } from '../api/update-ruleset'
import { addProblem, diffLists, editedRuleIndex, listsOf, rulesForSave, totalCustomFields, type EditedKey, type FieldLists } from '../lib/custom-field-lists'
import { FieldListEditor } from './field-list-editor'
import { BudgetMeter, kb, Note, repeatedOnes } from './limits-notes'
import { LIST_LABEL } from './list-labels'
import { useCanWrite } from '@/lib/access'

// The review dialog loads when it is first opened.
const SaveDialog = lazy(() => import('./save-dialog').then((m) => ({ default: m.SaveDialog })))

const repeatedNote = (names: string[]) => {
  const rep = repeatedOnes(names)
  return rep.length > 0 ? `${rep.join(', ')} may appear several times in one message; only the first one is logged.` : undefined
}

/** The three lists of the custom-field rule, edited as chips and saved with one PUT of the whole ruleset. */
export function CustomFieldsEditor({ zoneId, ruleset }: { zoneId: string; ruleset: Ruleset }) {
  const rules = useMemo(() => ruleset.rules ?? [], [ruleset])
  const saved = useMemo(() => listsOf(rules), [rules])
  const [lists, setLists] = useState<FieldLists>(saved)
  const [reviewing, setReviewing] = useState(false)
  const update = useUpdateRuleset(zoneId)
  const can = useCanWrite('log-fields')
  const toast = useToast()

  const next = useMemo(() => rulesForSave(rules, lists), [rules, lists])
  const used = totalCustomFields(next)
  const changes = diffLists(saved, lists)
  const otherRules = rules.length - (editedRuleIndex(rules) === -1 ? 0 : 1)

  const adder = (key: EditedKey) => (name: string) => {
    const problem = addProblem(rules, lists, key, name)
    if (!problem) setLists((l) => ({ ...l, [key]: [...l[key], name] }))
    return problem
  }
  const remover = (key: EditedKey) => (name: string) => setLists((l) => ({ ...l, [key]: l[key].filter((n) => n !== name) }))

  const save = () =>
    update.mutate(
      { rulesetId: ruleset.id, rules: next },
      {
        onSuccess: (r) => {
          setReviewing(false)
          toast.success('Custom fields saved', `Ruleset “${r.name}” is now version ${r.version}.`)
        },
      },
    )

  return (
    <section aria-labelledby="custom-fields-title" className="space-y-5">
      <div>
        <h2 id="custom-fields-title" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          Custom fields
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          Request headers, response headers and cookies added to every log entry of this zone. Stored in the ruleset “{ruleset.name}” (version {ruleset.version}
          {otherRules > 0 ? `, with ${plural(otherRules, 'other rule')}` : ''}). Headers changed by transform rules are logged with their original values.
        </p>
      </div>
      <BudgetMeter used={used} lists={lists} />
      {/* Without the role, every control below is disabled; the page's notice says why. */}
      <fieldset disabled={!can.allowed} className="contents">
        <div className="grid gap-5 lg:grid-cols-3">
          <FieldListEditor
            label={LIST_LABEL.request_fields}
            kind="header"
            values={lists.request_fields}
            onAdd={adder('request_fields')}
            onRemove={remover('request_fields')}
            placeholder="x-request-id"
            help="Names are lower-cased as you type: the service stores and logs header names in lower case. The Range header cannot be logged."
            warning={repeatedNote(lists.request_fields)}
          />
          <FieldListEditor
            label={LIST_LABEL.response_fields}
            kind="header"
            values={lists.response_fields}
            onAdd={adder('response_fields')}
            onRemove={remover('response_fields')}
            placeholder="x-cache-status"
            help="Lower case as well. When a response repeats a header (set-cookie, for example), only the first one is logged."
            warning={repeatedNote(lists.response_fields)}
          />
          <FieldListEditor
            label={LIST_LABEL.cookie_fields}
            kind="cookie"
            values={lists.cookie_fields}
            onAdd={adder('cookie_fields')}
            onRemove={remover('cookie_fields')}
            placeholder="SessionID"
            help="Kept exactly as typed: cookie names are case sensitive, so SessionID and sessionid are two different cookies. Use the capitalisation your site sends."
          />
        </div>
        {used > 20 && <Note>Many fields share the {kb} KB of custom-field data per request; the longest values may be truncated.</Note>}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="primary" disabled={changes.length === 0} onClick={() => setReviewing(true)}>
            Review and save
          </Button>
          <Button variant="ghost" disabled={changes.length === 0} onClick={() => setLists(saved)}>
            Discard changes
          </Button>
          <span className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
            {changes.length === 0 ? 'No unsaved changes.' : `Unsaved changes in ${changes.map((c) => LIST_LABEL[c.key as EditedKey].toLowerCase()).join(', ')}.`}
          </span>
        </div>
      </fieldset>
      {reviewing && (
        <Suspense fallback={<Spinner label="Opening the review…" />}>
          <SaveDialog
            open
            ruleset={ruleset}
            before={saved}
            after={lists}
            otherRules={otherRules}
            pending={update.isPending}
            error={update.error}
            onConfirm={save}
            onCancel={() => {
              setReviewing(false)
              update.reset()
            }}
          />
        </Suspense>
      )}
    </section>
  )
}
