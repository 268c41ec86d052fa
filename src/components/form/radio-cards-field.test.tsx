import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { useForm } from 'react-hook-form'
import { RadioCardsField } from './radio-cards-field'

function Choice({ value }: { value: 'log' | 'allow' }) {
  const form = useForm<{ action: 'log' | 'allow' }>({ defaultValues: { action: value } })
  return (
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
  )
}

describe('RadioCardsField', () => {
  it('is a fieldset with the question as legend and one radio per option, the current one checked', () => {
    const html = renderToStaticMarkup(<Choice value="allow" />)
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>What browsers do<span[^>]*> \*<\/span><\/legend>/)
    expect(html.match(/type="radio"/g)).toHaveLength(2)
    expect(html).toMatch(/checked="" value="allow"/)
    expect(html).not.toMatch(/checked="" value="log"/)
    expect(html).toContain('Log: report, block nothing.')
  })
})
