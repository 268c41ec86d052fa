import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, testConfig } from '../../testing/server'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { IMPORT_MAX_BYTES } from '../emulator/dns/import-limits'
import { SEED_ZONES } from '../emulator/seed-ids'
import type { RunningServer } from '../serve'

/**
 * A maximum-size import does not freeze the server. /healthz is asked every few
 * milliseconds while the import runs through /client/v4; it must keep answering meanwhile. (The
 * precise figures are in `npm run bench -- responsiveness`; this checks the behaviour, not a time.)
 */
let emulator: Emulator
let server: RunningServer
beforeAll(async () => {
  emulator = memoryEmulator()
  server = await startApp({ config: testConfig(), emulator })
}, 120_000)
afterAll(async () => {
  await server.close()
  emulator.close()
})

/** A zone file of plain A records just under the 256 KiB limit. */
function maximumZoneFile(): string {
  const lines: string[] = []
  let size = 0
  for (let i = 0; ; i++) {
    const line = `host-${i}.example.com.\t300\tIN\tA\t198.51.100.${i % 250}\n`
    if (size + line.length > IMPORT_MAX_BYTES) break
    lines.push(line)
    size += line.length
  }
  return lines.join('')
}

const importTo = (zoneId: string, text: string) => {
  const form = new FormData()
  form.set('file', new Blob([text], { type: 'text/plain' }), 'zone.txt')
  return fetch(`${server.url}/client/v4/zones/${zoneId}/dns_records/import`, {
    method: 'POST',
    headers: { authorization: 'Bearer sandbox' },
    body: form,
  })
}

describe('a maximum-size import and the rest of the server', () => {
  it('/healthz keeps answering while the import runs', async () => {
    const file = maximumZoneFile()
    let importDone = 0
    const started = performance.now()
    const importing = importTo(SEED_ZONES.demo.id, file).then(async (res) => {
      importDone = performance.now()
      return { status: res.status, body: await res.json() }
    })
    const answeredDuring: number[] = []
    while (!importDone) {
      const asked = performance.now()
      const res = await fetch(`${server.url}/healthz`)
      await res.text()
      if (!importDone) answeredDuring.push(performance.now() - asked)
      await new Promise((r) => setTimeout(r, 5))
    }
    const outcome = await importing
    expect(outcome.status).toBe(200)
    expect(outcome.body.result.recs_added).toBeGreaterThan(5_000)
    // Health checks were answered all along while the import ran: none waited for a good part of
    // it (work done in one go makes one of them wait for nearly all of it).
    expect(answeredDuring.length).toBeGreaterThanOrEqual(5)
    expect(Math.max(...answeredDuring)).toBeLessThan((importDone - started) / 2)
  }, 120_000)

  it('a zone takes a few imports a minute, then 429 with Retry-After', async () => {
    const small = 'rate.example.net.\t300\tIN\tA\t192.0.2.1\n'
    const statuses: number[] = []
    let retryAfter: string | null = null
    for (let i = 0; i < 6; i++) {
      const res = await importTo(SEED_ZONES.moved.id, small)
      statuses.push(res.status)
      if (res.status === 429) {
        retryAfter = res.headers.get('retry-after')
        expect((await res.json()).errors[0].code).toBe(971)
      } else await res.text()
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    expect(Number(retryAfter)).toBeGreaterThan(0)
  })
})
