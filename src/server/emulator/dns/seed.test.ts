import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_DNS_RECORD_TYPES } from '../../../shared/dns/record-types'
import { dnsRecordInputSchema, dnsRecordSchema } from '../../../shared/schemas/dns-record'
import { createModuleEmulator } from '../../../testing/module-emulator'
import { createEmulator, type Emulator } from '..'
import type { ZoneRef } from '../lookup'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from '.'
import { checkRecordRules } from './rules'
import { toApiRecord, type RecordRow } from './store'
import { prepareRecord, rowToInput } from './write'

let em: Emulator
const rows = (zoneId: string) =>
  em.db.prepare('SELECT * FROM dns_records WHERE zone_id = ? ORDER BY rowid').all(zoneId) as RecordRow[]
const zone = (id: string) => em.db.prepare('SELECT id, name, account_id, status FROM zones WHERE id = ?').get(id) as ZoneRef

beforeAll(() => {
  em = createEmulator({ file: ':memory:' })
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

describe('DNS seed', () => {
  it('example.com: about 60 records covering every type, SOA included', () => {
    const demo = rows(SEED_ZONES.demo.id)
    expect(demo.length).toBeGreaterThanOrEqual(55)
    expect(demo.length).toBeLessThanOrEqual(70)
    expect(new Set(demo.map((r) => r.type))).toEqual(new Set(ALL_DNS_RECORD_TYPES))
    const api = demo.map(toApiRecord)
    expect(api.some((r) => r.meta.auto_added && r.type !== 'SOA')).toBe(true)
    expect(api.some((r) => r.meta.managed_by_apps)).toBe(true)
    expect(api.filter((r) => r.comment).length).toBeGreaterThan(10)
    expect(api.filter((r) => r.tags.length).length).toBeGreaterThan(5)
    expect(api.some((r) => r.proxied) && api.some((r) => r.proxiable && !r.proxied)).toBe(true)
    const txt = api.filter((r) => r.type === 'TXT').map((r) => r.content)
    for (const kind of [/v=spf1/, /v=DKIM1/, /v=DMARC1/])
      expect(
        txt.some((c) => kind.test(c)),
        String(kind),
      ).toBe(true)
    for (const r of api) expect(dnsRecordSchema.safeParse(r).success, r.name).toBe(true)
  })

  it('every seeded record (but the SOA) passes the same checks as an API write', () => {
    const demo = zone(SEED_ZONES.demo.id)
    for (const r of rows(demo.id).filter((x) => x.type !== 'SOA'))
      expect(() => prepareRecord(em.db, demo, rowToInput(r), r.id), `${r.type} ${r.name}`).not.toThrow()
    const large = zone(SEED_ZONES.large.id)
    const sample = rows(large.id).filter((_, i) => i % 97 === 0)
    for (const r of sample.filter((x) => x.type !== 'SOA')) {
      const input = rowToInput(r)
      expect(dnsRecordInputSchema.safeParse(input).error?.issues ?? [], `${r.type} ${r.name}`).toEqual([])
      expect(() => checkRecordRules(em.db, large, prepareRecord(em.db, large, input, r.id), r.id)).not.toThrow()
    }
  })

  it('no seeded zone breaks the same-name rules: NS alone (bar DS, apex exempt), TXT ≤ 8,192 per name', () => {
    const nsShared = em.db
      .prepare(
        `SELECT r.zone_id, r.name, r.type FROM dns_records r JOIN zones z ON z.id = r.zone_id
         WHERE r.name != z.name AND r.type NOT IN ('NS', 'DS', 'SOA') AND EXISTS (
           SELECT 1 FROM dns_records n WHERE n.zone_id = r.zone_id AND n.name = r.name AND n.type = 'NS')`,
      )
      .all()
    expect(nsShared).toEqual([])
    const txtTotals = em.db
      .prepare(
        "SELECT name, SUM(LENGTH(content)) AS total FROM dns_records WHERE type = 'TXT' GROUP BY zone_id, name HAVING total > 8192",
      )
      .all()
    expect(txtTotals).toEqual([])
    // The rules are not vacuous here: the large zone has delegations, the demo a DS beside its NS.
    const count = (q: string) => (em.db.prepare(q).get() as { n: number }).n
    expect(
      count(`SELECT COUNT(*) AS n FROM dns_records WHERE zone_id = '${SEED_ZONES.large.id}' AND type = 'NS'`),
    ).toBeGreaterThan(50)
    expect(
      count(
        `SELECT COUNT(*) AS n FROM dns_records WHERE zone_id = '${SEED_ZONES.demo.id}' AND name = 'lab.example.com' AND type = 'DS'`,
      ),
    ).toBe(1)
  })

  it('bigcorp-records.com holds 10,000 records of varied types; the other zones a few', () => {
    const large = rows(SEED_ZONES.large.id)
    expect(large).toHaveLength(10_000)
    expect(new Set(large.map((r) => r.type)).size).toBeGreaterThanOrEqual(8)
    expect(new Set(large.map((r) => r.id)).size).toBe(10_000)
    for (const z of [SEED_ZONES.pending, SEED_ZONES.moved]) expect(rows(z.id).length).toBeLessThanOrEqual(5)
    for (const r of [...large.slice(0, 50), ...rows(SEED_ZONES.demo.id)]) expect(r.id).toMatch(/^[0-9a-f]{32}$/)
  })

  it('is the same on every reset (ids and content)', () => {
    const snapshot = () => JSON.stringify(em.db.prepare('SELECT id, type, name, content FROM dns_records ORDER BY id').all())
    const before = snapshot()
    em.reset()
    expect(snapshot()).toBe(before)
    const other = createModuleEmulator([dnsModule])
    const again = createModuleEmulator([dnsModule])
    const ids = (e: typeof other) => JSON.stringify(e.db.prepare('SELECT id, content FROM dns_records ORDER BY id').all())
    expect(ids(other)).toBe(ids(again))
    other.close()
    again.close()
  }, 90_000)
})
