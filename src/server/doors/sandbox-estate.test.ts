import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { emulatorForward } from './sandbox-door'
import { ESTATE_ACCOUNTS, ESTATE_ZONES, SANDBOX_TOKENS } from '../emulator/estate/data'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'

const emulator = memoryEmulator({ scaleZones: false })
afterAll(() => emulator.close())
const app = createApp({ config: testConfig(), emulator })

const [harbourToken, foxToken, meridianToken, agencyToken] = SANDBOX_TOKENS
const { harbour, foxFinch, meridian } = ESTATE_ACCOUNTS
const zonesOf = (accountId: string) => ESTATE_ZONES.filter((z) => z.account.id === accountId).map((z) => z.name).sort()
const foxZone = ESTATE_ZONES.find((z) => z.name === 'foxandfinch.com')!
const harbourZone = ESTATE_ZONES.find((z) => z.name === 'harbourdental.co.uk')!

interface Answer {
  success: boolean
  result: unknown
  errors: { code: number; message: string }[]
  result_info?: { total_count: number }
}
const call = async (token: string, path: string, init: RequestInit = {}) => {
  const res = await app.request(`/client/v4${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) } })
  return { status: res.status, body: (await res.json()) as Answer }
}
const names = (body: Answer) => (body.result as { name: string }[]).map((x) => x.name).sort()

describe('the agency estate: tokens bound to accounts at the client door', () => {
  it('an account token lists only its account’s zones, and account.id filters inside them', async () => {
    const { status, body } = await call(harbourToken.value, '/zones?per_page=50')
    expect(status).toBe(200)
    expect(names(body)).toEqual(zonesOf(harbour.id))
    expect(body.result_info?.total_count).toBe(2)
    expect(names((await call(harbourToken.value, `/zones?account.id=${foxFinch.id}`)).body)).toEqual([])
    expect(names((await call(harbourToken.value, `/zones?account.id=${harbour.id}&name=harbourdental.co.uk`)).body)).toEqual(['harbourdental.co.uk'])
  })

  it('refuses another account’s zone (its DNS records, the zone itself, a write) with 403, code 9109', async () => {
    for (const [method, path] of [
      ['GET', `/zones/${foxZone.id}/dns_records`],
      ['GET', `/zones/${foxZone.id}`],
      ['GET', `/zones/${SEED_ZONES.demo.id}/dns_records`],
      ['DELETE', `/zones/${foxZone.id}/dns_records/${'0'.repeat(32)}`],
    ] as const) {
      const { status, body } = await call(harbourToken.value, path, { method })
      expect({ method, path, status }).toEqual({ method, path, status: 403 })
      expect(body).toMatchObject({ success: false, result: null, errors: [{ code: 9109, message: 'Unauthorized to access requested resource' }] })
    }
    // Its own zone's records it reads.
    const own = await call(harbourToken.value, `/zones/${harbourZone.id}/dns_records?per_page=100`)
    expect(own.status).toBe(200)
    expect((own.body.result as { name: string }[]).some((r) => r.name === 'book.harbourdental.co.uk')).toBe(true)
  })

  it('refuses an account-scoped path of another account, and a zone created in it', async () => {
    expect((await call(harbourToken.value, `/accounts/${foxFinch.id}`)).body.errors[0].code).toBe(9109)
    expect((await call(harbourToken.value, `/accounts/${DEMO_ACCOUNT.id}/load_balancers/pools`)).status).toBe(403)
    const created = await call(harbourToken.value, '/zones', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'harbour-smiles.example', account: { id: foxFinch.id } }),
    })
    expect(created.status).toBe(403)
  })

  it('GET /accounts lists the accounts each seeded token reaches (name filter inside them)', async () => {
    const list = async (token: string, q = '') => names((await call(token, `/accounts${q}`)).body)
    expect(await list(harbourToken.value)).toEqual(['Harbour Dental Group'])
    expect(await list(foxToken.value)).toEqual(['Fox & Finch Bakery'])
    expect(await list(meridianToken.value)).toEqual(['Meridian Cycle Works'])
    expect(await list(agencyToken.value)).toEqual(['Fox & Finch Bakery', 'Harbour Dental Group', 'Meridian Cycle Works'])
    expect(await list(agencyToken.value, '?name=finch')).toEqual(['Fox & Finch Bakery'])
    const one = await call(agencyToken.value, `/accounts/${meridian.id}`)
    expect(one.body.result).toMatchObject({ id: meridian.id, name: 'Meridian Cycle Works', type: 'standard' })
  })

  it('the user token reaches all three client accounts’ zones, not the demo account’s', async () => {
    const { body } = await call(agencyToken.value, '/zones?per_page=50')
    expect(names(body)).toEqual(ESTATE_ZONES.map((z) => z.name).sort())
    expect((await call(agencyToken.value, `/zones/${SEED_ZONES.demo.id}`)).status).toBe(403)
  })

  it('verifies each token where the service does: user tokens at /user, account tokens under their account', async () => {
    const user = await call(agencyToken.value, '/user/tokens/verify')
    expect(user.status).toBe(200)
    expect(user.body.result).toMatchObject({ id: agencyToken.id, status: 'active' })
    const account = await call(harbourToken.value, `/accounts/${harbour.id}/tokens/verify`)
    expect(account.status).toBe(200)
    expect(account.body.result).toMatchObject({ id: harbourToken.id, status: 'active' })
    // The other way round the service answers 401, "Invalid API Token".
    const wrongPlace = await call(harbourToken.value, '/user/tokens/verify')
    expect(wrongPlace.status).toBe(401)
    expect(wrongPlace.body.errors[0].code).toBe(1000)
    expect((await call(agencyToken.value, `/accounts/${harbour.id}/tokens/verify`)).status).toBe(401)
    // Under another account: out of its reach.
    expect((await call(harbourToken.value, `/accounts/${foxFinch.id}/tokens/verify`)).status).toBe(403)
  })

  it('an unknown well-formed token sees the demo estate exactly as before, not the agency', async () => {
    const token = 'any-other-token-0123456789'
    const zones = await call(token, '/zones?per_page=50')
    expect(names(zones.body)).toEqual(['example.com', 'newshop.dev', 'old-brand.net'])
    expect(names((await call(token, '/accounts')).body)).toEqual([DEMO_ACCOUNT.name])
    expect((await call(token, `/zones/${SEED_ZONES.demo.id}/dns_records`)).status).toBe(200)
    expect((await call(token, `/zones/${foxZone.id}`)).status).toBe(403)
    expect((await call(token, '/user/tokens/verify')).body.result).toMatchObject({ status: 'active' })
    // Under an account: one the sandbox holds, as the service would; one it does not hold is not found.
    expect((await call(token, `/accounts/${DEMO_ACCOUNT.id}/tokens/verify`)).body.result).toMatchObject({ status: 'active' })
    expect((await call(token, `/accounts/${'f'.repeat(32)}/tokens/verify`)).status).toBe(404)
    // An e-mail + key pair too.
    const pair = await app.request('/client/v4/zones', { headers: { 'x-auth-email': 'dev@example.com', 'x-auth-key': 'k0123456789' } })
    expect(((await pair.json()) as Answer).result_info?.total_count).toBe(3)
  })

  it('the in-process path takes the credential too; without one it is the dashboard’s view as before', async () => {
    const send = emulatorForward(emulator)
    const read = async (credential?: string) => ((await (await send({ method: 'GET', pathAndQuery: '/zones?per_page=50', credential })).json()) as Answer)
    expect(names(await read())).toEqual(['example.com', 'newshop.dev', 'old-brand.net'])
    expect(names(await read(meridianToken.value))).toEqual(['meridiancycles.com'])
    const refused = await send({ method: 'GET', pathAndQuery: `/zones/${foxZone.id}/dns_records`, credential: meridianToken.value })
    expect(refused.status).toBe(403)
    // The dashboard's own API door: the demo account's zones, as before.
    const own = await app.request('/api/v4/zones?per_page=50', { headers: { 'x-zonekeeper-request': '1' } })
    expect(names((await own.json()) as Answer)).toEqual(['example.com', 'newshop.dev', 'old-brand.net'])
  })
})

describe('the rate limit stays per token', () => {
  it('a bound token spends its own budget, not another token’s', async () => {
    const limited = createApp({ config: testConfig({ sandboxRateLimit: { quota: 2, windowSeconds: 60 } }), emulator })
    const get = (token: string) => limited.request('/client/v4/zones', { headers: { authorization: `Bearer ${token}` } })
    expect((await get(harbourToken.value)).status).toBe(200)
    expect((await get(harbourToken.value)).status).toBe(200)
    expect((await get(harbourToken.value)).status).toBe(429)
    // The agency's user token, reaching the same account, has a budget of its own.
    const other = await get(agencyToken.value)
    expect(other.status).toBe(200)
    expect(other.headers.get('ratelimit')).toMatch(/r=1;/)
  })
})
