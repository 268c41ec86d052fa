import { z } from 'zod'
import { lazySchema } from './lazy'

/** Pools a list page and an unpaged bulk PATCH cover by default (spec: "by default it updates only the first 25"). */
export const POOLS_DEFAULT_PAGE_SIZE = 25
/** Largest page the sandbox serves or clears at once (a sandbox choice; the list and the PATCH share it). */
export const POOLS_MAX_PAGE_SIZE = 100

export const poolOriginSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    address: z.string(),
    enabled: z.boolean().optional(),
    weight: z.number().optional(),
    port: z.number().optional(),
  }),
)

export const poolSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    enabled: z.boolean().optional(),
    minimum_origins: z.number().optional(),
    monitor: z.string().nullable().optional(),
    origins: z.array(poolOriginSchema).optional(),
    /** Deprecated legacy e-mail: a comma list of addresses; "" means none. */
    notification_email: z.string().default(''),
    check_regions: z.array(z.string()).nullable().optional(),
    created_on: z.string().optional(),
    modified_on: z.string().optional(),
  }),
)
export type Pool = z.infer<typeof poolSchema>

const CLEAR_ONLY =
  'This bulk edit only clears the deprecated e-mail: send exactly {"notification_email": ""}. Set up notification policies instead of new addresses.'

/** The one body the bulk `PATCH /accounts/:account_id/load_balancers/pools` accepts. */
export const poolsClearEmailBodySchema = lazySchema(() =>
  z.strictObject(
    {
      notification_email: z.literal('', {
        error: (iss) => (iss.input === undefined ? `notification_email is required. ${CLEAR_ONLY}` : CLEAR_ONLY),
      }),
    },
    {
      error: (iss) =>
        iss.code === 'unrecognized_keys'
          ? `Unexpected field(s) ${iss.keys.join(', ')}. ${CLEAR_ONLY}`
          : `The body must be a JSON object. ${CLEAR_ONLY}`,
    },
  ),
)

/** The window of pools (by ascending name) a list or bulk PATCH covers. */
export interface PoolsWindow {
  offset: number
  limit: number
  /** 1-based page the window corresponds to when it was asked by page (or aligns with one). */
  page: number
}

const intParam = (name: string, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined
      const n = Number(v)
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an integer from ${min} to ${max}.`, path: [] })
        return z.NEVER
      }
      return n
    })

/**
 * Paging of the pools list and bulk PATCH: either `page`/`per_page` or `limit`/`offset`, never both.
 * Nothing given: the first 25 pools. The result is the offset/limit window over pools ordered by name.
 */
export const poolsPageQuerySchema = lazySchema(() =>
  z
    .object({
      page: intParam('page', 1, 1_000_000),
      per_page: intParam('per_page', 1, POOLS_MAX_PAGE_SIZE),
      limit: intParam('limit', 1, POOLS_MAX_PAGE_SIZE),
      offset: intParam('offset', 0, 100_000_000),
    })
    .superRefine((q, ctx) => {
      const byPage = q.page !== undefined || q.per_page !== undefined
      const byOffset = q.limit !== undefined || q.offset !== undefined
      if (byPage && byOffset) {
        ctx.addIssue({ code: 'custom', message: 'Use either page/per_page or limit/offset, not both.', path: ['limit'] })
      }
    })
    .transform((q): PoolsWindow => {
      if (q.limit !== undefined || q.offset !== undefined) {
        const limit = q.limit ?? POOLS_DEFAULT_PAGE_SIZE
        const offset = q.offset ?? 0
        return { offset, limit, page: Math.floor(offset / limit) + 1 }
      }
      const perPage = q.per_page ?? POOLS_DEFAULT_PAGE_SIZE
      const page = q.page ?? 1
      return { offset: (page - 1) * perPage, limit: perPage, page }
    }),
)

// Lives in a zod-free module so the pools table can use it without loading zod.
export { splitNotificationEmails } from '../load-balancing/notification-emails'
