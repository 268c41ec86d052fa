import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { keys } from '@/lib/query-keys'
import { localCall } from '@/lib/api-client'
import type { AccountGrant } from '@/shared/account-grants'
import type { PersonInput, PersonPatch, SsoLink, TwoFactorPolicyInput } from '@/shared/schemas/people'

/** The dashboard's people (administrators only): list, add, change, reset a password, sessions. */
export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: keys.people.all,
    queryFn: ({ signal }) => localCall('GET', '/api/local/people', { signal }),
  })
export const usePeople = () => useQuery(peopleQueryOptions())

export function useCreatePerson() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: PersonInput) => localCall('POST', '/api/local/people', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.people.all }),
  })
}

export function useUpdatePerson() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PersonPatch }) =>
      localCall('PATCH', '/api/local/people/:person_id', { path: { person_id: id }, body: patch }),
    // Disabling also ends sessions and revokes tokens: the person's own lists go too.
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.people.all }),
  })
}

/**
 * Deletes a person (administrators; never oneself, never the last administrator): their sessions and
 * tokens end, their audit entries stay under their name.
 */
export function useDeletePerson() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      localCall('DELETE', '/api/local/people/:person_id', { path: { person_id: id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.people.all }),
  })
}

/** Links a single sign-on identity (issuer + sub) to a person, e.g. after a sign-in refused for a taken username. */
export function useLinkSso() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, link }: { id: string; link: SsoLink }) =>
      localCall('PUT', '/api/local/people/:person_id/sso', { path: { person_id: id }, body: link }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.people.all }),
  })
}

/** Forgets a person's single sign-on identity (their sessions end). */
export function useUnlinkSso() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => localCall('DELETE', '/api/local/people/:person_id/sso', { path: { person_id: id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.people.all }),
  })
}

export function useResetPassword() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      localCall('POST', '/api/local/people/:person_id/password', { path: { person_id: id } }),
    // Sessions end and personal API tokens are revoked with the reset.
    onSuccess: (_r, id) => qc.invalidateQueries({ queryKey: keys.people.one(id) }),
  })
}

/** A person's personal API tokens, with their last use (administrators). */
export const usePersonTokens = (id: string) =>
  useQuery({
    queryKey: keys.people.tokens(id),
    queryFn: ({ signal }) =>
      localCall('GET', '/api/local/people/:person_id/tokens', { path: { person_id: id }, signal }),
  })

export function useRevokePersonToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ personId, tokenId }: { personId: string; tokenId: string }) =>
      localCall('DELETE', '/api/local/people/:person_id/tokens/:id', { path: { person_id: personId, id: tokenId } }),
    onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: keys.people.tokens(v.personId) }),
  })
}

export const usePersonSessions = (id: string) =>
  useQuery({
    queryKey: keys.people.sessions(id),
    queryFn: ({ signal }) =>
      localCall('GET', '/api/local/people/:person_id/sessions', { path: { person_id: id }, signal }),
  })

export function useEndPersonSessions() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      localCall('DELETE', '/api/local/people/:person_id/sessions', { path: { person_id: id } }),
    onSuccess: (_r, id) => qc.invalidateQueries({ queryKey: keys.people.sessions(id) }),
  })
}

/** Your own sessions (every signed-in person). */
export const useMySessions = () =>
  useQuery({
    queryKey: keys.me.sessions,
    queryFn: ({ signal }) => localCall('GET', '/api/local/me/sessions', { signal }),
  })

export function useEndMySession() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (handle: string) => localCall('DELETE', '/api/local/me/sessions/:handle', { path: { handle } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.me.sessions }),
  })
}

/** Who must sign in with a second factor (administrators). */
export const useTwoFactorPolicy = () =>
  useQuery({
    queryKey: keys.twoFactorPolicy,
    queryFn: ({ signal }) => localCall('GET', '/api/local/settings/two-factor', { signal }),
  })

export function useSetTwoFactorPolicy() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: TwoFactorPolicyInput) => localCall('PUT', '/api/local/settings/two-factor', { body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.twoFactorPolicy }),
  })
}

/** Removes a person's second factor (a lost phone): they set up a new one at their next sign-in when required. */
export function useResetTwoFactor() {
  return useMutation({
    mutationFn: (id: string) => localCall('DELETE', '/api/local/people/:person_id/two-factor', { path: { person_id: id } }),
  })
}

/** The accounts the deployment reaches (the API's own list), for giving a person a role in one. */
/** Every account the deployment reaches, through any of its credentials (the account switcher's list). */
export const useAccounts = () =>
  useQuery({
    queryKey: keys.accountsInScope,
    queryFn: ({ signal }) => localCall('GET', '/api/local/accounts', { signal }),
    select: (scope) => scope.accounts.map((a) => ({ id: a.id, name: a.name })),
    staleTime: 60_000,
  })

/** Gives (or changes) a person's role and zones in one account, or every account (`*`). */
export function useSetGrant() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, grant }: { id: string; grant: AccountGrant }) =>
      localCall('PUT', '/api/local/people/:person_id/grants', { path: { person_id: id }, body: grant }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.people.all }),
  })
}

/** Takes a person's grant in one account away. */
export function useRemoveGrant() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, account }: { id: string; account: string }) =>
      localCall('DELETE', '/api/local/people/:person_id/grants/:account', { path: { person_id: id, account } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.people.all }),
  })
}
