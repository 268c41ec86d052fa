import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, searchOf } from '../app'
import { ESTATE_ACCOUNTS, ESTATE_ZONES, SANDBOX_TOKENS } from '../emulator/estate/data'
import { createStore, EVERY_ACCOUNT } from '../store'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import type { RecordSearchReply } from '../../shared/search/record-search'
import type { ReplacePreview, ReplaceZoneResult } from '../../shared/schemas/record-replace'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { storeClientTokens } from '../../testing/server/estate-app'

/**
 * One search across the estate: the sandbox's agency accounts reached through two stored tokens
 * (each bound to its account), the background reader filling both through their own credential, and
 * a person with a grant in one account only seeing that account's matches and coverage.
 */
const sandbox = memoryEmulator({ scaleZones: false })
/** Each DNS batch the dashboard sends the sandbox, with the token it was asked with: which credential wrote where. */
const batches: { zone: string; token: string }[] = []
const counted = new Proxy(sandbox.app, {
  get(target, key) {
    if (key === 'request') {
      return (input: string, init?: RequestInit) => {
        const batch = /^\/zones\/([0-9a-f]{32})\/dns_records\/batch/.exec(input)
        if (batch && init?.method === 'POST') batches.push({ zone: batch[1], token: new Headers(init.headers).get('authorization')?.replace(/^Bearer /, '') ?? '' })
        return target.request(input, init)
      }
    }
    const value = Reflect.get(target, key, target) as unknown
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
  },
}) as Hono
const emulator = { ...sandbox, app: counted }
const store = createStore({ dataDir: ':memory:', credentialsKey: randomBytes(32) })
const app = createApp({ config: testConfig(), emulator, store, search: { paceMs: 0 } })
const { harbour, foxFinch, meridian } = ESTATE_ACCOUNTS
const zonesOf = (id: string) => ESTATE_ZONES.filter((z) => z.account.id === id).map((z) => z.name).sort()
/** A record every client account's main zone holds (the agency's status page). */
const STATUS = '198.51.100.250'
let admin = ''
let hana = ''

beforeAll(async () => {
  await storeClientTokens(store)
  admin = await sessionCookie(app, 'ad', (await addPerson(store, 'ad', 'admin')).password)
  // Hana: a viewer of Harbour's zones and of Meridian's (which no credential of the dashboard reaches now), nothing else.
  const h = await addPerson(store, 'hana', 'viewer')
  expect(
    await store.grants.replace(h.person.id, [
      { account: harbour.id, role: 'viewer', zones: '*' },
      { account: meridian.id, role: 'viewer', zones: '*' },
    ]),
  ).toBe('ok')
  expect((await store.grants.of(h.person.id)).some((g) => g.account === EVERY_ACCOUNT)).toBe(false)
  hana = await sessionCookie(app, 'hana', h.password)
  expect((await searchOf(app).reader.round()).stoppedBy).toBeUndefined()
})
afterAll(async () => {
  await searchOf(app).reader.stop()
  sandbox.close()
  await store.close()
})

const search = async (cookie: string, query: string, account?: string) => {
  const res = await app.request(`/api/local/search/records?${query}`, { headers: { cookie, ...(account ? { [ACCOUNT_HEADER]: account } : {}) } })
  expect(res.status).toBe(200)
  return res
}
const page = async (cookie: string, query: string, account?: string) => ((await (await search(cookie, query, account)).json()) as { result: RecordSearchReply }).result

