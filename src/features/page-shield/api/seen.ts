import { apiPath } from '@/lib/api-client'
import { queryOptions } from '@tanstack/react-query'
import type { PageShieldConnection, PageShieldScript } from '@/shared/schemas/page-shield'
import { collectList } from './resources'
import { keys } from '@/lib/query-keys'

/** How many items the whole-zone checks read (100 per request). */
export const SEEN_LIMIT = 1000

/** Every active script and connection (up to SEEN_LIMIT each): what suggestions and the draft check work from. */
export const seenQueryOptions = (zoneId: string) =>
  queryOptions({
    queryKey: keys.pageShield.seenActive(zoneId),
    queryFn: async ({ signal }) => {
      const [scripts, connections] = await Promise.all([
        collectList<PageShieldScript>(
          apiPath('/zones/:zone_id/page_shield/scripts', { zone_id: zoneId }),
          { status: 'active' },
          SEEN_LIMIT,
          signal,
        ),
        collectList<PageShieldConnection>(
          apiPath('/zones/:zone_id/page_shield/connections', { zone_id: zoneId }),
          { status: 'active' },
          SEEN_LIMIT,
          signal,
        ),
      ])
      return { scripts, connections }
    },
    staleTime: 60_000,
  })
