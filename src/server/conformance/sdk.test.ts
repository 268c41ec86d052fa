import Cloudflare, { BadRequestError, NotFoundError, PermissionDeniedError } from 'cloudflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, testConfig } from '../../testing/server'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_POOL_COUNT } from '../emulator/load-balancing/seed'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { ESTATE_ACCOUNTS, ESTATE_ZONES, SANDBOX_TOKENS } from '../emulator/estate/data'
import type { RunningServer } from '../serve'

/**
 * The official `cloudflare` SDK against the real server app in sandbox mode, over HTTP:
 * what any API client pointed at http://127.0.0.1:<port>/client/v4 gets.
 */

let emulator: Emulator
let server: RunningServer
let client: Cloudflare
const DEMO = SEED_ZONES.demo.id
const LARGE = SEED_ZONES.large.id

beforeAll(async () => {
  emulator = memoryEmulator()
  server = await startApp({ config: testConfig(), emulator })
  client = new Cloudflare({ apiToken: 'test', baseURL: `${server.url}/client/v4`, maxRetries: 0 })
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(async () => {
  await server?.close()
  emulator?.close()
})

describe('the cloudflare SDK against the sandbox', () => {
  it('lists zones (auto-paginated) and reads one', async () => {
    const names: string[] = []
    for await (const zone of client.zones.list({ per_page: 5 })) names.push(zone.name)
    expect(names).toEqual(expect.arrayContaining(['example.com', 'bigcorp-records.com', 'newshop.dev', 'old-brand.net']))
    expect(new Set(names).size).toBe(names.length)
    const pending = await client.zones.list({ status: 'pending' })
    expect(pending.result.map((z) => z.name)).toEqual(['newshop.dev'])
    const zone = await client.zones.get({ zone_id: DEMO })
    expect(zone).toMatchObject({ id: DEMO, name: 'example.com', status: 'active', account: { name: 'Acme Corporation' } })
  })

  it('creates records of several kinds and reads them back', async () => {
    const a = await client.dns.records.create({
      zone_id: DEMO,
      type: 'A',
      name: 'sdk-a',
      content: '192.0.2.150',
      ttl: 3600,
      proxied: true,
    })
    expect(a).toMatchObject({ name: 'sdk-a.example.com', type: 'A', content: '192.0.2.150', proxied: true, ttl: 1 })
    const srv = await client.dns.records.create({
      zone_id: DEMO,
      type: 'SRV',
      name: '_sdk._tcp',
      ttl: 1,
      data: { priority: 5, weight: 10, port: 8443, target: 'sdk-a.example.com' },
    })
    expect(srv).toMatchObject({ content: '10 8443 sdk-a.example.com', priority: 5 })
    const txt = await client.dns.records.create({
      zone_id: DEMO,
      type: 'TXT',
      name: 'sdk-txt',
      content: 'hello sdk',
      ttl: 300,
      comment: 'from the SDK',
      tags: ['src:sdk'],
    })
    expect(txt.content).toBe('"hello sdk"')
    expect(await client.dns.records.get(a.id, { zone_id: DEMO })).toMatchObject({ id: a.id, name: 'sdk-a.example.com' })
    const edited = await client.dns.records.edit(txt.id, { zone_id: DEMO, type: 'TXT', name: 'sdk-txt', ttl: 600 })
    expect(edited).toMatchObject({ ttl: 600, content: '"hello sdk"', comment: 'from the SDK' })
  })

  it('auto-paginates across many pages with for await', async () => {
    let count = 0
    const ids = new Set<string>()
    for await (const record of client.dns.records.list({ zone_id: LARGE, per_page: 1000 })) {
      count++
      ids.add(record.id)
    }
    expect(count).toBe(10_000)
    expect(ids.size).toBe(10_000)
  })

  it('filters with dotted and repeated query parameters', async () => {
    const mx = await client.dns.records.list({ zone_id: DEMO, type: 'MX' })
    expect(mx.result.length).toBe(3)
    expect(mx.result.every((r) => r.type === 'MX')).toBe(true)
    const byName = await client.dns.records.list({
      zone_id: DEMO,
      name: { startswith: 'sdk-' },
      order: 'name',
      direction: 'desc',
    })
    expect(byName.result.map((r) => r.name)).toEqual(['sdk-txt.example.com', 'sdk-a.example.com'])
    const tagged = await client.dns.records.list({ zone_id: DEMO, tag: { exact: 'src:sdk' } })
    expect(tagged.result.map((r) => r.name)).toEqual(['sdk-txt.example.com'])
    const proxiedCnames = await client.dns.records.list({
      zone_id: DEMO,
      type: 'CNAME',
      proxied: true,
      content: { endswith: 'example.com' },
    })
    expect(proxiedCnames.result.map((r) => r.name).sort()).toEqual(['cdn.example.com', 'www.example.com'])
  })

  it('deletes a record, which is then gone (404)', async () => {
    const r = await client.dns.records.create({ zone_id: DEMO, type: 'A', name: 'sdk-del', content: '192.0.2.151', ttl: 1 })
    expect(await client.dns.records.delete(r.id, { zone_id: DEMO })).toEqual({ id: r.id })
    await expect(client.dns.records.get(r.id, { zone_id: DEMO })).rejects.toBeInstanceOf(NotFoundError)
  })

  it('exports and imports BIND files', async () => {
    const text = await client.dns.records.export({ zone_id: DEMO })
    expect(text).toContain('sdk-a.example.com.\t1\tIN\tA\t192.0.2.150')
    const result = await client.dns.records.import({
      zone_id: SEED_ZONES.pending.id,
      file: 'imported 300 IN A 192.0.2.152\nbroken 300 IN A 1.1\n',
    })
    expect(result).toMatchObject({ recs_added: 1, total_records_parsed: 2 })
  })

  it('gets a 400 BadRequestError with a useful message for each bad input', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ type: 'A', name: 'bad', content: 'not-an-ip', ttl: 1 }, /valid IPv4 address/],
      [{ type: 'AAAA', name: 'bad', content: '1.2.3.4', ttl: 1 }, /valid IPv6 address/],
      [{ type: 'A', name: 'bad', content: '192.0.2.1', ttl: 5 }, /TTL must be between 60 and 86400/],
      [{ type: 'MX', name: 'bad', content: 'mx.example.net', priority: 1, proxied: true, ttl: 1 }, /cannot be proxied/],
      [{ type: 'A', name: '-bad', content: '192.0.2.1', ttl: 1 }, /must start with a letter or a digit, not a hyphen/],
      [{ type: 'TXT', name: 'bad', content: '"open', ttl: 1 }, /quotation mark is not closed/],
      [{ type: 'A', name: 'www', content: '192.0.2.1', ttl: 1 }, /CNAME record with that host already exists/],
      [{ type: 'SOA', name: '@', content: 'x', ttl: 1 }, /SOA record is created automatically/],
      [{ type: 'A', name: 'cf', content: '104.16.1.1', ttl: 1 }, /service's own network/],
    ]
    for (const [body, message] of bad) {
      const err = await client.dns.records.create({ zone_id: DEMO, ...body } as never).catch((e: unknown) => e)
      expect(err, JSON.stringify(body)).toBeInstanceOf(BadRequestError)
      expect((err as BadRequestError).status).toBe(400)
      expect((err as BadRequestError).message).toMatch(message)
    }
  })
})

