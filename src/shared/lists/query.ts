/**
 * One declaration of a list's query (its filters, order and paging), read two ways:
 *
 * - from a request's query string, as the service reads it (`read`: the sandbox's handlers, the zone
 *   scope, the dashboard's own list routes). Unknown keys are ignored, as the service ignores them
 *   (api-notes §13); a value the service refuses throws a `QueryError` (HTTP 400 naming the key),
 *   and paging is clamped where the service clamps it (§13.8).
 * - from a page's URL (`fromUrl`, through `listPage` in ./page.ts): a value that is not acceptable
 *   reads as absent, so a pasted URL always opens.
 *
 * and written back as a query string (`write`; repeated keys for lists). No zod here: the pages'
 * route validators come from it and are part of the first-load bundle.
 */

/** A value the service refuses: the key it sits in and a message a person can act on. */
export class QueryError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message)
    this.name = 'QueryError'
  }
}

export type FieldKind = 'text' | 'choice' | 'boolean' | 'number' | 'day' | 'flag'

export interface QueryField<T> {
  readonly kind: FieldKind
  /** Choices: the values it takes, in the order a filter offers them. */
  readonly values?: readonly string[]
  /** One or several values (`type=A&type=AAAA`, or `A,AAAA`): any of them matches. */
  readonly many?: boolean
  /** A page URL's value (the router's parsed search): the value, or undefined when absent or not acceptable. */
  fromUrl(raw: unknown): T | undefined
  /** Every value of the key in a request (repeated keys in order): the value, undefined when absent; throws QueryError where the service refuses it. */
  fromQuery(values: string[], key: string): T | undefined
  /** The query string values of a value. */
  toQuery(value: T): string[]
  /** Another name of the parameter `aliasOf` (see `aliasOf()`): read only when that one is not sent. */
  readonly aliasOf?: string
}

/** One or several values: one stays a plain value (a clean URL), several a list. */
export type OneOrMany<T> = T | T[]
/** The values of a one-or-several filter as a list (none: empty). */
export const listOf = <T>(v: OneOrMany<T> | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])
const oneOrMany = <T>(list: T[]): OneOrMany<T> | undefined => (list.length === 0 ? undefined : list.length === 1 ? list[0] : list)

/** The router parses "123" or "true" in a URL as JSON, so numbers and booleans are text again here. */
const urlText = (v: unknown): string | undefined => {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return undefined
  const s = String(v).trim()
  return s === '' ? undefined : s
}
const first = (values: string[]) => (values.length && values[0] !== '' ? values[0] : undefined)

/** Free text; `max` characters at most (longer: refused by the service, absent in a URL). */
export function text(opts: { max?: number; tooLong?: string } = {}): QueryField<string> {
  const max = opts.max ?? Infinity
  return {
    kind: 'text',
    fromUrl: (raw) => {
      const s = urlText(raw)
      return s !== undefined && s.length <= max ? s : undefined
    },
    fromQuery: (values, key) => {
      const v = first(values)
      if (v !== undefined && v.length > max) throw new QueryError(key, opts.tooLong ?? `${key} can be at most ${max} characters.`)
      return v
    },
    toQuery: (v) => [v],
  }
}

/** Free text that may repeat (`name.contains=a&name.contains=b`: either matches). */
export function texts(): QueryField<OneOrMany<string>> {
  return {
    kind: 'text',
    many: true,
    fromUrl: (raw) => oneOrMany((Array.isArray(raw) ? raw : [raw]).map(urlText).filter((s): s is string => s !== undefined)),
    fromQuery: (values) => oneOrMany(values.filter((v) => v !== '')),
    toQuery: (v) => listOf(v),
  }
}

/**
 * One of a fixed set of values. `ignoreCase`: the service reads `DESC` as `desc` (the value is
 * lowered); `message`: the refusal (default names the values).
 */
