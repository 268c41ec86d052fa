import { queryOptions } from '@tanstack/react-query'
import { keys } from './query-keys'

export interface Health {
  ok: boolean
  mode: 'sandbox' | 'live'
  /** Sandbox zones whose demo data is still being written (the first seconds after a first start). */
  preparing: { id: string; name: string }[]
}

const isZone = (z: unknown): z is { id: string; name: string } =>
  typeof z === 'object' &&
  z !== null &&
  typeof (z as { id?: unknown }).id === 'string' &&
  typeof (z as { name?: unknown }).name === 'string'

/** `/healthz`: whether the server answers, sandbox or live, and (sandbox) the zones still being prepared. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: keys.healthz,
    queryFn: async ({ signal }): Promise<Health> => {
      const res = await fetch('/healthz', { signal, headers: { Accept: 'application/json' } })
      if (!res.ok) throw new Error(`Health check failed (HTTP ${res.status}).`)
      const body = (await res.json()) as Partial<Health>
      return {
        ok: body.ok === true,
        mode: body.mode === 'live' ? 'live' : 'sandbox',
        preparing: Array.isArray(body.preparing) ? body.preparing.filter(isZone) : [],
      }
    },
    staleTime: 60_000,
    // While zones are being prepared, look again every second until they are done.
    refetchInterval: (query) => (query.state.data?.preparing.length ? 1000 : false),
  })
