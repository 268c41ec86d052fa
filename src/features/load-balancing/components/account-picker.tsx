import { useId } from 'react'
import type { AccountRef } from '../api/get-accounts'

/** Shown when the credential sees zones of several accounts. */
export function AccountPicker({ accounts, value, onChange }: { accounts: AccountRef[]; value: string; onChange: (id: string) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        Account
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 rounded-md border border-zinc-300 bg-white px-2.5 text-sm dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100"
      >
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </div>
  )
}
