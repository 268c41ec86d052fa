import type { EmulatorModule } from '../module'

// Placeholder until this area is built: no tables, no routes.
export const invitesModule: EmulatorModule = {
  name: 'invites',
  schema: '',
  tables: [],
  register: () => {},
}