describe('the cloudflare SDK: flows real clients depend on', () => {
  it('looks a zone up by name with per_page=1, as certbot and python-cloudflare do', async () => {
    const page = await client.zones.list({ name: 'example.com', per_page: 1 })
    expect(page.result.map((z) => z.id)).toEqual([DEMO])
    expect(page.result_info).toMatchObject({ page: 1, per_page: 5, count: 1, total_count: 1 })
  })

  it('answers a path with a trailing slash (ddclient: /zones/?name=…)', async () => {
    const body = await client.get<{ result: { id: string }[] }>('/zones/', { query: { name: 'example.com' } })
    expect(body.result.map((z) => z.id)).toEqual([DEMO])
  })

  it('pools.list() returns every pool in one page', async () => {
    const page = await client.loadBalancers.pools.list({ account_id: DEMO_ACCOUNT.id })
    expect(page.result).toHaveLength(SEED_POOL_COUNT)
    const all: string[] = []
    for await (const pool of client.loadBalancers.pools.list({ account_id: DEMO_ACCOUNT.id })) all.push(pool.id!)
    expect(new Set(all).size).toBe(SEED_POOL_COUNT)
  })

  it('dns.records.batch: deletes, patches, puts and posts in one call, all or nothing', async () => {
    const a = await client.dns.records.create({ zone_id: DEMO, type: 'A', name: 'sdk-batch-a', content: '192.0.2.160', ttl: 1 })
    const b = await client.dns.records.create({ zone_id: DEMO, type: 'A', name: 'sdk-batch-b', content: '192.0.2.161', ttl: 1 })
    const c = await client.dns.records.create({ zone_id: DEMO, type: 'A', name: 'sdk-batch-c', content: '192.0.2.162', ttl: 1 })
    const res = await client.dns.records.batch({
      zone_id: DEMO,
      deletes: [{ id: a.id }],
      patches: [{ id: b.id, type: 'A', name: 'sdk-batch-b', ttl: 1, proxied: true }],
      puts: [{ id: c.id, type: 'A', name: 'sdk-batch-c', content: '192.0.2.163', ttl: 300 }],
      posts: [{ type: 'TXT', name: 'sdk-batch-new', content: 'made in a batch', ttl: 1 }],
    })
    expect(res.deletes?.map((r) => r.id)).toEqual([a.id])
    expect(res.patches?.[0]).toMatchObject({ id: b.id, proxied: true })
    expect(res.puts?.[0]).toMatchObject({ id: c.id, content: '192.0.2.163', ttl: 300 })
    expect(res.posts?.[0]).toMatchObject({ name: 'sdk-batch-new.example.com', content: '"made in a batch"' })

    const err = await client.dns.records
      .batch({
        zone_id: DEMO,
        deletes: [{ id: b.id }],
        posts: [{ type: 'A', name: 'sdk-batch-bad', content: 'not-an-ip', ttl: 1 }],
      })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(BadRequestError)
    expect((err as BadRequestError).errors[0]).toMatchObject({ source: { pointer: '/posts/0/content' } })
    expect(await client.dns.records.get(b.id, { zone_id: DEMO })).toMatchObject({ id: b.id })
  })
})

