import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { ESTATE_ACCOUNTS, ESTATE_ZONES } from '../emulator/estate/data'
import { createStore, EVERY_ACCOUNT } from '../store'
import { testConfig } from '../../testing/server'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { ACCOUNT_HEADER } from '../../shared/account-context'

/** At the door: a person's role and zones are their grant in the account the request names. */
const store = createStore({ dataDir: ':memory:' })
let emulator: Emulator
let app: ReturnType<typeof createApp>
let cookie = ''
let oldCookie = ''
// Accounts the sandbox reaches (an account no credential reaches is refused before any role is asked).
const A = DEMO_ACCOUNT.id
const B = ESTATE_ACCOUNTS.harbour.id
const C = ESTATE_ACCOUNTS.foxFinch.id
const demo = SEED_ZONES.demo
/** A zone of each account: a request acts on a zone of the account it names. */
const zoneOf = (account: string | undefined) => ESTATE_ZONES.find((z) => z.account.id === account)?.id ?? demo.id

beforeAll(async () => {
  emulator = memoryEmulator()
  app = createApp({ config: testConfig(), emulator, store })
  await addPerson(store, 'root', 'admin')
  const sam = await addPerson(store, 'sam', 'viewer')
  const id = (await store.people.byUsername('sam'))!.id
  expect(await store.grants.remove(id, EVERY_ACCOUNT)).toBe(true)
  expect(await store.grants.set(id, { account: A, role: 'viewer', zones: '*' })).toBe('ok')
  expect(await store.grants.set(id, { account: B, role: 'editor', zones: '*' })).toBe('ok')
  cookie = await sessionCookie(app, 'sam', sam.password)
  // Someone as before accounts: one role for every account.
  const old = await addPerson(store, 'ed', 'editor')
  oldCookie = await sessionCookie(app, 'ed', old.password)
})
afterAll(async () => {
  emulator.close()
  await store.close()
})

const write = (account: string | undefined, who = cookie) =>
  app.request(`/api/v4/zones/${zoneOf(account)}/dns_records`, {
    method: 'POST',
    headers: { cookie: who, 'x-zonekeeper-request': '1', 'content-type': 'application/json', ...(account === undefined ? {} : { [ACCOUNT_HEADER]: account }) },
    body: JSON.stringify({ type: 'A', name: `x${Math.random().toString(36).slice(2, 8)}`, content: '192.0.2.1', ttl: 1 }),
  })
const message = async (res: Response) => ((await res.json()) as { errors: { message: string }[] }).errors[0].message

describe('a viewer in account A and an editor in B', () => {
  it('writes naming B', async () => {
    expect((await write(B)).status).toBe(200)
  })

  it('is refused a write naming A, with the role it needs', async () => {
    const res = await write(A)
    expect(res.status).toBe(403)
    expect(await message(res)).toContain('editor role')
  })

  it('reads in A', async () => {
    expect((await app.request(`/api/v4/zones/${demo.id}/dns_records`, { headers: { cookie, [ACCOUNT_HEADER]: A } })).status).toBe(200)
  })

  it('has no access in an account without a grant, nor in the default one', async () => {
    const res = await write(C)
    expect(res.status).toBe(403)
    expect(await message(res)).toContain(`no access to account ${C}`)
    const none = await app.request(`/api/v4/zones/${demo.id}/dns_records`, { headers: { cookie } })
    expect(none.status).toBe(403)
    expect(await message(none)).toContain('no access to the default account')
  })

  it('gets a 400 for a malformed account header, never the default account', async () => {
    const res = await write('not-an-account')
    expect(res.status).toBe(400)
    expect(await message(res)).toContain(ACCOUNT_HEADER)
  })
})

describe('someone with one role as before', () => {
  it('keeps it in every account, named or not', async () => {
    expect((await write(undefined, oldCookie)).status).toBe(200)
    expect((await write(C, oldCookie)).status).toBe(200)
  })
})
