import { beforeAll, describe, expect, it } from 'vitest'
import { endpoints } from '../endpoints'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS } from '../../testing/audit-app'

/**
 * Before/after capture for every write endpoint of the allowlist, generated from the endpoint list:
 * a write endpoint without a fixture here fails the test, so a new endpoint cannot go unaudited.
 */
const Z = SEED_ZONES.demo.id
const { app, store } = auditTestApp()

const W = WRITE_HEADERS
async function get(path: string): Promise<unknown> {
  const r = await app.request(`/api/v4${path}`)
  return ((await r.json()) as { result: unknown }).result
}
const firstId = async (path: string) => ((await get(path)) as { id: string }[])[0].id

interface Fixture {
  path: string
  query?: string
  body?: unknown
}
type Ids = Record<string, string>

/** One sample request per write endpoint (keyed `METHOD template`); ids are read from the seed. */
const FIXTURES: Record<string, (ids: Ids) => Fixture> = {
  'POST /zones/:zone_id/dns_records': () => ({ path: `/zones/${Z}/dns_records`, body: { type: 'A', name: 'audit-new', content: '192.0.2.77', ttl: 300, proxied: false } }),
  'POST /zones/:zone_id/dns_records/import': () => ({ path: `/zones/${Z}/dns_records/import` }),
  'POST /zones/:zone_id/dns_records/batch': (ids) => ({ path: `/zones/${Z}/dns_records/batch`, body: { deletes: [{ id: ids.batchRecord }], patches: [{ id: ids.record, comment: 'batch' }] } }),
  // DNS scan: start one; accept a record (given whole, as a found record may be).
  'POST /zones/:zone_id/dns_records/scan/trigger': () => ({ path: `/zones/${Z}/dns_records/scan/trigger`, body: {} }),
  'POST /zones/:zone_id/dns_records/scan/review': () => ({ path: `/zones/${Z}/dns_records/scan/review`, body: { accepts: [{ type: 'A', name: 'audit-scan', content: '192.0.2.66', ttl: 1 }] } }),
  'PATCH /zones/:zone_id/dns_records/:dns_record_id': (ids) => ({ path: `/zones/${Z}/dns_records/${ids.record}`, body: { content: '192.0.2.99' } }),
  'PUT /zones/:zone_id/dns_records/:dns_record_id': (ids) => ({ path: `/zones/${Z}/dns_records/${ids.record}`, body: { type: 'A', name: 'audit-put', content: '192.0.2.98', ttl: 1, proxied: false } }),
  'DELETE /zones/:zone_id/dns_records/:dns_record_id': (ids) => ({ path: `/zones/${Z}/dns_records/${ids.record}` }),
  'PUT /zones/:zone_id/page_shield': () => ({ path: `/zones/${Z}/page_shield`, body: { enabled: true } }),
  'POST /zones/:zone_id/page_shield/policies': () => ({ path: `/zones/${Z}/page_shield/policies`, body: { description: 'audit', action: 'log', expression: 'http.host eq "example.com"', enabled: false, value: "script-src 'self'" } }),
  'PUT /zones/:zone_id/page_shield/policies/:policy_id': (ids) => ({ path: `/zones/${Z}/page_shield/policies/${ids.policy}`, body: { description: 'audit changed' } }),
  'DELETE /zones/:zone_id/page_shield/policies/:policy_id': (ids) => ({ path: `/zones/${Z}/page_shield/policies/${ids.policy}` }),
  'PATCH /zones/:zone_id/ssl/certificate_packs/:certificate_pack_id': (ids) => ({ path: `/zones/${Z}/ssl/certificate_packs/${ids.pack}`, body: { cloudflare_branding: true } }),
  'POST /zones/:zone_id/rulesets': () => ({ path: `/zones/${Z}/rulesets`, body: { name: 'x', kind: 'zone', phase: 'http_log_custom_fields', rules: [] } }),
  'PUT /zones/:zone_id/rulesets/:ruleset_id': (ids) => ({ path: `/zones/${Z}/rulesets/${ids.ruleset}`, body: { description: 'audit', rules: [] } }),
  'POST /zones/:zone_id/logpush/jobs': () => ({ path: `/zones/${Z}/logpush/jobs`, body: { destination_conf: 's3://bucket/logs?region=us-east-1', dataset: 'http_requests' } }),
  'PUT /zones/:zone_id/logpush/jobs/:job_id': (ids) => ({ path: `/zones/${Z}/logpush/jobs/${ids.job}`, body: { enabled: false } }),
  'DELETE /zones/:zone_id/logpush/jobs/:job_id': (ids) => ({ path: `/zones/${Z}/logpush/jobs/${ids.job}` }),
  'POST /zones/:zone_id/logpush/ownership': () => ({ path: `/zones/${Z}/logpush/ownership`, body: { destination_conf: 's3://bucket/logs?region=us-east-1' } }),
  'POST /zones/:zone_id/logpush/ownership/validate': () => ({ path: `/zones/${Z}/logpush/ownership/validate`, body: { destination_conf: 's3://bucket/logs?region=us-east-1', ownership_challenge: 'x' } }),
  'DELETE /zones/:zone_id/firewall/rules/:rule_id': (ids) => ({ path: `/zones/${Z}/firewall/rules/${ids.rule}` }),
  'DELETE /zones/:zone_id/firewall/rules': (ids) => ({ path: `/zones/${Z}/firewall/rules`, query: `?id=${ids.rule2}` }),
  'PATCH /accounts/:account_id/load_balancers/pools': (ids) => ({ path: `/accounts/${ids.account}/load_balancers/pools`, body: { notification_email: '' } }),
  'POST /accounts/:account_id/alerting/v3/policies': (ids) => ({ path: `/accounts/${ids.account}/alerting/v3/policies`, body: { name: 'audit', alert_type: 'load_balancing_health_alert', enabled: true, mechanisms: { email: [{ id: 'a@example.com' }] } } }),
  'DELETE /accounts/:account_id/alerting/v3/policies/:policy_id': (ids) => ({ path: `/accounts/${ids.account}/alerting/v3/policies/${ids.alert}` }),
  'PATCH /user/invites/:invite_id': (ids) => ({ path: `/user/invites/${ids.invite}`, body: { status: 'rejected' } }),
}

