import type { PageShieldCookie } from '@/shared/schemas/page-shield'

const HOUR = 3_600_000
const DAY = 24 * HOUR

function span(ms: number): string {
  const abs = Math.abs(ms)
  if (abs < HOUR) return `${Math.max(1, Math.round(abs / 60_000))} minute${Math.round(abs / 60_000) === 1 ? '' : 's'}`
  if (abs < DAY) return `${Math.round(abs / HOUR)} hour${Math.round(abs / HOUR) === 1 ? '' : 's'}`
  const days = Math.round(abs / DAY)
  return `${days} day${days === 1 ? '' : 's'}`
}

/** "Expires in 30 days", "Expired 2 days ago", or a session cookie. Max-Age wins over Expires, as in browsers. */
export function expiryText(cookie: Pick<PageShieldCookie, 'expires_attribute' | 'max_age_attribute'>, now = new Date()): string {
  if (typeof cookie.max_age_attribute === 'number') {
    if (cookie.max_age_attribute <= 0) return 'Deleted at once (Max-Age 0 or less)'
    return `Expires ${span(cookie.max_age_attribute * 1000)} after it is set (Max-Age ${cookie.max_age_attribute} s)`
  }
  if (!cookie.expires_attribute) return 'Session cookie: deleted when the browser closes'
  const at = new Date(cookie.expires_attribute).getTime()
  if (Number.isNaN(at)) return 'Unreadable expiry date'
  const diff = at - now.getTime()
  return diff >= 0 ? `Expires in ${span(diff)}` : `Expired ${span(diff)} ago`
}

export function sameSiteText(value: PageShieldCookie['same_site_attribute']): string {
  switch (value) {
    case 'strict':
      return 'SameSite=Strict: sent only when the visitor is already on this site.'
    case 'lax':
      return 'SameSite=Lax: also sent when the visitor follows a link here from another site, not with requests other sites make.'
    case 'none':
      return 'SameSite=None: sent with requests from any site (needs Secure to work).'
    default:
      return 'No SameSite attribute: browsers treat it as Lax.'
  }
}

export const secureText = (secure: boolean | undefined) =>
  secure
    ? 'Secure: sent only over HTTPS.'
    : 'Not Secure: can also travel over plain HTTP, where others on the network can read it.'

export const httpOnlyText = (httpOnly: boolean | undefined) =>
  httpOnly
    ? 'HttpOnly: page scripts cannot read it.'
    : 'Not HttpOnly: any script on the page, including third-party ones, can read it.'

export const cookieTypeText = (type: PageShieldCookie['type']) =>
  type === 'first_party' ? 'First party: set for this site.' : 'Unknown: not recognised as this site’s own cookie.'

/** Attributes a reviewer should look at twice. */
export function cookieConcerns(c: PageShieldCookie): string[] {
  const out: string[] = []
  if (c.same_site_attribute === 'none' && !c.secure_attribute) out.push('SameSite=None without Secure: browsers reject it.')
  if (!c.secure_attribute) out.push('Not Secure.')
  if (!c.http_only_attribute && /sess|token|auth|csrf|email/i.test(c.name)) out.push('Looks sensitive but scripts can read it.')
  return out
}
