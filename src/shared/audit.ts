/* The audit log as the browser reads it (no zod here: pages import it without the schema library). */
import { isUndoableWrite } from './undoable'

/** An audit entry as GET /api/local/audit answers it. */
export interface AuditEntryView {
  id: number
  at: number
  requestId: string
  personId: string | null
  username: string
  personName: string
  mode: string
  zoneId: string | null
  zoneName: string | null
  area: string
  resourceType: string
  resourceId: string | null
  action: string
  method: string
  path: string
  /** `unknown`: sent, but no answer was recorded (the server stopped while it was on its way). */
  outcome: 'success' | 'failure' | 'refused' | 'unknown'
  status: number
  errors: { code: number; message: string }[]
  before: unknown
  after: unknown
  undoOf: number | null
  hasRestorePoint: boolean
  /** The object as a person knows it: "A shop.example.com", a policy's description… (null: nothing names it). */
  label: string | null
  /** The personal API token the write came with (its first characters), through /client/v4. */
  tokenPrefix: string | null
  /** The entry's hash in the tamper-evident chain (null only while it is being written). */
  hash: string | null
  /** The client's address (sign-in and other security events, and every write since migration 0023). */
  address: string | null
  /**
   * Lists and the CSV leave a bulk before or after out (an import's can be megabytes): then they
   * are null here and this gives their sizes (characters); GET /api/local/audit/:id has them whole.
   */
  omitted?: { before: number; after: number } | null
}

/** What GET /api/local/audit/:id/undo-check answers. */
export interface UndoCheckView {
  summary: string
  note: string | null
  conflicts: { label: string; path: string; expected: unknown; current: unknown }[]
}

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
