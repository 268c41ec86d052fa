import type { AuditEntry } from '../store'
import { fillPath, type DeclaredPath, type PathParams } from '../../shared/endpoints/routes'
import { isUndoableWrite } from '../../shared/undoable'

/** One write that undoes an entry (a path below /api/v4). */
export interface UndoRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  body?: unknown
}

/** An object the entry left behind, and the state it must still have (null: it must still be gone). */
export interface UndoCheck {
  path: string
  label: string
  expected: Record<string, unknown> | null
  /** Only these fields are compared (those the undo writes); all comparable fields when absent. */
  fields?: readonly string[]
}

export interface UndoPlan {
  summary: string
  checks: UndoCheck[]
  request: UndoRequest
  /** Said to the person before and after: a deleted record comes back with a new id. */
  note?: string
}

type Rec = Record<string, unknown>

/** The fields of a DNS record that a write sets (what undo restores and what a conflict compares). */
export const DNS_FIELDS = ['type', 'name', 'content', 'ttl', 'proxied', 'comment', 'tags', 'priority', 'data', 'settings'] as const
export const POLICY_FIELDS = ['description', 'action', 'expression', 'enabled', 'value'] as const
const RULE_FIELDS = ['action', 'action_parameters', 'expression', 'description', 'enabled'] as const

/** A record's settings without the switches that are off (`{ flatten_cname: false }` is `{}`). */
function settingsOn(v: unknown): Rec | undefined {
  if (!v || typeof v !== 'object') return undefined
  const on = Object.fromEntries(Object.entries(v as Rec).filter(([, x]) => x !== false && x !== null && x !== undefined))
  return Object.keys(on).length ? on : undefined
}

/** The fields of `obj` that are set: an absent, null, empty comment, empty tags and all-off settings are the same. */
export function pick(obj: unknown, fields: readonly string[]): Rec {
  const out: Rec = {}
  if (!obj || typeof obj !== 'object') return out
  for (const f of fields) {
    const v = f === 'settings' ? settingsOn((obj as Rec)[f]) : (obj as Rec)[f]
    if (v !== undefined && v !== null && !(f === 'tags' && Array.isArray(v) && v.length === 0) && !(f === 'comment' && v === '')) out[f] = v
  }
  return out
}

/** What clears a field in a partial update (the value an absent field stands for). */
const EMPTY: Rec = { comment: null, tags: [], settings: {} }

/**
 * An update's undo: the fields the entry changed (compared as `pick` sees them), the partial body
 * that puts exactly those back, and the state they must still have for the undo not to overwrite
 * someone else's later change. Fields the entry did not touch are neither written nor compared.
 */
export function changedFields(before: unknown, after: unknown, fields: readonly string[]): { fields: string[]; body: Rec; expected: Rec } {
  const b = pick(before, fields)
  const a = pick(after, fields)
  const changed = fields.filter((f) => !same(b[f], a[f]))
  const body: Rec = {}
  for (const f of changed) {
    if (f in b) body[f] = f === 'settings' ? (before as Rec).settings : b[f]
    else if (f in EMPTY) body[f] = EMPTY[f]
  }
  // A record with structured data: its content follows from the data.
  if ('data' in body) delete body.content
  return { fields: changed, body, expected: Object.fromEntries(changed.filter((f) => f in a).map((f) => [f, a[f]])) }
}

export const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b))
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sortKeys(x)]))
  return v
}

/** A record as the create/replace body the API takes. */
export const dnsInput = (r: unknown): Rec => pick(r, DNS_FIELDS)
const rulesOf = (rs: unknown): Rec[] =>
  (((rs as { rules?: unknown[] } | null)?.rules ?? []) as unknown[]).map((r) => pick(r, RULE_FIELDS))
export const rulesetState = (rs: unknown): Rec => ({ description: (rs as Rec | null)?.description ?? '', rules: rulesOf(rs) })

const asList = (v: unknown): Rec[] => (Array.isArray(v) ? (v as Rec[]) : [])
const idOf = (r: unknown) => String((r as Rec | null)?.id ?? '')

export class NotUndoable extends Error {}

