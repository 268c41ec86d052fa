import { accountsEndpoints, tokenVerifyEndpoints } from './accounts'
import { alertingEndpoints } from './alerting'
import { certificatesEndpoints } from './certificates'
import { dnsEndpoints } from './dns'
import { firewallEndpoints } from './firewall'
import { invitesEndpoints } from './invites'
import { loadBalancingEndpoints } from './load-balancing'
import { logFieldsEndpoints } from './log-fields'
import { pageShieldEndpoints } from './page-shield'
import type { Endpoint } from './types'
import { zonesEndpoints } from './zones'

export { API_AREAS, type ApiArea, type Endpoint } from './types'

/**
 * Every endpoint of the API the dashboard uses, declared once (method, path, area, query, body,
 * result, audit). The server forwards only these (its allowlist) and checks bodies with them; the role
 * matrix reads area and writes; the conformance tests check answers against `result`.
 */
const TABLE = [
  ...zonesEndpoints,
  ...dnsEndpoints,
  ...pageShieldEndpoints,
  ...certificatesEndpoints,
  ...logFieldsEndpoints,
  ...firewallEndpoints,
  ...loadBalancingEndpoints,
  ...alertingEndpoints,
  ...invitesEndpoints,
  ...accountsEndpoints,
  ...tokenVerifyEndpoints,
] as const

/** The table's own type: each entry with its literal method and path (the browser's types, ./routes). */
export type ApiTable = typeof TABLE

export const API_ENDPOINTS: readonly Endpoint[] = TABLE
