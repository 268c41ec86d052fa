import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { DEMO_ACCOUNT } from '../seed-ids'
import { migrateLogpush } from './migrate'
import { insertJob, type JobValues } from './store'
import { logpushModule } from '.'

let em: ModuleEmulator
const base = `/accounts/${DEMO_ACCOUNT.id}/logpush/jobs`
const values: JobValues = {
  name: 'audit',
  dataset: 'audit_logs',
  destination_conf: 'https://logs.example.com/audit',
  enabled: true,
  kind: '',
  filter: null,
  logpull_options: null,
  output_options: null,
  frequency: 'high',
  max_upload_bytes: 5_000_000,
  max_upload_records: 100_000,
  max_upload_interval_seconds: 30,
  last_complete: null,
  last_error: null,
  error_message: null,
}
let id: number
beforeAll(() => {
  em = createModuleEmulator([logpushModule])
  id = insertJob(em.db, DEMO_ACCOUNT.id, values, undefined, 'account_id').id
}, 60_000)
afterAll(() => em.close())

describe('account-level log jobs', () => {
  it('lists, gets, updates and deletes the account\'s jobs (and none of the zones\')', async () => {
    const list = (await call(em.app, 'GET', base)).body.result as { id: number; dataset: string }[]
    expect(list.map((j) => j.id)).toEqual([id])
    expect((await call(em.app, 'GET', `${base}/${id}`)).body.result).toMatchObject({ id, dataset: 'audit_logs', enabled: true })
    const put = await call(em.app, 'PUT', `${base}/${id}`, { enabled: false })
    expect(put.status, JSON.stringify(put.body.errors)).toBe(200)
    expect(put.body.result.enabled).toBe(false)
    expect((await call(em.app, 'PUT', `${base}/${id}`, { dataset: 'http_requests' })).status).toBe(400)
    expect((await call(em.app, 'DELETE', `${base}/${id}`)).body.result).toEqual({ id })
    expect((await call(em.app, 'GET', `${base}/${id}`)).status).toBe(404)
  })
})

describe('account-level log job creation', () => {
  it('creates a job with an account dataset; refuses zone-only rules and a challenge the sandbox never issued', async () => {
    const made = await call(em.app, 'POST', base, { destination_conf: 'https://logs.example.com/gw', dataset: 'gateway_dns', name: 'gw' })
    expect(made.status, JSON.stringify(made.body.errors)).toBe(200)
    expect(made.body.result).toMatchObject({ dataset: 'gateway_dns', name: 'gw', destination_conf: 'https://logs.example.com/gw' })
    expect((await call(em.app, 'GET', `${base}/${made.body.result.id}`)).status).toBe(200)

    const noDataset = await call(em.app, 'POST', base, { destination_conf: 'https://logs.example.com/x' })
    expect(noDataset.body.errors[0].source?.pointer).toBe('/dataset')
    const s3 = await call(em.app, 'POST', base, {
      destination_conf: 's3://mybucket/logs?region=us-west-2',
      dataset: 'gateway_dns',
      ownership_challenge: '00000000000000000000',
    })
    expect(s3.status).toBe(400)
    expect(s3.body.errors[0].source?.pointer).toBe('/ownership_challenge')
  })
})

describe('migrateLogpush', () => {
  it('rebuilds a table from before account jobs, keeping ids and the sequence', () => {
    const db = new Database(':memory:')
    db.exec(`CREATE TABLE accounts (id TEXT PRIMARY KEY); CREATE TABLE zones (id TEXT PRIMARY KEY); INSERT INTO zones VALUES ('z');
      CREATE TABLE IF NOT EXISTS logpush_jobs (id INTEGER PRIMARY KEY AUTOINCREMENT,
      zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE, name TEXT, destination_conf TEXT NOT NULL);
      INSERT INTO logpush_jobs (zone_id, name, destination_conf) VALUES ('z', 'a', 'd'), ('z', 'b', 'd');
      DELETE FROM logpush_jobs WHERE name = 'b';`)
    migrateLogpush(db)
    expect(db.prepare('SELECT id, zone_id, account_id FROM logpush_jobs').all()).toEqual([{ id: 1, zone_id: 'z', account_id: null }])
    db.prepare("INSERT INTO logpush_jobs (zone_id, name, destination_conf) VALUES ('z', 'c', 'd')").run()
    expect(db.prepare("SELECT id FROM logpush_jobs WHERE name = 'c'").get()).toEqual({ id: 3 })
    migrateLogpush(db)
    db.close()
  })
})
