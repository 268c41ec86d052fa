import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call as callApp, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { rulesetsModule } from './index'

let emulator: ModuleEmulator
beforeEach(() => {
  emulator = createModuleEmulator([rulesetsModule])
})
afterEach(() => emulator.close())

const demo = SEED_ZONES.demo.id
const call = (method: string, path: string, body?: unknown) => callApp(emulator.app, method, path, body)

const createEntrypoint = () =>
  call('POST', `/zones/${demo}/rulesets`, { name: 'default', kind: 'zone', phase: 'http_log_custom_fields', description: 'Custom fields' })

const fieldsRule = (params: Record<string, unknown>) => ({ action: 'log_custom_field', expression: 'true', description: 'fields', action_parameters: params })

describe('rulesets', () => {
  it('lists the zone rulesets without their rules', async () => {
    const { status, body } = await call('GET', `/zones/${demo}/rulesets`)
    expect(status).toBe(200)
    expect(body.result.length).toBeGreaterThan(0)
    for (const r of body.result) {
      expect(r.rules).toBeUndefined()
      expect(typeof r.version).toBe('string')
    }
  })

  it('pages the list with a cursor until it runs out', async () => {
    await createEntrypoint()
    const first = await call('GET', `/zones/${demo}/rulesets?per_page=2`)
    expect(first.body.result).toHaveLength(2)
    const cursor = (first.body.result_info as unknown as { cursor?: string }).cursor
    expect(cursor).toBeTruthy()
    const second = await call('GET', `/zones/${demo}/rulesets?per_page=2&cursor=${cursor}`)
    expect(second.body.result).toHaveLength(1)
    expect((second.body.result_info as unknown as { cursor?: string }).cursor).toBeUndefined()
  })

  it('has no custom-fields entry point on the demo zone: 404 code 10003', async () => {
    const { status, body } = await call('GET', `/zones/${demo}/rulesets/phases/http_log_custom_fields/entrypoint`)
    expect(status).toBe(404)
    expect(body.errors[0]).toMatchObject({ code: 10003, message: 'could not find entrypoint ruleset in the http_log_custom_fields phase' })
  })

  it('creates the entry point (version "1", no rules) and finds it through the phase', async () => {
    const created = await createEntrypoint()
    expect(created.status).toBe(200)
    expect(created.body.result).toMatchObject({ kind: 'zone', phase: 'http_log_custom_fields', version: '1', rules: [] })
    expect(created.body.result.id).toMatch(/^[0-9a-f]{32}$/)
    const found = await call('GET', `/zones/${demo}/rulesets/phases/http_log_custom_fields/entrypoint`)
    expect(found.body.result.id).toBe(created.body.result.id)
  })

  it('allows one zone ruleset per phase: a second is 400, code 20217, pointer /kind', async () => {
    await createEntrypoint()
    const { status, body } = await createEntrypoint()
    expect(status).toBe(400)
    expect(body.errors[0]).toMatchObject({ code: 20217, source: { pointer: '/kind' } })
  })

  it('PUT replaces every rule, bumps the version and fills id, version, ref, enabled, last_updated', async () => {
    const id = (await createEntrypoint()).body.result.id
    emulator.setNow(new Date('2026-03-02T08:00:00.000Z'))
    const first = await call('PUT', `/zones/${demo}/rulesets/${id}`, {
      rules: [fieldsRule({ request_fields: [{ name: 'x-a' }, { name: 'x-b' }], response_fields: [{ name: 'x-c' }], cookie_fields: [{ name: 'SessionID' }] })],
    })
    expect(first.status).toBe(200)
    const r = first.body.result
    expect(r.version).toBe('2')
    expect(r.rules).toHaveLength(1)
    expect(r.rules[0]).toMatchObject({ version: '2', enabled: true, last_updated: '2026-03-02T08:00:00.000Z' })
    expect(r.rules[0].ref).toBe(r.rules[0].id)
    expect(r.rules[0].action_parameters.cookie_fields).toEqual([{ name: 'SessionID' }])

    // A second PUT with only a new rule removes the first one.
    const second = await call('PUT', `/zones/${demo}/rulesets/${id}`, { rules: [fieldsRule({ cookie_fields: [{ name: 'cart' }] })] })
    expect(second.body.result.version).toBe('3')
    expect(second.body.result.rules).toHaveLength(1)
    expect(second.body.result.rules[0].id).not.toBe(r.rules[0].id)
  })

  it('keeps the id, version and last_updated of a rule sent back unchanged', async () => {
    const id = (await createEntrypoint()).body.result.id
    const saved = (await call('PUT', `/zones/${demo}/rulesets/${id}`, { rules: [fieldsRule({ request_fields: [{ name: 'x-a' }] })] })).body.result
    emulator.setNow(new Date('2026-03-05T00:00:00.000Z'))
    const again = (await call('PUT', `/zones/${demo}/rulesets/${id}`, { rules: saved.rules })).body.result
    expect(again.version).toBe('3')
    expect(again.rules[0]).toMatchObject({ id: saved.rules[0].id, version: '2', last_updated: saved.rules[0].last_updated })
    const changed = (await call('PUT', `/zones/${demo}/rulesets/${id}`, { rules: [{ ...saved.rules[0], enabled: false }] })).body.result
    expect(changed.rules[0]).toMatchObject({ id: saved.rules[0].id, version: '4', enabled: false })
  })

  it('refuses a rule that breaks the custom-field rules, with the field pointer, and keeps the old version', async () => {
    const id = (await createEntrypoint()).body.result.id
    const bad = await call('PUT', `/zones/${demo}/rulesets/${id}`, {
      rules: [fieldsRule({ request_fields: [{ name: 'x-a' }, { name: 'x-b' }, { name: 'Range' }] })],
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].source?.pointer).toBe('/rules/0/action_parameters/request_fields/2/name')
    expect((await call('GET', `/zones/${demo}/rulesets/${id}`)).body.result.version).toBe('1')
  })

  it('refuses a non-custom-field rule in the custom-fields phase, and an unknown rule id', async () => {
    const id = (await createEntrypoint()).body.result.id
    const wrongAction = await call('PUT', `/zones/${demo}/rulesets/${id}`, { rules: [{ action: 'block', expression: 'true' }] })
    expect(wrongAction.body.errors[0].source?.pointer).toBe('/rules/0/action')
    const unknownId = await call('PUT', `/zones/${demo}/rulesets/${id}`, { rules: [{ ...fieldsRule({ cookie_fields: [{ name: 'a' }] }), id: 'f'.repeat(32) }] })
    expect(unknownId.status).toBe(400)
    expect(unknownId.body.errors[0].source?.pointer).toBe('/rules/0/id')
  })

  it('does not let PUT change the kind or phase, nor change a managed ruleset', async () => {
    const id = (await createEntrypoint()).body.result.id
    const res = await call('PUT', `/zones/${demo}/rulesets/${id}`, { phase: 'http_request_firewall_custom', rules: [] })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].source?.pointer).toBe('/phase')
    const list = (await call('GET', `/zones/${demo}/rulesets`)).body.result
    const managed = list.find((r: { kind: string }) => r.kind === 'managed')
    expect((await call('PUT', `/zones/${demo}/rulesets/${managed.id}`, { rules: [] })).status).toBe(403)
  })

  it('creates the entry point through the phase PUT, which refuses kind in the body', async () => {
    const path = `/zones/${demo}/rulesets/phases/http_log_custom_fields/entrypoint`
    const refused = await call('PUT', path, { kind: 'zone', rules: [] })
    expect(refused.body.errors[0]).toMatchObject({ message: 'invalid JSON: unknown field kind' })
    const made = await call('PUT', path, { rules: [fieldsRule({ cookie_fields: [{ name: 'a' }] })] })
    expect(made.status).toBe(200)
    expect(made.body.result).toMatchObject({ kind: 'zone', version: '1' })
  })

  it('answers 404 for an unknown ruleset and deletes with 204', async () => {
    expect((await call('GET', `/zones/${demo}/rulesets/${'a'.repeat(32)}`)).status).toBe(404)
    const id = (await createEntrypoint()).body.result.id
    const deleted = await emulator.app.request(`/zones/${demo}/rulesets/${id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(204)
    expect(await deleted.text()).toBe('')
    expect((await call('GET', `/zones/${demo}/rulesets/${id}`)).status).toBe(404)
  })

  it('seeds a custom-fields entry point on shop-scale.io', async () => {
    const res = await call('GET', `/zones/${SEED_ZONES.scripts.id}/rulesets/phases/http_log_custom_fields/entrypoint`)
    expect(res.status).toBe(200)
    expect(res.body.result.rules[0].action).toBe('log_custom_field')
  })
})
