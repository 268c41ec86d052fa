import { TTL_AUTO } from '@/shared/dns/record-types'
import { showValue, type FieldWords } from './diff'

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** A TTL as a person reads it: "Auto", "5 minutes", "1 hour", "1 day". */
export function ttlWords(ttl: unknown): string {
  if (typeof ttl !== 'number') return showValue(ttl)
  if (ttl === TTL_AUTO) return 'Auto'
  if (ttl % 86_400 === 0) return unit(ttl / 86_400, 'day')
  if (ttl % 3600 === 0) return unit(ttl / 3600, 'hour')
  if (ttl % 60 === 0) return unit(ttl / 60, 'minute')
  return unit(ttl, 'second')
}

const FIELDS: Record<string, string> = {
  type: 'Type', name: 'Name', content: 'Content', ttl: 'TTL', proxied: 'Proxy status', comment: 'Comment', tags: 'Tags', priority: 'Priority',
  'settings.flatten_cname': 'CNAME flattening', 'settings.ipv4_only': 'IPv4 only', 'settings.ipv6_only': 'IPv6 only',
}

/** A DNS record's fields in the words of the record form (the API's name where it has none). */
export const DNS_RECORD_WORDS: FieldWords = {
  field: (f) => FIELDS[f] ?? f,
  value: (f, v) => {
    if (f === 'ttl') return ttlWords(v)
    if (f === 'proxied' && typeof v === 'boolean') return v ? 'Proxied' : 'DNS only'
    if (f === 'tags' && Array.isArray(v)) return v.length ? v.map(String).join(', ') : '(none)'
    if (f.startsWith('settings.') && typeof v === 'boolean') return v ? 'On' : 'Off'
    return showValue(v)
  },
}
