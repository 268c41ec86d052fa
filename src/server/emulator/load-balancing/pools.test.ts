import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { DEMO_ACCOUNT } from '../seed-ids'
import { loadBalancingModule } from './index'
import { SEED_POOL_COUNT, SEED_POOL_EMAILS } from './seed'
import { splitNotificationEmails, type Pool } from '../../../shared/schemas/load-balancing'

const base = `/accounts/${DEMO_ACCOUNT.id}/load_balancers/pools`
const clear = { notification_email: '' }
let emu: ModuleEmulator

beforeEach(() => {
  emu = createModuleEmulator([loadBalancingModule])
})
afterEach(() => emu.close())

/** Every pool straight from the table, in name order. */
const allPools = () =>
  emu.db.prepare('SELECT id, name, notification_email, modified_on FROM lb_pools ORDER BY name, id').all() as {
    id: string
    name: string
    notification_email: string
    modified_on: string
  }[]
const patch = (query: string, body: unknown = clear) => call(emu.app, 'PATCH', `${base}${query}`, body)

describe('seeded pools', () => {
  it('has 130 pools, most with a legacy address, several distinct addresses, some comma lists', () => {
    const pools = allPools()
    expect(pools).toHaveLength(SEED_POOL_COUNT)
    const withEmail = pools.filter((p) => p.notification_email !== '')
    expect(withEmail.length).toBeGreaterThan(SEED_POOL_COUNT * 0.75)
    expect(withEmail.length).toBeLessThan(SEED_POOL_COUNT)
    const addresses = new Set(withEmail.flatMap((p) => splitNotificationEmails(p.notification_email)))
    expect(addresses.size).toBe(SEED_POOL_EMAILS.length)
    expect(withEmail.some((p) => p.notification_email.includes(','))).toBe(true)
    expect(new Set(pools.map((p) => p.name)).size).toBe(SEED_POOL_COUNT)
  })
})

describe('GET pools', () => {
  it('answers every pool in one page, in name order, with notification_email', async () => {
    const { status, body } = await call(emu.app, 'GET', base)
    expect(status).toBe(200)
    expect(body.result.map((p: Pool) => p.name)).toEqual(allPools().map((p) => p.name))
    expect(body.result[0]).toHaveProperty('notification_email')
    expect(body.result_info).toEqual({ page: 1, per_page: 130, count: 130, total_count: 130, total_pages: 1 })
  })

  it('ignores paging parameters: the published schema has none and the SDK reads one page', async () => {
    const paged = await call(emu.app, 'GET', `${base}?page=2&per_page=50`)
    expect(paged.body.result).toHaveLength(130)
    // Not even a value that is not a number is refused: the list's query declares no paging.
    for (const q of ['?page=abc', '?per_page=-1', '?page=0&per_page=x']) {
      const res = await call(emu.app, 'GET', `${base}${q}`)
      expect(res.status, q).toBe(200)
      expect(res.body.result, q).toHaveLength(130)
    }
  })

  it('filters by monitor', async () => {
    const monitor = (emu.db.prepare('SELECT monitor FROM lb_pools LIMIT 1').get() as { monitor: string }).monitor
    const { body } = await call(emu.app, 'GET', `${base}?monitor=${monitor}&per_page=100`)
    expect(body.result.length).toBeGreaterThan(0)
    expect(body.result.every((p: Pool) => p.monitor === monitor)).toBe(true)
  })

  it('404s an unknown account', async () => {
    expect((await call(emu.app, 'GET', `/accounts/${'e'.repeat(32)}/load_balancers/pools`)).status).toBe(404)
  })
})

