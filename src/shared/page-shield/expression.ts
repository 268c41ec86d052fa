/**
 * A small evaluator for the part of the rules expression language that decides which pages a
 * policy applies to: http.host / http.request.uri.path / http.request.uri / http.request.full_uri,
 * eq ne == != contains matches in {…}, starts_with() ends_with() lower(), and/or/not, parentheses.
 * The draft check uses it to say on which pages a policy would act.
 */

export interface PageRequest {
  host: string
  path: string
  query: string
}

type Value = string | boolean
type Node = (req: PageRequest) => Value

const FIELDS: Record<string, (r: PageRequest) => string> = {
  'http.host': (r) => r.host,
  'http.request.uri.path': (r) => r.path,
  'http.request.uri.query': (r) => r.query,
  'http.request.uri': (r) => r.path + (r.query ? `?${r.query}` : ''),
  'http.request.full_uri': (r) => `https://${r.host}${r.path}${r.query ? `?${r.query}` : ''}`,
}

/** A page URL as the API reports it ("www.example.com/checkout?step=2") → the request fields. */
export function pageRequest(pageUrl: string): PageRequest | undefined {
  try {
    const u = new URL(/^https?:\/\//i.test(pageUrl) ? pageUrl : `https://${pageUrl}`)
    return { host: u.hostname.toLowerCase(), path: decodeURIComponent(u.pathname) || '/', query: u.search.replace(/^\?/, '') }
  } catch {
    return undefined
  }
}

export type CompiledExpression = { ok: true; matches: (req: PageRequest) => boolean } | { ok: false; error: string }

const TOKEN = /\s*(?:("(?:[^"\\]|\\.)*")|(&&|\|\||==|!=|[(){},!])|([A-Za-z_][A-Za-z0-9_.]*))/y

function tokenize(src: string): string[] {
  const tokens: string[] = []
  TOKEN.lastIndex = 0
  let pos = 0
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break
    TOKEN.lastIndex = pos
    const m = TOKEN.exec(src)
    if (!m) throw new Error(`Unexpected text at "${src.slice(pos, pos + 12).trim()}".`)
    tokens.push(m[1] ?? m[2] ?? m[3])
    pos = TOKEN.lastIndex
  }
  return tokens
}

const unquote = (t: string) => t.slice(1, -1).replace(/\\(.)/g, '$1')
const asString = (v: Value) => (typeof v === 'string' ? v : String(v))

