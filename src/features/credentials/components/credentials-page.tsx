import { lazy, Suspense, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ErrorView } from '@/components/ui/error-view'
import { Card, PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { useCan } from '@/lib/access'
import { formatDateTime } from '@/lib/format'
import type { CredentialFamilyName, CredentialView } from '@/shared/schemas/credentials'
import { useCredentials, useRemoveCredential } from '../api/credentials'

// The forms (zod, form fields) load after the list: the list is what the page shows first.
const AddCredentialForm = lazy(() => import('./credential-forms').then((m) => ({ default: m.AddCredentialForm })))
const ReplaceCredentialDialog = lazy(() => import('./credential-forms').then((m) => ({ default: m.ReplaceCredentialDialog })))

const FAMILY_WORDS: Record<CredentialFamilyName, string> = {
  user: 'User API token',
  account: 'Account API token',
  global: 'Global API key',
  older: 'API token (older format)',
}

/** A value's name on phones, where each credential is a card of its own. */
function Line({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-zinc-600 dark:text-zinc-400">{name}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  )
}

function accountsText(c: CredentialView): string {
  if (c.accounts === null) return 'Not checked here (set in the environment)'
  if (c.accounts.length === 0) return 'None listed'
  return c.accounts.map((a) => a.name).join(', ')
}

/**
 * The deployment's API credentials (administrators): the environment's API_TOKEN or API_EMAIL +
 * API_KEY first, then the ones stored here, sealed with CREDENTIALS_KEY. Add, replace (rotation) and
 * remove; a secret is never shown, and the server checks each one with a live call before keeping it.
 */
export function CredentialsPage() {
  const can = useCan('admin', undefined, 'dashboard')
  const list = useCredentials()
  const remove = useRemoveCredential()
  const toast = useToast()
  const [replacing, setReplacing] = useState<CredentialView | null>(null)
  const [removing, setRemoving] = useState<CredentialView | null>(null)
  const page = list.data
  return (
    <>
      <PageHeader
        title="Credentials"
        description="The API credentials this dashboard uses to reach your accounts. Each one is checked with the API when you add it or replace it, and only kept if the API accepts it. Secrets are stored encrypted and never shown again, not even here."
      />
      {!can.allowed && <p className="text-sm">{can.reason}</p>}
      {can.allowed && list.isPending && <LoadingBlock />}
      {list.isError && <ErrorView error={list.error} onRetry={() => void list.refetch()} />}
      {page && (
        <>
          <Card title="Credentials in use">
            <p className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">
              A user token (it starts with cfut_) acts as the person who made it; an account token (cfat_) belongs to one account; a global key is the
              older e-mail and key pair, with every right its owner has. Prefer tokens limited to what the dashboard needs. The credential set in the
              server&rsquo;s environment is listed first: change it there, not here.
            </p>
            {page.credentials.length === 0 && <p className="text-sm">No credentials yet: the dashboard runs on its sandbox.</p>}
            <ul aria-label="Credentials" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {page.credentials.map((c) => (
                <li key={c.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium [overflow-wrap:anywhere]">
                      {c.label}{' '}
                      {c.source === 'environment' ? <Badge tone="info">From the environment</Badge> : <Badge>{FAMILY_WORDS[c.family]}</Badge>}
                      {c.status && c.status !== 'active' && <Badge tone="danger">{c.status}</Badge>}
                    </p>
                    <dl className="mt-1 grid gap-0.5">
                      {c.source === 'environment' && <Line name="Kind">{FAMILY_WORDS[c.family]}</Line>}
                      {c.email && <Line name="E-mail">{c.email}</Line>}
                      <Line name="Accounts">{accountsText(c)}</Line>
                      {c.source === 'vault' && (
                        <>
                          <Line name="Expires">{c.expires_on ? formatDateTime(c.expires_on) : 'No expiry reported'}</Line>
                          <Line name="Last used">{c.last_used_at ? formatDateTime(c.last_used_at) : 'Not yet'}</Line>
                          <Line name="Added">
                            {formatDateTime(c.created_at)} by {c.created_by}
                          </Line>
                          {c.replaced_at && (
                            <Line name="Replaced">
                              {formatDateTime(c.replaced_at)} by {c.replaced_by}
                            </Line>
                          )}
                        </>
                      )}
                    </dl>
                  </div>
                  {c.source === 'vault' && page.key && (
                    <div className="flex gap-1">
                      <Button size="sm" variant="secondary" aria-label={`Replace the secret of ${c.label}`} onClick={() => setReplacing(c)}>
                        Replace
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={`Remove ${c.label}`} onClick={() => setRemoving(c)}>
                        Remove
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </Card>
          {page.key ? (
            <Suspense fallback={<LoadingBlock />}>
              <AddCredentialForm />
            </Suspense>
          ) : (
            <Card title="Adding credentials is off" className="mt-4">
              <p role="note" className="text-sm">
                {page.no_key_message}
              </p>
              <p className="mt-2 text-sm">
                Keep the key apart from the dashboard&rsquo;s store and its backups: with the store alone nobody can read the credentials, and without the
                key they cannot be read at all (they must then be entered again).
              </p>
            </Card>
          )}
        </>
      )}
      {replacing && (
        <Suspense fallback={null}>
          <ReplaceCredentialDialog credential={replacing} onClose={() => setReplacing(null)} />
        </Suspense>
      )}
      {removing && (
        <ConfirmDialog
          open
          title={`Remove ${removing.label}?`}
          consequence={`The dashboard forgets this credential and its secret at once. The credential itself keeps working at the API: revoke it there too if nobody needs it. The audit log keeps that you removed it.`}
          confirmLabel={`Remove ${removing.label}`}
          pending={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast.success('Credential removed', `${removing.label} is no longer stored.`)
                setRemoving(null)
              },
              onError: (e) => toast.error(`${removing.label} was not removed`, e),
            })
          }
        />
      )}
    </>
  )
}
