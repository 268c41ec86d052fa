import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '../emulator/seed-ids'
import { auditTestApp, WRITE_HEADERS } from '../../testing/audit-app'

/** A log job's destination credentials never reach the entry or the CSV. */
const Z = SEED_ZONES.demo.id
const { app, store } = auditTestApp()
const SECRET = 'Bearer%20zk-very-secret-4711'

describe('credentials inside a log job destination', () => {
  it('are scrubbed before the entry is stored, in before, after and the CSV', async () => {
    const destination = `https://logs.example.com/ingest?header_Authorization=${SECRET}&tags=prod`
    const made = await app.request(`/api/v4/zones/${Z}/logpush/jobs`, {
      method: 'POST',
      headers: WRITE_HEADERS,
      body: JSON.stringify({ name: 'secret-job', dataset: 'http_requests', destination_conf: destination, output_options: { field_names: ['ClientIP'] }, enabled: false }),
    })
    expect(made.status, await made.clone().text()).toBe(200)
    const job = ((await made.json()) as { result: { id: number } }).result
    const changed = await app.request(`/api/v4/zones/${Z}/logpush/jobs/${job.id}`, { method: 'PUT', headers: WRITE_HEADERS, body: JSON.stringify({ enabled: true }) })
    expect(changed.status, await changed.clone().text()).toBe(200)
    const entries = [Number(made.headers.get('x-zonekeeper-audit-id')), Number(changed.headers.get('x-zonekeeper-audit-id'))]
    for (const id of entries) {
      const e = (await store.audit.get(id))!
      expect(JSON.stringify(e)).not.toContain('very-secret')
      expect(JSON.stringify(e.after)).toContain('header_Authorization=[not recorded]&tags=prod')
    }
    expect(((await store.audit.get(entries[1]))!.before as { destination_conf: string }).destination_conf).toBe('https://logs.example.com/ingest?header_Authorization=[not recorded]&tags=prod')
    expect((await store.audit.get(entries[0]))!.label).toBe('secret-job')
    const csv = await (await app.request('/api/local/audit/export.csv?area=logpush')).text()
    expect(csv).toContain('secret-job')
    expect(csv).not.toContain('very-secret')
  })
})
