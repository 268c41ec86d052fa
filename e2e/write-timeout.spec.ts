import { test, expect, type Page } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createEmulator, type Emulator } from '../src/server/emulator'
import { SEED_ZONES } from '../src/server/emulator/seed-ids'
import { startZonekeeper, type RunningZonekeeper } from './fixtures'

/**
 * Live mode, and the API applies a write but answers after the dashboard's time-out.
 * The dashboard must not claim that nothing was saved: it re-reads the list, which now shows the
 * record, and tells the person to check before trying again. The "API" here is the sandbox
 * emulator behind a small HTTP server that holds back its answer to record creations.
 */
const ANSWER_LATE_MS = 4_000
let emulator: Emulator
let upstream: Server
let server: RunningZonekeeper | undefined
let baseURL = ''
const created: string[] = []

const listen = (srv: Server) =>
  new Promise<number>((ok) => srv.listen(0, '127.0.0.1', () => ok((srv.address() as AddressInfo).port)))

test.beforeAll(async () => {
  test.setTimeout(180_000)
  // The demo zone is all this test writes to: without the scale-test zones (10,000 records, 20,000
  // scripts), which took this worker about 6 s to write.
  emulator = createEmulator({ file: ':memory:', scaleZones: false })
  upstream = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const path = (req.url ?? '/').replace(/^\/client\/v4/, '')
    const type = req.headers['content-type']
    const answer = await emulator.app.request(path, {
      method: req.method,
      headers: type ? { 'content-type': type } : {},
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    })
    const body = Buffer.from(await answer.arrayBuffer())
    if (req.method === 'POST' && /\/dns_records$/.test(path)) {
      created.push(path)
      await new Promise((r) => setTimeout(r, ANSWER_LATE_MS))
    }
    if (res.writableEnded || res.destroyed) return
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(body)
  })
  const upstreamPort = await listen(upstream)
  server = await startZonekeeper('live', {
    API_TOKEN: 'e2e-live-token-0123456789',
    API_BASE_URL: `http://127.0.0.1:${upstreamPort}/client/v4`,
    UPSTREAM_TIMEOUT_MS: '1500',
  })
  baseURL = server.baseURL
})

test.afterAll(async () => {
  await server?.stop()
  upstream?.closeAllConnections()
  await new Promise((r) => upstream?.close(r))
  emulator?.close()
})

const rows = (page: Page) => page.getByRole('table').locator('tbody tr')

test('a write the API answers too late: the list is re-read and the person is told to check before retrying', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await page.goto(`${baseURL}/zones/${SEED_ZONES.demo.id}/dns`)
  await page.getByLabel('Name contains').fill('late-write')
  await expect(page).toHaveURL(/name.contains=late-write/)
  await expect(rows(page)).toHaveCount(1) // the "no records" row
  await expect(rows(page).first()).not.toContainText('late-write')

  await page.getByRole('button', { name: 'Add record' }).click()
  const add = page.getByRole('dialog')
  await add.getByLabel('Name').fill('late-write')
  await add.getByLabel('IPv4 address').fill('192.0.2.91')
  await add.getByRole('button', { name: 'Add record' }).click()

  // The server gives up after 1.5 s; the API has already added the record.
  const alert = add.getByRole('alert')
  await expect(alert).toContainText('The record may have been saved')
  await expect(alert).toContainText('Error 10505')
  await expect(alert).toContainText('check it before you try again')
  await expect(add.getByLabel('Name')).toHaveValue('late-write')
  // Behind the dialog, the list has been re-read and shows the record the API did add.
  await expect(rows(page).filter({ hasText: 'late-write.example.com' })).toHaveCount(1)
  expect(created).toHaveLength(1)
})
