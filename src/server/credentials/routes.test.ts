import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore, type Store } from '../store'
import { createUpstream } from '../upstream'
import { startFakeUpstream, type FakeHandler, type FakeUpstream } from '../../testing/fake-upstream'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { fakeEmulator, testConfig } from '../../testing/server'
import { memoryEmulator } from '../../testing/memory-emulator'
import { credentialSend } from './send'
import type { SendWith } from './verify'

const w = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const ENV_TOKEN = 'EnvironmentTokenSecret-0123456789'
const GOOD = 'cfut_GoodTokenSecret0123456789abcdef'
const NEWER = 'cfut_NewerTokenSecret9876543210fedcba'
const BAD = 'cfut_BadTokenSecret5555555555555555'
const ACCOUNT_TOKEN = 'cfat_AccountTokenSecret777777777777'
const GLOBAL_KEY = 'cfk_GlobalKeySecret88888888888888888'
const DISABLED = 'cfut_DisabledTokenSecret666666666666'
const SECRETS = [ENV_TOKEN, GOOD, NEWER, BAD, ACCOUNT_TOKEN, GLOBAL_KEY, DISABLED]

const envelope = (result: unknown, errors: { code: number; message: string }[] = []) => JSON.stringify({ result, success: errors.length === 0, errors, messages: [] })

/** The service, as far as a credential's check goes: verify and /accounts; one token refused with the service's words (and the token echoed, as a careless service might). */
const service: FakeHandler = (req, res) => {
  const auth = String(req.headers.authorization ?? '')
  const key = String(req.headers['x-auth-key'] ?? '')
  res.setHeader('content-type', 'application/json')
  if (auth.includes(BAD)) return res.writeHead(401).end(envelope(null, [{ code: 1000, message: `Invalid API Token ${BAD}` }]))
  if (req.url.startsWith('/client/v4/user/tokens/verify')) {
    if (!auth.startsWith('Bearer cfut_')) return res.writeHead(401).end(envelope(null, [{ code: 1000, message: 'Invalid API Token' }]))
    // A token the service still knows but that no longer works: verify answers 200 with its status.
    if (auth.includes(DISABLED)) return res.end(envelope({ id: 'tok2', status: 'disabled' }))
    return res.end(envelope({ id: 'tok1', status: 'active', expires_on: '2031-05-01T00:00:00Z' }))
  }
  if (req.url.startsWith('/client/v4/accounts')) {
    if (key && key !== GLOBAL_KEY) return res.writeHead(403).end(envelope(null, [{ code: 9103, message: 'Unknown X-Auth-Key or X-Auth-Email' }]))
    const accounts = auth.includes('cfat_') ? [{ id: 'acc-2', name: 'Client Two' }] : [{ id: 'acc-1', name: 'Client One' }]
    return res.end(envelope(accounts))
  }
  res.end(envelope({ seen: auth }))
}

