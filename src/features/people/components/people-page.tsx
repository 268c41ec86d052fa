import { lazy, Suspense, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Badge } from '@/components/ui/badge'
import { BreakAtDots } from '@/components/ui/break-at-dots'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Dialog } from '@/components/ui/dialog'
import { ErrorView } from '@/components/ui/error-view'
import { Card, PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { ROLE_LABEL, useCan, useMe } from '@/lib/access'
import { plural } from '@/lib/format'
import type { PersonView } from '@/shared/schemas/people'
import {
  useEndPersonSessions,
  usePeople,
  usePersonSessions,
  useResetPassword,
  useResetTwoFactor,
  useUnlinkSso,
  useUpdatePerson,
} from '../api/people'
import { SessionList } from './session-list'
import { ProposeSwitch } from './propose-switch'
import { useProposeSettings } from '../api/change-approval'

// The add/edit form (zod, form fields) loads when it is opened: the list is what the page shows first.
const PersonDialog = lazy(() => import('./person-dialog').then((m) => ({ default: m.PersonDialog })))
const SsoLinkDialog = lazy(() => import('./sso-link-dialog').then((m) => ({ default: m.SsoLinkDialog })))
const PersonGrantsDialog = lazy(() => import('./person-grants-dialog').then((m) => ({ default: m.PersonGrantsDialog })))
const PersonTokensDialog = lazy(() => import('./person-tokens-dialog').then((m) => ({ default: m.PersonTokensDialog })))
// Loaded after the list: it reads the policy names from the shared schemas (zod), which would
// otherwise put them in the page's first load (the bundle budget).
const DeletePersonDialog = lazy(() => import('./delete-person-dialog').then((m) => ({ default: m.DeletePersonDialog })))
const TwoFactorPolicyCard = lazy(() => import('./two-factor-policy').then((m) => ({ default: m.TwoFactorPolicyCard })))
// Change approval: zones needing approval and their approvers, below the list.
const ChangeApprovalCard = lazy(() => import('./change-approval-card').then((m) => ({ default: m.ChangeApprovalCard })))

type Action = { kind: 'add' } | { kind: 'edit' | 'disable' | 'delete' | 'reset' | 'sessions' | 'tokens' | 'grants' | 'two-factor' | 'link' | 'unlink'; person: PersonView } | null

/** "Second factor: authenticator app and 2 passkeys", or that there is none. */
function secondFactorWords(f: { app: boolean; passkeys: number }): string {
  const parts = [f.app && 'authenticator app', f.passkeys > 0 && plural(f.passkeys, 'passkey')].filter(Boolean)
  return parts.length ? `Second factor: ${parts.join(' and ')}` : 'No second factor'
}

/** People: who may sign in, their role and zones; add, change, disable, delete, reset passwords, end sessions. */
export function PeoplePage() {
  const can = useCan('admin', undefined, 'dashboard')
  const me = useMe()
  const people = usePeople()
  const [action, setAction] = useState<Action>(null)
  const proposing = useProposeSettings()
  const local = me.data?.kind === 'local'
  return (
    <>
      <PageHeader
        title="People"
        description="Everyone who may sign in to this dashboard. Viewers read; reviewers also record script reviews and manage page security; editors also change DNS, certificates, logs and firewall rules; administrators do everything, including this page."
        actions={
          can.allowed && (
            <>
              {/* The credential vault's page is reached from here: a side-menu entry would add to every page's first load (the bundle budget). */}
              <Link to="/credentials" className="rounded-md px-2 py-1.5 text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-300">
                API credentials
              </Link>
              <Button variant="primary" onClick={() => setAction({ kind: 'add' })}>
                Add person
              </Button>
            </>
          )
        }
      />
      {local && (
        <p
          role="note"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          Nobody has an account yet, so this dashboard opens without signing in, as a local administrator, because it only listens
          on this machine. Once you add a person, everyone signs in. Add yourself as an administrator first.
        </p>
      )}
      {!can.allowed && <p className="text-sm">{can.reason}</p>}
      {can.allowed && people.isPending && <LoadingBlock />}
      {people.isError && <ErrorView error={people.error} onRetry={() => void people.refetch()} />}
      {people.data && (
        <Card>
          {/* On phones (below md) each person is a card: the table's parts become blocks, every value says what it is, and the buttons sit under the name they act on. */}
          <table className="w-full text-left text-sm max-md:block" aria-label="People">
            <thead className="max-md:hidden">
              <tr className="border-b border-zinc-200 dark:border-zinc-800">
                <th className="py-2 pr-3">Name</th>
                <th className="py-2 pr-3">Role</th>
                <th className="py-2 pr-3">Zones</th>
                <th className="py-2 pr-3">Status</th>
                <th className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block">
              {people.data.map((p) => (
                <tr key={p.id} className="border-b border-zinc-100 align-top max-md:block max-md:py-2 dark:border-zinc-800">
                  <td className="py-2 pr-3 max-md:block max-md:py-1">
                    <span className="font-medium">{p.display_name}</span>
                    <span className="block text-zinc-600 dark:text-zinc-400">{p.username}</span>
                    <EmailLine person={p} />
                    {p.sso && (
                      <span className="block text-xs break-all text-zinc-600 dark:text-zinc-400">
                        Single sign-on: {p.sso.subject} at {p.sso.issuer}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-3 max-md:block max-md:py-1">
                    <PhoneLabel>Role</PhoneLabel>
                    {ROLE_LABEL[p.role]}
                    {/* A viewer or reviewer an administrator lets propose changes on approval zones. */}
                    {(p.role === 'viewer' || p.role === 'reviewer') && proposing.data && (
                      <ProposeSwitch person={p} setting={proposing.data.find((x) => x.personId === p.id)} />
                    )}
                  </td>
                  <td className="py-2 pr-3 [overflow-wrap:break-word] max-md:block max-md:py-1">
                    <PhoneLabel>Zones</PhoneLabel>
                    {p.zones === '*' ? 'All zones' : <BreakAtDots text={p.zones.join(', ')} />}
                  </td>
                  <td className="py-2 pr-3 max-md:block max-md:py-1">
                    <PhoneLabel>Status</PhoneLabel>
                    {p.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}
                    {p.second_factor && <span className="mt-1 block text-zinc-700 dark:text-zinc-300">{secondFactorWords(p.second_factor)}</span>}
                  </td>
                  <td className="py-2 max-md:block max-md:py-1">
                    <div className="flex flex-wrap justify-end gap-1 max-md:-ml-3 max-md:justify-start">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Change ${p.username}`}
                        onClick={() => setAction({ kind: 'edit', person: p })}
                      >
                        Change
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Sessions of ${p.username}`}
                        onClick={() => setAction({ kind: 'sessions', person: p })}
                      >
                        Sessions
                      </Button>
                      <Button size="sm" variant="ghost" aria-label={`Roles per account of ${p.username}`} onClick={() => setAction({ kind: 'grants', person: p })}>
                        Accounts
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`API tokens of ${p.username}`}
                        onClick={() => setAction({ kind: 'tokens', person: p })}
                      >
                        Tokens
                      </Button>
                      {/* Only for someone with a second factor to reset (unknown: offered, as before). */}
                      {(!p.second_factor || p.second_factor.app || p.second_factor.passkeys > 0) && (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Reset two-factor of ${p.username}`}
                          onClick={() => setAction({ kind: 'two-factor', person: p })}
                        >
                          Reset two-factor
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Reset password of ${p.username}`}
                        onClick={() => setAction({ kind: 'reset', person: p })}
                      >
                        Reset password
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`${p.disabled ? 'Enable' : 'Disable'} ${p.username}`}
                        onClick={() => setAction({ kind: 'disable', person: p })}
                      >
                        {p.disabled ? 'Enable' : 'Disable'}
                      </Button>
                      {/* Never oneself (the server refuses it too): ask another administrator. */}
                      {me.data?.person.id !== p.id && (
                        <Button
                          size="sm"
                          variant="ghost"
                          className="text-red-700 dark:text-red-400"
                          aria-label={`Delete ${p.username}`}
                          onClick={() => setAction({ kind: 'delete', person: p })}
                        >
                          Delete
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`${p.sso ? 'Unlink' : 'Link'} single sign-on of ${p.username}`}
                        onClick={() => setAction({ kind: p.sso ? 'unlink' : 'link', person: p })}
                      >
                        {p.sso ? 'Unlink sign-on' : 'Link sign-on'}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {(action?.kind === 'add' || action?.kind === 'edit') && (
        <Suspense fallback={null}>
          <PersonDialog person={action.kind === 'edit' ? action.person : undefined} onClose={() => setAction(null)} />
        </Suspense>
      )}
      {action?.kind === 'disable' && <DisableDialog person={action.person} onClose={() => setAction(null)} />}
      {action?.kind === 'delete' && (
        <Suspense fallback={null}>
          <DeletePersonDialog person={action.person} onClose={() => setAction(null)} />
        </Suspense>
      )}
      {action?.kind === 'reset' && <ResetDialog person={action.person} onClose={() => setAction(null)} />}
      {action?.kind === 'sessions' && <SessionsDialog person={action.person} onClose={() => setAction(null)} />}
      {action?.kind === 'grants' && (
        <Suspense fallback={null}>
          <PersonGrantsDialog person={action.person} onClose={() => setAction(null)} />
        </Suspense>
      )}
      {action?.kind === 'tokens' && (
        <Suspense fallback={null}>
          <PersonTokensDialog person={action.person} onClose={() => setAction(null)} />
        </Suspense>
      )}
      {action?.kind === 'link' && (
        <Suspense fallback={null}>
          <SsoLinkDialog
            person={action.person}
            // The issuer other people are linked to, as a start (the refusal page shows the exact one).
            issuer={people.data?.find((p) => p.sso)?.sso?.issuer ?? ''}
            onClose={() => setAction(null)}
          />
        </Suspense>
      )}
      {action?.kind === 'unlink' && <UnlinkDialog person={action.person} onClose={() => setAction(null)} />}
      {action?.kind === 'two-factor' && <ResetTwoFactorDialog person={action.person} onClose={() => setAction(null)} />}
      {can.allowed && people.data && (
        <Suspense fallback={null}>
          <TwoFactorPolicyCard />
        </Suspense>
      )}
      {can.allowed && people.data && (
        <Suspense fallback={null}>
          <ChangeApprovalCard people={people.data} />
        </Suspense>
      )}
    </>
  )
}

/** A value's name, shown on phones only, where the table's header row is not (each person is a card). */
function PhoneLabel({ children }: { children: string }) {
  return <span className="mr-2 inline-block w-14 text-xs font-medium text-zinc-600 md:hidden dark:text-zinc-400">{children}</span>
}

function DisableDialog({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const update = useUpdatePerson()
  const toast = useToast()
  const enable = person.disabled
  return (
    <ConfirmDialog
      open
      title={enable ? `Enable ${person.display_name}?` : `Disable ${person.display_name}?`}
      consequence={
        enable
          ? `${person.username} will be able to sign in again. Their API tokens were revoked when they were disabled: they make new ones.`
          : `${person.username} is signed out everywhere at once, their personal API tokens are revoked, and they cannot sign in until enabled again. Their reviews stay in the ledger.`
      }
      confirmLabel={enable ? 'Enable' : 'Disable'}
      destructive={!enable}
      pending={update.isPending}
      onCancel={onClose}
      onConfirm={() =>
        update.mutate(
          { id: person.id, patch: { disabled: !enable } },
          {
            onSuccess: () => (toast.success(enable ? 'Enabled' : 'Disabled', person.username), onClose()),
            onError: (e) => toast.error('Not changed', e),
          },
        )
      }
    />
  )
}

function UnlinkDialog({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const unlink = useUnlinkSso()
  const toast = useToast()
  return (
    <ConfirmDialog
      open
      title={`Unlink single sign-on of ${person.display_name}?`}
      consequence={`${person.sso?.subject ?? 'The identity'} at ${person.sso?.issuer ?? 'the provider'} no longer signs in as ${person.username}, and ${person.username} is signed out everywhere.`}
      confirmLabel="Unlink"
      destructive
      pending={unlink.isPending}
      onCancel={onClose}
      onConfirm={() =>
        unlink.mutate(person.id, {
          onSuccess: () => (toast.success('Unlinked', person.username), onClose()),
          onError: (e) => toast.error('Not unlinked', e),
        })
      }
    />
  )
}

function ResetDialog({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const reset = useResetPassword()
  const toast = useToast()
  if (reset.data) {
    return (
      <Dialog
        open
        onClose={onClose}
        title="New password"
        description="Shown once: copy it now and give it to them privately."
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <p className="text-sm">
          {person.username}: <code className="rounded bg-zinc-100 px-1 font-mono dark:bg-zinc-800">{reset.data.password}</code>
        </p>
      </Dialog>
    )
  }
  return (
    <ConfirmDialog
      open
      title={`Reset the password of ${person.display_name}?`}
      consequence="Their current password stops working, they are signed out everywhere, their personal API tokens are revoked, and you get a new password to give them."
      confirmLabel="Reset password"
      pending={reset.isPending}
      onCancel={onClose}
      onConfirm={() => reset.mutate(person.id, { onError: (e) => toast.error('Not reset', e) })}
    />
  )
}

function ResetTwoFactorDialog({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const reset = useResetTwoFactor()
  const toast = useToast()
  return (
    <ConfirmDialog
      open
      title={`Reset the second factor of ${person.display_name}?`}
      consequence="Their authenticator app, passkeys and recovery codes stop working. When a second factor is required for them, they set up a new one at their next sign-in."
      confirmLabel="Reset two-factor"
      pending={reset.isPending}
      onCancel={onClose}
      onConfirm={() =>
        reset.mutate(person.id, {
          onSuccess: (r) => (toast.success(r.reset ? 'Second factor reset' : 'Nothing to reset', person.username), onClose()),
          onError: (e) => toast.error('Not reset', e),
        })
      }
    />
  )
}

function SessionsDialog({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const sessions = usePersonSessions(person.id)
  const end = useEndPersonSessions()
  const toast = useToast()
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Sessions of ${person.display_name}`}
      description="Each browser where they are signed in. Ending them signs them out there at once."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            variant="danger"
            pending={end.isPending}
            disabled={!sessions.data?.length}
            onClick={() =>
              end.mutate(person.id, {
                onSuccess: (r) => toast.success('Signed out', `${r.sessions_ended} session(s) ended.`),
                onError: (e) => toast.error('Not ended', e),
              })
            }
          >
            End all sessions
          </Button>
        </>
      }
    >
      {sessions.data ? <SessionList sessions={sessions.data} /> : <LoadingBlock />}
    </Dialog>
  )
}

const EMAIL_FROM: Record<NonNullable<PersonView['email_source']>, string | null> = {
  admin: null,
  self: 'set by them',
  sso: 'from single sign-on',
}

/**
 * Where change-request mail to them goes (and who gave the address, when not an administrator);
 * without one, marked when mail would go to them (they approve or file requests on a zone that
 * needs approval), else said quietly.
 */
function EmailLine({ person: p }: { person: PersonView }) {
  if (p.email) {
    const from = p.email_source ? EMAIL_FROM[p.email_source] : null
    return (
      <span className="block [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">
        {p.email}
        {from && <span className="text-xs"> · {from}</span>}
      </span>
    )
  }
  if (p.mail_wanted) {
    return (
      <span className="block font-medium text-amber-800 dark:text-amber-300">
        No e-mail: {p.mail_wanted}, but gets no mail about it
      </span>
    )
  }
  return <span className="block text-zinc-600 dark:text-zinc-400">No e-mail</span>
}
