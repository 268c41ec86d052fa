/**
 * The `data` fields of data-based record types, their `content` summary and the reverse: reading a
 * presentation-format value ("0 issue \"letsencrypt.org\"", the right-hand side of a BIND line).
 */

export type DataValue = string | number
export type DataFields = Record<string, DataValue>

interface FieldSpec {
  key: string
  kind: 'int' | 'float' | 'text' | 'quoted' | 'rest' | 'blob'
}

const f = (key: string, kind: FieldSpec['kind']): FieldSpec => ({ key, kind })

/**
 * Field order as written in zone files. `rest` takes the remaining text as written (SVCB params);
 * `blob` joins the remaining tokens without spaces (base64 / hex split over several words).
 */
export const RDATA_FIELDS: Record<string, FieldSpec[]> = {
  CAA: [f('flags', 'int'), f('tag', 'text'), f('value', 'quoted')],
  CERT: [f('type', 'int'), f('key_tag', 'int'), f('algorithm', 'int'), f('certificate', 'blob')],
  DNSKEY: [f('flags', 'int'), f('protocol', 'int'), f('algorithm', 'int'), f('public_key', 'blob')],
  DS: [f('key_tag', 'int'), f('algorithm', 'int'), f('digest_type', 'int'), f('digest', 'blob')],
  HTTPS: [f('priority', 'int'), f('target', 'text'), f('value', 'rest')],
  SVCB: [f('priority', 'int'), f('target', 'text'), f('value', 'rest')],
  NAPTR: [
    f('order', 'int'),
    f('preference', 'int'),
    f('flags', 'quoted'),
    f('service', 'quoted'),
    f('regex', 'quoted'),
    f('replacement', 'text'),
  ],
  SMIMEA: [f('usage', 'int'), f('selector', 'int'), f('matching_type', 'int'), f('certificate', 'blob')],
  TLSA: [f('usage', 'int'), f('selector', 'int'), f('matching_type', 'int'), f('certificate', 'blob')],
  SSHFP: [f('algorithm', 'int'), f('type', 'int'), f('fingerprint', 'blob')],
  SRV: [f('priority', 'int'), f('weight', 'int'), f('port', 'int'), f('target', 'text')],
  URI: [f('priority', 'int'), f('weight', 'int'), f('target', 'quoted')],
}

const LOC_KEYS = [
  'lat_degrees',
  'lat_minutes',
  'lat_seconds',
  'lat_direction',
  'long_degrees',
  'long_minutes',
  'long_seconds',
  'long_direction',
  'altitude',
  'size',
  'precision_horz',
  'precision_vert',
] as const

const q = (v: DataValue) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

function formatFields(specs: FieldSpec[], data: DataFields): string {
  return specs.map((s) => (s.kind === 'quoted' ? q(data[s.key] ?? '') : String(data[s.key] ?? ''))).join(' ')
}

/** Fixed-point text without a "-0.00" for values that round to zero from below. */
const fixed = (v: DataValue | undefined, digits: number) => {
  const s = Number(v ?? 0).toFixed(digits)
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s
}
const meters = (v: DataValue | undefined) => `${fixed(v, 2)}m`

function formatLoc(d: DataFields): string {
  return [
    d.lat_degrees,
    d.lat_minutes,
    fixed(d.lat_seconds, 3),
    d.lat_direction,
    d.long_degrees,
    d.long_minutes,
    fixed(d.long_seconds, 3),
    d.long_direction,
    meters(d.altitude),
    meters(d.size),
    meters(d.precision_horz),
    meters(d.precision_vert),
  ].join(' ')
}

/**
 * The whole value as a zone file writes it, priority included (SRV: "10 5 443 sip.example.com").
 * `priority` is the top-level one (URI); SRV reads it from data.
 */
export function rdataFromData(type: string, data: DataFields, priority?: number): string {
  if (type === 'LOC') return formatLoc(data)
  if (type === 'URI') return formatFields(RDATA_FIELDS.URI, { ...data, priority: priority ?? 0 })
  const specs = RDATA_FIELDS[type]
  return specs ? formatFields(specs, data) : ''
}

/**
 * The read-only `content` summary the API returns for a data-based record. SRV: "weight port target"
 * (priority is returned at the top level); URI likewise leaves its priority out.
 */
export function contentFromData(type: string, data: DataFields): string {
  if (type === 'SRV') return formatFields(RDATA_FIELDS.SRV.slice(1), data)
  if (type === 'URI') return formatFields(RDATA_FIELDS.URI.slice(1), data)
  return rdataFromData(type, data)
}

interface Token {
  text: string
  start: number
  quoted: boolean
}

