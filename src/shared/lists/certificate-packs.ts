/**
 * The certificate pack list's query, once for the sandbox and the certificates page. No zod here: the
 * browser's first load imports it.
 */
import { aliasOf, choice, listQuery, whole, type QueryOf } from './query'

/** The list's page size when none is asked for ([SPEC]: per_page 5–50, default 20). */
export const CERTIFICATE_PACKS_DEFAULT_PER_PAGE = 20

const STATUS_VALUES = ['all', 'active'] as const
const statusRefusal = (key: string) => `${key} takes the value all (every status); leave it out to list active packs only.`

/**
 * GET /zones/:zone_id/ssl/certificate_packs's query, read by the sandbox
 * (emulator/certificates/routes.ts) and the certificates page's URL
 * (features/certificates/api/certificate-packs-search.ts). `status` is the real parameter,
 * `ssl_status` the specification's spelling: `all` lists every status; left out (or `active`), only
 * active packs; any other value is refused (the schema's enum, openapi-subset `status`: `all`).
 * `ssl_status` is read only when `status` is not sent: sent with it, it is ignored whatever its
 * value, as the service (whose only parameter is `status`) ignores it. `deploy` is staging or
 * production. No sort parameter; per_page is clamped into 5–50, 20 by default ([SPEC]).
 */
export const certificatePacksQuery = listQuery({
  status: choice(STATUS_VALUES, { message: statusRefusal('status') }),
  ssl_status: aliasOf('status', choice(STATUS_VALUES, { message: statusRefusal('ssl_status') })),
  deploy: choice(['staging', 'production']),
  page: whole(1, Number.MAX_SAFE_INTEGER, { clamp: true }),
  per_page: whole(5, 50, { clamp: true }),
})
export type CertificatePacksQuery = QueryOf<typeof certificatePacksQuery.fields>
