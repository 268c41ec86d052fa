import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore } from '../store'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'
import { ESTATE_ACCOUNTS, ESTATE_ZONES, SANDBOX_TOKENS } from '../emulator/estate/data'
import { DEMO_ACCOUNT } from '../emulator/seed-ids'

const emulator = memoryEmulator({ scaleZones: false })
const store = createStore({ dataDir: ':memory:', credentialsKey: randomBytes(32) })
afterAll(async () => {
  emulator.close()
  await store.close()
})
const app = createApp({ config: testConfig(), emulator, store })
const { harbour, foxFinch } = ESTATE_ACCOUNTS
const zonesOf = (accountId: string) => ESTATE_ZONES.filter((z) => z.account.id === accountId).map((z) => z.name).sort()

interface Answer<T> {
  success: boolean
  result: T
  errors: { code: number; message: string }[]
}
const get = async <T>(path: string, account?: string) => {
  const res = await app.request(path, { headers: account ? { [ACCOUNT_HEADER]: account } : {} })
  return { status: res.status, body: (await res.json()) as Answer<T> }
}
const zoneNames = async (account: string) => {
  const { status, body } = await get<{ name: string; account: { id: string } }[]>(`/api/v4/zones?per_page=50&account.id=${account}`, account)
  return { status, names: status === 200 ? body.result.map((z) => z.name).sort() : [] }
}

describe('the sandbox: accounts in scope and the credential a request acts through', () => {
  it('with no stored credential, the sandbox itself reaches the demo account and the agency’s client accounts', async () => {
    const { body } = await get<{ default: string; accounts: { id: string; name: string; credentials: { id: string }[] }[] }>('/api/local/accounts')
    const ids = body.result.accounts.map((a) => a.id)
    expect(body.result.default).toBe(DEMO_ACCOUNT.id)
    expect(ids).toEqual(expect.arrayContaining([DEMO_ACCOUNT.id, harbour.id, foxFinch.id, ESTATE_ACCOUNTS.meridian.id]))
    expect(new Set(ids).size).toBe(ids.length)
    expect(body.result.accounts.every((a) => a.credentials.map((c) => c.id).join() === 'sandbox')).toBe(true)
    // A client account is reached (through the agency's token), its zones only where it is named.
    expect(await zoneNames(foxFinch.id)).toEqual({ status: 200, names: zonesOf(foxFinch.id) })
  })

  it('a stored sandbox token is sent as the emulator’s token: the estate’s binding applies', async () => {
    const added = await store.credentials.add({
      label: 'Harbour account token',
      credential: { kind: 'token', token: SANDBOX_TOKENS[0].value },
      check: { accounts: [{ id: harbour.id, name: harbour.name }], policies: null, status: null, expiresOn: null },
      by: 'test',
    })
    // The vault is read at most once a second for routing.
    await new Promise((r) => setTimeout(r, 1100))
    expect(await zoneNames(harbour.id)).toEqual({ status: 200, names: zonesOf(harbour.id) })
    // Fox & Finch: no stored credential reaches it, and the sandbox's own reach no longer includes the estate.
    const fox = await get('/api/v4/zones', foxFinch.id)
    expect(fox.status).toBe(403)
    expect(fox.body.errors[0].code).toBe(9109)
    const { body } = await get<{ accounts: { id: string; credentials: { id: string; label: string }[] }[] }>('/api/local/accounts')
    expect(body.result.accounts.find((a) => a.id === harbour.id)?.credentials).toEqual([{ id: added.id, label: 'Harbour account token' }])
    expect(body.result.accounts.some((a) => a.id === foxFinch.id)).toBe(false)
    // Replaced by a token of another account: the next request is sent with it, and the emulator refuses Harbour's zones.
    await store.credentials.replace(added.id, {
      credential: { kind: 'token', token: SANDBOX_TOKENS[1].value },
      check: { accounts: [{ id: harbour.id, name: harbour.name }], policies: null, status: null, expiresOn: null },
      by: 'test',
    })
    const zone = ESTATE_ZONES.find((z) => z.account.id === harbour.id)!
    expect((await get(`/api/v4/zones/${zone.id}`, harbour.id)).status).toBe(403)
  })
})
