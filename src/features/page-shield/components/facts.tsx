import type { ReactNode } from 'react'
import { TruncatedText } from '@/components/ui/truncated-text'

export interface Fact {
  label: string
  value: ReactNode
  /** One sentence under the value. */
  help?: string
}

/** A definition list of the fields of one item. */
export function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
      {items.map((f) => (
        <div key={f.label} className="contents">
          <dt className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{f.label}</dt>
          <dd className="min-w-0 text-sm text-zinc-900 dark:text-zinc-100">
            {f.value}
            {f.help && <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{f.help}</p>}
          </dd>
        </div>
      ))}
    </dl>
  )
}

export const yesNo = (v: boolean | undefined | null) => (v === undefined || v === null ? '—' : v ? 'Yes' : 'No')

/** Page URLs as the monitoring reported them: text only (they come from visitors' browsers). */
export function PageUrlList({ urls }: { urls: string[] | undefined }) {
  if (!urls?.length) return <span className="text-zinc-500">None reported</span>
  return (
    <ul className="space-y-1">
      {urls.map((u) => (
        <li key={u}>
          <TruncatedText value={u} max={90} mono />
        </li>
      ))}
    </ul>
  )
}
