/* The practice sandbox and the newcomer checklist as server and browser share them (no zod: the shell imports it). */

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
}

export const CHECKLIST_TASKS: readonly ChecklistTask[] = [
  {
    id: 'find-records',
    title: "Find a zone's DNS records",
    how: 'Open Zones, choose a zone (example.com in the demo data) and open its DNS records: the names, types and values visitors are sent to.',
    place: 'dns',
    linkLabel: 'Open DNS records',
  },
  {
    id: 'add-record',
    title: 'Add a record',
    how: 'On the DNS records page, press "Add record", choose a type (A is an IPv4 address), give it a name such as "practice" and an address such as 192.0.2.10, and save it.',
    place: 'dns',
    linkLabel: 'Add a record',
  },
  {
    id: 'read-refusal',
    title: 'Read why a record was refused',
    how: 'Try a record the API refuses, for example an A record named "status" (a CNAME already has that name), and read the message in the form: it names the rule and what to do instead.',
    place: 'dns',
    linkLabel: 'Try a refused record',
  },
  {
    id: 'review-script',
    title: 'Review a detected script',
    how: 'Under Page security → Scripts, open a script the site loads and record your verdict (for example "Expected") in its review panel.',
    place: 'scripts',
    linkLabel: 'Open detected scripts',
  },
  {
    id: 'accept-invite',
    title: 'Accept an invite',
    how: 'On Invites, accept one of the pending invitations to join another account.',
    place: 'invites',
    linkLabel: 'Open invites',
  },
  {
    id: 'undo-change',
    title: 'Undo a change',
    how: 'Change or delete something (a DNS record is easiest), then press "Undo" in the message that appears, or open the change in the Audit log and undo it there.',
    place: 'audit',
    linkLabel: 'Open the audit log',
  },
]

/** GET /api/local/practice: the session's mode, whether practice is offered, and the checklist. */
export interface PracticeView {
  /** `practice`: this session works in the person's own practice sandbox (live mode only). */
  mode: 'live' | 'practice' | 'sandbox'
  /** The switch to practice exists (live mode). */
  available: boolean
  /** The demo zone (example.com) of the practice data, for the checklist's links. */
  demoZoneId: string
  checklist: { id: ChecklistTaskId; done: boolean; doneAt: string | null }[]
}

export { PRACTICE_BANNER_TEXT } from './practice-banner'
