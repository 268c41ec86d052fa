import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from '.'

let em: ModuleEmulator
const Z = SEED_ZONES.pending.id // newshop.dev: a small zone with an A at the apex and a proxied www CNAME
const path = `/zones/${Z}/dns_records`
// Tags need a paid plan (newshop.dev is on Free): the tests that set tags use example.com (Pro).
const paidPath = `/zones/${SEED_ZONES.demo.id}/dns_records`
const post = (body: unknown, at = path) => call(em.app, 'POST', at, body)
const created = async (body: unknown, at = path) => {
  const r = await post(body, at)
  expect(r.body.errors, JSON.stringify(body)).toEqual([])
  expect(r.status).toBe(200)
  return r.body.result
}
const firstError = async (body: unknown) => {
  const r = await post(body)
  expect(r.status, JSON.stringify(r.body)).toBe(400)
  expect(r.body.success).toBe(false)
  return r.body.errors[0]
}

beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

describe('create', () => {
  it('accepts relative, @ and FQDN names and returns the lower-case FQDN', async () => {
    expect((await created({ type: 'A', name: 'Rel', content: '192.0.2.1' })).name).toBe('rel.newshop.dev')
    expect((await created({ type: 'TXT', name: '@', content: 'apex' })).name).toBe('newshop.dev')
    expect((await created({ type: 'A', name: 'FQ.NewShop.dev.', content: '192.0.2.2' })).name).toBe('fq.newshop.dev')
  })

  it('takes an internationalised name in Unicode and stores its punycode form, as the service does', async () => {
    expect((await created({ type: 'A', name: 'café', content: '192.0.2.4' })).name).toBe('xn--caf-dma.newshop.dev')
    expect((await created({ type: 'A', name: 'Bücher.newshop.dev.', content: '192.0.2.5' })).name).toBe('xn--bcher-kva.newshop.dev')
    // Already in punycode: stored as given.
    expect((await created({ type: 'A', name: 'xn--mnchen-3ya', content: '192.0.2.6' })).name).toBe('xn--mnchen-3ya.newshop.dev')
    // Other rules still hold after the conversion: a space is refused.
    expect((await firstError({ type: 'A', name: 'café bar', content: '192.0.2.7' })).code).toBe(9000)
  })

  it('returns the API fields (§3.3) without zone_id, zone_name or locked', async () => {
    const r = await created({ type: 'A', name: 'shape', content: '192.0.2.3', comment: 'hello', tags: ['owner:me'] }, paidPath)
    expect(Object.keys(r).sort()).toEqual(
      [
        'comment',
        'comment_modified_on',
        'content',
        'created_on',
        'id',
        'meta',
        'modified_on',
        'name',
        'proxiable',
        'proxied',
        'settings',
        'tags',
        'tags_modified_on',
        'ttl',
        'type',
      ].sort(),
    )
    expect(r.id).toMatch(/^[0-9a-f]{32}$/)
    expect(r.meta).toEqual({ auto_added: false, managed_by_apps: false, managed_by_argo_tunnel: false, source: 'primary' })
    expect(r.tags).toEqual(['owner:me'])
  })

  it('canonicalises AAAA content', async () => {
    expect((await created({ type: 'AAAA', name: 'v6', content: '2001:0DB8:0:0:0:0:0:0001' })).content).toBe('2001:db8::1')
  })

  it('TXT without quotes gains them; inconsistent quotes are refused', async () => {
    expect((await created({ type: 'TXT', name: 'txt', content: 'v=spf1 -all' })).content).toBe('"v=spf1 -all"')
    expect(await firstError({ type: 'TXT', name: 'txt2', content: 'a "b' })).toMatchObject({
      code: 1004,
      source: { pointer: '/content' },
    })
  })

  it('TTL: proxied records are forced to Automatic (1), DNS-only keep theirs, bad values 9021', async () => {
    expect((await created({ type: 'A', name: 'ttl-p', content: '192.0.2.4', ttl: 3600, proxied: true })).ttl).toBe(1)
    expect((await created({ type: 'A', name: 'ttl-d', content: '192.0.2.4', ttl: 3600 })).ttl).toBe(3600)
    expect((await created({ type: 'A', name: 'ttl-auto', content: '192.0.2.4' })).ttl).toBe(1)
    expect(await firstError({ type: 'A', name: 'ttl-bad', content: '192.0.2.4', ttl: 30 })).toMatchObject({
      code: 9021,
      source: { pointer: '/ttl' },
    })
  })

  it('only A, AAAA and CNAME can be proxied (9004); proxiable is false for private addresses', async () => {
    expect(await firstError({ type: 'MX', name: '@', content: 'mx.example.net', priority: 5, proxied: true })).toMatchObject({
      code: 9004,
    })
    expect((await created({ type: 'A', name: 'lan', content: '192.168.1.10' })).proxiable).toBe(false)
    expect((await created({ type: 'MX', name: '@', content: 'mx.example.net', priority: 5 })).proxiable).toBe(false)
  })

  it('A/AAAA cannot point into the service network', async () => {
    expect(await firstError({ type: 'A', name: 'cf', content: '104.16.0.1' })).toMatchObject({
      code: 9003,
      source: { pointer: '/content' },
    })
    expect(await firstError({ type: 'AAAA', name: 'cf6', content: '2606:4700::1' })).toMatchObject({ code: 9003 })
  })

  it('name rules: 9000 with a pointer; absolute names outside the zone are refused', async () => {
    // A leading digit is accepted (`9lives`, RFC 1123); a leading hyphen is not.
    expect((await created({ type: 'A', name: '9lives', content: '192.0.2.5' })).name).toBe('9lives.newshop.dev')
    expect(await firstError({ type: 'A', name: '-lives', content: '192.0.2.5' })).toMatchObject({
      code: 9000,
      source: { pointer: '/name' },
    })
    expect(await firstError({ type: 'A', name: 'x.example.org.', content: '192.0.2.5' })).toMatchObject({
      code: 9000,
      message: expect.stringMatching(/outside the zone/),
    })
    expect((await created({ type: 'A', name: '*.wild', content: '192.0.2.5' })).name).toBe('*.wild.newshop.dev')
    expect(await firstError({ type: 'A', name: 'a.*.b', content: '192.0.2.5' })).toMatchObject({ code: 9000 })
  })

  it('SRV: data in, "weight port target" content and top-level priority out', async () => {
    const r = await created({
      type: 'SRV',
      name: '_sip._tcp',
      data: { priority: 10, weight: 20, port: 5060, target: 'sip.newshop.dev.' },
    })
    expect(r).toMatchObject({
      content: '20 5060 sip.newshop.dev',
      priority: 10,
      data: { priority: 10, weight: 20, port: 5060, target: 'sip.newshop.dev' },
    })
  })

  it('SOA cannot be created', async () =>
    expect((await firstError({ type: 'SOA', name: '@', content: 'x' })).message).toMatch(/automatically/))

  it('exact duplicates are refused (81058); the same name with other content is fine', async () => {
    await created({ type: 'A', name: 'dup', content: '192.0.2.6' })
    expect(await firstError({ type: 'A', name: 'DUP', content: '192.0.2.6', ttl: 300 })).toMatchObject({ code: 81058 })
    await created({ type: 'A', name: 'dup', content: '192.0.2.7' })
    await created({ type: 'MX', name: 'dup', content: 'mx.example.net', priority: 1 })
    expect(await firstError({ type: 'MX', name: 'dup', content: 'mx.example.net.', priority: 1 })).toMatchObject({ code: 81058 })
    await created({ type: 'MX', name: 'dup', content: 'mx.example.net', priority: 2 })
  })

  it('a CNAME cannot share its name with any other record (81053), nor anything join a CNAME (81054)', async () => {
    await created({ type: 'TXT', name: 'busy', content: 'x' })
    expect(await firstError({ type: 'CNAME', name: 'busy', content: 'elsewhere.example.net' })).toMatchObject({
      code: 81053,
      source: { pointer: '/name' },
    })
    await created({ type: 'CNAME', name: 'alias', content: 'elsewhere.example.net' })
    expect(await firstError({ type: 'A', name: 'alias', content: '192.0.2.8' })).toMatchObject({ code: 81054 })
    expect(await firstError({ type: 'TXT', name: 'alias', content: 'x' })).toMatchObject({ code: 81054 })
    expect(await firstError({ type: 'CNAME', name: 'alias', content: 'other.example.net' })).toMatchObject({ code: 81053 })
  })

  it('CNAME to CNAME is allowed; proxied, the chain must end at an A/AAAA inside the zone', async () => {
    await created({ type: 'A', name: 'origin', content: '192.0.2.9' })
    await created({ type: 'CNAME', name: 'hop1', content: 'origin.newshop.dev', proxied: true })
    await created({ type: 'CNAME', name: 'hop2', content: 'hop1.newshop.dev', proxied: true })
    await created({ type: 'CNAME', name: 'dangling-ok', content: 'nothing-here.newshop.dev' }) // not proxied: allowed
    const e = await firstError({ type: 'CNAME', name: 'dangling', content: 'nothing-here.newshop.dev', proxied: true })
    expect(e).toMatchObject({ source: { pointer: '/content' } })
    expect(e.message).toMatch(/must end at an A or AAAA record/)
    // A chain through a CNAME that ends nowhere is refused too, even two hops away.
    expect((await firstError({ type: 'CNAME', name: 'via', content: 'dangling-ok.newshop.dev', proxied: true })).message).toMatch(
      /nothing-here/,
    )
    await created({ type: 'CNAME', name: 'external', content: 'somewhere.example.net', proxied: true })
    await created({ type: 'A', name: '*.apps', content: '192.0.2.10' })
    await created({ type: 'CNAME', name: 'to-wild', content: 'x.apps.newshop.dev', proxied: true })
  })

  it('a CNAME cannot point at itself', async () =>
    expect((await firstError({ type: 'CNAME', name: 'self', content: 'self.newshop.dev' })).message).toMatch(/own name/))
})

