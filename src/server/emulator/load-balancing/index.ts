import type { EmulatorModule } from '../module'
import { registerPoolWriteRoutes } from './pool-write-routes'
import { registerPoolRoutes } from './pools-routes'
import { seedLoadBalancing } from './seed'
import { LB_SCHEMA } from './store'

/** Account load-balancer pools: the list, one by one, and the bulk clearing of the legacy e-mail. */
export const loadBalancingModule: EmulatorModule = {
  name: 'load-balancing',
  schema: LB_SCHEMA,
  tables: ['lb_pools'],
  seed: seedLoadBalancing,
  register: (app, ctx) => {
    registerPoolRoutes(app, ctx)
    registerPoolWriteRoutes(app, ctx)
  },
}
