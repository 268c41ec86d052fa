import { createHash } from 'node:crypto'
import { rng, stableId, type Rng } from '../ids'
import type { Db } from '../module'
import { SEED_ZONES } from '../seed-ids'
import { COOKIES } from './seed-cookies'
import { CONNECTION_VENDORS, PAGES, SCRIPT_VENDORS, type PageGroup } from './seed-data'
import { CONNECTION_STORIES, RETIRED_SCRIPTS, SCRIPT_STORIES, type Scores } from './seed-threats'
import { pageShieldWriter, type VersionInput } from './writer'

type Status = 'active' | 'infrequent' | 'inactive'
const DAY = 86_400_000
export const sha256 = (label: string) => createHash('sha256').update(label).digest('hex')

/** Helpers bound to one clock and one random sequence. */
export function seedTools(now: Date, r: Rng) {
  const t = now.getTime()
  const ago = (days: number) => new Date(t - days * DAY).toISOString()
  /** Statuses follow the service's lifecycle: active = seen lately, inactive = not seen for 7+ days. */
  const lastSeenDays = (status: Status) =>
    status === 'active' ? r.next() * 1.5 : status === 'infrequent' ? 1 + r.next() * 4 : 8 + r.next() * 50
  const versions = (label: string, list: Scores[], firstDays: number, lastDays: number): VersionInput[] =>
    list.map(([js, malware, magecart, crypto], i) => ({
      hash: sha256(`${label}#${i}`),
      fetched_at: ago(
        list.length === 1 ? Math.max(lastDays, firstDays - 0.1) : firstDays - ((firstDays - lastDays) * i) / (list.length - 1),
      ),
      js_integrity_score: js,
      malware_score: malware,
      magecart_score: magecart,
      cryptomining_score: crypto,
    }))
  return { ago, lastSeenDays, versions }
}

function pagesOf(r: Rng, groups: readonly PageGroup[], max = 4): string[] {
  const pool = [...new Set(groups.flatMap((g) => PAGES[g]))]
  const n = Math.min(pool.length, r.int(1, max))
  const picked: string[] = []
  while (picked.length < n) {
    const p = r.pick(pool)
    if (!picked.includes(p)) picked.push(p)
  }
  return picked
}

const fairScores = (r: Rng): Scores => [r.int(55, 99), r.int(70, 99), r.int(68, 99), r.int(88, 99)]

