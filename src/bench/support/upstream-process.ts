// A stand-in for the real API, run in its own process by proxy-throughput.bench.ts: answers any
// GET with one page of 20 DNS records (~7 kB of JSON), UPSTREAM_DELAY_MS after the request came in
// if set (to within about 0.1 ms, each request on its own: see precise-delay.ts).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { preciseDelay } from './precise-delay'

const delay = Number(process.env.UPSTREAM_DELAY_MS ?? 0)
const sleeper = delay > 0 ? preciseDelay() : undefined
const records = Array.from({ length: 20 }, (_, i) => ({
  id: (i.toString(16) + 'a'.repeat(32)).slice(0, 32),
  zone_id: '0123456789abcdef0123456789abcdef',
  zone_name: 'bigcorp-records.com',
  name: `app-${i}.eu-west.bigcorp-records.com`,
  type: 'A',
  content: `52.1.2.${i + 1}`,
  proxiable: true,
  proxied: i % 2 === 0,
  ttl: 1,
  settings: {},
  meta: {},
  comment: i % 3 === 0 ? `Owned by web team #${i}` : null,
  tags: i % 4 === 0 ? ['env:production', 'team:web'] : [],
  created_on: '2026-01-01T00:00:00.000000Z',
  modified_on: '2026-01-01T00:00:00.000000Z',
}))
const body = Buffer.from(
  JSON.stringify({
    result: records,
    success: true,
    errors: [],
    messages: [],
    result_info: { page: 1, per_page: 20, count: 20, total_count: 10000, total_pages: 500 },
  }),
)

const server = createServer((req, res) => {
  req.resume()
  const answer = () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
    res.end(body)
  }
  if (sleeper) sleeper.after(delay, answer)
  else answer()
})
server.keepAliveTimeout = 65_000
await sleeper?.ready
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(
    JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`, bytes: body.length }) + '\n',
  )
})
process.on('SIGTERM', () => process.exit(0))
