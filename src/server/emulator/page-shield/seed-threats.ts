import type { PageGroup } from './seed-data'
import { SHOP } from './seed-data'

/** Scores in the order integrity, malware, magecart (card skimming), crypto-mining. */
export type Scores = [number, number, number, number]

/** A detected resource with a story: where it was seen, since when, and what threat feeds say. */
export interface ConnectionStory {
  url: string
  on: PageGroup[]
  status: 'active' | 'infrequent' | 'inactive'
  urlCategories?: string[]
  domainCategories?: string[]
  firstSeenDays: number
}

export interface ScriptStory extends ConnectionStory {
  /** Oldest first; the last one is the script as it is now. */
  versions: Scores[]
}

/**
 * Scripts with a history worth reading: ten malicious by the integrity rule (latest score below 10),
 * two right at the threshold (10 and 11, not malicious), two reported by threat feeds despite a fair
 * score, and ordinary scripts whose scores moved.
 */
export const SCRIPT_STORIES: ScriptStory[] = [
  // A card skimmer injected into the site's own checkout bundle: fine for months, then 4.
  {
    url: 'https://www.example.com/assets/js/checkout.8f3a2c1d.js',
    on: ['checkout'],
    status: 'active',
    firstSeenDays: 41,
    versions: [
      [93, 95, 96, 98],
      [91, 94, 95, 98],
      [4, 12, 2, 97],
    ],
  },
  {
    url: 'https://cdn.jsdelivr-static.top/npm/jquery@3.7.1/dist/jquery.min.js',
    on: ['cart', 'checkout'],
    status: 'active',
    firstSeenDays: 6,
    versions: [[3, 8, 2, 95]],
    urlCategories: ['Malware'],
    domainCategories: ['Malware', 'Newly Seen Domains'],
  },
  {
    url: 'https://static.paymentsecure-cdn.xyz/js/pay-form.js',
    on: ['checkout'],
    status: 'active',
    firstSeenDays: 3,
    versions: [[2, 5, 1, 96]],
    domainCategories: ['Phishing'],
  },
  {
    url: 'https://analytics-metrics.click/t.js?sid=77',
    on: SHOP,
    status: 'active',
    firstSeenDays: 12,
    versions: [
      [15, 22, 18, 91],
      [7, 9, 6, 90],
    ],
    domainCategories: ['Command and Control & Botnet'],
  },
  // A blog plugin whose update went bad.
  {
    url: 'https://blog.example.com/wp-content/plugins/social-share-pro/js/share.min.js?ver=4.2.1',
    on: ['blog'],
    status: 'active',
    firstSeenDays: 160,
    versions: [
      [81, 88, 90, 97],
      [74, 80, 85, 97],
      [8, 15, 7, 96],
    ],
  },
  {
    url: 'https://coin-stats-cdn.online/lib/worker.min.js',
    on: ['blog', 'help'],
    status: 'infrequent',
    firstSeenDays: 4,
    versions: [[5, 11, 60, 2]],
    urlCategories: ['Cryptomining'],
  },
  {
    url: 'https://fonts-googleapis.cc/css2.js?family=Inter',
    on: ['home', 'product'],
    status: 'active',
    firstSeenDays: 9,
    versions: [[6, 7, 5, 92]],
    urlCategories: ['Phishing'],
    domainCategories: ['Newly Seen Domains'],
  },
  {
    url: 'https://cdn.shopjs-widgets.top/cart-helper.js',
    on: ['cart'],
    status: 'active',
    firstSeenDays: 21,
    versions: [
      [38, 45, 30, 94],
      [9, 14, 8, 93],
    ],
  },
  {
    url: 'https://img-cdn-analytics.site/p.js',
    on: ['product'],
    status: 'inactive',
    firstSeenDays: 70,
    versions: [[4, 6, 3, 90]],
    domainCategories: ['Spyware'],
  },
  {
    url: 'https://www.example.com/assets/js/legacy-promo.js',
    on: ['home'],
    status: 'active',
    firstSeenDays: 300,
    versions: [
      [64, 70, 72, 95],
      [52, 61, 58, 95],
      [9, 10, 9, 94],
    ],
  },
  // Right at the threshold: 10 and 11 are NOT malicious.
  {
    url: 'https://ads.example-adnetwork.net/tag/v3/tag.js',
    on: ['home', 'product', 'blog'],
    status: 'active',
    firstSeenDays: 55,
    versions: [
      [24, 30, 41, 88],
      [10, 19, 33, 85],
    ],
  },
  {
    url: 'https://cdn.popup-offers.example-adnetwork.net/v2/offer.js',
    on: ['home'],
    status: 'active',
    firstSeenDays: 33,
    versions: [[11, 17, 25, 90]],
  },
  // Threat feeds report the host although the code scores fairly.
  {
    url: 'https://cdn.widgetly-chat.io/embed.js',
    on: ['help'],
    status: 'active',
    firstSeenDays: 15,
    versions: [[67, 72, 80, 97]],
    domainCategories: ['Newly Seen Domains'],
  },
  {
    url: 'https://tracker.fast-stats.biz/s.js',
    on: ['blog'],
    status: 'infrequent',
    firstSeenDays: 27,
    versions: [[45, 52, 60, 95]],
    urlCategories: ['Spyware'],
  },
  // Ordinary scripts whose scores moved between versions.
  {
    url: 'https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=XyZ123',
    on: SHOP,
    status: 'active',
    firstSeenDays: 240,
    versions: [
      [88, 92, 94, 98],
      [35, 48, 52, 97],
      [86, 90, 93, 98],
      [91, 93, 95, 98],
    ],
  },
  {
    url: 'https://cdn.segment.com/analytics.js/v1/Qw3rTy7uIoP/analytics.min.js',
    on: ['home', 'product', 'cart', 'checkout', 'account', 'blog', 'help'],
    status: 'active',
    firstSeenDays: 380,
    versions: [
      [90, 94, 96, 99],
      [89, 93, 95, 99],
      [92, 95, 96, 99],
      [84, 90, 91, 99],
      [93, 95, 97, 99],
    ],
  },
  {
    url: 'https://www.googletagmanager.com/gtm.js?id=GTM-K7X2P9Q',
    on: ['home', 'product', 'cart', 'checkout', 'account', 'blog', 'help'],
    status: 'active',
    firstSeenDays: 410,
    versions: [
      [72, 80, 85, 97],
      [68, 77, 82, 97],
      [61, 74, 79, 96],
      [70, 79, 84, 97],
    ],
  },
  {
    url: 'https://js.stripe.com/v3/',
    on: ['cart', 'checkout'],
    status: 'active',
    firstSeenDays: 400,
    versions: [
      [97, 98, 99, 99],
      [96, 98, 98, 99],
      [98, 98, 99, 99],
    ],
  },
  {
    url: 'https://static.hotjar.com/c/hotjar-3412987.js?sv=6',
    on: SHOP,
    status: 'active',
    firstSeenDays: 200,
    versions: [
      [58, 70, 77, 96],
      [47, 66, 71, 95],
      [62, 72, 78, 96],
    ],
  },
  {
    url: 'https://cdnjs.cloudflare.com/ajax/libs/jquery/3.7.1/jquery.min.js',
    on: ['home', 'product', 'cart', 'checkout', 'account', 'blog', 'help'],
    status: 'active',
    firstSeenDays: 500,
    versions: [
      [96, 98, 98, 99],
      [96, 98, 98, 99],
    ],
  },
  {
    url: 'https://www.paypal.com/sdk/js?client-id=AbCdEf123&currency=USD',
    on: ['cart', 'checkout'],
    status: 'active',
    firstSeenDays: 330,
    versions: [
      [94, 97, 97, 99],
      [93, 96, 97, 99],
      [95, 97, 98, 99],
    ],
  },
  {
    url: 'https://assets.example.com/js/feature-flags.js',
    on: ['home', 'product', 'cart', 'checkout', 'account', 'blog', 'help'],
    status: 'active',
    firstSeenDays: 150,
    versions: [
      [99, 99, 99, 99],
      [97, 98, 99, 99],
      [98, 99, 99, 99],
    ],
  },
]

