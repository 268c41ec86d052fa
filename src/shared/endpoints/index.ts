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

export { API_AREAS, type ApiArea, type Endpoint, type HttpMethod } from './types'

/**
 * Every endpoint of the API the dashboard uses, declared once (method, path, area, query, body,
 * result). The server forwards only these (its allowlist) and checks bodies with them; the role
 * matrix reads area and writes; the conformance tests check answers against `result`.
 */
export const API_ENDPOINTS: Endpoint[] = [
  ...zonesEndpoints,
  ...dnsEndpoints,
  ...pageShieldEndpoints,
  ...certificatesEndpoints,
  ...logFieldsEndpoints,
  ...firewallEndpoints,
  ...loadBalancingEndpoints,
  ...alertingEndpoints,
  ...invitesEndpoints,
]
