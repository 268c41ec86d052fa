import type { EmulatorModule } from '../module'
import { registerDnsRoutes } from './routes'
import { DNS_SCAN_SCHEMA, registerDnsScanRoutes } from './scan'
import { dnsSchema, migrateDns } from './schema'
import { seedDns } from './seed'

export const dnsModule: EmulatorModule = {
  name: 'dns',
  schema: dnsSchema + DNS_SCAN_SCHEMA,
  tables: ['dns_scan_results', 'dns_record_tags', 'dns_records'],
  seed: (ctx) => {
    migrateDns(ctx.db)
    seedDns(ctx)
  },
  register: (app, ctx) => {
    migrateDns(ctx.db)
    registerDnsScanRoutes(app, ctx)
    registerDnsRoutes(app, ctx)
  },
}
