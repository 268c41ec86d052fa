import { useState, type ReactNode } from 'react'
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { TextareaField, TextField } from '@/components/form/fields'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
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

/** What differs between the two lists: their words, and what each item shows beside its remove button. */
interface PatternListProps<T extends { id: number; pattern: string }> {
  title: string
  loading: string
  loadError: string
  empty: string
  list: UseQueryResult<T[]>
  remove: UseMutationResult<unknown, unknown, number>
  canWrite: boolean
  /** Whether this item may still be removed (a removed pattern verdict stays listed, as the record). */
  removable: (item: T) => boolean
  removeLabel: (item: T) => string
  /** What removing it changes, in the confirmation. */
  removeConsequence: (item: T) => string
  removed: (item: T) => [title: string, body: string]
  notRemoved: string
  listClassName: string
  itemClassName: string
  item: (item: T) => ReactNode
  /** The add form, shown to those who may write. */
  form: ReactNode
}

/** One list of patterns (payment pages or pattern verdicts): loading, error, empty, each item with its remove button, then the form. */
function PatternList<T extends { id: number; pattern: string }>(props: PatternListProps<T>) {
  const { list, remove, canWrite } = props
  const toast = useToast()
  // Removing one changes what many scripts are counted as (in or out of payment scope, authorised or
  // not), so it is asked first, naming what follows.
  const [asking, setAsking] = useState<T | null>(null)
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{props.title}</h3>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? props.removeLabel(asking) : ''}
        consequence={asking ? props.removeConsequence(asking) : ''}
        confirmLabel="Remove"
        pending={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const p = asking
          if (!p) return
          remove.mutate(p.id, {
            onSuccess: () => {
              setAsking(null)
              toast.success(...props.removed(p))
            },
            onError: (e) => {
              setAsking(null)
              toast.error(props.notRemoved, e)
            },
          })
        }}
      />
      {list.isPending && <Spinner label={props.loading} />}
      {list.error != null && <ErrorView error={list.error} onRetry={() => void list.refetch()} title={props.loadError} />}
      {list.data && list.data.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">{props.empty}</p>}
      {list.data && list.data.length > 0 && (
        <ul aria-label={props.title} className={props.listClassName}>
          {list.data.map((p) => (
            <li key={p.id} className={props.itemClassName}>
              {props.item(p)}
              {canWrite && props.removable(p) && (
                <Button size="sm" variant="secondary" aria-label={props.removeLabel(p)} pending={remove.isPending && remove.variables === p.id} onClick={() => setAsking(p)}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && props.form}
    </div>
  )
}

/**
 * The add forms' shared behaviour: the server's refusals at their fields (a pattern already in force,
 * one another reviewer added a moment ago) or in the summary, and a fresh form once recorded.
 */
function useAddForm<I extends FieldValues, B, R>(
  form: UseFormReturn<I>,
  add: { mutate: (body: B, options: { onSuccess: (r: R) => void; onError: (e: unknown) => void }) => void },
  toBody: (input: I) => B,
  empty: DefaultValues<I>,
  onAdded: (r: R) => void,
) {
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const save = form.handleSubmit((input) =>
    add.mutate(toBody(input), {
      onSuccess: (r) => {
        onAdded(r)
        setServerErrors([])
        form.reset(empty)
      },
      onError: (err) => setServerErrors(applyApiErrors(form, err)),
    }),
  )
  return { serverErrors, save }
}

function PaymentPages({ zoneId, canWrite }: { zoneId: string; canWrite: boolean }) {
  return (
    <PatternList
      title="Payment pages"
      loading="Loading payment pages"
      loadError="The payment pages could not be loaded"
      empty="No payment page is marked for this zone yet."
      list={usePaymentPages(zoneId)}
      remove={useRemovePaymentPage(zoneId)}
      canWrite={canWrite}
      removable={() => true}
      removeLabel={(p) => `Remove payment page ${p.pattern}`}
      removeConsequence={(p) => `Scripts seen only on pages matching ${p.pattern} leave the payment-page scope: its counts and the compliance report.`}
      removed={(p) => ['Payment page removed', `${p.pattern} is no longer a payment page.`]}
      notRemoved="The payment page was not removed"
      listClassName="space-y-1 text-sm"
      itemClassName="flex flex-wrap items-center gap-2"
      item={(p) => (
        <>
          <span className="font-mono break-all">{p.pattern}</span>
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            added by {p.created_by}, {formatDateTime(p.created_at)}
          </span>
        </>
      )}
      form={<AddPaymentPage zoneId={zoneId} />}
    />
  )
}

const emptyPage: PaymentPageInput = { pattern: '' }

function AddPaymentPage({ zoneId }: { zoneId: string }) {
  const add = useAddPaymentPage(zoneId)
  const toast = useToast()
  const form = useForm<PaymentPageInput>({ resolver: zodResolver(paymentPageInputSchema), defaultValues: emptyPage })
  const { serverErrors, save } = useAddForm(form, add, (input) => input, emptyPage, (p) =>
    toast.success('Payment page added', `${p.pattern} is now a payment page.`),
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
  return (
    <PatternList
      title="Pattern verdicts"
      loading="Loading pattern verdicts"
      loadError="The pattern verdicts could not be loaded"
      empty="No pattern verdict yet: every script is reviewed one by one."
      list={usePatternVerdicts(zoneId)}
      remove={useRemovePatternVerdict(zoneId)}
      canWrite={canWrite}
      removable={(p) => !p.removed_at}
      removeLabel={(p) => `Remove pattern verdict ${p.pattern}`}
      removeConsequence={(p) => `Scripts authorised by ${p.pattern} alone need review again. The verdict stays listed as removed, with who removed it.`}
      removed={() => ['Pattern verdict removed', `Scripts that held it need review again.`]}
      notRemoved="The pattern verdict was not removed"
      listClassName="space-y-2 text-sm"
      itemClassName="space-y-1 rounded-md border border-zinc-200 p-2.5 dark:border-zinc-700"
      item={(p) => (
        <>
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
        </>
      )}
      form={<AddPatternVerdict zoneId={zoneId} />}
    />
  )
}

const emptyVerdict: PatternVerdictInput = { pattern: '', justification: '', expires_at: '' }

function AddPatternVerdict({ zoneId }: { zoneId: string }) {
  const add = useAddPatternVerdict(zoneId)
  const toast = useToast()
  const form = useForm<PatternVerdictInput>({ resolver: zodResolver(patternVerdictInputSchema), defaultValues: emptyVerdict })
  const { serverErrors, save } = useAddForm(form, add, (input) => ({ ...input, expires_at: input.expires_at || null }), emptyVerdict, (p) =>
    toast.success('Authorised by pattern', patternHoldsText(p.pattern, p.scripts ?? 0)),
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
