import type { DeclaredPath } from './endpoints/routes'
import type { HttpMethod } from './endpoints/types'

/** A write of the endpoint table, by its method and path. */
type TableWrite = { [M in Exclude<HttpMethod, 'GET'>]: { method: M; path: DeclaredPath<M> } }[Exclude<HttpMethod, 'GET'>]

/**
 * The writes that can be undone, once for the browser and the server: after one of them
 * the toast offers Undo (src/lib/audit-events.ts), and only entries of these writes are planned for
 * undo on the server (src/server/audit/undo-plan.ts). Each names an endpoint of the shared table by
 * its method and path, checked against the table's types (a write the table does not declare does not
 * compile). Types only from the table: the browser's first load carries none of it (nor zod).
 */
export const UNDOABLE_WRITES = [
  { method: 'POST', path: '/zones/:zone_id/dns_records' },
  { method: 'PATCH', path: '/zones/:zone_id/dns_records/:dns_record_id' },
  { method: 'PUT', path: '/zones/:zone_id/dns_records/:dns_record_id' },
  { method: 'DELETE', path: '/zones/:zone_id/dns_records/:dns_record_id' },
  { method: 'POST', path: '/zones/:zone_id/dns_records/batch' },
  { method: 'POST', path: '/zones/:zone_id/dns_records/import' },
  { method: 'POST', path: '/zones/:zone_id/dns_records/scan/review' },
  { method: 'POST', path: '/zones/:zone_id/page_shield/policies' },
  { method: 'PUT', path: '/zones/:zone_id/page_shield/policies/:policy_id' },
  { method: 'DELETE', path: '/zones/:zone_id/page_shield/policies/:policy_id' },
  { method: 'PUT', path: '/zones/:zone_id/rulesets/:ruleset_id' },
] as const satisfies readonly TableWrite[]

const compiled = UNDOABLE_WRITES.map((w) => ({ method: w.method, re: new RegExp(`^${w.path.replace(/:[a-z_]+/g, '[^/]+')}$`) }))

/** Whether a write (`path` below /api/v4, with or without its query) is one that can be undone. */
export function isUndoableWrite(method: string, path: string): boolean {
  const bare = path.split('?')[0].replace(/\/$/, '')
  return compiled.some((w) => w.method === method && w.re.test(bare))
}
