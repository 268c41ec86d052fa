import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { createStore, type AuditEntry } from '../store'
import { fakeEmulator, testConfig } from '../../testing/server'
import { addPerson, creepingClock, fromAddress, login, sessionCookie } from '../../testing/server/auth'

const w = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }

describe('security events in the audit log', () => {
  const store = createStore({ dataDir: ':memory:', now: creepingClock() })
  const app = createApp({ config: testConfig(), emulator: fakeEmulator(), store })
  afterAll(() => store.close())
  const entries = async () => (await store.audit.list({}, 1, 500)).entries
  const last = async () => (await entries())[0]
  const shape = (e: AuditEntry) => ({ area: e.area, action: e.action, outcome: e.outcome, username: e.username, address: e.address })

  it('records sign-in (failures and success) and sign-out with the client address, never the password', async () => {
    const { password } = await addPerson(store, 'ivy', 'viewer')
    await login(app, 'ivy', 'wrong-password-1', '203.0.113.61')
    expect(shape(await last())).toEqual({ area: 'sign-in', action: 'sign-in', outcome: 'failure', username: 'ivy', address: '203.0.113.61' })
    await login(app, 'nobody', 'wrong-password-2', '203.0.113.62')
    expect(shape(await last())).toEqual({ area: 'sign-in', action: 'sign-in', outcome: 'failure', username: 'nobody', address: '203.0.113.62' })
    expect((await last()).personId).toBeNull()
    const cookie = await sessionCookie(app, 'ivy', password, '203.0.113.63')
    const signedIn = await last()
    expect(shape(signedIn)).toEqual({ area: 'sign-in', action: 'sign-in', outcome: 'success', username: 'ivy', address: '203.0.113.63' })
    expect(signedIn.resourceType).toBe('session')
    await app.request('/logout', { method: 'POST', headers: { cookie } }, fromAddress('203.0.113.64'))
    const out = await last()
    expect(shape(out)).toEqual({ area: 'sign-in', action: 'sign-out', outcome: 'success', username: 'ivy', address: '203.0.113.64' })
    expect(out.resourceId).toBe(signedIn.resourceId)
    const all = JSON.stringify(await entries())
    expect(all).not.toContain(password)
    expect(all).not.toContain('wrong-password')
  })

  it('records throttled attempts as refused', async () => {
    for (let i = 0; i < 6; i++) await login(app, 'ivy', `guess-${i}`, '203.0.113.65')
    expect(shape(await last())).toMatchObject({ action: 'sign-in', outcome: 'refused', address: '203.0.113.65' })
    expect((await last()).status).toBe(429)
  })

  it('records password changes (a wrong current password too) and token creation and revocation, never a secret', async () => {
    const { person, password } = await addPerson(store, 'max', 'editor')
    const cookie = await sessionCookie(app, 'max', password, '203.0.113.66')
    const change = (current: string, next: string) =>
      app.request(
        '/password',
        {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ current, password: next, again: next }).toString(),
        },
        fromAddress('203.0.113.67'),
      )
    await change('not-the-current-one', 'amber-kettle-violin-42')
    expect(shape(await last())).toEqual({ area: 'sign-in', action: 'password-change', outcome: 'failure', username: 'max', address: '203.0.113.67' })
    const made = await app.request('/api/local/me/tokens', { method: 'POST', headers: { ...w, cookie }, body: JSON.stringify({ name: 'deploy' }) }, fromAddress('203.0.113.68'))
    const token = (await made.json()).result as { id: string; token: string }
    const created = await last()
    expect(shape(created)).toEqual({ area: 'people', action: 'token-create', outcome: 'success', username: 'max', address: '203.0.113.68' })
    expect(created).toMatchObject({ resourceType: 'api_token', resourceId: token.id })
    await app.request(`/api/local/me/tokens/${token.id}`, { method: 'DELETE', headers: { ...w, cookie } }, fromAddress('203.0.113.69'))
    expect(await last()).toMatchObject({ area: 'people', action: 'token-revoke', resourceType: 'api_token', resourceId: token.id, address: '203.0.113.69' })
    await change(password, 'amber-kettle-violin-42')
    expect(shape(await last())).toEqual({ area: 'sign-in', action: 'password-change', outcome: 'success', username: 'max', address: '203.0.113.67' })
    expect((await last()).personId).toBe(person.id)
    const all = JSON.stringify(await entries())
    for (const secret of [password, 'amber-kettle-violin-42', 'not-the-current-one', token.token]) expect(all).not.toContain(secret)
  })

  it('shows them to administrators through the audit API, filtered by the sign-in area', async () => {
    const { password } = await addPerson(store, 'ada', 'admin')
    const cookie = await sessionCookie(app, 'ada', password)
    const res = await app.request('/api/local/audit?area=sign-in&person=ivy', { headers: { cookie } })
    expect(res.status).toBe(200)
    const listed = (await res.json()).result as AuditEntry[]
    expect(listed.length).toBeGreaterThanOrEqual(3)
    expect(listed.every((e) => e.area === 'sign-in' && e.username === 'ivy' && e.address)).toBe(true)
  })
})
