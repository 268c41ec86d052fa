import { txtPlainText } from '@/shared/dns/txt'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { parseSoa, recordData } from './record-data'

/*
 * "Explain this record": one plain sentence per record for people who do not know DNS.
 * Every type has a sentence; the content is always quoted as text (never HTML).
 */

export type ExplainableRecord = Pick<DnsRecord, 'type' | 'name' | 'content' | 'proxied' | 'priority' | 'data'> & {
  /** Delegation facts from the list (absent for a record not saved yet). */
  meta?: Pick<DnsRecord['meta'], 'shadowed_by' | 'is_glue' | 'dead_glue'>
}

export interface ExplainContext {
  /** The lowest MX priority among the records shown for the same name (to say "first" or "as a backup"). */
  lowestMxPriority?: number
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v))
const short = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** "any name under example.com without a record of its own" for wildcards, else the name itself. */
function who(name: string): string {
  return name.startsWith('*.') ? `any name under ${name.slice(2)} that has no record of its own` : name
}

/** Splits "_sip._tcp.example.com" into service, protocol and host. */
function serviceName(name: string): { service: string; proto: string; host: string } | undefined {
  const m = /^_([^.]+)\._([^.]+)\.(.+)$/.exec(name)
  return m ? { service: m[1], proto: m[2].toUpperCase(), host: m[3] } : undefined
}

const after = (name: string, marker: string) => {
  const i = name.indexOf(marker)
  return i < 0 ? name : name.slice(i + marker.length)
}

function address(r: ExplainableRecord, kind: string): string {
  return r.proxied
    ? `Visitors to ${who(r.name)} reach your server at ${r.content} through the service's proxy, which hides that ${kind} address and protects it.`
    : `Visitors to ${who(r.name)} go straight to the server at ${r.content} (an ${kind} address).`
}

function mail(r: ExplainableRecord, ctx: ExplainContext): string {
  const host = r.content.replace(/\.$/, '')
  if (host === '' || host === '.') return `${r.name} does not accept any e-mail (a "null MX" record).`
  const p = r.priority
  if (p === undefined || ctx.lowestMxPriority === undefined) {
    return `Mail for ${who(r.name)} goes to ${host} (priority ${str(p)}; servers with lower numbers are tried first).`
  }
  return p <= ctx.lowestMxPriority
    ? `Mail for ${who(r.name)} goes to ${host} first.`
    : `Mail for ${who(r.name)} goes to ${host} when the mail servers with a lower priority number cannot take it.`
}

const DMARC_POLICY: Record<string, string> = { reject: 'refuse it', quarantine: 'put it in the spam folder', none: 'only report it' }

function text(r: ExplainableRecord): string {
  const plain = txtPlainText(r.content).trim()
  const lower = plain.toLowerCase()
  if (lower.startsWith('v=spf1')) {
    return `Lists the servers allowed to send e-mail as ${r.name} (SPF); mail from other servers may be treated as fake.`
  }
  if (r.name.startsWith('_dmarc.') || lower.startsWith('v=dmarc1')) {
    const policy = /(?:^|;)\s*p=(\w+)/i.exec(plain)?.[1]?.toLowerCase() ?? 'none'
    return `Tells mail providers what to do with e-mail that claims to come from ${after(r.name, '_dmarc.')} but fails the checks: ${DMARC_POLICY[policy] ?? policy} (DMARC).`
  }
  if (r.name.includes('._domainkey.') || lower.startsWith('v=dkim1')) {
    const selector = r.name.split('.')[0]
    return `Publishes the key that proves e-mail signed with the "${selector}" key really comes from ${after(r.name, '._domainkey.')} (DKIM).`
  }
  if (r.name.startsWith('_acme-challenge.')) {
    return `A temporary code that proves to a certificate authority that you control ${after(r.name, '_acme-challenge.')}, so it can issue a certificate.`
  }
  if (lower.startsWith('google-site-verification=')) return `Proves to Google that you control ${r.name}.`
  if (lower.startsWith('ms=')) return `Proves to Microsoft that you control ${r.name}.`
  if (/verification|verify/.test(lower)) return `Proves to an outside service that you control ${r.name} (a verification code).`
  return `Publishes the text "${short(plain)}" for ${r.name}, for any service that looks it up.`
}

function caa(r: ExplainableRecord): string {
  const d = recordData(r)
  const tag = str(d.tag).toLowerCase()
  const value = str(d.value).trim()
  const ca = value.split(';')[0].trim()
  if (tag === 'issue' || tag === 'issuewild') {
    const what = tag === 'issue' ? 'certificates' : `wildcard certificates (*.${r.name})`
    return ca === ''
      ? `No certificate authority may issue ${what} for ${r.name}.`
      : `${ca} may issue ${what} for ${r.name}; authorities not named in a CAA record may not.`
  }
  if (tag === 'iodef') return `Certificate authorities report suspicious certificate requests for ${r.name} to ${value}.`
  return `Sets the certificate rule "${tag}" to "${short(value)}" for ${r.name}.`
}

function srv(r: ExplainableRecord): string {
  const d = recordData(r)
  const s = serviceName(r.name)
  const target = str(d.target).replace(/\.$/, '')
  const where = s ? `the ${s.service} service (over ${s.proto}) at ${s.host}` : `the service at ${r.name}`
  if (target === '' || target === '.') return `Says ${where} is not offered.`
  return `Apps looking for ${where} connect to ${target} on port ${str(d.port)} (priority ${str(d.priority)}, weight ${str(d.weight)}).`
}

const ALPN: Record<string, string> = { h3: 'HTTP/3', h2: 'HTTP/2', 'http/1.1': 'HTTP/1.1' }

