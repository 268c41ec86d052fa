import { useMemo } from 'react'
import { useFormState, useWatch } from 'react-hook-form'
import { normaliseRecordInput } from '@/shared/dns/normalise'
import { bothNameForms } from '@/shared/dns/idn'
import { formatTtl } from '@/shared/dns/record-types'
import { normaliseTxtContent, typographicQuotesFix } from '@/shared/dns/txt'
import { dnsRecordInputSchemas, type DnsRecordInput } from '@/shared/schemas/dns-record'
import { explainRecord } from '../../lib/explain-record'
import { toRecordInput, type RecordFormValues } from '../../lib/record-form-values'
import type { RecordControl } from './record-resolver'

/** What changed between what was typed and what will be saved, in words. */
function txtNote(typed: string, saved: string): string | undefined {
  if (saved === typed.trim()) return undefined
  if (typographicQuotesFix(typed) !== undefined)
    return 'Plain quotes were added around the text: the typographic quotes you typed stay inside it, as part of the value.'
  const strings = (saved.match(/"(?:\\.|[^"\\])*"/g) ?? []).length
  if (!typed.includes('"')) return strings > 1 ? `Quotes were added, and the text was split into ${strings} strings of at most 255 characters.` : 'Quotes were added around the text.'
  return strings > 1 ? `Saved as ${strings} quoted strings.` : undefined
}

/** The value the form holds at an issue's path (`name`, `content`, `data.port`…). */
function valueAt(values: RecordFormValues, path: PropertyKey[]): unknown {
  const [head, key] = path
  if (head === 'data' && typeof key === 'string') return values.data[key]
  return typeof head === 'string' ? (values as unknown as Record<string, unknown>)[head] : undefined
}
const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null)
/** Whether the person has left the field at `path` at least once (react-hook-form's touched fields). */
function leftField(touched: Record<string, unknown>, path: PropertyKey[]): boolean {
  let at: unknown = touched
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return false
    at = (at as Record<PropertyKey, unknown>)[key]
  }
  return at === true
}

/**
 * "As it will be saved": the record after the service's own clean-up (full name, TXT quoting,
 * short IPv6 form, content built from the data fields, TTL Auto when proxied), with its plain-words
 * explanation. Updates while typing; it never blocks saving.
 */
export function RecordPreview({ control, zoneName }: { control: RecordControl; zoneName: string }) {
  const values = useWatch({ control }) as RecordFormValues
  const { touchedFields } = useFormState({ control })
  // react-hook-form may update touched fields in place: a key of their content notices a blur.
  const touchedKey = JSON.stringify(touchedFields)
  const touched = useMemo(() => JSON.parse(touchedKey) as Record<string, unknown>, [touchedKey])
  const view = useMemo(() => {
    const type = values.type
    const parsed = dnsRecordInputSchemas[type].safeParse(toRecordInput(values))
    if (!parsed.success) {
      const txt = type === 'TXT' && values.content ? normaliseTxtContent(values.content) : undefined
      if (txt && !txt.ok) return { problem: txt.message }
      // A field filled in and left that breaks a rule says which rule, rather than "fill in the fields".
      const broken = parsed.error.issues.find((i) => filled(valueAt(values, i.path)) && leftField(touched, i.path))
      return { problem: broken?.message }
    }
    const saved = normaliseRecordInput(parsed.data as DnsRecordInput, zoneName)
    return {
      saved,
      note: type === 'TXT' ? txtNote(values.content, saved.content) : type === 'AAAA' && saved.content !== values.content.trim() ? 'Written in its shortest standard form.' : undefined,
      sentence: explainRecord(saved),
    }
  }, [values, zoneName, touched])

  return (
    <section aria-labelledby="record-preview-title" aria-live="polite" className="rounded-md border border-zinc-200 bg-zinc-50 p-3 text-sm dark:border-zinc-700 dark:bg-zinc-800/60">
      <h3 id="record-preview-title" className="font-semibold text-zinc-900 dark:text-zinc-100">
        As it will be saved
      </h3>
      {view.saved ? (
        <>
          <p className="mt-1 font-mono wrap-anywhere text-zinc-900 dark:text-zinc-100">
            {bothNameForms(view.saved.name)} {formatTtl(view.saved.ttl)} {view.saved.type} {view.saved.priority !== undefined && view.saved.type !== 'SRV' ? `${view.saved.priority} ` : ''}
            {view.saved.content}
          </p>
          {view.note && <p className="mt-1 text-zinc-700 dark:text-zinc-300">{view.note}</p>}
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">{view.sentence}</p>
        </>
      ) : view.problem ? (
        <p className="mt-1 font-medium text-red-700 dark:text-red-400">{view.problem}</p>
      ) : (
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">Fill in the fields above to see the record as it will be saved.</p>
      )}
    </section>
  )
}
