import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
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
})
