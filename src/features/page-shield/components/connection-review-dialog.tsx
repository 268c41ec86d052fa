import { useEffect, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
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
  type ConnectionReviewFormValues,
  type ConnectionReviewInput,
  type ReviewVerdict,
} from '@/shared/schemas/page-shield-review'
import type { PageShieldConnection } from '@/shared/schemas/page-shield'
import { useCreateConnectionReview } from '../api/connection-reviews'

/** The verdicts in a connection's words (the ledger stores the same three values as for scripts). */
const CONNECTION_VERDICT_TEXT: Record<ReviewVerdict, string> = {
  expected: 'Expected: we know this host and want our pages to send or fetch data there.',
  investigate: 'Investigate: someone needs to find out who runs this host and why our pages reach it.',
  malicious: 'Malicious: remove. Our pages must not reach this host; find the script that does and block it.',
}
const VERDICT_OPTIONS = (Object.keys(REVIEW_VERDICT_TEXT) as ReviewVerdict[]).map((value) => ({ value, label: CONNECTION_VERDICT_TEXT[value] }))

/** Records a verdict on a connection: the server adds who is signed in, the time and the threat status it reads now. */
export function ConnectionReviewDialog({
  zoneId,
  connection,
  verdict,
  open,
  onClose,
}: {
  zoneId: string
  connection: PageShieldConnection
  verdict: ReviewVerdict
  open: boolean
  onClose: () => void
}) {
  const toast = useToast()
  const create = useCreateConnectionReview(zoneId)
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const form = useForm<ConnectionReviewFormValues, unknown, ConnectionReviewInput>({
    resolver: zodResolver(connectionReviewInputSchema),
    defaultValues: { connection_id: connection.id, verdict, note: '' },
  })
  useEffect(() => {
    if (open) form.reset({ connection_id: connection.id, verdict, note: '' })
  }, [open, verdict, connection.id, form])
  const save = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (entry) => {
        toast.success('Verdict recorded', `Recorded in the review ledger as ${entry.reviewer}, with the time and the connection's threat status.`)
        setServerErrors([])
        onClose()
      },
      onError: (err) => setServerErrors(applyApiErrors(form, err)),
    }),
  )
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Review this connection"
      description="The ledger keeps your verdict, your note, who you are signed in as, the time, and whether threat feeds report the connection's URL or domain now. If that changes later, the connection shows up as needing review again."
      dismissible={!create.isPending}
      confirmDiscard={form.formState.isDirty}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="connection-review-form" pending={create.isPending}>
            Save review
          </Button>
        </>
      }
    >
      <form id="connection-review-form" onSubmit={save} noValidate className="space-y-4">
        <FormErrorSummary errors={serverErrors} title="The review was not saved" />
        <p className="font-mono text-xs break-all text-zinc-700 dark:text-zinc-300">{connection.url}</p>
        <RadioCardsField control={form.control} name="verdict" legend="Verdict" options={VERDICT_OPTIONS} />
        <TextareaField
          control={form.control}
          name="note"
          label="Note"
          required
          rows={3}
          help="Why data may go there, or what should be checked. Kept as evidence."
        />
      </form>
    </Dialog>
  )
}
