import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { firewallModule } from './index'
import { SEED_FIREWALL_RULE_COUNT } from './seed'
import { FIREWALL_BULK_DELETE_MAX_IDS, type FirewallRule } from '../../../shared/schemas/firewall'

const zone = SEED_ZONES.demo.id
const base = `/zones/${zone}/firewall/rules`
let emu: ModuleEmulator

beforeEach(() => {
  emu = createModuleEmulator([firewallModule])
})
afterEach(() => emu.close())

const get = (path: string) => call(emu.app, 'GET', path)
const del = (path: string, body?: unknown) => call(emu.app, 'DELETE', path, body)
const allIds = async (): Promise<string[]> => {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const { body } = await get(`${base}?per_page=100&page=${page}`)
    if (body.result.length === 0) return ids
    ids.push(...body.result.map((r: FirewallRule) => r.id))
  }
}

describe('firewall rules list', () => {
  it('seeds about 120 rules with every action and a filter each', async () => {
    const { body } = await get(`${base}?per_page=100`)
    expect(body.result_info).toMatchObject({ page: 1, per_page: 100, count: 100, total_count: SEED_FIREWALL_RULE_COUNT, total_pages: 2 })
    const actions = new Set(body.result.map((r: FirewallRule) => r.action))
    expect([...actions].sort()).toEqual(['allow', 'block', 'bypass', 'challenge', 'js_challenge', 'log', 'managed_challenge'])
    expect(body.result[0].filter).toMatchObject({ id: expect.any(String), expression: expect.any(String), paused: false })
  })

  it('defaults to 25 per page and clamps per_page into 5..100', async () => {
    expect((await get(base)).body.result).toHaveLength(25)
    expect((await get(`${base}?per_page=4`)).body.result_info!.per_page).toBe(5)
    expect((await get(`${base}?per_page=101`)).body.result_info!.per_page).toBe(100)
    expect((await get(`${base}?per_page=5`)).body.result).toHaveLength(5)
  })

  it('answers an empty page past the end', async () => {
    const { status, body } = await get(`${base}?page=99`)
    expect(status).toBe(200)
    expect(body.result).toEqual([])
    expect(body.result_info?.total_count).toBe(SEED_FIREWALL_RULE_COUNT)
  })

  it('orders by priority, rules without one last', async () => {
    const rules: FirewallRule[] = []
    for (let p = 1; p <= 2; p++) rules.push(...(await get(`${base}?per_page=100&page=${p}`)).body.result)
    const firstNull = rules.findIndex((r) => r.priority === null)
    expect(firstNull).toBeGreaterThan(0)
    expect(rules.slice(firstNull).every((r) => r.priority === null)).toBe(true)
    const prios = rules.slice(0, firstNull).map((r) => r.priority as number)
    expect(prios).toEqual([...prios].sort((a, b) => a - b))
  })

  it('filters by description (case-insensitive substring), action, id and paused', async () => {
    const byDesc = (await get(`${base}?description=OFFICE%20network&per_page=100`)).body
    expect(byDesc.result.length).toBeGreaterThan(0)
    expect(byDesc.result.every((r: FirewallRule) => r.description?.toLowerCase().includes('office network'))).toBe(true)
    const byAction = (await get(`${base}?action=bypass&per_page=100`)).body
    expect(byAction.result.length).toBe(15)
    expect(byAction.result.every((r: FirewallRule) => r.action === 'bypass' && r.products?.includes('waf'))).toBe(true)
    expect((await get(`${base}?action=BLOCK`)).body.result).toEqual([])
    const one = byAction.result[0].id
    expect((await get(`${base}?id=${one}`)).body.result.map((r: FirewallRule) => r.id)).toEqual([one])
    const paused = (await get(`${base}?paused=true&per_page=100`)).body
    expect(paused.result.length).toBeGreaterThan(0)
    expect(paused.result.every((r: FirewallRule) => r.paused)).toBe(true)
    expect((await get(`${base}?paused=maybe`)).status).toBe(400)
  })

  it('404s an unknown zone', async () => {
    expect((await get(`/zones/${'f'.repeat(32)}/firewall/rules`)).status).toBe(404)
  })
})

