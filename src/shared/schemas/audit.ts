import type { AuditQuery } from '../lists/audit'

/** Milliseconds range of the `from`/`to` days (the `to` day included to its last millisecond). */
export function auditTimeRange(s: Pick<AuditQuery, 'from' | 'to'>): { from?: number; to?: number } {
  return {
    from: s.from ? Date.parse(`${s.from}T00:00:00Z`) : undefined,
    to: s.to ? Date.parse(`${s.to}T23:59:59.999Z`) : undefined,
  }
}

