import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FormErrorSummary } from './form-error-summary'

afterEach(cleanup)

describe('FormErrorSummary', () => {
  it('announces an API error with its code, message and plain explanation', () => {
    render(<FormErrorSummary errors={[{ code: 81058, message: 'An identical record already exists.' }]} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Error 81058')
    expect(alert.textContent).toContain('An identical record already exists.')
    expect(alert.textContent).toContain('same type, name and content')
  })

  it('does not explain a message of the dashboard itself (code 0) as a network failure', () => {
    render(<FormErrorSummary errors={[{ code: 0, message: 'Choose a zone file first.' }]} title="Nothing was imported" />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Nothing was imported')
    expect(alert.textContent).toContain('Choose a zone file first.')
    expect(alert.textContent).not.toContain('Error 0')
    expect(alert.textContent).not.toMatch(/could not talk to its own server/)
  })

  it('shows nothing without errors', () => {
    const { container } = render(<FormErrorSummary errors={[]} />)
    expect(container.textContent).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
