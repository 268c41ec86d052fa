// The team bench's sandbox in a process of its own, as the service runs apart from the dashboard:
// the rate-limited sandbox (1,200 requests per 5 minutes per token) with the large account. It
// prints `ready <url>`, then `log <request line>` for every request it answers; on stdin it takes
// `seed <zone id> <zone name> <count>` (that many A records `bulk-N.<zone>`, written straight into
// the sandbox, not through its rate-limited door; answers `seeded`) and `quit`.
import { createInterface } from 'node:readline'
import { createEmulator } from '../../server/emulator'
import { seedLargeAccount } from '../../server/emulator/zones/seed'
import { benchConfig, startBenchServer } from './servers'

const emulator = createEmulator({ file: ':memory:', scaleZones: false })
seedLargeAccount(emulator.ctx)
const server = await startBenchServer({
  config: benchConfig({ sandboxRateLimit: { quota: 1200, windowSeconds: 300 } }),
  emulator,
  log: (line) => process.stdout.write(`log ${line}\n`),
})
process.stdout.write(`ready ${server.url}\n`)

async function seed(zoneId: string, zoneName: string, count: number) {
  emulator.db.prepare("DELETE FROM dns_records WHERE zone_id = ? AND name LIKE 'bulk-%'").run(zoneId)
  for (let start = 0; start < count; start += 200) {
    const posts = Array.from({ length: Math.min(200, count - start) }, (_, i) => ({
      type: 'A',
      name: `bulk-${start + i}.${zoneName}`,
      content: '192.0.2.50',
      ttl: 300,
      proxied: false,
    }))
    const res = await emulator.app.request(`/zones/${zoneId}/dns_records/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ posts }),
    })
    if (res.status !== 200) throw new Error(`seeding ${zoneName} failed: ${res.status} ${await res.text()}`)
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const [command, ...args] = line.trim().split(' ')
  if (command === 'seed') {
    await seed(args[0], args[1], Number(args[2]))
    process.stdout.write('seeded\n')
  } else if (command === 'quit') break
}
await server.close()
emulator.close()
process.exit(0)
