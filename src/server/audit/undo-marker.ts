/** The audit log's own routes (list, entry, undo), below the dashboard's /api/local. */
export const AUDIT_BASE = '/api/local/audit'
