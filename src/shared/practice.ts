/* The practice sandbox and the newcomer checklist as server and browser share them (no zod: the shell imports it). */
import { hasRole, ROLE_WORDS, type AccessPerson, type AccessRole } from './access'

export const CHECKLIST_TASK_IDS = [
  'find-records',
  'add-record',
  'propose-change',
  'read-refusal',
  'review-script',
  'accept-invite',
  'undo-change',
] as const
export type ChecklistTaskId = (typeof CHECKLIST_TASK_IDS)[number]

/** Where a task is done: the page the checklist links to. */
export type ChecklistPlace = 'dns' | 'scripts' | 'invites' | 'audit'

export interface ChecklistTask {
  id: ChecklistTaskId
  title: string
  /** What to do, in plain words; the server ticks the task off when it sees it done. */
  how: string
  place: ChecklistPlace
  linkLabel: string
  /** The role the task needs outside practice (in practice every role may). */
  needs: AccessRole
  /** The task is account-wide (invites): it needs every zone, not a list. */
  allZones?: boolean
  /** Proposing: also open to a viewer or reviewer whom an administrator lets propose. */
  proposing?: boolean
  /** Someone who may propose but not write does this task by proposing it instead. */
  proposable?: boolean
  /** What the task does, for "Your role does not allow …". */
  doing: string
}

export const CHECKLIST_TASKS: readonly ChecklistTask[] = [
  {
    id: 'find-records',
    title: "Find a zone's DNS records",
    how: 'Open Zones, choose a zone (example.com in the demo data) and open its DNS records: the names, types and values visitors are sent to.',
    place: 'dns',
    linkLabel: 'Open DNS records',
    needs: 'viewer',
    doing: 'reading DNS records',
  },
  {
    id: 'add-record',
    title: 'Add a record',
    how: 'On the DNS records page, press "Add record", choose a type (A is an IPv4 address), give it a name such as "practice" and an address such as 192.0.2.10, and save it.',
    place: 'dns',
    linkLabel: 'Add a record',
    needs: 'editor',
    doing: 'adding records',
    proposable: true,
  },
  {
    id: 'propose-change',
    title: 'Propose a change',
    how: 'On a zone whose changes need approval, add or change a DNS record: "Save" becomes "Propose change" and the change waits in a request at the bottom of the page. Give the request a title and press "Send for approval". While practising, first turn on "Changes need approval" on the zone\'s overview; you then approve your own request under Change requests.',
    place: 'dns',
    linkLabel: 'Propose a record',
    needs: 'editor',
    proposing: true,
    doing: 'proposing changes',
  },
  {
    id: 'read-refusal',
    title: 'Read why a record was refused',
    how: 'Try a record the API refuses, for example an A record named "status" (a CNAME already has that name), and read the message in the form: it names the rule and what to do instead.',
    place: 'dns',
    linkLabel: 'Try a refused record',
    needs: 'editor',
    doing: 'writing records',
  },
  {
    id: 'review-script',
    title: 'Review a detected script',
    how: 'Under Page security → Scripts, open a script the site loads and record your verdict (for example "Expected") in its review panel.',
    place: 'scripts',
    linkLabel: 'Open detected scripts',
    needs: 'reviewer',
    doing: 'recording review verdicts',
  },
  {
    id: 'accept-invite',
    title: 'Accept an invite',
    how: 'On Invites, accept one of the pending invitations to join another account.',
    place: 'invites',
    linkLabel: 'Open invites',
    needs: 'admin',
    doing: "answering the account's invites",
    allZones: true,
  },
  {
    id: 'undo-change',
    title: 'Undo a change',
    how: 'Change or delete something (a DNS record is easiest), then press "Undo" in the message that appears, or open the change in the Audit log and undo it there.',
    place: 'audit',
    linkLabel: 'Open the audit log',
    needs: 'editor',
    doing: 'changing records (and so undoing a change)',
  },
]

/** What the checklist says of a task for one person outside practice. */
export interface TaskAccess {
  /** The person may do the task here as written. */
  allowed: boolean
  /** Why not, or how they do it instead, in plain words; null when allowed. */
  reason: string | null
  /** They may not do it directly but may propose it (the change waits for an approver). */
  proposeInstead: boolean
}

/**
 * Whether this person may do `task` outside practice (their role, the "may propose" switch an
 * administrator sets, a zone list for an account-wide task), and if not, why and what they may do
 * instead: propose it, or practise it in their own copy.
 */
export function taskAccess(task: ChecklistTask, person: AccessPerson, mayPropose: boolean): TaskAccess {
  const role = ROLE_WORDS[person.role]
  if (task.proposing) {
    if (hasRole(person.role, task.needs) || mayPropose) return { allowed: true, reason: null, proposeInstead: false }
    return {
      allowed: false,
      reason: `Your role (${role}) does not allow ${task.doing} here: it needs ${ROLE_WORDS[task.needs]}, or the "may propose" switch an administrator sets for you. Practise it in your own copy, where every role may.`,
      proposeInstead: false,
    }
  }
  if (!hasRole(person.role, task.needs)) {
    if (task.proposable && mayPropose)
      return {
        allowed: false,
        reason: `Your role (${role}) does not allow ${task.doing} directly, but you may propose them: on a zone whose changes need approval, "Add record" adds yours to a change request, and an approver applies it (see "Propose a change"). Practise adding directly in your own copy, where every role may.`,
        proposeInstead: true,
      }
    return {
      allowed: false,
      reason: `Your role (${role}) does not allow ${task.doing} here: it needs ${ROLE_WORDS[task.needs]}. Practise it in your own copy, where every role may.`,
      proposeInstead: false,
    }
  }
  if (task.allZones && person.zones !== '*')
    return {
      allowed: false,
      reason: 'Invites belong to the whole account, and your access is limited to some zones. Practise it in your own copy, where every role may.',
      proposeInstead: false,
    }
  return { allowed: true, reason: null, proposeInstead: false }
}

// GET /api/local/practice's view: its type is derived from its schema (src/shared/schemas/practice.ts),
// re-exported as a type only, so the shell still loads no zod.
import type { PracticeView } from './schemas/practice'
export type { PracticeView }

export { PRACTICE_BANNER_TEXT, PRACTICE_BANNER_TEXT_SANDBOX } from './practice-banner'
