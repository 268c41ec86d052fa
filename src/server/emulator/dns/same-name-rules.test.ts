import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TXT_NAME_TOTAL_CODE } from '../../../shared/dns/txt'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from './index'

/** NS shares its name with nothing (81056) and the TXT records of one name hold ≤ 8,192 characters. */
let em: ModuleEmulator
beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

const ZONE = 'newshop.dev' // SEED_ZONES.pending: holds A, CNAME www and TXT at the apex
const path = `/zones/${SEED_ZONES.pending.id}/dns_records`
type Rec = { id: string; name: string; content: string; type: string }
const create = async (body: unknown): Promise<Rec> => {
  const r = await call(em.app, 'POST', path, body)
  expect(r.body.errors, JSON.stringify(body).slice(0, 200)).toEqual([])
  return r.body.result as Rec
}
const refusal = async (method: 'POST' | 'PATCH' | 'PUT', body: unknown, id = '') => {
  const r = await call(em.app, method, id ? `${path}/${id}` : path, body)
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400)
  return r.body.errors[0]
}
const stored = async (id: string) => (await call(em.app, 'GET', `${path}/${id}`)).body.result as Rec
const importFile = async (text: string) => {
  const form = new FormData()
  form.set('file', new Blob([text], { type: 'text/plain' }), 'zone.txt')
  const res = await em.app.request(`${path}/import`, { method: 'POST', body: form })
  expect(res.status).toBe(200)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the import envelope as returned
  return (await res.json()) as any
}

const NS_TAKEN = /^NS records with that name already exist/
const OTHERS_THERE = /^Other records already use that name/

describe('NS records share their name with nothing else (81056)', () => {
  it('create: nothing but NS (or DS) joins an NS name; NS does not join a used name', async () => {
    await create({ type: 'NS', name: 'deleg', content: 'ns1.other-dns.net' })
    for (const body of [
      { type: 'A', name: 'deleg', content: '192.0.2.1' },
      { type: 'TXT', name: 'deleg', content: 'hello' },
      { type: 'CNAME', name: 'deleg', content: 'elsewhere.example.net' },
      { type: 'MX', name: 'DELEG', content: 'mx.example.net', priority: 1 },
    ])
      expect(await refusal('POST', body), body.type).toMatchObject({
        code: 81056,
        message: expect.stringMatching(NS_TAKEN),
        source: { pointer: '/name' },
      })
    await create({ type: 'NS', name: 'deleg', content: 'ns2.other-dns.net' })
    await create({ type: 'DS', name: 'deleg', data: { key_tag: 1, algorithm: 13, digest_type: 2, digest: 'AB'.repeat(32) } })

    await create({ type: 'A', name: 'busy', content: '192.0.2.2' })
    const e = await refusal('POST', { type: 'NS', name: 'busy', content: 'ns1.other-dns.net' })
    expect(e).toMatchObject({ code: 81056, source: { pointer: '/name' } })
    expect(e.message).toMatch(OTHERS_THERE)
    expect(e.message).toMatch(/busy\.newshop\.dev has an A record/)
  })

  it('the apex is exempt: NS records there sit beside the SOA, A and TXT records', async () => {
    const ns = await create({ type: 'NS', name: '@', content: 'ns1.second-provider.net' })
    expect(ns.name).toBe(ZONE)
    await create({ type: 'MX', name: '@', content: 'mx.example.net', priority: 10 })
  })

  it('PUT onto an NS name, and PATCH renames either way, are refused and change nothing', async () => {
    const a = await create({ type: 'A', name: 'mover', content: '192.0.2.3' })
    expect(await refusal('PATCH', { name: 'deleg' }, a.id)).toMatchObject({
      code: 81056,
      message: expect.stringMatching(NS_TAKEN),
    })
    expect(await refusal('PUT', { type: 'A', name: 'deleg', content: '192.0.2.3' }, a.id)).toMatchObject({ code: 81056 })
    expect((await stored(a.id)).name).toBe(`mover.${ZONE}`)

    const ns = await create({ type: 'NS', name: 'ns-mover', content: 'ns1.other-dns.net' })
    expect(await refusal('PATCH', { name: 'busy' }, ns.id)).toMatchObject({
      code: 81056,
      message: expect.stringMatching(OTHERS_THERE),
    })
    expect((await stored(ns.id)).name).toBe(`ns-mover.${ZONE}`)
  })

  it('an NS record beside its DS and sibling NS can still be edited in place', async () => {
    const all = (await call(em.app, 'GET', `${path}?type=NS&name=deleg.${ZONE}`)).body.result as Rec[]
    const r = await call(em.app, 'PATCH', `${path}/${all[0].id}`, { ttl: 3600, content: 'ns3.other-dns.net' })
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
  })

  it('import: the line that would break the rule is refused with the reason; the rest is added', async () => {
    const res = await importFile(
      [
        `$ORIGIN ${ZONE}.`,
        'sub 300 IN NS ns1.sub-dns.net.',
        'sub 300 IN A 192.0.2.10',
        'used 300 IN TXT "x"',
        'used 300 IN NS ns1.sub-dns.net.',
      ].join('\n'),
    )
    expect(res.result.added.map((a: Rec & { line: number }) => a.line)).toEqual([2, 4])
    expect(res.result.refused).toEqual([
      expect.objectContaining({ line: 3, code: 81056, message: expect.stringMatching(NS_TAKEN) }),
      expect.objectContaining({ line: 5, code: 81056, message: expect.stringMatching(OTHERS_THERE) }),
    ])
    expect(res.messages[0].message).toMatch(/^Line 3: NS records with that name already exist/)
  })
})

