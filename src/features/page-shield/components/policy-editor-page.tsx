import { lazy, Suspense, useEffect, useState } from 'react'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useController, useForm, useWatch, type Control } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { TextField } from '@/components/form/fields'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { SwitchField } from '@/components/form/switch-field'
import { Button, buttonClasses } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import type { ApiErrorItem } from '@/lib/api-client'
import type { PageShieldPolicy, PolicyCreate, PolicyFormValues } from '@/shared/schemas/page-shield-policy'
import { useCreatePolicy, usePolicy, useUpdatePolicy } from '../api/policies'
import { lazyPolicyResolver, loadPolicyResolver } from '../lib/lazy-policy-resolver'
import { POLICY_ACTION_TEXT, POLICY_ACTIONS } from '@/shared/page-shield/policy-actions'
import { RadioCardsField } from '@/components/form/radio-cards-field'
import { CspEditor } from './csp-builder'
import { ExpressionEditor } from './host-picker'
import { RoleNotice } from '@/components/ui/role-notice'
import { useCanWrite } from '@/lib/access'
import { changeDraft, useProposing } from '@/lib/change-requests'

// The draft check (CSP evaluation over the detected scripts) loads after the form itself.
const DraftCheckPanel = lazy(() => import('./draft-check-panel').then((m) => ({ default: m.DraftCheckPanel })))

const ACTION_OPTIONS = POLICY_ACTIONS.map((value) => ({ value, label: POLICY_ACTION_TEXT[value] }))

const zoneApi = getRouteApi('/zones/$zoneId')
const editApi = getRouteApi('/zones/$zoneId/page-shield/policies/$policyId')

function PagesField({ control, zoneId }: { control: Control<PolicyFormValues>; zoneId: string }) {
  const { field, fieldState } = useController({ control, name: 'expression' })
  return (
    <ExpressionEditor zoneId={zoneId} value={field.value ?? ''} onChange={field.onChange} error={fieldState.error?.message} />
  )
}

function SourcesField({
  control,
  zoneId,
  expression,
}: {
  control: Control<PolicyFormValues>
  zoneId: string
  expression: string
}) {
  const { field, fieldState } = useController({ control, name: 'value' })
  return (
    <CspEditor
      zoneId={zoneId}
      expression={expression}
      value={field.value ?? ''}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  )
}

const NEW_POLICY: PolicyFormValues = {
  description: '',
  action: 'log',
  expression: 'true',
  enabled: true,
  value: "script-src 'self'",
}

