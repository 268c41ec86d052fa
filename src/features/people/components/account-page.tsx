import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Card, PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { ROLE_LABEL, useMe } from '@/lib/access'
import { healthQueryOptions } from '@/lib/health'
import { useEndMySession, useMySessions } from '../api/people'
import { SessionList } from './session-list'

// The token form (zod, form fields) loads after the page's own parts.
const ApiTokensCard = lazy(() => import('./api-tokens-card').then((m) => ({ default: m.ApiTokensCard })))
const OwnEmailCard = lazy(() => import('./own-email-card').then((m) => ({ default: m.OwnEmailCard })))

/** Your account: who you are signed in as, your role and zones, and your sessions (end the ones you do not recognise). */
export function AccountPage() {
  const me = useMe()
  const sessions = useMySessions()
  const end = useEndMySession()
  const toast = useToast()
  const person = me.data?.person
  // The /client/v4 door exists only in the sandbox.
  const sandbox = useQuery(healthQueryOptions()).data?.mode === 'sandbox'
  return (
    <>
      <PageHeader title="Your account" description="Who you are signed in as, what you may do, and where you are signed in." />
      {person && (
        <Card title={person.display_name}>
          <p className="text-sm">
            {me.data?.kind === 'local'
              ? 'Local administrator: nobody has an account yet, so this machine opens the dashboard without signing in.'
              : `Signed in as ${person.username}, with the ${ROLE_LABEL[person.role]} role, for ${person.zones === '*' ? 'all zones' : person.zones.join(', ')}.`}
          </p>
          {me.data?.kind === 'person' && (
            <p className="mt-2 text-sm">
              {/* A server page (not the app): it works the same before and after a one-time password. */}
              <a href="/password" className="font-medium text-blue-700 underline dark:text-blue-300">
                Change your password
              </a>
              {' · '}
              <a href="/two-factor" className="font-medium text-blue-700 underline dark:text-blue-300">
                Two-factor sign-in
              </a>
              {' · '}
              <a href="/two-factor/passkeys" className="font-medium text-blue-700 underline dark:text-blue-300">
                Passkeys
              </a>
            </p>
          )}
        </Card>
      )}
      {me.data?.kind === 'person' && person && (
        <Suspense fallback={<LoadingBlock label="Loading your e-mail…" />}>
          <OwnEmailCard email={person.email ?? null} source={person.email_source ?? null} />
        </Suspense>
      )}
      {me.data?.kind === 'person' && (
        <Card
          title="Your sessions"
          description="Every browser where you are signed in. If you do not recognise one, end it, then ask an administrator to reset your password."
          className="mt-4"
        >
          {sessions.data ? (
            <SessionList
              sessions={sessions.data}
              pending={end.isPending}
              onEnd={(s) =>
                end.mutate(s.handle, {
                  onSuccess: () => toast.success('Session ended', `${s.address} is signed out.`),
                  onError: (e) => toast.error('Not ended', e),
                })
              }
            />
          ) : (
            <LoadingBlock />
          )}
        </Card>
      )}
      {me.data?.kind === 'person' && sandbox && (
        <Suspense fallback={<LoadingBlock label="Loading your API tokens…" />}>
          <ApiTokensCard />
        </Suspense>
      )}
    </>
  )
}