/** The undo's write: an endpoint of the shared table, its path filled (one the table does not declare does not compile). */
function tableWrite<M extends UndoRequest['method'], P extends DeclaredPath<M>>(method: M, template: P, params: PathParams<P>, body?: unknown): UndoRequest {
  return { method, path: fillPath(template, params), ...(body === undefined ? {} : { body }) }
}

/**
 * How to undo an entry, or NotUndoable with the reason. Only successful entries of these kinds
 * can be undone: DNS record create/update/delete/proxy, a DNS batch (bulk delete, bulk proxy),
 * an import and a scan's review (its accepted records) as a whole, page-security policy create/update/delete, ruleset replacement.
 */
export function planUndo(e: AuditEntry): UndoPlan {
  if (e.outcome !== 'success') throw new NotUndoable('Only a write that succeeded can be undone.')
  if (!e.zoneId || !isUndoableWrite(e.method, e.path)) throw new NotUndoable('This kind of change cannot be undone from the dashboard.')
  const zone_id = e.zoneId
  const z = `/zones/${zone_id}`
  const before = e.before as Rec | null
  const after = e.after as Rec | null
  if (e.resourceType === 'dns_record' && e.resourceId) {
    const path = `${z}/dns_records/${e.resourceId}`
    const record = { zone_id, dns_record_id: e.resourceId }
    const label = `${String((after ?? before)?.type ?? '')} ${String((after ?? before)?.name ?? '')}`.trim()
    if (e.action === 'create') {
      return { summary: `Delete the record ${label} that this change created.`, checks: [{ path, label, expected: dnsInput(after) }], request: tableWrite('DELETE', '/zones/:zone_id/dns_records/:dns_record_id', record) }
    }
    if (e.action === 'update' || e.action === 'proxy') {
      const c = changedFields(before, after, DNS_FIELDS.filter((f) => f !== 'type'))
      if (!c.fields.length) throw new NotUndoable('This change left every field of the record as it was: there is nothing to undo.')
      return {
        summary: `Put the record ${label} back as it was before (${c.fields.join(', ')}); its other fields stay as they are.`,
        checks: [{ path, label, expected: c.expected, fields: c.fields }],
        request: tableWrite('PATCH', '/zones/:zone_id/dns_records/:dns_record_id', record, c.body),
      }
    }
    if (e.action === 'delete' && before) {
      return {
        summary: `Create the record ${label} again with its name, type, content, TTL, proxy status, comment, tags and settings.`,
        checks: [{ path, label, expected: null }],
        request: tableWrite('POST', '/zones/:zone_id/dns_records', { zone_id }, dnsInput(before)),
        note: 'The record comes back with a new id (the API gives every new record its own).',
      }
    }
  }
  if (e.resourceType === 'dns_records' && e.action === 'batch') return planBatchUndo(zone_id, before, after)
  if (e.resourceType === 'dns_records' && e.action === 'import') {
    const created = asList((after as { created?: unknown } | null)?.created)
    if (!created.length) throw new NotUndoable('This import created no records, so there is nothing to undo.')
    return {
      summary: `Delete the ${created.length} record${created.length === 1 ? '' : 's'} this import created, all or nothing.`,
      checks: created.map((r) => ({ path: `${z}/dns_records/${idOf(r)}`, label: `${String(r.type)} ${String(r.name)}`, expected: dnsInput(r) })),
      request: tableWrite('POST', '/zones/:zone_id/dns_records/batch', { zone_id }, { deletes: created.map((r) => ({ id: idOf(r) })) }),
    }
  }
  if (e.resourceType === 'dns_scan' && e.action === 'scan-review') {
    // The review's accepted records are new records: deleting them undoes it. A rejected found record changed nothing in the zone.
    const accepted = asList((after as { accepts?: unknown } | null)?.accepts)
    if (!accepted.length) throw new NotUndoable('This review accepted no found records, so the zone has nothing to undo (rejected ones come back with a new scan).')
    return {
      summary: `Delete the ${accepted.length} record${accepted.length === 1 ? '' : 's'} this review accepted from the scan, all or nothing.`,
      checks: accepted.map((r) => ({ path: `${z}/dns_records/${idOf(r)}`, label: `${String(r.type)} ${String(r.name)}`, expected: dnsInput(r) })),
      request: tableWrite('POST', '/zones/:zone_id/dns_records/batch', { zone_id }, { deletes: accepted.map((r) => ({ id: idOf(r) })) }),
      note: 'A new scan finds them again.',
    }
  }
  if (e.resourceType === 'page_shield_policy') {
    const base = `${z}/page_shield/policies`
    const label = String((after ?? before)?.description || 'policy')
    const policy = { zone_id, policy_id: e.resourceId ?? '' }
    if (e.action === 'create' && e.resourceId) {
      return { summary: `Delete the policy "${label}" that this change created.`, checks: [{ path: `${base}/${e.resourceId}`, label, expected: pick(after, POLICY_FIELDS) }], request: tableWrite('DELETE', '/zones/:zone_id/page_shield/policies/:policy_id', policy) }
    }
    if (e.action === 'update' && e.resourceId) {
      // The API's PUT of a policy is partial: only the fields the entry changed are sent back.
      const c = changedFields(before, after, POLICY_FIELDS)
      if (!c.fields.length) throw new NotUndoable('This change left every field of the policy as it was: there is nothing to undo.')
      return { summary: `Put the policy "${label}" back as it was before (${c.fields.join(', ')}).`, checks: [{ path: `${base}/${e.resourceId}`, label, expected: c.expected, fields: c.fields }], request: tableWrite('PUT', '/zones/:zone_id/page_shield/policies/:policy_id', policy, c.body) }
    }
    if (e.action === 'delete' && before && e.resourceId) {
      return { summary: `Create the policy "${label}" again.`, checks: [{ path: `${base}/${e.resourceId}`, label, expected: null }], request: tableWrite('POST', '/zones/:zone_id/page_shield/policies', { zone_id }, pick(before, POLICY_FIELDS)), note: 'The policy comes back with a new id.' }
    }
  }
  if (e.resourceType === 'ruleset' && e.action === 'replace' && e.resourceId && before) {
    const path = `${z}/rulesets/${e.resourceId}`
    return { summary: 'Put the custom fields ruleset back as it was before (its rules and description).', checks: [{ path, label: 'the custom fields ruleset', expected: rulesetState(after) }], request: tableWrite('PUT', '/zones/:zone_id/rulesets/:ruleset_id', { zone_id, ruleset_id: e.resourceId }, rulesetState(before)) }
  }
  throw new NotUndoable('This kind of change cannot be undone from the dashboard.')
}