/** Compiles an expression, or says in one sentence why it cannot be evaluated here. */
export function compileExpression(source: string): CompiledExpression {
  let tokens: string[]
  try {
    tokens = tokenize(source)
  } catch (e) {
    return { ok: false, error: (e as Error).message }
  }
  let i = 0
  const peek = () => tokens[i]
  const next = () => tokens[i++]
  const expect = (t: string) => {
    if (tokens[i] !== t) throw new Error(`Expected "${t}" but found ${tokens[i] === undefined ? 'the end' : `"${tokens[i]}"`}.`)
    i++
  }

  const parseValue = (): Node => {
    const t = next()
    if (t === undefined) throw new Error('The expression ends too early.')
    if (t.startsWith('"')) {
      const s = unquote(t)
      return () => s
    }
    if (t === 'true' || t === 'false') return () => t === 'true'
    if (t in FIELDS) return FIELDS[t]
    if (t === 'lower' || t === 'starts_with' || t === 'ends_with') {
      expect('(')
      const a = parseValue()
      if (t === 'lower') {
        expect(')')
        return (r) => asString(a(r)).toLowerCase()
      }
      expect(',')
      const b = parseValue()
      expect(')')
      return t === 'starts_with'
        ? (r) => asString(a(r)).startsWith(asString(b(r)))
        : (r) => asString(a(r)).endsWith(asString(b(r)))
    }
    throw new Error(`"${t}" is not a field or function this check understands (it knows ${Object.keys(FIELDS).join(', ')}).`)
  }

  const parseComparison = (): Node => {
    const left = parseValue()
    const op = peek()
    if (op === 'eq' || op === '==' || op === 'ne' || op === '!=' || op === 'contains' || op === 'matches') {
      next()
      const right = parseValue()
      if (op === 'eq' || op === '==') return (r) => asString(left(r)) === asString(right(r))
      if (op === 'ne' || op === '!=') return (r) => asString(left(r)) !== asString(right(r))
      if (op === 'contains') return (r) => asString(left(r)).includes(asString(right(r)))
      const pattern = asString(right({ host: '', path: '', query: '' }))
      let re: RegExp
      try {
        re = new RegExp(pattern)
      } catch {
        throw new Error(`The pattern ${pattern} is not a valid regular expression.`)
      }
      return (r) => re.test(asString(left(r)))
    }
    if (op === 'in') {
      next()
      expect('{')
      const items: string[] = []
      while (peek() !== '}') {
        const t = next()
        if (t === undefined || !t.startsWith('"')) throw new Error('A set {…} holds quoted values separated by spaces.')
        items.push(unquote(t))
      }
      expect('}')
      const set = new Set(items)
      return (r) => set.has(asString(left(r)))
    }
    return left
  }

  const parseUnary = (): Node => {
    if (peek() === 'not' || peek() === '!') {
      next()
      const inner = parseUnary()
      return (r) => !inner(r)
    }
    if (peek() === '(') {
      next()
      const inner = parseOr()
      expect(')')
      return inner
    }
    return parseComparison()
  }
  const parseAnd = (): Node => {
    let left = parseUnary()
    while (peek() === 'and' || peek() === '&&') {
      next()
      const l = left
      const right = parseUnary()
      left = (r) => l(r) === true && right(r) === true
    }
    return left
  }
  const parseOr = (): Node => {
    let left = parseAnd()
    while (peek() === 'or' || peek() === '||') {
      next()
      const l = left
      const right = parseAnd()
      left = (r) => l(r) === true || right(r) === true
    }
    return left
  }

  try {
    if (tokens.length === 0) throw new Error('The expression is empty.')
    const root = parseOr()
    if (i < tokens.length) throw new Error(`Unexpected "${tokens[i]}" after a complete expression.`)
    return { ok: true, matches: (r) => root(r) === true }
  } catch (e) {
    return { ok: false, error: (e as Error).message }
  }
}

const quote = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

export interface HostSelection {
  hosts: string[]
  /** Only pages whose path starts with this ("/checkout"); empty for every page. */
  pathPrefix: string
}

/** The expression the host picker writes ("true" when nothing is picked: every page). */
export function buildHostExpression({ hosts, pathPrefix }: HostSelection): string {
  const list = [...new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean))]
  const hostPart =
    list.length === 0 ? '' : list.length === 1 ? `http.host eq ${quote(list[0])}` : `http.host in {${list.map(quote).join(' ')}}`
  const pathPart = pathPrefix.trim() ? `starts_with(http.request.uri.path, ${quote(pathPrefix.trim())})` : ''
  if (hostPart && pathPart) return `(${hostPart}) and ${pathPart}`
  return hostPart || pathPart || 'true' // nothing picked: every page of the zone
}

/** Reads back an expression the host picker wrote; undefined when it was edited beyond that shape. */
export function parseHostExpression(expression: string): HostSelection | undefined {
  const text = expression.trim()
  const str = /"((?:[^"\\]|\\.)*)"/g
  const pathMatch = /starts_with\(http\.request\.uri\.path, "((?:[^"\\]|\\.)*)"\)$/.exec(text)
  const pathPrefix = pathMatch ? pathMatch[1].replace(/\\(.)/g, '$1') : ''
  const hostsText = /http\.host (?:eq "(?:[^"\\]|\\.)*"|in \{[^}]*\})/.exec(text)?.[0] ?? ''
  const hosts = [...hostsText.matchAll(str)].map((m) => m[1].replace(/\\(.)/g, '$1'))
  const selection = { hosts, pathPrefix }
  return buildHostExpression(selection) === text ? selection : undefined
}
