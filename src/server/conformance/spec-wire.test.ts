import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import type { RunningServer } from '../serve'
import { rawRequest } from '../../testing/http'
import { startApp, testConfig } from '../../testing/server'

/**
 * api-notes §13.1, §13.6 and §13.7 against the real sandbox behind the real door: clients send
 * `Content-Type: application/json` on GET and DELETE without a body, and every delete handler
 * must take that; deletes the API answers with 204 have no body; an unknown path is a 4xx envelope.
 * (sandbox-door.test.ts checks the door alone, with a stand-in emulator.)
 */
let emulator: Emulator
let server: RunningServer
beforeAll(async () => {
  emulator = memoryEmulator()
  server = await startApp({ config: testConfig(), emulator })
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(async () => {
  await server.close()
  emulator.close()
})

const Z = SEED_ZONES.demo.id
const A = DEMO_ACCOUNT.id
const jsonNoBody = { authorization: 'Bearer sdk-token', 'content-type': 'application/json' }
const door = (method: string, path: string) => rawRequest(server.url, { method, path: `/client/v4${path}`, headers: jsonNoBody })
const firstId = async (path: string): Promise<string> => {
  const res = await door('GET', path)
  expect(res.status, res.body).toBe(200)
  // Managed rulesets cannot be deleted: take the first item that is not one.
  const items = JSON.parse(res.body).result as { id: string | number; kind?: string }[]
  return String(items.find((i) => i.kind !== 'managed')!.id)
}

describe('GET and DELETE with Content-Type: application/json and no body', () => {
  it.each([
    `/zones/${Z}`,
    `/zones/${Z}/dns_records?per_page=5`,
    `/zones/${Z}/page_shield/scripts?per_page=5`,
    `/accounts/${A}/load_balancers/pools`,
    '/user/invites',
  ])('GET %s answers 200', async (path) => {
    const res = await door('GET', path)
    expect(res.status, res.body).toBe(200)
    expect(JSON.parse(res.body).success).toBe(true)
  })

  it.each([
    ['a DNS record', `/zones/${Z}/dns_records?type=MX`, (id: string) => `/zones/${Z}/dns_records/${id}`],
    ['a firewall rule', `/zones/${Z}/firewall/rules?per_page=5`, (id: string) => `/zones/${Z}/firewall/rules/${id}`],
    ['firewall rules by ?id=', `/zones/${Z}/firewall/rules?per_page=5&page=2`, (id: string) => `/zones/${Z}/firewall/rules?id=${id}`],
    ['a log job', `/zones/${Z}/logpush/jobs`, (id: string) => `/zones/${Z}/logpush/jobs/${id}`],
    ['a notification policy', `/accounts/${A}/alerting/v3/policies`, (id: string) => `/accounts/${A}/alerting/v3/policies/${id}`],
  ])('DELETE of %s answers 200 with the envelope', async (_what, listPath, itemPath) => {
    const path = itemPath(await firstId(listPath))
    const res = await door('DELETE', path)
    expect(res.status, res.body).toBe(200)
    expect(JSON.parse(res.body)).toMatchObject({ success: true, errors: [] })
  })

  it.each([
    ['a page-security policy', `/zones/${Z}/page_shield/policies`, (id: string) => `/zones/${Z}/page_shield/policies/${id}`],
    ['a ruleset', `/zones/${SEED_ZONES.scripts.id}/rulesets`, (id: string) => `/zones/${SEED_ZONES.scripts.id}/rulesets/${id}`],
  ])('DELETE of %s answers 204 with no body, and the item is gone', async (_what, listPath, itemPath) => {
    const path = itemPath(await firstId(listPath))
    const res = await door('DELETE', path)
    expect(res.status, res.body).toBe(204)
    expect(res.body).toBe('')
    expect((await door('GET', path)).status).toBe(404)
  })
})

describe('unknown paths', () => {
  it.each(['/no/such/thing', `/zones/${Z}/no_such_collection`])('%s answers a 4xx with the error envelope', async (path) => {
    const res = await door('GET', path)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    const body = JSON.parse(res.body)
    expect(body).toMatchObject({ success: false, result: null })
    expect(body.errors.length).toBeGreaterThan(0)
  })
})
