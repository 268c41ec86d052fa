import { EVERYWHERE as ALL, SHOP, type PageGroup } from './seed-data'

export interface CookieSeed {
  name: string
  host: string
  type: 'first_party' | 'unknown'
  domain?: string
  path?: string
  /** Days from now until it expires; null for a session cookie. */
  expiresDays: number | null
  maxAge?: number | null
  httpOnly: boolean
  secure: boolean
  sameSite: 'lax' | 'strict' | 'none' | null
  on: PageGroup[]
}

const c = (
  name: string,
  host: string,
  type: 'first_party' | 'unknown',
  domain: string | undefined,
  path: string | undefined,
  expiresDays: number | null,
  maxAge: number | null,
  flags: 'HS' | 'H' | 'S' | '',
  sameSite: 'lax' | 'strict' | 'none' | null,
  on: PageGroup[],
): CookieSeed => ({
  name,
  host,
  type,
  domain,
  path,
  expiresDays,
  maxAge,
  httpOnly: flags.includes('H'),
  secure: flags.includes('S'),
  sameSite,
  on,
})

/** Cookies seen on the demo site: sessions, consent, analytics, payments, chat, and a few careless ones. */
export const COOKIES: CookieSeed[] = [
  c('__cf_bm', 'www.example.com', 'first_party', '.example.com', '/', 0.02, 1800, 'HS', 'none', ALL),
  c('cf_clearance', 'www.example.com', 'first_party', '.example.com', '/', 365, null, 'HS', 'none', SHOP),
  c('_cfuvid', 'www.example.com', 'first_party', '.example.com', '/', null, null, 'HS', 'none', ALL),
  c('session_id', 'www.example.com', 'first_party', 'www.example.com', '/', null, null, 'HS', 'lax', SHOP),
  c('csrftoken', 'www.example.com', 'first_party', 'www.example.com', '/', 365, 31449600, 'S', 'strict', ['account', 'checkout']),
  c('cart_id', 'www.example.com', 'first_party', 'www.example.com', '/', 30, 2592000, 'HS', 'lax', [
    'cart',
    'checkout',
    'product',
  ]),
  c('checkout_token', 'www.example.com', 'first_party', 'www.example.com', '/checkout', 0.5, 43200, 'HS', 'strict', ['checkout']),
  c('remember_me', 'www.example.com', 'first_party', 'www.example.com', '/account', 30, 2592000, 'HS', 'lax', ['account']),
  c('currency', 'www.example.com', 'first_party', 'www.example.com', '/', 365, null, '', 'lax', SHOP),
  c('locale', 'www.example.com', 'first_party', '.example.com', '/', 365, null, 'S', 'lax', ALL),
  c('recently_viewed', 'www.example.com', 'first_party', 'www.example.com', '/products', 14, null, '', null, ['product']),
  c('ab_test_bucket', 'www.example.com', 'first_party', 'www.example.com', '/', 90, null, 'S', 'lax', ['home', 'product']),
  c('promo_dismissed', 'www.example.com', 'first_party', 'www.example.com', '/', 7, 604800, '', null, ['home']),
  c('wp-settings-time-1', 'blog.example.com', 'first_party', 'blog.example.com', '/', 365, null, 'S', 'lax', ['blog']),
  c('wordpress_test_cookie', 'blog.example.com', 'first_party', 'blog.example.com', '/', null, null, 'S', 'lax', ['blog']),
  c('comment_author_email', 'blog.example.com', 'first_party', 'blog.example.com', '/', 347, null, '', null, ['blog']),
  c('help_session', 'help.example.com', 'first_party', 'help.example.com', '/', null, null, 'HS', 'lax', ['help']),
  c('__zlcmid', 'help.example.com', 'unknown', '.example.com', '/', 365, null, 'S', 'lax', ['help']),
  c('OptanonConsent', 'www.example.com', 'first_party', '.example.com', '/', 365, null, 'S', 'lax', ALL),
  c('OptanonAlertBoxClosed', 'www.example.com', 'first_party', '.example.com', '/', 365, null, 'S', 'lax', ALL),
  c('_ga', 'www.example.com', 'first_party', '.example.com', '/', 400, null, 'S', 'lax', ALL),
  c('_ga_4XYZ12ABCD', 'www.example.com', 'first_party', '.example.com', '/', 400, null, 'S', 'lax', ALL),
  c('_gid', 'www.example.com', 'first_party', '.example.com', '/', 1, 86400, '', null, ALL),
  c('_gcl_au', 'www.example.com', 'first_party', '.example.com', '/', 90, null, 'S', 'lax', SHOP),
  c('_fbp', 'www.example.com', 'first_party', '.example.com', '/', 90, null, 'S', 'lax', SHOP),
  c('_fbc', 'www.example.com', 'first_party', '.example.com', '/', 90, null, '', null, ['product']),
  c('fr', 'www.example.com', 'unknown', '.facebook.com', '/', 90, null, 'HS', 'none', SHOP),
  c('_hjSessionUser_3412987', 'www.example.com', 'first_party', '.example.com', '/', 365, null, 'S', 'lax', SHOP),
  c('_hjSession_3412987', 'www.example.com', 'first_party', '.example.com', '/', 0.02, null, 'S', 'lax', SHOP),
  c('_hjIncludedInSessionSample', 'www.example.com', 'first_party', 'www.example.com', '/', 0.01, 120, '', null, SHOP),
  c('ajs_anonymous_id', 'www.example.com', 'first_party', '.example.com', '/', 365, null, 'S', 'lax', ALL),
  c('ajs_user_id', 'www.example.com', 'first_party', '.example.com', '/', 365, null, 'S', 'lax', ['account', 'checkout']),
  c('intercom-id-k2x9q1z7', 'www.example.com', 'first_party', '.example.com', '/', 270, null, 'S', 'lax', [
    'home',
    'product',
    'help',
  ]),
  c('intercom-session-k2x9q1z7', 'www.example.com', 'first_party', '.example.com', '/', 7, null, 'S', 'lax', [
    'home',
    'product',
    'help',
  ]),
  c('intercom-device-id-k2x9q1z7', 'www.example.com', 'first_party', '.example.com', '/', 270, null, 'S', 'lax', ['help']),
  c('__stripe_mid', 'www.example.com', 'first_party', '.example.com', '/', 365, 31536000, 'S', 'strict', ['cart', 'checkout']),
  c('__stripe_sid', 'www.example.com', 'first_party', '.example.com', '/', 0.02, 1800, 'S', 'strict', ['cart', 'checkout']),
  c('m', 'www.example.com', 'unknown', 'm.stripe.com', '/', 730, null, 'HS', 'none', ['checkout']),
  c('ts_c', 'www.example.com', 'unknown', '.paypal.com', '/', 1095, null, 'S', 'none', ['checkout']),
  c('l7_az', 'www.example.com', 'unknown', '.paypal.com', '/', 0.02, null, 'S', 'none', ['checkout']),
  c('__kla_id', 'www.example.com', 'first_party', '.example.com', '/', 730, null, '', 'lax', SHOP),
  c('_uetsid', 'www.example.com', 'first_party', '.example.com', '/', 1, null, '', null, SHOP),
  c('_uetvid', 'www.example.com', 'first_party', '.example.com', '/', 390, null, '', null, SHOP),
  c('li_sugr', 'www.example.com', 'unknown', '.linkedin.com', '/', 90, null, 'S', 'none', ['home', 'blog']),
  c('bcookie', 'www.example.com', 'unknown', '.linkedin.com', '/', 365, null, 'S', 'none', ['home', 'blog']),
  c('personalization_id', 'www.example.com', 'unknown', '.twitter.com', '/', 400, null, 'S', 'none', ['home', 'product']),
  c('hubspotutk', 'blog.example.com', 'first_party', '.example.com', '/', 180, null, '', null, ['blog']),
  c('__hssc', 'blog.example.com', 'first_party', '.example.com', '/', 0.02, null, '', null, ['blog']),
  c('__hstc', 'blog.example.com', 'first_party', '.example.com', '/', 180, null, '', null, ['blog']),
  c('optimizelyEndUserId', 'www.example.com', 'first_party', '.example.com', '/', 180, null, '', null, ['home', 'product']),
  c('amp_6e403e', 'www.example.com', 'first_party', '.example.com', '/', 365, null, '', 'lax', SHOP),
  c('nr_session', 'www.example.com', 'first_party', 'www.example.com', '/', null, null, 'S', 'lax', SHOP),
  c('_dd_s', 'www.example.com', 'first_party', 'www.example.com', '/', 0.01, null, 'S', 'strict', ['checkout', 'account']),
  c('sentry-sc', 'www.example.com', 'first_party', 'www.example.com', '/', null, null, '', null, SHOP),
  c('_rdt_uuid', 'www.example.com', 'first_party', '.example.com', '/', 90, null, 'S', 'strict', ['product']),
  c('affirm_user_attributes', 'www.example.com', 'unknown', '.affirm.com', '/', 365, null, 'S', 'none', ['product', 'checkout']),
  // Careless ones a reviewer should notice.
  c('user_email', 'www.example.com', 'first_party', 'www.example.com', '/', 365, null, '', null, ['account', 'checkout']),
  c('debug_mode', 'www.example.com', 'first_party', 'www.example.com', '/', null, null, '', 'none', ['home']),
  c('_stat_uid', 'www.example.com', 'unknown', '.analytics-metrics.click', '/', 3650, null, '', 'none', ['checkout', 'cart']),
  c('wp_mx_cs', 'blog.example.com', 'unknown', 'blog.example.com', '/', 30, null, '', 'none', ['blog']),
]