/** The demo zone: ~300 scripts, ~100 connections, 60 cookies, 3 policies, monitoring on. */
export function seedPageShieldDemo(db: Db, now: Date): void {
  const zone = SEED_ZONES.demo
  const w = pageShieldWriter(db)
  const r = rng(4242)
  const { ago, lastSeenDays, versions } = seedTools(now, r)
  const seen = new Set<string>()

  const addScript = (
    url: string,
    on: readonly PageGroup[],
    status: Status,
    firstDays: number,
    scoreList: Scores[] | null,
    extra: Partial<{ urlCats: string[]; domainCats: string[]; hashLabel: string }> = {},
  ) => {
    if (seen.has(url)) return
    seen.add(url)
    const last = Math.min(lastSeenDays(status), firstDays)
    w.script({
      id: stableId(`ps-script:${zone.name}:${url}`),
      zone_id: zone.id,
      url,
      page_urls: pagesOf(r, on),
      status,
      added_at: ago(firstDays - 0.0001),
      first_seen_at: ago(firstDays),
      last_seen_at: ago(last),
      url_reported_malicious: (extra.urlCats?.length ?? 0) > 0,
      domain_reported_malicious: (extra.domainCats?.length ?? 0) > 0,
      malicious_url_categories: extra.urlCats,
      malicious_domain_categories: extra.domainCats,
      // hashLabel: several URLs serving the same content share it.
      versions: scoreList ? versions(extra.hashLabel ?? url, scoreList, firstDays, last) : [],
    })
  }

  for (const s of SCRIPT_STORIES)
    addScript(s.url, s.on, s.status, s.firstSeenDays, s.versions, { urlCats: s.urlCategories, domainCats: s.domainCategories })
  for (const v of SCRIPT_VENDORS) {
    for (const path of v.paths) {
      const fresh = r.chance(0.04) // just detected, not analysed yet: no hash, no scores
      addScript(
        `https://${v.host}${path}`,
        v.on,
        r.chance(0.12) ? 'infrequent' : 'active',
        r.int(20, 420),
        fresh ? null : [fairScores(r)],
      )
    }
  }
  for (const s of RETIRED_SCRIPTS) addScript(s.url, s.on, s.status, r.int(90, 500), [fairScores(r)])

  // The site's own bundles: one build every six days; the newest is active, the one before infrequent.
  const bundles: [string, PageGroup[]][] = [
    ['runtime', ['home', 'product', 'cart', 'checkout', 'account']],
    ['vendor', ['home', 'product', 'cart', 'checkout', 'account']],
    ['app', ['home', 'product', 'cart', 'account']],
    ['product', ['product']],
    ['cart', ['cart']],
    ['account', ['account']],
  ]
  const BUILDS = 20
  for (const [name, on] of bundles) {
    for (let k = 0; k < BUILDS; k++) {
      const status: Status = k === BUILDS - 1 ? 'active' : k === BUILDS - 2 ? 'infrequent' : 'inactive'
      addScript(
        `https://www.example.com/assets/js/${name}.${sha256(`build:${name}:${k}`).slice(0, 8)}.js`,
        on,
        status,
        (BUILDS - k) * 6,
        [[r.int(88, 99), r.int(92, 99), r.int(92, 99), 99]],
      )
    }
  }
  for (let k = 0; k < 10; k++) {
    addScript(
      `https://www.example.com/assets/js/checkout.${sha256(`build:checkout:${k}`).slice(0, 8)}.js`,
      ['checkout'],
      'inactive',
      41 + (10 - k) * 6,
      [[r.int(90, 99), r.int(92, 99), r.int(94, 99), 99]],
    )
  }

  // The blog (WordPress): each asset at three versions; only the newest is still loaded.
  const wp = [
    'wp-includes/js/jquery/jquery.min.js',
    'wp-includes/js/jquery/jquery-migrate.min.js',
    'wp-includes/js/wp-emoji-release.min.js',
    'wp-includes/js/comment-reply.min.js',
    'wp-includes/js/dist/hooks.min.js',
    'wp-includes/js/dist/i18n.min.js',
    'wp-content/plugins/contact-form-7/includes/js/index.js',
    'wp-content/plugins/jetpack/_inc/build/photon/photon.min.js',
    'wp-content/plugins/akismet/_inc/akismet-frontend.js',
    'wp-content/plugins/wordpress-seo/js/dist/structured-data-blocks.js',
    'wp-content/themes/trailblaze/assets/js/theme.js',
    'wp-content/themes/trailblaze/assets/js/navigation.js',
  ]
  const wpVersions = ['6.3.2', '6.4.3', '6.5.2', '6.5.5']
  for (const asset of wp) {
    wpVersions.forEach((ver, i) =>
      addScript(
        `https://blog.example.com/${asset}?ver=${ver}`,
        ['blog'],
        i === 3 ? 'active' : i === 2 && r.chance(0.3) ? 'infrequent' : 'inactive',
        260 - i * 70,
        [fairScores(r)],
      ),
    )
  }

  // The same file behind five cache-busting URLs: duplicates, only the most recent one is listed by default.
  for (let v = 1; v <= 5; v++) {
    addScript(
      `https://www.example.com/assets/js/analytics-shim.js?v=${v}`,
      ['home', 'product'],
      v >= 4 ? 'active' : v === 3 ? 'infrequent' : 'inactive',
      100 - v * 15,
      [[94, 96, 97, 99]],
      { hashLabel: 'analytics-shim' },
    )
  }
  // The service's own scripts under /cdn-cgi/: hidden unless exclude_cdn_cgi=false.
  for (const path of [
    '/cdn-cgi/challenge-platform/scripts/jsd/main.js',
    '/cdn-cgi/scripts/5c5dd728/cloudflare-static/email-decode.min.js',
    '/cdn-cgi/scripts/7d0fa10a/cloudflare-static/rocket-loader.min.js',
    '/cdn-cgi/zaraz/s.js?z=JTdCJTIyZXhlY3V0ZWQ',
  ]) {
    addScript(`https://www.example.com${path}`, ['home', 'product', 'help'], 'active', r.int(100, 400), [[99, 99, 99, 99]])
  }

  w.finishScripts(zone.id)
  seedConnections(w, r, ago, lastSeenDays)

  for (const k of COOKIES) {
    const firstDays = r.int(5, 300)
    w.cookie({
      id: stableId(`ps-cookie:${zone.name}:${k.host}:${k.name}:${k.domain ?? ''}`),
      zone_id: zone.id,
      name: k.name,
      host: k.host,
      type: k.type,
      page_urls: pagesOf(r, k.on, 3),
      first_seen_at: ago(firstDays),
      last_seen_at: ago(Math.min(firstDays, r.next() * 2)),
      domain_attribute: k.domain ?? null,
      path_attribute: k.path ?? null,
      expires_attribute: k.expiresDays === null ? null : ago(-k.expiresDays),
      max_age_attribute: k.maxAge ?? null,
      http_only_attribute: k.httpOnly,
      secure_attribute: k.secure,
      same_site_attribute: k.sameSite,
    })
  }

  w.settings(zone.id, { enabled: true, reporting: true, urlPath: false, updatedAt: ago(30) })
  const policies = [
    {
      label: 'checkout',
      description: 'Checkout: only trusted payment scripts',
      action: 'allow',
      enabled: true,
      days: 120,
      expression: '(http.host eq "www.example.com") and starts_with(http.request.uri.path, "/checkout")',
      value:
        "script-src 'self' js.stripe.com m.stripe.network www.paypal.com js.braintreegateway.com www.google.com www.gstatic.com; connect-src 'self' api.stripe.com r.stripe.com m.stripe.com www.paypal.com api.braintreegateway.com",
    },
    {
      label: 'site',
      description: 'Whole site: report scripts from unknown sources',
      action: 'log',
      enabled: true,
      days: 90,
      expression: 'http.host in {"www.example.com" "blog.example.com" "help.example.com"}',
      value:
        "script-src 'self' *.example.com www.googletagmanager.com www.google-analytics.com cdn.segment.com cdnjs.cloudflare.com cdn.cookielaw.org",
    },
    {
      label: 'blog',
      description: 'Blog: lock scripts down (not switched on yet)',
      action: 'allow',
      enabled: false,
      days: 10,
      expression: 'http.host eq "blog.example.com"',
      value:
        "script-src 'self' cdnjs.cloudflare.com code.jquery.com js.hs-scripts.com js.hs-analytics.net platform.twitter.com www.youtube.com",
    },
  ]
  for (const p of policies) {
    w.policy({
      id: stableId(`ps-policy:${zone.name}:${p.label}`),
      zone_id: zone.id,
      description: p.description,
      action: p.action,
      expression: p.expression,
      enabled: p.enabled,
      value: p.value,
      created_at: ago(p.days),
    })
  }
}

