import type { EmulatorModule } from '../module'
import { dnsHandlers } from './routes'
import { DNS_SCAN_SCHEMA, dnsScanHandlers, registerDnsOneStepScan } from './scan'
import { dnsSchema, migrateDns } from './schema'
import { seedDns, seedDnsScale } from './seed'
import { SEED_ZONES } from '../seed-ids'

export const dnsModule: EmulatorModule = {
  name: 'dns',
  schema: dnsSchema + DNS_SCAN_SCHEMA,
  tables: ['dns_scan_results', 'dns_record_tags', 'dns_records'],
  seed: (ctx) => {
    migrateDns(ctx.db)
    seedDns(ctx)
  },
  scale: { zoneIds: [SEED_ZONES.large.id], seed: seedDnsScale },
  // Only API clients (/client/v4) use the older one-step scan; the dashboard's scan is in the table.
  register: (app, ctx) => {
    migrateDns(ctx.db)
    registerDnsOneStepScan(app, ctx)
  },
  handlers: (table, ctx) => {
    table.add(dnsHandlers(ctx))
    dnsScanHandlers(table, ctx)
  },
}
