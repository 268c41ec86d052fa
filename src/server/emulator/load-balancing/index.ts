import type { EmulatorModule } from '../module'
import { registerPolicyRoutes } from './policies-routes'
import { registerPoolWriteRoutes } from './pool-write-routes'
import { registerPoolRoutes } from './pools-routes'
import { seedLoadBalancing } from './seed'
import { LB_SCHEMA } from './store'

/** Account load-balancer pools (legacy e-mail and its bulk clearing) and the notification policies replacing it. */
export const loadBalancingModule: EmulatorModule = {
  name: 'load-balancing',
  schema: LB_SCHEMA,
  tables: ['alerting_policies', 'lb_pools'],
  seed: seedLoadBalancing,
  register: (app, ctx) => {
    registerPoolRoutes(app, ctx)
    registerPoolWriteRoutes(app, ctx)
    registerPolicyRoutes(app, ctx)
  },
}
