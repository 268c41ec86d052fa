import type { EmulatorModule } from '../module'
import { registerDnsRoutes } from './routes'
import { dnsSchema } from './schema'
import { seedDns } from './seed'

export const dnsModule: EmulatorModule = {
  name: 'dns',
  schema: dnsSchema,
  tables: ['dns_record_tags', 'dns_records'],
  seed: seedDns,
  register: registerDnsRoutes,
}
