import type { Context, Hono } from 'hono'
import { HTTP_REQUESTS_FIELDS } from '../../../shared/log-fields/http-requests-fields'
import { logJobsQuery } from '../../../shared/lists/log-jobs'
import {
  destinationNeedsOwnership,
  fieldNameIssues,
  logpushDatasets,
  logpushJobCreateSchema,
  logpushJobUpdateSchema,
  ownershipRequestSchema,
  ownershipValidateSchema,
  zoneLogpushDatasets,
} from '../../../shared/schemas/logpush'
import { ApiError, badRequest, ok, readJson, validate } from '../http'
import { readQuery } from '../list-engine'
import { requireZone } from '../lookup'
import type { Db, EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { challengeFilename, challengeIsValid, issueChallenge } from './ownership'
import { findJob, insertJob, jobValues, newJobValues, toJob, updateJob, type JobRow } from './store'

/** Logpush error codes are undocumented; 1002 was seen for an ownership-challenge failure. */
const OWNERSHIP_CODE = 1002

function readJobId(c: Context): number {
  const raw = c.req.param('job_id') ?? ''
  const id = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw badRequest(1001, 'A job id is an integer of at least 1.', '/job_id')
  return id
}

function requireOwnership(db: Db, zoneId: string, destination: string, token: string | undefined, now: Date): void {
  if (!destinationNeedsOwnership(destination)) return
  if (!token || !challengeIsValid(db, zoneId, destination, token, now)) {
    throw badRequest(
      OWNERSHIP_CODE,
      'The ownership challenge is not valid for this destination (another destination, a mistyped token, or older than 7 days). Request a new one.',
      '/ownership_challenge',
    )
  }
}

function checkFieldNames(dataset: string | null, names: string[] | undefined): void {
  const issues = fieldNameIssues(dataset, names)
  if (issues.length > 0) {
    throw new ApiError(400, issues.map((i) => ({ code: 1004, message: i.message, source: { pointer: '/' + i.path.join('/') } })))
  }
}

/** A zone's jobs, all or of one dataset. */
const zoneJobs = (db: Db) => (zoneId: string, dataset?: string) =>
  (dataset === undefined
    ? db.prepare('SELECT * FROM logpush_jobs WHERE zone_id = ? ORDER BY id').all(zoneId)
    : db.prepare('SELECT * FROM logpush_jobs WHERE zone_id = ? AND dataset = ? ORDER BY id').all(zoneId, dataset)) as JobRow[]

const readDataset = (c: Context): string => {
  const dataset = c.req.param('dataset_id') ?? ''
  if (!(logpushDatasets as readonly string[]).includes(dataset)) throw badRequest(1004, `${dataset} is not a dataset.`, '/dataset_id')
  if (!(zoneLogpushDatasets as readonly string[]).includes(dataset)) throw badRequest(1004, `${dataset} is an account dataset, not a zone dataset.`, '/dataset_id')
  return dataset
}

/** The sandbox's handlers of the table's log-job endpoints: a zone's jobs, the ownership challenge, the field list. */
export function logpushHandlers(table: TableRouter, { db, now }: EmulatorContext): void {
  const jobsOf = zoneJobs(db)

  /** Every job of the zone in one answer: the list's query (src/shared/lists/log-jobs.ts) has no parameter, paging included. */
  table.get('/zones/:zone_id/logpush/jobs', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    readQuery(c, logJobsQuery)
    return ok(c, jobsOf(zone.id).map(toJob))
  })

  table.post('/zones/:zone_id/logpush/jobs', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const body = validate(logpushJobCreateSchema, await readJson(c))
    requireOwnership(db, zone.id, body.destination_conf, body.ownership_challenge, now())
    const row = insertJob(db, zone.id, newJobValues(body))
    return ok(c, toJob(row))
  })

  table.get('/zones/:zone_id/logpush/jobs/:job_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    return ok(c, toJob(findJob(db, zone.id, readJobId(c))))
  })

  /** Fields sent replace the job's; dataset and kind are fixed at creation. */
  table.put('/zones/:zone_id/logpush/jobs/:job_id', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = findJob(db, zone.id, readJobId(c))
    const raw = (await readJson(c)) as Record<string, unknown>
    if (raw && typeof raw === 'object') {
      if ('dataset' in raw && raw.dataset !== row.dataset) throw badRequest(1004, `The dataset of a job cannot change (it is ${row.dataset}); create a new job instead.`, '/dataset')
      if ('kind' in raw && (raw.kind ?? '') !== row.kind) throw badRequest(1004, 'The kind of a job is set when it is created and cannot change.', '/kind')
    }
    const body = validate(logpushJobUpdateSchema, raw)
    checkFieldNames(row.dataset, body.output_options?.field_names)
    const current = jobValues(row)
    if (body.destination_conf !== undefined && body.destination_conf !== row.destination_conf) {
      requireOwnership(db, zone.id, body.destination_conf, body.ownership_challenge, now())
    }
    const { ownership_challenge: _challenge, ...changes } = body // write-only, never stored
    const next = { ...current }
    for (const [k, v] of Object.entries(changes)) if (v !== undefined) (next as Record<string, unknown>)[k] = v
    return ok(c, toJob(updateJob(db, row, next)))
  })

  table.delete('/zones/:zone_id/logpush/jobs/:job_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = findJob(db, zone.id, readJobId(c))
    db.prepare('DELETE FROM logpush_jobs WHERE id = ?').run(row.id)
    return ok(c, { id: row.id })
  })

  table.post('/zones/:zone_id/logpush/ownership', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const { destination_conf } = validate(ownershipRequestSchema, await readJson(c))
    const token = issueChallenge(db, zone.id, destination_conf, now())
    const filename = challengeFilename(destination_conf)
    // The real service writes the token into `filename` at the destination and answers an empty
    // message. The sandbox has no bucket to write to, so it says so and hands the token over here.
    const note = destinationNeedsOwnership(destination_conf) ? '' : ' This destination does not need an ownership challenge.'
    // The token stands alone on the last line, so copying it never picks up punctuation.
    return ok(c, { filename, message: `Sandbox: no file was written (there is no real storage).${note} The file would hold this token:\n${token}`, valid: true })
  })

  table.post('/zones/:zone_id/logpush/ownership/validate', async (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const body = validate(ownershipValidateSchema, await readJson(c))
    return ok(c, { valid: challengeIsValid(db, zone.id, body.destination_conf, body.ownership_challenge, now()) })
  })

  table.get('/zones/:zone_id/logpush/datasets/:dataset_id/fields', (c) => {
    requireZone(db, c.req.param('zone_id'))
    const dataset = readDataset(c)
    if (dataset !== 'http_requests') throw badRequest(1004, `The sandbox lists the fields of http_requests only, not of ${dataset}.`, '/dataset_id')
    return ok(c, HTTP_REQUESTS_FIELDS)
  })
}

/** Only API clients (/client/v4) list a dataset's jobs. */
export function registerDatasetJobs(app: Hono, { db }: EmulatorContext): void {
  const jobsOf = zoneJobs(db)

  app.get('/zones/:zone_id/logpush/datasets/:dataset_id/jobs', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    return ok(c, jobsOf(zone.id, readDataset(c)).map(toJob))
  })
}
