import type { AnyField } from '@/shared/lists/query'
import type { FilterSpec } from './features'

/** What the filter bar shows for a filter; the key, its kind and its choices come from the list's query. */
export interface FilterWords {
  label: string
  placeholder?: string
  /** The "no filter" entry of a choice. */
  allLabel?: string
  /** Words for choices (absent: the value itself). */
  optionLabels?: Readonly<Record<string, string>>
  /** The choices offered, when the query takes free text (the audit log's actions) or only some are offered. */
  options?: readonly string[]
  trueLabel?: string
  falseLabel?: string
}

/**
 * A column's `meta.filter` for one of a list page's filters (src/shared/lists/page.ts): text for a
 * text field, a choice of the field's values, yes/no for a boolean. A key the page does not offer
 * does not type-check, so a filter is declared once, in the list's query.
 */
export function listFilter<K extends string>(
  page: { readonly query: { readonly fields: Readonly<Record<K, AnyField>> }; readonly filters: readonly K[] },
  key: NoInfer<K>,
  words: FilterWords,
): FilterSpec {
  const field = page.query.fields[key]
  const choices = words.options ?? field.values
  if (field.kind === 'boolean') {
    return {
      kind: 'boolean',
      key,
      label: words.label,
      trueLabel: words.trueLabel ?? 'Yes',
      falseLabel: words.falseLabel ?? 'No',
      allLabel: words.allLabel,
    }
  }
  if (choices) {
    return {
      kind: 'select',
      key,
      label: words.label,
      allLabel: words.allLabel,
      options: choices.map((v) => ({ value: v, label: words.optionLabels?.[v] ?? v })),
    }
  }
  return { kind: 'text', key, label: words.label, placeholder: words.placeholder }
}
