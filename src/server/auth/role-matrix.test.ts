import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore, ROLES, type Role } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import type { ApiArea } from '../../shared/endpoints'
import { needForClientPath } from './access'
import { ROLE_RANK } from './actor'
import { apiEndpoints, localRoutes, roleForEndpoint } from './endpoint-roles'
import { addPerson, sessionCookie } from './test-helpers'

/**
 * The role matrix, generated from the endpoint list and the dashboard's own routes: every endpoint,
 * every role. A new endpoint is covered without editing this file.
 */
const store = createStore({ dataDir: ':memory:' })
const emulator = fakeEmulator()
const app = createApp({ config: testConfig(), emulator, store })
const cookies = new Map<Role, string>()
beforeAll(async () => {
  for (const role of ROLES) {
    const { password } = await addPerson(store, role, role)
    cookies.set(role, await sessionCookie(app, role, password))
  }
})
afterAll(() => store.close())

const ID = 'f'.repeat(32)
const concrete = (path: string) =>
  path.replace(/:[a-z_]+/g, (p) => (p === ':phase' ? 'http_log_custom_fields' : p === ':dataset_id' ? 'http_requests' : ID))

const cases = [
  ...apiEndpoints.map((e) => ({ method: e.method, url: `/api/v4${concrete(e.path)}`, needed: roleForEndpoint(e) })),
  ...localRoutes.map((r) => ({ method: r.method, url: concrete(r.path), needed: r.role })),
]

describe.each(cases)('$method $url needs $needed', ({ method, url, needed }) => {
  it.each(ROLES)('as %s', async (role) => {
    const headers: Record<string, string> = {
      cookie: cookies.get(role)!,
      'x-zonekeeper-request': '1',
      'content-type': 'application/json',
    }
    const res = await app.request(url, { method, headers, body: method === 'GET' ? undefined : '{}' })
    const body = res.headers.get('content-type')?.includes('json') ? await res.json() : {}
    const refusedForRole = res.status === 403 && /needs the .* role/.test(body.errors?.[0]?.message ?? '')
    expect(refusedForRole, `${role} → ${res.status} ${JSON.stringify(body.errors ?? '')}`).toBe(
      ROLE_RANK[role] < ROLE_RANK[needed],
    )
    if (refusedForRole) {
      expect(body).toMatchObject({ success: false, result: null, errors: [{ code: 10403 }] })
      expect(body.errors[0].message).toContain(needed === 'admin' ? 'administrator' : needed)
    }
  })
})

describe('the role rules', () => {
  it('reads need viewer; writes need the area role; account-level writes need admin', () => {
    const role = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, area: ApiArea) => roleForEndpoint({ method, path, area })
    expect(role('GET', '/zones/:zone_id/dns_records', 'dns')).toBe('viewer')
    expect(role('POST', '/zones/:zone_id/dns_records', 'dns')).toBe('editor')
    expect(role('PUT', '/zones/:zone_id/page_shield/policies/:policy_id', 'page-shield')).toBe('reviewer')
    expect(role('DELETE', '/zones/:zone_id/firewall/rules', 'firewall')).toBe('editor')
    expect(role('POST', '/zones/:zone_id/ssl/certificate_packs/order', 'certificates')).toBe('editor')
    expect(role('POST', '/accounts/:account_id/logpush/jobs', 'log-fields')).toBe('admin')
    expect(role('POST', '/accounts/:account_id/alerting/v3/policies', 'alerting')).toBe('admin')
    expect(role('PATCH' as 'PUT', '/zones/:zone_id', 'zones')).toBe('admin')
    expect(role('POST', '/zones', 'zones')).toBe('admin')
  })

  it('the sandbox door reads the same table: a path it does not know needs an administrator to change anything', () => {
    expect(needForClientPath('POST', `/zones/${ID}/dns_records`).role).toBe('editor')
    expect(needForClientPath('POST', `/zones/${ID}/page_shield/policies`).role).toBe('reviewer')
    expect(needForClientPath('POST', `/zones/${ID}/something_new`).role).toBe('admin')
    expect(needForClientPath('GET', `/zones/${ID}/something_new`).role).toBe('viewer')
  })
})
