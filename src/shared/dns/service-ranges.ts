import { inAnyCidr } from './ip'

/**
 * The service's own address ranges (api-notes §3.8, as published at /ips). An A or AAAA record
 * may not point inside them: the service would be sending traffic to itself.
 */
export const SERVICE_IP_RANGES = {
  ipv4: [
    '173.245.48.0/20',
    '103.21.244.0/22',
    '103.22.200.0/22',
    '103.31.4.0/22',
    '141.101.64.0/18',
    '108.162.192.0/18',
    '190.93.240.0/20',
    '188.114.96.0/20',
    '197.234.240.0/22',
    '198.41.128.0/17',
    '162.158.0.0/15',
    '104.16.0.0/13',
    '104.24.0.0/14',
    '172.64.0.0/13',
    '131.0.72.0/22',
  ],
  ipv6: [
    '2400:cb00::/32',
    '2606:4700::/32',
    '2803:f800::/32',
    '2405:b500::/32',
    '2405:8100::/32',
    '2a06:98c0::/29',
    '2c0f:f248::/32',
  ],
} as const

/** The range of the service's network that contains `ip`, or undefined. */
export function serviceRangeOf(ip: string): string | undefined {
  return inAnyCidr(ip, ip.includes(':') ? SERVICE_IP_RANGES.ipv6 : SERVICE_IP_RANGES.ipv4)
}

/** Whether `ip` belongs to the service's own network (not allowed as A/AAAA content). */
export const isServiceAddress = (ip: string): boolean => serviceRangeOf(ip) !== undefined
