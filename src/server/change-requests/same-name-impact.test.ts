import { describe, expect, it } from 'vitest'
import type { ChangeItemView, ChangeRequestView } from '../../shared/schemas/change-requests'
import { impactOf } from './review'

/** The impact notes a reviewer reads, from the zone as it is and the request's items. */
const ZONE = [
  { id: 'spf', type: 'TXT', name: 'example.com', content: '"v=spf1 include:_spf.example.net ~all"', ttl: 300, proxied: false },
  { id: 'a', type: 'A', name: 'example.com', content: '192.0.2.1', ttl: 1, proxied: true },
  { id: 'alias', type: 'CNAME', name: 'shop.example.com', content: 'shops.example.net', ttl: 300, proxied: false },
]
const item = (position: number, action: ChangeItemView['action'], body: Record<string, unknown>, recordId: string | null = null): ChangeItemView => ({
  position,
  kind: 'dns_record',
  action,
  recordId,
  body,
  before: recordId ? (ZONE.find((z) => z.id === recordId) ?? null) : null,
  after: null,
  result: null,
})
const request = (items: ChangeItemView[]) => ({ id: 1, zoneId: 'z', zoneName: 'example.com', title: 't', items }) as unknown as ChangeRequestView
const notes = (items: ChangeItemView[]) => impactOf(request(items), ZONE, []).map((n) => n.text)

describe('impact notes for records that share a name', () => {
  it('warns that a second SPF record at the zone makes every SPF check fail', () => {
    const [note] = notes([item(0, 'create', { type: 'TXT', name: '@', content: 'v=spf1 include:spf.mailprovider.example ~all', ttl: 1 })])
    expect(note).toMatch(/^example\.com already has an SPF record .*RFC 7208/)
  })

  it('says nothing when the SPF record itself is changed, or the old one is deleted in the same request', () => {
    expect(notes([item(0, 'update', { content: 'v=spf1 include:other.example ~all' }, 'spf')])).toEqual([])
    expect(notes([item(0, 'delete', {}, 'spf'), item(1, 'create', { type: 'TXT', name: '@', content: 'v=spf1 -all', ttl: 1 })])).toEqual([])
  })

  it('catches two new DMARC records in one request, and a record added beside a CNAME', () => {
    const dmarc = { type: 'TXT', name: '_dmarc', content: 'v=DMARC1; p=none', ttl: 1 }
    expect(notes([item(0, 'create', dmarc), item(1, 'create', { ...dmarc, content: 'v=DMARC1; p=reject' })])).toHaveLength(2)
    expect(notes([item(0, 'create', { type: 'TXT', name: 'shop', content: 'hello', ttl: 1 })])).toEqual([expect.stringMatching(/^TXT record at shop\.example\.com, a name that is an alias/)])
  })
})
