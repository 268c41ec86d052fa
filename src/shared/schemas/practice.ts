import { z } from 'zod'
import { CHECKLIST_TASK_IDS } from '../practice'
import { lazySchema } from './lazy'

/**
 * GET /api/local/practice: the session's mode, whether practice is offered, and the checklist.
 * The type is derived from the schema (src/shared/practice.ts re-exports it, type only), and
 * src/server/local/results.test.ts parses the answer with it.
 */
export const practiceViewSchema = lazySchema(() =>
  z.object({
    /** `practice`: this session works in the person's own practice copy (live or sandbox mode). */
    mode: z.enum(['live', 'practice', 'sandbox']),
    /** The switch to practice exists (live and sandbox mode alike). */
    available: z.boolean(),
    /** The demo zone (example.com) of the practice data, for the checklist's links. */
    demoZoneId: z.string(),
    checklist: z.array(
      z.object({
        id: z.enum(CHECKLIST_TASK_IDS),
        done: z.boolean(),
        doneAt: z.string().nullable(),
        /** The person's role allows the task here (always, in practice). */
        allowed: z.boolean(),
        /** Why not, in plain words, with the way out (proposing, practice); null when allowed. */
        reason: z.string().nullable(),
        /** Not allowed directly, but the person may propose it (offered instead of "not allowed"). */
        proposeInstead: z.boolean(),
      }),
    ),
  }),
)
export type PracticeView = z.infer<typeof practiceViewSchema>
