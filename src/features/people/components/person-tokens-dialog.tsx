import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDateTime } from '@/lib/format'
import type { PersonView } from '@/shared/schemas/people'
import { usePersonTokens, useRevokePersonToken } from '../api/people'

/** An administrator's view of a person's personal API tokens: name, prefix, made, last used; revoke. */
export function PersonTokensDialog({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const tokens = usePersonTokens(person.id)
  const revoke = useRevokePersonToken()
  const toast = useToast()
  return (
    <Dialog
      open
      onClose={onClose}
      title={`API tokens of ${person.display_name}`}
      description="Scripts and API clients that act as this person at the sandbox's /client/v4. Revoking one stops it at once. Resetting their password or disabling them revokes them all."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {tokens.isPending && <LoadingBlock />}
      {tokens.isError && <ErrorView error={tokens.error} onRetry={() => void tokens.refetch()} />}
      {tokens.data?.length === 0 && <p className="text-sm">{person.username} has no personal API tokens.</p>}
      {!!tokens.data?.length && (
        <ul aria-label={`API tokens of ${person.username}`} className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {tokens.data.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{t.name}</span>{' '}
                <code className="font-mono text-zinc-600 dark:text-zinc-400">{t.prefix}…</code>
                <span className="block text-zinc-600 dark:text-zinc-400">
                  made {formatDateTime(t.created_at)} · {t.last_used_at ? `last used ${formatDateTime(t.last_used_at)}` : 'never used'}
                </span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Revoke ${t.name}`}
                pending={revoke.isPending && revoke.variables?.tokenId === t.id}
                onClick={() =>
                  revoke.mutate(
                    { personId: person.id, tokenId: t.id },
                    {
                      onSuccess: () => toast.success('Token revoked', `${t.name} of ${person.username} no longer works.`),
                      onError: (e) => toast.error('Not revoked', e),
                    },
                  )
                }
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
