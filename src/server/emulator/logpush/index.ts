import type { EmulatorModule } from '../module'

// Placeholder until this area is built: no tables, no routes.
export const logpushModule: EmulatorModule = {
  name: 'logpush',
  schema: '',
  tables: [],
  register: () => {},
}
