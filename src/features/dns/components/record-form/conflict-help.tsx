import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { api, type ApiErrorItem, apiPath } from '@/lib/api-client'
import { relativeName, toFqdn } from '@/shared/dns/names'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { DNS_RECORDS } from '../../api/get-dns-records'
import { keys } from '@/lib/query-keys'

/** Refusals caused by another record at the same name (CNAME beside others, NS delegation, duplicates). */
const CONFLICT_CODES = new Set([81053, 81054, 81055, 81056, 81057, 81058])

export const isNameConflict = (errors: readonly ApiErrorItem[]) => errors.some((e) => CONFLICT_CODES.has(e.code))

/**
 * After a refusal because of another record at the same name: the records already there, each with
 * "Edit the existing … record", so the person can change that one instead of adding a second.
 */
export function ConflictHelp({
  zoneId,
  zoneName,
  name,
  errors,
  onEdit,
}: {
  zoneId: string
  zoneName: string
  name: string
  errors: readonly ApiErrorItem[]
  onEdit: (record: DnsRecord) => void
}) {
  const fqdn = toFqdn(name, zoneName)
  const conflict = isNameConflict(errors) && fqdn !== undefined
  const q = useQuery({
    queryKey: keys.dnsRecords.atName(zoneId, fqdn),
    queryFn: ({ signal }) =>
      api.list<DnsRecord>(apiPath(DNS_RECORDS, { zone_id: zoneId }), { params: { name: fqdn, per_page: 20 }, signal }),
    enabled: conflict,
  })
  const existing = q.data?.result ?? []
  if (!conflict || existing.length === 0) return null
  const short = relativeName(fqdn, zoneName)
  return (
    <div
      role="note"
      aria-label="Records already there"
      className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700"
    >
      <p className="text-zinc-800 dark:text-zinc-200">
        Already at <span className="font-mono">{fqdn}</span>: change that record instead of adding another, or pick another name.
      </p>
      <ul className="mt-2 space-y-2">
        {existing.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs break-all text-zinc-700 dark:text-zinc-300">
              {r.type} → {r.content}
            </span>
            <Button size="sm" onClick={() => onEdit(r)}>
              {existing.length === 1 ? `Edit the existing ${short} record` : `Edit the existing ${r.type} record ${short}`}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
