import { diffFields, RAW_WORDS, type FieldWords } from './diff'

/**
 * A field-by-field table of what changed between two states (created: no before; deleted: no after),
 * in `words` (a DNS record's: "TTL", "Auto"; else the API's names). Values are text, never markup.
 */
export function EntryDiff({ before, after, beforeLabel = 'Before', afterLabel = 'After', caption, words = RAW_WORDS }: { before: unknown; after: unknown; beforeLabel?: string; afterLabel?: string; caption: string; words?: FieldWords }) {
  const changes = diffFields(before, after)
  if (!changes.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No field changed.</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-xs text-zinc-600 dark:text-zinc-400">
            <th scope="col" className="py-1 pr-3 font-medium">Field</th>
            <th scope="col" className="py-1 pr-3 font-medium">{beforeLabel}</th>
            <th scope="col" className="py-1 font-medium">{afterLabel}</th>
          </tr>
        </thead>
        <tbody>
          {changes.slice(0, 200).map((c) => (
            <tr key={c.field} className="border-t border-zinc-100 align-top dark:border-zinc-800">
              <th scope="row" className="py-1 pr-3 font-mono text-xs font-normal">{words.field(c.field)}</th>
              <td className="py-1 pr-3 font-mono text-xs break-all text-red-800 dark:text-red-300">
                <del className="no-underline">{words.value(c.field, c.before)}</del>
              </td>
              <td className="py-1 font-mono text-xs break-all text-emerald-800 dark:text-emerald-300">
                <ins className="no-underline">{words.value(c.field, c.after)}</ins>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {changes.length > 200 && <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">and {changes.length - 200} more fields (see the CSV export).</p>}
    </div>
  )
}
