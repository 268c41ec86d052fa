import { describe, expect, it } from 'vitest'
import { API_ENDPOINTS } from '../../shared/endpoints'
import { LOCAL_ROUTES, type LocalRouteEntry } from '../../shared/endpoints/local'
import { AUDIT_ACTIONS } from '../../shared/audit-actions'
import { AUDIT_AREAS } from '../../shared/lists/audit'
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

  it("every write of the dashboard's own routes declares its audit words, in the vocabulary", () => {
    const writes = (LOCAL_ROUTES as readonly LocalRouteEntry[]).filter((r) => r.method !== 'GET')
    expect(writes.length).toBeGreaterThan(40)
    for (const r of writes) {
      const key = `${r.method} ${r.path}`
      expect(r.audit, `${key} declares what its audit entry says`).toBeDefined()
      if (r.audit === 'own') continue
      // The parameter named as the object's id is one of the path's.
      if (r.audit?.id) expect(r.path.split('/'), `${key}: id parameter`).toContain(`:${r.audit.id}`)
      const d = describeLocalWrite(r.method, concrete(r.path))
      inVocabulary(key, d)
      // The description is the entry's, read through the one matcher (not a neighbouring route's).
      expect(d, key).toMatchObject({ area: r.audit?.area, resourceType: r.audit?.type, action: r.audit?.action })
      if (r.audit?.id) expect(d.resourceId, key).toBe(concrete(`:${r.audit.id}`) === Z ? Z : 'x1')
    }
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
