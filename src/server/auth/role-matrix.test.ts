import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore, ROLES, type Role } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import type { ApiArea } from '../../shared/endpoints'
import { needForClientPath } from './access'
import { apiEndpoints, localRoutes, roleForEndpoint } from './endpoint-roles'
import { addPerson, sessionCookie } from './test-helpers'

/**
 * The role matrix, every endpoint and every role, against an expectation written here by hand
 * (not computed by the code under test): which roles may change what, per area and level, as the
 * README's role table says. A new endpoint is covered without editing this file; a new area or
 * level needs its line below.
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

const EVERYONE: readonly Role[] = ['viewer', 'reviewer', 'editor', 'admin']
/** Who may change something, by area and level (`zone`: a path inside one zone; `account`: the rest). */
const MAY_CHANGE: Record<string, readonly Role[]> = {
  'dns zone': ['editor', 'admin'],
  'certificates zone': ['editor', 'admin'],
  'log-fields zone': ['editor', 'admin'],
  'firewall zone': ['editor', 'admin'],
  'page-shield zone': ['reviewer', 'editor', 'admin'],
  'zones zone': ['admin'],
  'zones account': ['admin'],
  'load-balancing account': ['admin'],
  'alerting account': ['admin'],
  'invites account': ['admin'],
  'log-fields account': ['admin'],
  'user account': ['admin'],
}
/** The dashboard's own routes whose role follows an area's (the rest say their role in endpoint-roles.ts). */
const LOCAL_BY_AREA: Record<string, readonly Role[]> = {
  'POST /api/local/zones/:zone_id/page-shield/reviews': ['reviewer', 'editor', 'admin'],
  'POST /api/local/zones/:zone_id/watch/alerts/:alert_id/read': ['reviewer', 'editor', 'admin'],
  'GET /api/local/accounts/:account_id/lb-migration': ['admin'],
  'PUT /api/local/accounts/:account_id/lb-migration': ['admin'],
  'DELETE /api/local/accounts/:account_id/lb-migration': ['admin'],
}
const ROLE_OF_LOCAL: Record<Role, readonly Role[]> = { viewer: EVERYONE, reviewer: ['reviewer', 'editor', 'admin'], editor: ['editor', 'admin'], admin: ['admin'] }

function mayCall(e: { method: string; path: string; area?: ApiArea }): readonly Role[] {
  if (e.method === 'GET') return EVERYONE
  const key = `${e.area} ${/^\/zones\/:zone_id\/./.test(e.path) ? 'zone' : 'account'}`
  const roles = MAY_CHANGE[key]
  if (!roles) throw new Error(`No expectation written for changes in "${key}" (${e.method} ${e.path}): add it to MAY_CHANGE.`)
  return roles
}

const ID = 'f'.repeat(32)
const concrete = (path: string) =>
  path.replace(/:[a-z_]+/g, (p) => (p === ':phase' ? 'http_log_custom_fields' : p === ':dataset_id' ? 'http_requests' : ID))
const weakest = (roles: readonly Role[]) => ROLES.find((r) => roles.includes(r))!

const cases = [
  ...apiEndpoints.map((e) => ({ method: e.method, url: `/api/v4${concrete(e.path)}`, allowed: mayCall(e) })),
  ...localRoutes.map((r) => ({ method: r.method, url: concrete(r.path), allowed: LOCAL_BY_AREA[`${r.method} ${r.path}`] ?? ROLE_OF_LOCAL[r.role] })),
].map((c) => ({ ...c, needed: weakest(c.allowed) }))

it('the server\'s own rule agrees with the matrix written here, endpoint by endpoint', () => {
  for (const e of apiEndpoints) expect(`${e.method} ${e.path}: ${roleForEndpoint(e)}`).toBe(`${e.method} ${e.path}: ${weakest(mayCall(e))}`)
})

describe.each(cases)('$method $url needs $needed', ({ method, url, needed, allowed }) => {
  it.each(ROLES)('as %s', async (role) => {
    const headers: Record<string, string> = {
      cookie: cookies.get(role)!,
      'x-zonekeeper-request': '1',
      'content-type': 'application/json',
    }
    const res = await app.request(url, { method, headers, body: method === 'GET' ? undefined : '{}' })
    const body = res.headers.get('content-type')?.includes('json') ? await res.json() : {}
    const refusedForRole = res.status === 403 && /needs the .* role/.test(body.errors?.[0]?.message ?? '')
    expect(refusedForRole, `${role} → ${res.status} ${JSON.stringify(body.errors ?? '')}`).toBe(!allowed.includes(role))
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
