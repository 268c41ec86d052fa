import { z } from 'zod'
import { lazySchema } from './lazy'

/** The sections of the Attention page, in the order it shows them. */
const ATTENTION_SECTIONS = [
  'certificates',
  'scripts',
  'change_requests',
  'watch_alerts',
  'log_jobs',
  'pools',
  'credentials',
  'budget',
] as const

/** One thing that needs attention, and where it is fixed (a path of the dashboard). */
const attentionItemSchema = lazySchema(() =>
  z.object({
    title: z.string(),
    detail: z.string(),
    zone_name: z.string().nullable(),
    link: z.string(),
  }),
)
export type AttentionItem = z.infer<typeof attentionItemSchema>

const attentionSectionSchema = lazySchema(() =>
  z.object({
    key: z.enum(ATTENTION_SECTIONS),
    label: z.string(),
    items: z.array(attentionItemSchema),
    /** What the section covered, in words ("certificates checked in 20 of 20,005 zones; …"): a partial answer says so. */
    coverage: z.string(),
    /** False when only part of the person's scope was read. */
    complete: z.boolean(),
  }),
)
export type AttentionSection = z.infer<typeof attentionSectionSchema>

export const attentionAnswerSchema = lazySchema(() =>
  z.object({
    sections: z.array(attentionSectionSchema),
    zones_in_scope: z.number().int(),
    zones_read: z.number().int(),
    checked_at: z.number(),
  }),
)
export type AttentionAnswer = z.infer<typeof attentionAnswerSchema>
