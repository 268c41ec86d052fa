import { z } from 'zod'
import { parsePagePattern, parseScriptPattern } from '../page-shield/patterns'
import { nulFree } from './common'
import { lazySchema } from './lazy'

/**
 * The dashboard's own page-security settings beside the review ledger: the zone's payment pages
 * and pattern verdicts (one verdict for every script a host or URL pattern matches). The pattern
 * rules are shared/page-shield/patterns.ts; a refused pattern is a 400 pointing at `pattern`.
 */

const patternText = (parse: (s: string) => { ok: boolean; message?: string }) =>
  nulFree(z.string({ error: 'pattern is required.' }).max(1000, 'A pattern is at most 500 characters.')).superRefine((v, ctx) => {
    const p = parse(v)
    if (!p.ok) ctx.addIssue({ code: 'custom', message: p.message ?? 'This pattern is not valid.' })
  })

export const paymentPageInputSchema = lazySchema(() => z.object({ pattern: patternText(parsePagePattern) }))
export type PaymentPageInput = z.infer<typeof paymentPageInputSchema>

export const paymentPageSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    pattern: z.string(),
    created_by: z.string(),
    created_at: z.string(),
  }),
)
export type PaymentPage = z.infer<typeof paymentPageSchema>

/** `expires_at`: a date (YYYY-MM-DD, the end of that day in UTC) or a full ISO time; none: until removed. */
export const patternVerdictInputSchema = lazySchema(() =>
  z.object({
    pattern: patternText(parseScriptPattern),
    justification: nulFree(
      z
        .string({ error: 'justification is required.' })
        .trim()
        .min(1, 'Write why every script this pattern matches is authorised (the vendor, what it does on these pages).')
        .max(2000, 'The justification is at most 2000 characters.'),
    ),
    expires_at: z
      .string()
      .trim()
      .refine(
        (v) =>
          v === '' ||
          (/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(v) && !Number.isNaN(Date.parse(v.length === 10 ? `${v}T23:59:59.999Z` : v))),
        {
          error: 'Give the expiry as a date (YYYY-MM-DD), or leave it empty for none.',
        },
      )
      .nullable()
      .optional(),
  }),
)
export type PatternVerdictInput = z.infer<typeof patternVerdictInputSchema>

export const patternVerdictSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    pattern: z.string(),
    verdict: z.literal('expected'),
    justification: z.string(),
    created_by: z.string(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    removed_by: z.string().nullable(),
    removed_at: z.string().nullable(),
    /** Granting now: not removed, not expired. */
    active: z.boolean(),
    /** Scripts whose current verdict is this pattern's (reviewed as they are now). */
    scripts: z.number().int().optional(),
  }),
)
export type PatternVerdict = z.infer<typeof patternVerdictSchema>

/** The end of an expiry date's day (UTC) in ms, or the ISO time's; null for none. */
export const expiryMs = (v: string | null | undefined): number | null =>
  !v ? null : v.length === 10 ? Date.parse(`${v}T23:59:59.999Z`) : Date.parse(v)
