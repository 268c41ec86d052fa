import Database from 'better-sqlite3'
import { Migrator } from 'kysely'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { createDb, dialectOf, STORE_FILE } from './db'
import { migrations } from './migrations'
import { createStore, type NewAuditEntry, type StoreLocation } from '.'

/** The chain on both backends, written by several instances at once, checked after a direct edit. */
const missing = postgresMissing()
let server: TestPostgres | undefined
const dir = mkdtempSync(join(tmpdir(), 'zk-audit-chain-'))
beforeAll(async () => {
  if (!missing) server = await startPostgres()
})
afterAll(() => {
  server?.stop()
  rmSync(dir, { recursive: true, force: true })
})

interface Backend {
  name: string
  skip: boolean
  /**
   * Instances sharing the database in this process: two on PostgreSQL; one on SQLite, whose driver
   * is synchronous (a second connection in the same thread would wait on the first while blocking
   * it; instances on one SQLite file are separate processes, which its write lock serializes).
   */
  instances: number
  location: () => Promise<StoreLocation>
  /** Runs SQL straight on the database, behind the store's back. */
  raw: (loc: StoreLocation, sql: string, params: unknown[]) => Promise<void>
}
const backends: Backend[] = [
  {
    name: 'SQLite',
    skip: false,
    instances: 1,
    location: async () => ({ dataDir: mkdtempSync(join(dir, 'db-')) }),
    raw: async (loc, sql, params) => {
      const db = new Database(join(loc.dataDir, STORE_FILE))
      db.prepare(sql.replace(/\$\d+/g, '?')).run(...params)
      db.close()
    },
  },
  {
    name: 'PostgreSQL',
    skip: Boolean(missing),
    instances: 2,
    location: async () => ({ dataDir: dir, databaseUrl: await server!.createDatabase() }),
    raw: async (loc, sql, params) => {
      const client = new pg.Client({ connectionString: loc.databaseUrl })
      await client.connect()
      await client.query(sql, params)
      await client.end()
    },
  },
]

const entry = (over: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
  at: Date.now(), requestId: 'r', personId: 'p-ada', username: 'ada', personName: 'Ada', mode: 'sandbox', zoneId: 'z1', zoneName: 'example.com',
  area: 'dns', resourceType: 'dns_record', resourceId: 'rec1', action: 'update', method: 'PATCH', path: '/zones/z1/dns_records/rec1',
  outcome: 'success', status: 200, errors: [], before: { content: 'a' }, after: { content: 'b' }, undoOf: null, ...over,
})

