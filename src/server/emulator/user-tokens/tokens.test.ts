import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { userTokensModule } from '.'

let em: ModuleEmulator
beforeAll(() => {
  em = createModuleEmulator([userTokensModule])
}, 60_000)
afterAll(() => em.close())

const policy = {
  effect: 'allow',
  permission_groups: [{ id: 'c8fed203ed3043cba015a93ad1616f1f' }],
  resources: { 'com.cloudflare.api.account.zone.*': '*' },
}

describe('user API tokens', () => {
  it('creates a token (its value shown once), reads, replaces and deletes it', async () => {
    const made = await call(em.app, 'POST', '/user/tokens', { name: 'ci deploy', policies: [policy] })
    expect(made.status, JSON.stringify(made.body.errors)).toBe(200)
    const token = made.body.result
    expect(token).toMatchObject({ name: 'ci deploy', status: 'active', value: expect.stringMatching(/^[\w-]{30,}$/) })
    expect(token.policies[0]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      permission_groups: [{ name: 'Zone Read' }],
    })

    const read = (await call(em.app, 'GET', `/user/tokens/${token.id}`)).body.result
    expect(read).not.toHaveProperty('value')
    expect(read).toMatchObject({ id: token.id, name: 'ci deploy' })

    const put = await call(em.app, 'PUT', `/user/tokens/${token.id}`, {
      name: 'ci deploy (off)',
      policies: [policy],
      status: 'disabled',
    })
    expect(put.body.result).toMatchObject({ name: 'ci deploy (off)', status: 'disabled' })

    expect((await call(em.app, 'DELETE', `/user/tokens/${token.id}`)).body.result).toEqual({ id: token.id })
    expect((await call(em.app, 'GET', `/user/tokens/${token.id}`)).status).toBe(404)
  })

  it('lists in pages; an expired token shows as expired and only with include_expired=true', async () => {
    const old = await call(em.app, 'POST', '/user/tokens', {
      name: 'old',
      policies: [policy],
      expires_on: '2020-01-01T00:00:00Z',
    })
    expect(old.body.result.status).toBe('expired')
    const ids = (q: string) => call(em.app, 'GET', `/user/tokens${q}`).then((r) => r.body.result.map((t: { id: string }) => t.id))
    expect(await ids('')).not.toContain(old.body.result.id)
    expect(await ids('?include_expired=true')).toContain(old.body.result.id)
    const page = await call(em.app, 'GET', '/user/tokens?per_page=1')
    expect(page.body.result_info).toMatchObject({ page: 1, per_page: 5 })
  })

  it('refuses a token without policies, or with a malformed permission group, at the field', async () => {
    const none = await call(em.app, 'POST', '/user/tokens', { name: 'x' })
    expect(none.status).toBe(400)
    expect(none.body.errors[0].source?.pointer).toBe('/policies')
    const bad = await call(em.app, 'POST', '/user/tokens', {
      name: 'x',
      policies: [{ ...policy, permission_groups: [{ id: 'zone-read' }] }],
    })
    expect(bad.body.errors[0].source?.pointer).toBe('/policies/0/permission_groups/0/id')
  })
})
