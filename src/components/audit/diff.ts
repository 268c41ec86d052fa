/** One changed field: its dotted path and the value on each side (undefined: absent). */
export interface FieldChange {
  field: string
  before: unknown
  after: unknown
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Flattens nested objects to dotted paths; arrays of plain values stay whole ("tags"), others get indexes. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isObject(value)) {
    const entries = Object.entries(value)
    if (!entries.length && prefix) out.set(prefix, value)
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out)
  } else if (Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object')) {
    value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out))
    if (!value.length) out.set(prefix, value)
  } else if (prefix) out.set(prefix, value)
}

/** Fields that change on every write and say nothing about the change itself. */
const NOISE = /(^|\.)(modified_on|created_on|last_updated|version)$/

/**
 * Field-by-field differences between two states (either may be null: created or deleted), in the
 * order the fields first appear; timestamps the API sets itself are left out.
 */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, unknown>()
  const b = new Map<string, unknown>()
  flatten(before ?? {}, '', a)
  flatten(after ?? {}, '', b)
  const fields = [...new Set([...a.keys(), ...b.keys()])].filter((f) => !NOISE.test(f))
  return fields
    .filter((f) => JSON.stringify(a.get(f)) !== JSON.stringify(b.get(f)))
    .map((field) => ({ field, before: a.get(field), after: b.get(field) }))
}

/** A value as one line of text for the diff table. */
export function showValue(v: unknown): string {
  if (v === undefined) return '—'
  if (typeof v === 'string') return v === '' ? '(empty)' : v
  return JSON.stringify(v)
}

/** How a kind of object names its fields and shows their values (a DNS record's: "TTL", "Auto"). */
export interface FieldWords {
  field: (field: string) => string
  value: (field: string, v: unknown) => string
}

/** The API's own field names and values, as they are. */
export const RAW_WORDS: FieldWords = { field: (f) => f, value: (_f, v) => showValue(v) }
