import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { requestLocal } from '@/lib/api-client'
import type { PersonInput, PersonPatch, PersonView, SessionView } from '@/shared/schemas/people'

/** The dashboard's people (administrators only): list, add, change, reset a password, sessions. */
export const peopleKeys = { all: ['people'] as const, sessions: (id: string) => ['people', id, 'sessions'] as const }

export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: peopleKeys.all,
    queryFn: ({ signal }) => requestLocal<PersonView[]>('GET', '/api/local/people', undefined, signal),
  })
export const usePeople = () => useQuery(peopleQueryOptions())

export function useCreatePerson() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: PersonInput) => requestLocal<PersonView>('POST', '/api/local/people', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.all }),
  })
}

export function useUpdatePerson() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PersonPatch }) =>
      requestLocal<PersonView>('PATCH', `/api/local/people/${id}`, patch),
    onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.all }),
  })
}

export function useResetPassword() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      requestLocal<{ password: string; sessions_ended: number }>('POST', `/api/local/people/${id}/password`),
    onSuccess: (_r, id) => qc.invalidateQueries({ queryKey: peopleKeys.sessions(id) }),
  })
}

export const usePersonSessions = (id: string) =>
  useQuery({
    queryKey: peopleKeys.sessions(id),
    queryFn: ({ signal }) => requestLocal<SessionView[]>('GET', `/api/local/people/${id}/sessions`, undefined, signal),
  })

export function useEndPersonSessions() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => requestLocal<{ sessions_ended: number }>('DELETE', `/api/local/people/${id}/sessions`),
    onSuccess: (_r, id) => qc.invalidateQueries({ queryKey: peopleKeys.sessions(id) }),
  })
}

/** Your own sessions (every signed-in person). */
export const useMySessions = () =>
  useQuery({
    queryKey: ['me', 'sessions'],
    queryFn: ({ signal }) => requestLocal<SessionView[]>('GET', '/api/local/me/sessions', undefined, signal),
  })

export function useEndMySession() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (handle: string) =>
      requestLocal<{ handle: string }>('DELETE', `/api/local/me/sessions/${encodeURIComponent(handle)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  })
}
