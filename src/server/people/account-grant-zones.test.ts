import { beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_HEADER } from '../../shared/account-context'
import { estateApp } from '../../testing/server/estate-app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { ESTATE_ACCOUNTS, ESTATE_ZONES } from '../emulator/estate/data'

/** A grant in one account with some of its zones: given through that account's credential, enforced at the API door. */
const { store, app } = estateApp()
const { harbour } = ESTATE_ACCOUNTS
const zoneNamed = (name: string) => ESTATE_ZONES.find((z) => z.name === name)!
let boss = ''
let gina = ''
let ginaId = ''
beforeAll(async () => {
  const b = await addPerson(store, 'boss', 'admin')
  const g = await addPerson(store, 'gina', 'viewer', [])
  ginaId = g.person.id
  boss = await sessionCookie(app, 'boss', b.password)
  gina = await sessionCookie(app, 'gina', g.password)
})

const call = (cookie: string, method: string, path: string, body?: unknown, account?: string) =>
  app.request(path, {
    method,
    headers: { cookie, 'x-zonekeeper-request': '1', 'content-type': 'application/json', ...(account ? { [ACCOUNT_HEADER]: account } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const record = (name: string) => ({ type: 'TXT', name: `grant-test.${name}`, content: '"hello"', ttl: 1 })

describe('a grant in one account with some of its zones', () => {
  it('is checked against that account’s zones, through its own credential', async () => {
    // Harbour's zones are reached only by the agency's token: the account's credential, whatever the administrator's page acts in.
    const given = await call(boss, 'PUT', `/api/local/people/${ginaId}/grants`, { account: harbour.id, role: 'editor', zones: ['HarbourDental.co.uk'] })
    expect(given.status).toBe(200)
    expect(await store.grants.forAccount(ginaId, harbour.id)).toEqual({ account: harbour.id, role: 'editor', zones: ['harbourdental.co.uk'] })
    // A zone of another account is not Harbour's: refused at the field, naming it.
    const other = await call(boss, 'PUT', `/api/local/people/${ginaId}/grants`, { account: harbour.id, role: 'editor', zones: ['foxandfinch.com'] })
    expect(other.status).toBe(400)
    const body = (await other.json()) as { errors: { message: string; source?: { pointer: string } }[] }
    expect(body.errors[0]).toMatchObject({ source: { pointer: '/zones' } })
    expect(body.errors[0].message).toContain('foxandfinch.com')
  })

  it('lets its person write in its zones of that account, and refuses any other zone there with a 403 at the API door', async () => {
    const inScope = zoneNamed('harbourdental.co.uk')
    const outside = zoneNamed('harbourdental-careers.co.uk')
    const ok = await call(gina, 'POST', `/api/v4/zones/${inScope.id}/dns_records`, record(inScope.name), harbour.id)
    expect(ok.status).toBe(200)
    const refused = await call(gina, 'POST', `/api/v4/zones/${outside.id}/dns_records`, record(outside.name), harbour.id)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { errors: { message: string }[] }).errors[0].message).toMatch(/outside your zone scope/)
    // The same zone in the default account, where gina's every-account grant has no zones: refused too.
    const elsewhere = await call(gina, 'POST', `/api/v4/zones/${inScope.id}/dns_records`, record(inScope.name))
    expect(elsewhere.status).toBe(403)
    // The audit log says which account each went through, and filters by it.
    const id = Number(ok.headers.get('x-zonekeeper-audit-id'))
    expect((await store.audit.get(id))?.account).toBe(harbour.id)
    const listed = (await (await call(boss, 'GET', `/api/local/audit?account_id=${harbour.id}`)).json()) as { result: { id: number; account: string | null; outcome: string }[] }
    expect(listed.result.map((e) => [e.account, e.outcome])).toEqual([
      [harbour.id, 'refused'],
      [harbour.id, 'success'],
    ])
    expect((await store.audit.list({})).entries.find((e) => e.outcome === 'refused' && e.account === null)).toBeTruthy()
  })
})
