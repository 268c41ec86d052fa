import { describe, expect, it } from 'vitest'
import { API_ENDPOINTS } from '../../shared/endpoints'
import { LOCAL_ROUTES } from '../../shared/endpoints/local'
import { AUDIT_ACTIONS, AUDIT_AREAS } from '../../shared/lists/audit'
import { describeApiWrite, describeLocalWrite, type WriteDescription } from './describe'

/**
 * What an audit entry says about a write is named from the audit log's one vocabulary
 * (src/shared/lists/audit.ts): the areas the page's filter offers and the server's filter accepts,
 * and the actions the page labels and offers. An entry outside it could not be found by its area.
 */
const Z = 'a'.repeat(32)
const concrete = (path: string) => path.replace(':zone_id', Z).replace(/:[a-z_]+/g, 'x1')
const inVocabulary = (key: string, d: WriteDescription) => {
  expect(AUDIT_AREAS as readonly string[], `${key}: area ${d.area}`).toContain(d.area)
  expect(AUDIT_ACTIONS as readonly string[], `${key}: action ${d.action}`).toContain(d.action)
}

describe("the audit log's descriptions of writes", () => {
  it('every write of the endpoint table is described in the vocabulary (a proxy switch too)', () => {
    for (const e of API_ENDPOINTS.filter((x) => x.writes)) {
      for (const body of [{}, { proxied: true }])
        inVocabulary(`${e.method} ${e.path}`, describeApiWrite(e, concrete(e.path), body))
    }
  })

  it("every write of the dashboard's own routes is described in the vocabulary", () => {
    // Not described here: an undo (its write through the API door has its own entry) and change
    // requests (each handler names its entry with setAuditDetails).
    const described = LOCAL_ROUTES.filter(
      (r) => r.method !== 'GET' && !/^\/api\/local\/(audit|change-requests)\//.test(r.path + '/'),
    )
    expect(described.length).toBeGreaterThan(20)
    for (const r of described) inVocabulary(`${r.method} ${r.path}`, describeLocalWrite(r.method, concrete(r.path)))
  })

  it("names the script watch's writes as page security's, in their zone", () => {
    const w = `/api/local/zones/${Z}/watch`
    expect(describeLocalWrite('PUT', w)).toEqual({
      area: 'page-shield',
      resourceType: 'script_watch',
      resourceId: null,
      action: 'update',
      zoneId: Z,
    })
    expect(describeLocalWrite('POST', `${w}/channels`)).toMatchObject({
      resourceType: 'watch_channel',
      action: 'create',
      zoneId: Z,
    })
    expect(describeLocalWrite('DELETE', `${w}/channels/c9`)).toMatchObject({
      resourceType: 'watch_channel',
      resourceId: 'c9',
      action: 'delete',
    })
    expect(describeLocalWrite('POST', `${w}/check`)).toMatchObject({ resourceType: 'script_watch', action: 'check' })
    expect(describeLocalWrite('POST', `${w}/alerts/17/read`)).toMatchObject({
      resourceType: 'watch_alert',
      resourceId: '17',
      action: 'mark-read',
    })
    expect(describeLocalWrite('POST', '/api/sandbox/page-shield/activity')).toMatchObject({
      area: 'page-shield',
      action: 'simulate',
      zoneId: null,
    })
  })
})
