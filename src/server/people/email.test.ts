import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import type { MeView, PersonView } from '../../shared/schemas/people'
import { EVERY_ACCOUNT } from '../store'

/**
 * A person's e-mail through the HTTP API: administrators set it when adding or changing a person,
 * each person sets their own, the form is checked at the door, and it is stored where change-request
 * mail reads it.
 */
const { app, store } = auditTestApp()
const as: Record<string, Record<string, string>> = {}
let erinId = ''

beforeAll(async () => {
  await addPerson(store, 'adm', 'admin')
  erinId = (await addPerson(store, 'erin', 'editor', '*')).person.id
  for (const u of ['adm', 'erin']) as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
})

const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, ...as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string; source?: { pointer: string } }[] }
  return { status: res.status, result: json.result, errors: json.errors }
}

describe("a person's e-mail", () => {
  it('refuses an address that is not one, on its field, and stores nothing', async () => {
    for (const bad of ['erin', 'erin@', 'erin at example.com', `${'x'.repeat(250)}@example.com`, 42]) {
      const res = await call('adm', 'PATCH', `/api/local/people/${erinId}`, { email: bad })
      expect(res.status, String(bad)).toBe(400)
      expect(res.errors[0]).toMatchObject({ code: 1004, source: { pointer: '/email' } })
    }
    const add = await call('adm', 'POST', '/api/local/people', { username: 'bad-mail', display_name: 'B', role: 'viewer', zones: '*', password: 'kettle-harbour-violet-93', email: 'nope' })
    expect(add.status).toBe(400)
    expect(add.errors.map((e) => e.source?.pointer)).toEqual(['/email'])
    expect((await store.changeRequests.person(erinId)).email).toBeNull()
  })

  it('is set by an administrator (adding and changing), shown in the list, and cleared with an empty field', async () => {
    const added = await call<PersonView>('adm', 'POST', '/api/local/people', { username: 'dana', display_name: 'Dana', role: 'viewer', zones: '*', password: 'kettle-harbour-violet-93', email: ' Dana@Example.com ' })
    expect(added.status).toBe(201)
    // Trimmed, the domain lower-cased, the local part as typed.
    expect(added.result).toMatchObject({ email: 'Dana@example.com', email_source: 'admin' })
    expect((await call<PersonView>('adm', 'PATCH', `/api/local/people/${erinId}`, { email: 'erin@example.com' })).result.email).toBe('erin@example.com')
    const list = (await call<PersonView[]>('adm', 'GET', '/api/local/people')).result
    expect(Object.fromEntries(list.map((p) => [p.username, p.email]))).toMatchObject({ adm: null, erin: 'erin@example.com', dana: 'Dana@example.com' })
    // Change-request mail reads the same place; the "may propose" setting beside it is kept.
    await store.changeRequests.setPerson(erinId, { mayPropose: true })
    expect(await store.changeRequests.person(erinId)).toEqual({ mayPropose: true, email: 'erin@example.com' })
    expect((await call<PersonView>('adm', 'PATCH', `/api/local/people/${erinId}`, { email: '' })).result.email).toBeNull()
    expect(await store.changeRequests.person(erinId)).toEqual({ mayPropose: true, email: null })
  })

  it('is set by the person for themselves, and only their own', async () => {
    const own = await call<MeView>('erin', 'PATCH', '/api/local/me', { email: 'erin@mail.example' })
    expect(own.status).toBe(200)
    expect(own.result.person).toMatchObject({ email: 'erin@mail.example', email_source: 'self' })
    expect((await call<MeView>('erin', 'GET', '/api/local/me')).result.person.email).toBe('erin@mail.example')
    expect((await call('erin', 'PATCH', '/api/local/me', { email: 'not-mail' })).errors[0]).toMatchObject({ source: { pointer: '/email' } })
    // Anything else in the body (a role) is not theirs to set: ignored.
    await call('erin', 'PATCH', '/api/local/me', { email: 'erin@mail.example', role: 'admin' })
    expect((await store.people.byUsername('erin'))!.role).toBe('editor')
    // An editor cannot set someone else's, nor their own through the administrators' door.
    const admId = (await store.people.byUsername('adm'))!.id
    expect((await call('erin', 'PATCH', `/api/local/people/${admId}`, { email: 'x@example.com' })).status).toBe(403)
    expect((await call('erin', 'PATCH', `/api/local/people/${erinId}`, { email: 'x@example.com' })).status).toBe(403)
    expect((await store.people.byId(admId))!.email).toBeNull()
    expect((await store.people.byId(erinId))!.email).toBe('erin@mail.example')
  })

  it('is audited like the other changes to people: who, which person, before and after', async () => {
    await call('erin', 'PATCH', '/api/local/me', { email: 'erin@audit.example' })
    const [own] = (await store.audit.list({ area: 'people' }, 1, 50)).entries.filter((e) => e.path === '/api/local/me' && e.outcome === 'success')
    expect(own).toMatchObject({ username: 'erin', resourceType: 'me', resourceId: erinId, action: 'update', label: 'erin' })
    expect(own.before).toMatchObject({ username: 'erin', email: 'erin@mail.example' })
    expect(own.after).toMatchObject({ username: 'erin', email: 'erin@audit.example', email_source: 'self' })
    await call('adm', 'PATCH', `/api/local/people/${erinId}`, { email: 'erin@admin.example' })
    const [byAdmin] = (await store.audit.list({ area: 'people' }, 1, 50)).entries.filter((e) => e.path === `/api/local/people/${erinId}` && e.outcome === 'success')
    expect(byAdmin).toMatchObject({ username: 'adm', resourceType: 'person', action: 'update', label: 'erin' })
    expect(byAdmin.before).toMatchObject({ email: 'erin@audit.example' })
    expect(byAdmin.after).toMatchObject({ email: 'erin@admin.example', email_source: 'admin' })
  })

  it('marks in the People list who has no address but would get change-request mail', async () => {
    await addPerson(store, 'vic', 'viewer', ['example.com'])
    await addPerson(store, 'ed2', 'editor', ['example.com'])
    await addPerson(store, 'other', 'editor', ['elsewhere.example'])
    await store.changeRequests.setZone({ zoneId: 'z1', zoneName: 'example.com', required: true, approverMode: 'admins', approverIds: [] }, 'test')
    const wanted = async () => Object.fromEntries((await call<PersonView[]>('adm', 'GET', '/api/local/people')).result.map((p) => [p.username, p.mail_wanted]))
    // The administrator approves; the editor in scope files requests; the viewer may not propose yet; the other editor's zone needs none.
    expect(await wanted()).toMatchObject({ adm: 'approves change requests on example.com', ed2: 'files change requests on example.com', vic: null, other: null })
    await store.changeRequests.setPerson((await store.people.byUsername('vic'))!.id, { mayPropose: true })
    expect((await wanted()).vic).toBe('files change requests on example.com')
    // With an address, nothing is missed.
    await call('adm', 'PATCH', '/api/local/me', { email: 'adm@example.com' })
    expect((await wanted()).adm).toBeNull()
  })

  it('judges who approves on a zone by their grant in the zone’s account, not their every-account role', async () => {
    const A = 'a1'.repeat(16)
    const zoneId = 'c1'.repeat(16)
    await store.recordIndex.putZones('sandbox', [{ zone_id: zoneId, zone_name: 'clinic.example', account_id: A }], Date.now())
    await store.changeRequests.setZone({ zoneId, zoneName: 'clinic.example', required: true, approverMode: 'editors', approverIds: [] }, 'test')
    // Ann: a viewer everywhere but an editor in the zone's account. Bo: an administrator everywhere but a viewer there.
    const ann = await addPerson(store, 'ann', 'viewer')
    expect(await store.grants.replace(ann.person.id, [{ account: EVERY_ACCOUNT, role: 'viewer', zones: '*' }, { account: A, role: 'editor', zones: '*' }])).toBe('ok')
    const bo = await addPerson(store, 'bo', 'admin')
    expect(await store.grants.replace(bo.person.id, [{ account: EVERY_ACCOUNT, role: 'admin', zones: '*' }, { account: A, role: 'viewer', zones: '*' }])).toBe('ok')
    const wanted = Object.fromEntries((await call<PersonView[]>('adm', 'GET', '/api/local/people')).result.map((p) => [p.username, p.mail_wanted]))
    expect(wanted.ann).toBe('approves change requests on clinic.example')
    // Bo approves the default account's zone (not indexed: the default account's), not the clinic's.
    expect(wanted.bo).toBe('approves change requests on example.com')
  })
})
