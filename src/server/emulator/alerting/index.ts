import type { EmulatorModule } from '../module'
import { policyHandlers, registerPolicyUpdate } from './policies-routes'
import { seedAlerting } from './seed'
import { ALERTING_SCHEMA } from './store'

/** Notification policies of an account (alerting v3): list, create, get, update, delete. */
export const alertingModule: EmulatorModule = {
  name: 'alerting',
  schema: ALERTING_SCHEMA,
  tables: ['alerting_policies'],
  seed: seedAlerting,
  handlers: policyHandlers,
  // Only API clients (/client/v4) update a policy.
  register: registerPolicyUpdate,
}
