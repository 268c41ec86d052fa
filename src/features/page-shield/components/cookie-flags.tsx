import { Badge } from '@/components/ui/badge'
import type { PageShieldCookie } from '@/shared/schemas/page-shield'
import { httpOnlyText, sameSiteText, secureText } from '../lib/cookie-text'

// Its own file so the cookie detail page shows the badges without loading the cookies table.

/** Secure / HttpOnly / SameSite as short badges, each with its meaning as a tooltip. */
export function CookieFlags({ cookie }: { cookie: PageShieldCookie }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={cookie.secure_attribute ? 'success' : 'warning'} title={secureText(cookie.secure_attribute)}>
        {cookie.secure_attribute ? 'Secure' : 'Not Secure'}
      </Badge>
      <Badge tone={cookie.http_only_attribute ? 'success' : 'neutral'} title={httpOnlyText(cookie.http_only_attribute)}>
        {cookie.http_only_attribute ? 'HttpOnly' : 'Readable by scripts'}
      </Badge>
      <Badge
        tone={cookie.same_site_attribute === 'none' ? 'warning' : 'neutral'}
        title={sameSiteText(cookie.same_site_attribute)}
      >
        SameSite {cookie.same_site_attribute ?? 'not set'}
      </Badge>
    </span>
  )
}