describe('PATCH pools: which page is cleared', () => {
  it('clears only the first 25 pools by name when no paging is given', async () => {
    const before = allPools()
    const { status, body } = await patch('')
    expect(status).toBe(200)
    const after = allPools()
    expect(after.slice(0, 25).every((p) => p.notification_email === '')).toBe(true)
    expect(after.slice(25)).toEqual(before.slice(25))
    expect(body.result.map((p: Pool) => p.id)).toEqual(before.slice(0, 25).map((p) => p.id))
    expect(body.result.every((p: Pool) => p.notification_email === '')).toBe(true)
  })

  it('clears exactly the requested page with page/per_page', async () => {
    const before = allPools()
    await patch('?page=3&per_page=10')
    const after = allPools()
    after.forEach((p, i) => {
      if (i >= 20 && i < 30) expect(p.notification_email).toBe('')
      else expect(p).toEqual(before[i])
    })
  })

  it('uses 25 as the page size when only page is given, and page 1 when only per_page is', async () => {
    const before = allPools()
    await patch('?page=2')
    let after = allPools()
    expect(after.slice(0, 25)).toEqual(before.slice(0, 25))
    expect(after.slice(25, 50).every((p) => p.notification_email === '')).toBe(true)
    expect(after.slice(50)).toEqual(before.slice(50))
    await patch('?per_page=3')
    after = allPools()
    expect(after.slice(0, 3).every((p) => p.notification_email === '')).toBe(true)
    expect(after.slice(3, 25)).toEqual(before.slice(3, 25))
  })

  it('clears exactly the limit/offset window, offset need not be page-aligned', async () => {
    const before = allPools()
    const { body } = await patch('?offset=7&limit=5')
    const after = allPools()
    after.forEach((p, i) => {
      if (i >= 7 && i < 12) expect(p.notification_email).toBe('')
      else expect(p).toEqual(before[i])
    })
    expect(body.result.map((p: Pool) => p.name)).toEqual(before.slice(7, 12).map((p) => p.name))
  })

  it('takes 25 as the limit when only offset is given', async () => {
    const before = allPools()
    await patch('?offset=100')
    const after = allPools()
    expect(after.slice(0, 100)).toEqual(before.slice(0, 100))
    expect(after.slice(100, 125).every((p) => p.notification_email === '')).toBe(true)
    expect(after.slice(125)).toEqual(before.slice(125))
  })

  it('answers [] past the end and changes nothing', async () => {
    const before = allPools()
    const { status, body } = await patch('?page=9')
    expect(status).toBe(200)
    expect(body.result).toEqual([])
    expect(allPools()).toEqual(before)
  })

  it('clears every pool when the pages are walked', async () => {
    for (let page = 1; page <= 6; page++) await patch(`?page=${page}`)
    expect(allPools().every((p) => p.notification_email === '')).toBe(true)
  })

  it('moves modified_on only for pools that had an address', async () => {
    const before = allPools().slice(0, 25)
    emu.setNow(new Date('2026-04-01T00:00:00Z'))
    await patch('')
    const after = allPools().slice(0, 25)
    after.forEach((p, i) => {
      expect(p.modified_on).toBe(before[i].notification_email ? '2026-04-01T00:00:00.000Z' : before[i].modified_on)
    })
  })

  it('refuses mixed or out-of-range paging and changes nothing', async () => {
    const before = allPools()
    for (const q of ['?page=1&limit=5', '?per_page=101', '?limit=0', '?offset=-1', '?page=0', '?page=abc']) {
      const { status, body } = await patch(q)
      expect(status, q).toBe(400)
      expect(body.success).toBe(false)
    }
    expect(allPools()).toEqual(before)
  })
})

describe('PATCH pools: only {"notification_email": ""}', () => {
  it.each([
    ['an address', { notification_email: 'new@acme.example' }],
    ['an empty object', {}],
    ['another field', { notification_email: '', enabled: false }],
    ['an array', [clear]],
    ['null', { notification_email: null }],
  ])('refuses %s with a 400 that says what is accepted', async (_label, body) => {
    const before = allPools()
    const res = await patch('', body)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toContain('{"notification_email": ""}')
    expect(allPools()).toEqual(before)
  })

  it('refuses malformed JSON', async () => {
    const res = await patch('', '{"notification_email": ')
    expect(res.status).toBe(400)
    expect(res.body.errors[0].code).toBe(6007)
  })
})
