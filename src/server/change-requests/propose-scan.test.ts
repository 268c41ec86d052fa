import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import type { ChangeRequestDetail, ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * Proposing from the DNS scan's review: on an approval zone an editor (or a viewer who may
 * propose) accepts and rejects found records into a change request; the approval applies them through
 * the scan's review endpoint, and undo deletes the accepted records. Through the whole app, with
 * people signed in and the sandbox behind it.
 */
// The zone waiting for its name servers: the scan finds all five usual records there.
const Z = SEED_ZONES.pending
// Every emulator module and a store, in memory, closed after the file.
const { app, store } = auditTestApp()
const as: Record<string, Record<string, string>> = {}
const SCAN = `/api/v4/zones/${Z.id}/dns_records/scan`

beforeAll(async () => {
  await addPerson(store, 'ed', 'editor', [Z.name])
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'vic', 'viewer', [Z.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['ed', 'erin', 'vic', 'adm']) as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
  await app.request(`/api/local/change-requests/zones/${Z.id}`, { method: 'PUT', headers: { ...W, ...as.adm }, body: JSON.stringify({ required: true, approverMode: 'editors' }) })
})

const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, ...as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  const text = await res.text()
  const json = (text ? JSON.parse(text) : {}) as { result: T; errors: { code: number; message: string }[] }
  return { status: res.status, result: json.result, errors: json.errors }
}
type Rec = { id: string; name: string; content: string; type: string; proxied: boolean; ttl: number; priority?: number }
const records = async () => (await call<Rec[]>('adm', 'GET', `/api/v4/zones/${Z.id}/dns_records?per_page=500`)).result
const found = async () => (await call<Rec[]>('adm', 'GET', `${SCAN}/review`)).result
const foundAt = async (type: string, label: string) => (await found()).find((r) => r.type === type && r.name === (label ? `${label}.${Z.name}` : Z.name))!
const has = async (type: string, label: string) => (await records()).some((r) => r.type === type && r.name === `${label}.${Z.name}`)
/** A found record as the scan's review proposes to add it (the id says which). */
const accept = (r: Rec) => ({ kind: 'dns_scan_result', action: 'create', recordId: r.id, body: { type: r.type, name: r.name, content: r.content, ttl: r.ttl, proxied: r.proxied, ...(r.priority !== undefined ? { priority: r.priority } : {}) } })
const reject = (r: Rec) => ({ kind: 'dns_scan_result', action: 'delete', recordId: r.id })
const file = (who: string, title: string, items: unknown[]) => call<ChangeRequestView>(who, 'POST', '/api/local/change-requests', { zoneId: Z.id, title, reason: 'testing', items })
const approve = (id: number, who = 'erin') => call<ChangeRequestView>(who, 'POST', `/api/local/change-requests/${id}/approve`)

