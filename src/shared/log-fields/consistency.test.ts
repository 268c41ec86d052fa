import { describe, expect, it } from 'vitest'
import { missingCustomFieldOutputs, requiredCustomFieldOutputs, withCustomFieldOutputs } from './consistency'

const rule = (action_parameters: Record<string, unknown>, enabled = true) => ({ action: 'log_custom_field', enabled, action_parameters })

describe('custom fields and log jobs', () => {
  it('needs RequestHeaders, ResponseHeaders and Cookies for the lists that are filled', () => {
    expect(requiredCustomFieldOutputs([rule({ request_fields: [{ name: 'x-a' }] })])).toEqual(['RequestHeaders'])
    expect(requiredCustomFieldOutputs([rule({ cookie_fields: [{ name: 'a' }], raw_response_fields: [{ name: 'x' }] })])).toEqual([
      'ResponseHeaders',
      'Cookies',
    ])
    expect(requiredCustomFieldOutputs([rule({ request_fields: [{ name: 'x-a' }] }, false)])).toEqual([])
    expect(requiredCustomFieldOutputs([])).toEqual([])
  })

  it('flags http_requests jobs whose field_names drop a needed output, and fixes them by appending', () => {
    const job = { dataset: 'http_requests', output_options: { field_names: ['RayID', 'Cookies'] } }
    const missing = missingCustomFieldOutputs(job, ['RequestHeaders', 'Cookies'])
    expect(missing).toEqual(['RequestHeaders'])
    expect(withCustomFieldOutputs(job.output_options.field_names, missing)).toEqual(['RayID', 'Cookies', 'RequestHeaders'])
  })

  it('leaves other datasets and jobs without a field list alone', () => {
    expect(missingCustomFieldOutputs({ dataset: 'firewall_events', output_options: { field_names: ['RayID'] } }, ['Cookies'])).toEqual([])
    expect(missingCustomFieldOutputs({ dataset: 'http_requests', output_options: null }, ['Cookies'])).toEqual([])
  })
})
