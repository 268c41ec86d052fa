import { describe, expect, it } from 'vitest'
import type { Rule } from '@/shared/schemas/ruleset'
import { addProblem, diffLists, EMPTY_LISTS, listsOf, rulesForSave, totalCustomFields } from './custom-field-lists'

const base = { version: '3', enabled: true, description: '', last_updated: '2026-03-01T00:00:00Z' }
const fieldsRule: Rule = {
  ...base,
  id: 'a'.repeat(32),
  ref: 'fields',
  action: 'log_custom_field',
  expression: 'true',
  action_parameters: {
    request_fields: [{ name: 'x-a' }],
    transformed_request_fields: [{ name: 'x-t' }],
    response_fields: [{ name: 'x-r', preserve_duplicates: true }],
  },
}
const otherRule: Rule = { ...base, id: 'b'.repeat(32), ref: 'b'.repeat(32), action: 'log', expression: 'true' }
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`)

describe('custom-field lists', () => {
  it('reads the three lists of the first custom-field rule', () => {
    expect(listsOf([otherRule, fieldsRule])).toEqual({ request_fields: ['x-a'], response_fields: ['x-r'], cookie_fields: [] })
    expect(listsOf([])).toEqual(EMPTY_LISTS)
  })

  it('sends back every rule, keeping ids and the lists this page does not edit', () => {
    const rules = rulesForSave([otherRule, fieldsRule], { request_fields: ['x-a', 'x-b'], response_fields: ['x-r'], cookie_fields: ['SessionID'] })
    expect(rules.map((r) => r.id)).toEqual([otherRule.id, fieldsRule.id])
    expect(rules[1].action_parameters).toEqual({
      request_fields: [{ name: 'x-a' }, { name: 'x-b' }],
      transformed_request_fields: [{ name: 'x-t' }],
      response_fields: [{ name: 'x-r', preserve_duplicates: true }],
      cookie_fields: [{ name: 'SessionID' }],
    })
    expect(rules[1]).not.toHaveProperty('version')
  })

  it('adds a new custom-field rule when the ruleset has none, and drops it once every list is empty', () => {
    const added = rulesForSave([], { ...EMPTY_LISTS, cookie_fields: ['cart'] })
    expect(added).toEqual([
      { action: 'log_custom_field', expression: 'true', description: 'Log custom fields', enabled: true, action_parameters: { cookie_fields: [{ name: 'cart' }] } },
    ])
    const onlyFields = { ...fieldsRule, action_parameters: { cookie_fields: [{ name: 'cart' }] } }
    expect(rulesForSave([otherRule, onlyFields], EMPTY_LISTS).map((r) => r.id)).toEqual([otherRule.id])
  })

  it('counts the budget across every list, including those the page does not edit', () => {
    expect(totalCustomFields(rulesForSave([fieldsRule], listsOf([fieldsRule])))).toBe(3)
  })

  it('explains why a name cannot be added, with the same rules as the server', () => {
    expect(addProblem([], EMPTY_LISTS, 'request_fields', 'range')).toMatch(/Range request header cannot be logged/)
    expect(addProblem([fieldsRule], listsOf([fieldsRule]), 'request_fields', 'x-a')).toMatch(/already listed/)
    expect(addProblem([fieldsRule], listsOf([fieldsRule]), 'request_fields', 'x-t')).toMatch(/already listed/)
    expect(addProblem([], EMPTY_LISTS, 'cookie_fields', 'SessionID')).toBeNull()
    const full = { request_fields: names('x-q', 20), response_fields: names('x-s', 20), cookie_fields: [] }
    expect(addProblem([], full, 'cookie_fields', 'one-more')).toMatch(/at most 40 custom fields.*"one-more" would be field 41/)
  })

  it('names the field being added as the 41st, even when an earlier list is the one that grows', () => {
    const full = { request_fields: names('x-test', 39), response_fields: [], cookie_fields: ['SessionID'] }
    const problem = addProblem([], full, 'request_fields', 'x-test-40')
    expect(problem).toMatch(/"x-test-40" would be field 41/)
    expect(problem).not.toMatch(/SessionID/)
  })

  it('lists what is added and removed per list', () => {
    expect(diffLists({ ...EMPTY_LISTS, request_fields: ['x-a', 'x-b'] }, { ...EMPTY_LISTS, request_fields: ['x-b', 'x-c'], cookie_fields: ['id'] })).toEqual([
      { key: 'request_fields', added: ['x-c'], removed: ['x-a'] },
      { key: 'cookie_fields', added: ['id'], removed: [] },
    ])
  })
})
