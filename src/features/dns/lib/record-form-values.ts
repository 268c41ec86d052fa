import { relativeName } from '@/shared/dns/names'
import { proxyStatusChange, type RecordSettings } from '@/shared/dns/proxiable'
import { hasTopLevelPriority, isDataType, isProxiableType, TTL_AUTO, type DnsRecordType } from '@/shared/dns/record-types'
import type { DnsRecord, DnsRecordInputValues } from '@/shared/schemas/dns-record'
import { DATA_FIELD_SPECS, dataKeys } from './data-field-specs'
import { recordData } from './record-data'

/**
 * What the record form holds: one flat shape for every type, so switching the type keeps what was
 * typed. Number fields hold a number, or the text typed when it is not one (the schema says why).
 * `toRecordInput` turns it into the API body that the shared schema checks.
 */
export interface RecordFormValues {
  type: DnsRecordType
  name: string
  content: string
  priority?: number | string
  ttl: number
  proxied: boolean
  comment: string
  tags: string[]
  data: Record<string, string | number | undefined>
  /** A saved record's own switches (not edited by the form; proxying may turn `flatten_cname` off). */
  settings?: RecordSettings
}

export function emptyRecordValues(type: DnsRecordType = 'A'): RecordFormValues {
  return { type, name: '', content: '', priority: hasTopLevelPriority(type) ? 10 : undefined, ttl: TTL_AUTO, proxied: false, comment: '', tags: [], data: dataDefaults(type) }
}

/** Defaults for the select fields of a data type (the rest start empty). */
function dataDefaults(type: DnsRecordType): RecordFormValues['data'] {
  if (!isDataType(type)) return {}
  return Object.fromEntries(DATA_FIELD_SPECS[type].filter((s) => s.kind === 'select').map((s) => [s.key, s.example]))
}

/** Another type chosen in the form: name, TTL, comment, tags and typed values stay; proxying only where allowed. */
export function switchRecordType(values: RecordFormValues, type: DnsRecordType): RecordFormValues {
  return {
    ...values,
    type,
    proxied: isProxiableType(type) ? values.proxied : false,
    priority: values.priority ?? (hasTopLevelPriority(type) ? 10 : undefined),
    data: { ...dataDefaults(type), ...values.data },
  }
}

/** The form filled from a saved record (name relative to the zone, as the user would type it). */
export function recordToFormValues(record: DnsRecord, zoneName: string): RecordFormValues {
  const type = record.type as DnsRecordType
  return {
    type,
    name: relativeName(record.name, zoneName),
    content: isDataType(type) ? '' : record.content,
    priority: hasTopLevelPriority(type) ? record.priority : undefined,
    ttl: record.ttl,
    proxied: record.proxied,
    comment: record.comment ?? '',
    tags: record.tags,
    data: isDataType(type) ? { ...recordData(record) } : {},
    settings: record.settings as RecordSettings,
  }
}

/** The request body for the values: only the fields of the chosen type. */
export function toRecordInput(values: RecordFormValues): DnsRecordInputValues {
  const { type } = values
  const proxied = isProxiableType(type) ? values.proxied : undefined
  const proxy = proxyStatusChange({ type, ttl: values.ttl, settings: values.settings }, proxied ?? false)
  const body: Record<string, unknown> = {
    type,
    name: values.name.trim(),
    ttl: proxy.ttl,
    comment: values.comment.trim() === '' ? null : values.comment.trim(),
    tags: values.tags,
  }
  if (proxied !== undefined) body.proxied = proxied
  if (proxy.settings) body.settings = proxy.settings
  if (hasTopLevelPriority(type)) body.priority = values.priority
  if (isDataType(type)) {
    const data: Record<string, unknown> = {}
    for (const key of dataKeys(type)) {
      const v = values.data[key]
      data[key] = typeof v === 'string' && type !== 'NAPTR' && key !== 'value' ? v.trim() : v
    }
    body.data = data
  } else {
    body.content = type === 'TXT' ? values.content : values.content.trim()
  }
  // The shape is checked by the shared schema right after; this only picks the fields.
  return body as DnsRecordInputValues
}

/** Form paths that can carry an error from the API (`source.pointer`), for `applyApiErrors`. */
export function recordFieldPaths(type: DnsRecordType): string[] {
  const paths = ['type', 'name', 'ttl', 'proxied', 'comment', 'tags']
  if (hasTopLevelPriority(type)) paths.push('priority')
  if (isDataType(type)) paths.push(...dataKeys(type).map((k) => `data.${k}`))
  else paths.push('content')
  return paths
}
