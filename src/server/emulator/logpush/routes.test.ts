import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call as callApp, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { logpushModule } from './index'

let emulator: ModuleEmulator
beforeEach(() => {
  emulator = createModuleEmulator([logpushModule])
})
afterEach(() => emulator.close())

const demo = SEED_ZONES.demo.id
const jobs = `/zones/${demo}/logpush/jobs`
const call = (method: string, path: string, body?: unknown) => callApp(emulator.app, method, path, body)

const s3 = 's3://acme-logs/custom/{DATE}?region=us-east-1'
async function challenge(destination: string): Promise<string> {
  const res = await call('POST', `/zones/${demo}/logpush/ownership`, { destination_conf: destination })
  expect(res.body.result.filename).toMatch(/^custom\/ownership-challenge-[0-9a-f]{8}\.txt$/)
  return /this token:\n(\S+)$/.exec(res.body.result.message)![1]
}

const newJob = (extra: Record<string, unknown> = {}) => ({
  name: 'example.com-custom',
  destination_conf: 'https://logs.example.net/ingest',
  dataset: 'http_requests',
  enabled: true,
  output_options: { field_names: ['RayID', 'EdgeStartTimestamp', 'RequestHeaders'], timestamp_format: 'rfc3339' },
  ...extra,
})

describe('log jobs', () => {
  it('lists the two seeded jobs of the demo zone, one without custom-field outputs', async () => {
    const { status, body } = await call('GET', jobs)
    expect(status).toBe(200)
    expect(body.result.map((j: { id: number }) => j.id)).toEqual([146, 147])
    expect(body.result[0].output_options.field_names).not.toContain('RequestHeaders')
    expect(body.result[1].output_options.field_names).toContain('RequestHeaders')
  })

  it('ignores paging and any other parameter, as the service does: every job in one answer', async () => {
    for (const q of ['?page=2&per_page=1', '?page=abc', '?per_page=-1&dataset=nope']) {
      const { status, body } = await call('GET', `${jobs}${q}`)
      expect(status, q).toBe(200)
      expect(body.result.map((j: { id: number }) => j.id), q).toEqual([146, 147])
    }
  })

  it('creates a job with a new integer id, reads, updates and deletes it', async () => {
    const created = await call('POST', jobs, newJob())
    expect(created.status).toBe(200)
    const job = created.body.result
    expect(Number.isInteger(job.id)).toBe(true)
    expect(job.id).toBeGreaterThan(147)
    expect(job).toMatchObject({ name: 'example.com-custom', dataset: 'http_requests', enabled: true, kind: '', last_error: null })
    expect(job).not.toHaveProperty('ownership_challenge')

    expect((await call('GET', `${jobs}/${job.id}`)).body.result).toEqual(job)

    const names = [...job.output_options.field_names, 'Cookies']
    const updated = await call('PUT', `${jobs}/${job.id}`, { output_options: { ...job.output_options, field_names: names } })
    expect(updated.body.result.output_options.field_names).toEqual(names)
    expect(updated.body.result.name).toBe('example.com-custom')

    const deleted = await call('DELETE', `${jobs}/${job.id}`)
    expect(deleted.body.result).toEqual({ id: job.id })
    expect((await call('GET', `${jobs}/${job.id}`)).status).toBe(404)
  })

  it('never reuses the id of a deleted job', async () => {
    const a = (await call('POST', jobs, newJob())).body.result.id
    await call('DELETE', `${jobs}/${a}`)
    expect((await call('POST', jobs, newJob())).body.result.id).toBeGreaterThan(a)
  })

  it('requires destination_conf and refuses unknown http_requests fields', async () => {
    const noDest = await call('POST', jobs, { dataset: 'http_requests' })
    expect(noDest.status).toBe(400)
    expect(noDest.body.errors[0].source?.pointer).toBe('/destination_conf')
    const badField = await call('POST', jobs, newJob({ output_options: { field_names: ['RayID', 'Nope'] } }))
    expect(badField.body.errors[0].source?.pointer).toBe('/output_options/field_names/1')
  })

  it('needs a valid ownership challenge for s3: missing, wrong or for another destination is refused', async () => {
    expect((await call('POST', jobs, newJob({ destination_conf: s3 }))).body.errors[0].source?.pointer).toBe('/ownership_challenge')
    const wrong = await call('POST', jobs, newJob({ destination_conf: s3, ownership_challenge: 'abc.def.ghi' }))
    expect(wrong.body.errors[0]).toMatchObject({ code: 1002, source: { pointer: '/ownership_challenge' } })
    const other = await challenge('s3://another-bucket/custom?region=us-east-1')
    expect((await call('POST', jobs, newJob({ destination_conf: s3, ownership_challenge: other }))).status).toBe(400)
    const token = await challenge(s3)
    expect((await call('POST', jobs, newJob({ destination_conf: s3, ownership_challenge: token }))).status).toBe(200)
  })

  it('validates a challenge token, and lets it expire after 7 days', async () => {
    const token = await challenge(s3)
    const check = () => call('POST', `/zones/${demo}/logpush/ownership/validate`, { destination_conf: s3, ownership_challenge: token })
    expect((await check()).body.result).toEqual({ valid: true })
    emulator.setNow(new Date(emulator.ctx.now().getTime() + 7 * 86_400_000 + 1000))
    expect((await check()).body.result).toEqual({ valid: false })
  })

  it('does not let PUT change the dataset, and checks field names against the job dataset', async () => {
    const dataset = await call('PUT', `${jobs}/146`, { dataset: 'firewall_events' })
    expect(dataset.body.errors[0].source?.pointer).toBe('/dataset')
    const field = await call('PUT', `${jobs}/146`, { output_options: { field_names: ['Nope'] } })
    expect(field.body.errors[0].source?.pointer).toBe('/output_options/field_names/0')
  })

  it('answers 400 for a job id that is not an integer, 404 for an unknown one', async () => {
    expect((await call('GET', `${jobs}/abc`)).status).toBe(400)
    expect((await call('GET', `${jobs}/999999`)).status).toBe(404)
    // A job of another zone is not found through this zone.
    expect((await call('GET', `/zones/${SEED_ZONES.large.id}/logpush/jobs/146`)).status).toBe(404)
  })

  it('lists the http_requests fields as name → description, including the custom-field objects', async () => {
    const { status, body } = await call('GET', `/zones/${demo}/logpush/datasets/http_requests/fields`)
    expect(status).toBe(200)
    for (const f of ['RayID', 'EdgeStartTimestamp', 'RequestHeaders', 'ResponseHeaders', 'Cookies']) expect(typeof body.result[f]).toBe('string')
    expect((await call('GET', `/zones/${demo}/logpush/datasets/gateway_dns/fields`)).status).toBe(400)
  })
})
