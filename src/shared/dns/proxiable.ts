import { isPrivateAddress } from './ip'
import { isProxiableType } from './record-types'

/**
 * The one "can be proxied" rule (form, proxy validation, sandbox and import use it): only A, AAAA
 * and CNAME records, and never an address reachable only inside a network (private, loopback,
 * link-local). A CNAME's chain is checked by the sandbox against the zone (rules.ts).
 */
export function canBeProxied(type: string, content: string): boolean {
  if (!isProxiableType(type)) return false
  return !((type === 'A' || type === 'AAAA') && isPrivateAddress(content.trim()))
}