function planBatchUndo(zone_id: string, before: Rec | null, after: Rec | null): UndoPlan {
  const z = `/zones/${zone_id}`
  const was = new Map(asList(before?.records).map((r) => [idOf(r), r]))
  const deleted = asList(after?.deletes)
  const changed = [...asList(after?.patches), ...asList(after?.puts)]
  const posted = asList(after?.posts)
  const rec = (id: string) => `${z}/dns_records/${id}`
  const checks: UndoCheck[] = [
    ...deleted.map((r) => ({ path: rec(idOf(r)), label: `${String(r.type)} ${String(r.name)}`, expected: null })),
    ...[...changed, ...posted].map((r) => ({ path: rec(idOf(r)), label: `${String(r.type)} ${String(r.name)}`, expected: dnsInput(r) })),
  ]
  const body = {
    deletes: posted.map((r) => ({ id: idOf(r) })),
    puts: changed.filter((r) => was.has(idOf(r))).map((r) => ({ id: idOf(r), ...dnsInput(was.get(idOf(r))) })),
    posts: deleted.map((r) => dnsInput(was.get(idOf(r)) ?? r)),
  }
  const n = deleted.length + changed.length + posted.length
  if (!n) throw new NotUndoable('This batch changed no records.')
  const parts = [deleted.length && `re-create ${deleted.length} deleted`, changed.length && `restore ${changed.length} changed`, posted.length && `delete ${posted.length} created`].filter(Boolean)
  return {
    summary: `Undo the whole batch in one request, all or nothing: ${parts.join(', ')} record${n === 1 ? '' : 's'}.`,
    checks,
    request: tableWrite('POST', '/zones/:zone_id/dns_records/batch', { zone_id }, body),
    ...(deleted.length ? { note: 'Re-created records get new ids (the API gives every new record its own).' } : {}),
  }
}