describe('one search across every account', () => {
  it('the reader read both client accounts through their own tokens: every zone of each, with its account', async () => {
    const all = await page(admin, `q=${STATUS}&field=content`)
    const byAccount = (id: string) => all.items.filter((m) => m.account_id === id)
    expect(byAccount(harbour.id).map((m) => m.zone_name)).toEqual(['harbourdental.co.uk'])
    expect(byAccount(foxFinch.id).map((m) => m.zone_name)).toEqual(['foxandfinch.com'])
    expect(byAccount(harbour.id)[0].account_name).toBe(harbour.name)
    const lines = all.coverage.accounts ?? []
    expect(lines.find((a) => a.account_id === harbour.id)).toMatchObject({ name: harbour.name, zones_in_scope: zonesOf(harbour.id).length, zones_not_read: 0 })
    expect(lines.find((a) => a.account_id === foxFinch.id)).toMatchObject({ name: foxFinch.name, zones_in_scope: zonesOf(foxFinch.id).length, zones_not_read: 0 })
  })

  it('a person with a grant in one account sees that account\u2019s matches and coverage only, and is told which account of theirs no credential reaches', async () => {
    const mine = await page(hana, `q=${STATUS}&field=content`, harbour.id)
    expect(mine.items.map((m) => m.zone_name)).toEqual(['harbourdental.co.uk'])
    expect(mine.total_count).toBe(1)
    const n = zonesOf(harbour.id).length
    expect(mine.coverage).toMatchObject({ zones_in_scope: n, zones_indexed: n, zones_not_read: 0, unreached: [{ account_id: meridian.id }] })
    expect(mine.coverage.accounts?.map((a) => a.account_id)).toEqual([harbour.id])
    // Every record, unfiltered: still Harbour's alone.
    const every = await page(hana, 'q=', harbour.id)
    expect(new Set(every.items.map((m) => m.account_id))).toEqual(new Set([harbour.id]))
    const csv = (await (await search(hana, 'q=&format=csv', harbour.id)).text()).split('\r\n')
    expect(csv[0]).toMatch(new RegExp(`^"?# Searched ${n} of ${n} zones \\(oldest read [^)]*\\)\\. Not searched, no credential of this dashboard reaches it: ${meridian.id}\\.`))
    expect(csv.slice(2).filter(Boolean).every((l) => l.endsWith(`,${harbour.name}`))).toBe(true)
  })
})

