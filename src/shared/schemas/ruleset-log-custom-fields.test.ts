import { describe, expect, it } from 'vitest'
import { apiErrorsFromIssues } from './common'
import { rulesetCreateSchema, rulesetUpdateForPhaseSchema, rulesetUpdateSchema } from './ruleset'
import { customFieldNameProblem, RULESET_VALIDATION_CODE } from './ruleset-log-custom-fields'

const rule = (params: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  action: 'log_custom_field',
  expression: 'true',
  action_parameters: params,
  ...extra,
})

/** The API errors a PUT body would get, as the server reports them. */
function errorsOf(body: unknown, phase = 'http_log_custom_fields') {
  const parsed = rulesetUpdateForPhaseSchema(phase).safeParse(body)
  return parsed.success ? [] : apiErrorsFromIssues(parsed.error.issues, RULESET_VALIDATION_CODE)
}
const pointers = (body: unknown, phase?: string) => errorsOf(body, phase).map((e) => e.source?.pointer)

const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ name: `${prefix}-${i}` }))

describe('custom-field rule validation', () => {
  it('accepts a rule with two request headers, one response header and one cookie', () => {
    const body = { rules: [rule({ request_fields: names('x-req', 2), response_fields: [{ name: 'x-cache' }], cookie_fields: [{ name: 'SessionID' }] })] }
    expect(errorsOf(body)).toEqual([])
  })

  it('requires the action log_custom_field in the http_log_custom_fields phase', () => {
    const body = { rules: [{ action: 'block', expression: 'true' }] }
    expect(pointers(body)).toEqual(['/rules/0/action'])
    // …and keeps the action out of other phases.
    expect(pointers({ rules: [rule({ request_fields: [{ name: 'x-a' }] })] }, 'http_request_firewall_custom')).toEqual(['/rules/0/action'])
  })

  it('requires the expression to be exactly true', () => {
    for (const expression of ['http.host eq "example.com"', 'True', ' true']) {
      expect(pointers({ rules: [rule({ request_fields: [{ name: 'x-a' }] }, { expression })] })).toEqual(['/rules/0/expression'])
    }
  })

  it('requires at least one of request_fields, response_fields and cookie_fields', () => {
    expect(pointers({ rules: [rule({})] })).toEqual(['/rules/0/action_parameters'])
    expect(pointers({ rules: [rule({ request_fields: [] })] })).toEqual(['/rules/0/action_parameters/request_fields'])
  })

  it('requires header names in lower case, pointing at the name', () => {
    const errors = errorsOf({ rules: [rule({ request_fields: [{ name: 'x-a' }, { name: 'x-b' }, { name: 'X-Request-ID' }] })] })
    expect(errors).toEqual([
      { code: RULESET_VALIDATION_CODE, message: 'Header names must be lower case: use "x-request-id".', source: { pointer: '/rules/0/action_parameters/request_fields/2/name' } },
    ])
    expect(pointers({ rules: [rule({ response_fields: [{ name: 'Content-Type' }] })] })).toEqual(['/rules/0/action_parameters/response_fields/0/name'])
  })

  it('keeps cookie names as given: mixed case is accepted and not changed', () => {
    const parsed = rulesetUpdateSchema.parse({ rules: [rule({ cookie_fields: [{ name: 'SessionID' }, { name: 'sessionid' }] })] })
    expect(parsed.rules?.[0].action_parameters).toEqual({ cookie_fields: [{ name: 'SessionID' }, { name: 'sessionid' }] })
    expect(customFieldNameProblem('cookie_fields', 'my cookie')).toMatch(/not a valid cookie name/)
  })

  it('refuses the Range request header in any case, with the reason', () => {
    for (const name of ['range', 'Range', 'RANGE']) {
      const errors = errorsOf({ rules: [rule({ request_fields: [{ name }] })] })
      expect(errors).toHaveLength(1)
      expect(errors[0].message).toMatch(/Range request header cannot be logged/)
      expect(errors[0].source?.pointer).toBe('/rules/0/action_parameters/request_fields/0/name')
    }
    expect(pointers({ rules: [rule({ transformed_request_fields: [{ name: 'range' }] })] })).toHaveLength(1)
  })

  it('allows at most 40 fields in total across the three lists, pointing at the 41st', () => {
    const forty = { request_fields: names('x-req', 20), response_fields: names('x-res', 15), cookie_fields: names('c', 5) }
    expect(errorsOf({ rules: [rule(forty)] })).toEqual([])
    const errors = errorsOf({ rules: [rule({ ...forty, cookie_fields: names('c', 6) })] })
    expect(errors).toHaveLength(1)
    expect(errors[0].source?.pointer).toBe('/rules/0/action_parameters/cookie_fields/5/name')
    expect(errors[0].message).toMatch(/at most 40 custom fields.*these rules name 41\. Remove 1 to save\./)
  })

  it('counts the budget across every rule of the ruleset', () => {
    const body = { rules: [rule({ request_fields: names('x-a', 30) }), rule({ response_fields: names('x-b', 11) })] }
    expect(pointers(body)).toEqual(['/rules/1/action_parameters/response_fields/10/name'])
  })

  it('refuses duplicates: the same header twice, or raw and transformed at once; cookies compare exactly', () => {
    expect(pointers({ rules: [rule({ request_fields: [{ name: 'x-a' }, { name: 'x-a' }] })] })).toEqual([
      '/rules/0/action_parameters/request_fields/1/name',
    ])
    expect(pointers({ rules: [rule({ request_fields: [{ name: 'x-a' }], transformed_request_fields: [{ name: 'x-a' }] })] })).toEqual([
      '/rules/0/action_parameters/transformed_request_fields/0/name',
    ])
    // A request header and a response header of the same name are different fields.
    expect(errorsOf({ rules: [rule({ request_fields: [{ name: 'x-a' }], response_fields: [{ name: 'x-a' }] })] })).toEqual([])
    expect(errorsOf({ rules: [rule({ cookie_fields: [{ name: 'id' }, { name: 'ID' }] })] })).toEqual([])
    expect(pointers({ rules: [rule({ cookie_fields: [{ name: 'id' }, { name: 'id' }] })] })).toEqual(['/rules/0/action_parameters/cookie_fields/1/name'])
  })

  it('checks the same rules when a ruleset is created with rules', () => {
    const parsed = rulesetCreateSchema.safeParse({
      name: 'default',
      kind: 'zone',
      phase: 'http_log_custom_fields',
      rules: [rule({ request_fields: [{ name: 'Range' }] })],
    })
    expect(parsed.success).toBe(false)
  })

  it('carries the validation code on every custom-field error', () => {
    const errors = errorsOf({ rules: [rule({ request_fields: [{ name: 'X-A' }] }, { expression: 'false' })] })
    expect(errors.map((e) => e.code)).toEqual([RULESET_VALIDATION_CODE, RULESET_VALIDATION_CODE])
  })
})
