import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createEmulator } from './emulator'
import { createStore } from './store'

/** The data folder is the owner's alone (0700), and so is every file in it (0600). */
const root = mkdtempSync(join(tmpdir(), 'zk-perms-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const mode = (path: string) => statSync(path).mode & 0o777

describe('data folder permissions', () => {
  it('a new data folder is 0700 and the sandbox database, its WAL and the dashboard store 0600', async () => {
    const dataDir = join(root, 'fresh', 'data')
    const em = createEmulator({ file: join(dataDir, 'sandbox.sqlite'), seed: false })
    em.db.exec('CREATE TABLE IF NOT EXISTS probe (x)')
    em.db.prepare('INSERT INTO probe VALUES (1)').run()
    const store = createStore({ dataDir })
    await store.open()
    expect(mode(dataDir)).toBe(0o700)
    for (const file of ['sandbox.sqlite', 'sandbox.sqlite-wal', 'sandbox.sqlite-shm', 'dashboard.sqlite']) {
      expect(mode(join(dataDir, file)), file).toBe(0o600)
    }
    await store.close()
    em.close()
  })

  it('narrows a folder and files left world-readable by an older version', () => {
    const dataDir = join(root, 'old')
    mkdirSync(dataDir, { mode: 0o755 })
    chmodSync(dataDir, 0o755)
    writeFileSync(join(dataDir, 'sandbox.sqlite'), '')
    chmodSync(join(dataDir, 'sandbox.sqlite'), 0o644)
    const em = createEmulator({ file: join(dataDir, 'sandbox.sqlite'), seed: false })
    expect(mode(dataDir)).toBe(0o700)
    expect(mode(join(dataDir, 'sandbox.sqlite'))).toBe(0o600)
    em.close()
  })
})
