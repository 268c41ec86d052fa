import { isProxiableType } from '@/shared/dns/record-types'
import type { DnsRecord } from '@/shared/schemas/dns-record'

export interface ProxyChangePlan {
  /** Records whose proxy status will change. */
  change: DnsRecord[]
  /** Already at the chosen status: left as they are. */
  already: DnsRecord[]
  /** Cannot be proxied (not A, AAAA or CNAME, or a private address): left as they are. */
  cannot: DnsRecord[]
}

/**
 * What "change proxy status" will do to a selection, as the service's dashboard does it: only A,
 * AAAA and CNAME records can be proxied; a mixed selection ends with every eligible record at the
 * chosen status, the others untouched.
 */
export function planProxyChange(records: readonly DnsRecord[], proxied: boolean): ProxyChangePlan {
  const plan: ProxyChangePlan = { change: [], already: [], cannot: [] }
  for (const r of records) {
    if (proxied && (!isProxiableType(r.type) || !r.proxiable)) plan.cannot.push(r)
    else if (!proxied && !isProxiableType(r.type)) plan.cannot.push(r)
    else if (r.proxied === proxied) plan.already.push(r)
    else plan.change.push(r)
  }
  return plan
}
