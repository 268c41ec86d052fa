import { describe, expect, it } from 'vitest'
import type { Rule } from '@/shared/schemas/ruleset'
import { carriedFields } from './carried-fields'
import { listsOf } from './custom-field-lists'

const base = { version: '3', enabled: true, description: '', last_updated: '2026-03-01T00:00:00Z', expression: 'true' }
const rule = (id: string, action: string, action_parameters?: Record<string, unknown>): Rule => ({
  ...base,
  id: id.repeat(32),
  action,
  action_parameters,
})

describe('carriedFields (the job form, without zod)', () => {
  it('reads the same lists as the custom-fields page, from the first custom-field rule', () => {
    const rules = [
      rule('a', 'log'),
      rule('b', 'log_custom_field', {
        request_fields: [{ name: 'x-a' }, { name: 'x-b' }],
        transformed_request_fields: [{ name: 'x-t' }],
        response_fields: [{ name: 'x-r', preserve_duplicates: true }],
        cookie_fields: [{ name: 'SessionID' }],
      }),
      rule('c', 'log_custom_field', { request_fields: [{ name: 'x-second-rule' }] }),
    ]
    const lists = listsOf(rules)
    expect(carriedFields(rules)).toEqual({
      RequestHeaders: lists.request_fields,
      ResponseHeaders: lists.response_fields,
      Cookies: lists.cookie_fields,
    })
    expect(carriedFields(rules)).toEqual({ RequestHeaders: ['x-a', 'x-b'], ResponseHeaders: ['x-r'], Cookies: ['SessionID'] })
  })

  it('is empty without a custom-field rule, and skips entries without a name', () => {
    expect(carriedFields([])).toEqual({ RequestHeaders: [], ResponseHeaders: [], Cookies: [] })
    expect(
      carriedFields([rule('a', 'log_custom_field', { cookie_fields: [{ name: 'ok' }, { nom: 'x' }, null, 'raw'] })]).Cookies,
    ).toEqual(['ok'])
  })
})
