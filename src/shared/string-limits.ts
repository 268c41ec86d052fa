import { issuePointer, type ApiMessage } from './schemas/common'
import { groupDigits } from './digits'

/**
 * The cap on every string in a write body, for fields without a smaller limit of their own (DNS
 * fields have theirs, see schemas/dns-text-fields.ts). The service documents no general limit; no
 * field of the API needs more, and without a cap a 10 MB name would be stored as sent.
 */
export const STRING_FIELD_MAX = 16_384

/** One error per string longer than `max` anywhere in a parsed JSON body, with its pointer. */
export function oversizedStrings(value: unknown, max = STRING_FIELD_MAX): ApiMessage[] {
  const errors: ApiMessage[] = []
  const walk = (v: unknown, path: PropertyKey[]) => {
    if (errors.length >= 20) return
    if (typeof v === 'string') {
      if (v.length > max) {
        errors.push({
          code: 1004,
          message: `Too long: a text field holds at most ${groupDigits(max)} characters (this has ${groupDigits(v.length)}).`,
          source: { pointer: issuePointer(path) },
        })
      }
    } else if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i]))
    else if (v !== null && typeof v === 'object') for (const [k, item] of Object.entries(v)) walk(item, [...path, k])
  }
  walk(value, [])
  return errors
}
