import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oversizedStrings, STRING_FIELD_MAX } from '../../shared/string-limits'
import { call, createModuleEmulator, type ModuleEmulator } from '../../testing/module-emulator'
import { rulesetsModule } from './rulesets'
import { SEED_ZONES } from './seed-ids'

/** No string field is stored unbounded, whatever the endpoint. */
let em: ModuleEmulator
beforeAll(() => {
  em = createModuleEmulator([rulesetsModule])
})
afterAll(() => em.close())
const zone = SEED_ZONES.demo.id

describe('string length limits', () => {
  it('a 10 MB ruleset name is a 400 with a field error, and nothing is stored', async () => {
    const before = (await call(em.app, 'GET', `/zones/${zone}/rulesets`)).body.result.length
    const res = await call(em.app, 'POST', `/zones/${zone}/rulesets`, {
      name: 'n'.repeat(10 * 1024 * 1024),
      kind: 'zone',
      phase: 'http_log_custom_fields',
    })
    expect(res.status).toBe(400)
    expect(res.body.errors[0]).toMatchObject({ code: 1004, source: { pointer: '/name' } })
    expect(res.body.errors[0].message).toMatch(/at most 16,384 characters/)
    expect((await call(em.app, 'GET', `/zones/${zone}/rulesets`)).body.result.length).toBe(before)
  })

  it('finds long strings nested in arrays and objects, and lets the rest through', async () => {
    const res = await call(em.app, 'POST', `/zones/${zone}/rulesets`, {
      name: 'fields',
      kind: 'zone',
      phase: 'http_log_custom_fields',
      rules: [{ action: 'log_custom_field', expression: 'x'.repeat(STRING_FIELD_MAX + 1), action_parameters: {} }],
    })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].source?.pointer).toBe('/rules/0/expression')
    expect(oversizedStrings({ a: ['x'.repeat(STRING_FIELD_MAX)], b: 1, c: null })).toEqual([])
  })
})
