import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore, ROLES, type Role } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import type { ApiArea } from '../../shared/endpoints'
import { needForClientPath } from './access'
import { apiEndpoints, localRoutes, roleForEndpoint } from './endpoint-roles'
import { addPerson, sessionCookie } from '../../testing/server/auth'

/**
 * The role matrix, every endpoint and every role, against an expectation written here by hand
 * (not computed by the code under test): which roles may change what, per area and level, as the
 * role table in src/server/auth/README.md says, and which of the dashboard's own routes need more than viewer. A new
 * endpoint is covered without editing this file; a new area or level needs its line below, and so
 * does a new local route that not everyone may call.
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
/**
 * The dashboard's own routes (/api/local/…, /api/sandbox/…) that not everyone may call, written here
 * by hand (not read from LOCAL_ROUTES, the list under test); every other declared local route is
 * open to every role (its handler may still decide per person, as change requests do).
 */
const ADMIN: readonly Role[] = ['admin']
const REVIEWER_UP: readonly Role[] = ['reviewer', 'editor', 'admin']
const LOCAL_NOT_EVERYONE: Record<string, readonly Role[]> = {
  // People and sign-in settings: administrators.
  'GET /api/local/people': ADMIN,
  'POST /api/local/people': ADMIN,
  'PATCH /api/local/people/:person_id': ADMIN,
  'DELETE /api/local/people/:person_id': ADMIN,
  'POST /api/local/people/:person_id/password': ADMIN,
  'PUT /api/local/people/:person_id/sso': ADMIN,
  'DELETE /api/local/people/:person_id/sso': ADMIN,
  'GET /api/local/people/:person_id/sessions': ADMIN,
  'DELETE /api/local/people/:person_id/sessions': ADMIN,
  'GET /api/local/people/:person_id/tokens': ADMIN,
  'DELETE /api/local/people/:person_id/tokens': ADMIN,
  'DELETE /api/local/people/:person_id/tokens/:id': ADMIN,
  'DELETE /api/local/people/:person_id/two-factor': ADMIN,
  'PUT /api/local/people/:person_id/grants': ADMIN,
  'DELETE /api/local/people/:person_id/grants/:account': ADMIN,
  // The credential vault: administrators.
  'GET /api/local/credentials': ADMIN,
  'POST /api/local/credentials': ADMIN,
  'PUT /api/local/credentials/:id': ADMIN,
  'DELETE /api/local/credentials/:id': ADMIN,
  'GET /api/local/settings/two-factor': ADMIN,
  'PUT /api/local/settings/two-factor': ADMIN,
  // The sandbox's buttons, the budget panel, account-level work, the audit chain's verification.
  'POST /api/sandbox/reset': ADMIN,
  'POST /api/sandbox/page-shield/activity': ADMIN,
  'GET /api/local/budget': ADMIN,
  'GET /api/local/accounts/:account_id/lb-migration': ADMIN,
  'PUT /api/local/accounts/:account_id/lb-migration': ADMIN,
  'DELETE /api/local/accounts/:account_id/lb-migration': ADMIN,
  'GET /api/local/audit/chain': ADMIN,
  // Page security: reviewers record verdicts, mark alerts read and test channels; administrators run the watch.
  'POST /api/local/zones/:zone_id/page-shield/reviews': REVIEWER_UP,
  'POST /api/local/zones/:zone_id/page-shield/reviews/payment-pages': REVIEWER_UP,
  'DELETE /api/local/zones/:zone_id/page-shield/reviews/payment-pages/:id': REVIEWER_UP,
  'POST /api/local/zones/:zone_id/page-shield/reviews/patterns': REVIEWER_UP,
  'DELETE /api/local/zones/:zone_id/page-shield/reviews/patterns/:id': REVIEWER_UP,
  'POST /api/local/zones/:zone_id/page-shield/connection-reviews': REVIEWER_UP,
  'POST /api/local/zones/:zone_id/watch/alerts/:alert_id/read': REVIEWER_UP,
  'PUT /api/local/zones/:zone_id/watch': ADMIN,
  'POST /api/local/zones/:zone_id/watch/channels': ADMIN,
  'DELETE /api/local/zones/:zone_id/watch/channels/:channel_id': ADMIN,
  'POST /api/local/zones/:zone_id/watch/channels/:channel_id/test': REVIEWER_UP,
  'POST /api/local/zones/:zone_id/watch/check': ADMIN,
  // Change requests: which zones need approval and who may approve are administrators' settings.
  'GET /api/local/change-requests/zones': ADMIN,
  'PUT /api/local/change-requests/zones/:zone_id': ADMIN,
  'GET /api/local/change-requests/people': ADMIN,
  'PUT /api/local/change-requests/people/:person_id': ADMIN,
  // Changing every match of the record search: people who may write DNS (each zone's scope and approval decided by the handler).
  'POST /api/local/search/replace/preview': ['editor', 'admin'],
  'POST /api/local/search/replace/zones/:zone_id': ['editor', 'admin'],
}
const localKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`

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
  ...localRoutes.map((r) => ({ method: r.method, url: concrete(r.path), allowed: LOCAL_NOT_EVERYONE[localKey(r)] ?? EVERYONE })),
].map((c) => ({ ...c, needed: weakest(c.allowed) }))

it('the server\'s own rule agrees with the matrix written here, endpoint by endpoint', () => {
  for (const e of apiEndpoints) expect(`${e.method} ${e.path}: ${roleForEndpoint(e)}`).toBe(`${e.method} ${e.path}: ${weakest(mayCall(e))}`)
})

it('the local routes\' declared roles agree with the matrix written here, route by route (none written here is missing from the list)', () => {
  const declared = new Set(localRoutes.map(localKey))
  for (const key of Object.keys(LOCAL_NOT_EVERYONE)) expect(declared.has(key), `${key} is written here but not declared`).toBe(true)
  for (const r of localRoutes) expect(`${localKey(r)}: ${r.role}`).toBe(`${localKey(r)}: ${weakest(LOCAL_NOT_EVERYONE[localKey(r)] ?? EVERYONE)}`)
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
