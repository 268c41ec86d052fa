import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { TextareaField, TextField } from '@/components/form/fields'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { Spinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import type { ApiErrorItem } from '@/lib/api-client'
import { useCanWrite } from '@/lib/access'
import { formatDateTime, formatNumber } from '@/lib/format'
import { patternHoldsText } from '../lib/count-words'
import {
  paymentPageInputSchema,
  patternVerdictInputSchema,
  type PaymentPageInput,
  type PatternVerdict,
  type PatternVerdictInput,
} from '@/shared/schemas/page-shield-patterns'
import {
  useAddPatternVerdict,
  useAddPaymentPage,
  usePatternVerdicts,
  usePaymentPages,
  useRemovePatternVerdict,
  useRemovePaymentPage,
} from '../api/page-patterns'

// Loaded when opened from the scripts page (its forms bring react-hook-form and zod): not with the list's first paint.

/** The zone's payment pages and pattern verdicts: what they are, the lists, and (reviewers) the forms to add and remove them. */
export function PagePatternsPanel({ zoneId }: { zoneId: string }) {
  const can = useCanWrite('page-shield')
  return (
    <section aria-labelledby="page-patterns-title" className="mb-4 space-y-5 rounded-lg border border-zinc-200 p-4 dark:border-zinc-700">
      <h2 id="page-patterns-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
        Payment pages and pattern verdicts
      </h2>
      <div className="space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
        <p>
          <strong>Payment pages</strong> are the pages where visitors pay (for example <span className="font-mono">shop.example/checkout/*</span>
          ). PCI DSS asks for an inventory of the scripts on those pages, each authorised. Mark them here, then use “Payment pages only” to
          see and count just the scripts seen on them.
        </p>
        <p>
          A <strong>pattern verdict</strong> authorises every script from one place at once (for example{' '}
          <span className="font-mono">https://js.stripe.com/*</span>, or a host such as <span className="font-mono">*.stripe.com</span>), with
          your justification. Scripts it matches now and later count as reviewed, each showing the pattern and who set it. A script whose code
          or integrity score changes needs review again, as after an individual review; a pattern stops granting when it expires or is
          removed. A pattern that covers everything, such as <span className="font-mono">*</span>, is refused.
        </p>
        {!can.allowed && <p>{can.reason}</p>}
      </div>
      <PaymentPages zoneId={zoneId} canWrite={can.allowed} />
      <PatternVerdicts zoneId={zoneId} canWrite={can.allowed} />
    </section>
  )
}

function PaymentPages({ zoneId, canWrite }: { zoneId: string; canWrite: boolean }) {
  const list = usePaymentPages(zoneId)
  const remove = useRemovePaymentPage(zoneId)
  const toast = useToast()
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Payment pages</h3>
      {list.isPending && <Spinner label="Loading payment pages" />}
      {list.error != null && <ErrorView error={list.error} onRetry={() => void list.refetch()} title="The payment pages could not be loaded" />}
      {list.data && list.data.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">No payment page is marked for this zone yet.</p>}
      {list.data && list.data.length > 0 && (
        <ul aria-label="Payment pages" className="space-y-1 text-sm">
          {list.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2">
              <span className="font-mono break-all">{p.pattern}</span>
              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                added by {p.created_by}, {formatDateTime(p.created_at)}
              </span>
              {canWrite && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Remove payment page ${p.pattern}`}
                  pending={remove.isPending && remove.variables === p.id}
                  onClick={() =>
                    remove.mutate(p.id, {
                      onSuccess: () => toast.success('Payment page removed', `${p.pattern} is no longer a payment page.`),
                      onError: (e) => toast.error('The payment page was not removed', e),
                    })
                  }
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && <AddPaymentPage zoneId={zoneId} />}
    </div>
  )
}

function AddPaymentPage({ zoneId }: { zoneId: string }) {
  const add = useAddPaymentPage(zoneId)
  const toast = useToast()
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const form = useForm<PaymentPageInput>({ resolver: zodResolver(paymentPageInputSchema), defaultValues: { pattern: '' } })
  const save = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: (p) => {
        toast.success('Payment page added', `${p.pattern} is now a payment page.`)
        setServerErrors([])
        form.reset({ pattern: '' })
      },
      onError: (err) => setServerErrors(applyApiErrors(form, err)),
    }),
  )
  return (
    <form onSubmit={save} noValidate aria-label="Add a payment page" className="space-y-2">
      <FormErrorSummary errors={serverErrors} title="The payment page was not added" />
      <TextField
        control={form.control}
        name="pattern"
        label="Payment page pattern"
        mono
        placeholder="shop.example/checkout/*"
        help="The host and path of the pages; * at the end covers every page below. http and https both."
      />
      <Button type="submit" variant="secondary" pending={add.isPending}>
        Add payment page
      </Button>
    </form>
  )
}

const patternState = (p: PatternVerdict) =>
  p.removed_at ? (
    <Badge tone="neutral">Removed</Badge>
  ) : p.active ? (
    <Badge tone="success">In force</Badge>
  ) : (
    <Badge tone="warning">Expired</Badge>
  )

function PatternVerdicts({ zoneId, canWrite }: { zoneId: string; canWrite: boolean }) {
  const list = usePatternVerdicts(zoneId)
  const remove = useRemovePatternVerdict(zoneId)
  const toast = useToast()
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Pattern verdicts</h3>
      {list.isPending && <Spinner label="Loading pattern verdicts" />}
      {list.error != null && <ErrorView error={list.error} onRetry={() => void list.refetch()} title="The pattern verdicts could not be loaded" />}
      {list.data && list.data.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">No pattern verdict yet: every script is reviewed one by one.</p>}
      {list.data && list.data.length > 0 && (
        <ul aria-label="Pattern verdicts" className="space-y-2 text-sm">
          {list.data.map((p) => (
            <li key={p.id} className="space-y-1 rounded-md border border-zinc-200 p-2.5 dark:border-zinc-700">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono break-all text-zinc-900 dark:text-zinc-100">{p.pattern}</span>
                {patternState(p)}
                {p.active && p.scripts !== undefined && (
                  <span className="text-xs text-zinc-700 dark:text-zinc-300">{formatNumber(p.scripts)} {p.scripts === 1 ? 'script holds' : 'scripts hold'} this verdict now</span>
                )}
              </p>
              <p className="whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{p.justification}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Set by {p.created_by}, {formatDateTime(p.created_at)}; {p.expires_at ? `expires ${formatDateTime(p.expires_at)}` : 'no expiry'}
                {p.removed_at ? `; removed by ${p.removed_by ?? 'someone'}, ${formatDateTime(p.removed_at)}` : ''}
              </p>
              {canWrite && !p.removed_at && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Remove pattern verdict ${p.pattern}`}
                  pending={remove.isPending && remove.variables === p.id}
                  onClick={() =>
                    remove.mutate(p.id, {
                      onSuccess: () => toast.success('Pattern verdict removed', `Scripts that held it need review again.`),
                      onError: (e) => toast.error('The pattern verdict was not removed', e),
                    })
                  }
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && <AddPatternVerdict zoneId={zoneId} />}
    </div>
  )
}

function AddPatternVerdict({ zoneId }: { zoneId: string }) {
  const add = useAddPatternVerdict(zoneId)
  const toast = useToast()
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const empty = { pattern: '', justification: '', expires_at: '' }
  const form = useForm<PatternVerdictInput>({ resolver: zodResolver(patternVerdictInputSchema), defaultValues: empty })
  const save = form.handleSubmit((input) =>
    add.mutate(
      { ...input, expires_at: input.expires_at || null },
      {
        onSuccess: (p) => {
          toast.success('Authorised by pattern', patternHoldsText(p.pattern, p.scripts ?? 0))
          setServerErrors([])
          form.reset(empty)
        },
        onError: (err) => setServerErrors(applyApiErrors(form, err)),
      },
    ),
  )
  return (
    <form onSubmit={save} noValidate aria-label="Authorise scripts by pattern" className="space-y-2">
      <FormErrorSummary errors={serverErrors} title="The pattern verdict was not recorded" />
      <TextField
        control={form.control}
        name="pattern"
        label="Host or URL pattern"
        required
        mono
        placeholder="https://js.stripe.com/*"
        help="A host (js.stripe.com, *.stripe.com for its subdomains) or a URL with * in the path."
      />
      <TextareaField
        control={form.control}
        name="justification"
        label="Justification"
        required
        rows={2}
        help="Why every script from there is authorised: the vendor, what it does on these pages. Kept as evidence."
      />
      <TextField control={form.control} name="expires_at" label="Expires on (optional)" placeholder="YYYY-MM-DD" help="After this day (UTC) the pattern no longer grants. Empty: until removed." />
      <Button type="submit" variant="primary" pending={add.isPending}>
        Authorise by pattern
      </Button>
    </form>
  )
}