function binding(r: ExplainableRecord): string {
  const d = recordData(r)
  const target = str(d.target).replace(/\.$/, '')
  const value = str(d.value)
  const to = target === '' || target === '.' ? r.name : target
  if (Number(d.priority) === 0) return `${r.name} is served by ${to} (an alias).`
  if (r.type === 'HTTPS') {
    const alpn = /alpn="?([^"\s]+)"?/.exec(value)?.[1]
    const protocols = alpn ? alpn.split(',').map((a) => ALPN[a] ?? a) : []
    return `Tells browsers how to connect to ${r.name}${to !== r.name ? ` (through ${to})` : ''}${protocols.length ? `: it supports ${protocols.join(' and ')}` : ''}.`
  }
  return `Tells apps how to reach the service at ${r.name}: connect to ${to}${value ? ` (${short(value)})` : ''}.`
}

function dane(r: ExplainableRecord): string {
  const s = serviceName(r.name)
  return s
    ? `Pins the certificate that ${s.host} uses on port ${s.service} (${s.proto}), so clients can check it is genuine (DANE).`
    : `Pins the certificate used by ${r.name}, so clients can check it is genuine (DANE).`
}

const SSH_ALGORITHMS: Record<string, string> = { '1': 'RSA', '2': 'DSA', '3': 'ECDSA', '4': 'Ed25519', '6': 'Ed448' }

function location(r: ExplainableRecord): string {
  const d = recordData(r)
  const dms = (deg: unknown, min: unknown, sec: unknown, dir: unknown) => `${str(deg)}°${str(min)}′${Math.round(Number(sec ?? 0))}″ ${str(dir)}`
  return `Says ${r.name} is located at ${dms(d.lat_degrees, d.lat_minutes, d.lat_seconds, d.lat_direction)}, ${dms(d.long_degrees, d.long_minutes, d.long_seconds, d.long_direction)}.`
}

/** One plain sentence saying what the record does. */
/**
 * A record under a delegation is not served by this zone (the "Shadowed by a delegation" badge):
 * the explanation says so first and why, and only then what it would do.
 */
export function explainRecord(r: ExplainableRecord, ctx: ExplainContext = {}): string {
  const meaning = explainMeaning(r, ctx)
  const m = r.meta
  const would = `If it were served: ${meaning.charAt(0).toLowerCase()}${meaning.slice(1)}`
  if (m?.dead_glue) {
    return `Not served: this is the address of a name server for a delegation that a delegation higher up already cuts off, so no resolver ever asks this zone for it. ${would}`
  }
  if (m?.is_glue) {
    return `${meaning} It is served as glue: the address of a name server the delegation points to, given out with the delegation so resolvers can reach that server.`
  }
  if (m?.shadowed_by?.length) {
    return `Not served: ${r.name} is delegated to other name servers (an NS record at or above it), so they answer for it and this record is never given out. ${would}`
  }
  return meaning
}

function explainMeaning(r: ExplainableRecord, ctx: ExplainContext): string {
  const d = () => recordData(r)
  switch (r.type) {
    case 'A':
      return address(r, 'IPv4')
    case 'AAAA':
      return address(r, 'IPv6')
    case 'CNAME':
      return `${who(r.name)} is another name for ${r.content}: visitors get whatever ${r.content} answers${r.proxied ? ', through the service\'s proxy' : ''}.`
    case 'MX':
      return mail(r, ctx)
    case 'TXT':
      return text(r)
    case 'CAA':
      return caa(r)
    case 'SRV':
      return srv(r)
    case 'HTTPS':
    case 'SVCB':
      return binding(r)
    case 'PTR':
      return `Reverse lookup: ${r.name} points back to the name ${r.content}.`
    case 'NS':
      return `Questions about ${r.name} and the names under it are answered by the name server ${r.content}, not by this zone.`
    case 'DS':
      return `Vouches for the DNSSEC key (key tag ${str(d().key_tag)}) of ${r.name}, so its signed answers can be trusted.`
    case 'DNSKEY':
      return `Publishes a DNSSEC ${Number(d().flags) === 257 ? 'key-signing' : 'zone-signing'} key for ${r.name}, used to check that answers are genuine.`
    case 'URI':
      return `${r.name} points to the address ${str(d().target)} (priority ${str(r.priority)}, weight ${str(d().weight)}).`
    case 'NAPTR': {
      const n = d()
      const to = str(n.replacement) === '.' || str(n.replacement) === '' ? `the rule "${short(str(n.regex))}"` : str(n.replacement)
      return `Rewrites lookups of ${r.name}${n.service ? ` for the ${str(n.service)} service` : ''} to ${to} (order ${str(n.order)}, preference ${str(n.preference)}).`
    }
    case 'SSHFP':
      return `Lets SSH clients check they are connecting to the real ${r.name} by comparing its ${SSH_ALGORITHMS[str(d().algorithm)] ?? 'host'} key fingerprint.`
    case 'TLSA':
      return dane(r)
    case 'SMIMEA':
      return `Publishes the e-mail (S/MIME) certificate of someone at ${after(r.name, '._smimecert.')}, so others can check their signed mail and send them encrypted mail.`
    case 'CERT':
      return `Publishes a certificate for ${r.name}, so others can check it.`
    case 'LOC':
      return location(r)
    case 'OPENPGPKEY':
      return `Publishes the OpenPGP key of a mailbox at ${after(r.name, '._openpgpkey.')}, so others can encrypt e-mail to it.`
    case 'SOA': {
      const soa = parseSoa(r.content)
      return `Created automatically: ${soa?.primary ?? 'the service'} is the main name server for ${r.name}. It cannot be changed.`
    }
  }
}
