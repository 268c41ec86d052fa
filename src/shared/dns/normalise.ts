import type { DnsRecordInput } from '../schemas/dns-record-input'
import { canonicalIPv6 } from './ip'
import { toFqdn } from './names'
import { contentFromData, dataFromRdata, type DataFields } from './rdata'
import { effectiveTtl, isDataType, type DnsRecordType } from './record-types'
import { normaliseTxtContent } from './txt'

/** A record as the service saves it: derived content, canonical addresses, defaults applied. */
export interface NormalisedRecord {
  type: DnsRecordType
  /** Fully qualified and lower case when a zone name was given, else as sent. */
  name: string
  content: string
  data?: DataFields
  priority?: number
  proxied: boolean
  ttl: number
  comment: string | null
  tags: string[]
  settings: Record<string, boolean>
}

const HOST_TYPES = new Set(['CNAME', 'MX', 'NS', 'PTR'])

/** The host name a target is saved as: lower case, no trailing dot, `@` → the zone. */
export function normaliseHost(host: string, zoneName?: string): string {
  const h = host.trim().toLowerCase()
  if (h === '@' && zoneName) return zoneName.toLowerCase()
  if (h === '.') return h
  return h.endsWith('.') ? h.slice(0, -1) : h
}

/** Tags as a set: duplicates (names compared case-insensitively with their value) dropped. */
export function normaliseTags(tags: readonly string[] | undefined): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const t of tags ?? []) {
    const i = t.indexOf(':')
    const key = i < 0 ? t.toLowerCase() : `${t.slice(0, i).toLowerCase()}:${t.slice(i + 1)}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(t)
  }
  return out
}

/**
 * What the service will save for a valid input (the form can show it before saving): TXT quoted,
 * AAAA canonical, host names without the trailing dot, `content` summarised from `data`, proxied
 * records on Automatic TTL, SRV priority echoed at the top level.
 */
export function normaliseRecordInput(input: DnsRecordInput, zoneName?: string): NormalisedRecord {
  const proxied = input.proxied === true
  const out: NormalisedRecord = {
    type: input.type,
    name: zoneName ? (toFqdn(input.name, zoneName) ?? input.name) : input.name,
    content: 'content' in input && typeof input.content === 'string' ? input.content.trim() : '',
    proxied,
    ttl: effectiveTtl(input.ttl, proxied),
    comment: input.comment ?? null,
    tags: normaliseTags(input.tags),
    settings: Object.fromEntries(Object.entries(input.settings ?? {}).filter(([, v]) => typeof v === 'boolean')) as Record<
      string,
      boolean
    >,
  }
  if (input.type === 'AAAA') out.content = canonicalIPv6(out.content)
  else if (input.type === 'TXT') {
    const txt = normaliseTxtContent(input.content)
    if (txt.ok) out.content = txt.content
  } else if (HOST_TYPES.has(input.type)) out.content = normaliseHost(out.content, zoneName)
  if ('priority' in input && typeof input.priority === 'number') out.priority = input.priority

  if (isDataType(input.type)) {
    let data = (input as { data?: DataFields }).data
    if (!data) {
      const parsed = dataFromRdata(input.type, out.content, false)
      data = parsed.ok ? parsed.data : {}
      if (input.type === 'SRV') data.priority = out.priority ?? 0
    }
    if (input.type === 'SRV') {
      data = { ...data, target: normaliseHost(String(data.target ?? ''), zoneName) }
      out.priority = Number(data.priority ?? 0)
    }
    if (input.type === 'HTTPS' || input.type === 'SVCB')
      data = { ...data, target: normaliseHost(String(data.target ?? ''), zoneName) }
    if (input.type === 'NAPTR') data = { ...data, replacement: normaliseHost(String(data.replacement ?? ''), zoneName) }
    out.data = data
    out.content = contentFromData(input.type, data)
  }
  return out
}
