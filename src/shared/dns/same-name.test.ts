import { describe, expect, it } from 'vitest'
import { isDmarc, isSpf, sameNameProblems, type SameNameRecord } from './same-name'

const ZONE: SameNameRecord[] = [
  { id: 'a1', type: 'A', name: 'example.com', content: '192.0.2.1' },
  { id: 'spf', type: 'TXT', name: 'example.com', content: '"v=spf1 include:_spf.example.net ~all"' },
  { id: 'ver', type: 'TXT', name: 'example.com', content: '"google-site-verification=abc"' },
  { id: 'dm', type: 'TXT', name: '_dmarc.example.com', content: '"v=DMARC1; p=none"' },
  { id: 'c1', type: 'CNAME', name: 'shop.example.com', content: 'shops.example.net' },
  { id: 'w', type: 'A', name: 'www.example.com', content: '192.0.2.2' },
]

const rules = (proposed: SameNameRecord) => sameNameProblems(ZONE, proposed).map((p) => `${p.rule}@${p.field}`)

describe('records that share a name', () => {
  it('tells an SPF record by its version tag, quoted or not, split into strings or not', () => {
    expect(isSpf({ type: 'TXT', name: 'x', content: 'v=spf1 -all' })).toBe(true)
    expect(isSpf({ type: 'TXT', name: 'x', content: '"v=spf1 include:a" " ~all"' })).toBe(true)
    expect(isSpf({ type: 'TXT', name: 'x', content: '"V=SPF1"' })).toBe(true)
    expect(isSpf({ type: 'TXT', name: 'x', content: '"v=spf10 -all"' })).toBe(false)
    expect(isSpf({ type: 'TXT', name: 'x', content: '"verification v=spf1"' })).toBe(false)
    expect(isSpf({ type: 'MX', name: 'x', content: 'v=spf1' })).toBe(false)
    expect(isDmarc({ type: 'TXT', name: '_dmarc.example.com', content: 'v=DMARC1;p=reject' })).toBe(true)
    expect(isDmarc({ type: 'TXT', name: 'example.com', content: 'v=DMARC1; p=reject' })).toBe(false)
  })

  it('warns at the text of a second SPF record at a name that has one (RFC 7208 §4.5)', () => {
    const [p] = sameNameProblems(ZONE, { type: 'TXT', name: 'example.com', content: 'v=spf1 include:spf.mailprovider.example ~all' })
    expect(p).toMatchObject({ rule: 'second-spf', field: 'content' })
    expect(p.text).toContain('"v=spf1 include:_spf.example.net ~all"')
    expect(p.text).toMatch(/RFC 7208/)
    // Other TXT records at the name, and SPF at another name, are fine.
    expect(rules({ type: 'TXT', name: 'example.com', content: 'ms=12345' })).toEqual([])
    expect(rules({ type: 'TXT', name: 'mail.example.com', content: 'v=spf1 -all' })).toEqual([])
    // Names compare as DNS does: case and a trailing dot do not matter.
    expect(rules({ type: 'TXT', name: 'Example.COM.', content: 'v=spf1 -all' })).toEqual(['second-spf@content'])
  })

  it('lets the SPF record itself be edited: the record being replaced does not count', () => {
    expect(rules({ id: 'spf', type: 'TXT', name: 'example.com', content: 'v=spf1 include:other ~all' })).toEqual([])
    expect(rules({ id: 'ver', type: 'TXT', name: 'example.com', content: 'v=spf1 -all' })).toEqual(['second-spf@content'])
  })

  it('warns at a second DMARC record at _dmarc.<name>', () => {
    expect(rules({ type: 'TXT', name: '_dmarc.example.com', content: '"v=DMARC1; p=reject"' })).toEqual(['second-dmarc@content'])
    expect(rules({ id: 'dm', type: 'TXT', name: '_dmarc.example.com', content: '"v=DMARC1; p=reject"' })).toEqual([])
  })

  it('warns at the name of a CNAME beside other records, and of other records beside a CNAME', () => {
    expect(rules({ type: 'CNAME', name: 'www.example.com', content: 'x.example.net' })).toEqual(['cname-beside-others@name'])
    expect(rules({ type: 'CNAME', name: 'shop.example.com', content: 'x.example.net' })).toEqual(['cname-beside-others@name'])
    expect(rules({ id: 'c1', type: 'CNAME', name: 'shop.example.com', content: 'x.example.net' })).toEqual([])
    const [p] = sameNameProblems(ZONE, { type: 'TXT', name: 'shop.example.com', content: 'hello' })
    expect(p).toMatchObject({ rule: 'cname-beside-others', field: 'name' })
    expect(p.text).toContain('CNAME shop.example.com')
    expect(rules({ type: 'CNAME', name: 'new.example.com', content: 'x.example.net' })).toEqual([])
  })
})
