import type { EmulatorModule } from '../module'
import { registerDnsRoutes } from './routes'
import { dnsSchema, migrateDns } from './schema'
import { seedDns, seedDnsScale } from './seed'
import { SEED_ZONES } from '../seed-ids'

export const dnsModule: EmulatorModule = {
  name: 'dns',
  schema: dnsSchema,
  tables: ['dns_record_tags', 'dns_records'],
  seed: (ctx) => {
    migrateDns(ctx.db)
    seedDns(ctx)
  },
  scale: { zoneIds: [SEED_ZONES.large.id], seed: seedDnsScale },
  register: (app, ctx) => {
    migrateDns(ctx.db)
    registerDnsRoutes(app, ctx)
  },
}
