import { z } from 'zod'
import { cookieTypeSchema, resourceStatusSchema, sameSiteSchema } from './page-shield'

/**
 * Query parameters of the script, connection and cookie lists (api-notes §5.2), as strings:
 * repeated keys arrive joined with commas. Used by the sandbox to read a request.
 */

const commaList = z.string().transform((s) =>
  s
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== ''),
)

const bool = (key: string) => z.enum(['true', 'false'], { error: `${key} must be true or false.` }).transform((v) => v === 'true')

const statusList = commaList.pipe(
  z.array(
    z.enum(resourceStatusSchema.options, { error: 'status takes a comma-separated list of active, infrequent and inactive.' }),
  ),
)

// Out-of-range paging numbers are clamped (page at least 1, per_page 1–100), as the service does.
const pageParam = z.union(
  [
    z.literal('all'),
    z
      .string()
      .regex(/^\d+$/)
      .transform((n) => Math.max(1, Number(n))),
  ],
  {
    error: 'page must be a whole number, or "all".',
  },
)

const perPageParam = z
  .string()
  .regex(/^\d+$/, 'per_page must be a whole number (1 to 100).')
  .transform((n) => Math.min(100, Math.max(1, Number(n))))

const common = {
  hosts: commaList.optional(),
  page_url: commaList.optional(),
  page: pageParam.optional(),
  per_page: perPageParam.optional(),
  order_by: z.enum(['first_seen_at', 'last_seen_at'], { error: 'order_by must be first_seen_at or last_seen_at.' }).optional(),
  direction: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['asc', 'desc'], { error: 'direction must be asc or desc.' }))
    .optional(),
  // With export=csv, page and per_page are accepted and ignored: every match comes back.
  export: z.literal('csv', { error: 'export only supports csv.' }).optional(),
}

const resourceFilters = {
  urls: commaList.optional(),
  exclude_urls: commaList.optional(),
  prioritize_malicious: bool('prioritize_malicious').optional(),
  exclude_cdn_cgi: bool('exclude_cdn_cgi').optional(),
  status: statusList.optional(),
}

export const scriptsQuerySchema = z.object({
  ...common,
  ...resourceFilters,
  exclude_duplicates: bool('exclude_duplicates').optional(),
})

export const connectionsQuerySchema = z.object({ ...common, ...resourceFilters })
export type ConnectionsQuery = z.infer<typeof connectionsQuerySchema>

export const cookiesQuerySchema = z.object({
  ...common,
  name: z.string().max(1024, 'name is at most 1024 characters.').optional(),
  type: z.enum(cookieTypeSchema.options, { error: 'type must be first_party or unknown.' }).optional(),
  path: z.string().max(1024, 'path is at most 1024 characters.').optional(),
  domain: z.string().max(1024, 'domain is at most 1024 characters.').optional(),
  http_only: bool('http_only').optional(),
  secure: bool('secure').optional(),
  same_site: z.enum(sameSiteSchema.options, { error: 'same_site must be lax, strict or none.' }).optional(),
})
