import { describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS } from '../../testing/audit-app'

/**
 * Input that used to answer 500. A `null` body to an undo and a malformed `%`
 * escape in a person id or a zone id now get a 400 or 404 with the API's envelope.
 */
const Z = SEED_ZONES.demo.id
const { app, store } = auditTestApp()
const W = WRITE_HEADERS
const BAD = '%E0%A4%A'

const clientError = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBeGreaterThanOrEqual(400)
  expect(res.status).toBeLessThan(500)
  expect((await res.json()).success).toBe(false)
}

describe('bad input answers 4xx, never 500', () => {
  it('a null (or non-object) body to an undo', async () => {
    const made = await app.request(`/api/v4/zones/${Z}/dns_records`, {
      method: 'POST',
      headers: W,
      body: JSON.stringify({ type: 'A', name: 'undo-null', content: '192.0.2.10', ttl: 300 }),
    })
    expect(made.status).toBe(200)
    const entry = made.headers.get('x-zonekeeper-audit-id')
    for (const body of ['null', '[]', '"x"', '{']) {
      const res = await app.request(`/api/local/audit/${entry}/undo`, { method: 'POST', headers: W, body })
      expect(res.status, body).toBe(400)
      await clientError(res)
    }
    // The ordinary forms still work: an empty body or {} undoes.
    expect((await app.request(`/api/local/audit/${entry}/undo`, { method: 'POST', headers: W, body: '{}' })).status).toBe(200)
  })

  it('a malformed escape in a person id', async () => {
    await clientError(
      await app.request(`/api/local/people/${BAD}`, { method: 'PATCH', headers: W, body: '{"display_name":"x"}' }),
    )
    await clientError(await app.request(`/api/local/people/${BAD}/password`, { method: 'POST', headers: W, body: '{}' }))
  })

  it('a malformed escape in a zone id of the review ledger and of the API doors', async () => {
    await clientError(await app.request(`/api/local/zones/${BAD}/page-shield/reviews`))
    await clientError(
      await app.request(`/api/local/zones/${BAD}/page-shield/reviews`, {
        method: 'POST',
        headers: W,
        body: '{"script_id":"x","verdict":"approved"}',
      }),
    )
    await clientError(await app.request(`/client/v4/zones/${BAD}/dns_records`, { headers: { authorization: 'Bearer anything' } }))
    await clientError(
      await app.request(`/client/v4/zones/${BAD}/dns_records`, {
        method: 'POST',
        headers: { authorization: 'Bearer anything', 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'A', name: 'x', content: '192.0.2.1', ttl: 300 }),
      }),
    )
    await clientError(await app.request(`/api/v4/zones/${BAD}/dns_records`, { headers: W }))
  })

  it('the same for a person limited to some zones (session and personal token)', async () => {
    const { password } = await addPerson(store, 'zed', 'editor', ['example.com'])
    const cookie = await sessionCookie(app, 'zed', password)
    const made = await app.request('/api/local/me/tokens', {
      method: 'POST',
      headers: { ...W, cookie },
      body: JSON.stringify({ name: 't' }),
    })
    const token = (await made.json()).result.token as string
    await clientError(await app.request(`/api/local/zones/${BAD}/page-shield/reviews`, { headers: { cookie } }))
    await clientError(
      await app.request(`/api/local/zones/${BAD}/page-shield/reviews`, {
        method: 'POST',
        headers: { ...W, cookie },
        body: '{"script_id":"x","verdict":"approved"}',
      }),
    )
    await clientError(await app.request(`/api/v4/zones/${BAD}/dns_records`, { headers: { cookie } }))
    await clientError(await app.request(`/client/v4/zones/${BAD}/dns_records`, { headers: { authorization: `Bearer ${token}` } }))
    await clientError(
      await app.request(`/client/v4/zones/${BAD}/dns_records`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'A', name: 'x', content: '192.0.2.1', ttl: 300 }),
      }),
    )
  })
})
