import { formatNumber, plural } from '@/lib/format'
import type { DnsImportResult } from '@/shared/schemas/dns-record'

/**
 * One sentence for the result. Lines the parser could not read are refused without being counted
 * as records, so the total is never smaller than what was added plus what was refused.
 */
export function importHeadline(result: DnsImportResult): string {
  const refused = result.refused?.length ?? 0
  const total = Math.max(result.total_records_parsed, result.recs_added + refused)
  if (total === 0) return 'The file has no records to import. A BIND zone file has lines such as www 3600 IN A 192.0.2.1.'
  return `Added ${formatNumber(result.recs_added)} of ${plural(total, 'record')} in the file${refused > 0 ? `; ${formatNumber(refused)} refused` : ''}.`
}
