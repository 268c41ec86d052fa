import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, watchOf } from '../app'
import { memoryEmulator } from '../../testing/memory-emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { LOCAL_ROUTES, type LocalRouteEntry } from '../../shared/endpoints/local'
import { savedMigrationState } from '../../testing/lb-migration-state'

/**
 * Every GET of the dashboard's own routes that declares a result schema is called in the sandbox
 * as an administrator, and its answer's `result` parsed with that schema: the views the server
 * builds are held to the types the browser reads (the browser does not parse them: too costly).
 * Parsing is strict: a missing or mistyped field fails, and so does a field the schema does not
 * declare (the parsed value must equal the answer), so a renamed optional field is caught too.
 */
const ZONE = SEED_ZONES.demo
const W = { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }
const emulator = memoryEmulator({ scaleZones: false })
const store = createStore({ dataDir: ':memory:' })
let app: ReturnType<typeof createApp>
const cookies: Record<string, string> = {}

/** What the calls fill path parameters with: found in the seed or made in beforeAll. */
const seed = { personId: '', changeRequestId: 0, auditEntryId: 0, recordId: '', channelId: '' }

/**
 * Each GET with a result schema, and the path (and query) the test calls it with. A route added to
 * the table with a result schema must be added here, or to SKIPPED with the reason.
 */
const CALLS: Record<string, () => string> = {
  '/api/local/me': () => '/api/local/me',
  '/api/local/me/sessions': () => '/api/local/me/sessions',
  '/api/local/me/tokens': () => '/api/local/me/tokens',
  '/api/local/zones/:zone_id/page-shield/reviews': () => `/api/local/zones/${ZONE.id}/page-shield/reviews`,
  '/api/local/zones/:zone_id/page-shield/reviews/payment-pages': () => `/api/local/zones/${ZONE.id}/page-shield/reviews/payment-pages`,
  '/api/local/zones/:zone_id/page-shield/reviews/patterns': () => `/api/local/zones/${ZONE.id}/page-shield/reviews/patterns`,
  '/api/local/zones/:zone_id/page-shield/connection-reviews': () => `/api/local/zones/${ZONE.id}/page-shield/connection-reviews`,
  '/api/local/zones/:zone_id/page-shield/connection-index': () => `/api/local/zones/${ZONE.id}/page-shield/connection-index`,
  '/api/local/zones/:zone_id/page-shield/script-index': () => `/api/local/zones/${ZONE.id}/page-shield/script-index`,
  '/api/local/people': () => '/api/local/people',
  '/api/local/people/:person_id/sessions': () => `/api/local/people/${seed.personId}/sessions`,
  '/api/local/people/:person_id/tokens': () => `/api/local/people/${seed.personId}/tokens`,
  '/api/local/settings/two-factor': () => '/api/local/settings/two-factor',
  '/api/local/accounts/:account_id/lb-migration': () => `/api/local/accounts/${DEMO_ACCOUNT.id}/lb-migration`,
  '/api/local/audit/history': () => `/api/local/audit/history?zone_id=${ZONE.id}&type=dns_record&id=${seed.recordId}`,
  '/api/local/audit/chain': () => '/api/local/audit/chain',
  '/api/local/audit/:id': () => `/api/local/audit/${seed.auditEntryId}`,
  '/api/local/audit/:id/undo-check': () => `/api/local/audit/${seed.auditEntryId}/undo-check`,
  '/api/local/zones/:zone_id/watch': () => `/api/local/zones/${ZONE.id}/watch`,
  '/api/local/zones/:zone_id/watch/channels': () => `/api/local/zones/${ZONE.id}/watch/channels`,
  '/api/local/zones/:zone_id/watch/alerts': () => `/api/local/zones/${ZONE.id}/watch/alerts`,
  '/api/local/zones/:zone_id/watch/runs': () => `/api/local/zones/${ZONE.id}/watch/runs`,
  '/api/local/practice': () => '/api/local/practice',
  '/api/local/budget': () => '/api/local/budget',
  '/api/local/credentials': () => '/api/local/credentials',
  '/api/local/accounts': () => '/api/local/accounts',
  '/api/local/search/records': () => `/api/local/search/records?q=${ZONE.name}`,
  '/api/local/attention': () => '/api/local/attention',
  '/api/local/change-requests': () => '/api/local/change-requests',
  '/api/local/change-requests/summary': () => '/api/local/change-requests/summary',
  '/api/local/change-requests/zones': () => '/api/local/change-requests/zones',
  '/api/local/change-requests/zones/:zone_id': () => `/api/local/change-requests/zones/${ZONE.id}`,
  '/api/local/change-requests/people': () => '/api/local/change-requests/people',
  '/api/local/change-requests/:id': () => `/api/local/change-requests/${seed.changeRequestId}`,
}