describe(`all TXT records at one name together hold at most 8,192 characters (${TXT_NAME_TOTAL_CODE})`, () => {
  // 2000 characters are saved as 8 quoted strings: 2000 + 16 quotes + 7 spaces = 2023.
  const big = (ch: string) => ch.repeat(2000)

  it('create: four records of 2023 fit (8092); a fifth fits up to exactly 8192', async () => {
    for (const ch of 'abcd') await create({ type: 'TXT', name: 'bulk', content: big(ch) })
    const e = await refusal('POST', { type: 'TXT', name: 'bulk', content: 'e'.repeat(99) }) // saved as 101 → 8193
    expect(e).toMatchObject({ code: TXT_NAME_TOTAL_CODE, source: { pointer: '/content' } })
    expect(e.message).toMatch(/at most 8192 characters together/)
    expect(e.message).toMatch(/already use 8092, so this one can have at most 100 \(it has 101/)
    await create({ type: 'TXT', name: 'bulk', content: 'e'.repeat(98) }) // saved as 100 → 8192
    // Other names and other types are not counted.
    await create({ type: 'TXT', name: 'bulk2', content: big('f') })
    await create({ type: 'MX', name: 'bulk', content: 'mx.example.net', priority: 1 })
  })

  it('PUT and PATCH count every other TXT record at the name but not the record itself', async () => {
    const list = (await call(em.app, 'GET', `${path}?type=TXT&name=bulk.${ZONE}`)).body.result as Rec[]
    const small = list.find((r) => r.content.length === 100)!
    expect(await refusal('PATCH', { content: 'g'.repeat(99) }, small.id)).toMatchObject({ code: TXT_NAME_TOTAL_CODE })
    expect(await refusal('PUT', { type: 'TXT', name: 'bulk', content: 'g'.repeat(120) }, small.id)).toMatchObject({
      code: TXT_NAME_TOTAL_CODE,
    })
    expect((await call(em.app, 'PATCH', `${path}/${small.id}`, { content: 'h'.repeat(98), comment: 'same size' })).status).toBe(
      200,
    )
  })

  it('a PATCH rename into a full name is refused and changes nothing', async () => {
    const r = await create({ type: 'TXT', name: 'elsewhere', content: 'short text' })
    expect(await refusal('PATCH', { name: 'bulk' }, r.id)).toMatchObject({
      code: TXT_NAME_TOTAL_CODE,
      source: { pointer: '/content' },
    })
    expect((await stored(r.id)).name).toBe(`elsewhere.${ZONE}`)
  })

  it('import: the line that would pass the total is refused with the reason', async () => {
    const line = (ch: string) => `quota 300 IN TXT "${ch.repeat(2000)}"`
    const res = await importFile([`$ORIGIN ${ZONE}.`, ...'pqrst'.split('').map(line)].join('\n'))
    expect(res.result.recs_added).toBe(4)
    expect(res.result.refused).toEqual([expect.objectContaining({ line: 6, code: TXT_NAME_TOTAL_CODE })])
    expect(res.messages[0].message).toMatch(/^Line 6: Too much text at quota\.newshop\.dev/)
  })
})
