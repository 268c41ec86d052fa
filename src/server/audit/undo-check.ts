import { jsonError, jsonOk } from '../http/envelope'
import type { AuditEntry, UndoReservation } from '../store'
import type { Send } from '../upstream'
import { readMany } from './capture'
import { dnsInput, NotUndoable, pick, planUndo, POLICY_FIELDS, rulesetState, same, type UndoCheck, type UndoRequest } from './undo-plan'

/** The same comparable fields as the plan's `expected` (only those the undo writes), read from the object as it is now. */
function comparable(check: UndoCheck, current: unknown): Record<string, unknown> | null {
  if (current === null) return null
  if (check.fields) return pick(current, check.fields)
  const { path } = check
  if (path.includes('/dns_records/')) return dnsInput(current)
  if (path.includes('/page_shield/policies/')) return pick(current, POLICY_FIELDS)
  if (path.includes('/rulesets/')) return rulesetState(current)
  return current as Record<string, unknown>
}

/** An undo's check: what will be sent, and each object no longer as the entry left it. */
export interface UndoChecked {
  summary: string
  note: string | null
  request: UndoRequest
  conflicts: { label: string; path: string; expected: Record<string, unknown> | null; current: Record<string, unknown> | null }[]
}

/**
 * Before an undo: is every object still as the entry left it? Gives the plan (what will be sent)
 * and the conflicts, each with the expected and the current state, for the person to decide; or
 * why it cannot be undone (already undone: `taken`; not undoable: `reason`).
 */
export async function checkUndo(
  forward: Send,
  e: AuditEntry,
  taken: UndoReservation | undefined,
): Promise<{ checked: UndoChecked } | { taken: UndoReservation } | { reason: string }> {
  if (taken) return { taken }
  let plan
  try {
    plan = planUndo(e)
  } catch (err) {
    if (err instanceof NotUndoable) return { reason: err.message }
    throw err
  }
  const now = await readMany(forward, plan.checks.map((c) => c.path))
  const conflicts = plan.checks
    .map((check, i) => ({ label: check.label, path: check.path, expected: check.expected, current: comparable(check, now[i]) }))
    .filter((c) => !same(c.expected, c.current))
  return { checked: { summary: plan.summary, note: plan.note ?? null, request: plan.request, conflicts } }
}

/** The answer of a check (GET …/undo-check): the plan and its conflicts, or why not. */
export function undoCheckAnswer(check: Awaited<ReturnType<typeof checkUndo>>): Response {
  if ('taken' in check) return alreadyUndone(check.taken)
  if ('reason' in check) return jsonError(400, 10400, check.reason)
  return jsonOk(check.checked)
}

/** 409: someone undid (or is undoing) this entry; says who and when. */
export function alreadyUndone(by: UndoReservation): Response {
  const when = new Date(by.at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
  const who = `${by.personName} (${by.username})`
  const message =
    by.state === 'done'
      ? `This change was already undone by ${who} at ${when}${by.undoEntryId ? ` (entry ${by.undoEntryId})` : ''}.`
      : `${who} is undoing this change (since ${when}).`
  const body = { success: false, errors: [{ code: 10409, message }], messages: [], result: { undoneBy: { username: by.username, personName: by.personName, at: by.at, state: by.state, entryId: by.undoEntryId } } }
  return new Response(JSON.stringify(body), { status: 409, headers: { 'content-type': 'application/json' } })
}
