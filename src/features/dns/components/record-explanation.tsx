import type { DnsRecord } from '@/shared/schemas/dns-record'
import { explainRecord } from '../lib/explain-record'

/** A record in plain words (loaded when someone first asks for an explanation). */
export function RecordExplanation({ record, lowestMxPriority }: { record: DnsRecord; lowestMxPriority: number | undefined }) {
  return <>{explainRecord(record, { lowestMxPriority })}</>
}