describe.each(backends)('the audit chain on $name', ({ skip, location, raw, instances }) => {
  it.skipIf(skip)('chains entries written concurrently (by two instances on PostgreSQL), and verify names the row edited in the database', async () => {
    const loc = await location()
    // Both instances sign with the audit key (every instance needs it: src/server/audit/README.md).
    const one = createStore({ ...loc, auditKey: 'the same key on every instance, 32+ chars' })
    await one.open()
    const two = instances > 1 ? createStore({ ...loc, auditKey: 'the same key on every instance, 32+ chars' }) : one
    await two.open()
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).audit.add(entry({ requestId: `r${i}`, label: `A n${i}.example.com` }))))
    expect(new Set(ids).size).toBe(30)
    const report = await one.audit.verify()
    expect(report).toMatchObject({ ok: true, checked: 30, verifiedUpTo: Math.max(...ids), brokenAt: null, signedFrom: Math.min(...ids) })
    const all = (await one.audit.list({}, 1, 100)).entries
    expect(all.every((e) => /^[0-9a-f]{64}$/.test(e.hash ?? ''))).toBe(true)

    // Someone with access to the database changes one entry's content.
    const victim = [...ids].sort((a, b) => a - b)[12]
    await raw(loc, 'UPDATE audit_log SET after = $1 WHERE id = $2', ['{"content":"forged"}', victim])
    const broken = await two.audit.verify()
    expect(broken).toMatchObject({ ok: false, brokenAt: victim, verifiedUpTo: victim - 1 })
    expect(broken.reason).toContain(`Entry ${victim} was changed`)
    await one.close()
    if (two !== one) await two.close()
  })

  it.skipIf(skip)('sees an entry removed from the middle and from the end', async () => {
    const loc = await location()
    const store = createStore(loc)
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push(await store.audit.add(entry({ requestId: `r${i}` })))
    await raw(loc, 'DELETE FROM audit_log WHERE id = $1', [ids[2]])
    expect(await store.audit.verify()).toMatchObject({ ok: false, brokenAt: ids[3] })
    const loc2 = await location()
    const other = createStore(loc2)
    const more: number[] = []
    for (let i = 0; i < 3; i++) more.push(await other.audit.add(entry({ requestId: `r${i}` })))
    await raw(loc2, 'DELETE FROM audit_log WHERE id = $1', [more[2]])
    const r = await other.audit.verify()
    expect(r.ok).toBe(false)
    expect(r.reason).toContain('newest entries')
    await store.close()
    await other.close()
  })

  it.skipIf(skip)('retention records a checkpoint: the remaining chain still verifies', async () => {
    const loc = await location()
    const store = createStore(loc)
    for (let i = 0; i < 6; i++) await store.audit.add(entry({ at: 1_000 + i * 1_000 }))
    expect(await store.audit.prune(3_500)).toBe(3)
    expect(await store.audit.verify()).toMatchObject({ ok: true, checked: 3 })
    expect((await store.audit.verify()).anchorId).toBeGreaterThan(0)
    await store.audit.add(entry({ at: 9_000 }))
    expect(await store.audit.verify()).toMatchObject({ ok: true, checked: 4 })
    await store.close()
  })

  it.skipIf(skip)('the migration chains and names the entries written before the chain', async () => {
    const loc = await location()
    const dialect = dialectOf(loc)
    const db = createDb(loc)
    const older = Object.fromEntries(Object.entries(migrations(dialect)).filter(([name]) => name < '0023'))
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => older }, allowUnorderedMigrations: true }).migrateToLatest()
    expect(error).toBeUndefined()
    const row = { at: 1, request_id: 'r', person_id: 'p', username: 'ada', person_name: 'Ada', mode: 'sandbox', zone_id: 'z', zone_name: 'example.com', area: 'dns', resource_type: 'dns_record', resource_id: 'x', action: 'delete', method: 'DELETE', path: '/p', outcome: 'success', status: 200, errors: null, before: JSON.stringify({ type: 'CNAME', name: 'shop.example.com' }), after: null, undo_of: null, restore_point: null }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table as it was before this migration
    const old = db as any
    await old.insertInto('audit_log').values(row).execute()
    await old.insertInto('audit_log').values({ ...row, action: 'undo', undo_of: 1, before: null, after: JSON.stringify({ type: 'CNAME', name: 'shop.example.com' }) }).execute()
    await db.destroy()
    const store = createStore(loc)
    expect(await store.audit.verify()).toMatchObject({ ok: true, checked: 2 })
    expect((await store.audit.get(1))?.label).toBe('CNAME shop.example.com')
    expect(await store.audit.undoneBy(1)).toBe(2)
    await store.audit.add(entry())
    expect(await store.audit.verify()).toMatchObject({ ok: true, checked: 3 })
    await store.close()
  })

  it.skipIf(skip)('lets exactly one of many concurrent undos of one entry through (two instances on PostgreSQL)', async () => {
    const loc = await location()
    const one = createStore(loc)
    await one.open()
    const two = instances > 1 ? createStore(loc) : one
    const id = await one.audit.add(entry())
    const who = (n: number) => ({ personId: `p${n}`, username: `u${n}`, personName: `U${n}` })
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => (n % 2 ? one : two).audit.undo.reserve(id, who(n))))
    expect(results.filter((r) => r.won)).toHaveLength(1)
    const losers = results.filter((r) => !r.won)
    expect(new Set(losers.map((r) => (r.won ? '' : r.by.username))).size).toBe(1)
    // Released (the write failed): another may try; done: nobody again.
    await one.audit.undo.release(id)
    expect((await two.audit.undo.reserve(id, who(9))).won).toBe(true)
    await two.audit.undo.done(id, 77)
    await one.audit.undo.release(id)
    expect(await one.audit.undo.reserve(id, who(10))).toMatchObject({ won: false, by: { username: 'u9', state: 'done', undoEntryId: 77 } })
    expect(await one.audit.undoneBy(id)).toBe(77)
    await one.close()
    if (two !== one) await two.close()
  })
})