export function choice<const V extends readonly string[]>(
  values: V,
  opts: { ignoreCase?: boolean; message?: string } = {},
): QueryField<V[number]> {
  const known = (v: string): v is V[number] => (values as readonly string[]).includes(v)
  const norm = (v: string) => (opts.ignoreCase ? v.toLowerCase() : v)
  return {
    kind: 'choice',
    values,
    fromUrl: (raw) => {
      const v = typeof raw === 'string' ? norm(raw) : undefined
      return v !== undefined && known(v) ? v : undefined
    },
    fromQuery: (list, key) => {
      const raw = first(list)
      if (raw === undefined) return undefined
      const v = norm(raw)
      if (!known(v)) throw new QueryError(key, opts.message ?? `${key} must be one of ${values.join(', ')}.`)
      return v
    },
    toQuery: (v) => [v],
  }
}

/**
 * One or several of a fixed set (`type=A&type=AAAA` or `type=A,AAAA`: any of them). `upper`: the
 * service reads `mx` as `MX`; `message(bad)`: the refusal.
 */
export function choices<const V extends readonly string[]>(
  values: V,
  opts: { upper?: boolean; message?: (bad: string) => string; comma?: boolean } = {},
): QueryField<OneOrMany<V[number]>> {
  const known = (v: string): v is V[number] => (values as readonly string[]).includes(v)
  return {
    kind: 'choice',
    values,
    many: true,
    fromUrl: (raw) => {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : []
      return oneOrMany([...new Set(list.filter((x): x is V[number] => typeof x === 'string' && known(x)))])
    },
    fromQuery: (list, key) => {
      const all = list
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '')
        .map((v) => (opts.upper ? v.toUpperCase() : v))
      const bad = all.find((v) => !known(v))
      if (bad !== undefined) throw new QueryError(key, opts.message?.(bad) ?? `${key} must be one of ${values.join(', ')}.`)
      return oneOrMany(all as V[number][])
    },
    // `comma`: written as one comma list (page security's `status=active,infrequent`), not repeated keys.
    toQuery: (v) => (opts.comma ? [listOf(v).join(',')] : listOf(v)),
  }
}

const commaItemsOf = (values: string[]) =>
  values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '')

/**
 * A comma list of free text (page security's `hosts=a.com,*.b.com`; repeated keys are joined): one
 * text, as a page's filter box holds it and as the service takes it; `commaItems` splits it.
 */
export function commaList(): QueryField<string> {
  return {
    kind: 'text',
    fromUrl: urlText,
    fromQuery: (values) => {
      const s = commaItemsOf(values).join(',')
      return s === '' ? undefined : s
    },
    toQuery: (v) => [v],
  }
}

/** The items of a comma list (none: undefined). */
export const commaItems = (v: string | undefined): string[] | undefined => {
  const items = v === undefined ? [] : commaItemsOf([v])
  return items.length ? items : undefined
}

/**
 * A page number or `all` (every item in one answer; page security's lists, api-notes §5.2). A number
 * is clamped as every list's page is (api-notes §13.8: below 1, or `-3`, reads as 1; `2.5` as 2);
 * only a value that is neither a number nor `all` is refused. A page's URL takes numbers only.
 */
export function pageOrAll(): QueryField<number | 'all'> {
  return {
    kind: 'number',
    fromUrl: (v) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN
      return Number.isInteger(n) && n >= 1 ? n : undefined
    },
    fromQuery: (values, key) => {
      const raw = first(values)
      if (raw === undefined || raw.trim() === '') return undefined
      if (raw === 'all') return 'all'
      const n = Number(raw)
      if (!Number.isFinite(n)) throw new QueryError(key, `${key} must be a number, or "all".`)
      return Math.min(Number.MAX_SAFE_INTEGER, Math.max(1, Math.trunc(n)))
    },
    toQuery: (v) => [String(v)],
  }
}

/** true or false; anything else is refused. */
export function boolean(): QueryField<boolean> {
  return {
    kind: 'boolean',
    fromUrl: (v) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined),
    fromQuery: (values, key) => {
      const v = first(values)
      if (v === undefined) return undefined
      if (v === 'true') return true
      if (v === 'false') return false
      throw new QueryError(key, `${key} must be true or false.`)
    },
    toQuery: (v) => [String(v)],
  }
}

