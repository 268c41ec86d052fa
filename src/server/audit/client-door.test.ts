import { describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { DEMO_ACCOUNT, SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp } from '../../testing/audit-app'

/** Writes at /client/v4 with a personal API token are audited, refusals included. */
const Z = SEED_ZONES.demo.id
const { app, store } = auditTestApp()

describe('audit of the /client/v4 door', () => {
  it('records a create, a delete and a refusal made with personal tokens, naming the person and the token', async () => {
    const { person: ada } = await addPerson(store, 'ada', 'editor')
    const { person: vic } = await addPerson(store, 'vic', 'viewer')
    const adaToken = (await store.apiTokens.create(ada.id, 'ci')).token
    const vicToken = (await store.apiTokens.create(vic.id, 'script')).token
    const client = (token: string, method: string, path: string, body?: unknown) =>
      app.request(`/client/v4${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })

    const made = await client(adaToken, 'POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'by-token', content: '192.0.2.7', ttl: 300 })
    expect(made.status).toBe(200)
    const rec = ((await made.json()) as { result: { id: string } }).result
    const gone = await client(adaToken, 'DELETE', `/zones/${Z}/dns_records/${rec.id}`)
    expect(gone.status).toBe(200)
    const refused = await client(vicToken, 'POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'not-allowed', content: '192.0.2.8', ttl: 300 })
    expect(refused.status).toBe(403)
    // An unknown token is the door's own 403: nobody known acted.
    expect((await client('zk_not-a-real-token-at-all', 'POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'x', content: '192.0.2.9', ttl: 300 })).status).toBe(403)

    const { entries } = await store.audit.list({}, 1, 50)
    expect(entries.map((e) => [e.username, e.action, e.outcome, e.tokenPrefix])).toEqual([
      ['vic', 'create', 'refused', vicToken.slice(0, 10)],
      ['ada', 'delete', 'success', adaToken.slice(0, 10)],
      ['ada', 'create', 'success', adaToken.slice(0, 10)],
    ])
    const [, deleted, created] = entries
    expect(created).toMatchObject({ resourceId: rec.id, zoneName: 'example.com', path: `/zones/${Z}/dns_records`, label: 'A by-token.example.com' })
    expect(deleted.before).toMatchObject({ name: 'by-token.example.com', content: '192.0.2.7' })
    // The token itself is never recorded.
    expect(JSON.stringify(entries)).not.toContain(adaToken)
    // And the delete made through the door can be undone from the dashboard like any other.
    const cookie = await sessionCookie(app, 'ada', 'ada-password-1')
    const undo = await app.request(`/api/local/audit/${deleted.id}/undo`, { method: 'POST', headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json', cookie }, body: '{}' })
    expect(undo.status, await undo.clone().text()).toBe(200)
    expect(((await undo.json()) as { result: { name: string } }).result.name).toBe('by-token.example.com')
  })

  it('records writes the sandbox serves outside the endpoint table (a zone created and deleted, a pool), by the token\'s owner, never the token', async () => {
    const { person: eve } = await addPerson(store, 'eve', 'admin')
    const token = (await store.apiTokens.create(eve.id, 'terraform')).token
    const client = (method: string, path: string, body?: unknown) =>
      app.request(`/client/v4${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    const before = (await store.audit.list({}, 1, 1)).total

    const zone = await client('POST', '/zones', { name: 'made-by-client.example', account: { id: DEMO_ACCOUNT.id } })
    expect(zone.status, await zone.clone().text()).toBe(200)
    const zoneId = ((await zone.json()) as { result: { id: string } }).result.id
    const pool = await client('POST', `/accounts/${DEMO_ACCOUNT.id}/load_balancers/pools`, { name: 'client-pool', origins: [{ name: 'o1', address: '192.0.2.50' }] })
    expect(pool.status, await pool.clone().text()).toBe(200)
    const poolId = ((await pool.json()) as { result: { id: string } }).result.id
    expect((await client('DELETE', `/zones/${zoneId}`)).status).toBe(200)
    // A path no route serves: nothing was attempted, nothing recorded.
    expect((await client('POST', '/nowhere/at/all', {})).status).toBe(404)

    const { entries, total } = await store.audit.list({}, 1, 10)
    expect(total - before).toBe(3)
    expect(entries.slice(0, 3).map((e) => [e.username, e.area, e.resourceType, e.action, e.resourceId, e.outcome, e.tokenPrefix])).toEqual([
      ['eve', 'sandbox', 'zones', 'delete', zoneId, 'success', token.slice(0, 10)],
      ['eve', 'load-balancing', 'pools', 'create', poolId, 'success', token.slice(0, 10)],
      ['eve', 'sandbox', 'zones', 'create', zoneId, 'success', token.slice(0, 10)],
    ])
    expect(entries[2].after).toMatchObject({ name: 'made-by-client.example' })
    expect(JSON.stringify(entries)).not.toContain(token)
  })
})
