import { isPrivateAddress } from './ip'
import { effectiveTtl, isProxiableType } from './record-types'

/**
 * The one "can be proxied" rule (form, proxy validation, sandbox and import use it): only A, AAAA
 * and CNAME records, and never an address reachable only inside a network (private, loopback,
 * link-local). A CNAME's chain is checked by the sandbox against the zone (rules.ts).
 */
export function canBeProxied(type: string, content: string): boolean {
  if (!isProxiableType(type)) return false
  return !((type === 'A' || type === 'AAAA') && isPrivateAddress(content.trim()))
}

/** The per-record switches a record may carry (`settings` in the API). */
export type RecordSettings = { ipv4_only?: boolean; ipv6_only?: boolean; flatten_cname?: boolean }

/**
 * What changes on a record when its proxy status is set, once for the form, the inline switch and
 * the bulk change: a proxied record has TTL Auto, and a proxied CNAME is always flattened by the
 * service, so its own `flatten_cname` switch goes off (the API refuses both at once). `settings` is
 * given only when it changes.
 */
export function proxyStatusChange(record: { type: string; ttl?: number; settings?: RecordSettings | Record<string, unknown> }, proxied: boolean): { proxied: boolean; ttl: number; settings?: RecordSettings } {
  const change: { proxied: boolean; ttl: number; settings?: RecordSettings } = { proxied, ttl: effectiveTtl(record.ttl, proxied) }
  const settings = (record.settings ?? {}) as RecordSettings
  if (proxied && record.type === 'CNAME' && settings.flatten_cname) change.settings = { ...settings, flatten_cname: false }
  return change
}
