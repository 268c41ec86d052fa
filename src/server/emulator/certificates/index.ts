import type { EmulatorModule } from '../module'

// Placeholder until this area is built: no tables, no routes.
export const certificatesModule: EmulatorModule = {
  name: 'certificates',
  schema: '',
  tables: [],
  register: () => {},
}