describe('the credential vault routes (live mode)', () => {
  let upstream: FakeUpstream
  let store: Store
  let app: Hono
  let admin = ''
  let editor = ''
  const logs: string[] = []
  beforeAll(async () => {
    upstream = await startFakeUpstream(service)
    store = createStore({ dataDir: ':memory:', credentialsKey: randomBytes(32) })
    app = createApp({ config: testConfig({ credential: { kind: 'token', token: ENV_TOKEN }, apiBaseUrl: upstream.url }), store, budget: { off: true }, log: (l) => logs.push(l) })
    admin = await sessionCookie(app, 'boss', (await addPerson(store, 'boss', 'admin')).password)
    editor = await sessionCookie(app, 'eddie', (await addPerson(store, 'eddie', 'editor')).password)
  })
  afterAll(async () => {
    await store.close()
    await upstream.close()
  })
  const call = (method: string, path: string, body?: unknown, cookie = admin) =>
    app.request(path, { method, headers: { ...w, cookie }, body: body === undefined ? undefined : JSON.stringify(body) })
  const noSecretIn = (text: string) => {
    for (const s of SECRETS) expect(text).not.toContain(s)
  }

  it('refuses everyone below administrator, at the door', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/local/credentials'],
      ['POST', '/api/local/credentials', { kind: 'token', label: 'x', token: GOOD }],
      ['PUT', '/api/local/credentials/x', { kind: 'token', token: GOOD }],
      ['DELETE', '/api/local/credentials/x'],
    ] as const) {
      expect((await call(method, path, body, editor)).status, `${method} ${path}`).toBe(403)
    }
    expect(await store.credentials.list()).toEqual([])
  })

  it('adds a token after a live check (accounts, expiry), lists it without its secret, the environment first', async () => {
    const before = upstream.requests.length
    const res = await call('POST', '/api/local/credentials', { kind: 'token', label: 'Client One', token: GOOD })
    expect(res.status).toBe(200)
    const added = (await res.json()).result
    expect(added).toMatchObject({ label: 'Client One', family: 'user', accounts: [{ id: 'acc-1', name: 'Client One' }], expires_on: '2031-05-01T00:00:00Z', status: 'active', created_by: 'Boss (boss)' })
    // Checked with the NEW credential: verify, then the accounts.
    const checks = upstream.requests.slice(before)
    expect(checks.map((r) => r.url)).toEqual(['/client/v4/user/tokens/verify', '/client/v4/accounts?per_page=50'])
    expect(checks.every((r) => r.headers.authorization === `Bearer ${GOOD}`)).toBe(true)

    const acc = await call('POST', '/api/local/credentials', { kind: 'token', label: 'Client Two', token: ACCOUNT_TOKEN })
    expect((await acc.json()).result).toMatchObject({ family: 'account', accounts: [{ id: 'acc-2', name: 'Client Two' }] })
    const key = await call('POST', '/api/local/credentials', { kind: 'key', label: 'Old agency key', email: 'ops@example.com', key: GLOBAL_KEY })
    expect((await key.json()).result).toMatchObject({ family: 'global', kind: 'key', email: 'ops@example.com' })

    const list = await call('GET', '/api/local/credentials')
    const text = await list.text()
    noSecretIn(text)
    const page = JSON.parse(text).result
    expect(page.key).toBe(true)
    expect(page.credentials.map((c: { label: string; source: string }) => [c.label, c.source])).toEqual([
      ['From the environment', 'environment'],
      ['Client One', 'vault'],
      ['Client Two', 'vault'],
      ['Old agency key', 'vault'],
    ])
  })

  it('a refused credential is not stored: the service\u2019s words at the token field, without the token', async () => {
    const n = (await store.credentials.list()).length
    const res = await call('POST', '/api/local/credentials', { kind: 'token', label: 'Broken', token: BAD })
    expect(res.status).toBe(400)
    const text = await res.text()
    noSecretIn(text)
    expect(JSON.parse(text).errors[0]).toMatchObject({ source: { pointer: '/token' }, message: expect.stringContaining('Invalid API Token') })
    const wrongKey = await call('POST', '/api/local/credentials', { kind: 'key', label: 'Wrong', email: 'ops@example.com', key: 'cfk_NotTheKey' })
    expect(wrongKey.status).toBe(400)
    expect((await wrongKey.json()).errors[0]).toMatchObject({ source: { pointer: '/key' }, message: 'Unknown X-Auth-Key or X-Auth-Email' })
    // Verify says 200 but the token is disabled: refused all the same, by its status.
    const disabled = await call('POST', '/api/local/credentials', { kind: 'token', label: 'Disabled', token: DISABLED })
    expect(disabled.status).toBe(400)
    expect((await disabled.json()).errors[0]).toMatchObject({ source: { pointer: '/token' }, message: 'This API token is disabled: it cannot be used.' })
    // A global key entered as a token: refused by its prefix, before any call sends it as a Bearer token.
    const sent = upstream.requests.length
    const keyAsToken = await call('POST', '/api/local/credentials', { kind: 'token', label: 'Key as token', token: GLOBAL_KEY })
    expect(keyAsToken.status).toBe(400)
    expect((await keyAsToken.json()).errors[0]).toMatchObject({ source: { pointer: '/token' }, message: expect.stringContaining('global API key (cfk_') })
    expect(upstream.requests.length).toBe(sent)
    expect((await store.credentials.list()).length).toBe(n)
  })

  it('replace takes effect on the next upstream call, without a restart; the environment\u2019s cannot be replaced or removed', async () => {
    const one = (await store.credentials.list()).find((c) => c.label === 'Client One')!
    const sendWith: SendWith = (credential) => createUpstream({ baseUrl: upstream.url, credential, timeoutMs: 5_000 })
    const send = credentialSend(store.credentials, one.id, sendWith)
    const seen = async () => {
      const before = upstream.requests.length
      await (await send({ method: 'GET', pathAndQuery: '/zones' })).text()
      return upstream.requests.slice(before)[0].headers.authorization
    }
    expect(await seen()).toBe(`Bearer ${GOOD}`)
    const res = await call('PUT', `/api/local/credentials/${one.id}`, { kind: 'token', token: NEWER })
    expect(res.status).toBe(200)
    const text = await res.text()
    noSecretIn(text)
    expect(JSON.parse(text).result).toMatchObject({ replaced_by: 'Boss (boss)' })
    expect(await seen()).toBe(`Bearer ${NEWER}`)
    // A refused replacement keeps the old secret.
    expect((await call('PUT', `/api/local/credentials/${one.id}`, { kind: 'token', token: BAD })).status).toBe(400)
    expect(await seen()).toBe(`Bearer ${NEWER}`)
    expect((await store.credentials.get(one.id))?.lastUsedAt).not.toBeNull()

    expect((await call('PUT', '/api/local/credentials/environment', { kind: 'token', token: GOOD })).status).toBe(409)
    expect((await call('DELETE', '/api/local/credentials/environment')).status).toBe(409)
    expect((await call('DELETE', '/api/local/credentials/nope')).status).toBe(404)
  })

  it('remove; every add, replace and remove is audited with label, kind and who, and no secret reaches the audit log or the request log', async () => {
    const two = (await store.credentials.list()).find((c) => c.label === 'Client Two')!
    const res = await call('DELETE', `/api/local/credentials/${two.id}`)
    expect((await res.json()).result).toEqual({ id: two.id, label: 'Client Two' })
    expect(await store.credentials.get(two.id)).toBeUndefined()

    const { entries } = await store.audit.list({ area: 'credentials' }, 1, 100)
    const all = JSON.stringify(entries)
    noSecretIn(all)
    const ok = entries.filter((e) => e.outcome === 'success').map((e) => [e.action, (e.after as { label?: string } | null)?.label ?? (e.before as { label?: string }).label, e.personName])
    expect(ok).toEqual(
      expect.arrayContaining([
        ['create', 'Client One', expect.stringContaining('Boss')],
        ['replace', 'Client One', expect.stringContaining('Boss')],
        ['delete', 'Client Two', expect.stringContaining('Boss')],
      ]),
    )
    // The whole audit log (refusals included) and every logged line.
    noSecretIn(JSON.stringify((await store.audit.list({}, 1, 500)).entries))
    noSecretIn(logs.join('\n'))
  })
})