function seedConnections(
  w: ReturnType<typeof pageShieldWriter>,
  r: Rng,
  ago: (d: number) => string,
  lastSeenDays: (s: Status) => number,
): void {
  const zone = SEED_ZONES.demo
  const add = (
    url: string,
    on: readonly PageGroup[],
    status: Status,
    firstDays: number,
    urlCats?: string[],
    domainCats?: string[],
  ) =>
    w.connection({
      id: stableId(`ps-connection:${zone.name}:${url}`),
      zone_id: zone.id,
      url,
      page_urls: pagesOf(r, on),
      status,
      added_at: ago(firstDays - 0.0001),
      first_seen_at: ago(firstDays),
      last_seen_at: ago(Math.min(firstDays, lastSeenDays(status))),
      url_reported_malicious: (urlCats?.length ?? 0) > 0,
      domain_reported_malicious: (domainCats?.length ?? 0) > 0,
      malicious_url_categories: urlCats,
      malicious_domain_categories: domainCats,
    })
  for (const k of CONNECTION_STORIES) add(k.url, k.on, k.status, k.firstSeenDays, k.urlCategories, k.domainCategories)
  for (const v of CONNECTION_VENDORS) {
    for (const path of v.paths)
      add(`https://${v.host}${path}`, v.on, r.chance(0.1) ? 'infrequent' : r.chance(0.05) ? 'inactive' : 'active', r.int(15, 400))
  }
  for (const path of ['/cdn-cgi/rum', '/cdn-cgi/challenge-platform/h/g/jsd/r/8f1c2d3e4f5a6b7c', '/cdn-cgi/zaraz/t'])
    add(`https://www.example.com${path}`, ['home', 'product', 'checkout'], 'active', r.int(50, 300))
  for (const url of [
    'https://www.google-analytics.com/r/collect',
    'https://api.example.com/v1/cart',
    'https://api.example.com/v1/checkout',
    'https://in.hotjar.com/api/v1/client/sites/3412987/visit-data',
    'https://api.segment.io/v1/track',
  ]) {
    add(url, ['home', 'cart'], 'inactive', r.int(200, 500))
  }
}
