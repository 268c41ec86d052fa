import { randomBytes } from 'node:crypto'

/** The audit log's own routes (list, entry, undo), below the dashboard's /api/local. */
export const AUDIT_BASE = '/api/local/audit'

/** The header that marks the write an undo sends through the API door (`undoKey:entryId`). */
export const UNDO_HEADER = 'x-zonekeeper-undo'

/** A key only this process knows, so the undo marker on a write cannot come from a browser. */
export const undoKey = randomBytes(16).toString('hex')
