import type { EmulatorModule } from '../module'

// Placeholder until this area is built: no tables, no routes.
export const loadBalancingModule: EmulatorModule = {
  name: 'load-balancing',
  schema: '',
  tables: [],
  register: () => {},
}
