import { changedFields, DNS_FIELDS, pick, POLICY_FIELDS, same } from '../audit/undo-plan'
import { sameNameProblems, type SameNameRecord } from '../../shared/dns/same-name'
import type { ChangeItemView, ChangeRequestView, ImpactNote, ItemProblem, ObjectDiff } from '../../shared/schemas/change-requests'

type Rec = Record<string, unknown>

/** A record's name as the audit log says it: "A shop.example.com". */
export const recordLabel = (r: Rec | null | undefined) => `${String(r?.type ?? '')} ${String(r?.name ?? '')}`.trim() || 'a record'

/** A policy as the audit log names it: by its description. */
export const policyLabel = (p: Rec | null | undefined) => `Policy: ${String(p?.description ?? '').trim() || 'without a description'}`

const isPolicy = (item: Pick<ChangeItemView, 'kind'>) => item.kind === 'page_shield_policy'
const isFound = (item: Pick<ChangeItemView, 'kind'>) => item.kind === 'dns_scan_result'
const fieldsOf = (item: Pick<ChangeItemView, 'kind'>) => (isPolicy(item) ? POLICY_FIELDS : DNS_FIELDS)

/** An item's object in the audit log's words: "A shop.example.com", "A ftp.example.com (found by the scan)", or "Policy: Checkout scripts". */
export function itemLabel(item: Pick<ChangeItemView, 'kind' | 'action' | 'body' | 'before'>): string {
  // An update is named as the object was (as the audit log names it): the body may hold a relative name.
  const obj = item.action === 'create' ? item.body : item.before
  return isPolicy(item) ? policyLabel(obj) : isFound(item) ? `${recordLabel(item.before ?? obj)} (found by the scan)` : recordLabel(obj)
}

/** A record's name written in full (a relative `shop` or `@` in a proposal's body becomes `shop.example.com`). */
export function fullName(name: unknown, zoneName: string): string {
  const n = String(name ?? '').trim().toLowerCase().replace(/\.$/, '')
  if (!n || n === '@') return zoneName
  return n === zoneName || n.endsWith(`.${zoneName}`) ? n : `${n}.${zoneName}`
}

/** What the item leaves behind, as a record (create: the body; update: before with the body over it). */
export function intended(item: ChangeItemView, zoneName: string): Rec | null {
  if (item.action === 'delete') return null
  const merged = item.action === 'create' ? { ...item.body } : { ...item.before, ...item.body }
  return isPolicy(item) ? merged : { ...merged, name: fullName(merged.name, zoneName) }
}

/** One diff row per object, field by field, in the audit log's words. */
export function diffOf(r: ChangeRequestView): ObjectDiff[] {
  return r.items.map((item) => {
    const FIELDS = fieldsOf(item)
    if (item.action === 'create') {
      const after = intended(item, r.zoneName)!
      const fields = Object.entries(pick(after, FIELDS)).map(([field, v]) => ({ field, before: null, after: v }))
      return { position: item.position, kind: 'added' as const, label: isPolicy(item) ? policyLabel(after) : isFound(item) ? itemLabel(item) : recordLabel(after), fields }
    }
    // A rejected found record leaves the zone as it is: only the scan's list changes.
    if (isFound(item)) return { position: item.position, kind: 'rejected' as const, label: itemLabel(item), fields: [] }
    if (item.action === 'delete') {
      const fields = Object.entries(pick(item.before, FIELDS)).map(([field, v]) => ({ field, before: v, after: null }))
      return { position: item.position, kind: 'deleted' as const, label: itemLabel(item), fields }
    }
    const after = intended(item, r.zoneName)
    const c = changedFields(item.before, after, FIELDS)
    const b = pick(item.before, FIELDS)
    const a = pick(after, FIELDS)
    return { position: item.position, kind: 'changed' as const, label: itemLabel(item), fields: c.fields.map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null })) }
  })
}

/**
 * What moved since the proposal: each touched record read again (`now`, in item order, null when
 * gone) against the state it was proposed against. Empty: nothing moved.
 */
export function movedSince(items: ChangeItemView[], now: (Rec | null)[]): ItemProblem[] {
  const out: ItemProblem[] = []
  items.forEach((item, i) => {
    if (item.action === 'create' && !isFound(item)) return
    const label = itemLabel({ ...item, action: 'delete' })
    const current = now[i]
    // A found record does not change: it is there to review, or someone accepted or rejected it meanwhile.
    if (isFound(item)) {
      if (!current) out.push({ position: item.position, label, message: `${label} no longer waits for review: someone accepted or rejected it after this request was filed.` })
      return
    }
    if (!current) {
      out.push({ position: item.position, label, message: `${label} no longer exists: someone deleted it after this request was filed.` })
      return
    }
    const was = pick(item.before, fieldsOf(item))
    const is = pick(current, fieldsOf(item))
    if (same(was, is)) return
    const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter((f) => !same(was[f], is[f])).map((field) => ({ field, was: was[field] ?? null, now: is[field] ?? null }))
    out.push({ position: item.position, label, message: `${label} was changed after this request was filed (${fields.map((f) => f.field).join(', ')}).`, fields })
  })
  return out
}

