import { z } from 'zod'
import { lazySchema } from './lazy'

/**
 * A free-text field the dashboard stores (a title, a note, a name): without the NUL character, which
 * PostgreSQL's text cannot hold (SQLite's can), so it is refused at the field rather than failing the write.
 */
export const nulFree = <T extends z.ZodString>(field: T): T =>
  field.refine((v) => !v.includes('\u0000'), { error: 'Must not contain a NUL character (U+0000).' })

/** 32 lowercase hexadecimal characters: the id format of zones, records and most resources. */
export const hexIdSchema = lazySchema(() => z.string().regex(/^[0-9a-f]{32}$/, 'Must be a 32-character hexadecimal identifier.'))

export const apiMessageSchema = lazySchema(() =>
  z.object({
    code: z.number().int(),
    message: z.string(),
    documentation_url: z.string().optional(),
    source: z.object({ pointer: z.string() }).optional(),
  }),
)
export type ApiMessage = z.infer<typeof apiMessageSchema>

export const resultInfoSchema = lazySchema(() =>
  z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    count: z.number().int(),
    total_count: z.number().int(),
    total_pages: z.number().int(),
  }),
)
export type ResultInfo = z.infer<typeof resultInfoSchema>

export interface ApiEnvelope<T> {
  success: boolean
  errors: ApiMessage[]
  messages: ApiMessage[]
  result: T | null
  result_info?: ResultInfo
}

interface IssueLike {
  path: PropertyKey[]
  message: string
  params?: Record<string, unknown>
}

/** JSON pointer ("/data/port") for a zod issue path. */
export function issuePointer(path: PropertyKey[]): string {
  return '/' + path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
}

/**
 * Turns zod issues into API error objects: one per bad field, with the field's JSON pointer.
 * A rule can carry its own API error code in the issue params (`params: { code: 9005 }`).
 */
export function apiErrorsFromIssues(issues: readonly IssueLike[], defaultCode: number): ApiMessage[] {
  const seen = new Set<string>()
  const errors: ApiMessage[] = []
  for (const issue of issues) {
    const pointer = issuePointer(issue.path)
    const key = pointer + '|' + issue.message
    if (seen.has(key)) continue
    seen.add(key)
    const code = typeof issue.params?.code === 'number' ? issue.params.code : defaultCode
    errors.push({ code, message: issue.message, source: { pointer } })
  }
  return errors
}
