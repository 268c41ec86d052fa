import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { mailText, startSmtp } from '../../testing/alert-receivers'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import type { ChangeRequestDetail, ChangeRequestView } from '../../shared/schemas/change-requests'
import { appliedRequestOf, recordChangesOf, type AuditEntryView } from '../../shared/audit'
/** The header an apply's writes once carried: a request that sends it still names no change request. */
const APPLY_HEADER = 'x-zonekeeper-change-request'

/** Change requests through the whole app: people signed in, the sandbox's DNS, a real SMTP server on loopback. */
const Z = SEED_ZONES.demo
const OTHER = SEED_ZONES.pending

const smtp = await startSmtp()
afterAll(() => smtp.close())
// Every emulator module and a store, in memory, closed after the file; its mail goes to `smtp`.
const { app, store, another } = auditTestApp({ watch: { smtpUrl: smtp.url, smtpFrom: 'zk@example.test' } })
const as: Record<string, Record<string, string>> = {}

beforeAll(async () => {
  // Written while nobody is defined (the local administrator): records the requests will touch.
  for (const [name, content] of [['cr-one', '192.0.2.1'], ['cr-two', '192.0.2.2'], ['cr-three', '192.0.2.3']]) {
    await app.request(`/api/v4/zones/${Z.id}/dns_records`, { method: 'POST', headers: W, body: JSON.stringify({ type: 'A', name, content, ttl: 7200, proxied: false }) })
  }
  await app.request(`/api/v4/zones/${Z.id}/dns_records`, { method: 'POST', headers: W, body: JSON.stringify({ type: 'A', name: 'cr-shop', content: '203.0.113.7', ttl: 1, proxied: true }) })
  const { person: ed } = await addPerson(store, 'ed', 'editor', [Z.name])
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'adm', 'admin')
  await addPerson(store, 'olga', 'editor', [OTHER.name])
  await addPerson(store, 'vic', 'viewer', [Z.name])
  await store.changeRequests.setPerson(ed.id, { mayPropose: false, email: 'ed@example.test' })
  for (const u of ['ed', 'erin', 'adm', 'olga', 'vic']) as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
})

