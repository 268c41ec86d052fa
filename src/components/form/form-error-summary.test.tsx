import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FormErrorSummary } from './form-error-summary'

describe('FormErrorSummary', () => {
  it('shows an API error with its code, message and plain explanation', () => {
    const html = renderToStaticMarkup(<FormErrorSummary errors={[{ code: 81058, message: 'An identical record already exists.' }]} />)
    expect(html).toContain('Error 81058')
    expect(html).toContain('An identical record already exists.')
    expect(html).toContain('same type, name and content')
  })

  it('does not explain a message of the dashboard itself (code 0) as a network failure', () => {
    const html = renderToStaticMarkup(<FormErrorSummary errors={[{ code: 0, message: 'Choose a zone file first.' }]} title="Nothing was imported" />)
    expect(html).toContain('Choose a zone file first.')
    expect(html).not.toContain('Error 0')
    expect(html).not.toMatch(/could not talk to its own server/)
  })

  it('renders nothing without errors', () => {
    expect(renderToStaticMarkup(<FormErrorSummary errors={[]} />)).toBe('')
  })
})
