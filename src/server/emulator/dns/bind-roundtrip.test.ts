import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from '.'
import { sql } from './store'

/**
 * Whatever the API accepts, the zone-file export writes so that importing it gives the
 * same records back: export → import → export is byte-identical, for every record type, even when
 * the values tried are hostile (line breaks, quotes, semicolons, parentheses, control characters).
 */
let em: ModuleEmulator
const ZONE = SEED_ZONES.demo.id
const BASE = `/zones/${ZONE}/dns_records`

beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000)
afterAll(() => em.close())

const clear = () => sql(em.db, "DELETE FROM dns_records WHERE zone_id = ? AND type != 'SOA'").run(ZONE)
const exportText = async () => (await em.app.request(`${BASE}/export`)).text()
async function importText(text: string) {
  const form = new FormData()
  form.set('file', new Blob([text], { type: 'text/plain' }), 'zone.txt')
  const res = await em.app.request(`${BASE}/import`, { method: 'POST', body: form })
  return (await res.json()) as { result: { refused: { text: string; message: string }[]; recs_added: number } }
}

const hostile = fc.constantFrom(
  'sip.example.net.\ninjected 300 IN A 6.6.6.6\n;',
  'a\r\nb',
  '"',
  '\\',
  'x;y',
  '(',
  ')',
  'cf_tags=evil',
  ' padded ',
  'tab\there',
  'nul\u0000',
  'line\u2028sep',
  'é ü 中',
  '203.0.113.25',
  '2001:db8::1',
  '',
)
const junk = fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 24 }))
const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}[a-z0-9]$/)
const host = fc.oneof(
  word.map((w) => `${w}.example.net`),
  word.map((w) => `${w.toUpperCase()}.Example.ORG.`),
  fc.constant('.'),
  junk,
)
const hex = fc.oneof(fc.stringMatching(/^[0-9a-fA-F]{8,64}$/), fc.stringMatching(/^[0-9a-f]{4}( [0-9a-f]{4}){1,3}$/), junk)
const b64 = fc.oneof(fc.stringMatching(/^[A-Za-z0-9+/]{4,40}={0,2}$/), junk)
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 12 }), junk)
const u8 = fc.integer({ min: 0, max: 255 })
const u16 = fc.integer({ min: 0, max: 65_535 })
const svcParams = fc.oneof(
  fc.constantFrom('', 'alpn="h2,h3" port=443', 'alpn=h2  ipv4hint=192.0.2.1', 'mandatory=alpn alpn="h\\"2"'),
  text,
)

const byType: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  A: fc.record({ content: fc.oneof(fc.ipV4(), junk), proxied: fc.boolean() }),
  AAAA: fc.record({ content: fc.oneof(fc.ipV6(), junk), proxied: fc.boolean() }),
  CNAME: fc.record({ content: host }),
  MX: fc.record({ content: host, priority: u16 }),
  NS: fc.record({ content: host }),
  PTR: fc.record({ content: host }),
  TXT: fc.record({
    content: fc.oneof(
      text,
      text.map((t) => `"${t}" "two"`),
    ),
  }),
  OPENPGPKEY: fc.record({ content: b64 }),
  CAA: fc.record({ data: fc.record({ flags: u8, tag: fc.constantFrom('issue', 'iodef', 'x;y'), value: text }) }),
  CERT: fc.record({ data: fc.record({ type: u16, key_tag: u16, algorithm: u8, certificate: b64 }) }),
  DNSKEY: fc.record({ data: fc.record({ flags: u16, protocol: u8, algorithm: u8, public_key: b64 }) }),
  DS: fc.record({ data: fc.record({ key_tag: u16, algorithm: u8, digest_type: u8, digest: hex }) }),
  HTTPS: fc.record({ data: fc.record({ priority: u16, target: host, value: svcParams }) }),
  SVCB: fc.record({ data: fc.record({ priority: u16, target: host, value: svcParams }) }),
  LOC: fc.record({
    data: fc.record({
      lat_degrees: fc.integer({ min: 0, max: 90 }),
      lat_minutes: fc.integer({ min: 0, max: 59 }),
      lat_seconds: fc.double({ min: 0, max: 59.999, noNaN: true }),
      lat_direction: fc.constantFrom('N', 'S'),
      long_degrees: fc.integer({ min: 0, max: 180 }),
      long_minutes: fc.integer({ min: 0, max: 59 }),
      long_seconds: fc.double({ min: 0, max: 59.999, noNaN: true }),
      long_direction: fc.constantFrom('E', 'W'),
      altitude: fc.double({ min: -100_000, max: 42_849_672.95, noNaN: true }),
      size: fc.double({ min: 0, max: 90_000_000, noNaN: true }),
      precision_horz: fc.double({ min: 0, max: 90_000_000, noNaN: true }),
      precision_vert: fc.double({ min: 0, max: 90_000_000, noNaN: true }),
    }),
  }),
  NAPTR: fc.record({
    data: fc.record({ order: u16, preference: u16, flags: text, service: text, regex: text, replacement: host }),
  }),
  SMIMEA: fc.record({ data: fc.record({ usage: u8, selector: u8, matching_type: u8, certificate: hex }) }),
  TLSA: fc.record({ data: fc.record({ usage: u8, selector: u8, matching_type: u8, certificate: hex }) }),
  SRV: fc.record({ data: fc.record({ priority: u16, weight: u16, port: u16, target: host }) }),
  SSHFP: fc.record({ data: fc.record({ algorithm: u8, type: u8, fingerprint: hex }) }),
  URI: fc.record({ priority: u16, data: fc.record({ weight: u16, target: fc.oneof(fc.webUrl(), text) }) }),
}

