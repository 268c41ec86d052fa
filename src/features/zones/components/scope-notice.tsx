import { useMe } from '@/lib/access'

/**
 * Tells a person whose zones an administrator chose that the list is limited on purpose,
 * so an empty or short list does not read as the account's: "You see 2 zones: your access
 * is limited to these by an administrator."
 */
export function ScopeNotice() {
  const me = useMe().data
  const zones = me?.person.zones
  if (!zones || zones === '*') return null
  const n = zones.length
  return (
    <p
      role="note"
      className="mb-4 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100"
    >
      You see {n} {n === 1 ? 'zone' : 'zones'}: your access is limited to {n === 1 ? 'this one' : 'these'} by an administrator. Ask an
      administrator of this dashboard if you need another zone.
    </p>
  )
}
