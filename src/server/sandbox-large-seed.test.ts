import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openSandbox } from './data'
import { memoryEmulator } from '../testing/memory-emulator'
import { LARGE_ACCOUNT_ZONES, largeAccountZoneName } from './emulator/zones/seed'
import { DEMO_ACCOUNT } from './emulator/seed-ids'

describe('SANDBOX_SEED=large: a large account', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

  // Each writes the 20,000 zones in a worker (twice in the second): beside another file on a loaded
  // machine that took more than the default 60 s.
  it('adds 20,000 zones to the demo data, written by a worker after start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zk-large-'))
    dirs.push(dir)
    const em = openSandbox({ dataDir: dir, resetSandbox: false }, { SANDBOX_SEED: 'large' })
    try {
      // Returned before the large account was written (counted, not timed: this file runs beside others).
      // (The demo account's zones: the agency's are beside them, in accounts of their own.)
      const zones = () => (em.db.prepare('SELECT COUNT(*) n FROM zones WHERE account_id = ?').get(DEMO_ACCOUNT.id) as { n: number }).n
      expect(zones()).toBeLessThan(LARGE_ACCOUNT_ZONES)
      await em.ready
      expect(zones()).toBe(LARGE_ACCOUNT_ZONES + 5)
      const list = (await (await em.app.request('/zones?per_page=50')).json()) as { result_info: { total_count: number } }
      expect(list.result_info.total_count).toBe(LARGE_ACCOUNT_ZONES + 5)
      const one = (await (await em.app.request(`/zones?name=${largeAccountZoneName(12345)}`)).json()) as { result: { name: string; account: { id: string } }[] }
      expect(one.result.map((z) => z.name)).toEqual(['team-12345.example.net'])
    } finally {
      em.close()
    }
    // Without it, the demo data (here without the two scale-test zones) has no large account.
    const plain = memoryEmulator({ scaleZones: false })
    expect(((await (await plain.app.request('/zones')).json()) as { result_info: { total_count: number } }).result_info.total_count).toBe(3)
    plain.close()
  }, 180_000)

  it('is added to a sandbox seeded without it, and written again by a reset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zk-large-'))
    dirs.push(dir)
    // Seeded without it, and without the scale-test zones (written at once, no worker): what is proven
    // is that the large account is added later, not the scale-test zones' seed (the first test and
    // emulator/seed-background.test.ts write those).
    const first = openSandbox({ dataDir: dir, resetSandbox: false }, { SANDBOX_SEED: 'small' })
    await first.ready
    first.close()
    const em = openSandbox({ dataDir: dir, resetSandbox: false }, { SANDBOX_SEED: 'large' })
    try {
      // The demo account's zones (the agency's are beside them, in accounts of their own).
      const count = () => (em.db.prepare('SELECT COUNT(*) n FROM zones WHERE account_id = ?').get(DEMO_ACCOUNT.id) as { n: number }).n
      expect(count()).toBe(3)
      await em.ready
      // Added beside the three demo zones; the reset writes the whole demo data, with the scale-test zones.
      expect(count()).toBe(LARGE_ACCOUNT_ZONES + 3)
      await em.reset()
      expect(count()).toBe(LARGE_ACCOUNT_ZONES + 5)
    } finally {
      em.close()
    }
  }, 180_000)
})
