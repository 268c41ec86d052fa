import type { Endpoint } from '../endpoints'
import type { Send } from '../upstream'
import { tableRead } from '../upstream/table-read'

/** What is read from the API just before a write, to be stored as the entry's "before". */
export interface BeforeState {
  before: unknown
  /** The zone's BIND export, before a bulk delete or an import. */
  restorePoint?: string
  /** Ids of the zone's records before an import, to tell which records it created. */
  baseline?: Set<string>
}

export const READ_CONCURRENCY = 8

async function readJson(forward: Send, pathAndQuery: string): Promise<{ status: number; result: unknown }> {
  const res = await forward(tableRead(pathAndQuery))
  const body = (await res.json().catch(() => null)) as { result?: unknown } | null
  return { status: res.status, result: res.ok ? (body?.result ?? null) : null }
}

/** Reads many objects, a few at a time; missing ones come back as null. */
export async function readMany(forward: Send, paths: string[]): Promise<unknown[]> {
  const out: unknown[] = new Array(paths.length).fill(null)
  let next = 0
  const worker = async () => {
    while (next < paths.length) {
      const i = next++
      out[i] = (await readJson(forward, paths[i])).result
    }
  }
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, paths.length) }, worker))
  return out
}

/** Above this many records, a batch's before state is read from the zone's whole list. */
const MANY_RECORDS = 50

/** The records with these ids, in the order of the ids (null where one is gone). */
function pickRecords(all: { id: string }[], ids: string[]): (unknown | null)[] {
  const byId = new Map(all.map((r) => [r.id, r]))
  return ids.map((id) => byId.get(id) ?? null)
}

/** Every record of a zone, in pages of 1,000 (a page of 5,000 holds the event loop too long to build). */
export async function allRecords(forward: Send, zoneId: string): Promise<{ id: string }[]> {
  const out: { id: string }[] = []
  for (let page = 1; page < 1000; page++) {
    const res = await forward(tableRead(`/zones/${zoneId}/dns_records?per_page=1000&page=${page}`))
    if (!res.ok) break
    const body = (await res.json()) as { result: { id: string }[]; result_info?: { total_pages?: number } }
    out.push(...body.result)
    if (!body.result.length || page >= (body.result_info?.total_pages ?? 1)) break
  }
  return out
}

export async function bindExport(forward: Send, zoneId: string): Promise<string | undefined> {
  const res = await forward(tableRead(`/zones/${zoneId}/dns_records/export`, 'text/plain'))
  return res.ok ? await res.text() : undefined
}

const idsOf = (items: unknown): string[] =>
  Array.isArray(items) ? items.map((i) => (i as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string' && /^[\w.-]+$/.test(id)) : []

/**
 * The before state of an API write: the object itself for PATCH, PUT and DELETE of anything the API
 * can read back at the same path; each record a DNS batch touches; for a bulk delete or an import,
 * the zone's BIND export too. Nothing for creations.
 */
export async function readBefore(
  forward: Send,
  match: (method: string, path: string) => Endpoint | undefined,
  endpoint: Endpoint,
  path: string,
  query: string,
  body: unknown,
  zoneId: string | null,
  known?: { records: readonly unknown[] },
): Promise<BeforeState> {
  if (endpoint.path.endsWith('/dns_records/batch') && zoneId) {
    const b = (body ?? {}) as Record<string, unknown>
    const ids = [...idsOf(b.deletes), ...idsOf(b.patches), ...idsOf(b.puts)]
    // Many records: the zone's list, a page per 5,000 records, is far fewer requests than one per
    // record (and, live, far fewer against the API's rate limit). Known to the caller (read just
    // before, the write command's `known`): none at all.
    const records = known
      ? pickRecords(known.records.filter((r): r is { id: string } => typeof (r as { id?: unknown } | null)?.id === 'string'), ids)
      : ids.length > MANY_RECORDS
        ? await pickRecords(await allRecords(forward, zoneId), ids)
        : await readMany(forward, ids.map((id) => `/zones/${zoneId}/dns_records/${id}`))
    const restorePoint = idsOf(b.deletes).length ? await bindExport(forward, zoneId) : undefined
    return { before: { records: records.filter(Boolean) }, restorePoint }
  }
  if (endpoint.path.endsWith('/dns_records/import') && zoneId) {
    const baseline = new Set((await allRecords(forward, zoneId)).map((r) => r.id))
    return { before: { record_count: baseline.size }, restorePoint: await bindExport(forward, zoneId), baseline }
  }
  if (endpoint.method === 'POST') return { before: null }
  // Several objects named in the query (firewall rules: `?id=A&id=B`): each one.
  const queryIds = new URLSearchParams(query.replace(/^\?/, '')).getAll('id').filter((id) => /^[\w.-]+$/.test(id))
  if (endpoint.method === 'DELETE' && queryIds.length && match('GET', `${path}/${queryIds[0]}`)) {
    return { before: { items: (await readMany(forward, queryIds.map((id) => `${path}/${id}`))).filter(Boolean) } }
  }
  if (!match('GET', path)) return { before: null }
  return { before: (await readJson(forward, path)).result }
}

/**
 * The after state: the API's answer (its `result`); nothing after a successful delete; for an
 * import, the records it created (the zone's records that were not there before).
 */
export async function readAfter(
  forward: Send,
  endpoint: Endpoint,
  answer: unknown,
  ok: boolean,
  zoneId: string | null,
  baseline: Set<string> | undefined,
): Promise<unknown> {
  if (!ok) return null
  if (endpoint.method === 'DELETE' && !endpoint.path.endsWith('/batch')) return null
  if (baseline && zoneId) {
    const created = (await allRecords(forward, zoneId)).filter((r) => !baseline.has(r.id))
    return { created, answer }
  }
  return answer
}
