import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from './app'
import { openSandbox, sandboxFile } from './data'
import { SEED_ZONES } from './emulator/seed-ids'
import { testConfig } from '../testing/server'

const zoneName = (db: ReturnType<typeof openSandbox>['db'], id: string) =>
  (db.prepare('SELECT name FROM zones WHERE id = ?').get(id) as { name: string } | undefined)?.name

const made: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'zk-data-'))
  made.push(dir)
  return dir
}
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

// The demo seed without the scale-test zones: what these tests prove is where the data lives and
// that resets restore it; writing the large zones again (seconds each time) is proven once, in
// emulator/seed-background.test.ts, and SANDBOX_SEED=small's own rule by the last test here.
const SMALL = { SANDBOX_SEED: 'small' }

describe('sandbox data on disk', () => {
  it('lives in $DATA_DIR/sandbox.sqlite, survives a restart, and --reset-sandbox restores the demo seed', () => {
    const dataDir = join(tempDir(), 'nested')
    const first = openSandbox({ dataDir, resetSandbox: false }, SMALL)
    expect(existsSync(sandboxFile(dataDir))).toBe(true)
    expect(sandboxFile(dataDir)).toBe(join(dataDir, 'sandbox.sqlite'))
    expect(zoneName(first.db, SEED_ZONES.demo.id)).toBe('example.com')
    first.db.prepare('UPDATE zones SET name = ? WHERE id = ?').run('changed.example', SEED_ZONES.demo.id)
    first.close()

    const second = openSandbox({ dataDir, resetSandbox: false }, SMALL)
    expect(zoneName(second.db, SEED_ZONES.demo.id)).toBe('changed.example')
    second.close()

    const third = openSandbox({ dataDir, resetSandbox: true }, SMALL)
    expect(zoneName(third.db, SEED_ZONES.demo.id)).toBe('example.com')
    third.close()
  })

  it('POST /api/sandbox/reset restores the demo seed', async () => {
    const dataDir = tempDir()
    const emulator = openSandbox({ dataDir, resetSandbox: false }, SMALL)
    try {
      emulator.db.prepare('UPDATE zones SET name = ? WHERE id = ?').run('changed.example', SEED_ZONES.demo.id)
      const app = createApp({ config: testConfig({ dataDir }), emulator })
      const res = await app.request('/api/sandbox/reset', { method: 'POST', headers: { 'x-zonekeeper-request': '1' } })
      expect(res.status).toBe(200)
      expect(zoneName(emulator.db, SEED_ZONES.demo.id)).toBe('example.com')
    } finally {
      emulator.close()
    }
  })

  it('SANDBOX_SEED=small: the demo data without the scale-test zones, at once and after a reset', async () => {
    const dataDir = tempDir()
    const emulator = openSandbox({ dataDir, resetSandbox: true }, SMALL)
    try {
      expect(emulator.preparing()).toEqual([])
      expect(zoneName(emulator.db, SEED_ZONES.demo.id)).toBe('example.com')
      expect(zoneName(emulator.db, SEED_ZONES.large.id)).toBeUndefined()
      expect(zoneName(emulator.db, SEED_ZONES.scripts.id)).toBeUndefined()
      emulator.db.prepare('UPDATE zones SET name = ? WHERE id = ?').run('changed.example', SEED_ZONES.demo.id)
      await emulator.reset()
      expect(zoneName(emulator.db, SEED_ZONES.demo.id)).toBe('example.com')
      expect(zoneName(emulator.db, SEED_ZONES.scripts.id)).toBeUndefined()
    } finally {
      emulator.close()
    }
  })
})
