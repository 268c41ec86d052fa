import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../auth/test-helpers'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import type { MeView, PersonView } from '../../shared/schemas/people'

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
    expect(added.result.email).toBe('dana@example.com')
    expect((await call<PersonView>('adm', 'PATCH', `/api/local/people/${erinId}`, { email: 'erin@example.com' })).result.email).toBe('erin@example.com')
    const list = (await call<PersonView[]>('adm', 'GET', '/api/local/people')).result
    expect(Object.fromEntries(list.map((p) => [p.username, p.email]))).toMatchObject({ adm: null, erin: 'erin@example.com', dana: 'dana@example.com' })
    // Change-request mail reads the same place; the "may propose" setting beside it is kept.
    await store.changeRequests.setPerson(erinId, { mayPropose: true, email: 'erin@example.com' })
    expect((await call<PersonView>('adm', 'PATCH', `/api/local/people/${erinId}`, { email: '' })).result.email).toBeNull()
    expect(await store.changeRequests.person(erinId)).toEqual({ mayPropose: true, email: null })
  })

  it('is set by the person for themselves, and only their own', async () => {
    const own = await call<MeView>('erin', 'PATCH', '/api/local/me', { email: 'erin@mail.example' })
    expect(own.status).toBe(200)
    expect(own.result.person.email).toBe('erin@mail.example')
    expect((await call<MeView>('erin', 'GET', '/api/local/me')).result.person.email).toBe('erin@mail.example')
    expect((await call('erin', 'PATCH', '/api/local/me', { email: 'not-mail' })).errors[0]).toMatchObject({ source: { pointer: '/email' } })
    // Anything else in the body (a role) is not theirs to set: ignored.
    await call('erin', 'PATCH', '/api/local/me', { email: 'erin@mail.example', role: 'admin' })
    expect((await store.people.byUsername('erin'))!.role).toBe('editor')
    // An editor cannot set someone else's.
    expect((await call('erin', 'PATCH', `/api/local/people/${erinId}`, { email: 'x@example.com' })).status).toBe(403)
  })
})
