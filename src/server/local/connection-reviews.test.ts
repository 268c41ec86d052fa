import { describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { SEED_ZONES } from '../emulator/seed-ids'
import { testConfig } from '../../testing/server'
import { seededSandbox } from '../../testing/seeded-sandbox'
import { storeBackends } from '../../testing/store-backends'

// Connections get verdicts like scripts: the ledger (reviewer from the sign-in, the
// threat status read by the server), exact "needs review" / "changed since review" over the zone,
// the ledger CSV and the audit log.
const ZONE = SEED_ZONES.demo.id
const INDEX = `/api/local/zones/${ZONE}/page-shield/connection-index`
const REVIEWS = `/api/local/zones/${ZONE}/page-shield/connection-reviews`
const W = { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }
const sandbox = seededSandbox('zk-connection-reviews-')

const { backends } = storeBackends('zk-connection-reviews-store-')

describe.each(backends)('connection verdicts on $name', ({ skip, open }) => {
  it.skipIf(skip)(
    'records a verdict with the server-read threat status, filters exactly, re-opens it when the host gets reported, exports and audits it',
    async () => {
      const store = await open()
      const app = createApp({ config: testConfig({ dataDir: sandbox.dir }), emulator: sandbox.emulator(), store })
      const get = async (q: string) => {
        const r = await app.request(q)
        expect(r.status, await r.clone().text()).toBe(200)
        return (await r.json()).result
      }
      const all = await get(`${INDEX}?status=active,infrequent,inactive&per_page=100`)
      const zoneTotal = all.counts.total
      expect(zoneTotal).toBeGreaterThan(50)
      expect(all.counts).toMatchObject({ new: zoneTotal, changed: 0, reviewed: 0 })
      expect(all.total_count).toBe(zoneTotal)

      // An active connection threat feeds do not report yet.
      const target = (await get(`${INDEX}?per_page=100`)).items.find(
        (k: { domain_reported_malicious?: boolean; url_reported_malicious?: boolean }) => !k.domain_reported_malicious && !k.url_reported_malicious,
      )
      expect(target).toBeDefined()
      const posted = await app.request(REVIEWS, {
        method: 'POST',
        headers: W,
        // A typed reviewer and a forged threat status are ignored: the sign-in and the API say.
        body: JSON.stringify({ connection_id: target.id, verdict: 'expected', note: 'Payment provider API', reviewer: 'Mallory', connection: { url_reported_malicious: true } }),
      })
      expect(posted.status).toBe(201)
      const entry = (await posted.json()).result
      expect(entry).toMatchObject({
        connection_id: target.id,
        verdict: 'expected',
        reviewer: 'Local administrator',
        connection: { url: target.url, host: target.host, url_reported_malicious: false, domain_reported_malicious: false },
      })
      expect((await get(REVIEWS)).map((r: { connection_id: string }) => r.connection_id)).toEqual([target.id])
      expect((await get(`${REVIEWS}?connection_id=${target.id}`))[0].note).toBe('Payment provider API')

      const afterReview = await get(`${INDEX}?status=active,infrequent,inactive&review=needs`)
      expect(afterReview.total_count).toBe(zoneTotal - 1)
      expect(afterReview.counts).toMatchObject({ new: zoneTotal - 1, changed: 0, reviewed: 1 })
      expect((await get(`${INDEX}?review=changed`)).total_count).toBe(0)

      // "Investigate" is reviewed but not done: the connection stays in "Needs review", counted apart (as scripts).
      const probe = (await get(`${INDEX}?per_page=100`)).items.find(
        (k: { id: string; domain_reported_malicious?: boolean; url_reported_malicious?: boolean }) =>
          k.id !== target.id && !k.domain_reported_malicious && !k.url_reported_malicious,
      )
      const investigate = await app.request(REVIEWS, {
        method: 'POST',
        headers: W,
        body: JSON.stringify({ connection_id: probe.id, verdict: 'investigate', note: 'Who runs this host?' }),
      })
      expect(investigate.status).toBe(201)
      const needs = await get(`${INDEX}?status=active,infrequent,inactive&review=needs&per_page=100`)
      expect(needs.counts).toMatchObject({ new: zoneTotal - 2, changed: 0, reviewed: 1, investigating: 1 })
      expect(needs.total_count).toBe(zoneTotal - 1)
      expect(needs.items.map((k: { id: string }) => k.id)).toContain(probe.id)
      expect(needs.items.map((k: { id: string }) => k.id)).not.toContain(target.id)

      // The sandbox: threat feeds start reporting the connection's host.
      const act = await app.request('/api/sandbox/page-shield/activity', {
        method: 'POST',
        headers: W,
        body: JSON.stringify({ zone_id: ZONE, kind: 'connection-reported', connection_id: target.id }),
      })
      expect(act.status).toBe(200)
      expect((await act.json()).result.connection_id).toBe(target.id)
      const changed = await get(`${INDEX}?review=changed&refresh=full`)
      expect(changed.total_count).toBe(1)
      expect(changed.items.map((k: { id: string }) => k.id)).toEqual([target.id])
      expect(changed.states[target.id]).toMatchObject({ state: 'changed', verdict: 'expected', reviewer: 'Local administrator' })
      expect((await get(`${INDEX}?status=active,infrequent,inactive&review=needs`)).total_count).toBe(zoneTotal)
      // A page filter (answered by the API) combines with the review filter.
      const onPage = await get(`${INDEX}?status=active,infrequent,inactive&review=changed&page_url=${encodeURIComponent(target.first_page_url)}`)
      expect(onPage.items.map((k: { id: string }) => k.id)).toEqual([target.id])
      expect((await get(`${INDEX}?review=changed&page_url=nowhere.example%2Fnothing`)).total_count).toBe(0)

      // The ledger CSV: the connection's row, marked as such, with its threat status then.
      const csv = await app.request(`/api/local/zones/${ZONE}/page-shield/reviews/export.csv`)
      const lines = (await csv.text()).trim().split('\r\n')
      expect(lines[0].startsWith('kind,')).toBe(true)
      const row = lines.find((l) => l.includes(target.id))!
      expect(row.startsWith('connection,')).toBe(true)
      expect(row).toContain('Local administrator,expected,Payment provider API')
      expect(row).toContain(target.url)
      expect(row).toContain('domain not reported; URL not reported')

      // The audit entry names the connection by its URL.
      const { entries } = await store.audit.list({ area: 'page-shield' })
      const audit = entries.find((e) => e.resourceType === 'connection_verdict' && e.resourceId === target.id)
      expect(audit).toMatchObject({ resourceId: target.id, label: target.url, outcome: 'success', action: 'create' })

      // Bad input: 4xx with a reason, never a 500.
      const bad = async (url: string, init?: RequestInit) => (await app.request(url, init)).status
      expect(await bad(REVIEWS, { method: 'POST', headers: W, body: JSON.stringify({ connection_id: 'nothex', verdict: 'expected', note: 'x' }) })).toBe(400)
      expect(await bad(REVIEWS, { method: 'POST', headers: W, body: JSON.stringify({ connection_id: target.id, verdict: 'fine', note: 'x' }) })).toBe(400)
      expect(await bad(REVIEWS, { method: 'POST', headers: W, body: '{' })).toBe(400)
      expect(await bad(REVIEWS, { method: 'POST', headers: W, body: JSON.stringify({ connection_id: 'c'.repeat(32), verdict: 'expected', note: 'x' }) })).toBe(404)
      expect(await bad(`${REVIEWS}?connection_id=zz`)).toBe(400)
      expect(await bad(`${INDEX}?review=maybe`)).toBe(400)
      expect(await bad(`${INDEX}?per_page=1000`)).toBe(400)
      expect(await bad(`/api/local/zones/nothex/page-shield/connection-index`)).toBe(400)
      await store.close()
    },
    180_000,
  )
})
