import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'
import { createStore, STORE_FILE, type Store } from '.'

const { backends, dir } = storeBackends('zk-store-')

describe.each(backends)('the store on $name', ({ skip, open }) => {
  let clock = 1_000_000
  let store: Store
  beforeAll(async () => {
    if (skip) return
    store = await open(() => clock)
  })
  afterAll(async () => {
    await store?.close()
  })

  it.skipIf(skip)('adds people with unique usernames and keeps their scope', async () => {
    expect(await store.people.count()).toBe(0)
    const ada = await store.people.add({
      username: 'Ada',
      displayName: 'Ada L.',
      role: 'editor',
      zones: ['example.com', 'B.com'],
      passwordHash: 'h',
    })
    expect(ada).toMatchObject({
      username: 'ada',
      role: 'editor',
      zones: ['b.com', 'example.com'],
      disabled: false,
      hasPassword: true,
    })
    expect(
      await store.people.add({ username: 'ADA', displayName: 'x', role: 'viewer', zones: '*', passwordHash: null }),
    ).toBeUndefined()
    const boss = await store.people.add({
      username: 'boss',
      displayName: 'Boss',
      role: 'admin',
      zones: ['x.com'],
      passwordHash: null,
    })
    expect(boss?.zones).toBe('*')
    expect((await store.people.list()).map((p) => p.username)).toEqual(['ada', 'boss'])
    expect((await store.people.byUsername('ADA'))?.passwordHash).toBe('h')
    expect(await store.people.otherActiveAdmins(boss!.id)).toBe(0)
    const changed = await store.people.update(ada!.id, { role: 'viewer', zones: '*', disabled: true })
    expect(changed).toMatchObject({ role: 'viewer', zones: '*', disabled: true })
    expect(JSON.stringify(await store.people.list())).not.toContain('passwordHash')
  })

  it.skipIf(skip)('keeps sessions server-side with idle and absolute expiry', async () => {
    const p = (await store.people.add({ username: 'sam', displayName: 'Sam', role: 'viewer', zones: '*', passwordHash: null }))!
    const a = await store.sessions.create(p.id, '10.0.0.1', 'Firefox')
    const b = await store.sessions.create(p.id, '10.0.0.2', 'Chrome')
    expect((await store.sessions.resolve(a.token))?.personId).toBe(p.id)
    expect(await store.sessions.resolve(a.token + 'x')).toBeUndefined()
    expect((await store.sessions.list(p.id)).map((s) => s.address).sort()).toEqual(['10.0.0.1', '10.0.0.2'])
    expect(await store.sessions.endByToken(a.token)).toEqual({ idToken: null })
    expect(await store.sessions.resolve(a.token)).toBeUndefined()
    expect(await store.sessions.endByToken(a.token)).toBeUndefined()
    // A single sign-on session keeps the provider's ID token until it ends (for signing out there).
    const sso = await store.sessions.create(p.id, '10.0.0.9', 'Firefox', 'eyJ.id-token.sig')
    expect(await store.sessions.endByToken(sso.token)).toEqual({ idToken: 'eyJ.id-token.sig' })
    // Idle: untouched for longer than the idle limit.
    clock += store.sessions.policy.idleMs
    expect(await store.sessions.resolve(b.token)).toBeUndefined()
    // Absolute: used every hour, still ends after the absolute limit.
    const c = await store.sessions.create(p.id, '10.0.0.3', 'Safari')
    for (let used = 0; used < store.sessions.policy.absoluteMs - 3_600_000; used += 3_600_000) {
      clock += 3_600_000
      expect(await store.sessions.resolve(c.token)).toBeDefined()
    }
    clock += 3_600_000
    expect(await store.sessions.resolve(c.token)).toBeUndefined()
    const d = await store.sessions.create(p.id, '10.0.0.4', 'Edge')
    expect(await store.sessions.end(p.id, d.handle)).toBe(true)
    expect(await store.sessions.resolve(d.token)).toBeUndefined()
    await store.sessions.create(p.id, '10.0.0.5', 'Edge')
    expect(await store.sessions.endAll(p.id)).toBe(1)
  })

  it.skipIf(skip)('resolves a session with its person in one call, as each signed-in request does', async () => {
    const p = (await store.people.add({
      username: 'joy',
      displayName: 'Joy',
      role: 'editor',
      zones: ['example.com'],
      passwordHash: 'h',
    }))!
    const s = await store.sessions.create(p.id, '10.0.0.7', 'Firefox')
    const found = await store.sessions.resolveWithPerson(s.token)
    expect(found?.session).toMatchObject({ handle: s.handle, personId: p.id, address: '10.0.0.7', userAgent: 'Firefox', practice: false })
    // The person as the people store reads it.
    expect(found?.person).toEqual(await store.people.byId(p.id))
    expect(found?.person).toMatchObject({
      username: 'joy',
      role: 'editor',
      zones: ['example.com'],
      disabled: false,
      passwordHash: 'h',
    })
    expect(found?.person.createdAt).toBe(p.createdAt)
    // A change to the person shows at once (nothing is kept between requests).
    await store.people.update(p.id, { disabled: true })
    expect((await store.sessions.resolveWithPerson(s.token))?.person.disabled).toBe(true)
    expect(await store.sessions.resolveWithPerson(s.token + 'x')).toBeUndefined()
    expect(await store.sessions.resolveWithPerson(undefined)).toBeUndefined()
    // An idle session ends here too, and is removed.
    clock += store.sessions.policy.idleMs
    expect(await store.sessions.resolveWithPerson(s.token)).toBeUndefined()
    expect(await store.sessions.list(p.id)).toEqual([])
  })

  it.skipIf(skip)('counts sign-in failures across calls and forgets them after a day', async () => {
    await store.throttle.fail(['address:1', 'account:sam'])
    await store.throttle.fail(['address:1'])
    const counts = await store.throttle.get(['address:1', 'account:sam', 'address:2'])
    expect(counts.get('address:1')?.failures).toBe(2)
    expect(counts.get('account:sam')?.failures).toBe(1)
    expect(counts.has('address:2')).toBe(false)
    clock += 25 * 3_600_000
    expect((await store.throttle.get(['address:1'])).size).toBe(0)
    await store.throttle.fail(['address:1'])
    expect((await store.throttle.get(['address:1'])).get('address:1')?.failures).toBe(1)
    await store.throttle.clear(['address:1'])
    expect((await store.throttle.get(['address:1'])).size).toBe(0)
  })

  it.skipIf(skip)('keeps API tokens hashed and revocable', async () => {
    const p = (await store.people.add({ username: 'tok', displayName: 'Tok', role: 'viewer', zones: '*', passwordHash: null }))!
    const { token, info } = await store.apiTokens.create(p.id, 'ci')
    expect(await store.apiTokens.resolve(token)).toBe(p.id)
    // One character changed (never to itself: a random token ends in 'x' once in 64).
    expect(await store.apiTokens.resolve(token.slice(0, -1) + (token.endsWith('x') ? 'y' : 'x'))).toBeUndefined()
    expect((await store.apiTokens.list(p.id)).map((t) => [t.name, t.prefix])).toEqual([['ci', token.slice(0, 10)]])
    expect(await store.apiTokens.revoke(p.id, info.id)).toBe(true)
    expect(await store.apiTokens.resolve(token)).toBeUndefined()
  })

  it.skipIf(skip)('keeps settings set once', async () => {
    expect(await store.settings.setIfAbsent('k', 'one')).toBe('one')
    expect(await store.settings.setIfAbsent('k', 'two')).toBe('one')
    await store.settings.delete('k')
    expect(await store.settings.get('k')).toBeUndefined()
  })

  it.skipIf(skip)('keeps the review ledger append-only, latest per script', async () => {
    const base = {
      zone_id: 'z',
      verdict: 'expected',
      note: 'n',
      reviewer: 'Ada',
      reviewer_id: null,
      reviewed_at: 't',
      script_url: 'u',
      script_host: 'h',
      script_hash: null,
      js_integrity_score: 1,
      malware_score: null,
      magecart_score: null,
      cryptomining_score: null,
    }
    const first = await store.reviews.add({ ...base, script_id: 's1' })
    await store.reviews.add({ ...base, script_id: 's2' })
    await store.reviews.add({ ...base, script_id: 's1', verdict: 'investigate' })
    expect(typeof first.id).toBe('number')
    expect((await store.reviews.latest('z')).map((r) => [r.script_id, r.verdict])).toEqual([
      ['s1', 'investigate'],
      ['s2', 'expected'],
    ])
    expect((await store.reviews.history('z', 's1')).length).toBe(2)
    expect((await store.reviews.all('z')).map((r) => r.id)).toEqual(
      [...(await store.reviews.all('z')).map((r) => r.id)].sort((a, b) => a - b),
    )
  })
})

describe('the SQLite file', () => {
  it('is created readable by its owner only, and a second open keeps the data (migrations run once)', async () => {
    const d = join(dir, 'perm')
    const a = createStore({ dataDir: d })
    await a.people.add({ username: 'x', displayName: 'X', role: 'viewer', zones: '*', passwordHash: null })
    await a.close()
    expect(statSync(join(d, STORE_FILE)).mode & 0o777).toBe(0o600)
    const b = createStore({ dataDir: d })
    expect(await b.people.count()).toBe(1)
    await b.close()
  })
})
