import { dataFromRdata, type DataFields } from '@/shared/dns/rdata'
import { isDataType } from '@/shared/dns/record-types'
import type { DnsRecord } from '@/shared/schemas/dns-record'

/** The data fields of a data-based record: from `data`, or read from its content when the API sent none. */
export function recordData(record: Pick<DnsRecord, 'type' | 'content' | 'data' | 'priority'>): DataFields {
  if (record.data) return record.data
  if (!isDataType(record.type)) return {}
  const parsed = dataFromRdata(record.type, record.content, false)
  if (!parsed.ok) return {}
  if (record.type === 'SRV' && record.priority !== undefined) parsed.data.priority = record.priority
  return parsed.data
}

export { formatDuration, parseSoa, soaContactEmail } from './soa'