const ADDRESS = new Set(['A', 'AAAA'])
const HOUR = 3600

function duration(s: number): string {
  if (s >= 86400) return `${Math.round(s / 86400)} day${s >= 2 * 86400 ? 's' : ''}`
  if (s >= HOUR) return `${Math.round(s / HOUR)} hour${s >= 2 * HOUR ? 's' : ''}`
  return `${Math.round(s / 60)} minutes`
}

/**
 * What the change will do, from the zone as it is now (`zone`: every record) and the other open
 * requests of the zone: an origin exposed by turning the proxy off, records a name cannot hold together
 * (a second SPF or DMARC record, a CNAME beside others: `sameNameProblems`), an
 * MX or NS whose target has no address in the zone, a long TTL that keeps the old value cached, a
 * record another request also changes.
 */
export function impactOf(request: ChangeRequestView, zone: Rec[], others: ChangeRequestView[]): ImpactNote[] {
  const notes: ImpactNote[] = []
  // DNS records only (an accepted found record is a new one; a rejected one changes nothing): a policy's impact is the draft check's (policy-impact.ts).
  const r = { ...request, items: request.items.filter((i) => !isPolicy(i) && !(isFound(i) && i.action === 'delete')) }
  const deleted = new Set(r.items.filter((i) => i.action === 'delete').map((i) => i.recordId))
  const intendedOf = new Map(r.items.map((i) => [i, intended(i, r.zoneName)]))
  const intendedAll = [...intendedOf.values()].filter((x): x is Rec => x !== null)
  const changedIds = new Set(r.items.filter((i) => i.action !== 'create').map((i) => i.recordId))
  // The zone as it will be: records kept (changed ones in their new form) plus the new ones.
  const after = [...zone.filter((z) => !deleted.has(String(z.id)) && !changedIds.has(String(z.id))), ...intendedAll]
  const at = (name: string) => after.filter((z) => String(z.name).toLowerCase() === name)
  for (const item of r.items) {
    const rec = intendedOf.get(item) ?? null
    const before = item.before
    if (rec && before?.proxied === true && rec.proxied === false && ADDRESS.has(String(rec.type))) {
      notes.push({ position: item.position, severity: 'warning', text: `Turns the proxy off for ${recordLabel(rec)}: its origin address ${String(rec.content)} becomes visible to anyone who looks the name up, and attacks reach it directly.` })
    } else if (rec && item.action === 'create' && rec.proxied === false && ADDRESS.has(String(rec.type)) && at(String(rec.name)).some((z) => z.proxied === true)) {
      notes.push({ position: item.position, severity: 'warning', text: `Adds ${recordLabel(rec)} unproxied beside proxied records at the same name: its address ${String(rec.content)} is exposed.` })
    }
    if (rec) {
      // The zone as it will be at the record's name, without the record itself.
      const beside = at(String(rec.name)).filter((z) => z !== rec) as unknown as SameNameRecord[]
      for (const p of sameNameProblems(beside, rec as unknown as SameNameRecord)) notes.push({ position: item.position, severity: 'warning', text: p.text })
    }
    if (rec && (String(rec.type) === 'MX' || String(rec.type) === 'NS')) {
      const target = String(rec.content ?? '').toLowerCase().replace(/\.$/, '')
      const inZone = target === r.zoneName || target.endsWith(`.${r.zoneName}`)
      if (inZone && !at(target).some((z) => ADDRESS.has(String(z.type)) || String(z.type) === 'CNAME')) {
        notes.push({ position: item.position, severity: 'warning', text: `${recordLabel(rec)} points at ${target}, which has no address record (A or AAAA) in the zone: ${String(rec.type) === 'MX' ? 'mail for it cannot be delivered' : 'the delegation does not resolve'}.` })
      }
    }
    if (before && item.action !== 'create') {
      const ttl = Number(before.ttl)
      if (before.proxied !== true && ttl > HOUR) {
        notes.push({ position: item.position, severity: 'info', text: `${recordLabel(before)} has a TTL of ${duration(ttl)}: resolvers may keep answering with the old value for up to ${duration(ttl)} after this is applied.` })
      }
    }
    if (item.recordId) {
      for (const o of others) {
        if (o.id !== r.id && o.items.some((x) => x.recordId === item.recordId)) {
          notes.push({ position: item.position, severity: 'warning', text: `Request #${o.id} ("${o.title}", by ${o.requester.name}) also changes ${recordLabel(before)}: whichever is applied second will be stale.` })
        }
      }
    }
  }
  return notes
}
