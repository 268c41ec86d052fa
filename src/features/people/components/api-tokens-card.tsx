import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { TextField } from '@/components/form/fields'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import { formatDateTime } from '@/lib/format'
import { apiTokenInputSchema, type ApiTokenInput, type ApiTokenView } from '@/shared/schemas/people'
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens'

/** Personal API tokens for scripts and API clients against the sandbox: made here, shown once, revocable. */
export function ApiTokensCard() {
  const tokens = useApiTokens()
  const create = useCreateApiToken()
  const revoke = useRevokeApiToken()
  const toast = useToast()
  const [fresh, setFresh] = useState<ApiTokenView | null>(null)
  const form = useForm<ApiTokenInput>({ resolver: zodResolver(apiTokenInputSchema), defaultValues: { name: '' } })
  const make = form.handleSubmit((v) =>
    create.mutate(v, {
      onSuccess: (t) => {
        setFresh(t)
        form.reset({ name: '' })
      },
      onError: (e) => applyApiErrors(form, e),
    }),
  )
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <Card
      title="API tokens for the sandbox"
      description={`Scripts and API clients (curl, the cloudflare SDK, certbot) reach the sandbox at ${origin}/client/v4 with one of your tokens: they act as you, with your role and zones.`}
      className="mt-4"
    >
      {fresh?.token && (
        <div
          role="status"
          className="mb-4 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950"
        >
          <p className="font-medium">Token “{fresh.name}” made. Copy it now: it is not shown again.</p>
          <code aria-label="New token" className="mt-1 block font-mono break-all">
            {fresh.token}
          </code>
          <p className="mt-1">
            Use it as <code className="font-mono">Authorization: Bearer …</code>.
          </p>
        </div>
      )}
      <form onSubmit={make} noValidate className="flex flex-wrap items-end gap-2">
        <TextField
          control={form.control}
          name="name"
          label="Token name"
          help='What uses it, e.g. "certbot on web-1".'
          className="min-w-64 flex-1"
        />
        <Button type="submit" variant="primary" pending={create.isPending}>
          Make token
        </Button>
      </form>
      <ul aria-label="Your API tokens" className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
        {tokens.data?.length === 0 && <li className="py-2 text-sm">No tokens yet.</li>}
        {tokens.data?.map((t) => (
          <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium">{t.name}</span>{' '}
              <code className="font-mono text-zinc-600 dark:text-zinc-400">{t.prefix}…</code>
              <span className="block text-zinc-600 dark:text-zinc-400">
                made {formatDateTime(t.created_at)} ·{' '}
                {t.last_used_at ? `last used ${formatDateTime(t.last_used_at)}` : 'never used'}
              </span>
            </span>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Revoke ${t.name}`}
              pending={revoke.isPending && revoke.variables === t.id}
              onClick={() =>
                revoke.mutate(t.id, {
                  onSuccess: () => toast.success('Token revoked', `${t.name} no longer works.`),
                  onError: (e) => toast.error('Not revoked', e),
                })
              }
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  )
}
