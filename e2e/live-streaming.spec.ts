import { test, expect } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { createEmulator, type Emulator } from '../src/server/emulator'
import { SEED_ZONES } from '../src/server/emulator/seed-ids'
import { startZonekeeper, type RunningZonekeeper } from './fixtures'

/**
 * Live mode streams large answers (here the zone file of the 10,000-record zone, about
 * 600 KB, gzip-coded and sent in small pieces) with every credential check on the way: the
 * "API" echoes the credential in the middle of the file, split across two pieces, and the person
 * downloads a file where it is replaced. When the API's answer breaks after it started, the person
 * is told the answer was cut off. The "API" is the sandbox emulator behind a small HTTP server.
 */
const TOKEN = 'e2e-stream-token-0123456789abcdef'
let emulator: Emulator
let upstream: Server
let server: RunningZonekeeper | undefined
let baseURL = ''
let breakExport = false

const listen = (srv: Server) =>
  new Promise<number>((ok) => srv.listen(0, '127.0.0.1', () => ok((srv.address() as AddressInfo).port)))

/** Sends `bytes` in pieces of about 4 KB, a millisecond apart; `breakAt` drops the connection there instead. */
function inPieces(res: ServerResponse, bytes: Buffer, breakAt?: number) {
  let at = 0
  const next = () => {
    if (breakAt !== undefined && at >= breakAt) return void res.socket?.destroy()
    if (at >= bytes.length) return void res.end()
    res.write(bytes.subarray(at, at + 4096))
    at += 4096
    setTimeout(next, 1)
  }
  next()
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  emulator = createEmulator({ file: ':memory:' })
  upstream = createServer(async (req, res) => {
    for await (const _ of req) void _
    const path = (req.url ?? '/').replace(/^\/client\/v4/, '')
    const answer = await emulator.app.request(path, { method: req.method })
    let body = Buffer.from(await answer.arrayBuffer())
    if (path.endsWith('/dns_records/export')) {
      // An API that echoes the credential halfway through its answer.
      const half = body.indexOf('\n', body.length >> 1) + 1
      body = Buffer.concat([body.subarray(0, half), Buffer.from(`; echo ${req.headers.authorization}\n`), body.subarray(half)])
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-encoding': 'gzip' })
      const coded = gzipSync(body)
      return inPieces(res, coded, breakExport ? coded.length >> 1 : undefined)
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(body)
  })
  const upstreamPort = await listen(upstream)
  server = await startZonekeeper('stream', { API_TOKEN: TOKEN, API_BASE_URL: `http://127.0.0.1:${upstreamPort}/client/v4` })
  baseURL = server.baseURL
})

test.afterAll(async () => {
  await server?.stop()
  upstream?.closeAllConnections()
  await new Promise((r) => upstream?.close(r))
  emulator?.close()
})

test('the zone file of the 10,000-record zone streams through, with the echoed credential replaced', async ({ page }) => {
  test.setTimeout(60_000)
  breakExport = false
  await page.goto(`${baseURL}/zones/${SEED_ZONES.large.id}/dns`)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export BIND file' }).click()
  const file = readFileSync((await (await downloading).path())!, 'utf8')
  expect(file.split('\n').filter((l) => /\sIN\s/.test(l)).length).toBeGreaterThanOrEqual(10_000)
  expect(file).toContain('; echo Bearer [redacted]\n')
  expect(file).not.toContain(TOKEN)
  await expect(page.getByRole('status').filter({ hasText: 'Zone file downloaded' })).toBeVisible()
})

test('an answer that breaks off after it started: the person is told it was cut off', async ({ page }) => {
  test.setTimeout(60_000)
  breakExport = true
  await page.goto(`${baseURL}/zones/${SEED_ZONES.large.id}/dns`)
  await page.getByRole('button', { name: 'Export BIND file' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'The zone file could not be exported' })
  await expect(alert).toBeVisible()
  await expect(alert).toContainText('cut off')
})
