/**
 * Record name rules (specification: "at most 63 characters; starts with a letter; ends with a letter
 * or digit; contains only letters, digits or hyphens. Underscores are allowed but discouraged.").
 *
 * Our reading, since a full name may be up to 255 characters (api-notes §3.3):
 * - "at most 63 characters" applies to each label (the parts between dots), the DNS label limit;
 * - "starts with a letter" is guidance, like "underscores are discouraged": host names may start
 *   with a digit (RFC 1123 §2.1) and the service accepts them (`3d`, `1password`, the DKIM selector
 *   `20230601._domainkey`), so every label may start with a letter, a digit or an underscore, never
 *   with a hyphen (the sandbox is never stricter than the service);
 * - "ends with a letter or digit" applies to every label (`foo-.example.com` is refused);
 * - letters, digits, hyphens and underscores only; no label starts with a hyphen;
 * - `*` is allowed only as the whole leftmost label (`*.example.com`); `@` means the zone itself;
 * - a trailing dot (fully qualified form) is accepted and ignored.
 */

export const NAME_MAX_LENGTH = 255
export const LABEL_MAX_LENGTH = 63

export interface NameProblem {
  message: string
  /** The API error code (9000: invalid name). */
  code: number
}

const bad = (message: string): NameProblem => ({ message, code: 9000 })
const preview = (label: string) => (label.length > 20 ? `${label.slice(0, 20)}…` : label)

/** Every rule the name breaks, in plain words (empty when the name is valid). */
export function recordNameProblems(input: string): NameProblem[] {
  if (input.trim() === '') return [bad('Enter a name. Use @ for the domain itself, or a subdomain such as www.')]
  if (input === '@') return []
  const name = input.endsWith('.') ? input.slice(0, -1) : input
  if (name.length > NAME_MAX_LENGTH) return [bad(`The name is too long: at most ${NAME_MAX_LENGTH} characters in total.`)]
  const labels = name.split('.')
  if (labels.some((l) => l === ''))
    return [bad('The name has an empty part: remove the extra dot (no two dots in a row, no dot at the start).')]
  const problems: NameProblem[] = []
  const stray = labels.findIndex((l, i) => l.includes('*') && !(i === 0 && l === '*'))
  if (stray >= 0) problems.push(bad('A * can only be used on its own as the first part of the name, like *.example.com.'))
  const badChars = [...new Set(name.replace(/[A-Za-z0-9_.*-]/g, ''))]
  if (badChars.length) {
    const shown = badChars.map((ch) => (ch === ' ' ? 'spaces' : `"${ch}"`)).join(', ')
    problems.push(bad(`The name can only contain letters, digits, hyphens (-) and underscores (_). Remove ${shown}.`))
  }
  const long = labels.find((l) => l.length > LABEL_MAX_LENGTH)
  if (long) {
    problems.push(
      bad(
        `Each part of the name between dots can be at most ${LABEL_MAX_LENGTH} characters; "${preview(long)}" has ${long.length}.`,
      ),
    )
  }
  const words = labels.filter((l) => l !== '*')
  if (words.some((l) => l.startsWith('-')))
    problems.push(bad('Each part of the name must start with a letter or a digit, not a hyphen (-).'))
  if (words.some((l) => /[^A-Za-z0-9]$/.test(l) && !/[^A-Za-z0-9_*-]/.test(l))) {
    problems.push(bad('Each part of the name must end with a letter or a digit (not a hyphen or underscore).'))
  }
  return problems
}

/**
 * Things worth telling the user that do not block saving: underscores are allowed but discouraged,
 * except in the service labels that need them (_dmarc, _domainkey, _acme-challenge, _sip._tcp...).
 */
export function nameWarnings(name: string): string[] {
  if (!name.includes('_')) return []
  const labels = name.replace(/\.$/, '').split('.')
  const inner = labels.filter((l) => l.includes('_') && !l.startsWith('_'))
  const leading = labels.filter((l) => l.startsWith('_'))
  const warnings: string[] = []
  if (inner.length) {
    warnings.push(
      `Underscores are allowed but discouraged in host names ("${inner[0]}"): some browsers, mail servers and certificate authorities reject them. A hyphen (-) is safer.`,
    )
  } else if (leading.length) {
    warnings.push(
      'Names starting with an underscore are meant for service records (TXT, SRV, TLSA such as _dmarc or _sip._tcp); they cannot be used as web addresses.',
    )
  }
  return warnings
}

/**
 * The fully qualified, lower-case name a record is stored under: `@` → the zone, a relative name
 * gains the zone (`www` → `www.example.com`), a name already ending in the zone stays as it is.
 * Returns undefined for an absolute name (trailing dot) outside the zone.
 */
export function toFqdn(name: string, zoneName: string): string | undefined {
  const zone = zoneName.toLowerCase()
  const n = name.trim().toLowerCase()
  if (n === '@' || n === '') return zone
  if (n.endsWith('.')) {
    const abs = n.slice(0, -1)
    return abs === zone || abs.endsWith(`.${zone}`) ? abs : undefined
  }
  if (n === zone || n.endsWith(`.${zone}`)) return n
  return `${n}.${zone}`
}

/** The name relative to the zone, as the dashboard shows it: `www`, or `@` for the zone itself. */
export function relativeName(fqdn: string, zoneName: string): string {
  const n = fqdn.toLowerCase()
  const zone = zoneName.toLowerCase()
  if (n === zone) return '@'
  return n.endsWith(`.${zone}`) ? n.slice(0, -(zone.length + 1)) : n
}

/** Loose host-name check for record targets (CNAME, MX, NS, PTR, SRV): labels of letters, digits, - and _. */
export function isHostname(input: string): boolean {
  const h = input.endsWith('.') ? input.slice(0, -1) : input
  if (h === '' || h.length > NAME_MAX_LENGTH) return false
  return h
    .split('.')
    .every((l) => l.length >= 1 && l.length <= LABEL_MAX_LENGTH && /^[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?$/.test(l))
}
