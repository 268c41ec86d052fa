import type { Context, Hono } from 'hono'
import { accountLogpushJobCreateSchema, destinationNeedsOwnership, logpushJobUpdateSchema } from '../../../shared/schemas/logpush'
import { badRequest, ok, readJson, validate } from '../http'
import { requireAccount } from '../lookup'
import type { EmulatorContext } from '../module'
import { findAccountJob, insertJob, jobValues, newJobValues, toJob, updateJob, type JobRow } from './store'

function readJobId(c: Context): number {
  const raw = c.req.param('job_id') ?? ''
  const id = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1)
    throw badRequest(1001, 'A job id is an integer of at least 1.', '/job_id')
  return id
}

/**
 * Account-level log jobs (`/accounts/:account_id/logpush/jobs`): list, create, get, update, delete.
 * They follow the zone rules: dataset and kind are fixed once created. The sandbox issues ownership
 * challenges for zones only, so a new account job can push only to destinations that need none
 * (r2, https, splunk, datadog, S3-compatible storage with its own keys); a token sent for the others
 * was never issued, and is refused as the service refuses a token it did not issue.
 */
export function registerAccountJobRoutes(app: Hono, { db }: EmulatorContext): void {
  const base = '/accounts/:account_id/logpush/jobs'

  app.get(base, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const rows = db.prepare('SELECT * FROM logpush_jobs WHERE account_id = ? ORDER BY id').all(account.id) as JobRow[]
    return ok(c, rows.map(toJob))
  })

  app.post(base, async (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const body = validate(accountLogpushJobCreateSchema, await readJson(c))
    if (destinationNeedsOwnership(body.destination_conf)) {
      throw badRequest(
        1002,
        'The ownership challenge is not valid for this destination: no challenge was issued for it to this account.',
        '/ownership_challenge',
      )
    }
    const row = insertJob(db, account.id, newJobValues(body), undefined, 'account_id')
    return ok(c, toJob(row))
  })

  app.get(`${base}/:job_id`, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    return ok(c, toJob(findAccountJob(db, account.id, readJobId(c))))
  })

  app.put(`${base}/:job_id`, async (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const row = findAccountJob(db, account.id, readJobId(c))
    const raw = (await readJson(c)) as Record<string, unknown>
    if (raw && typeof raw === 'object') {
      if ('dataset' in raw && raw.dataset !== row.dataset)
        throw badRequest(1004, `The dataset of a job cannot change (it is ${row.dataset}).`, '/dataset')
      if ('kind' in raw && (raw.kind ?? '') !== row.kind)
        throw badRequest(1004, 'The kind of a job is set when it is created and cannot change.', '/kind')
    }
    const { ownership_challenge: _challenge, ...changes } = validate(logpushJobUpdateSchema, raw)
    const next = { ...jobValues(row) }
    for (const [k, v] of Object.entries(changes)) if (v !== undefined) (next as Record<string, unknown>)[k] = v
    return ok(c, toJob(updateJob(db, row, next)))
  })

  app.delete(`${base}/:job_id`, (c) => {
    const account = requireAccount(db, c.req.param('account_id'))
    const row = findAccountJob(db, account.id, readJobId(c))
    db.prepare('DELETE FROM logpush_jobs WHERE id = ?').run(row.id)
    return ok(c, { id: row.id })
  })
}
