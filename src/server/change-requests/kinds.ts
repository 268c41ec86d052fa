import type { z } from 'zod'
import { dnsRecordInputSchema } from '../../shared/schemas/dns-record-input'
import { dnsRecordPatchSchema } from '../../shared/schemas/dns-record-patch'
import { policyCreateSchema, policyUpdateSchema } from '../../shared/schemas/page-shield-policy'
import type { ChangeItemAction, ChangeItemKind } from '../../shared/schemas/change-requests'
import { READ_CONCURRENCY } from '../audit/capture'
import { tableRead } from '../upstream/table-read'
import type { Send } from '../upstream'

/**
 * What each kind of change in a request is: where its object lives in the API, and the
 * schema of the endpoint that writes it (an item is checked with it when filed, so a bad change is
 * refused then, pointing at the item, not at apply time).
 */
const SCHEMAS: Record<ChangeItemKind, { create: z.ZodType; update: z.ZodType | null }> = {
  dns_record: { create: dnsRecordInputSchema, update: dnsRecordPatchSchema },
  page_shield_policy: { create: policyCreateSchema, update: policyUpdateSchema },
  // A found record is accepted as a new record (the review endpoint creates it) or rejected; never changed.
  dns_scan_result: { create: dnsRecordInputSchema, update: null },
}

/** The API path of a kind's collection in a zone (no leading /api/v4; found records: the scan's review list). */
export const collectionPath = (zoneId: string, kind: ChangeItemKind) =>
  kind === 'page_shield_policy' ? `/zones/${zoneId}/page_shield/policies` : kind === 'dns_scan_result' ? `/zones/${zoneId}/dns_records/scan/review` : `/zones/${zoneId}/dns_records`
export const objectPath = (zoneId: string, kind: ChangeItemKind, id: string) => `${collectionPath(zoneId, kind)}/${encodeURIComponent(id)}`

/**
 * What accepting a found record writes: the record as the scan found it (read by the server), never
 * a body the proposer sent, so the request writes exactly the record it names.
 */
export function foundRecordBody(found: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { type: found.type, name: found.name, content: found.content, ttl: found.ttl ?? 1, proxied: found.proxied ?? false }
  if (found.priority !== undefined && found.priority !== null) body.priority = found.priority
  return body
}

type Item = { kind?: ChangeItemKind; action: ChangeItemAction; recordId?: string; body?: Record<string, unknown> | null }

const custom = (path: (string | number)[], message: string): z.core.$ZodIssue => ({ code: 'custom', path, message, input: undefined })

/**
 * Every item's body checked with the schema of its own endpoint; issues point at `items.<i>.body.<field>`.
 * A found record (the DNS scan's) is named by its id, and is accepted or rejected, not changed.
 */
export function itemIssues(items: Item[]): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = []
  items.forEach((it, i) => {
    if (it.kind === 'dns_scan_result' && !it.recordId) issues.push(custom(['items', i, 'recordId'], 'recordId is the id of the record the scan found.'))
    if (it.action === 'delete') return
    const s = SCHEMAS[it.kind ?? 'dns_record']
    if (it.action === 'update' && !s.update) {
      issues.push(custom(['items', i, 'action'], 'A record the scan found is accepted (create) or rejected (delete), not changed: accept it, then change the record.'))
      return
    }
    const check = (it.action === 'create' ? s.create : s.update!).safeParse(it.body)
    if (!check.success) issues.push(...check.error.issues.map((x) => ({ ...x, path: ['items', i, 'body', ...x.path] })))
  })
  return issues
}

/**
 * The API did not answer a read of the zone (an error other than "not found", a time-out, the budget
 * spent): what the zone holds is not known, which is not the same as a record being gone.
 */
export class ZoneUnreadable extends Error {
  constructor(readonly status: number) {
    super(`The zone could not be read (${status ? `the API answered ${status}` : 'the API did not answer'}): whether the records this request touches changed is not known. Try again in a moment.`)
  }
}

/** One object as it is now: null when the API says it does not exist (404); ZoneUnreadable when it did not say. */
async function readOne(send: Send, pathAndQuery: string): Promise<Record<string, unknown> | null> {
  let res: Response
  try {
    res = await send(tableRead(pathAndQuery))
  } catch {
    throw new ZoneUnreadable(0)
  }
  if (res.status === 404) {
    await res.body?.cancel().catch(() => {})
    return null
  }
  const body = (await res.json().catch(() => null)) as { success?: boolean; result?: Record<string, unknown> | null } | null
  if (!res.ok || !body || body.success === false) throw new ZoneUnreadable(res.status)
  return body.result ?? null
}

/**
 * The objects the items touch as they are now, in item order (null: a create, or gone), a few reads at
 * a time. Found records have no read of their own: the scan's review list is read once for them.
 * A read the API did not answer throws ZoneUnreadable (never taken for "gone").
 */
export async function readTouched(send: Send, zoneId: string, items: { kind?: ChangeItemKind; recordId: string | null }[]): Promise<(Record<string, unknown> | null)[]> {
  const wanted = items.map((it, i) => ({ it, i })).filter((x) => x.it.recordId !== null && x.it.kind !== 'dns_scan_result')
  const found = items.some((it) => it.kind === 'dns_scan_result') ? await readFound(send, zoneId) : new Map<string, Record<string, unknown>>()
  const out: (Record<string, unknown> | null)[] = items.map((it) => (it.kind === 'dns_scan_result' && it.recordId ? (found.get(it.recordId) ?? null) : null))
  let next = 0
  const worker = async () => {
    while (next < wanted.length) {
      const { it, i } = wanted[next++]
      out[i] = await readOne(send, objectPath(zoneId, it.kind ?? 'dns_record', it.recordId!))
    }
  }
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, wanted.length) }, worker))
  return out
}

/** What the DNS scan has found and waits for review, by id. */
async function readFound(send: Send, zoneId: string): Promise<Map<string, Record<string, unknown>>> {
  let res: Response
  try {
    res = await send({ method: 'GET', pathAndQuery: collectionPath(zoneId, 'dns_scan_result') })
  } catch {
    throw new ZoneUnreadable(0)
  }
  const body = (await res.json().catch(() => null)) as { result?: Record<string, unknown>[] } | null
  if (!res.ok || !Array.isArray(body?.result)) throw new ZoneUnreadable(res.status)
  return new Map(body.result.map((r) => [String(r.id), r]))
}
