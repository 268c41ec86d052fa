import type { ChecklistTaskId } from '../../shared/practice'
import { PROXY_CODES } from '../http/envelope'

/** What the checklist looks at: one request and the answer it got. */
export interface SeenRequest {
  method: string
  /** The full path below the server root (`/api/v4/zones/…`, `/api/local/…`), no trailing slash. */
  path: string
  status: number
  /** The answer's JSON (null when it was none). */
  answer: { success?: boolean; result?: unknown; errors?: { code?: unknown }[] } | null
}

const ZONE = '[0-9a-f]{32}'
const RECORDS = new RegExp(`^/api/v4/zones/${ZONE}/dns_records$`)
const RECORD_WRITE = new RegExp(`^/api/v4/zones/${ZONE}/dns_records(/[0-9a-f]{32})?$`)
const REVIEWS = new RegExp(`^/api/local/zones/${ZONE}/page-shield/reviews$`)
const INVITE = /^\/api\/v4\/user\/invites\/[\w-]+$/
const UNDO = /^\/api\/local\/audit\/\d+\/undo$/
const FILE_REQUEST = '/api/local/change-requests'
/** The dashboard's own refusals (sign-in, role, scope, the write guard), not the API's rules. */
const DASHBOARD_CODES = new Set<number>([PROXY_CODES.signIn, PROXY_CODES.refused])

/** Whether the paths of a request could tick a task (the answer is read only for these). */
export const mightTick = (method: string, path: string) =>
  (method === 'GET' && RECORDS.test(path)) ||
  (method !== 'GET' && (RECORD_WRITE.test(path) || REVIEWS.test(path) || INVITE.test(path) || UNDO.test(path) || path === FILE_REQUEST))

const ok = (s: SeenRequest) => s.status >= 200 && s.status < 300 && s.answer?.success !== false

/**
 * The task a request shows done, from the request and its real answer (never from a click):
 * - find a zone's DNS records: the record list of a zone was read;
 * - add a record: a record was created;
 * - read why a record was refused: a record write was refused by the API's rules, and the answer
 *   with its errors went back to the page (which shows them in the form);
 * - review a detected script: a verdict went into the review ledger;
 * - accept an invite: an invite was answered "accepted";
 * - undo a change: an undo succeeded;
 * - propose a change: a change request was filed (sent for approval).
 */
export function taskDone(s: SeenRequest): ChecklistTaskId | undefined {
  const { method, path } = s
  if (method === 'GET') return RECORDS.test(path) && ok(s) ? 'find-records' : undefined
  if (RECORD_WRITE.test(path)) {
    if (method === 'POST' && RECORDS.test(path) && ok(s)) return 'add-record'
    const codes = (s.answer?.errors ?? []).map((e) => Number(e.code))
    // Not the practice copy's own limits either (its quota, 413, and the write rate, 429).
    const refused =
      s.status >= 400 && s.status < 500 && s.status !== 413 && s.status !== 429 && codes.length > 0 && !codes.some((c) => DASHBOARD_CODES.has(c))
    return method !== 'DELETE' && refused ? 'read-refusal' : undefined
  }
  if (method === 'POST' && REVIEWS.test(path) && ok(s)) return 'review-script'
  if (method === 'PATCH' && INVITE.test(path) && ok(s)) {
    return (s.answer?.result as { status?: unknown } | null)?.status === 'accepted' ? 'accept-invite' : undefined
  }
  if (method === 'POST' && UNDO.test(path) && ok(s)) return 'undo-change'
  if (method === 'POST' && path === FILE_REQUEST && ok(s)) return 'propose-change'
  return undefined
}
