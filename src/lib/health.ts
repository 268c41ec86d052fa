import { queryOptions } from '@tanstack/react-query'

export interface Health {
  ok: boolean
  mode: 'sandbox' | 'live'
}

/** `/healthz`: whether the server answers and whether it is the sandbox or the live API. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['healthz'],
    queryFn: async ({ signal }): Promise<Health> => {
      const res = await fetch('/healthz', { signal, headers: { Accept: 'application/json' } })
      if (!res.ok) throw new Error(`Health check failed (HTTP ${res.status}).`)
      const body = (await res.json()) as Partial<Health>
      return { ok: body.ok === true, mode: body.mode === 'live' ? 'live' : 'sandbox' }
    },
    staleTime: 60_000,
  })
