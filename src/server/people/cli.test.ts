import { afterAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../auth/passwords'
import { createStore } from '../store'
import { runPeopleCommand } from './cli'

const store = createStore({ dataDir: ':memory:' })
afterAll(() => store.close())
const run = async (...argv: string[]) => {
  const lines: string[] = []
  await runPeopleCommand(argv, store, (l) => lines.push(l))
  return lines.join('\n')
}

describe('npm run people', () => {
  it('adds a person with a role and zones, printing a one-time password that works', async () => {
    const out = await run('add', 'Eve', '--role', 'editor', '--zones', 'example.com, shop.io', '--name', 'Eve E.')
    const password = /One-time password: (\S+)/.exec(out)![1]
    const eve = await store.people.byUsername('eve')
    expect(eve).toMatchObject({ role: 'editor', zones: ['example.com', 'shop.io'], displayName: 'Eve E.' })
    expect(await verifyPassword(password, eve!.passwordHash!)).toBe(true)
  })

  it('refuses bad input with plain words', async () => {
    await expect(run('add', 'x')).rejects.toThrow(/--role viewer, reviewer, editor or admin/)
    await expect(run('add', 'eve', '--role', 'viewer')).rejects.toThrow(/taken/)
    await expect(run('add', 'bad name', '--role', 'viewer')).rejects.toThrow(/lower-case letters/)
    await expect(run('add', 'z', '--role', 'viewer', '--zones', 'not a zone')).rejects.toThrow(/domain name/)
    await expect(run('frobnicate')).rejects.toThrow(/Unknown command/)
  })

  it('lists, resets a password (ending sessions) and disables', async () => {
    expect(await run('list')).toMatch(/^eve\teditor\texample.com,shop.io\tactive\tEve E\.$/m)
    const eve = (await store.people.byUsername('eve'))!
    await store.sessions.create(eve.id, '::1', 'test')
    const reset = await run('reset-password', 'eve')
    expect(reset).toMatch(/New one-time password for eve: \S+ \(1 session\(s\) ended, 0 API token\(s\) revoked\)/)
    expect(await run('disable', 'eve')).toContain('Disabled eve')
    expect((await store.people.byUsername('eve'))?.disabled).toBe(true)
    await expect(run('disable', 'nobody')).rejects.toThrow(/Nobody is called nobody/)
  })

  it('links and unlinks a single sign-on identity', async () => {
    await run('add', 'fay', '--role', 'viewer')
    await run('add', 'gus', '--role', 'viewer')
    const fay = (await store.people.byUsername('fay'))!
    await store.sessions.create(fay.id, '::1', 'test')
    expect(await run('link', 'fay', '--issuer', 'https://id.example.com', '--subject', 'fay-123')).toContain(
      'Linked fay to fay-123 at https://id.example.com',
    )
    expect((await store.people.byUsername('fay'))?.sso).toEqual({ issuer: 'https://id.example.com', subject: 'fay-123' })
    expect(await run('list')).toMatch(/^fay\tviewer\tall zones\tactive\tfay\tsso https:\/\/id\.example\.com fay-123$/m)
    await expect(run('link', 'gus', '--issuer', 'https://id.example.com', '--subject', 'fay-123')).rejects.toThrow(
      /linked to fay/,
    )
    await expect(run('link', 'fay', '--issuer', 'https://id.example.com', '--subject', 'other')).rejects.toThrow(
      /unlink fay first/,
    )
    await expect(run('link', 'gus', '--subject', 'x')).rejects.toThrow(/issuer/i)
    expect(await run('unlink', 'fay')).toBe('Unlinked fay; 1 session(s) ended.')
    await expect(run('unlink', 'fay')).rejects.toThrow(/no single sign-on identity/)
    expect(await run('link', 'gus', '--issuer', 'https://id.example.com', '--subject', 'fay-123')).toContain('Linked gus')
  })
})

describe('npm run people: roles per account', () => {
  const A = 'a'.repeat(32)
  it('grants and revokes a role in one account with --account, and lists it', async () => {
    await run('add', 'root', '--role', 'admin')
    await run('add', 'kim', '--role', 'viewer')
    expect(await run('grant', 'kim', '--role', 'editor', '--account', A, '--zones', 'example.com')).toBe(`kim: editor in account ${A} (example.com).`)
    const kim = (await store.people.byUsername('kim'))!
    expect(await store.grants.forAccount(kim.id, A)).toEqual({ account: A, role: 'editor', zones: ['example.com'] })
    expect(await store.grants.forAccount(kim.id, 'b'.repeat(32))).toMatchObject({ role: 'viewer' })
    expect(await run('list')).toContain(`  account ${A}\teditor\texample.com`)
    expect(await run('revoke', 'kim', '--account', A)).toContain('no role in account')
    expect(await store.grants.forAccount(kim.id, A)).toMatchObject({ account: '*', role: 'viewer' })
    await expect(run('grant', 'kim', '--role', 'viewer', '--account', 'nope')).rejects.toThrow(/32 hexadecimal digits/)
  })
})
