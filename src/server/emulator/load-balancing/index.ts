import type { EmulatorModule } from '../module'
import { registerPoolWriteRoutes } from './pool-write-routes'
import { poolHandlers } from './pools-routes'
import { seedLoadBalancing } from './seed'
import { LB_SCHEMA } from './store'

/** Account load-balancer pools: the list, one by one, and the bulk clearing of the legacy e-mail. */
export const loadBalancingModule: EmulatorModule = {
  name: 'load-balancing',
  schema: LB_SCHEMA,
  tables: ['lb_pools'],
  seed: seedLoadBalancing,
  handlers: poolHandlers,
  // Only API clients (/client/v4) use these: create, replace, edit and delete one pool, its health, references and preview.
  register: registerPoolWriteRoutes,
}
