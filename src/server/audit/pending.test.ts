import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { fromAddress } from '../../testing/server/auth'
import { createEmulator } from '../emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { testConfig } from '../../testing/server'

/**
 * A sandbox import is recorded in the store before the emulator adds a record: while it runs, another
 * instance on the same store that finds its record's lease run out (here a lease of 1 ms, as if its
 * instance had died) already has an entry to show, "outcome unknown" with the restore point, and the
 * import's own entry follows when it ends.
 */
const store = createStore({ dataDir: ':memory:' })
const emulator = createEmulator({ file: ':memory:', scaleZones: false })
afterAll(async () => {
  await store.close()
  emulator.close()
})
const DEMO = SEED_ZONES.demo

describe('a sandbox import', () => {
  it('has its entry, with the restore point, before its records are added', async () => {
    const writer = createApp({ config: testConfig(), emulator, store, changeRequests: { leaseMs: 1 } })
    const reader = createApp({ config: testConfig(), emulator, store })
    const lines: string[] = []
    for (let i = 0; i < 4000; i++) lines.push(`pending-${i}.${DEMO.name}. 300 IN A 192.0.2.${i % 250}`)
    const form = new FormData()
    form.set('file', new Blob([lines.join('\n') + '\n'], { type: 'text/plain' }), 'zone.txt')
    const importing = Promise.resolve(writer.request(`/api/v4/zones/${DEMO.id}/dns_records/import`, { method: 'POST', headers: { 'x-zonekeeper-request': '1' }, body: form }, fromAddress('127.0.0.1')))
    let done = false
    void importing.then(() => (done = true))
    const entries = async () =>
      ((await (await reader.request('/api/local/audit?action=import', {}, fromAddress('127.0.0.1'))).json()) as { result: { outcome: string; hasRestorePoint: boolean; zoneName: string | null }[] }).result
    let seen: Awaited<ReturnType<typeof entries>> = []
    let addedWhenSeen = -1
    while (!done && !seen.length) {
      await new Promise((resolve) => setTimeout(resolve, 5))
      seen = await entries()
      if (seen.length) addedWhenSeen = Number(emulator.db.prepare("SELECT count(*) FROM dns_records WHERE name LIKE 'pending-%'").pluck().get())
    }
    expect(seen).toEqual([expect.objectContaining({ outcome: 'unknown', hasRestorePoint: true, zoneName: DEMO.name })])
    expect(addedWhenSeen).toBeLessThan(4000)
    expect((await importing).status).toBe(200)
    expect((await entries()).map((e) => e.outcome)).toEqual(['success', 'unknown'])
  }, 60_000)
})