/** GETs with a result schema the test does not call, each with why. */
const SKIPPED: Record<string, string> = {}

/** Answers the test expects to be non-empty, so a schema is not only checked against `[]` or `null`. */
const NOT_EMPTY = new Set([
  '/api/local/me/sessions',
  '/api/local/me/tokens',
  '/api/local/zones/:zone_id/page-shield/reviews',
  '/api/local/zones/:zone_id/page-shield/reviews/payment-pages',
  '/api/local/zones/:zone_id/page-shield/reviews/patterns',
  '/api/local/zones/:zone_id/page-shield/connection-reviews',
  '/api/local/people',
  '/api/local/people/:person_id/sessions',
  '/api/local/people/:person_id/tokens',
  '/api/local/accounts/:account_id/lb-migration',
  '/api/local/audit/history',
  '/api/local/zones/:zone_id/watch/channels',
  '/api/local/zones/:zone_id/watch/alerts',
  '/api/local/zones/:zone_id/watch/runs',
  '/api/local/change-requests',
  '/api/local/change-requests/zones',
  '/api/local/change-requests/people',
])

const routes: readonly LocalRouteEntry[] = LOCAL_ROUTES
const getsWithResult = routes.filter((r) => r.method === 'GET' && r.result !== undefined)

async function call(who: string, method: string, path: string, body?: unknown) {
  const res = await app.request(path, { method, headers: { ...W, cookie: cookies[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: unknown; errors?: unknown }
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json.errors)}`)
  return json.result
}

beforeAll(async () => {
  await emulator.ready
  app = createApp({ config: testConfig(), emulator, store, watch: { startDelayMs: 0, retryMs: 20, maxAttempts: 1 } })
  await addPerson(store, 'adm', 'admin')
  const ed = await addPerson(store, 'ed', 'editor', [ZONE.name])
  seed.personId = ed.person.id
  for (const u of ['adm', 'ed']) cookies[u] = await sessionCookie(app, u, `${u}-password-1`)
  await call('adm', 'POST', '/api/local/me/tokens', { name: 'certbot' })
  await call('ed', 'POST', '/api/local/me/tokens', { name: 'ed on web-1' })
  await call('adm', 'PATCH', `/api/local/people/${ed.person.id}`, { email: 'ed@shop.test' })

  // A DNS record made through the API door: its audit entry, history and undo check.
  const record = (await call('adm', 'POST', `/api/v4/zones/${ZONE.id}/dns_records`, { type: 'A', name: `results.${ZONE.name}`, content: '192.0.2.7', ttl: 300 })) as { id: string }
  seed.recordId = record.id
  const history = (await call('adm', 'GET', `/api/local/audit/history?zone_id=${ZONE.id}&type=dns_record&id=${record.id}`)) as { id: number }[]
  seed.auditEntryId = history[0].id

  // Page security: a verdict on a script and a connection, a payment page, a pattern verdict.
  const scripts = (await call('adm', 'GET', `/api/v4/zones/${ZONE.id}/page_shield/scripts?per_page=5`)) as { id: string; hash?: string }[]
  await call('adm', 'POST', `/api/local/zones/${ZONE.id}/page-shield/reviews`, { script_id: scripts.find((s) => s.hash)!.id, verdict: 'expected', note: 'Our checkout bundle' })
  const connections = (await call('adm', 'GET', `/api/v4/zones/${ZONE.id}/page_shield/connections?per_page=5`)) as { id: string }[]
  await call('adm', 'POST', `/api/local/zones/${ZONE.id}/page-shield/connection-reviews`, { connection_id: connections[0].id, verdict: 'investigate', note: 'Who is this?' })
  await call('adm', 'POST', `/api/local/zones/${ZONE.id}/page-shield/reviews/payment-pages`, { pattern: `${ZONE.name}/checkout/*` })
  await call('adm', 'POST', `/api/local/zones/${ZONE.id}/page-shield/reviews/patterns`, { pattern: 'https://js.stripe.com/*', justification: 'Stripe checkout' })

  // The load-balancing migration, saved once.
  await call('adm', 'PUT', `/api/local/accounts/${DEMO_ACCOUNT.id}/lb-migration`, savedMigrationState(DEMO_ACCOUNT.id))

  // The script watch: a channel, a baseline check, then a new script and a check that alerts.
  await call('adm', 'PUT', `/api/local/zones/${ZONE.id}/watch`, { interval_minutes: 60, enabled: true })
  await call('adm', 'POST', `/api/local/zones/${ZONE.id}/watch/channels`, { kind: 'email', target: 'security@shop.test' })
  const checkOnce = async () => {
    await call('adm', 'POST', `/api/local/zones/${ZONE.id}/watch/check`, {})
    for (let i = 0; i < 20; i++) {
      await watchOf(app).tick()
      const runs = (await call('adm', 'GET', `/api/local/zones/${ZONE.id}/watch/runs`)) as { finished_at: number | null }[]
      if (runs.length && runs.every((r) => r.finished_at)) break
    }
  }
  await checkOnce()
  await call('adm', 'POST', '/api/sandbox/page-shield/activity', { zone_id: ZONE.id, kind: 'new-script' })
  await checkOnce()

  // A change request on a zone whose changes need approval, filed by an editor.
  await call('adm', 'PUT', `/api/local/change-requests/zones/${ZONE.id}`, { required: true, approverMode: 'admins' })
  await call('adm', 'PUT', `/api/local/change-requests/people/${ed.person.id}`, { mayPropose: true })
  const cr = (await call('ed', 'POST', '/api/local/change-requests', {
    zoneId: ZONE.id,
    title: 'Add the shop',
    items: [{ action: 'create', body: { type: 'TXT', name: `results-cr.${ZONE.name}`, content: '"hello"', ttl: 300 } }],
  })) as { id: number }
  seed.changeRequestId = cr.id
}, 60_000)

afterAll(async () => {
  await watchOf(app).stop()
  await store.close()
  emulator.close()
})

describe("the dashboard's own answers match their declared schemas", () => {
  it('calls every GET that declares a result schema, or says why not', () => {
    const declared = getsWithResult.map((r) => r.path)
    const neither = declared.filter((p) => !(p in CALLS) && !(p in SKIPPED))
    expect(neither, 'GETs with a result schema neither called nor skipped with a reason').toEqual([])
    expect(Object.keys(CALLS).filter((p) => !declared.includes(p)), 'calls of routes that declare no GET with a result').toEqual([])
    expect(Object.keys(SKIPPED).filter((p) => p in CALLS || !declared.includes(p))).toEqual([])
    for (const [path, why] of Object.entries(SKIPPED)) expect(why.length, `${path}: say why it is skipped`).toBeGreaterThan(10)
  })

  it.each(getsWithResult.filter((r) => r.path in CALLS).map((r) => [r.path, r] as const))('GET %s', async (path, route) => {
    const url = CALLS[path]()
    const res = await app.request(url, { headers: { cookie: cookies.adm } })
    const body = (await res.json()) as { result: unknown; errors?: unknown }
    expect(res.status, `${url}: ${JSON.stringify(body.errors)}`).toBe(200)
    const parsed = route.result!.safeParse(body.result)
    expect(parsed.success ? [] : parsed.error.issues, `${url}: the answer does not match the schema`).toEqual([])
    // Nothing the schema does not declare (a renamed optional field, a leaked server field).
    expect(parsed.data, `${url}: the answer holds fields the schema does not declare`).toEqual(body.result)
    if (NOT_EMPTY.has(path)) expect(Array.isArray(body.result) ? body.result.length : body.result, `${url}: the seed gave it nothing to check`).toBeTruthy()
  })
})
