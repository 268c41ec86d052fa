import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../seed-ids'
import { migrateRulesets } from './schema'
import { rulesetsModule } from '.'

let em: ModuleEmulator
beforeAll(() => {
  em = createModuleEmulator([rulesetsModule])
}, 60_000)
afterAll(() => em.close())

const rule = (expression: string) => ({ action: 'block', expression, description: expression })

describe.each([
  ['zone', `/zones/${SEED_ZONES.demo.id}`, 'zone'],
  ['account', `/accounts/${DEMO_ACCOUNT.id}`, 'root'],
])('%s rulesets: rules one by one and versions', (_level, prefix, entryKind) => {
  it('adds, edits, moves and deletes rules, each a new version that can be read back', async () => {
    const created = await call(em.app, 'POST', `${prefix}/rulesets`, {
      name: 'sdk custom',
      kind: 'custom',
      phase: 'http_request_firewall_custom',
      rules: [rule('ip.src eq 192.0.2.1')],
    })
    expect(created.status, JSON.stringify(created.body.errors)).toBe(200)
    const set = created.body.result
    const base = `${prefix}/rulesets/${set.id}`
    const added = await call(em.app, 'POST', `${base}/rules`, { ...rule('ip.src eq 192.0.2.2'), position: { index: 1 } })
    expect(added.body.result.version).toBe('2')
    expect(added.body.result.rules.map((r: { expression: string }) => r.expression)).toEqual([
      'ip.src eq 192.0.2.2',
      'ip.src eq 192.0.2.1',
    ])
    const second = added.body.result.rules[1].id
    const edited = await call(em.app, 'PATCH', `${base}/rules/${second}`, { enabled: false })
    expect(edited.body.result.rules[1]).toMatchObject({ id: second, enabled: false, version: '3' })
    const deleted = await call(em.app, 'DELETE', `${base}/rules/${second}`)
    expect(deleted.body.result.rules).toHaveLength(1)

    const versions = (await call(em.app, 'GET', `${base}/versions`)).body.result.map((v: { version: string }) => v.version)
    expect(versions).toEqual(['4', '3', '2', '1'])
    const v1 = await call(em.app, 'GET', `${base}/versions/1`)
    expect(v1.body.result.rules.map((r: { expression: string }) => r.expression)).toEqual(['ip.src eq 192.0.2.1'])
    expect((await em.app.request(`${base}/versions/1`, { method: 'DELETE' })).status).toBe(204)
    expect((await call(em.app, 'GET', `${base}/versions/1`)).status).toBe(404)
    expect((await call(em.app, 'DELETE', `${base}/versions/4`)).status).toBe(400)
    expect((await call(em.app, 'PATCH', `${base}/rules/${'0'.repeat(32)}`, { enabled: true })).status).toBe(404)
  })

  it('a rule sent without action or expression is refused in plain words, at each field', async () => {
    const created = await call(em.app, 'POST', `${prefix}/rulesets`, {
      name: 'empty rule',
      kind: 'custom',
      phase: 'http_request_firewall_custom',
    })
    const r = await call(em.app, 'POST', `${prefix}/rulesets/${created.body.result.id}/rules`, {})
    expect(r.status).toBe(400)
    const byPointer = Object.fromEntries(
      r.body.errors.map((e: { source?: { pointer: string }; message: string }) => [e.source?.pointer, e.message]),
    )
    expect(byPointer['/action']).toMatch(/action is required/)
    expect(byPointer['/expression']).toMatch(/expression is required/)
  })

  it('phase entry points: put twice, then read its versions', async () => {
    const ep = `${prefix}/rulesets/phases/http_ratelimit/entrypoint`
    const first = await call(em.app, 'PUT', ep, { rules: [rule('true')] })
    expect(first.status, JSON.stringify(first.body.errors)).toBe(200)
    expect(first.body.result.kind).toBe(entryKind)
    await call(em.app, 'PUT', ep, { rules: [rule('true'), rule('false')] })
    const list = (await call(em.app, 'GET', `${ep}/versions`)).body.result
    expect(list.map((v: { version: string }) => v.version)).toEqual(['2', '1'])
    expect((await call(em.app, 'GET', `${ep}/versions/1`)).body.result.rules).toHaveLength(1)
  })
})

describe('account level', () => {
  it("refuses a zone entry point at account level, and lists only the account's rulesets", async () => {
    const acc = `/accounts/${DEMO_ACCOUNT.id}/rulesets`
    expect((await call(em.app, 'POST', acc, { name: 'x', kind: 'zone', phase: 'http_request_firewall_custom' })).status).toBe(400)
    const list = (await call(em.app, 'GET', acc)).body.result as { kind: string }[]
    expect(list.every((r) => r.kind !== 'zone')).toBe(true)
    expect((await call(em.app, 'GET', `/accounts/${'f'.repeat(32)}/rulesets`)).status).toBe(404)
  })
})

describe('migrateRulesets', () => {
  it('rebuilds a table from before account rulesets, keeping its rows and rules', () => {
    const db = new Database(':memory:')
    db.exec(`CREATE TABLE accounts (id TEXT PRIMARY KEY); CREATE TABLE zones (id TEXT PRIMARY KEY);
      INSERT INTO zones VALUES ('z1');
      CREATE TABLE rulesets (id TEXT PRIMARY KEY, zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE, name TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL, phase TEXT NOT NULL, version INTEGER NOT NULL, last_updated TEXT NOT NULL);
      CREATE TABLE ruleset_rules (ruleset_id TEXT NOT NULL REFERENCES rulesets(id) ON DELETE CASCADE, id TEXT NOT NULL);
      INSERT INTO rulesets VALUES ('r1', 'z1', 'n', '', 'zone', 'p', 1, 't');
      INSERT INTO ruleset_rules VALUES ('r1', 'rule1');`)
    db.pragma('foreign_keys = ON')
    migrateRulesets(db)
    expect(db.prepare('SELECT id, zone_id, account_id FROM rulesets').all()).toEqual([
      { id: 'r1', zone_id: 'z1', account_id: null },
    ])
    db.prepare('DELETE FROM zones').run()
    expect(db.prepare('SELECT COUNT(*) AS n FROM ruleset_rules').get()).toEqual({ n: 0 })
    migrateRulesets(db)
    db.close()
  })
})
