import { normaliseRecordInput } from '../../../shared/dns/normalise'
import type { DnsRecordInput } from '../../../shared/schemas/dns-record'
import { stableId, type Rng } from '../ids'
import type { Db } from '../module'
import { SEED_ZONES } from '../seed-ids'
import { insertRecord } from './store'

/**
 * bigcorp-records.com: 9,999 generated records plus the SOA = 10,000, built to satisfy every rule
 * by construction (unique names per record, no CNAME beside other records, proxied CNAMEs point
 * outside the zone, no address in the service's ranges). Inserted without per-record validation to
 * keep a reset fast; a unit test re-validates a sample with the shared schema.
 */

export const LARGE_ZONE_RECORDS = 9_999

const WORDS = [
  'app',
  'api',
  'web',
  'cdn',
  'mail',
  'shop',
  'node',
  'svc',
  'db',
  'cache',
  'auth',
  'img',
  'static',
  'edge',
  'vpn',
  'git',
  'ci',
  'metrics',
  'search',
  'pay',
]
const REGIONS = ['eu-west', 'eu-central', 'us-east', 'us-west', 'ap-south', 'ap-east', 'sa-east']
const FIRST_OCTETS = [23, 34, 45, 52, 63, 78, 81, 89, 91, 95, 151, 185, 193, 212]
const EXTERNAL = ['lb.edge-hosting.net', 'origin.cloud-provider.com', 'apps.paas-host.io', 'eu.storage-service.net']
const TEAMS = ['web', 'api', 'ops', 'data', 'mobile', 'security']
const ENVS = ['production', 'staging', 'dev']
const TTLS = [1, 300, 600, 3600, 86400]

function pickType(rng: Rng): DnsRecordInput['type'] {
  const n = rng.next()
  if (n < 0.45) return 'A'
  if (n < 0.6) return 'AAAA'
  if (n < 0.75) return 'CNAME'
  if (n < 0.85) return 'TXT'
  if (n < 0.9) return 'MX'
  if (n < 0.94) return 'SRV'
  if (n < 0.96) return 'CAA'
  if (n < 0.98) return 'HTTPS'
  return 'NS'
}

function build(rng: Rng, i: number): DnsRecordInput {
  const type = pickType(rng)
  const word = rng.pick(WORDS)
  const host = rng.chance(0.4) ? `${word}-${i}.${rng.pick(REGIONS)}` : `${word}-${i}`
  const proxiable = type === 'A' || type === 'AAAA' || type === 'CNAME'
  const proxied = proxiable && rng.chance(0.4)
  const common = {
    name: type === 'SRV' ? `_${word}._tcp.${host}` : host,
    ttl: proxied ? 1 : rng.pick(TTLS),
    proxied,
    comment: rng.chance(0.2) ? `${rng.pick(['Owned by', 'Requested by', 'Migrated from'])} ${rng.pick(TEAMS)} team #${i}` : null,
    tags: rng.chance(0.3) ? [`env:${rng.pick(ENVS)}`, `team:${rng.pick(TEAMS)}`] : [],
  }
  switch (type) {
    case 'A':
      return { ...common, type, content: `${rng.pick(FIRST_OCTETS)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}` }
    case 'AAAA':
      return { ...common, type, content: `2001:db8:${rng.int(0, 0xffff).toString(16)}::${i.toString(16)}` }
    case 'CNAME':
      return {
        ...common,
        type,
        content:
          proxied || rng.chance(0.5)
            ? `${word}-${i}.${rng.pick(EXTERNAL)}`
            : `${rng.pick(WORDS)}-${rng.int(0, 9_998)}.bigcorp-records.com`,
      }
    case 'TXT':
      return { ...common, type, content: `${rng.pick(['verification', 'owner', 'site-id'])}=${stableId(`txt:${i}`)}` }
    case 'MX':
      return { ...common, type, content: `mx${rng.int(1, 3)}.${rng.pick(EXTERNAL)}`, priority: rng.pick([10, 20, 30]) }
    case 'SRV':
      return {
        ...common,
        type,
        data: {
          priority: rng.int(0, 20),
          weight: rng.int(0, 100),
          port: rng.pick([443, 5060, 5222, 8443]),
          target: `${word}-${i}.bigcorp-records.com`,
        },
      }
    case 'CAA':
      return {
        ...common,
        type,
        data: {
          flags: 0,
          tag: rng.pick(['issue', 'issuewild']),
          value: rng.pick(['letsencrypt.org', 'pki.goog', 'digicert.com']),
        },
      }
    case 'HTTPS':
      return { ...common, type, data: { priority: 1, target: '.', value: `alpn="h3,h2" port="${rng.pick([443, 8443])}"` } }
    default:
      return { ...common, type: 'NS', content: `ns${rng.int(1, 4)}.${rng.pick(EXTERNAL)}` }
  }
}

export function seedLargeZone(db: Db, rng: Rng, now: Date): void {
  const zone = SEED_ZONES.large
  const base = now.getTime()
  for (let i = 0; i < LARGE_ZONE_RECORDS; i++) {
    const rec = normaliseRecordInput(build(rng, i), zone.name)
    const created = new Date(base - rng.int(1, 800) * 86_400_000 - rng.int(0, 86_399) * 1000).toISOString()
    insertRecord(db, rec, { id: stableId(`dns:${zone.name}:${i}`), zoneId: zone.id, now: created })
  }
}
