import { uncoveredNames } from './coverage'
import { daysLeftText, daysUntil, expiringPacks, packExpiry } from './expiry'
import { statusText } from './status-text'

interface PackLike {
  id: string
  status: string
  hosts: string[]
  certificates: { expires_on?: string }[]
}

export type CheckKey = 'coverage' | 'action' | 'expiring'

export interface CertificateVerdict {
  tone: 'good' | 'warning' | 'bad'
  /** One plain sentence: can visitors reach the site over HTTPS without a warning? */
  headline: string
  /** What to do, most urgent first. */
  todo: string[]
  /** The three checks, most in need of the person first (problems before the ones that are fine). */
  order: CheckKey[]
}

const names = (n: number) => (n === 1 ? '1 proxied name' : `${n} proxied names`)

/**
 * The certificate page's verdict for a newcomer: whether visitors get a valid certificate on every
 * proxied name, and otherwise what is wrong and what to do, in order of harm (warnings visitors
 * see now, then packs waiting on the person, then certificates about to expire).
 */
export function certificateVerdict(proxied: readonly string[], packs: readonly PackLike[], now: number): CertificateVerdict {
  const missing = uncoveredNames(proxied, packs)
  const waiting = packs.filter((p) => p.status !== 'active' && statusText(p.status).action)
  const expiring = expiringPacks(packs, now)
  const todo: string[] = []
  if (missing.length)
    todo.push(
      `Get a certificate for ${missing.length === 1 ? missing[0] : `${missing.length} names`}: order an advanced certificate that covers ${missing.length === 1 ? 'it' : 'them'}, or stop proxying ${missing.length === 1 ? 'that name' : 'those names'} in DNS.`,
    )
  for (const p of waiting) todo.push(`${p.hosts.join(', ')}: ${statusText(p.status).label.toLowerCase()}. Open the pack to see what it needs.`)
  for (const p of expiring) {
    const at = packExpiry(p)!
    todo.push(`${p.hosts.join(', ')}: the certificate ${daysLeftText(daysUntil(at, now)).replace(/^in /, 'expires in ')}. Renew it; the service does not renew uploaded certificates.`)
  }
  const problems: Record<CheckKey, boolean> = { coverage: missing.length > 0, action: waiting.length > 0, expiring: expiring.length > 0 }
  const order = (['coverage', 'action', 'expiring'] as const).slice().sort((a, b) => Number(problems[b]) - Number(problems[a]))
  const total = new Set(proxied.map((n) => n.trim().toLowerCase())).size
  if (missing.length > 0)
    return {
      tone: 'bad',
      headline: `Visitors get a certificate warning on ${names(missing.length)} of ${total}: no active certificate covers ${missing.length === 1 ? 'it' : 'them'}.`,
      todo,
      order,
    }
  const allGood = total === 0 ? 'No name is proxied, so no certificate of this service is in use yet.' : total === 1 ? 'Visitors get a valid certificate on the one proxied name.' : `Visitors get a valid certificate on all ${names(total)}.`
  return { tone: todo.length ? 'warning' : 'good', headline: allGood, todo, order }
}
