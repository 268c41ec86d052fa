import { describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS } from '../../testing/audit-app'

/**
 * Every audit read is checked against the asker's scope as it is now, and a
 * refused write to a zone outside it records nothing about that zone.
 */
const DEMO = SEED_ZONES.demo
const OTHER = SEED_ZONES.pending
const { app, store } = auditTestApp()
const W = WRITE_HEADERS

type Listed = { result: { id: number; zoneName: string | null; zoneId: string | null; label: string | null }[] }

describe('audit reads follow the current zone scope', () => {
  it('shows an editor only the entries of their zones, everywhere the log can be read', async () => {
    const write = async (zone: string, name: string, headers: Record<string, string> = {}) => {
      const res = await app.request(`/api/v4/zones/${zone}/dns_records`, { method: 'POST', headers: { ...W, ...headers }, body: JSON.stringify({ type: 'A', name, content: '192.0.2.9', ttl: 300 }) })
      return { res, id: Number(res.headers.get('x-zonekeeper-audit-id')), rec: res.ok ? ((await res.clone().json()) as { result: { id: string } }).result.id : '' }
    }
    // Written by the local administrator while nobody is defined.
    const inDemo = await write(DEMO.id, 'scope-demo')
    const inOther = await write(OTHER.id, 'scope-other')
    expect((await store.audit.get(inOther.id))?.zoneName).toBe(OTHER.name)
    const { person: ed } = await addPerson(store, 'ed', 'editor', [DEMO.name])
    await addPerson(store, 'adm', 'admin')
    const ed1 = { cookie: await sessionCookie(app, 'ed', 'ed-password-1') }
    const adm = { cookie: await sessionCookie(app, 'adm', 'adm-password-1') }
    const get = (path: string, h: Record<string, string>) => app.request(path, { headers: h })
    const listed = async (h: Record<string, string>, q = '') => ((await (await get(`/api/local/audit${q}`, h)).json()) as Listed).result
    const mine = await write(DEMO.id, 'scope-mine', ed1)
    expect(mine.res.status).toBe(200)

    // The list, the CSV, an object's history, one entry, its undo check and its restore point.
    expect((await listed(ed1)).map((e) => e.zoneName ?? 'none')).toEqual(expect.not.arrayContaining([OTHER.name]))
    expect((await listed(ed1)).map((e) => e.id)).toEqual(expect.arrayContaining([inDemo.id, mine.id]))
    expect((await listed(adm)).map((e) => e.id)).toEqual(expect.arrayContaining([inOther.id]))
    const csv = await (await get('/api/local/audit/export.csv', ed1)).text()
    expect(csv).toContain('scope-demo')
    expect(csv).not.toContain('scope-other')
    expect(csv).not.toContain(OTHER.name)
    // (A zone outside the scope named in the query is refused by the access check itself.)
    const history = (await (await get(`/api/local/audit/history?zone_id=${OTHER.id}&type=dns_record&id=${inOther.rec}`, ed1)).json()) as Listed
    expect(history.result ?? []).toEqual([])
    for (const path of [`/api/local/audit/${inOther.id}`, `/api/local/audit/${inOther.id}/undo-check`, `/api/local/audit/${inOther.id}/restore-point`]) {
      expect((await get(path, ed1)).status, path).toBe(404)
    }
    expect((await app.request(`/api/local/audit/${inOther.id}/undo`, { method: 'POST', headers: { ...W, ...ed1 }, body: '{}' })).status).toBe(404)
    // The chain is the administrators' (it reads every entry).
    expect((await get('/api/local/audit/chain', ed1)).status).toBe(403)
    expect(((await (await get('/api/local/audit/chain', adm)).json()) as { result: { ok: boolean } }).result.ok).toBe(true)

    // The zone leaves Ed's scope: his own old entry goes with it, undo check and all.
    await store.people.update(ed.id, { zones: ['newshop.dev'] })
    const ed2 = { cookie: await sessionCookie(app, 'ed', 'ed-password-1') }
    expect((await listed(ed2)).map((e) => e.id)).not.toContain(mine.id)
    for (const path of [`/api/local/audit/${mine.id}`, `/api/local/audit/${mine.id}/undo-check`, `/api/local/audit/${mine.id}/restore-point`]) {
      expect((await get(path, ed2)).status, path).toBe(404)
    }
  })

  it('records nothing about the zone of a refused write outside the scope (no zone-name oracle)', async () => {
    await addPerson(store, 'val', 'editor', ['old-brand.net'])
    const val = { cookie: await sessionCookie(app, 'val', 'val-password-1') }
    const api = await app.request(`/api/v4/zones/${DEMO.id}/dns_records`, { method: 'POST', headers: { ...W, ...val }, body: JSON.stringify({ type: 'A', name: 'probe', content: '192.0.2.1', ttl: 300 }) })
    const local = await app.request(`/api/local/zones/${DEMO.id}/page-shield/reviews`, { method: 'POST', headers: { ...W, ...val }, body: JSON.stringify({ script_id: 'x', verdict: 'approved', note: '' }) })
    for (const res of [api, local]) {
      expect(res.status).toBe(403)
      const e = (await store.audit.get(Number(res.headers.get('x-zonekeeper-audit-id'))))!
      expect(e).toMatchObject({ username: 'val', outcome: 'refused', zoneName: null, label: null })
    }
    const seen = await (await app.request('/api/local/audit', { headers: val })).text()
    expect(seen).not.toContain(DEMO.name)
    expect(seen).toContain('refused')
  })
})