describe('the credential vault without a key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zk-vault-nokey-'))
  const key = randomBytes(32)
  const store = createStore({ dataDir: dir })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('lists (the page opens) but refuses to add, naming both settings and how to make a key', async () => {
    const list = await app.request('/api/local/credentials')
    expect((await list.json()).result).toMatchObject({ key: false, no_key_message: expect.stringContaining('CREDENTIALS_KEY_FILE'), credentials: [] })
    const res = await app.request('/api/local/credentials', { method: 'POST', headers: w, body: JSON.stringify({ kind: 'token', label: 'A', token: GOOD }) })
    expect(res.status).toBe(409)
    const message = (await res.json()).errors[0].message
    expect(message).toContain('CREDENTIALS_KEY ')
    expect(message).toContain('CREDENTIALS_KEY_FILE')
    expect(message).toContain('openssl rand -base64 32')
    expect(await store.credentials.list()).toEqual([])
  })

  it('refuses to replace a stored credential too, before checking the new secret; the stored one stays', async () => {
    // Stored earlier, under the key this instance was started without.
    const keyed = createStore({ dataDir: dir, credentialsKey: key })
    const stored = await keyed.credentials.add({ label: 'Client', credential: { kind: 'token', token: GOOD }, check: { accounts: [], policies: null, status: 'active', expiresOn: null }, by: 'x' })
    const res = await app.request(`/api/local/credentials/${stored.id}`, { method: 'PUT', headers: w, body: JSON.stringify({ kind: 'token', token: NEWER }) })
    expect(res.status).toBe(409)
    expect((await res.json()).errors[0].message).toContain('CREDENTIALS_KEY_FILE')
    expect(await keyed.credentials.secretOf(stored.id)).toEqual({ kind: 'token', token: GOOD })
    await keyed.close()
  })
})

describe('the credential vault in the sandbox (the in-process emulator)', () => {
  const store = createStore({ dataDir: ':memory:', credentialsKey: randomBytes(32) })
  const emulator = memoryEmulator({ scaleZones: false })
  const app = createApp({ config: testConfig(), emulator, store })
  afterAll(async () => {
    await store.close()
    emulator.close()
  })

  it('checks a token against the emulator\u2019s verify; where it has no /accounts yet, the accounts are left empty rather than refused', async () => {
    const res = await app.request('/api/local/credentials', { method: 'POST', headers: w, body: JSON.stringify({ kind: 'token', label: 'Sandbox', token: GOOD }) })
    expect(res.status).toBe(200)
    const added = (await res.json()).result
    expect(added).toMatchObject({ label: 'Sandbox', family: 'user', status: 'active' })
    expect(Array.isArray(added.accounts)).toBe(true)
    expect(await store.credentials.secretOf(added.id)).toEqual({ kind: 'token', token: GOOD })
  })
})
