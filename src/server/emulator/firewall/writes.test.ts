import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { firewallModule } from '.'

let em: ModuleEmulator
const base = `/zones/${SEED_ZONES.demo.id}/firewall/rules`
beforeAll(() => {
  em = createModuleEmulator([firewallModule])
}, 60_000)
afterAll(() => em.close())

describe('firewall rule writes', () => {
  it('creates rules with a new filter or an existing one, updates one (PUT), edits many (PATCH)', async () => {
    const created = await call(em.app, 'POST', base, [
      { action: 'block', description: 'bad bots', filter: { expression: '(http.user_agent contains "BadBot")' } },
      { action: { mode: 'challenge' }, filter: { expression: 'ip.src eq 192.0.2.1' }, priority: 5 },
    ])
    expect(created.status, JSON.stringify(created.body.errors)).toBe(200)
    const [a, b] = created.body.result
    expect(a).toMatchObject({ action: 'block', description: 'bad bots', filter: { expression: '(http.user_agent contains "BadBot")' } })
    expect(b).toMatchObject({ action: 'challenge', priority: 5 })

    const same = await call(em.app, 'POST', base, { action: 'log', filter: { id: a.filter.id } })
    expect(same.body.result[0].filter.id).toBe(a.filter.id)

    const put = await call(em.app, 'PUT', `${base}/${a.id}`, { action: 'allow', filter: { id: a.filter.id }, description: 'now allowed' })
    expect(put.body.result).toMatchObject({ id: a.id, action: 'allow', description: 'now allowed' })

    const patched = await call(em.app, 'PATCH', base, [
      { id: a.id, paused: true },
      { id: b.id, priority: 1 },
    ])
    expect(patched.body.result.map((r: { paused: boolean; priority: number }) => [r.paused, r.priority])).toEqual([
      [true, null],
      [false, 1],
    ])
    const one = await call(em.app, 'PATCH', `${base}/${b.id}`, { description: 'first' })
    expect(one.body.result).toMatchObject([{ id: b.id, description: 'first', priority: 1 }])
  })

  it('refuses bad actions, unknown filters and unknown rules without changing anything', async () => {
    expect((await call(em.app, 'POST', base, [{ action: 'explode', filter: { expression: 'true' } }])).status).toBe(400)
    const unknown = await call(em.app, 'POST', base, [{ action: 'block', filter: { id: 'f'.repeat(32) } }])
    expect(unknown.body.errors[0].source?.pointer).toBe('/0/filter/id')
    expect((await call(em.app, 'PATCH', base, [{ id: 'e'.repeat(32), paused: true }])).status).toBe(404)
  })
})
