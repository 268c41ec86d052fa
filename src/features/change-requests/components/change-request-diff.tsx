import type { ObjectDiff } from '@/shared/schemas/change-requests'
import { ttlWords } from './ttl-words'

const value = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v))
/** A field's value as people read it: a TTL in words (1 is "Auto"), anything else as it is. */
const fieldValue = (field: string, v: unknown) => (field === 'ttl' ? (ttlWords(v) ?? value(v)) : value(v))
const KIND = { added: 'Added', changed: 'Changed', deleted: 'Deleted', rejected: 'Rejected' } as const
const KIND_TONE = {
  added: 'text-emerald-800 dark:text-emerald-300',
  changed: 'text-amber-900 dark:text-amber-300',
  deleted: 'text-red-800 dark:text-red-300',
  rejected: 'text-zinc-700 dark:text-zinc-300',
} as const

/** One block per object, in the audit log's words ("A shop.example.com"), field by field. */
export function ChangeRequestDiff({ diff }: { diff: ObjectDiff[] }) {
  return (
    <div className="space-y-4">
      {diff.map((d) => (
        <section
          key={d.position}
          aria-label={`${KIND[d.kind]}: ${d.label}`}
          className="rounded-md border border-zinc-200 dark:border-zinc-700"
        >
          <h3 className="border-b border-zinc-200 px-3 py-2 text-sm font-semibold dark:border-zinc-700">
            <span className={KIND_TONE[d.kind]}>{KIND[d.kind]}</span> <span className="font-mono wrap-anywhere">{d.label}</span>
          </h3>
          {d.kind === 'rejected' ? (
            <p className="px-3 py-2 text-sm text-zinc-700 dark:text-zinc-300">
              Taken off the scan&apos;s list of found records. The zone does not change.
            </p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="text-zinc-600 dark:text-zinc-400">
                  <th className="px-3 py-1 font-medium">Field</th>
                  <th className="px-3 py-1 font-medium">Before</th>
                  <th className="px-3 py-1 font-medium">After</th>
                </tr>
              </thead>
              <tbody>
                {d.fields.map((f) => (
                  <tr key={f.field} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="px-3 py-1">{f.field}</td>
                    <td className="px-3 py-1 font-mono wrap-anywhere">{fieldValue(f.field, f.before)}</td>
                    <td className="px-3 py-1 font-mono wrap-anywhere">{fieldValue(f.field, f.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  )
}
