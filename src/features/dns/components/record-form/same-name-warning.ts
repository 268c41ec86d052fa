import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { api, apiPath } from '@/lib/api-client'
import { toAsciiName } from '@/shared/dns/idn'
import { toFqdn } from '@/shared/dns/names'
import { sameNameProblems, type SameNameProblem } from '@/shared/dns/same-name'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { DNS_RECORDS } from '../../api/get-dns-records'
import type { RecordControl } from './record-resolver'
import { keys } from '@/lib/query-keys'

/** Wait for a pause in typing before asking the server which records a name holds. */
const SETTLE_MS = 400

export interface SameNameWarnings {
  name?: string
  content?: string
}

/**
 * What the record would break beside the records already at its name (a second SPF or DMARC
 * record, a CNAME beside others), by the rule the change-request impact notes use: the service
 * accepts these, but mail and resolvers fail on them. Nothing while the records load or when they
 * cannot be read: saving still works, and the server refuses what it refuses.
 */
export function useSameNameWarnings(control: RecordControl, zoneId: string, zoneName: string, recordId?: string): SameNameWarnings {
  const type = useWatch({ control, name: 'type' })
  const name = useWatch({ control, name: 'name' }) ?? ''
  const content = useWatch({ control, name: 'content' })
  const typed = name.trim() ? toFqdn(toAsciiName(name), zoneName) : undefined
  const [fqdn, setFqdn] = useState(typed)
  useEffect(() => {
    const t = window.setTimeout(() => setFqdn(typed), SETTLE_MS)
    return () => window.clearTimeout(t)
  }, [typed])
  const q = useQuery({
    // Under the zone's records key, so a save anywhere in the zone refreshes it.
    queryKey: keys.dnsRecords.sameName(zoneId, fqdn),
    queryFn: ({ signal }) => api.list<DnsRecord>(apiPath(DNS_RECORDS, { zone_id: zoneId }), { params: { name: fqdn, per_page: 100 }, signal }),
    enabled: fqdn !== undefined && fqdn === typed,
    staleTime: 30_000,
  })
  if (!q.data || !typed || fqdn !== typed) return {}
  const problems = sameNameProblems(q.data.result, { id: recordId, type, name: typed, content })
  const at = (field: SameNameProblem['field']) => problems.filter((p) => p.field === field).map((p) => p.text).join(' ') || undefined
  return { name: at('name'), content: at('content') }
}
