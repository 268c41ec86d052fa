import { describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS } from '../../testing/audit-app'

const Z = SEED_ZONES.demo.id
const { app, store } = auditTestApp()
const W = WRITE_HEADERS

describe('audit routes: who sees what', () => {
  it('shows administrators everything, others their zones; undo goes through the same roles', async () => {
    // Written by the local administrator while nobody is defined.
    const made = await app.request(`/api/v4/zones/${Z}/dns_records`, { method: 'POST', headers: W, body: JSON.stringify({ type: 'A', name: 'scoped', content: '192.0.2.9', ttl: 300 }) })
    const entryId = Number(made.headers.get('x-zonekeeper-audit-id'))
    await addPerson(store, 'adm', 'admin')
    await addPerson(store, 'vic', 'viewer', ['newshop.dev'])
    await addPerson(store, 'val', 'viewer', ['example.com'])
    const as = async (name: string) => ({ cookie: await sessionCookie(app, name, `${name}-password-1`) })
    const [adm, vic, val] = [await as('adm'), await as('vic'), await as('val')]
    const list = async (h: Record<string, string>, q = '') => ((await (await app.request(`/api/local/audit${q}`, { headers: h })).json()) as { result: { id: number }[] }).result.map((e) => e.id)

    expect(await list(adm)).toContain(entryId)
    expect(await list(vic)).not.toContain(entryId)
    expect((await app.request(`/api/local/audit/${entryId}`, { headers: vic })).status).toBe(404)
    expect(await list(val)).toContain(entryId)
    expect(await list(adm, '?person=local&outcome=success&area=dns')).toEqual([entryId])
    // adm's own entries are its sign-in (a security event), none of the DNS area.
    expect(await list(adm, '?person=adm&area=dns')).toEqual([])

    // A viewer in scope may look, but the undo's write needs the editor role: refused, and recorded.
    const refused = await app.request(`/api/local/audit/${entryId}/undo`, { method: 'POST', headers: { ...W, ...val }, body: '{}' })
    expect(refused.status, await refused.clone().text()).toBe(403)
    const refusal = (await store.audit.get(Number(refused.headers.get('x-zonekeeper-audit-id'))))!
    expect(refusal).toMatchObject({ username: 'val', outcome: 'refused', action: 'undo', undoOf: entryId })

    const csv = await (await app.request('/api/local/audit/export.csv?area=dns', { headers: adm })).text()
    expect(csv.split('\r\n')[0]).toBe('id,time,person,username,token,mode,zone,area,resource_type,resource_id,object,action,outcome,status,errors,request_id,before,after,undo_of,address,account,hash')
    expect(csv).toContain('scoped.example.com')
  })
})
