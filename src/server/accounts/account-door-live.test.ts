import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '../endpoints'
import type { RunningServer } from '../serve'
import type { Store } from '../store'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import { echoHandler, startFakeUpstream, type FakeHandler, type FakeUpstream } from '../../testing/fake-upstream'
import { rawRequest } from '../../testing/http'
import { startApp, testConfig } from '../../testing/server'
import { storeBackends } from '../../testing/store-backends'

const ENV_TOKEN = 'env-token-0123456789abcdefghijklmnopqrstuvw'
const B_TOKEN = 'cfat_storedTokenForAccountB000000000000001'
const B_TOKEN_NEW = 'cfat_storedTokenForAccountB000000000000002'
const A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
const B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'
const C = 'cccccccccccccccccccccccccccccccc'
const endpoints: Endpoint[] = [
  { method: 'GET', path: '/zones' },
  { method: 'GET', path: '/accounts' },
]

/** The service as each credential sees it: /accounts lists what the token reaches; anything else is echoed. */
const service: FakeHandler = (req, res) => {
  if (req.url.startsWith('/client/v4/accounts')) {
    const auth = req.headers.authorization ?? ''
    const accounts = auth === `Bearer ${ENV_TOKEN}` ? [{ id: A, name: 'Account A' }] : auth.startsWith('Bearer cfat_storedTokenForAccountB') ? [{ id: B, name: 'Account B' }] : []
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ result: accounts, success: true, errors: [], messages: [] }))
    return
  }
  echoHandler(req, res)
}

const { backends } = storeBackends('zk-accounts-door-')

describe.each(backends)('the API door acts through the credential that reaches the named account ($name)', ({ open, skip }) => {
  let upstream: FakeUpstream
  let server: RunningServer
  let store: Store
  let storedId: string

  beforeAll(async () => {
    if (skip) return
    upstream = await startFakeUpstream(service)
    const key = randomBytes(32)
    store = await open(undefined, { credentialsKey: key })
    server = await startApp({
      config: testConfig({ credential: { kind: 'token', token: ENV_TOKEN }, apiBaseUrl: upstream.url, upstreamTimeoutMs: 2000, credentialsKey: key }),
      endpoints,
      store,
      budget: { cacheTtlMs: 60_000 },
    })
    const added = await store.credentials.add({
      label: 'Client B token',
      credential: { kind: 'token', token: B_TOKEN },
      check: { accounts: [{ id: B, name: 'Account B' }], policies: null, status: null, expiresOn: null },
      by: 'test',
    })
    storedId = added.id
  })
  afterAll(async () => {
    if (skip) return
    await server.close()
    await upstream.close()
  })
  afterEach(() => {
    if (skip) return
    upstream.requests.length = 0
  })
  const zonesCalls = () => upstream.requests.filter((r) => r.url.startsWith('/client/v4/zones'))

  it.skipIf(skip)('lists every account once with the credential that reaches it, names only', async () => {
    const res = await rawRequest(server.url, { path: '/api/local/accounts' })
    expect(res.status).toBe(200)
    const body = JSON.parse(res.body) as { result: { default: string; accounts: { id: string; credentials: { id: string; label: string }[] }[] } }
    expect(body.result.default).toBe(A)
    expect(body.result.accounts.map((a) => [a.id, a.credentials.map((c) => c.id)])).toEqual([
      [A, ['environment']],
      [B, [storedId]],
    ])
    expect(res.body).not.toContain(B_TOKEN)
    expect(res.body).not.toContain(ENV_TOKEN)
  })

  it.skipIf(skip)("sends a request naming account B with B's credential, and the default with the environment's", async () => {
    const b = await rawRequest(server.url, { path: '/api/v4/zones', headers: { [ACCOUNT_HEADER]: B } })
    expect(b.status).toBe(200)
    const a = await rawRequest(server.url, { path: '/api/v4/zones', headers: { [ACCOUNT_HEADER]: A } })
    expect(a.status).toBe(200)
    const none = await rawRequest(server.url, { path: '/api/v4/zones' })
    expect(none.status).toBe(200)
    // The zone list kept for B's credential is never answered to A's: two calls, the third (the
    // environment's again) answered from what its first call kept.
    expect(zonesCalls().map((r) => r.headers.authorization)).toEqual([`Bearer ${B_TOKEN}`, `Bearer ${ENV_TOKEN}`])
    expect(JSON.parse(none.body)).toEqual(JSON.parse(a.body))
  })

  it.skipIf(skip)('takes a replaced secret on the next call (as if replaced on another instance)', async () => {
    await store.credentials.replace(storedId, {
      credential: { kind: 'token', token: B_TOKEN_NEW },
      check: { accounts: [{ id: B, name: 'Account B' }], policies: null, status: null, expiresOn: null },
      by: 'test',
    })
    const res = await rawRequest(server.url, { path: '/api/v4/accounts', headers: { [ACCOUNT_HEADER]: B } })
    expect(res.status).toBe(200)
    expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Bearer ${B_TOKEN_NEW}`)
  })

  it.skipIf(skip)('refuses an account no credential reaches with the service-style 403, sending nothing', async () => {
    const res = await rawRequest(server.url, { path: '/api/v4/zones', headers: { [ACCOUNT_HEADER]: C } })
    expect(res.status).toBe(403)
    const body = JSON.parse(res.body) as { success: boolean; errors: { code: number; message: string }[] }
    expect(body.success).toBe(false)
    expect(body.errors[0].code).toBe(9109)
    expect(zonesCalls()).toHaveLength(0)
  })

  it.skipIf(skip)('answers a malformed account header with a 400, sending nothing', async () => {
    const res = await rawRequest(server.url, { path: '/api/v4/zones', headers: { [ACCOUNT_HEADER]: 'not-an-account' } })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toMatchObject({ success: false, errors: [{ message: expect.stringContaining(ACCOUNT_HEADER) as string }] })
    expect(zonesCalls()).toHaveLength(0)
  })
})