const tag = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_-]{0,6}:[a-z0-9.=/-]{0,8}$/), junk)
const common = fc.record(
  {
    ttl: fc.oneof(fc.constant(1), fc.integer({ min: 60, max: 86_400 })),
    comment: fc.oneof(fc.constant(null), text),
    tags: fc.array(tag, { maxLength: 3 }),
  },
  { requiredKeys: [] },
)
const recordArb = fc
  .constantFrom(...Object.keys(byType))
  .chain((type) => fc.tuple(fc.constant(type), byType[type], common))
  .map(([type, fields, extra]) => ({ type, ...extra, ...fields }))

describe('zone file export', () => {
  it('export → import → export is byte-identical for every record type, whatever values were accepted', async () => {
    const typesSaved = new Set<string>()
    await fc.assert(
      fc.asyncProperty(fc.array(recordArb, { minLength: 1, maxLength: 10 }), async (bodies) => {
        clear()
        let saved = 0
        for (const [i, body] of bodies.entries()) {
          const name = body.type === 'SRV' ? `_s${i}._tcp` : `n${i}`
          const res = await call(em.app, 'POST', BASE, { ...body, name })
          if (res.status === 200) {
            saved++
            typesSaved.add(body.type)
          }
        }
        const first = await exportText()
        const recordLines = first.split('\n').filter((l) => l !== '' && !l.startsWith(';'))
        expect(recordLines).toHaveLength(saved + 1) // and the SOA
        for (const line of recordLines) expect(line).toMatch(/^(n\d+|_s\d+\._tcp)?\.?example\.com\.\t\d+\tIN\t[A-Z]+\t/)
        clear()
        const outcome = await importText(first)
        expect(outcome.result.refused.map((r) => r.message)).toEqual([expect.stringMatching(/SOA/)])
        expect(outcome.result.recs_added).toBe(saved)
        expect(await exportText()).toBe(first)
      }),
      { numRuns: 120 },
    )
    // The run saved records of every type, not only refused hostile ones.
    expect([...typesSaved].sort()).toEqual(Object.keys(byType).sort())
  }, 120_000)

  it('refuses the reported SRV body, so the export never carries an injected line', async () => {
    clear()
    const res = await call(em.app, 'POST', BASE, {
      type: 'SRV',
      name: '_x._tcp.inj',
      data: { priority: 1, weight: 1, port: 1, target: 'sip.example.net.\ninjected 300 IN A 6.6.6.6\n;' },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].source?.pointer).toBe('/data/target')
    expect(await exportText()).not.toMatch(/injected/i)
  })
})
