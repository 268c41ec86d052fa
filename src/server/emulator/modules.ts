import type { EmulatorModule } from './module'
import { zonesModule } from './zones'
import { dnsModule } from './dns'
import { pageShieldModule } from './page-shield'
import { certificatesModule } from './certificates'
import { rulesetsModule } from './rulesets'
import { logpushModule } from './logpush'
import { firewallModule } from './firewall'
import { loadBalancingModule } from './load-balancing'
import { alertingModule } from './alerting'
import { invitesModule } from './invites'
import { userTokensModule } from './user-tokens'
import { estateModule } from './estate'

/** Every area of the sandbox, in seeding order (zones first: the others hang off them). */
export const emulatorModules: EmulatorModule[] = [
  zonesModule,
  dnsModule,
  pageShieldModule,
  certificatesModule,
  rulesetsModule,
  logpushModule,
  firewallModule,
  loadBalancingModule,
  alertingModule,
  invitesModule,
  userTokensModule,
  // Last: the agency's zones go in after every other area has seeded the demo estate.
  estateModule,
]