describe('the cloudflare SDK with a sandbox token bound to one account', () => {
  it('lists only that account’s zones, and gets PermissionDeniedError (403, 9109) for another account’s zone', async () => {
    const fox = SANDBOX_TOKENS.find((t) => t.accounts.length === 1 && t.accounts[0] === ESTATE_ACCOUNTS.foxFinch.id)!
    const bound = new Cloudflare({ apiToken: fox.value, baseURL: `${server.url}/client/v4`, maxRetries: 0 })
    const names: string[] = []
    for await (const zone of bound.zones.list({ per_page: 5 })) names.push(zone.name)
    expect(names.sort()).toEqual(['foxandfinch.com', 'foxandfinch.shop'])
    const harbour = ESTATE_ZONES.find((z) => z.account.id === ESTATE_ACCOUNTS.harbour.id)!
    for (const zoneId of [harbour.id, DEMO]) {
      const err = await bound.dns.records.list({ zone_id: zoneId }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(PermissionDeniedError)
      expect((err as PermissionDeniedError).errors[0]).toMatchObject({ code: 9109 })
    }
    const accounts = await bound.accounts.list()
    expect(accounts.result.map((a) => a.name)).toEqual(['Fox & Finch Bakery'])
    expect(await bound.accounts.tokens.verify({ account_id: ESTATE_ACCOUNTS.foxFinch.id })).toMatchObject({ id: fox.id, status: 'active' })
  })
})
