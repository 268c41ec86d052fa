/* The practice sandbox and the newcomer checklist as server and browser share them (no zod: the shell imports it). */
import { hasRole, ROLE_WORDS, type AccessPerson, type AccessRole } from './access'

export const CHECKLIST_TASK_IDS = [
  'find-records',
  'add-record',
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

/**
 * Why this person may not do `task` outside practice (their role, or a zone list for an account-wide
 * task), or null when they may: the checklist says so and offers practice instead.
 */
export function taskRefusal(task: ChecklistTask, person: AccessPerson): string | null {
  if (!hasRole(person.role, task.needs))
    return `Your role (${ROLE_WORDS[person.role]}) does not allow ${task.doing} here: it needs ${ROLE_WORDS[task.needs]}. Practise it in your own copy, where every role may.`
  if (task.allZones && person.zones !== '*')
    return 'Invites belong to the whole account, and your access is limited to some zones. Practise it in your own copy, where every role may.'
  return null
}

/** GET /api/local/practice: the session's mode, whether practice is offered, and the checklist. */
export interface PracticeView {
  /** `practice`: this session works in the person's own practice copy (live or sandbox mode). */
  mode: 'live' | 'practice' | 'sandbox'
  /** The switch to practice exists (live and sandbox mode alike). */
  available: boolean
  /** The demo zone (example.com) of the practice data, for the checklist's links. */
  demoZoneId: string
  checklist: {
    id: ChecklistTaskId
    done: boolean
    doneAt: string | null
    /** The person's role allows the task here (always, in practice). */
    allowed: boolean
    /** Why not, in plain words, with the way out (practice); null when allowed. */
    reason: string | null
  }[]
}

export { PRACTICE_BANNER_TEXT, PRACTICE_BANNER_TEXT_SANDBOX } from './practice-banner'
