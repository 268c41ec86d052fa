import type { EmulatorModule } from '../module'
import { dnsHandlers } from './routes'
import { DNS_SCAN_SCHEMA, registerDnsScanRoutes } from './scan'
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
  // The zone scan (/client/v4 only: the dashboard does not use it) before the table's handlers.
  register: (app, ctx) => {
    migrateDns(ctx.db)
    registerDnsScanRoutes(app, ctx)
  },
  handlers: (table, ctx) => table.add(dnsHandlers(ctx)),
}
