import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm, useWatch } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import { RadioCardsField } from './radio-cards-field'

function Choice({ value }: { value: 'log' | 'allow' }) {
  const form = useForm<{ action: 'log' | 'allow' }>({ defaultValues: { action: value } })
  const chosen = useWatch({ control: form.control, name: 'action' })
  return (
    <>
      <RadioCardsField
        control={form.control}
        name="action"
        legend="What browsers do"
        required
        options={[
          { value: 'log', label: 'Log: report, block nothing.' },
          { value: 'allow', label: 'Allow: block the rest.' },
        ]}
      />
      <output>{chosen}</output>
    </>
  )
}
afterEach(cleanup)

describe('RadioCardsField', () => {
  it('is a group named by the question, one radio per option, the current one checked; choosing another sets the form value', async () => {
    render(<Choice value="allow" />)
    const group = screen.getByRole('group', { name: /^What browsers do/ })
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[]
    expect(radios).toHaveLength(2)
    expect((within(group).getByRole('radio', { name: 'Allow: block the rest.' }) as HTMLInputElement).checked).toBe(true)
    expect((within(group).getByRole('radio', { name: 'Log: report, block nothing.' }) as HTMLInputElement).checked).toBe(false)
    await userEvent.click(within(group).getByRole('radio', { name: 'Log: report, block nothing.' }))
    expect(screen.getByRole('status').textContent).toBe('log')
  })
})