/** Old vendor builds the site no longer loads (inactive), or loads only on cached pages (infrequent). */
export const RETIRED_SCRIPTS: { url: string; on: PageGroup[]; status: 'inactive' | 'infrequent' }[] = [
  { url: 'https://cdnjs.cloudflare.com/ajax/libs/jquery/3.6.4/jquery.min.js', on: ['home', 'product'], status: 'inactive' },
  { url: 'https://cdnjs.cloudflare.com/ajax/libs/jquery/3.5.1/jquery.min.js', on: ['blog'], status: 'inactive' },
  { url: 'https://www.google-analytics.com/ga.js', on: ['home'], status: 'inactive' },
  { url: 'https://connect.facebook.net/en_US/all.js', on: ['product'], status: 'inactive' },
  { url: 'https://cdn.optimizely.com/js/13572468.js', on: ['home'], status: 'inactive' },
  { url: 'https://static.hotjar.com/c/hotjar-3412987.js?sv=5', on: ['product'], status: 'inactive' },
  { url: 'https://js.stripe.com/v2/', on: ['checkout'], status: 'inactive' },
  { url: 'https://code.jquery.com/jquery-3.5.1.min.js', on: ['help'], status: 'inactive' },
  { url: 'https://cdn.jsdelivr.net/npm/swiper@10/swiper-bundle.min.js', on: ['product'], status: 'inactive' },
  { url: 'https://cdn.jsdelivr.net/npm/alpinejs@3.13.0/dist/cdn.min.js', on: ['home'], status: 'infrequent' },
  { url: 'https://js-agent.newrelic.com/nr-spa-1.250.0.min.js', on: ['cart'], status: 'infrequent' },
  { url: 'https://browser.sentry-cdn.com/7.99.0/bundle.tracing.min.js', on: ['checkout'], status: 'inactive' },
  { url: 'https://cdn.amplitude.com/libs/analytics-browser-2.9.0-min.js.gz', on: ['product'], status: 'inactive' },
  { url: 'https://static.zdassets.com/web_widget/classic/latest/web-widget-main-5e2d0a.js', on: ['help'], status: 'infrequent' },
  { url: 'https://js.intercomcdn.com/frame-modern.1a2b3c4d.js', on: ['help'], status: 'inactive' },
  { url: 'https://script.hotjar.com/modules.2e8c1f0b9a7d6c5b4a3e.js', on: ['cart'], status: 'inactive' },
  { url: 'https://www.youtube.com/s/player/1c2d3e4f/www-widgetapi.vflset/www-widgetapi.js', on: ['blog'], status: 'infrequent' },
  { url: 'https://unpkg.com/htmx.org@1.9.10/dist/htmx.min.js', on: ['help'], status: 'inactive' },
  { url: 'https://cdn.cookielaw.org/scripttemplates/202510.2.0/otBannerSdk.js', on: ['home'], status: 'inactive' },
  { url: 'https://cdn.cookielaw.org/scripttemplates/202512.1.0/otBannerSdk.js', on: ['blog'], status: 'infrequent' },
]

