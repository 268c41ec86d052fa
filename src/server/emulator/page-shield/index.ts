import type { EmulatorModule } from '../module'

// Placeholder until this area is built: no tables, no routes.
export const pageShieldModule: EmulatorModule = {
  name: 'page-shield',
  schema: '',
  tables: [],
  register: () => {},
}