/** The policy form: description, log or allow, pages (host picker or expression), sources (builder or text), draft check. */
function PolicyForm({ zoneId, zoneName, policy }: { zoneId: string; zoneName: string; policy?: PageShieldPolicy }) {
  const toast = useToast()
  const navigate = useNavigate()
  const create = useCreatePolicy(zoneId)
  const update = useUpdatePolicy(zoneId)
  const role = useCanWrite('page-shield')
  // On a zone whose changes need approval, Save adds the policy to the change request being gathered.
  const proposing = useProposing(zoneId)
  const can = proposing ? { ...role, allowed: true, reason: undefined } : role
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const form = useForm<PolicyFormValues, unknown, PolicyCreate>({
    resolver: lazyPolicyResolver,
    defaultValues: policy
      ? {
          description: policy.description,
          action: policy.action as PolicyCreate['action'],
          expression: policy.expression,
          enabled: policy.enabled,
          value: policy.value,
        }
      : NEW_POLICY,
  })
  // Fetch the schema while the user reads the form, so the first submit does not wait for it.
  // A failed download is retried by the submit itself (the resolver loads it again).
  useEffect(() => {
    loadPolicyResolver().catch(() => undefined)
  }, [])
  const expression = useWatch({ control: form.control, name: 'expression' }) ?? ''
  const done = (title: string) => {
    toast.success(title, form.getValues('description'))
    void navigate({ to: '/zones/$zoneId/page-shield/policies', params: { zoneId } })
  }
  const onError = (err: unknown) => setServerErrors(applyApiErrors(form, err))
  const save = form.handleSubmit((values) => {
    if (proposing) {
      const label = `${policy ? 'Change' : 'Add'} policy: ${values.description}`
      const body = values as unknown as Record<string, unknown>
      changeDraft.add(zoneId, zoneName, policy ? { kind: 'page_shield_policy', action: 'update', recordId: policy.id, body, label } : { kind: 'page_shield_policy', action: 'create', body, label })
      toast.success('Added to your change request', `${label}: send the request when it holds every change. Nothing changes until it is approved.`)
      return void navigate({ to: '/zones/$zoneId/page-shield/policies', params: { zoneId } })
    }
    return policy
      ? update.mutate({ id: policy.id, input: values }, { onSuccess: () => done('Policy saved'), onError })
      : create.mutate(values, { onSuccess: () => done('Policy created'), onError })
  })
  return (
    <form onSubmit={save} noValidate className="max-w-4xl space-y-6">
      {proposing ? (
        <p className="rounded-md border border-blue-300 bg-blue-50 px-4 py-3 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100">
          Changes to {zoneName || 'this zone'} need approval: saving adds this policy to your change request, and it reaches the zone once someone else approves it.
        </p>
      ) : (
        <RoleNotice permission={can} what="this policy" />
      )}
      <FormErrorSummary errors={serverErrors} title="The policy was not saved" />
      {/* Without the role the whole form is read-only; the notice above says why. */}
      <fieldset disabled={!can.allowed} className="contents">
        <TextField
          control={form.control}
          name="description"
          label="Description"
          required
          help="What the policy protects, e.g. “Checkout: only payment scripts”."
        />
        <RadioCardsField
          control={form.control}
          name="action"
          legend="What browsers do with anything the policy does not allow"
          required
          columnsClass="md:grid-cols-2"
          options={ACTION_OPTIONS}
        />
        <SwitchField
          control={form.control}
          name="enabled"
          label="Enabled"
          onLabel="Enabled: browsers apply it"
          offLabel="Disabled: kept but not applied"
        />
        <PagesField control={form.control} zoneId={zoneId} />
        <SourcesField control={form.control} zoneId={zoneId} expression={expression} />
        <Suspense fallback={<LoadingBlock label="Loading the draft check…" />}>
          <DraftCheckPanel
            zoneId={zoneId}
            getDraft={() => ({
              value: form.getValues('value') ?? '',
              expression: form.getValues('expression') ?? '',
              action: form.getValues('action') ?? 'log',
            })}
          />
        </Suspense>
      </fieldset>
      <div className="flex gap-2">
        <Button
          variant="primary"
          type="submit"
          pending={create.isPending || update.isPending}
          disabled={!can.allowed}
          title={can.reason}
        >
          {proposing ? 'Propose change' : policy ? 'Save changes' : 'Create policy'}
        </Button>
        <Link to="/zones/$zoneId/page-shield/policies" params={{ zoneId }} className={buttonClasses('secondary', 'md')}>
          Cancel
        </Link>
      </div>
    </form>
  )
}

export function PolicyCreatePage() {
  const { zoneId } = zoneApi.useParams()
  const { zoneName } = zoneApi.useLoaderData()
  return (
    <>
      <PageHeader
        title="Create a policy"
        description="Say which pages it covers and where their scripts and connections may come from. Start with Log, check the reports, then switch to Allow."
      />
      <PolicyForm zoneId={zoneId} zoneName={zoneName} />
    </>
  )
}

export function PolicyEditPage() {
  const { zoneId, policyId } = editApi.useParams()
  const { zoneName } = zoneApi.useLoaderData()
  const q = usePolicy(zoneId, policyId)
  if (q.isPending) return <LoadingBlock />
  if (q.error) return <ErrorView error={q.error} onRetry={() => void q.refetch()} title="This policy could not be loaded" />
  return (
    <>
      <PageHeader title="Edit policy" description={q.data.description} />
      <PolicyForm key={q.data.id} zoneId={zoneId} zoneName={zoneName} policy={q.data} />
    </>
  )
}