/** Where the bad scripts send what they take. */
export const CONNECTION_STORIES: ConnectionStory[] = [
  {
    url: 'https://paymentsecure-cdn.xyz/gate.php',
    on: ['checkout'],
    status: 'active',
    firstSeenDays: 3,
    urlCategories: ['Malware'],
    domainCategories: ['Phishing'],
  },
  {
    url: 'https://analytics-metrics.click/c',
    on: SHOP,
    status: 'active',
    firstSeenDays: 12,
    domainCategories: ['Command and Control & Botnet'],
  },
  {
    url: 'wss://pool.coin-stats-cdn.online/ws',
    on: ['blog'],
    status: 'infrequent',
    firstSeenDays: 4,
    domainCategories: ['Cryptomining'],
  },
  {
    url: 'https://jsdelivr-static.top/collect',
    on: ['checkout', 'cart'],
    status: 'active',
    firstSeenDays: 6,
    urlCategories: ['Malware'],
    domainCategories: ['Malware', 'Newly Seen Domains'],
  },
  {
    url: 'https://img-cdn-analytics.site/i.gif',
    on: ['product'],
    status: 'inactive',
    firstSeenDays: 70,
    domainCategories: ['Spyware'],
  },
  { url: 'https://tracker.fast-stats.biz/e', on: ['blog'], status: 'infrequent', firstSeenDays: 27, urlCategories: ['Spyware'] },
  { url: 'https://www.example.com/checkout/api/log', on: ['checkout'], status: 'active', firstSeenDays: 41 },
]
