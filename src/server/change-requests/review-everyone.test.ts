import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import type { ChangeRequestView, ZoneApprovalView } from '../../shared/schemas/change-requests'

/**
 * "Review for everyone": on a zone so set, an administrator's own direct DNS write is refused at the
 * approval guard too (whichever door: the dashboard's /api/v4 or an API client), they propose, and
 * another administrator's approval applies it. Without it, administrators write directly, and a
 * settings save that does not name it (the People page, the command line) leaves it as it is.
 */
const Z = SEED_ZONES.demo
const { app, store } = auditTestApp()
const as: Record<string, Record<string, string>> = {}

beforeAll(async () => {
  for (const u of ['adm', 'ada']) {
    await addPerson(store, u, 'admin')
    as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
  }
})

const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, ...as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors }
}
const settings = (body: unknown) => call<ZoneApprovalView>('adm', 'PUT', `/api/local/change-requests/zones/${Z.id}`, body)
const write = (name: string) => call('adm', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'TXT', name, content: '"x"', ttl: 300 })

describe('review for everyone', () => {
  it("refuses an administrator's direct DNS write when the zone's setting is on, and lets it through when off", async () => {
    expect((await settings({ required: true, approverMode: 'admins' })).status).toBe(200)
    expect((await write('rfe-off')).status).toBe(200)
    expect((await call<ZoneApprovalView>('adm', 'GET', `/api/local/change-requests/zones/${Z.id}`)).result).toMatchObject({ reviewEveryone: false, mayWriteDirectly: true })

    expect((await settings({ required: true, approverMode: 'admins', reviewEveryone: true })).status).toBe(200)
    const refused = await write('rfe-on')
    expect(refused.status).toBe(403)
    expect(refused.errors[0].message).toMatch(/^Changes on this zone need approval for everyone, administrators too/)
    expect((await call<ZoneApprovalView>('adm', 'GET', `/api/local/change-requests/zones/${Z.id}`)).result).toMatchObject({ reviewEveryone: true, mayWriteDirectly: false, mayPropose: true })
    // A save that does not name the setting (the People page, the command line) keeps it on.
    expect((await settings({ required: true, approverMode: 'editors' })).result.reviewEveryone).toBe(true)
    expect((await write('rfe-still-on')).status).toBe(403)
  })

  it('lets the administrator propose instead; another administrator approves, and the apply goes through the guard', async () => {
    expect((await settings({ required: true, approverMode: 'admins', reviewEveryone: true })).status).toBe(200)
    const filed = await call<ChangeRequestView>('adm', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: 'Reviewed', items: [{ action: 'create', body: { type: 'TXT', name: 'rfe-proposed', content: '"x"', ttl: 300 } }] })
    expect(filed.status).toBe(200)
    expect((await call('adm', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).status).toBe(403)
    const approved = await call<ChangeRequestView>('ada', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)
    expect(approved.status).toBe(200)
    expect(approved.result.status).toBe('applied')
  })
})