describe('change them all across accounts: each zone in its own account', () => {
  const NEW = '198.51.100.251'
  const post = (cookie: string, path: string, body: unknown, account?: string) =>
    app.request(path, { method: 'POST', headers: { cookie, 'x-zonekeeper-request': '1', 'content-type': 'application/json', ...(account ? { [ACCOUNT_HEADER]: account } : {}) }, body: JSON.stringify(body) })
  const harbourZone = ESTATE_ZONES.find((z) => z.name === 'harbourdental.co.uk')!
  const foxZone = ESTATE_ZONES.find((z) => z.name === 'foxandfinch.com')!

  it('previews and applies in both accounts, each zone read and written through its own account\u2019s credential', async () => {
    const selection = { mode: 'search', q: STATUS, field: 'content' } as const
    const change = { action: 'replace', content: NEW } as const
    const preview = ((await (await post(admin, '/api/local/search/replace/preview', { selection, change })).json()) as { result: ReplacePreview }).result
    expect(preview.zones.map((z) => [z.zone_name, z.account_id, z.how, z.rows.length])).toEqual([
      ['foxandfinch.com', foxFinch.id, 'direct', 1],
      ['harbourdental.co.uk', harbour.id, 'direct', 1],
    ])
    batches.length = 0
    for (const z of preview.zones) {
      const res = await post(admin, `/api/local/search/replace/zones/${z.zone_id}`, { selection, change })
      const result = ((await res.json()) as { result: ReplaceZoneResult }).result
      expect(result.outcome).toBe('applied')
      // Its audit entry names the zone's account (the page asked from the default one).
      expect((await store.audit.get(result.audit_ids[0]))?.account).toBe(z.account_id)
    }
    // Each zone's batch went out with its own account's token (the estate's binding refuses any other).
    expect(batches.toSorted((a, b) => a.zone.localeCompare(b.zone))).toEqual(
      [{ zone: harbourZone.id, token: SANDBOX_TOKENS[0].value }, { zone: foxZone.id, token: SANDBOX_TOKENS[1].value }].toSorted((a, b) => a.zone.localeCompare(b.zone)),
    )
    expect((await page(admin, `q=${NEW}&field=content`)).items.map((m) => m.account_id).toSorted()).toEqual([harbour.id, foxFinch.id].toSorted())
  })

  it('follows the person\u2019s grant in each zone\u2019s account: editor in one is applied, viewer in the other is refused', async () => {
    const p = await addPerson(store, 'eli', 'viewer')
    expect(
      await store.grants.replace(p.person.id, [
        { account: harbour.id, role: 'editor', zones: '*' },
        { account: foxFinch.id, role: 'viewer', zones: '*' },
      ]),
    ).toBe('ok')
    const eli = await sessionCookie(app, 'eli', p.password)
    const selection = { mode: 'search', q: NEW, field: 'content' } as const
    const change = { action: 'replace', content: STATUS } as const
    // Asked from Harbour (the page's active account), where Eli is an editor.
    const preview = ((await (await post(eli, '/api/local/search/replace/preview', { selection, change }, harbour.id)).json()) as { result: ReplacePreview }).result
    expect(preview.zones.map((z) => [z.zone_name, z.how])).toEqual([
      ['foxandfinch.com', 'refused'],
      ['harbourdental.co.uk', 'direct'],
    ])
    expect(preview.zones[0].reason).toMatch(/needs the editor role/)
    const applied = await post(eli, `/api/local/search/replace/zones/${harbourZone.id}`, { selection, change }, harbour.id)
    expect(((await applied.json()) as { result: ReplaceZoneResult }).result.outcome).toBe('applied')
    const refused = await post(eli, `/api/local/search/replace/zones/${foxZone.id}`, { selection, change }, harbour.id)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { errors: { message: string }[] }).errors[0].message).toMatch(/needs the editor role/)
    // "Every match" is the search's own scope: Ida, an editor of Harbour alone, is not even shown Fox & Finch's match.
    const i = await addPerson(store, 'ida', 'viewer')
    expect(await store.grants.replace(i.person.id, [{ account: harbour.id, role: 'editor', zones: '*' }])).toBe('ok')
    const ida = await sessionCookie(app, 'ida', i.password)
    const both = { mode: 'search', q: '198.51.100.25', field: 'content' } as const
    const hers = ((await (await post(ida, '/api/local/search/replace/preview', { selection: both, change }, harbour.id)).json()) as { result: ReplacePreview }).result
    expect(hers.zones.map((z) => z.zone_name)).toEqual(['harbourdental.co.uk'])
  })
  it('a zone of the default account, changed from a page in another account, is filed as the default account\u2019s request (listed where no account is named)', async () => {
    const demo = (await page(admin, 'q=&type=A')).items.find((m) => m.zone_name === 'example.com')
    expect(demo).toBeDefined()
    await store.changeRequests.setZone({ zoneId: demo!.zone_id, zoneName: 'example.com', required: true, approverMode: 'admins', approverIds: [], reviewEveryone: true }, 'test')
    const selection = { mode: 'records', records: [{ zone_id: demo!.zone_id, id: demo!.id }] } as const
    const res = await post(admin, `/api/local/search/replace/zones/${demo!.zone_id}`, { selection, change: { action: 'replace', content: '192.0.2.77' } }, harbour.id)
    const body = await res.text()
    expect(res.status, body).toBe(200)
    const result = (JSON.parse(body) as { result: ReplaceZoneResult }).result
    expect(result.outcome).toBe('filed')
    const listed = (await (await app.request('/api/local/change-requests', { headers: { cookie: admin } })).json()) as { result: { id: number }[] }
    expect(listed.result.map((r) => r.id)).toContain(result.change_request_id)
    expect((await store.changeRequests.get(result.change_request_id!))?.account ?? null).toBeNull()
  })
})
