/**
 * The zone's log jobs list (Logpush), once for the sandbox, the endpoint table and the log jobs
 * page. No zod here: the browser's first load imports it.
 */
import { listQuery, type QueryOf } from './query'

/**
 * GET /zones/:zone_id/logpush/jobs's query (api-notes §7.1): none. The published schema gives the
 * list no query parameters; the service answers every job of the zone at once and ignores what is
 * sent, paging included. The sandbox (emulator/logpush/routes.ts) reads it with `readQuery` all the
 * same, so a parameter declared here later is read on both sides; the log jobs page pages in the
 * browser (`paging: 'browser'`, src/shared/lists/page.ts).
 */
export const logJobsQuery = listQuery({})
export type LogJobsQuery = QueryOf<typeof logJobsQuery.fields>
