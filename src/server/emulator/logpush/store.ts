import type { LogpushJob, LogpushJobCreate, OutputOptions } from '../../../shared/schemas/logpush'
import { notFound } from '../http'
import type { Db } from '../module'

export interface JobRow {
  id: number
  zone_id: string | null
  account_id?: string | null
  name: string | null
  dataset: string | null
  destination_conf: string
  enabled: number
  kind: string
  filter: string | null
  logpull_options: string | null
  output_options: string | null
  frequency: string | null
  max_upload_bytes: number | null
  max_upload_records: number | null
  max_upload_interval_seconds: number | null
  last_complete: string | null
  last_error: string | null
  error_message: string | null
}

export type JobValues = Omit<JobRow, 'id' | 'zone_id' | 'account_id' | 'enabled' | 'output_options'> & {
  enabled: boolean
  output_options: OutputOptions | null
}

export function toJob(row: JobRow): LogpushJob {
  return {
    id: row.id,
    name: row.name,
    dataset: row.dataset,
    destination_conf: row.destination_conf,
    enabled: row.enabled === 1,
    kind: row.kind,
    filter: row.filter,
    logpull_options: row.logpull_options,
    output_options: row.output_options === null ? null : (JSON.parse(row.output_options) as OutputOptions),
    frequency: row.frequency,
    max_upload_bytes: row.max_upload_bytes,
    max_upload_records: row.max_upload_records,
    max_upload_interval_seconds: row.max_upload_interval_seconds,
    last_complete: row.last_complete,
    last_error: row.last_error,
    error_message: row.error_message,
  }
}

const COLUMNS = [
  'name', 'dataset', 'destination_conf', 'enabled', 'kind', 'filter', 'logpull_options', 'output_options', 'frequency',
  'max_upload_bytes', 'max_upload_records', 'max_upload_interval_seconds', 'last_complete', 'last_error', 'error_message',
] as const

const params = (v: JobValues) => ({
  ...v,
  enabled: v.enabled ? 1 : 0,
  output_options: v.output_options === null ? null : JSON.stringify(v.output_options),
})

/** Inserts a job; `id` only for seeds (stable ids), otherwise the next integer. `owner`: zone (default) or account. */
export function insertJob(db: Db, ownerId: string, values: JobValues, id?: number, owner: 'zone_id' | 'account_id' = 'zone_id'): JobRow {
  const cols = [owner, ...COLUMNS, ...(id === undefined ? [] : ['id'])]
  const info = db
    .prepare(`INSERT INTO logpush_jobs (${cols.join(', ')}) VALUES (${cols.map((c) => '@' + c).join(', ')})`)
    .run({ ...params(values), [owner]: ownerId, ...(id === undefined ? {} : { id }) })
  return db.prepare('SELECT * FROM logpush_jobs WHERE id = ?').get(Number(info.lastInsertRowid)) as JobRow
}

export function updateJob(db: Db, row: JobRow, values: JobValues): JobRow {
  db.prepare(`UPDATE logpush_jobs SET ${COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({ ...params(values), id: row.id })
  return db.prepare('SELECT * FROM logpush_jobs WHERE id = ?').get(row.id) as JobRow
}

/** A log job of an account (account-level jobs: `/accounts/:account_id/logpush/jobs`). */
export function findAccountJob(db: Db, accountId: string, id: number): JobRow {
  const row = db.prepare('SELECT * FROM logpush_jobs WHERE account_id = ? AND id = ?').get(accountId, id) as JobRow | undefined
  if (!row) throw notFound(1001, `Log job ${id} was not found in this account.`)
  return row
}

export function findJob(db: Db, zoneId: string, id: number): JobRow {
  const row = db.prepare('SELECT * FROM logpush_jobs WHERE zone_id = ? AND id = ?').get(zoneId, id) as JobRow | undefined
  if (!row) throw notFound(1001, `Log job ${id} was not found in this zone.`)
  return row
}

/** A new job's stored values (zone or account level): what the body sets, the service's defaults for the rest. */
export function newJobValues(body: Omit<LogpushJobCreate, 'dataset'> & { dataset?: string | null }): JobValues {
  return {
    name: body.name ?? null,
    dataset: body.dataset ?? null,
    destination_conf: body.destination_conf,
    enabled: body.enabled ?? false,
    kind: body.kind ?? '',
    filter: body.filter ?? null,
    logpull_options: body.logpull_options ?? null,
    output_options: body.output_options ?? null,
    frequency: body.frequency ?? 'high',
    max_upload_bytes: body.max_upload_bytes ?? 5_000_000,
    max_upload_records: body.max_upload_records ?? 100_000,
    max_upload_interval_seconds: body.max_upload_interval_seconds ?? 30,
    last_complete: null,
    last_error: null,
    error_message: null,
  }
}

export function jobValues(row: JobRow): JobValues {
  const { id: _id, zone_id: _zone, account_id: _account, ...rest } = row
  const job = toJob(row)
  return { ...rest, enabled: job.enabled, output_options: job.output_options ?? null }
}