const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, ...as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const json = (await res.json()) as { result: T; errors: { code: number; message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors, audit: Number(res.headers.get('x-zonekeeper-audit-id')) }
}
const records = async () => (await call<{ id: string; name: string; content: string; type: string; ttl: number; proxied: boolean }[]>('adm', 'GET', `/api/v4/zones/${Z.id}/dns_records?per_page=500`)).result
const crsGet = async (id: number) => (await store.changeRequests.get(id))!
const byName = async (name: string) => (await records()).find((r) => r.name === `${name}.${Z.name}`)
const propose = (who: string, title: string, items: unknown[]) => call<ChangeRequestView>(who, 'POST', '/api/local/change-requests', { zoneId: Z.id, title, reason: 'testing', items })
const until = async (test: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (test()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('not in time')
}

describe('change requests', () => {
  it('lets only administrators mark a zone, then refuses an editor\'s direct DNS write there', async () => {
    expect((await call('ed', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true })).status).toBe(403)
    expect((await call('adm', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true, approverMode: 'editors' })).status).toBe(200)
    const direct = await call('ed', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'A', name: 'direct', content: '192.0.2.50', ttl: 300 })
    expect(direct.status).toBe(403)
    expect(direct.errors[0].message).toMatch(/need approval: propose the change/)
    expect(await byName('direct')).toBeUndefined()
    // Administrators still write directly.
    expect((await call('adm', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'TXT', name: 'admin-direct', content: '"ok"', ttl: 300 })).status).toBe(200)
    expect((await call<{ mayPropose: boolean; mayWriteDirectly: boolean }>('ed', 'GET', `/api/local/change-requests/zones/${Z.id}`)).result).toMatchObject({ required: true, mayPropose: true, mayWriteDirectly: false })
  })

  it('files three changes without touching the zone, shows the diff and impact, and applies them in one batch', async () => {
    const one = (await byName('cr-one'))!
    const two = (await byName('cr-two'))!
    const shop = (await byName('cr-shop'))!
    const before = await records()
    const filed = await propose('ed', 'Move the shop', [
      { action: 'create', body: { type: 'MX', name: Z.name, content: `nomail.${Z.name}`, priority: 10, ttl: 300 } },
      { action: 'update', recordId: shop.id, body: { proxied: false, ttl: 300 } },
      { action: 'delete', recordId: two.id },
    ])
    expect(filed.status).toBe(200)
    expect(filed.result.status).toBe('pending')
    expect(await records()).toEqual(before)
    // The approvers get an e-mail (erin has no address: her username is not one; nobody else on this zone has one).
    const detail = (await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${filed.result.id}`)).result
    expect(detail.diff.map((d) => [d.kind, d.label])).toEqual([['added', `MX ${Z.name}`], ['changed', `A cr-shop.${Z.name}`], ['deleted', `A cr-two.${Z.name}`]])
    expect(detail.diff[1].fields).toEqual([{ field: 'ttl', before: 1, after: 300 }, { field: 'proxied', before: true, after: false }])
    const notes = detail.impact.map((n) => n.text).join('\n')
    expect(notes).toMatch(/origin address 203\.0\.113\.7 becomes visible/)
    expect(notes).toMatch(/points at nomail\.example\.com, which has no address record/)
    expect(notes).toMatch(/TTL of 2 hours/)
    expect(detail.mayApprove).toBe(true)
    // Nobody approves their own request.
    expect((await call('ed', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).status).toBe(403)
    const applied = await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)
    expect(applied.result.status).toBe('applied')
    expect(await byName('cr-two')).toBeUndefined()
    expect(await byName('cr-shop')).toMatchObject({ proxied: false, ttl: 300 })
    expect((await records()).some((r) => r.type === 'MX' && r.content === `nomail.${Z.name}`)).toBe(true)
    expect(one).toBeDefined()
    // One batch entry in the audit log, by the approver; entries for filing, approving and applying naming both.
    const batch = (await store.audit.get(applied.result.appliedEntryId!))!
    expect(batch).toMatchObject({ action: 'batch', username: 'erin', path: `/zones/${Z.id}/dns_records/batch`, outcome: 'success' })
    // The batch's entry names the request and both people, and splits into each record's own change.
    expect(batch.after).toMatchObject({ change_request: { id: filed.result.id, title: 'Move the shop', requester: { name: 'Ed', username: 'ed' }, approver: { name: 'Erin', username: 'erin' } } })
    expect(appliedRequestOf(batch)).toEqual({ id: filed.result.id, title: 'Move the shop', requester: { name: 'Ed', username: 'ed' }, approver: { name: 'Erin', username: 'erin' } })
    const changes = recordChangesOf(batch)!
    expect(changes.map((x) => [x.id, x.before?.name ?? null, x.after?.name ?? null])).toEqual([
      [two.id, `cr-two.${Z.name}`, null],
      [shop.id, `cr-shop.${Z.name}`, `cr-shop.${Z.name}`],
      [expect.any(String), null, Z.name],
    ])
    expect(changes[1].before).toMatchObject({ content: '203.0.113.7', ttl: 1, proxied: true })
    expect(changes[1].after).toMatchObject({ content: '203.0.113.7', ttl: 300, proxied: false })
    // The record's history holds that entry.
    const history = await call<AuditEntryView[]>('erin', 'GET', `/api/local/audit/history?zone_id=${Z.id}&type=dns_record&id=${shop.id}`)
    expect(history.result.map((e) => e.id)).toContain(batch.id)
    const log = (await store.audit.list({ area: 'change-requests' }, 1, 50)).entries.filter((e) => e.resourceId === String(filed.result.id))
    // Ed's own attempt to approve is on the request's record too, refused.
    expect(log.map((e) => [e.action, e.username, e.outcome]).sort()).toEqual([['apply', 'erin', 'success'], ['approve', 'ed', 'refused'], ['approve', 'erin', 'success'], ['file', 'ed', 'success']])
    expect(JSON.stringify(log.find((e) => e.action === 'apply')!.after)).toMatch(/Ed \(ed\).*Erin \(erin\)/)
    // The requester's e-mail, read by the SMTP server.
    await until(() => smtp.mails.some((m) => m.to.includes('ed@example.test')))
    const mail = smtp.mails.find((m) => m.to.includes('ed@example.test'))!
    expect(mail.raw).toMatch(/Subject: Your change request #\d+ on example\.com was applied/)
    expect(mailText(mail.raw)).toContain('Erin (erin) approved it')

    // Undo as one unit: the zone as it was.
    const undone = await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/undo`, {})
    expect(undone.status).toBe(200)
    expect(undone.result.status).toBe('undone')
    expect(await byName('cr-two')).toMatchObject({ content: '192.0.2.2' })
    expect(await byName('cr-shop')).toMatchObject({ proxied: true })
    expect((await records()).some((r) => r.type === 'MX' && r.content === `nomail.${Z.name}`)).toBe(false)
  })

  it('marks a request stale when a record it touches changed, and refuses to apply it until refreshed', async () => {
    const three = (await byName('cr-three'))!
    const filed = await propose('ed', 'Change three', [{ action: 'update', recordId: three.id, body: { content: '192.0.2.33' } }])
    expect((await call('adm', 'PATCH', `/api/v4/zones/${Z.id}/dns_records/${three.id}`, { content: '192.0.2.99' })).status).toBe(200)
    const tried = await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)
    expect(tried.status).toBe(409)
    expect(tried.result.status).toBe('stale')
    expect(tried.result.problems![0].fields).toEqual([{ field: 'content', was: '192.0.2.3', now: '192.0.2.99' }])
    expect((await byName('cr-three'))!.content).toBe('192.0.2.99')
    expect((await call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).status).toBe(409)
    expect((await call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/refresh`)).status).toBe(403)
    const refreshed = await call<ChangeRequestView>('ed', 'POST', `/api/local/change-requests/${filed.result.id}/refresh`)
    expect(refreshed.result.status).toBe('pending')
    expect((await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).result.status).toBe('applied')
    expect((await byName('cr-three'))!.content).toBe('192.0.2.33')
    const entry = (await store.audit.get((await crsGet(filed.result.id)).appliedEntryId!))!
    expect(appliedRequestOf(entry)).toMatchObject({ title: 'Change three', requester: { username: 'ed' }, approver: { username: 'erin' } })
    expect(recordChangesOf(entry)).toEqual([{ id: three.id, before: expect.objectContaining({ content: '192.0.2.99' }), after: expect.objectContaining({ content: '192.0.2.33' }) }])
  })

  it('names no request on a batch that is not an apply, whatever header it forges', async () => {
    const one = (await byName('cr-one'))!
    for (const header of [{} as Record<string, string>, { [APPLY_HEADER]: `${'0'.repeat(32)}:1:${'0'.repeat(8)}-0000-4000-8000-000000000000` }]) {
      const res = await app.request(`/api/v4/zones/${Z.id}/dns_records/batch`, { method: 'POST', headers: { ...W, ...as.adm, ...header }, body: JSON.stringify({ patches: [{ id: one.id, comment: 'direct' }] }) })
      expect(res.status).toBe(200)
      const entry = (await store.audit.get(Number(res.headers.get('x-zonekeeper-audit-id'))))!
      expect(entry.action).toBe('batch')
      expect(appliedRequestOf(entry)).toBeNull()
      expect(entry.after).not.toHaveProperty('change_request')
    }
  })

  it('marks a request stale on a read exactly once when two instances read it at once: one e-mail', async () => {
    // A second instance on the same store (and the same sandbox), as two servers behind one proxy.
    const other = another()
    const three = (await byName('cr-three'))!
    const filed = await propose('ed', 'Read twice', [{ action: 'update', recordId: three.id, body: { ttl: 600 } }])
    expect((await call('adm', 'PATCH', `/api/v4/zones/${Z.id}/dns_records/${three.id}`, { content: '192.0.2.98' })).status).toBe(200)
    const read = async (on: typeof app) => (await (await on.request(`/api/local/change-requests/${filed.result.id}`, { headers: { ...W, ...as.erin } })).json()) as { result: ChangeRequestDetail }
    const both = await Promise.all([read(app), read(other), read(app), read(other)])
    expect(both.map((b) => b.result.status)).toEqual(['stale', 'stale', 'stale', 'stale'])
    const subject = `Subject: Your change request #${filed.result.id} on example.com needs a refresh`
    await until(() => smtp.mails.some((m) => m.raw.includes(subject)))
    await new Promise((r) => setTimeout(r, 500)) // time for a second message, were one sent
    expect(smtp.mails.filter((m) => m.raw.includes(subject))).toHaveLength(1)
    // The audit's stale move is the store's: the request says what moved once.
    expect((await store.changeRequests.get(filed.result.id))!.problems![0].fields).toEqual([{ field: 'content', was: '192.0.2.33', now: '192.0.2.98' }])
    // A read that saw it pending before a refresh cannot mark the refreshed request stale (the move is conditional on the version read).
    expect((await call('ed', 'POST', `/api/local/change-requests/${filed.result.id}/refresh`)).status).toBe(200)
    const refreshed = (await store.changeRequests.get(filed.result.id))!
    expect(await store.changeRequests.markStale(filed.result.id, [], refreshed.updatedAt - 1)).toBe(false)
    expect((await store.changeRequests.get(filed.result.id))!.status).toBe('pending')
    expect((await call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/reject`, { comment: 'Tested.' })).status).toBe(200)
  })

  it('rejects with a comment (required) that the requester reads', async () => {
    const filed = await propose('ed', 'Not this', [{ action: 'create', body: { type: 'TXT', name: 'nope', content: '"x"', ttl: 300 } }])
    const attention = async () => (await call<{ mineNeedingAttention: number }>('ed', 'GET', '/api/local/change-requests/summary')).result.mineNeedingAttention
    const before = await attention()
    expect((await call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/reject`, { comment: ' ' })).status).toBe(400)
    expect((await call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/reject`, { comment: 'Use the staging zone.' })).status).toBe(200)
    const seen = (await call<ChangeRequestDetail>('ed', 'GET', `/api/local/change-requests/${filed.result.id}`)).result
    expect(seen).toMatchObject({ status: 'rejected', comment: 'Use the staging zone.', decidedBy: { username: 'erin' } })
    // The requester is told: one more of theirs needs them, and it is in their list of those.
    expect(await attention()).toBe(before + 1)
    const mine = (await call<ChangeRequestView[]>('ed', 'GET', '/api/local/change-requests?scope=mine&status=stale&status=failed&status=rejected')).result
    expect(mine.map((r) => r.id)).toContain(filed.result.id)
    expect((await call<{ mineNeedingAttention: number }>('erin', 'GET', '/api/local/change-requests/summary')).result.mineNeedingAttention).toBe(0)
    // Done with it: off the count; only the requester may, and only a rejected or failed request.
    expect((await call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/done`)).status).toBe(403)
    expect((await call<ChangeRequestDetail>('ed', 'GET', `/api/local/change-requests/${filed.result.id}`)).result.mayDismiss).toBe(true)
    expect((await call<ChangeRequestView>('ed', 'POST', `/api/local/change-requests/${filed.result.id}/done`)).result.requesterDone).toBe(true)
    expect(await attention()).toBe(before)
    expect((await call('ed', 'POST', `/api/local/change-requests/${filed.result.id}/done`)).status).toBe(200)
    const pending = await propose('ed', 'Still open', [{ action: 'create', body: { type: 'TXT', name: 'open', content: '"x"', ttl: 300 } }])
    expect((await call('ed', 'POST', `/api/local/change-requests/${pending.result.id}/done`)).status).toBe(409)
    expect((await call('erin', 'POST', `/api/local/change-requests/${pending.result.id}/reject`, { comment: 'Tidy.' })).status).toBe(200)
    expect((await call('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).status).toBe(409)
  })

  it('leaves the zone untouched when the batch fails, and says why per item', async () => {
    const one = (await byName('cr-one'))!
    const filed = await propose('ed', 'Clash', [
      { action: 'update', recordId: one.id, body: { content: '192.0.2.111' } },
      { action: 'create', body: { type: 'CNAME', name: 'clash', content: `cr-one.${Z.name}`, ttl: 300 } },
    ])
    // Meanwhile an administrator adds an address record at the name the CNAME needs alone.
    expect((await call('adm', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'A', name: 'clash', content: '192.0.2.77', ttl: 300 })).status).toBe(200)
    const detail = (await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${filed.result.id}`)).result
    expect(detail.impact.map((n) => n.text).join('\n')).toMatch(/A CNAME at clash\.example\.com, a name that also holds A clash\.example\.com/)
    const res = await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)
    expect(res.result.status).toBe('failed')
    expect(res.result.problems!.map((p) => [p.position, p.label])).toEqual([[1, 'CNAME clash']])
    expect((await byName('cr-one'))!.content).toBe('192.0.2.1')
    const fail = (await store.audit.list({ area: 'change-requests', action: 'fail' }, 1, 5)).entries[0]
    expect(fail).toMatchObject({ outcome: 'failure', username: 'erin', resourceId: String(filed.result.id) })
  })

  it('shows nothing to a person outside the zone\'s scope, and lets two approvals apply once', async () => {
    const filed = await propose('ed', 'Race', [{ action: 'create', body: { type: 'TXT', name: 'race', content: '"once"', ttl: 300 } }])
    expect((await call<unknown[]>('olga', 'GET', '/api/local/change-requests')).result).toEqual([])
    expect((await call('olga', 'GET', `/api/local/change-requests/${filed.result.id}`)).status).toBe(404)
    expect((await call('olga', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).status).toBe(404)
    expect((await call<{ toApprove: number }>('olga', 'GET', '/api/local/change-requests/summary')).result.toApprove).toBe(0)
    expect((await call<{ toApprove: number }>('erin', 'GET', '/api/local/change-requests/summary')).result.toApprove).toBe(1)
    // A viewer neither proposes (no switch) nor approves.
    expect((await propose('vic', 'Viewer', [{ action: 'delete', recordId: (await byName('cr-one'))!.id }])).status).toBe(403)
    expect((await call('vic', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).status).toBe(403)
    const both = await Promise.all([call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`), call<ChangeRequestView>('adm', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)])
    expect(both.map((b) => b.status).sort()).toEqual([200, 409])
    expect((await records()).filter((r) => r.name === `race.${Z.name}`)).toHaveLength(1)
  })

  it('lets a viewer propose once an administrator allows it, and checks every item with its endpoint\'s schema', async () => {
    const vic = (await store.people.list()).find((p) => p.username === 'vic')!
    expect((await call('adm', 'PUT', `/api/local/change-requests/people/${vic.id}`, { mayPropose: true, email: null })).status).toBe(200)
    const bad = await propose('vic', 'Bad', [{ action: 'create', body: { type: 'A', name: 'bad', content: 'not-an-address', ttl: 300 } }])
    expect(bad.status).toBe(400)
    expect(bad.errors[0].message).toBeTruthy()
    expect((await propose('vic', 'Good', [{ action: 'create', body: { type: 'A', name: 'vic', content: '192.0.2.66', ttl: 300 } }])).status).toBe(200)
    expect((await call('vic', 'POST', '/api/local/change-requests', 'not json')).status).toBe(400)
    expect((await call('vic', 'GET', '/api/local/change-requests/abc')).status).toBe(404)
  })
})
