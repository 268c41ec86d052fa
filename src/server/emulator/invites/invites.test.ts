import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { DEMO_USER } from '../seed-ids'
import { invitesModule } from './index'
import { seedInviteId } from './seed'
import { inviteSchema } from '../../../shared/schemas/invites'

const SEEDED_AT = new Date('2026-03-01T12:00:00Z')
let emu: ModuleEmulator

beforeEach(() => {
  emu = createModuleEmulator([invitesModule], SEEDED_AT)
})
afterEach(() => emu.close())

const answer = (key: string, status: unknown) => call(emu.app, 'PATCH', `/user/invites/${seedInviteId(key)}`, { status })

describe('invites list and get', () => {
  it('lists pending, accepted, declined and expired invites in the API shape', async () => {
    const { status, body } = await call(emu.app, 'GET', '/user/invites')
    expect(status).toBe(200)
    const invites = body.result.map((r: unknown) => inviteSchema.parse(r))
    const byStatus = (s: string) => invites.filter((i: { status: string }) => i.status === s).length
    expect(byStatus('pending')).toBeGreaterThanOrEqual(3)
    expect(byStatus('accepted')).toBe(1)
    expect(byStatus('rejected')).toBe(1)
    expect(byStatus('expired')).toBe(1)
    expect(body.result[0]).toMatchObject({ invited_member_email: DEMO_USER.email, roles: expect.any(Array) })
    expect(typeof body.result[0].roles[0]).toBe('string')
  })

  it('reports a pending invite as expired once the clock passes its expiry', async () => {
    expect((await call(emu.app, 'GET', `/user/invites/${seedInviteId('umbrella')}`)).body.result.status).toBe('pending')
    emu.setNow(new Date(SEEDED_AT.getTime() + 3 * 86_400_000))
    expect((await call(emu.app, 'GET', `/user/invites/${seedInviteId('umbrella')}`)).body.result.status).toBe('expired')
  })

  it('404s an unknown invite', async () => {
    expect((await call(emu.app, 'GET', `/user/invites/${'c'.repeat(32)}`)).status).toBe(404)
    expect((await call(emu.app, 'PATCH', `/user/invites/${'c'.repeat(32)}`, { status: 'accepted' })).status).toBe(404)
  })
})

describe('answering an invite', () => {
  it('accepts a pending invite and answers the updated invite', async () => {
    const res = await answer('globex', 'accepted')
    expect(res.status).toBe(200)
    expect(res.body.result).toMatchObject({ id: seedInviteId('globex'), status: 'accepted', invited_member_id: DEMO_USER.id })
    expect((await call(emu.app, 'GET', `/user/invites/${seedInviteId('globex')}`)).body.result.status).toBe('accepted')
  })

  it('declines a pending invite', async () => {
    expect((await answer('initech', 'rejected')).body.result.status).toBe('rejected')
  })

  it('refuses to accept an expired invite, saying when it expired and whom to ask', async () => {
    const res = await answer('hooli', 'accepted')
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/expired on .* can no longer be accepted/)
    expect(res.body.errors[0].message).toContain('gavin@hooli.example')
    expect((await call(emu.app, 'GET', `/user/invites/${seedInviteId('hooli')}`)).body.result.status).toBe('expired')
  })

  it('refuses an invite that expired after it was listed (checked against the clock at answer time)', async () => {
    emu.setNow(new Date(SEEDED_AT.getTime() + 2 * 86_400_000))
    expect((await answer('umbrella', 'accepted')).status).toBe(400)
  })

  it('refuses to change an answer', async () => {
    await answer('stark', 'accepted')
    const again = await answer('stark', 'rejected')
    expect(again.status).toBe(400)
    expect(again.body.errors[0].message).toContain('already accepted')
    expect((await answer('vandelay', 'accepted')).body.errors[0].message).toContain('already declined')
  })

  it.each([['pending'], ['expired'], [''], [undefined], [true]])('refuses status %s', async (status) => {
    const res = await answer('globex', status)
    expect(res.status).toBe(400)
    expect(res.body.errors[0].source?.pointer).toBe('/status')
    expect((await call(emu.app, 'GET', `/user/invites/${seedInviteId('globex')}`)).body.result.status).toBe('pending')
  })
})
