import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../testing/module-emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import type { Emulator } from './index'
import { DEMO_ACCOUNT, SEED_ZONES } from './seed-ids'

/**
 * Specification "Common response envelope" and "Errors", api-notes §1.1 and §13.5–6, across every
 * area: `success` agrees with the HTTP status (the SDK reads the status, some clients read
 * `success`), failures carry `result: null` and at least one `{code, message}`, and a write with
 * fields the sandbox does not know is accepted, as the real API accepts it.
 */
let em: Emulator
beforeAll(() => {
  em = memoryEmulator()
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

const Z = SEED_ZONES.demo.id
const A = DEMO_ACCOUNT.id
const NONE = 'f'.repeat(32)

const FAILURES: [what: string, method: string, path: string, body?: unknown][] = [
  ['unknown route', 'GET', '/no/such/route'],
  ['unknown zone', 'GET', `/zones/${NONE}`],
  ['page not a number', 'GET', `/zones/${Z}/dns_records?page=first`],
  ['per_page not a number', 'GET', '/zones?per_page=lots'],
  ['malformed JSON', 'POST', `/zones/${Z}/dns_records`, '{"type": '],
  ['TXT with inconsistent quotes', 'POST', `/zones/${Z}/dns_records`, { type: 'TXT', name: 'q', content: 'a "b' }],
  ['proxied MX', 'POST', `/zones/${Z}/dns_records`, { type: 'MX', name: 'm', content: 'mx.example.net', priority: 1, proxied: true }],
  ['unknown DNS record', 'DELETE', `/zones/${Z}/dns_records/${NONE}`],
  ['unknown certificate pack', 'GET', `/zones/${Z}/ssl/certificate_packs/${NONE}`],
  ['bad ssl_status', 'GET', `/zones/${Z}/ssl/certificate_packs?ssl_status=sometimes`],
  ['unknown script', 'GET', `/zones/${Z}/page_shield/scripts/${NONE}`],
  ['unknown connection', 'GET', `/zones/${Z}/page_shield/connections/${NONE}`],
  ['unknown cookie', 'GET', `/zones/${Z}/page_shield/cookies/${NONE}`],
  ['policy action block', 'POST', `/zones/${Z}/page_shield/policies`, { description: 'd', action: 'block', expression: 'true', enabled: true, value: "script-src 'self'" }],
  ['settings enabled not boolean', 'PUT', `/zones/${Z}/page_shield`, { enabled: 'sometimes' }],
  ['unknown ruleset', 'PUT', `/zones/${Z}/rulesets/${NONE}`, { rules: [] }],
  ['log job without destination', 'POST', `/zones/${Z}/logpush/jobs`, { dataset: 'http_requests' }],
  ['unknown log job', 'GET', `/zones/${Z}/logpush/jobs/999999`],
  ['firewall delete without ids', 'DELETE', `/zones/${Z}/firewall/rules`],
  ['unknown firewall rule', 'DELETE', `/zones/${Z}/firewall/rules/${NONE}`],
  ['pools PATCH setting an address', 'PATCH', `/accounts/${A}/load_balancers/pools`, { notification_email: 'ops@example.com' }],
  ['unknown account', 'GET', `/accounts/${NONE}/load_balancers/pools`],
  ['invite status pending', 'PATCH', `/user/invites/${NONE}`, { status: 'pending' }],
]

describe('failures', () => {
  it.each(FAILURES)('%s: a 4xx with success false, result null and at least one error with a code', async (_what, method, path, body) => {
    const r = await call(em.app, method, path, body)
    expect(r.status).toBeGreaterThanOrEqual(400)
    expect(r.status).toBeLessThan(500)
    expect(r.status, 'the SDK retries 408, 409 and 429: validation and conflicts are 400').not.toBeOneOf([408, 409, 429])
    expect(r.body.success).toBe(false)
    expect(r.body.result).toBeNull()
    expect(r.body.errors.length).toBeGreaterThan(0)
    for (const e of r.body.errors) {
      expect(Number.isInteger(e.code) && e.code >= 1000, JSON.stringify(e)).toBe(true)
      expect(e.message.length).toBeGreaterThan(0)
    }
  })

  it('answers an unknown id with 404 and a bad value with 400', async () => {
    expect((await call(em.app, 'GET', `/zones/${Z}/page_shield/policies/${NONE}`)).status).toBe(404)
    expect((await call(em.app, 'GET', `/zones/${Z}/firewall/rules?per_page=x`)).status).toBe(400)
  })
})

/** One write per area, each with fields the sandbox does not know, at the top level and nested. */
const EXTRA = { client_added_field: 'x', another_one: { nested: true } }
const WRITES: [what: string, method: string, path: string, body: Record<string, unknown>][] = [
  ['DNS create', 'POST', `/zones/${Z}/dns_records`, { type: 'A', name: 'extra-fields', content: '192.0.2.50', ...EXTRA }],
  ['page-security settings', 'PUT', `/zones/${Z}/page_shield`, { enabled: true, ...EXTRA }],
  [
    'policy create',
    'POST',
    `/zones/${Z}/page_shield/policies`,
    { description: 'd', action: 'log', expression: 'http.host eq "example.com"', enabled: true, value: "script-src 'self'", ...EXTRA },
  ],
  ['ruleset create', 'POST', `/zones/${Z}/rulesets`, { name: 'custom fields', kind: 'zone', phase: 'http_log_custom_fields', description: '', ...EXTRA }],
  [
    'log job create',
    'POST',
    `/zones/${Z}/logpush/jobs`,
    { name: 'extra', destination_conf: 'https://logs.example.com/in', dataset: 'http_requests', output_options: { field_names: ['RayID'], ...EXTRA }, ...EXTRA },
  ],
]

describe('unknown body fields', () => {
  it.each(WRITES)('%s: accepted, and not echoed back as if they were API fields', async (_what, method, path, body) => {
    const r = await call(em.app, method, path, body)
    expect(r.body.errors).toEqual([])
    expect(r.status).toBe(200)
    expect(r.body.success).toBe(true)
    expect(r.body.result).not.toHaveProperty('client_added_field')
  })

  it('ruleset PUT and DNS PATCH: unknown fields in rules and records are accepted', async () => {
    const rs = (await call(em.app, 'GET', `/zones/${Z}/rulesets/phases/http_log_custom_fields/entrypoint`)).body.result
    const put = await call(em.app, 'PUT', `/zones/${Z}/rulesets/${rs.id}`, {
      rules: [{ action: 'log_custom_field', expression: 'true', action_parameters: { request_fields: [{ name: 'x-a', ...EXTRA }], ...EXTRA }, ...EXTRA }],
      ...EXTRA,
    })
    expect(put.body.errors).toEqual([])
    const rec = (await call(em.app, 'GET', `/zones/${Z}/dns_records?name=extra-fields.example.com`)).body.result[0]
    const patch = await call(em.app, 'PATCH', `/zones/${Z}/dns_records/${rec.id}`, { comment: 'kept', ...EXTRA })
    expect(patch.body.errors).toEqual([])
    expect(patch.body.result.comment).toBe('kept')
  })

  it('invite answer: accepted with unknown fields', async () => {
    const pending = (await call(em.app, 'GET', '/user/invites')).body.result.find((i: { status: string }) => i.status === 'pending')
    const r = await call(em.app, 'PATCH', `/user/invites/${pending.id}`, { status: 'accepted', ...EXTRA })
    expect(r.body.errors).toEqual([])
    expect(r.body.result.status).toBe('accepted')
  })
})

describe('successes', () => {
  it('carry success true and empty errors and messages', async () => {
    for (const path of ['/zones', `/zones/${Z}`, `/zones/${Z}/page_shield`, `/zones/${Z}/page_shield/policies`, '/user/invites']) {
      const r = await call(em.app, 'GET', path)
      expect(r.status, path).toBe(200)
      expect(r.body).toMatchObject({ success: true, errors: [], messages: [] })
    }
  })
})
