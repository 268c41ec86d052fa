/**
 * Which host names a certificate covers. A certificate host is either an exact name or a wildcard
 * `*.example.com`, which covers exactly one extra label: `www.example.com` but neither
 * `example.com` nor `a.b.example.com`.
 */

export const normaliseHost = (h: string): string => h.trim().toLowerCase().replace(/\.$/, '')

export function hostCovers(certHost: string, name: string): boolean {
  const pattern = normaliseHost(certHost)
  const host = normaliseHost(name)
  if (pattern === host) return true
  if (!pattern.startsWith('*.') || host.startsWith('*.')) return false
  const base = pattern.slice(2)
  if (!host.endsWith(`.${base}`)) return false
  const label = host.slice(0, -(base.length + 1))
  return label.length > 0 && !label.includes('.')
}

interface PackLike {
  status: string
  hosts: string[]
}

/**
 * The rule in words, for a name no certificate covers: which wildcard would cover it and which it does not.
 * `deep.sub.example.com` → "A wildcard certificate covers one level only: *.sub.example.com would cover it, *.example.com does not."
 */
export function wildcardRuleText(name: string): string {
  const host = normaliseHost(name)
  const parts = host.split('.')
  if (parts.length < 3 || host.startsWith('*.'))
    return 'A certificate covers the exact names it lists, and a wildcard such as *.example.com covers one level only.'
  const parent = parts.slice(1).join('.')
  const rule = `A wildcard certificate covers one level only: *.${parent} would cover ${host}`
  return parts.length >= 4 ? `${rule}; *.${parts.slice(2).join('.')} does not.` : `${rule}.`
}

/** The names that no active pack covers, each once, sorted. */
export function uncoveredNames(names: readonly string[], packs: readonly PackLike[]): string[] {
  const hosts = packs.filter((p) => p.status === 'active').flatMap((p) => p.hosts)
  const unique = [...new Set(names.map(normaliseHost))]
  return unique.filter((n) => !hosts.some((h) => hostCovers(h, n))).sort()
}
