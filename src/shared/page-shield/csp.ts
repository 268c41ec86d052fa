/**
 * Content-security-policy values as Page Shield policies carry them ("script-src 'self' js.stripe.com;
 * connect-src ..."): parse, build, and decide whether a URL would be allowed (CSP level 3 source
 * matching, reduced to what scripts and connections need).
 */

/** Directives a policy may carry, each with one plain sentence. */
export const CSP_DIRECTIVES = {
  'script-src': 'Where scripts may load from.',
  'script-src-elem': 'Where <script> elements may load from (overrides script-src for them).',
  'script-src-attr': 'Whether inline event handlers may run.',
  'connect-src': 'Where scripts may send requests (fetch, XHR, WebSocket, beacons).',
  'default-src': 'The fallback for every loading directive not listed.',
  'img-src': 'Where images may load from.',
  'style-src': 'Where stylesheets may load from.',
  'style-src-elem': 'Where <style> and stylesheet links may load from.',
  'style-src-attr': 'Whether inline style attributes are allowed.',
  'font-src': 'Where fonts may load from.',
  'frame-src': 'What pages may be embedded in frames.',
  'child-src': 'Where frames and workers may load from.',
  'worker-src': 'Where web workers may load from.',
  'media-src': 'Where audio and video may load from.',
  'object-src': 'Where plugins (<object>, <embed>) may load from.',
  'manifest-src': 'Where the web app manifest may load from.',
  'form-action': 'Where forms may be submitted.',
  'base-uri': 'What the <base> element may point to.',
  'frame-ancestors': 'Which sites may embed these pages in a frame.',
  'upgrade-insecure-requests': 'Load http:// resources over https:// instead (takes no sources).',
} as const
export type CspDirectiveName = keyof typeof CSP_DIRECTIVES
export const CSP_DIRECTIVE_NAMES = Object.keys(CSP_DIRECTIVES) as CspDirectiveName[]

export const CSP_KEYWORDS = [
  "'self'",
  "'none'",
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'strict-dynamic'",
  "'unsafe-hashes'",
  "'wasm-unsafe-eval'",
  "'report-sample'",
] as const

export interface CspDirective {
  name: string
  sources: string[]
}

export interface ParsedCsp {
  directives: CspDirective[]
  problems: string[]
}

const isKnownDirective = (name: string): name is CspDirectiveName => name in CSP_DIRECTIVES

/** Splits a CSP value into directives; problems are sentences a person can act on. */
export function parseCsp(value: string): ParsedCsp {
  const directives: CspDirective[] = []
  const problems: string[] = []
  const seen = new Set<string>()
  for (const part of value.split(';')) {
    const tokens = part.trim().split(/\s+/).filter(Boolean)
    if (tokens.length === 0) continue
    const name = tokens[0].toLowerCase()
    const sources = tokens.slice(1)
    if (!isKnownDirective(name)) {
      problems.push(`"${tokens[0]}" is not a directive a policy supports (for example script-src, connect-src, default-src).`)
      continue
    }
    if (seen.has(name))
      problems.push(`${name} appears twice; browsers ignore the second one. Merge the sources into one ${name}.`)
    seen.add(name)
    if (name === 'upgrade-insecure-requests' && sources.length > 0) problems.push('upgrade-insecure-requests takes no sources.')
    for (const s of sources) {
      if (/^'nonce-/i.test(s))
        problems.push(`${name}: nonces (${s}) are not supported in policies; use a hash ('sha256-…') or a host instead.`)
      else if (
        s.startsWith("'") &&
        !/^'(sha256|sha384|sha512)-[A-Za-z0-9+/_-]+=*'$/.test(s) &&
        !(CSP_KEYWORDS as readonly string[]).includes(s.toLowerCase())
      ) {
        problems.push(`${name}: ${s} is not a CSP keyword ('self', 'none', 'unsafe-inline', …) or a hash.`)
      }
    }
    if (sources.length > 1 && sources.some((s) => s.toLowerCase() === "'none'")) {
      problems.push(`${name}: 'none' cannot be combined with other sources.`)
    }
    directives.push({ name, sources })
  }
  if (directives.length === 0 && problems.length === 0)
    problems.push("The policy value needs at least one directive, for example script-src 'self'.")
  return { directives, problems }
}

/** "script-src 'self' js.stripe.com; connect-src 'self'" — directives without sources are kept bare. */
export function buildCsp(directives: CspDirective[]): string {
  return directives
    .filter((d) => d.name.trim() !== '')
    .map((d) => [d.name.trim(), ...dedupe(d.sources.map((s) => s.trim()).filter(Boolean))].join(' '))
    .join('; ')
}

const dedupe = (items: string[]) => [...new Set(items)]