describe('firewall rule get and delete one', () => {
  it('gets one rule and 404s an unknown one', async () => {
    const [id] = await allIds()
    expect((await get(`${base}/${id}`)).body.result.id).toBe(id)
    const missing = await get(`${base}/${'0'.repeat(32)}`)
    expect(missing.status).toBe(404)
    expect(missing.body.success).toBe(false)
  })

  it('deletes one rule, answering an array with its id, and keeps its filter by default', async () => {
    const [id] = await allIds()
    const filterId = (await get(`${base}/${id}`)).body.result.filter.id
    const res = await del(`${base}/${id}`)
    expect(res.status).toBe(200)
    expect(res.body.result).toEqual([{ id }])
    expect((await get(`${base}/${id}`)).status).toBe(404)
    expect(emu.db.prepare('SELECT 1 FROM firewall_filters WHERE id = ?').get(filterId)).toBeDefined()
    expect((await del(`${base}/${id}`)).status).toBe(404)
  })

  it('deletes the filter too when asked and nothing else uses it', async () => {
    const [id] = await allIds()
    const filterId = (await get(`${base}/${id}`)).body.result.filter.id
    expect((await del(`${base}/${id}`, { delete_filter_if_unused: true })).status).toBe(200)
    expect(emu.db.prepare('SELECT 1 FROM firewall_filters WHERE id = ?').get(filterId)).toBeUndefined()
    expect((await del(`${base}/${(await allIds())[0]}`, { delete_filter_if_unused: 'yes' })).status).toBe(400)
  })
})

describe('firewall bulk delete', () => {
  it('deletes several with repeated ?id= and answers one {id} per rule', async () => {
    const ids = (await allIds()).slice(0, 3)
    const res = await del(`${base}?id=${ids[0]}&id=${ids[1]}&id=${ids[2]}`)
    expect(res.status).toBe(200)
    expect(res.body.result).toEqual(ids.map((id) => ({ id })))
    const left = await allIds()
    expect(left).toHaveLength(SEED_FIREWALL_RULE_COUNT - 3)
    expect(left.some((id) => ids.includes(id))).toBe(false)
  })

  it('accepts a comma list in one id and counts repeated ids once', async () => {
    const ids = (await allIds()).slice(0, 2)
    const res = await del(`${base}?id=${ids.join(',')}&id=${ids[0]}`)
    expect(res.body.result).toEqual(ids.map((id) => ({ id })))
  })

  it('is atomic: an unknown id is a 404 naming it, and nothing is deleted', async () => {
    const ids = (await allIds()).slice(0, 2)
    const ghost = 'a'.repeat(32)
    const res = await del(`${base}?id=${ids[0]}&id=${ghost}&id=${ids[1]}`)
    expect(res.status).toBe(404)
    expect(res.body.errors[0].message).toContain(ghost)
    expect(res.body.errors[0].message).toContain('Nothing was deleted')
    expect(await allIds()).toHaveLength(SEED_FIREWALL_RULE_COUNT)
  })

  it('treats a rule of another zone as unknown', async () => {
    const ids = (await allIds()).slice(0, 1)
    const other = `/zones/${SEED_ZONES.large.id}/firewall/rules`
    expect((await del(`${other}?id=${ids[0]}`)).status).toBe(404)
    expect(await allIds()).toHaveLength(SEED_FIREWALL_RULE_COUNT)
  })

  it('rejects no ids, malformed ids and more than the per-request cap', async () => {
    expect((await del(base)).status).toBe(400)
    const bad = await del(`${base}?id=nope`)
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].source?.pointer).toBe('/id/0')
    const many = Array.from({ length: FIREWALL_BULK_DELETE_MAX_IDS + 1 }, (_, i) => i.toString(16).padStart(32, '0'))
    const tooMany = await del(`${base}?${many.map((id) => `id=${id}`).join('&')}`)
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.errors[0].message).toContain(`at most ${FIREWALL_BULK_DELETE_MAX_IDS}`)
    expect(await allIds()).toHaveLength(SEED_FIREWALL_RULE_COUNT)
  })

  it('deletes exactly the cap in one request', async () => {
    const ids = (await allIds()).slice(0, FIREWALL_BULK_DELETE_MAX_IDS)
    const res = await del(`${base}?${ids.map((id) => `id=${id}`).join('&')}`)
    expect(res.status).toBe(200)
    expect(res.body.result).toHaveLength(FIREWALL_BULK_DELETE_MAX_IDS)
    expect(await allIds()).toHaveLength(SEED_FIREWALL_RULE_COUNT - FIREWALL_BULK_DELETE_MAX_IDS)
  })
})
