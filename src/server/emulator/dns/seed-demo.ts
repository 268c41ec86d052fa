import type { RecordMeta } from './store'

/** One seeded record: a create body exactly as an API client would send it. */
export interface SeedRecord {
  body: Record<string, unknown>
  meta?: Partial<RecordMeta>
}

const hex = (seed: string, length: number) => {
  let out = ''
  let h = 2166136261
  while (out.length < length) {
    for (const ch of seed + out.length) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0
    out += h.toString(16).padStart(8, '0')
  }
  return out.slice(0, length)
}
const b64 = (seed: string, length: number) => Buffer.from(hex(seed, length), 'hex').toString('base64').replace(/=+$/, '')

const r = (body: Record<string, unknown>, meta?: Partial<RecordMeta>): SeedRecord => ({ body, meta })

const dkim = `v=DKIM1; k=rsa; p=${b64('dkim-google', 360)}`

/** example.com: ~60 records covering every type, comments, tags, proxied and DNS-only, auto-added. */
export const DEMO_RECORDS: SeedRecord[] = [
  r({
    type: 'A',
    name: '@',
    content: '203.0.113.10',
    proxied: true,
    comment: 'Main website (origin web-01)',
    tags: ['env:production', 'owner:web-team'],
  }),
  r({
    type: 'A',
    name: '@',
    content: '203.0.113.11',
    proxied: true,
    comment: 'Main website (origin web-02)',
    tags: ['env:production', 'owner:web-team'],
  }),
  r({ type: 'AAAA', name: '@', content: '2001:db8:10::10', proxied: true, tags: ['env:production'] }),
  r({ type: 'CNAME', name: 'www', content: 'example.com', proxied: true, comment: 'www goes to the main website' }),
  r({ type: 'CNAME', name: 'cdn', content: 'www.example.com', proxied: true, comment: 'Chain: cdn → www → example.com' }),
  r({ type: 'A', name: 'api', content: '198.51.100.20', proxied: true, tags: ['env:production', 'owner:api-team'] }),
  r({ type: 'AAAA', name: 'api', content: '2001:db8:10:0:0:0:0:20', proxied: true, tags: ['env:production', 'owner:api-team'] }),
  r({
    type: 'A',
    name: 'staging',
    content: '192.0.2.50',
    ttl: 300,
    comment: 'Staging - do not share publicly',
    tags: ['env:staging'],
  }),
  r({ type: 'A', name: 'dev', content: '10.0.0.15', ttl: 300, comment: 'Office VPN only', tags: ['env:dev'] }),
  r({ type: 'A', name: 'intranet', content: '10.0.1.5', ttl: 3600, comment: 'Internal wiki', tags: ['env:internal'] }),
  r({ type: 'A', name: 'mail', content: '198.51.100.25', ttl: 3600, comment: 'Mail server (cannot be proxied)' }),
  r({ type: 'AAAA', name: 'mail', content: '2001:db8:10::25', ttl: 3600 }),
  r({ type: 'A', name: 'vpn', content: '192.0.2.60', ttl: 600, tags: ['owner:it'] }),
  r({ type: 'A', name: 'legacy', content: '192.0.2.99', ttl: 86400, comment: 'Old server: remove after the migration' }),
  r({ type: 'A', name: 'grafana', content: '203.0.113.40', proxied: true, tags: ['owner:ops'] }),
  r({ type: 'A', name: 'monitoring', content: '203.0.113.41', ttl: 300, tags: ['owner:ops', 'env:production'] }),
  r({ type: 'AAAA', name: 'app', content: '2001:db8:10::30', proxied: true }),
  r({ type: 'AAAA', name: 'files', content: '2001:0db8:0020:0000:0000:0000:0000:0001', ttl: 3600 }),
  r({ type: 'A', name: '*.preview', content: '192.0.2.70', ttl: 300, comment: 'Preview deployments (wildcard)' }),
  r({ type: 'A', name: 'bastion', content: '192.0.2.22', ttl: 3600 }),
  r({ type: 'A', name: 'sip', content: '198.51.100.30', ttl: 3600 }),
  r({ type: 'A', name: 'chat', content: '198.51.100.31', ttl: 3600 }),
  r({ type: 'A', name: 'dns', content: '198.51.100.53', ttl: 3600 }),
  // Not "blog": the first name a tutorial has a newcomer add must not be taken (conflicts stay, elsewhere).
  r({ type: 'CNAME', name: 'journal', content: 'example-journal.ghost.io', proxied: true, tags: ['owner:marketing'] }),
  r(
    { type: 'CNAME', name: 'shop', content: 'shops.myshopify.com', comment: 'Managed by the shop platform' },
    { managed_by_apps: true },
  ),
  r({ type: 'CNAME', name: 'status', content: 'example.hosted-status.net', ttl: 3600 }),
  r({ type: 'CNAME', name: 'docs', content: 'example-docs.readthedocs.io', ttl: 3600, tags: ['owner:docs'] }),
  r({ type: 'CNAME', name: 'autodiscover', content: 'autodiscover.outlook.com', ttl: 3600 }),
  r(
    {
      type: 'CNAME',
      name: 'tunnel',
      content: `${hex('tunnel', 8)}-${hex('tunnel2', 4)}-4a1b-9c3d-${hex('t3', 12)}.cfargotunnel.com`,
      proxied: true,
    },
    { managed_by_argo_tunnel: true },
  ),
  r({ type: 'MX', name: '@', content: 'mx1.mail-provider.net', priority: 10, ttl: 3600 }),
  r({ type: 'MX', name: '@', content: 'mx2.mail-provider.net', priority: 20, ttl: 3600 }),
  r({ type: 'MX', name: '@', content: 'mail.example.com', priority: 30, ttl: 3600, comment: 'Backup mail server' }),
  r({ type: 'TXT', name: '@', content: 'v=spf1 include:_spf.mail-provider.net ip4:198.51.100.25 -all', comment: 'SPF' }),
  r({ type: 'TXT', name: '_dmarc', content: 'v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com; pct=100', comment: 'DMARC' }),
  r({
    type: 'TXT',
    name: 'selector1._domainkey',
    content: `"v=DKIM1; k=rsa; p=${b64('dkim-s1', 180)}"`,
    comment: 'DKIM (mail provider)',
  }),
  r({ type: 'TXT', name: 'google._domainkey', content: dkim, comment: 'DKIM, longer than 255 characters: saved as two strings' }),
  r({ type: 'TXT', name: '@', content: `google-site-verification=${b64('gsv', 30)}` }, { auto_added: true }),
  r({ type: 'TXT', name: '@', content: '"MS=ms48213377"' }, { auto_added: true }),
  r({ type: 'TXT', name: '_acme-challenge', content: b64('acme', 32), ttl: 60 }),
  r({ type: 'TXT', name: 'chat', content: '"xmpp server" "version 2"', ttl: 3600 }),
  r({ type: 'CAA', name: '@', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } }),
  r({ type: 'CAA', name: '@', data: { flags: 0, tag: 'issuewild', value: 'pki.goog' } }),
  r({ type: 'CAA', name: '@', data: { flags: 0, tag: 'iodef', value: 'mailto:security@example.com' } }),
  r({ type: 'SRV', name: '_sip._tcp', data: { priority: 10, weight: 60, port: 5060, target: 'sip.example.com' }, ttl: 3600 }),
  r({ type: 'SRV', name: '_xmpp-client._tcp', data: { priority: 5, weight: 0, port: 5222, target: 'chat.example.com' } }),
  r({
    type: 'SRV',
    name: '_imaps._tcp',
    data: { priority: 0, weight: 1, port: 993, target: 'mail.example.com' },
    comment: 'Mail clients',
  }),
  r(
    {
      type: 'HTTPS',
      name: '@',
      data: { priority: 1, target: '.', value: 'alpn="h3,h2" ipv4hint="203.0.113.10,203.0.113.11"' },
      ttl: 300,
    },
    { auto_added: true },
  ),
  r({ type: 'SVCB', name: '_dns', data: { priority: 1, target: 'dns.example.com', value: 'alpn="dot" port="853"' }, ttl: 3600 }),
  r({ type: 'PTR', name: 'office-printer', content: 'printer.office.example.com', ttl: 3600 }),
  r({ type: 'NS', name: 'lab', content: 'ns1.lab-dns.net', ttl: 86400, comment: 'Delegated to the research lab' }),
  r({ type: 'NS', name: 'lab', content: 'ns2.lab-dns.net', ttl: 86400 }),
  // Shadowed by the lab delegation: kept in the zone but answered by the lab's name servers instead.
  r({ type: 'A', name: 'wiki.lab', content: '192.0.2.61', comment: 'Left from before the lab ran its own name servers' }),
  r({
    type: 'DS',
    name: 'lab',
    data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: hex('ds-lab', 64).toUpperCase() },
    ttl: 86400,
  }),
  r({ type: 'DNSKEY', name: 'keys', data: { flags: 257, protocol: 3, algorithm: 13, public_key: b64('dnskey', 64) } }),
  r({ type: 'URI', name: '_ftp._tcp', priority: 10, data: { weight: 1, target: 'ftp://ftp.example.com/public' } }),
  r({
    type: 'NAPTR',
    name: 'sip-gw',
    data: { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' },
  }),
  r({ type: 'SSHFP', name: 'bastion', data: { algorithm: 4, type: 2, fingerprint: hex('sshfp', 64) } }),
  r({ type: 'TLSA', name: '_443._tcp.www', data: { usage: 3, selector: 1, matching_type: 1, certificate: hex('tlsa', 64) } }),
  r({
    type: 'SMIMEA',
    name: `c${hex('smimea-name', 55)}._smimecert`,
    data: { usage: 3, selector: 0, matching_type: 1, certificate: hex('smimea', 64) },
  }),
  r({ type: 'CERT', name: 'alice', data: { type: 1, key_tag: 12345, algorithm: 8, certificate: b64('cert', 96) } }),
  r({
    type: 'LOC',
    name: 'office',
    data: {
      lat_degrees: 52,
      lat_minutes: 22,
      lat_seconds: 23,
      lat_direction: 'N',
      long_degrees: 4,
      long_minutes: 53,
      long_seconds: 32,
      long_direction: 'E',
      altitude: -2,
      size: 1,
      precision_horz: 10000,
      precision_vert: 10,
    },
  }),
  r({ type: 'OPENPGPKEY', name: `a${hex('pgp-name', 55)}._openpgpkey`, content: b64('pgp', 120) }),
]

export const PENDING_RECORDS: SeedRecord[] = [
  r({ type: 'A', name: '@', content: '203.0.113.80', proxied: true }),
  r({ type: 'CNAME', name: 'www', content: 'newshop.dev', proxied: true }),
  r({ type: 'TXT', name: '@', content: 'v=spf1 -all', comment: 'No mail sent from this domain yet' }),
]

export const MOVED_RECORDS: SeedRecord[] = [
  r({ type: 'A', name: '@', content: '192.0.2.200', comment: 'Left over from before the move' }),
  r({ type: 'MX', name: '@', content: 'mx.old-mail.net', priority: 10 }),
]

export const SCRIPTS_ZONE_RECORDS: SeedRecord[] = [
  r({ type: 'A', name: '@', content: '203.0.113.120', proxied: true }),
  r({ type: 'CNAME', name: 'www', content: 'shop-scale.io', proxied: true }),
  r({ type: 'CNAME', name: 'static', content: 'assets.shop-cdn.net', proxied: true }),
]
