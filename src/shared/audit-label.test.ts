import { describe, expect, it } from 'vitest'
import { labelOf } from './audit-label'

describe('the name an audit entry gives what it changed', () => {
  it('a payment page or a pattern verdict by its pattern, from the state after, else before, else the body', () => {
    expect(labelOf('payment_page', null, { id: 3, pattern: 'shop.example.com/checkout/*' })).toBe('shop.example.com/checkout/*')
    expect(labelOf('pattern_verdict', { pattern: 'cdn.vendor.example/*', verdict: 'expected' }, null)).toBe('cdn.vendor.example/*')
    expect(labelOf('pattern_verdict', null, null, { pattern: 'js.pay.example/*' })).toBe('js.pay.example/*')
  })

  it('a verdict on a script by the script it judged; a long name is cut to 200 characters', () => {
    expect(labelOf('review_verdict', null, { script: { url: 'https://cdn.example/a.js' }, verdict: 'expected' })).toBe('https://cdn.example/a.js')
    expect(labelOf('dns_record', null, { type: 'A', name: 'x'.repeat(300) })).toHaveLength(200)
  })
})
