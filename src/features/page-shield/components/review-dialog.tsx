import { useEffect, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import type { UseMutationResult } from '@tanstack/react-query'
import { useForm, type Control, type DefaultValues, type FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { RadioCardsField } from '@/components/form/radio-cards-field'
import { TextareaField } from '@/components/form/fields'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import type { ApiErrorItem } from '@/lib/api-client'
import {
  connectionReviewInputSchema,
  REVIEW_VERDICT_TEXT,
  reviewInputSchema,
  type ReviewVerdict,
} from '@/shared/schemas/page-shield-review'
import type { PageShieldConnection, PageShieldScript } from '@/shared/schemas/page-shield'
import { useCreateConnectionReview } from '../api/connection-reviews'
import { useCreateReview } from '../api/reviews'

interface VerdictFields extends FieldValues {
  verdict: ReviewVerdict
  note: string
}

/** What differs between reviewing a script and a connection: the words, the form's schema and the API call. */
interface VerdictKind<I extends VerdictFields, E extends { verdict: ReviewVerdict; reviewer: string }> {
  title: string
  description: string
  formId: string
  verdictText: Record<ReviewVerdict, string>
  noteHelp: string
  schema: z.ZodType<I, VerdictFields>
  useCreate: (zoneId: string) => UseMutationResult<E, unknown, I>
  /** The toast after saving: title and text. */
  saved: (entry: E) => [string, string]
}

const SAVED_TEXT: Record<ReviewVerdict, string> = {
  expected: 'Marked as expected',
  investigate: 'Marked for investigation',
  malicious: 'Marked as malicious: remove',
}

const SCRIPT = {
  title: 'Review this script',
  description:
    "The ledger keeps your verdict, your note, who you are signed in as, the time, and the script's code fingerprint and scores now. If the code or its integrity score changes later, the script shows up as needing review again.",
  formId: 'review-form',
  verdictText: REVIEW_VERDICT_TEXT,
  noteHelp: 'Why it is expected, or what should be checked. Kept as evidence.',
  schema: reviewInputSchema,
  useCreate: useCreateReview,
  saved: (entry) => [
    SAVED_TEXT[entry.verdict],
    entry.verdict === 'malicious'
      ? `Recorded in the review ledger as ${entry.reviewer}. The next steps are on the script page.`
      : `Recorded in the review ledger as ${entry.reviewer}, with the time.`,
  ],
} satisfies VerdictKind<z.infer<typeof reviewInputSchema>, ReturnType<typeof useCreateReview>['data'] & {}>

const CONNECTION = {
  title: 'Review this connection',
  description:
    "The ledger keeps your verdict, your note, who you are signed in as, the time, and whether threat feeds report the connection's URL or domain now. If that changes later, the connection shows up as needing review again.",
  formId: 'connection-review-form',
  // The verdicts in a connection's words (the ledger stores the same three values as for scripts).
  verdictText: {
    expected: 'Expected: we know this host and want our pages to send or fetch data there.',
    investigate: 'Investigate: someone needs to find out who runs this host and why our pages reach it.',
    malicious: 'Malicious: remove. Our pages must not reach this host; find the script that does and block it.',
  },
  noteHelp: 'Why data may go there, or what should be checked. Kept as evidence.',
  schema: connectionReviewInputSchema,
  useCreate: useCreateConnectionReview,
  saved: (entry) => ['Verdict recorded', `Recorded in the review ledger as ${entry.reviewer}, with the time and the connection's threat status.`],
} satisfies VerdictKind<z.infer<typeof connectionReviewInputSchema>, ReturnType<typeof useCreateConnectionReview>['data'] & {}>

const snapshotOf = (s: PageShieldScript) => ({
  url: s.url,
  host: s.host,
  hash: s.hash ?? null,
  js_integrity_score: s.js_integrity_score ?? null,
  malware_score: s.malware_score ?? null,
  magecart_score: s.magecart_score ?? null,
  cryptomining_score: s.cryptomining_score ?? null,
})

interface DialogProps {
  zoneId: string
  verdict: ReviewVerdict
  open: boolean
  onClose: () => void
}

/** Records a review in the dashboard's own ledger: verdict, note, who, and the script as it is now. */
export function ReviewDialog({ script, verdict, ...props }: DialogProps & { script: PageShieldScript }) {
  const values = { script_id: script.id, verdict, note: '', script: snapshotOf(script) }
  return <VerdictDialog kind={SCRIPT} subject={script.url} values={values} verdict={verdict} {...props} />
}

/** Records a verdict on a connection: the server adds who is signed in, the time and the threat status it reads now. */
export function ConnectionReviewDialog({ connection, verdict, ...props }: DialogProps & { connection: PageShieldConnection }) {
  const values = { connection_id: connection.id, verdict, note: '' }
  return <VerdictDialog kind={CONNECTION} subject={connection.url} values={values} verdict={verdict} {...props} />
}

/** The one review form: a verdict (preset by the button pressed) and a note, saved through the kind's API call. */
function VerdictDialog<I extends VerdictFields, E extends { verdict: ReviewVerdict; reviewer: string }>({
  kind,
  zoneId,
  subject,
  values,
  open,
  onClose,
}: DialogProps & { kind: VerdictKind<I, E>; subject: string; values: DefaultValues<VerdictFields> }) {
  const toast = useToast()
  const create = kind.useCreate(zoneId)
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const form = useForm<VerdictFields, unknown, I>({ resolver: zodResolver(kind.schema), defaultValues: values })
  // Start afresh when the dialog opens or what would be recorded changes (another verdict, a re-read script).
  const valuesKey = JSON.stringify(values)
  useEffect(() => {
    if (open) form.reset(JSON.parse(valuesKey) as VerdictFields)
  }, [open, valuesKey, form])
  const save = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (entry) => {
        toast.success(...kind.saved(entry))
        setServerErrors([])
        onClose()
      },
      onError: (err) => setServerErrors(applyApiErrors(form, err)),
    }),
  )
  const control = form.control as unknown as Control<VerdictFields>
  const options = (Object.keys(REVIEW_VERDICT_TEXT) as ReviewVerdict[]).map((value) => ({ value, label: kind.verdictText[value] }))
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={kind.title}
      description={kind.description}
      dismissible={!create.isPending}
      confirmDiscard={form.formState.isDirty}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={kind.formId} pending={create.isPending}>
            Save review
          </Button>
        </>
      }
    >
      <form id={kind.formId} onSubmit={save} noValidate className="space-y-4">
        <FormErrorSummary errors={serverErrors} title="The review was not saved" />
        <p className="font-mono text-xs break-all text-zinc-700 dark:text-zinc-300">{subject}</p>
        <RadioCardsField control={control} name="verdict" legend="Verdict" options={options} />
        <TextareaField control={control} name="note" label="Note" required rows={3} help={kind.noteHelp} />
      </form>
    </Dialog>
  )
}
