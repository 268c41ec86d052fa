import type { EmulatorModule } from '../module'

// Placeholder until this area is built: no tables, no routes.
export const rulesetsModule: EmulatorModule = {
  name: 'rulesets',
  schema: '',
  tables: [],
  register: () => {},
}
