/* The audit log as the browser reads it (no zod here: pages import it without the schema library). */
import { isUndoableWrite } from './undoable'

/** An audit entry as GET /api/local/audit answers it. */
// The views' types are derived from their schemas (src/shared/schemas/audit.ts); re-exported as
// types only, so pages that import this module load no zod.
import type { AuditEntryView } from './schemas/audit'
export type { AuditEntryView }

/**
 * Whether to offer Undo on an entry: a write that succeeded, of one of the undoable writes
 * (src/shared/undoable.ts, the list the server plans undos from), and not itself an undo. The server
 * decides for sure: see its undo check.
 */
export function mayUndo(e: Pick<AuditEntryView, 'outcome' | 'action' | 'method' | 'path'>): boolean {
  return e.outcome === 'success' && e.action !== 'undo' && isUndoableWrite(e.method, e.path)
}

/** The object of an entry in words: its label ("A shop.example.com", "page shield policy Block evil"), else its type and id. */
export function objectWords(e: Pick<AuditEntryView, 'resourceType' | 'resourceId' | 'label'>): string {
  const type = e.resourceType.replace(/_/g, ' ')
  if (e.label) return e.resourceType === 'dns_record' ? e.label : `${type} ${e.label}`
  return `${type}${e.resourceId ? ` ${e.resourceId}` : ''}`
}

/** Someone as an applied change request names them. */
export interface RequestPerson {
  name: string
  username: string
}

/**
 * The change request a write was applied from, as the write's audit entry records it (the key
 * `change_request` of its after): the API's answer alone would not say whose change it was.
 */
export interface AppliedRequestView {
  id: number
  title: string
  requester: RequestPerson
  approver: RequestPerson
}

export const APPLIED_REQUEST_KEY = 'change_request'

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const personOf = (v: unknown): RequestPerson | null =>
  isRecord(v) && typeof v.name === 'string' && typeof v.username === 'string' ? { name: v.name, username: v.username } : null

/** The applied request an entry records, or null (checked field by field: the stored JSON is not trusted to have this shape). */
export function appliedRequestOf(e: Pick<AuditEntryView, 'after'>): AppliedRequestView | null {
  const r = isRecord(e.after) ? e.after[APPLIED_REQUEST_KEY] : null
  if (!isRecord(r) || typeof r.id !== 'number' || !Number.isSafeInteger(r.id) || typeof r.title !== 'string') return null
  const requester = personOf(r.requester)
  const approver = personOf(r.approver)
  return requester && approver ? { id: r.id, title: r.title, requester, approver } : null
}

/** One record's part of a DNS batch: its state before and after (null: created, or deleted). */
export interface RecordChange {
  id: string | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter(isRecord) : [])

/**
 * A DNS batch entry split by record, the way a single record's write is recorded: its before
 * (`before.records`, read just before the batch) and its after (the API's answer: `deletes`,
 * `patches`, `puts`, `posts`). Null for any other entry.
 */
export function recordChangesOf(e: Pick<AuditEntryView, 'resourceType' | 'action' | 'before' | 'after'>): RecordChange[] | null {
  if (e.resourceType !== 'dns_records' || e.action !== 'batch' || !isRecord(e.after)) return null
  const was = new Map(list(isRecord(e.before) ? e.before.records : null).map((r) => [String(r.id), r]))
  const a = e.after
  const id = (r: Record<string, unknown>) => (typeof r.id === 'string' ? r.id : null)
  return [
    ...list(a.deletes).map((r) => ({ id: id(r), before: was.get(String(r.id)) ?? r, after: null })),
    ...[...list(a.patches), ...list(a.puts)].map((r) => ({ id: id(r), before: was.get(String(r.id)) ?? null, after: r })),
    ...list(a.posts).map((r) => ({ id: id(r), before: null, after: r })),
  ]
}
