import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from '.'

let em: ModuleEmulator
const DEMO = `/zones/${SEED_ZONES.demo.id}/dns_records`
const MOVED = `/zones/${SEED_ZONES.moved.id}/dns_records`

const exportText = async (base: string) => {
  const res = await em.app.request(`${base}/export`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
  return res.text()
}
const importFile = async (base: string, text: string, proxied?: string) => {
  const form = new FormData()
  form.set('file', new Blob([text], { type: 'text/plain' }), 'zone.txt')
  if (proxied !== undefined) form.set('proxied', proxied)
  const res = await em.app.request(`${base}/import`, { method: 'POST', body: form })
  return { status: res.status, body: await res.json() }
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- records as the API returns them
type Rec = any
const records = async (base: string): Promise<Rec[]> =>
  (await call(em.app, 'GET', `${base}?per_page=5000&order=name`)).body.result
/** What a record means, independent of its id and timestamps. */
const essence = (r: Rec) =>
  JSON.stringify([
    r.type,
    r.name,
    r.content,
    r.priority ?? null,
    r.data ?? null,
    r.proxied,
    r.ttl,
    r.comment,
    [...r.tags].sort(),
    r.settings,
  ])

beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

describe('export', () => {
  it('writes a BIND file with absolute names, the SOA, and comments/tags/proxy status after each record', async () => {
    const text = await exportText(DEMO)
    expect(text).toMatch(/^;; Domain:\s+example\.com\.$/m)
    expect(text).toMatch(/^example\.com\.\t3600\tIN\tSOA\t\S+\. dns\.cloudflare\.com\. \d+ /m)
    expect(text).toContain('www.example.com.\t1\tIN\tCNAME\texample.com. ; www goes to the main website cf_tags=cf-proxied:true')
    expect(text).toContain('_sip._tcp.example.com.\t3600\tIN\tSRV\t10 60 5060 sip.example.com.')
    expect(text).toContain('example.com.\t3600\tIN\tMX\t10 mx1.mail-provider.net.')
    expect(text).toContain('example.com.\t1\tIN\tCAA\t0 issue "letsencrypt.org"')
    expect(text.split('\n').filter((l) => /\tIN\t/.test(l))).toHaveLength((await records(DEMO)).length)
  })
})

describe('import', () => {
  it('round-trips: export, delete everything, import, same records', async () => {
    const before = await records(DEMO)
    const text = await exportText(DEMO)
    for (const r of before) if (r.type !== 'SOA') await call(em.app, 'DELETE', `${DEMO}/${r.id}`)
    expect((await records(DEMO)).map((r) => r.type)).toEqual(['SOA'])

    const res = await importFile(DEMO, text)
    expect(res.status).toBe(200)
    expect(res.body.result.recs_added).toBe(before.length - 1)
    expect(res.body.result.total_records_parsed).toBe(before.length)
    expect(res.body.result.refused).toEqual([expect.objectContaining({ message: expect.stringMatching(/SOA/) })])
    expect(res.body.messages).toHaveLength(1)
    const after = await records(DEMO)
    expect(after.map(essence).sort()).toEqual(before.map(essence).sort())
  })

  it('reads $ORIGIN, $TTL, relative names, omitted owners, parentheses, units and $GENERATE', async () => {
    const file = [
      '$ORIGIN old-brand.net.',
      '$TTL 1h',
      'www   IN  A   192.0.2.101',
      '      IN  AAAA 2001:db8::101 ; same owner as above',
      'api 300 IN A 192.0.2.102',
      'txt IN TXT ( "part one"',
      '             "part two" )',
      '@ IN MX 20 mx2.old-mail.net.',
      'srv-host IN A 192.0.2.103',
      '_svc._tcp IN SRV 1 2 8080 srv-host',
      '$GENERATE 1-3 host-$ A 192.0.2.$',
      'ttl-day 1d IN A 192.0.2.104',
    ].join('\n')
    const res = await importFile(MOVED, file)
    expect(res.body.result.refused).toEqual([])
    expect(res.body.result.recs_added).toBe(11)
    const all = await records(MOVED)
    const find = (type: string, name: string) => all.find((r) => r.type === type && r.name === name)
    expect(find('A', 'www.old-brand.net')).toMatchObject({ ttl: 3600, content: '192.0.2.101' })
    expect(find('AAAA', 'www.old-brand.net')).toMatchObject({ content: '2001:db8::101', comment: 'same owner as above' })
    expect(find('A', 'api.old-brand.net')?.ttl).toBe(300)
    expect(find('TXT', 'txt.old-brand.net')?.content).toBe('"part one" "part two"')
    expect(all.find((r) => r.type === 'MX' && r.content === 'mx2.old-mail.net')).toMatchObject({
      name: 'old-brand.net',
      priority: 20,
    })
    expect(find('SRV', '_svc._tcp.old-brand.net')).toMatchObject({ content: '2 8080 srv-host.old-brand.net', priority: 1 })
    expect(find('A', 'host-2.old-brand.net')?.content).toBe('192.0.2.2')
    expect(find('A', 'ttl-day.old-brand.net')?.ttl).toBe(86400)
  })

  it('adds what it can and lists every refused line with its reason', async () => {
    const file = [
      'ok1.old-brand.net. 300 IN A 192.0.2.110',
      'bad-ip 300 IN A 999.1.1.1',
      'cf 300 IN A 104.16.1.1',
      'ok1.old-brand.net. 300 IN A 192.0.2.110',
      'ok1 300 IN CNAME elsewhere.example.net.',
      'weird 300 IN BOGUS data',
      'ttl 5 IN A 192.0.2.111',
      'outside.example.org. 300 IN A 192.0.2.112',
      'ok2 IN TXT "fine"',
    ].join('\n')
    const res = await importFile(MOVED, file)
    expect(res.status).toBe(200)
    const r = res.body.result
    expect(r.added.map((a: Rec) => a.line)).toEqual([1, 9])
    expect(r.recs_added).toBe(2)
    expect(r.total_records_parsed).toBe(8) // the BOGUS line is not a record
    expect(r.refused.map((x: Rec) => [x.line, x.code])).toEqual([
      [2, 9005],
      [3, 9003],
      [4, 81058],
      [5, 81053],
      [6, 1004],
      [7, 9021],
      [8, 9000],
    ])
    expect(r.refused[0]).toMatchObject({ text: 'bad-ip 300 IN A 999.1.1.1', message: expect.stringMatching(/IPv4.*\(content\)/) })
    expect(res.body.messages[0].message).toMatch(/^Line 2: /)
  })

  it('applies the proxied flag to proxiable records; cf-proxied tags win; chains may come in any order', async () => {
    const file = [
      'front 300 IN CNAME back.old-brand.net.',
      'back 300 IN A 192.0.2.120',
      'mailx 300 IN MX 10 mx.example.net.',
      'lan 300 IN A 10.1.1.1',
      'kept 300 IN A 192.0.2.121 ; cf_tags=cf-proxied:false',
    ].join('\n')
    const res = await importFile(MOVED, file, 'true')
    expect(res.body.result.refused).toEqual([])
    const all = await records(MOVED)
    const get = (name: string) => all.find((r) => r.name === `${name}.old-brand.net`)
    expect(get('front')).toMatchObject({ proxied: true, ttl: 1 })
    expect(get('back')?.proxied).toBe(true)
    expect(get('mailx')?.proxied).toBe(false)
    expect(get('lan')?.proxied).toBe(false)
    // The Free plan has no tags; the reserved cf-proxied one is a setting, not a tag.
    expect(get('kept')).toMatchObject({ proxied: false, tags: [] })
  })

  it('applies the rules of the form per line: names may start with a digit, an MX target may not be an IP', async () => {
    const file = [
      '3d 300 IN A 192.0.2.140',
      '1password 300 IN CNAME app.example.net.',
      '20230601._domainkey 300 IN TXT "v=DKIM1; k=rsa; p=MIIB"',
      'mail-ip 300 IN MX 10 192.0.2.5',
      'mail-ip6 300 IN MX 10 2001:db8::25',
      '-bad 300 IN A 192.0.2.141',
    ].join('\n')
    const res = await importFile(MOVED, file)
    expect(res.status).toBe(200)
    const r = res.body.result
    expect(r.added.map((a: Rec) => a.name)).toEqual([
      '3d.old-brand.net',
      '1password.old-brand.net',
      '20230601._domainkey.old-brand.net',
    ])
    expect(r.refused.map((x: Rec) => [x.line, x.code])).toEqual([
      [4, 9009],
      [5, 9009],
      [6, 9000],
    ])
    expect(r.refused[0].message).toMatch(/^The mail server must be a host name, not an IP address.*\(content\)$/)
    expect(res.body.messages[0].message).toMatch(/^Line 4: The mail server must be a host name/)
    const all = await records(MOVED)
    expect(all.some((x: Rec) => x.content.startsWith('192.0.2.5.'))).toBe(false)
  })

  it('refuses $INCLUDE outright, without adding anything', async () => {
    const count = (await records(MOVED)).length
    const res = await importFile(MOVED, 'a 300 IN A 192.0.2.130\n$INCLUDE other.zone\n')
    expect(res.status).toBe(400)
    expect(res.body.errors[0].message).toMatch(/\$INCLUDE directive not allowed/)
    expect((await records(MOVED)).length).toBe(count)
  })

  it('needs multipart with a file; proxied must be true or false', async () => {
    const json = await call(em.app, 'POST', `${MOVED}/import`, { file: 'x' })
    expect(json.status).toBe(400)
    const form = new FormData()
    form.set('other', 'x')
    expect((await em.app.request(`${MOVED}/import`, { method: 'POST', body: form })).status).toBe(400)
    expect((await importFile(MOVED, 'a 300 IN A 192.0.2.131', 'yes')).status).toBe(400)
  })
})
