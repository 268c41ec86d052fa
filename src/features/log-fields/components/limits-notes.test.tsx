import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BudgetMeter, kb, repeatedOnes } from './limits-notes'

/** Specification "Limits": the 40-field budget, the 8 KB truncation and "only the first of repeated headers" are shown. */
const lists = (request_fields: string[] = [], response_fields: string[] = [], cookie_fields: string[] = []) => ({
  request_fields,
  response_fields,
  cookie_fields,
})

describe('log custom-field limits as shown', () => {
  it('states the 8 KB shared by all custom-field data, and that the rest is truncated', () => {
    expect(kb).toBe(8)
    const html = renderToStaticMarkup(<BudgetMeter used={3} lists={lists(['x-a'], ['x-b'], ['c'])} />)
    expect(html).toContain('3 of 40')
    expect(html).toContain('37 left')
    expect(html).toContain('shares 8 KB')
    expect(html).not.toContain('can be long')
  })

  it('warns when a long header is chosen that it may pass 8 KB', () => {
    const html = renderToStaticMarkup(<BudgetMeter used={2} lists={lists(['user-agent'], ['set-cookie'])} />)
    expect(html).toContain('user-agent, set-cookie can be long')
    expect(html).toContain('truncated')
  })

  it('says none are left at 40', () => {
    expect(renderToStaticMarkup(<BudgetMeter used={40} lists={lists()} />)).toContain('none left')
  })

  it('flags headers that repeat in one message (only the first is logged)', () => {
    expect(repeatedOnes(['set-cookie', 'x-request-id', 'vary'])).toEqual(['set-cookie', 'vary'])
    expect(repeatedOnes(['x-request-id'])).toEqual([])
  })
})
