import { normaliseRecordInput } from '../../../shared/dns/normalise'
import { dnsRecordInputSchema } from '../../../shared/schemas/dns-record'
import { rng as makeRng, stableId, type Rng } from '../ids'
import type { ZoneRef } from '../lookup'
import type { Db, SeedContext } from '../module'
import { SEED_ZONES } from '../seed-ids'
import { checkRecordRules } from './rules'
import { DEMO_RECORDS, MOVED_RECORDS, PENDING_RECORDS, SCRIPTS_ZONE_RECORDS, type SeedRecord } from './seed-demo'
import { seedLargeZone } from './seed-large'
import { ensureSoa } from './soa'
import { DEFAULT_META, insertRecord } from './store'

/**
 * Hand-written records go through the same schema and zone rules as an API create, so the demo
 * data can never break a rule the sandbox enforces (a bad seed throws at reset).
 */
export function seedRecords(db: Db, zone: ZoneRef, records: SeedRecord[], rng: Rng, now: Date): void {
  records.forEach((s, i) => {
    const input = dnsRecordInputSchema.parse(s.body)
    const rec = normaliseRecordInput(input, zone.name)
    checkRecordRules(db, zone, rec)
    const created = new Date(now.getTime() - rng.int(2, 400) * 86_400_000).toISOString()
    insertRecord(db, rec, {
      id: stableId(`dns:${zone.name}:${i}`),
      zoneId: zone.id,
      now: created,
      meta: { ...DEFAULT_META, ...s.meta },
    })
  })
}

export function seedDns({ db, now, rng }: SeedContext): void {
  const t = now()
  const zoneRef = (z: { id: string; name: string }): ZoneRef | undefined =>
    db.prepare('SELECT id, name, account_id, status FROM zones WHERE id = ?').get(z.id) as ZoneRef | undefined
  const plan: [{ id: string; name: string }, SeedRecord[] | 'large'][] = [
    [SEED_ZONES.demo, DEMO_RECORDS],
    [SEED_ZONES.large, 'large'],
    [SEED_ZONES.pending, PENDING_RECORDS],
    [SEED_ZONES.moved, MOVED_RECORDS],
    [SEED_ZONES.scripts, SCRIPTS_ZONE_RECORDS],
  ]
  for (const [z, records] of plan) {
    const zone = zoneRef(z)
    if (!zone) continue
    ensureSoa(db, zone, t.toISOString())
    if (records !== 'large') seedRecords(db, zone, records, rng, t)
  }
}

/** bigcorp-records.com's 9,999 generated records (its SOA comes with seedDns), on their own random sequence. */
export function seedDnsScale({ db, now }: SeedContext): void {
  if (!db.prepare('SELECT 1 FROM zones WHERE id = ?').get(SEED_ZONES.large.id)) return
  seedLargeZone(db, makeRng(10_000), now())
}
