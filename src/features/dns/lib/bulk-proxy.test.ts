import { describe, expect, it } from 'vitest'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { planProxyChange } from './bulk-proxy'

const rec = (id: string, type: string, proxied: boolean, proxiable = true) =>
  ({ id, type, name: `${id}.example.com`, content: 'x', proxied, proxiable, ttl: 1 }) as unknown as DnsRecord
const ids = (list: DnsRecord[]) => list.map((r) => r.id)

describe('planProxyChange', () => {
  const records = [
    rec('www', 'A', false),
    rec('blog', 'CNAME', false),
    rec('docs', 'AAAA', true),
    rec('mail', 'MX', false, false),
    rec('lan', 'A', false, false),
  ]

  it('to Proxied: DNS-only A/AAAA/CNAME change, proxied ones stay, MX and private addresses cannot', () => {
    const plan = planProxyChange(records, true)
    expect(ids(plan.change)).toEqual(['www', 'blog'])
    expect(ids(plan.already)).toEqual(['docs'])
    expect(ids(plan.cannot)).toEqual(['mail', 'lan'])
  })

  it('to DNS only: proxied records change; a private-address A is already DNS only', () => {
    const plan = planProxyChange(records, false)
    expect(ids(plan.change)).toEqual(['docs'])
    expect(ids(plan.already)).toEqual(['www', 'blog', 'lan'])
    expect(ids(plan.cannot)).toEqual(['mail'])
  })
})
