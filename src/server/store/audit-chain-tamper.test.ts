import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { entryHash } from './audit-chain'
import { STORE_FILE } from './db'
import { createStore, type NewAuditEntry } from '.'

/**
 * What someone with write access to the database can do to the audit chain, and what verify sees.
 * SQLite alone: the chain's code is the same on PostgreSQL (audit-chain.test.ts runs both).
 */
const dir = mkdtempSync(join(tmpdir(), 'zk-audit-tamper-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const KEY = 'k'.repeat(16) + '0123456789abcdef0123456789abcdef'

let n = 0
const entry = (over: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
  at: 1_700_000_000_000 + ++n, requestId: `r${n}`, personId: 'p-ada', username: 'ada', personName: 'Ada', mode: 'sandbox', zoneId: 'z1', zoneName: 'example.com',
  area: 'dns', resourceType: 'dns_record', resourceId: 'rec1', action: 'update', method: 'PATCH', path: '/zones/z1/dns_records/rec1',
  outcome: 'failure', status: 400, errors: [{ code: 9005, message: 'no' }], before: { content: 'a' }, after: { content: 'b' }, undoOf: null,
  restorePoint: '$ORIGIN example.com.', label: 'A shop.example.com', tokenPrefix: 'zk_AbCdEfG', address: '192.0.2.1', account: 'b'.repeat(32), ...over,
})
type Row = Record<string, unknown> & { id: number; hash: string; prev_hash: string }

function place() {
  const dataDir = mkdtempSync(join(dir, 'db-'))
  const raw = () => new Database(join(dataDir, STORE_FILE))
  return { dataDir, raw }
}

describe('the audit chain against someone who can write the database', () => {
  it('covers every column of an entry: changing any one of them (each in turn, the id too) makes verify fail', async () => {
    const { dataDir, raw } = place()
    const store = createStore({ dataDir })
    const first = await store.audit.add(entry())
    await store.audit.add(entry())
    const last = await store.audit.add(entry({ undoOf: first }))
    expect(await store.audit.verify()).toMatchObject({ ok: true, checked: 3 })

    const db = raw()
    // The table's columns as the database has them, so a column added later and left out of the hash is caught here.
    const columns = (db.prepare('PRAGMA table_info(audit_log)').all() as { name: string }[]).map((c) => c.name).filter((c) => c !== 'hash' && c !== 'mac')
    expect(columns.length).toBeGreaterThan(20)
    const original = db.prepare('SELECT * FROM audit_log WHERE id = ?').get(last) as Row
    const passed: string[] = []
    for (const column of columns) {
      const was = original[column]
      expect(was, `${column} of the test entry is filled`).not.toBeNull()
      const forged = typeof was === 'number' ? was + 1 : `${String(was)} `
      const at = column === 'id' ? forged : last
      db.prepare(`UPDATE audit_log SET "${column}" = ? WHERE id = ?`).run(forged, last)
      // Renumbering the newest entry: the head is moved with it, so only the hash can tell.
      if (column === 'id') db.prepare('UPDATE audit_chain SET last_id = ?').run(forged)
      if ((await store.audit.verify()).ok) passed.push(column)
      db.prepare(`UPDATE audit_log SET "${column}" = ? WHERE id = ?`).run(was, at)
      if (column === 'id') db.prepare('UPDATE audit_chain SET last_id = ?').run(last)
      expect(await store.audit.verify(), `after restoring ${column}`).toMatchObject({ ok: true })
    }
    expect(passed, 'columns a change of which verify did not see').toEqual([])
    db.close()
    await store.close()
  })

  it('the account a change went through: said by its entry and filtered by; cleared or set afterwards, verify fails; an entry without one keeps the hash it had before the column', async () => {
    const { dataDir, raw } = place()
    const store = createStore({ dataDir })
    const B = 'b'.repeat(32)
    const viaB = await store.audit.add(entry({ account: B }))
    const viaDefault = await store.audit.add(entry({ account: null }))
    expect((await store.audit.get(viaB))?.account).toBe(B)
    expect((await store.audit.get(viaDefault))?.account).toBeNull()
    expect((await store.audit.list({ account: B })).entries.map((e) => e.id)).toEqual([viaB])
    const db = raw()
    // Written without an account, the entry's hash is the one it had before the column existed.
    const plain = db.prepare('SELECT * FROM audit_log WHERE id = ?').get(viaDefault) as Row
    const { account: _none, ...before } = plain
    expect(entryHash(plain.prev_hash, before)).toBe(plain.hash)
    for (const [id, forged] of [[viaB, null], [viaB, 'c'.repeat(32)], [viaDefault, B]] as const) {
      const was = (db.prepare('SELECT account FROM audit_log WHERE id = ?').get(id) as { account: string | null }).account
      db.prepare('UPDATE audit_log SET account = ? WHERE id = ?').run(forged, id)
      expect(await store.audit.verify(), `account of ${id} set to ${forged}`).toMatchObject({ ok: false })
      db.prepare('UPDATE audit_log SET account = ? WHERE id = ?').run(was, id)
      expect(await store.audit.verify()).toMatchObject({ ok: true })
    }
    db.close()
    await store.close()
  })

  it('with the key kept outside the database, an entry rewritten, another dropped and the plain hashes recomputed fail verify', async () => {
    const { dataDir, raw } = place()
    const store = createStore({ dataDir, auditKey: KEY })
    const ids: number[] = []
    for (let i = 0; i < 6; i++) ids.push(await store.audit.add(entry({ requestId: `r${i}` })))
    expect(await store.audit.verify()).toMatchObject({ ok: true, checked: 6, signedFrom: ids[0] })
    const exported = await store.audit.head()

    // The insider: rewrites entry 2, drops entry 4, then recomputes every plain hash after the change and the head.
    const db = raw()
    db.prepare(`UPDATE audit_log SET after = '{"content":"forged"}' WHERE id = ?`).run(ids[1])
    db.prepare('DELETE FROM audit_log WHERE id = ?').run(ids[3])
    const rows = db.prepare('SELECT * FROM audit_log WHERE id >= ? ORDER BY id').all(ids[1]) as Row[]
    let prev = (db.prepare('SELECT hash FROM audit_log WHERE id = ?').get(ids[0]) as { hash: string }).hash
    for (const row of rows) {
      const hash = entryHash(prev, { ...row, prev_hash: prev })
      db.prepare('UPDATE audit_log SET prev_hash = ?, hash = ? WHERE id = ?').run(prev, hash, row.id)
      prev = hash
    }
    db.prepare('UPDATE audit_chain SET hash = ?').run(prev)
    db.close()

    // Without the key the plain chain is fooled: that is what the key is for.
    const keyless = createStore({ dataDir })
    expect(await keyless.audit.verify()).toMatchObject({ ok: true, checked: 5 })
    // The exported head, kept elsewhere, catches it without the key too.
    expect(await keyless.audit.verify({ expect: exported })).toMatchObject({ ok: false, brokenAt: exported.id })
    await keyless.close()

    const report = await store.audit.verify()
    expect(report).toMatchObject({ ok: false, brokenAt: ids[1], verifiedUpTo: ids[0] })
    expect(report.reason).toContain(`Entry ${ids[1]} does not carry the audit key's signature`)

    // Removing the signatures altogether does not help either: a signed head is required with the key.
    const db2 = raw()
    db2.prepare('UPDATE audit_log SET mac = NULL').run()
    db2.prepare('UPDATE audit_chain SET mac = NULL, keyed_from = NULL').run()
    db2.close()
    expect(await store.audit.verify()).toMatchObject({ ok: false, reason: expect.stringContaining('no signature of the audit key') })
    await store.close()
  })

  it('with the key, dropping the newest entries and moving the head back fails verify; retention still verifies', async () => {
    const { dataDir, raw } = place()
    const store = createStore({ dataDir, auditKey: KEY })
    const ids: number[] = []
    for (let i = 0; i < 5; i++) ids.push(await store.audit.add(entry({ at: 1_000 + i * 1_000 })))
    expect(await store.audit.prune(2_500)).toBe(2)
    expect(await store.audit.verify()).toMatchObject({ ok: true, checked: 3 })

    const db = raw()
    const kept = db.prepare('SELECT hash FROM audit_log WHERE id = ?').get(ids[3]) as { hash: string }
    db.prepare('DELETE FROM audit_log WHERE id = ?').run(ids[4])
    db.prepare('UPDATE audit_chain SET last_id = ?, hash = ?').run(ids[3], kept.hash)
    db.close()
    expect(await createStore({ dataDir }).audit.verify()).toMatchObject({ ok: true })
    expect(await store.audit.verify()).toMatchObject({ ok: false, reason: expect.stringContaining('head does not match its signature') })
    await store.close()
  })

  it('a chain written before the key is signed from start-up on; an entry written by an instance without the key is named', async () => {
    const { dataDir } = place()
    const before = createStore({ dataDir })
    await before.audit.add(entry())
    const unsignedUpTo = await before.audit.add(entry())
    await before.close()

    const store = createStore({ dataDir, auditKey: KEY })
    expect(await store.audit.seal()).toBe('signed')
    expect(await store.audit.seal()).toBe('already')
    expect(await store.audit.verify()).toMatchObject({ ok: true, checked: 2, signedFrom: unsignedUpTo + 1 })
    await store.audit.add(entry())
    expect(await store.audit.verify()).toMatchObject({ ok: true, checked: 3 })

    const keyless = createStore({ dataDir })
    const unsigned = await keyless.audit.add(entry())
    await keyless.close()
    expect(await store.audit.verify()).toMatchObject({ ok: false, brokenAt: unsigned })
    await store.audit.add(entry())
    expect(await store.audit.verify()).toMatchObject({ ok: false, brokenAt: unsigned })
    await store.close()
  })
})
