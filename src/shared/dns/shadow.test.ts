import { describe, expect, it } from 'vitest'
import { delegationsByName, shadowMeta } from './shadow'

const apex = 'example.com'
const ns = [
  { id: 'ns-sub', name: 'sub.example.com', content: 'ns1.sub.example.com.' },
  { id: 'ns-ext', name: 'ext.example.com', content: 'ns1.example.org' },
  { id: 'ns-deep', name: 'a.sub.example.com', content: 'ns1.a.sub.example.com' },
  { id: 'ns-apex', name: 'example.com', content: 'ns.provider.net' },
]
const d = delegationsByName(apex, ns)
const meta = (type: string, name: string) => shadowMeta(apex, d, { type, name })

describe('shadowMeta (the service reference examples)', () => {
  it('flags records at or below a delegation, with the ids of the NS records that shadow them', () => {
    expect(meta('A', 'www.ext.example.com')).toEqual({ shadowed_by: ['ns-ext'] })
    expect(meta('TXT', 'ext.example.com')).toEqual({ shadowed_by: ['ns-ext'] })
    expect(meta('CNAME', 'x.a.sub.example.com')).toEqual({ shadowed_by: ['ns-deep', 'ns-sub'] })
  })

  it('leaves the apex, records outside delegations and the delegating NS itself alone', () => {
    expect(meta('A', 'example.com')).toEqual({})
    expect(meta('A', 'www.example.com')).toEqual({})
    expect(meta('NS', 'sub.example.com')).toEqual({})
    expect(meta('DS', 'sub.example.com')).toEqual({})
    // A deeper delegation is itself shadowed by the shallower one.
    expect(meta('NS', 'a.sub.example.com')).toEqual({ shadowed_by: ['ns-sub'] })
  })

  it('marks glue (A/AAAA named as the NS target) and dead glue under a shallower delegation', () => {
    expect(meta('A', 'ns1.sub.example.com')).toEqual({ shadowed_by: ['ns-sub'], is_glue: true })
    expect(meta('AAAA', 'ns1.a.sub.example.com')).toEqual({ shadowed_by: ['ns-deep', 'ns-sub'], is_glue: true, dead_glue: true })
    expect(meta('CNAME', 'ns1.sub.example.com')).toEqual({ shadowed_by: ['ns-sub'] })
  })
})
