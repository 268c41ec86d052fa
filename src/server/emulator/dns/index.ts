import type { EmulatorModule } from '../module'
import { registerDnsRoutes } from './routes'
import { dnsSchema, migrateDns } from './schema'
import { seedDns } from './seed'

export const dnsModule: EmulatorModule = {
  name: 'dns',
  schema: dnsSchema,
  tables: ['dns_record_tags', 'dns_records'],
  seed: (ctx) => {
    migrateDns(ctx.db)
    seedDns(ctx)
  },
  register: (app, ctx) => {
    migrateDns(ctx.db)
    registerDnsRoutes(app, ctx)
  },
}
