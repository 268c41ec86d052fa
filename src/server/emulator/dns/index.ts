import type { EmulatorModule } from '../module'

// Placeholder until this area is built: no tables, no routes.
export const dnsModule: EmulatorModule = {
  name: 'dns',
  schema: '',
  tables: [],
  register: () => {},
}
