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
  REVIEW_VERDICT_TEXT,
  reviewInputSchema,
  type ReviewFormValues,
  type ReviewInput,
  type ReviewVerdict,
} from '@/shared/schemas/page-shield-review'
import type { PageShieldScript } from '@/shared/schemas/page-shield'
import { useCreateReview } from '../api/reviews'

const VERDICT_OPTIONS = (Object.keys(REVIEW_VERDICT_TEXT) as ReviewVerdict[]).map((value) => ({ value, label: REVIEW_VERDICT_TEXT[value] }))

const SAVED_TEXT: Record<ReviewVerdict, string> = {
  expected: 'Marked as expected',
  investigate: 'Marked for investigation',
  malicious: 'Marked as malicious: remove',
}

const snapshotOf = (s: PageShieldScript) => ({
  url: s.url,
  host: s.host,
  hash: s.hash ?? null,
  js_integrity_score: s.js_integrity_score ?? null,
  malware_score: s.malware_score ?? null,
  magecart_score: s.magecart_score ?? null,
  cryptomining_score: s.cryptomining_score ?? null,
})

/** Records a review in the dashboard's own ledger: verdict, note, who, and the script as it is now. */
export function ReviewDialog({
  zoneId,
  script,
  verdict,
  open,
  onClose,
}: {
  zoneId: string
  script: PageShieldScript
  verdict: ReviewVerdict
  open: boolean
  onClose: () => void
}) {
  const toast = useToast()
  const create = useCreateReview(zoneId)
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const form = useForm<ReviewFormValues, unknown, ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { script_id: script.id, verdict, note: '', script: snapshotOf(script) },
  })
  useEffect(() => {
    if (open) form.reset({ script_id: script.id, verdict, note: '', script: snapshotOf(script) })
  }, [open, verdict, script, form])
  const save = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (entry) => {
        toast.success(
          SAVED_TEXT[entry.verdict],
          entry.verdict === 'malicious'
            ? `Recorded in the review ledger as ${entry.reviewer}. The next steps are on the script page.`
            : `Recorded in the review ledger as ${entry.reviewer}, with the time.`,
        )
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
      title="Review this script"
      description="The ledger keeps your verdict, your note, who you are signed in as, the time, and the script's code fingerprint and scores now. If the code or its integrity score changes later, the script shows up as needing review again."
      dismissible={!create.isPending}
      confirmDiscard={form.formState.isDirty}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="review-form" pending={create.isPending}>
            Save review
          </Button>
        </>
      }
    >
      <form id="review-form" onSubmit={save} noValidate className="space-y-4">
        <FormErrorSummary errors={serverErrors} title="The review was not saved" />
        <p className="font-mono text-xs break-all text-zinc-700 dark:text-zinc-300">{script.url}</p>
        <RadioCardsField control={form.control} name="verdict" legend="Verdict" options={VERDICT_OPTIONS} />
        <TextareaField
          control={form.control}
          name="note"
          label="Note"
          required
          rows={3}
          help="Why it is expected, or what should be checked. Kept as evidence."
        />
      </form>
    </Dialog>
  )
}