describe('read, update, delete', () => {
  it('GET one; unknown id 404 with 81044; unknown zone 404', async () => {
    const r = await created({ type: 'A', name: 'one', content: '192.0.2.20' })
    expect((await call(em.app, 'GET', `${path}/${r.id}`)).body.result).toEqual(r)
    const missing = await call(em.app, 'GET', `${path}/${'0'.repeat(32)}`)
    expect(missing.status).toBe(404)
    expect(missing.body.errors[0].code).toBe(81044)
    expect((await call(em.app, 'GET', `/zones/${'f'.repeat(32)}/dns_records`)).status).toBe(404)
  })

  it('PATCH changes only what is sent; proxied forces Automatic TTL; comment null clears', async () => {
    const r = await created({ type: 'A', name: 'patchme', content: '192.0.2.21', ttl: 600, comment: 'c', tags: ['a:b'] }, paidPath)
    const p1 = await call(em.app, 'PATCH', `${paidPath}/${r.id}`, { content: '192.0.2.22' })
    expect(p1.body.result).toMatchObject({
      content: '192.0.2.22',
      ttl: 600,
      comment: 'c',
      tags: ['a:b'],
      created_on: r.created_on,
    })
    const p2 = await call(em.app, 'PATCH', `${paidPath}/${r.id}`, { proxied: true, comment: null })
    expect(p2.body.result).toMatchObject({ proxied: true, ttl: 1, comment: null })
    expect(p2.body.result.comment_modified_on).toBeUndefined()
    const bad = await call(em.app, 'PATCH', `${paidPath}/${r.id}`, { content: 'nope' })
    expect(bad.body.errors[0]).toMatchObject({ code: 9005, source: { pointer: '/content' } })
  })

  it('PUT replaces: unspecified fields go back to defaults', async () => {
    const r = await created({ type: 'A', name: 'putme', content: '192.0.2.23', ttl: 600, comment: 'c', tags: ['a:b'] }, paidPath)
    const p = await call(em.app, 'PUT', `${paidPath}/${r.id}`, { type: 'A', name: 'putme', content: '192.0.2.24' })
    expect(p.body.result).toMatchObject({ id: r.id, content: '192.0.2.24', ttl: 1, comment: null, tags: [], proxied: false })
  })

  it('changing the type through PATCH or PUT is refused', async () => {
    const r = await created({ type: 'A', name: 'typed', content: '192.0.2.25' })
    for (const method of ['PATCH', 'PUT']) {
      const res = await call(em.app, method, `${path}/${r.id}`, { type: 'AAAA', name: 'typed', content: '2001:db8::25' })
      expect(res.status).toBe(400)
      expect(res.body.errors[0]).toMatchObject({
        source: { pointer: '/type' },
        message: expect.stringMatching(/cannot be changed.*Delete/),
      })
    }
  })

  it('PATCH keeps the zone rules: renaming onto a CNAME is refused, onto itself is fine', async () => {
    const r = await created({ type: 'A', name: 'mover', content: '192.0.2.26' })
    expect((await call(em.app, 'PATCH', `${path}/${r.id}`, { name: 'alias' })).body.errors[0].code).toBe(81054)
    expect((await call(em.app, 'PATCH', `${path}/${r.id}`, { name: 'mover', ttl: 300 })).status).toBe(200)
  })

  it('PATCH of a data record: new data recomputes content', async () => {
    const r = await created({ type: 'CAA', name: '@', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } })
    const p = await call(em.app, 'PATCH', `${path}/${r.id}`, { data: { flags: 0, tag: 'issue', value: 'pki.goog' } })
    expect(p.body.result.content).toBe('0 issue "pki.goog"')
  })

  it('the SOA is read-only: PATCH, PUT and DELETE refused', async () => {
    const list = await call(em.app, 'GET', `${path}?type=SOA`)
    const soa = list.body.result[0]
    expect(soa).toMatchObject({ type: 'SOA', name: 'newshop.dev', proxiable: false, meta: { auto_added: true } })
    for (const [method, body] of [
      ['PATCH', { ttl: 300 }],
      ['PUT', { type: 'SOA', name: '@', content: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(em.app, method, `${path}/${soa.id}`, body)
      expect(res.status, method).toBe(400)
      expect(res.body.errors[0].message).toMatch(/SOA/)
    }
  })

  it('DELETE answers result {id}; afterwards the record is gone', async () => {
    const r = await created({ type: 'A', name: 'bye', content: '192.0.2.27' })
    const d = await call(em.app, 'DELETE', `${path}/${r.id}`)
    expect(d.body).toMatchObject({ success: true, result: { id: r.id } })
    expect((await call(em.app, 'GET', `${path}/${r.id}`)).status).toBe(404)
    expect((await call(em.app, 'DELETE', `${path}/${r.id}`)).body.errors[0].code).toBe(81044)
  })

  it('malformed JSON is a 400', async () => {
    const res = await em.app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' })
    expect(res.status).toBe(400)
  })
})
