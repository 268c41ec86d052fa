import { describe, expect, it } from 'vitest'
import { mayUndo } from './audit'
import { API_ENDPOINTS } from './endpoints'
import { UNDOABLE_WRITES } from './undoable'

const Z = 'a'.repeat(32)
const R = 'b'.repeat(32)
const concrete = (path: string) => path.replace(':zone_id', Z).replace(/:[a-z_]+/g, R)
const entry = (
  method: string,
  path: string,
  resourceType: string,
  action: string,
  outcome: 'success' | 'failure' | 'refused' = 'success',
) => ({
  method,
  path,
  resourceType,
  action,
  outcome,
})
/** An entry of a write of the table, with the type and action the audit log records for it. */
const tableEntry = (method: string, template: string) => {
  const e = API_ENDPOINTS.find((x) => x.method === method && x.path === template)!
  const action =
    typeof e.audit?.action === 'function'
      ? e.audit.action({})
      : (e.audit?.action ?? { POST: 'create', DELETE: 'delete' }[method] ?? 'update')
  return entry(method, concrete(template), e.audit!.type, action)
}

describe('which audit entries offer Undo (mayUndo)', () => {
  it('every undoable write that succeeded, from the one list the server plans undos from', () => {
    for (const w of UNDOABLE_WRITES) expect(mayUndo(tableEntry(w.method, w.path)), `${w.method} ${w.path}`).toBe(true)
  })

  it("a scan's review (its accepted records) as the toast and the server have it", () => {
    expect(mayUndo(entry('POST', `/zones/${Z}/dns_records/scan/review`, 'dns_scan', 'scan-review'))).toBe(true)
  })

  it('never a write that failed or was refused, an undo itself, or a write the list does not name', () => {
    expect(mayUndo(entry('POST', `/zones/${Z}/dns_records`, 'dns_record', 'create', 'failure'))).toBe(false)
    expect(mayUndo(entry('DELETE', `/zones/${Z}/dns_records/${R}`, 'dns_record', 'delete', 'refused'))).toBe(false)
    expect(mayUndo(entry('DELETE', `/zones/${Z}/dns_records/${R}`, 'dns_record', 'undo'))).toBe(false)
    expect(mayUndo(entry('POST', `/zones/${Z}/firewall/rules`, 'firewall_rule', 'create'))).toBe(false)
    expect(mayUndo(entry('POST', `/zones/${Z}/dns_records/scan/trigger`, 'dns_scan', 'scan'))).toBe(false)
    expect(mayUndo(entry('POST', '/api/local/people', 'person', 'create'))).toBe(false)
    expect(mayUndo(entry('POST', '/login', 'session', 'sign-in'))).toBe(false)
  })
})