/** Splits presentation text into words; "quoted strings" are one word (escapes resolved). */
export function tokenize(input: string): Token[] | undefined {
  const tokens: Token[] = []
  let i = 0
  while (i < input.length) {
    if (/\s/.test(input[i])) {
      i++
      continue
    }
    const start = i
    if (input[i] === '"') {
      let text = ''
      i++
      while (i < input.length && input[i] !== '"') {
        if (input[i] === '\\' && i + 1 < input.length) i++
        text += input[i]
        i++
      }
      if (i >= input.length) return undefined
      i++
      tokens.push({ text, start, quoted: true })
    } else {
      while (i < input.length && !/\s/.test(input[i])) i++
      tokens.push({ text: input.slice(start, i), start, quoted: false })
    }
  }
  return tokens
}

export type RdataResult = { ok: true; data: DataFields; priority?: number } | { ok: false; message: string }

const toNumber = (t: string, float: boolean) => {
  const n = Number(t.replace(/m$/i, ''))
  return (float ? Number.isFinite(n) : Number.isInteger(n)) && t.trim() !== '' ? n : undefined
}

function parseLoc(tokens: Token[]): RdataResult {
  const words = tokens.map((t) => t.text)
  // Minutes and seconds are optional in zone files: "52 N 4 E 10m" is valid.
  const readCoord = (dirs: string) => {
    const parts: string[] = []
    while (words.length && !dirs.includes(words[0].toUpperCase())) parts.push(words.shift()!)
    const dir = words.shift()?.toUpperCase()
    return { deg: parts[0] ?? '', min: parts[1] ?? '0', sec: parts[2] ?? '0', dir }
  }
  const lat = readCoord('NS')
  const lon = readCoord('EW')
  const nums = [
    lat.deg,
    lat.min,
    lat.sec,
    lon.deg,
    lon.min,
    lon.sec,
    words[0] ?? '0',
    words[1] ?? '1',
    words[2] ?? '10000',
    words[3] ?? '10',
  ]
  const parsed = nums.map((n) => toNumber(n, true))
  if (!lat.dir || !lon.dir || parsed.some((n) => n === undefined)) {
    return { ok: false, message: 'Write the location as: degrees minutes seconds N|S degrees minutes seconds E|W altitude.' }
  }
  const [latD, latM, latS, lonD, lonM, lonS, alt, size, ph, pv] = parsed as number[]
  const values = [latD, latM, latS, lat.dir, lonD, lonM, lonS, lon.dir, alt, size, ph, pv]
  return { ok: true, data: Object.fromEntries(LOC_KEYS.map((k, i) => [k, values[i]])) }
}

/**
 * Reads a presentation-format value into `data`. With `withPriority` (zone files), SRV and URI
 * start with their priority; the API's content summary leaves it out.
 */
export function dataFromRdata(type: string, text: string, withPriority = true): RdataResult {
  const tokens = tokenize(text)
  if (!tokens) return { ok: false, message: 'A quotation mark is not closed.' }
  if (type === 'LOC') return parseLoc(tokens)
  let specs = RDATA_FIELDS[type]
  if (!specs) return { ok: false, message: `${type} records have no data fields.` }
  if (!withPriority && (type === 'SRV' || type === 'URI')) specs = specs.slice(1)
  const data: DataFields = {}
  for (let i = 0; i < specs.length; i++) {
    const spec = specs[i]
    const tok = tokens[i]
    if (!tok && spec.kind === 'rest') {
      data[spec.key] = ''
      break
    }
    if (!tok)
      return { ok: false, message: `Missing ${spec.key.replace(/_/g, ' ')}: expected ${specs.map((s) => s.key).join(', ')}.` }
    if (spec.kind === 'int' || spec.kind === 'float') {
      const n = toNumber(tok.text, spec.kind === 'float')
      if (n === undefined)
        return { ok: false, message: `${spec.key.replace(/_/g, ' ')} must be a whole number, not "${tok.text}".` }
      data[spec.key] = n
    } else if (spec.kind === 'rest') {
      data[spec.key] = text.slice(tok.start).trim()
    } else if (spec.kind === 'blob') {
      data[spec.key] = tokens
        .slice(i)
        .map((t) => t.text)
        .join('')
    } else {
      data[spec.key] = tok.text
    }
    if (spec.kind === 'rest' || spec.kind === 'blob') break
  }
  const last = specs[specs.length - 1]
  if (last.kind !== 'rest' && last.kind !== 'blob' && tokens.length > specs.length) {
    return { ok: false, message: `Too many values: expected ${specs.map((s) => s.key).join(', ')}.` }
  }
  if (type === 'HTTPS' || type === 'SVCB') data.value = data.value ?? ''
  if (type === 'URI' && withPriority) {
    const { priority, ...rest } = data
    return { ok: true, data: rest, priority: Number(priority) }
  }
  return { ok: true, data }
}
