import type { EmulatorModule } from '../module'

// Placeholder until this area is built: no tables, no routes.
export const firewallModule: EmulatorModule = {
  name: 'firewall',
  schema: '',
  tables: [],
  register: () => {},
}
