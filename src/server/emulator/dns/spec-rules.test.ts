import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from './index'

/**
 * The DNS rules of the specification hold on every write, not only on create: records.test.ts
 * checks them through POST; here the same rules go through PATCH and PUT.
 */
let em: ModuleEmulator
beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

const Z = SEED_ZONES.pending.id
const path = `/zones/${Z}/dns_records`
const create = async (body: unknown) => {
  const r = await call(em.app, 'POST', path, body)
  expect(r.body.errors, JSON.stringify(body)).toEqual([])
  return r.body.result as { id: string; ttl: number; content: string; proxied: boolean }
}
const write = (method: 'PATCH' | 'PUT', id: string, body: unknown) => call(em.app, method, `${path}/${id}`, body)
const refused = async (method: 'PATCH' | 'PUT', id: string, body: unknown) => {
  const r = await write(method, id, body)
  expect(r.status, JSON.stringify(r.body)).toBe(400)
  expect(r.body.success).toBe(false)
  return r.body.errors[0]
}
const stored = async (id: string) => (await call(em.app, 'GET', `${path}/${id}`)).body.result

describe('rule 2: only A, AAAA and CNAME can be proxied', () => {
  it.each([
    ['MX', { type: 'MX', name: 'mail-p', content: 'mx.example.net', priority: 5 }],
    ['TXT', { type: 'TXT', name: 'txt-p', content: 'hello' }],
  ])('PATCH proxied on %s is refused with 9004 and changes nothing', async (_type, body) => {
    const rec = await create(body)
    expect(await refused('PATCH', rec.id, { proxied: true })).toMatchObject({ code: 9004, source: { pointer: '/proxied' } })
    expect((await stored(rec.id)).proxied).toBe(false)
  })
})

describe('rule 4: no address of the service network', () => {
  it('PATCH and PUT of the content are refused with 9003', async () => {
    const rec = await create({ type: 'A', name: 'own-net', content: '192.0.2.30' })
    expect(await refused('PATCH', rec.id, { content: '104.16.0.1' })).toMatchObject({ code: 9003, source: { pointer: '/content' } })
    expect(await refused('PUT', rec.id, { type: 'A', name: 'own-net', content: '172.64.0.1' })).toMatchObject({ code: 9003 })
    expect((await stored(rec.id)).content).toBe('192.0.2.30')
  })
})

describe('rule 5: TTL forced to Auto (1) when proxied', () => {
  it('a TTL sent with PATCH or PUT on a proxied record is saved as 1; DNS-only keeps it', async () => {
    const rec = await create({ type: 'A', name: 'ttl-rules', content: '192.0.2.31', ttl: 600 })
    expect(rec.ttl).toBe(600)
    expect((await write('PATCH', rec.id, { ttl: 3600 })).body.result.ttl).toBe(3600)
    expect((await write('PATCH', rec.id, { proxied: true })).body.result.ttl).toBe(1)
    expect((await write('PATCH', rec.id, { ttl: 3600 })).body.result.ttl).toBe(1)
    expect((await write('PUT', rec.id, { type: 'A', name: 'ttl-rules', content: '192.0.2.31', proxied: true, ttl: 7200 })).body.result.ttl).toBe(1)
    expect((await stored(rec.id)).ttl).toBe(1)
  })
})

describe('rule 7: a proxied CNAME chain must end at an A or AAAA record', () => {
  it('turning proxying on through PATCH or PUT for a CNAME that ends nowhere is refused', async () => {
    const rec = await create({ type: 'CNAME', name: 'dangling-w', content: 'nowhere-w.newshop.dev' })
    expect((await refused('PATCH', rec.id, { proxied: true })).message).toMatch(/must end at an A or AAAA record/)
    expect(
      (await refused('PUT', rec.id, { type: 'CNAME', name: 'dangling-w', content: 'nowhere-w.newshop.dev', proxied: true })).source?.pointer,
    ).toBe('/content')
    expect((await stored(rec.id)).proxied).toBe(false)
  })

  it('pointing a proxied CNAME somewhere that ends nowhere is refused; at an address it is fine', async () => {
    await create({ type: 'A', name: 'origin-w', content: '192.0.2.32' })
    const rec = await create({ type: 'CNAME', name: 'www-w', content: 'origin-w.newshop.dev', proxied: true })
    expect((await refused('PATCH', rec.id, { content: 'ghost-w.newshop.dev' })).message).toMatch(/ghost-w/)
    const hop = await create({ type: 'CNAME', name: 'hop-w', content: 'origin-w.newshop.dev' })
    expect((await write('PATCH', rec.id, { content: 'hop-w.newshop.dev' })).status).toBe(200)
    expect((await stored(rec.id)).content).toBe('hop-w.newshop.dev')
    expect(hop.proxied).toBe(false)
  })

  it('a loop of CNAMEs never reaches an address, so it cannot be proxied', async () => {
    const one = await create({ type: 'CNAME', name: 'loop-a', content: 'loop-b.newshop.dev' })
    await create({ type: 'CNAME', name: 'loop-b', content: 'loop-a.newshop.dev' })
    expect((await refused('PATCH', one.id, { proxied: true })).message).toMatch(/loops/)
  })
})

describe('rule 9: TXT quotes', () => {
  it('PATCH adds quotes to unquoted content and refuses inconsistent quotes, keeping the saved content', async () => {
    const rec = await create({ type: 'TXT', name: 'txt-w', content: 'first' })
    expect(rec.content).toBe('"first"')
    expect((await write('PATCH', rec.id, { content: 'second value' })).body.result.content).toBe('"second value"')
    expect(await refused('PATCH', rec.id, { content: '"a" b' })).toMatchObject({ source: { pointer: '/content' } })
    expect((await stored(rec.id)).content).toBe('"second value"')
  })
})

describe('rule 3: name rules on rename', () => {
  it.each([
    ['64 characters', 'a'.repeat(64)],
    // A leading digit is accepted (RFC 1123; the service accepts it); a hyphen is not.
    ['a leading hyphen', '-host'],
    ['a trailing hyphen', 'host-'],
    ['other characters', 'ho$t'],
  ])('PATCH to a name with %s is refused with 9000', async (what, name) => {
    const rec = await create({ type: 'A', name: `rename-${what.split(' ').join('-')}`, content: '192.0.2.33' })
    expect(await refused('PATCH', rec.id, { name })).toMatchObject({ code: 9000, source: { pointer: '/name' } })
  })

  it('63 characters, an underscore and a leading digit are accepted', async () => {
    const rec = await create({ type: 'A', name: 'rename-ok', content: '192.0.2.34' })
    expect((await write('PATCH', rec.id, { name: 'b'.repeat(63) })).status).toBe(200)
    // The specification's "starts with a letter" is guidance (RFC 1123 allows a digit).
    expect((await write('PATCH', rec.id, { name: '1password' })).body.result.name).toBe('1password.newshop.dev')
    expect((await write('PATCH', rec.id, { name: 'under_score' })).body.result.name).toBe('under_score.newshop.dev')
  })
})
