import { dnsRecordsQuery } from '../lists/dns-records'
import { querySchema } from './list-query'
import { lazySchema } from './lazy'

/**
 * Query of GET …/dns_records as the endpoint table declares it: the shared list query
 * (src/shared/lists/dns-records.ts), which the sandbox reads and the DNS page's URL derives from.
 * Write one as a query string with `dnsRecordsQuery.write(search)` (repeated keys for lists).
 */
export const dnsRecordsSearchSchema = lazySchema(() => querySchema(dnsRecordsQuery))
