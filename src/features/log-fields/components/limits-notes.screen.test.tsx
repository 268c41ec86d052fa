import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BudgetMeter, kb, repeatedOnes } from './limits-notes'

/** Specification "Limits": the 40-field budget, the 8 KB truncation and "only the first of repeated headers" are shown. */
const lists = (request_fields: string[] = [], response_fields: string[] = [], cookie_fields: string[] = []) => ({
  request_fields,
  response_fields,
  cookie_fields,
})
afterEach(cleanup)

describe('log custom-field limits as shown', () => {
  it('shows the 40-field budget as a meter, and the 8 KB shared by all custom-field data', () => {
    expect(kb).toBe(8)
    const { container } = render(<BudgetMeter used={3} lists={lists(['x-a'], ['x-b'], ['c'])} />)
    const meter = screen.getByRole('meter')
    expect([meter.getAttribute('value'), meter.getAttribute('max')]).toEqual(['3', '40'])
    expect(container.textContent).toContain('3 of 40')
    expect(container.textContent).toContain('37 left')
    expect(container.textContent).toContain('shares 8 KB')
    expect(container.textContent).not.toContain('can be long')
  })

  it('warns when a long header is chosen that it may pass 8 KB', () => {
    const { container } = render(<BudgetMeter used={2} lists={lists(['user-agent'], ['set-cookie'])} />)
    expect(container.textContent).toContain('user-agent, set-cookie can be long')
    expect(container.textContent).toContain('truncated')
  })

  it('says none are left at 40', () => {
    const { container } = render(<BudgetMeter used={40} lists={lists()} />)
    expect(container.textContent).toContain('none left')
  })

  it('flags headers that repeat in one message (only the first is logged)', () => {
    expect(repeatedOnes(['set-cookie', 'x-request-id', 'vary'])).toEqual(['set-cookie', 'vary'])
    expect(repeatedOnes(['x-request-id'])).toEqual([])
  })
})
