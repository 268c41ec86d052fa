import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '../seed-ids'
import { pageShieldTestApp } from '../../../testing/server/page-shield-app'

const ZONE = SEED_ZONES.demo.id
const OTHER = SEED_ZONES.pending.id

function client() {
  let clock = new Date('2026-03-01T12:00:00Z')
  const t = pageShieldTestApp({ seed: 'demo', now: () => clock })
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await t.app.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await r.text()
    return { status: r.status, text, json: text ? JSON.parse(text) : undefined }
  }
  return { call, tick: (ms: number) => (clock = new Date(clock.getTime() + ms)) }
}

describe('page_shield settings', () => {
  it('GET returns the real field names; a zone never configured has monitoring off', async () => {
    const { call } = client()
    const r = await call('GET', `/zones/${ZONE}/page_shield`)
    expect(Object.keys(r.json.result).sort()).toEqual([
      'enabled',
      'updated_at',
      'use_cloudflare_reporting_endpoint',
      'use_connection_url_path',
    ])
    expect(r.json.result.enabled).toBe(true)
    expect((await call('GET', `/zones/${OTHER}/page_shield`)).json.result.enabled).toBe(false)
  })

  it('PUT changes only what it sends and moves updated_at', async () => {
    const { call, tick } = client()
    const before = (await call('GET', `/zones/${ZONE}/page_shield`)).json.result
    tick(60_000)
    const r = await call('PUT', `/zones/${ZONE}/page_shield`, { enabled: false })
    expect(r.json.result).toMatchObject({
      enabled: false,
      use_cloudflare_reporting_endpoint: before.use_cloudflare_reporting_endpoint,
      use_connection_url_path: before.use_connection_url_path,
    })
    expect(r.json.result.updated_at).not.toBe(before.updated_at)
    expect((await call('GET', `/zones/${ZONE}/page_shield`)).json.result.enabled).toBe(false)
  })

  it('accepts the reporting flag under the specification name too, and refuses conflicting values', async () => {
    const { call } = client()
    expect(
      (await call('PUT', `/zones/${ZONE}/page_shield`, { use_service_reporting_endpoint: false })).json.result
        .use_cloudflare_reporting_endpoint,
    ).toBe(false)
    expect(
      (await call('PUT', `/zones/${ZONE}/page_shield`, { use_cloudflare_reporting_endpoint: true })).json.result
        .use_cloudflare_reporting_endpoint,
    ).toBe(true)
    const clash = await call('PUT', `/zones/${ZONE}/page_shield`, {
      use_cloudflare_reporting_endpoint: true,
      use_service_reporting_endpoint: false,
    })
    expect(clash.status).toBe(400)
    expect((await call('PUT', `/zones/${ZONE}/page_shield`, { enabled: 'yes' })).json.errors[0]).toMatchObject({
      message: 'enabled must be true or false.',
      source: { pointer: '/enabled' },
    })
    expect((await call('PUT', `/zones/${OTHER}/page_shield`, { use_connection_url_path: true })).json.result).toMatchObject({
      enabled: false,
      use_connection_url_path: true,
    })
  })
})

const good = {
  description: 'Checkout',
  action: 'allow',
  expression: 'http.host eq "www.example.com"',
  enabled: true,
  value: "script-src 'self' js.stripe.com",
}

describe('page_shield policies', () => {
  it('lists the seeded policies and reads one', async () => {
    const { call } = client()
    const list = await call('GET', `/zones/${ZONE}/page_shield/policies`)
    expect(list.json.result).toHaveLength(3)
    expect(list.json.result_info.total_count).toBe(3)
    const one = await call('GET', `/zones/${ZONE}/page_shield/policies/${list.json.result[0].id}`)
    expect(one.json.result).toEqual(list.json.result[0])
    expect((await call('GET', `/zones/${ZONE}/page_shield/policies/${'c'.repeat(32)}`)).status).toBe(404)
  })

  it('creates with all five fields; enabled may be the string "true"', async () => {
    const { call } = client()
    const r = await call('POST', `/zones/${ZONE}/page_shield/policies`, { ...good, enabled: 'true' })
    expect(r.status).toBe(200)
    expect(r.json.result).toMatchObject({ ...good, enabled: true })
    expect(r.json.result.id).toMatch(/^[0-9a-f]{32}$/)
    expect((await call('GET', `/zones/${ZONE}/page_shield/policies`)).json.result).toHaveLength(4)
  })

  it('refuses a missing field and any action but log or allow, saying why', async () => {
    const { call } = client()
    const { value: _omit, ...noValue } = good
    const missing = await call('POST', `/zones/${ZONE}/page_shield/policies`, noValue)
    expect(missing.status).toBe(400)
    expect(missing.json.errors[0]).toMatchObject({ message: 'value is required.', source: { pointer: '/value' } })
    const block = await call('POST', `/zones/${ZONE}/page_shield/policies`, { ...good, action: 'block' })
    expect(block.status).toBe(400)
    expect(block.json.errors[0].message).toMatch(/action must be "log" .* or "allow"/)
    expect(
      (await call('POST', `/zones/${ZONE}/page_shield/policies`, { ...good, action: 'add_reporting_directives' })).status,
    ).toBe(400)
    const csp = await call('POST', `/zones/${ZONE}/page_shield/policies`, { ...good, value: "scripts-src 'self'" })
    expect(csp.json.errors[0].message).toMatch(/not a directive/)
    expect(
      (await call('POST', `/zones/${ZONE}/page_shield/policies`, { ...good, value: "script-src 'nonce-abc'" })).json.errors[0]
        .message,
    ).toMatch(/nonces/)
  })

  it('PUT updates any subset; DELETE answers 204 with no body', async () => {
    const { call } = client()
    const id = (await call('POST', `/zones/${ZONE}/page_shield/policies`, good)).json.result.id
    const put = await call('PUT', `/zones/${ZONE}/page_shield/policies/${id}`, { enabled: false })
    expect(put.json.result).toMatchObject({ ...good, enabled: false })
    const put2 = await call('PUT', `/zones/${ZONE}/page_shield/policies/${id}`, { action: 'log', description: 'Try first' })
    expect(put2.json.result).toMatchObject({ action: 'log', description: 'Try first', enabled: false, value: good.value })
    expect((await call('PUT', `/zones/${ZONE}/page_shield/policies/${id}`, { action: 'deny' })).status).toBe(400)
    const del = await call('DELETE', `/zones/${ZONE}/page_shield/policies/${id}`)
    expect(del.status).toBe(204)
    expect(del.text).toBe('')
    expect((await call('GET', `/zones/${ZONE}/page_shield/policies/${id}`)).status).toBe(404)
    expect((await call('DELETE', `/zones/${ZONE}/page_shield/policies/${id}`)).status).toBe(404)
  })
})
