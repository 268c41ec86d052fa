import Database from 'better-sqlite3'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createStore, STORE_FILE, type NewAuditEntry } from '../store'
import { runAuditCommand } from './cli'

const dir = mkdtempSync(join(tmpdir(), 'zk-audit-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const entry = (n: number): NewAuditEntry => ({
  at: n, requestId: `r${n}`, personId: 'p', username: 'ada', personName: 'Ada', mode: 'sandbox', zoneId: null, zoneName: null,
  area: 'people', resourceType: 'person', resourceId: 'x', action: 'update', method: 'PATCH', path: '/api/local/people/x',
  outcome: 'success', status: 200, errors: [], before: { role: 'viewer' }, after: { role: 'editor' }, undoOf: null,
})

describe('npm run audit -- verify', () => {
  it('says the chain verifies, then names the entry edited in the database', async () => {
    const store = createStore({ dataDir: dir })
    const ids = []
    for (let n = 1; n <= 4; n++) ids.push(await store.audit.add(entry(n)))
    const lines: string[] = []
    expect(await runAuditCommand(['verify'], store, (l) => lines.push(l))).toBe(0)
    expect(lines.join('\n')).toContain(`Chain verified up to entry ${ids[3]}: 4 entries match`)

    const db = new Database(join(dir, STORE_FILE))
    db.prepare(`UPDATE audit_log SET after = '{"role":"admin"}' WHERE id = ?`).run(ids[2])
    db.close()
    lines.length = 0
    expect(await runAuditCommand(['verify'], store, (l) => lines.push(l))).toBe(2)
    expect(lines.join('\n')).toContain(`First entry that does not match: ${ids[2]}.`)
    expect(lines.join('\n')).toContain(`Verified up to entry ${ids[1]}`)
    await store.close()
  })

  it('head exports the newest entry; verify --against it fails once the entries are rewritten and rehashed, and verify with the key fails', async () => {
    const place = mkdtempSync(join(dir, 'keyed-'))
    const key = 'an audit key kept outside the database, 32+ chars'
    const store = createStore({ dataDir: place, auditKey: key })
    for (let n = 1; n <= 3; n++) await store.audit.add(entry(n))
    const lines: string[] = []
    expect(await runAuditCommand(['head'], store, (l) => lines.push(l))).toBe(0)
    const headFile = join(place, 'head.json')
    writeFileSync(headFile, lines[0])
    lines.length = 0
    expect(await runAuditCommand(['verify', '--against', headFile], store, (l) => lines.push(l))).toBe(0)
    expect(lines.join('\n')).toContain('Signatures of the audit key checked from entry 1')
    expect(lines.join('\n')).toContain('Entry 3 matches the exported head.')

    // The newest entry rewritten and its hash recomputed, head moved along.
    const db = new Database(join(place, STORE_FILE))
    const row = db.prepare('SELECT * FROM audit_log WHERE id = 3').get() as Record<string, unknown> & { prev_hash: string }
    const { entryHash } = await import('../store/audit-chain')
    const hash = entryHash(row.prev_hash, { ...row, after: '{"role":"admin"}' })
    db.prepare(`UPDATE audit_log SET after = '{"role":"admin"}', hash = ? WHERE id = 3`).run(hash)
    db.prepare('UPDATE audit_chain SET hash = ?').run(hash)
    db.close()
    const keyless = createStore({ dataDir: place })
    lines.length = 0
    expect(await runAuditCommand(['verify'], keyless, (l) => lines.push(l))).toBe(0)
    expect(await runAuditCommand(['verify', '--against', headFile], keyless, (l) => lines.push(l))).toBe(2)
    expect(lines.join('\n')).toContain('Entry 3 does not match the exported head')
    lines.length = 0
    expect(await runAuditCommand(['verify'], store, (l) => lines.push(l))).toBe(2)
    expect(lines.join('\n')).toContain("Entry 3 does not carry the audit key's signature")
    await keyless.close()
    await store.close()
  })
})