const writes = endpoints.filter((e) => e.method !== 'GET')
const ids: Ids = {}
const outcomes: Record<string, string> = {}
beforeAll(async () => {
  const records = (await get(`/zones/${Z}/dns_records?type=A&per_page=50`)) as { id: string }[]
  ids.record = records[0].id
  ids.batchRecord = records[1].id
  ids.policy = await firstId(`/zones/${Z}/page_shield/policies`)
  ids.pack = await firstId(`/zones/${Z}/ssl/certificate_packs`)
  const entry = (await get(`/zones/${Z}/rulesets/phases/http_log_custom_fields/entrypoint`)) as { id: string } | null
  ids.ruleset = entry?.id ?? (await firstId(`/zones/${Z}/rulesets`))
  ids.job = await firstId(`/zones/${Z}/logpush/jobs`).catch(() => 'none')
  const rules = (await get(`/zones/${Z}/firewall/rules`)) as { id: string }[]
  ids.rule = rules[0].id
  ids.rule2 = rules[1].id
  ids.account = ((await get(`/zones/${Z}`)) as { account: { id: string } }).account.id
  ids.alert = await firstId(`/accounts/${ids.account}/alerting/v3/policies`).catch(() => 'none')
  ids.invite = await firstId(`/user/invites`).catch(() => 'none')
})

describe('audit: before and after of every write endpoint', () => {
  it('has a fixture for every write endpoint of the allowlist', () => {
    expect(writes.map((e) => `${e.method} ${e.path}`).filter((k) => !FIXTURES[k])).toEqual([])
  })

  it.each(writes.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (key, endpoint) => {
    const f = FIXTURES[key](ids)
    const readable = endpoint.method !== 'POST' && !f.query && endpoints.some((e) => e.method === 'GET' && e.path === endpoint.path)
    const expectedBefore = readable ? await get(f.path) : undefined
    const init: RequestInit = { method: endpoint.method, headers: W, body: f.body === undefined ? undefined : JSON.stringify(f.body) }
    if (key.endsWith('/import')) {
      const form = new FormData()
      form.set('file', new Blob(['audit-imported 300 IN A 192.0.2.55\n'], { type: 'text/plain' }), 'zone.txt')
      init.body = form
      init.headers = { 'x-zonekeeper-request': '1' }
    }
    const res = await app.request(`/api/v4${f.path}${f.query ?? ''}`, init)
    const answer = (res.status === 204 ? { success: true, result: null, errors: [] } : await res.json()) as { success: boolean; result: unknown; errors: { code: number }[] }
    const auditId = Number(res.headers.get('x-zonekeeper-audit-id'))
    expect(auditId, 'the answer names its audit entry').toBeGreaterThan(0)
    const entry = (await store.audit.get(auditId))!
    expect(entry).toMatchObject({ method: endpoint.method, path: f.path, status: res.status, username: 'local', mode: 'sandbox' })
    expect(entry.outcome).toBe(res.ok ? 'success' : 'failure')
    outcomes[key] = entry.outcome
    if (!res.ok) expect(entry.errors.map((e) => e.code)).toEqual(answer.errors.map((e) => e.code))
    if (readable) expect(entry.before, 'before = the object as the API had it').toEqual(expectedBefore)
    if (key.endsWith('/batch')) expect((entry.before as { records: { id: string }[] }).records.map((r) => r.id)).toEqual([ids.batchRecord, ids.record])
    if (key === 'DELETE /zones/:zone_id/firewall/rules') expect((entry.before as { items: { id: string }[] }).items.map((r) => r.id)).toEqual([ids.rule2])
    if (!res.ok) expect(entry.after).toBeNull()
    else if (key.endsWith('/import')) expect((entry.after as { created: { name: string }[] }).created.map((r) => r.name)).toEqual(['audit-imported.example.com'])
    else if (endpoint.method === 'DELETE' && !key.endsWith('/batch')) expect(entry.after).toBeNull()
    else expect(entry.after).toEqual(answer.result)
    if (key.endsWith('/batch') || key.endsWith('/import')) expect(await store.audit.restorePoint(auditId)).toMatch(/IN\s+SOA/)
  })

  it('most fixtures succeed (so after states are really compared)', () => {
    expect(Object.values(outcomes).filter((o) => o === 'success').length).toBeGreaterThanOrEqual(writes.length - 4)
  })

  it('records a refused write with who tried, and reads nothing from the API for it', async () => {
    const res = await app.request(`/api/v4/zones/${Z}/dns_records/${ids.batchRecord}`, { method: 'DELETE' })
    expect(res.status).toBe(403)
    const entry = (await store.audit.get(Number(res.headers.get('x-zonekeeper-audit-id'))))!
    expect(entry).toMatchObject({ outcome: 'refused', action: 'delete', resourceType: 'dns_record', zoneId: Z, resourceId: ids.batchRecord })
  })
})