describe("proposing from the DNS scan's review", () => {
  it('lets an editor start a scan on the approval zone (it changes nothing), and refuses their direct accept and reject of what it found', async () => {
    const before = await records()
    expect((await call('ed', 'POST', `${SCAN}/trigger`, {})).status).toBe(200)
    expect(await records()).toEqual(before)
    const ftp = await foundAt('A', 'ftp')
    expect(ftp).toBeTruthy()
    const direct = await call('ed', 'POST', `${SCAN}/review`, { accepts: [{ id: ftp.id }] })
    expect(direct.status).toBe(403)
    expect(direct.errors[0].message).toMatch(/the scan's review propose too/)
    expect((await call('ed', 'POST', `${SCAN}/review`, { rejects: [{ id: ftp.id }] })).status).toBe(403)
    expect(await has('A', 'ftp')).toBe(false)
    expect((await found()).map((r) => r.id)).toContain(ftp.id)
  })

  it('files accepts and a reject as one request naming each found record; the zone and the list wait for the approval, which applies them through the review', async () => {
    const [ftp, mail, dmarc] = [await foundAt('A', 'ftp'), await foundAt('A', 'mail'), await foundAt('TXT', '_dmarc')]
    const zoneBefore = await records()
    const r = await file('ed', 'From the scan', [accept(ftp), accept(mail), reject(dmarc)])
    expect(r.status).toBe(200)
    expect(r.result.items.map((i) => [i.kind, i.action, i.recordId])).toEqual([
      ['dns_scan_result', 'create', ftp.id],
      ['dns_scan_result', 'create', mail.id],
      ['dns_scan_result', 'delete', dmarc.id],
    ])
    expect(await records()).toEqual(zoneBefore)
    expect((await found()).map((x) => x.id)).toEqual(expect.arrayContaining([ftp.id, mail.id, dmarc.id]))
    const detail = (await call<ChangeRequestDetail>('erin', 'GET', `/api/local/change-requests/${r.result.id}`)).result
    expect(detail.diff.map((d) => `${d.kind} ${d.label}`)).toEqual([`added A ftp.${Z.name} (found by the scan)`, `added A mail.${Z.name} (found by the scan)`, `rejected TXT _dmarc.${Z.name} (found by the scan)`])
    expect(detail.diff[0].fields).toEqual(expect.arrayContaining([{ field: 'content', before: null, after: ftp.content }]))
    const done = (await approve(r.result.id)).result
    expect(done.status).toBe('applied')
    expect(done.items.map((i) => i.result?.status)).toEqual(['applied', 'applied', 'applied'])
    expect(done.items[0].after).toMatchObject({ type: 'A', name: `ftp.${Z.name}`, content: ftp.content })
    expect((await records()).filter((x) => x.name === `ftp.${Z.name}` || x.name === `mail.${Z.name}`).map((x) => x.content).sort()).toEqual([ftp.content, mail.content].sort())
    expect(await has('TXT', '_dmarc')).toBe(false)
    // The review took them off the scan's list: accepted and rejected alike.
    expect((await found()).map((x) => x.id)).not.toEqual(expect.arrayContaining([ftp.id]))
    expect((await found()).some((x) => [ftp.id, mail.id, dmarc.id].includes(x.id))).toBe(false)
    const entries = (await call<{ action: string; username: string; resourceType: string }[]>('adm', 'GET', '/api/local/audit?area=dns')).result
    expect(entries.find((e) => e.action === 'scan-review')).toMatchObject({ username: 'erin' })

    // Undo: the accepted records go; the rejected one changed nothing in the zone.
    const undone = await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${r.result.id}/undo`, {})
    expect(undone.status).toBe(200)
    expect(undone.result.status).toBe('undone')
    expect(undone.result.items.map((i) => i.result?.undo?.status)).toEqual(['undone', 'undone', 'undone'])
    expect(undone.result.items[2].result?.undo?.message).toMatch(/changed nothing in the zone/)
    expect(await records()).toEqual(zoneBefore)
  })

  it('marks the request stale when someone accepted the found record meanwhile, and refuses what is not a found record', async () => {
    // Undone, the records are gone and a new scan finds them again.
    expect((await call('ed', 'POST', `${SCAN}/trigger`, {})).status).toBe(200)
    const ftp = await foundAt('A', 'ftp')
    const r = (await file('ed', 'ftp again', [accept(ftp)])).result
    expect((await call('adm', 'POST', `${SCAN}/review`, { accepts: [{ id: ftp.id }] })).status).toBe(200)
    const stale = await approve(r.id)
    expect(stale.status).toBe(409)
    expect(stale.result.status).toBe('stale')
    expect(stale.result.problems?.[0].message).toMatch(/no longer waits for review: someone accepted or rejected it/)
    expect((await records()).filter((x) => x.type === 'A' && x.name === `ftp.${Z.name}`)).toHaveLength(1)
    // The administrator's direct review is an audit entry whose undo deletes what it accepted.
    const entry = (await call<{ id: number; username: string }[]>('adm', 'GET', '/api/local/audit?action=scan-review')).result[0]
    expect(entry.username).toBe('adm')
    expect((await call('adm', 'POST', `/api/local/audit/${entry.id}/undo`, {})).status).toBe(200)
    expect(await has('A', 'ftp')).toBe(false)
    // Not a found record; a found record "changed"; a found record without its id.
    const unknown = await file('ed', 'Nope', [accept({ ...ftp, id: 'f'.repeat(32) })])
    expect(unknown.status).toBe(404)
    expect(unknown.errors[0].message).toMatch(/no record found by the DNS scan/)
    const mail = await foundAt('MX', '')
    expect((await file('ed', 'Nope', [{ kind: 'dns_scan_result', action: 'update', recordId: mail.id, body: { content: 'x' } }])).status).toBe(400)
    const noId = await file('ed', 'Nope', [{ kind: 'dns_scan_result', action: 'create', body: accept(mail).body }])
    expect(noId.status).toBe(400)
    expect(noId.errors[0].message).toMatch(/recordId is the id of the record the scan found/)
  })

  it('reports a refused found record per change: the DNS batch before it landed, the request is partly applied', async () => {
    const mx = await foundAt('MX', '')
    const cname = await foundAt('CNAME', 'autodiscover')
    const r = (await file('ed', 'Mixed with the scan', [
      { action: 'create', body: { type: 'A', name: 'scan-mixed', content: '192.0.2.61', ttl: 300, proxied: false } },
      accept(mx),
      accept(cname),
    ])).result
    // Meanwhile an administrator puts an A record where the found CNAME would go: the review refuses the CNAME.
    expect((await call('adm', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'A', name: 'autodiscover', content: '192.0.2.62', ttl: 300, proxied: false })).status).toBe(200)
    const done = (await approve(r.id)).result
    expect(done.status).toBe('partly_applied')
    expect(done.items.map((i) => i.result?.status)).toEqual(['applied', 'not_applied', 'failed'])
    expect(done.items[2].result?.message).toMatch(/already exists/)
    expect(done.items[1].result?.message).toMatch(/all or nothing/)
    expect(done.problems?.[0]).toMatchObject({ position: 2, label: `CNAME autodiscover.${Z.name} (found by the scan)` })
    expect(await has('A', 'scan-mixed')).toBe(true)
    expect((await records()).some((x) => x.type === 'MX' && x.name === Z.name && x.content === mx.content)).toBe(false)
    // Both still wait for review.
    expect((await found()).map((x) => x.id)).toEqual(expect.arrayContaining([mx.id, cname.id]))
    const entries = (await call<{ action: string }[]>('adm', 'GET', '/api/local/audit?area=change-requests')).result
    expect(entries.map((e) => e.action)).toContain('apply-partly')
  })

  it('lets a viewer who may propose file from the found records; an administrator approves', async () => {
    expect((await file('vic', 'Not yet', [accept(await foundAt('MX', ''))])).status).toBe(403)
    expect((await call('adm', 'PUT', `/api/local/change-requests/people/${(await store.people.byUsername('vic'))!.id}`, { mayPropose: true })).status).toBe(200)
    const mx = await foundAt('MX', '')
    const r = await file('vic', 'Mail from the scan', [accept(mx)])
    expect(r.status).toBe(200)
    const done = (await approve(r.result.id, 'adm')).result
    expect(done.status).toBe('applied')
    expect((await records()).some((x) => x.type === 'MX' && x.name === Z.name && x.content === mx.content)).toBe(true)
    expect((await found()).some((x) => x.id === mx.id)).toBe(false)
  })

  it('accepts exactly the record the scan found, whatever body the proposer sent with it', async () => {
    expect((await call('ed', 'POST', `${SCAN}/trigger`, {})).status).toBe(200)
    // (Not the CNAME: an earlier test left a record at its name.)
    const it = (await found()).find((x) => x.type !== 'CNAME')!
    expect(it).toBeTruthy()
    // The request names the found record, but its body would write another name and address.
    const forged = { ...accept(it), body: { type: 'A', name: `elsewhere.${Z.name}`, content: '203.0.113.66', ttl: 60, proxied: false } }
    const r = await file('ed', 'Found, forged', [forged])
    expect(r.status).toBe(200)
    expect(r.result.items[0].body).toMatchObject({ type: it.type, name: it.name, content: it.content })
    const done = (await approve(r.result.id)).result
    expect(done, JSON.stringify(done.problems)).toMatchObject({ status: 'applied' })
    const zone = await records()
    expect(zone.some((x) => x.name === `elsewhere.${Z.name}` || x.content === '203.0.113.66')).toBe(false)
    expect(zone.some((x) => x.type === it.type && x.name === it.name && x.content === it.content)).toBe(true)
    expect(done.items[0].after).toMatchObject({ type: it.type, name: it.name, content: it.content })
  })
})