/** Set by its presence alone, whatever its value (`comment.present`). */
export function flag(): QueryField<true> {
  return {
    kind: 'flag',
    fromUrl: (v) => (v === undefined || v === false || v === 'false' ? undefined : true),
    fromQuery: (values) => (values.length ? true : undefined),
    toQuery: () => [''],
  }
}

/**
 * A whole number from min to max. `clamp` (the service's paging, api-notes §13.8): out of range is
 * brought into it and only a value that is not a number at all is refused; otherwise anything but a
 * whole number in range is refused, in words naming `label`.
 */
export function whole(min: number, max: number, opts: { clamp?: boolean; label?: string } = {}): QueryField<number> {
  return {
    kind: 'number',
    fromUrl: (v) => {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN
      return Number.isInteger(n) && n >= min && n <= max ? n : undefined
    },
    fromQuery: (values, key) => {
      const raw = first(values)
      if (raw === undefined || raw.trim() === '') return undefined
      const label = opts.label ?? key
      if (opts.clamp) {
        const n = Number(raw)
        if (!Number.isFinite(n)) throw new QueryError(key, `${key} must be a number.`)
        return Math.min(max, Math.max(min, Math.trunc(n)))
      }
      if (!/^\d+$/.test(raw)) throw new QueryError(key, `${label} must be a whole number.`)
      const n = Number(raw)
      if (n < min || n > max) throw new QueryError(key, `${label} must be between ${min} and ${max}.`)
      return n
    },
    toQuery: (v) => [String(v)],
  }
}

/**
 * A second name of the parameter `name` (the certificate pack list's `ssl_status`, the
 * specification's spelling of the schema's `status`), read as `field` reads it, but only when
 * `name` itself is not sent. Sent with it, the second name is not read at all, whatever its value:
 * the service knows only the real name and ignores any other key (api-notes §13), so a bad value
 * there refuses nothing.
 */
export function aliasOf<T>(name: string, field: QueryField<T>): QueryField<T> {
  return { ...field, aliasOf: name }
}

/** A day, YYYY-MM-DD. */
export function day(): QueryField<string> {
  const ok = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v)
  return {
    kind: 'day',
    fromUrl: (v) => (typeof v === 'string' && ok(v) ? v : undefined),
    fromQuery: (values, key) => {
      const v = first(values)
      if (v !== undefined && !ok(v)) throw new QueryError(key, 'A date is written YYYY-MM-DD.')
      return v
    },
    toQuery: (v) => [v],
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of any value type (QueryField<T> uses T both ways)
export type AnyField = QueryField<any>
export type Fields = Record<string, AnyField>
export type ValueOf<F> = F extends QueryField<infer T> ? T : never
/** A list query's values: every key optional. */
export type QueryOf<F> = { [K in keyof F]?: ValueOf<F[K]> }

export interface ListQuery<F extends Fields> {
  readonly fields: F
  /** Reads a request's query string as the service does (see the top of this file). */
  read(params: URLSearchParams): QueryOf<F>
  /** The query string of a query: repeated keys for lists, absent values left out. */
  write(query: QueryOf<F>): URLSearchParams
}

/** A list's query from its fields: `listQuery({ name: text({ max: 253 }), status: choice(ZONE_STATUSES), … })`. */
export function listQuery<const F extends Fields>(fields: F): ListQuery<F> {
  const entries = Object.entries(fields) as [string, QueryField<unknown>][]
  return {
    fields,
    read(params) {
      const out: Record<string, unknown> = {}
      for (const [key, field] of entries) {
        if (field.aliasOf !== undefined && params.getAll(field.aliasOf).some((v) => v !== '')) continue
        const v = field.fromQuery(params.getAll(key), key)
        if (v !== undefined) out[key] = v
      }
      return out as QueryOf<F>
    },
    write(query) {
      const params = new URLSearchParams()
      for (const [key, field] of entries) {
        const v = (query as Record<string, unknown>)[key]
        if (v !== undefined) for (const s of field.toQuery(v)) params.append(key, s)
      }
      return params
    },
  }
}

/** A query string as a request's parameters (each value as its field wrote it; a repeated key's values as a list). */
export function paramsOf(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, v] of search) {
    const had = out[key]
    out[key] = had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v]
  }
  return out
}
