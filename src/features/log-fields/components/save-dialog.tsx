import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorView } from '@/components/ui/error-view'
import type { Ruleset } from '@/shared/schemas/ruleset'
import { plural } from '@/lib/format'
import { EDITED_KEYS, type FieldLists } from '../lib/custom-field-lists'
import { LIST_LABEL } from './list-labels'

interface SaveDialogProps {
  open: boolean
  ruleset: Ruleset
  before: FieldLists
  after: FieldLists
  /** Rules of the ruleset other than the one this page edits; sent back unchanged. */
  otherRules: number
  pending: boolean
  error: unknown
  onConfirm: () => void
  onCancel: () => void
}

function Names({ names, mark, other }: { names: string[]; mark: 'added' | 'removed'; other: string[] }) {
  if (names.length === 0) return <span className="text-zinc-500 dark:text-zinc-400">none</span>
  return (
    <ul className="flex flex-wrap gap-1">
      {names.map((n) => {
        const changed = !other.includes(n)
        return (
          <li
            key={n}
            className={
              changed
                ? mark === 'added'
                  ? 'rounded bg-emerald-100 px-1.5 font-mono text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
                  : 'rounded bg-red-100 px-1.5 font-mono text-sm text-red-900 line-through dark:bg-red-950 dark:text-red-200'
                : 'rounded bg-zinc-100 px-1.5 font-mono text-sm dark:bg-zinc-800'
            }
          >
            {changed && <span className="sr-only">{mark === 'added' ? 'added: ' : 'removed: '}</span>}
            {n}
          </li>
        )
      })}
    </ul>
  )
}

/** Before/after of the three lists, and what a PUT on the ruleset does. */
export function SaveDialog({ open, ruleset, before, after, otherRules, pending, error, onConfirm, onCancel }: SaveDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      size="lg"
      dismissible={!pending}
      title="Save custom fields?"
      description={`Saving replaces every rule of the ruleset “${ruleset.name}” (now version ${ruleset.version}) with the rules below, as version ${Number(ruleset.version) + 1}.`}
      footer={
        <>
          <Button onClick={onCancel} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button variant="primary" onClick={onConfirm} pending={pending}>
            Replace rules and save
          </Button>
        </>
      }
    >
      <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-200" role="note">
        The API has no “add one field”: the whole rule list is sent and replaces what is stored.{' '}
        {otherRules > 0
          ? `${plural(otherRules, 'other rule')} of this ruleset ${otherRules === 1 ? 'is' : 'are'} sent back unchanged. If someone changed the ruleset since this page loaded, their change is overwritten.`
          : 'If someone changed the ruleset since this page loaded, their change is overwritten.'}
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Custom fields before and after saving</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">List</th>
            <th scope="col" className="py-1 pr-3 font-medium">Before</th>
            <th scope="col" className="py-1 font-medium">After</th>
          </tr>
        </thead>
        <tbody>
          {EDITED_KEYS.map((key) => (
            <tr key={key} className="border-t border-zinc-200 align-top dark:border-zinc-700">
              <th scope="row" className="py-2 pr-3 font-medium">{LIST_LABEL[key]}</th>
              <td className="py-2 pr-3"><Names names={before[key]} other={after[key]} mark="removed" /></td>
              <td className="py-2"><Names names={after[key]} other={before[key]} mark="added" /></td>
            </tr>
          ))}
        </tbody>
      </table>
      {error ? <div className="mt-3"><ErrorView error={error} title="Not saved" /></div> : null}
    </Dialog>
  )
}
