import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call as callApp, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { rulesetsModule } from './index'

/**
 * The custom-field rules and limits of the specification, checked where the sandbox answers (the
 * shared schema has its own tests in ruleset-log-custom-fields.test.ts): a sandbox that stopped
 * applying one of them would fail here.
 */
let emulator: ModuleEmulator
beforeEach(() => {
  emulator = createModuleEmulator([rulesetsModule])
})
afterEach(() => emulator.close())

const demo = SEED_ZONES.demo.id
const call = (method: string, path: string, body?: unknown) => callApp(emulator.app, method, path, body)
const entrypointPath = `/zones/${demo}/rulesets/phases/http_log_custom_fields/entrypoint`
const rule = (params: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  action: 'log_custom_field',
  expression: 'true',
  action_parameters: params,
  ...extra,
})
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ name: `${prefix}-${i}` }))

const createEntrypoint = async () => {
  const r = await call('POST', `/zones/${demo}/rulesets`, { name: 'default', kind: 'zone', phase: 'http_log_custom_fields' })
  expect(r.status).toBe(200)
  return r.body.result.id as string
}
const put = async (rules: unknown[]) => call('PUT', `/zones/${demo}/rulesets/${await createEntrypoint()}`, { rules })

describe('limit: 40 custom fields per zone, across the three lists', () => {
  it('takes exactly 40 (20 request headers, 15 response headers, 5 cookies)', async () => {
    const r = await put([rule({ request_fields: names('x-req', 20), response_fields: names('x-res', 15), cookie_fields: names('c', 5) })])
    expect(r.body.errors).toEqual([])
    expect(r.status).toBe(200)
  })

  it('refuses the 41st field, and keeps the ruleset as it was', async () => {
    const id = await createEntrypoint()
    const r = await call('PUT', `/zones/${demo}/rulesets/${id}`, {
      rules: [rule({ request_fields: names('x-req', 20), response_fields: names('x-res', 15), cookie_fields: names('c', 6) })],
    })
    expect(r.status).toBe(400)
    expect(r.body.success).toBe(false)
    expect(r.body.errors[0].message).toMatch(/40/)
    expect((await call('GET', `/zones/${demo}/rulesets/${id}`)).body.result).toMatchObject({ version: '1', rules: [] })
  })

  it('refuses the 41st through the phase entry point too', async () => {
    const r = await call('PUT', entrypointPath, { rules: [rule({ cookie_fields: names('c', 41) })] })
    expect(r.status).toBe(400)
    expect((await call('GET', entrypointPath)).status).toBe(404)
  })
})

describe('custom-field rule requirements', () => {
  it.each([
    ['the action is log_custom_field', [{ ...rule({ request_fields: [{ name: 'x-a' }] }), action: 'log' }], '/rules/0/action'],
    ['the expression is true', [rule({ request_fields: [{ name: 'x-a' }] }, { expression: 'http.host eq "example.com"' })], '/rules/0/expression'],
    ['at least one list', [rule({})], '/rules/0/action_parameters'],
    ['header names in lower case', [rule({ response_fields: [{ name: 'X-Cache' }] })], '/rules/0/action_parameters/response_fields/0/name'],
    ['Range refused', [rule({ request_fields: [{ name: 'range' }] })], '/rules/0/action_parameters/request_fields/0/name'],
  ])('%s: a rule that breaks it is a 400 pointing at the field', async (_rule, rules, pointer) => {
    const r = await put(rules)
    expect(r.status).toBe(400)
    expect(r.body.errors.map((e) => e.source?.pointer)).toContain(pointer)
  })

  it('cookie names keep their case exactly as sent', async () => {
    const r = await put([rule({ cookie_fields: [{ name: 'SessionID' }, { name: '__Host-csrf' }] })])
    expect(r.status).toBe(200)
    expect(r.body.result.rules[0].action_parameters.cookie_fields).toEqual([{ name: 'SessionID' }, { name: '__Host-csrf' }])
  })
})

describe('one zone ruleset per phase', () => {
  it('a POST after the entry point was made through the phase PUT is refused with 20217', async () => {
    expect((await call('PUT', entrypointPath, { rules: [rule({ cookie_fields: [{ name: 'a' }] })] })).status).toBe(200)
    const second = await call('POST', `/zones/${demo}/rulesets`, { name: 'second', kind: 'zone', phase: 'http_log_custom_fields' })
    expect(second.status).toBe(400)
    expect(second.body.errors[0]).toMatchObject({ code: 20217 })
    const zoneRulesets = (await call('GET', `/zones/${demo}/rulesets`)).body.result.filter(
      (r: { kind: string; phase: string }) => r.kind === 'zone' && r.phase === 'http_log_custom_fields',
    )
    expect(zoneRulesets).toHaveLength(1)
  })

  it('the phase is held by one zone ruleset per zone: another zone has its own', async () => {
    await createEntrypoint()
    const other = await call('POST', `/zones/${SEED_ZONES.pending.id}/rulesets`, { name: 'default', kind: 'zone', phase: 'http_log_custom_fields' })
    expect(other.status).toBe(200)
  })
})
