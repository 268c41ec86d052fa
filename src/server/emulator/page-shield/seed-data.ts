/**
 * The demo zone's monitored site (example.com): its pages, the vendors its pages load scripts from,
 * and the handful of bad actors a reviewer should find. Invented but realistic.
 */

export const PAGES = {
  home: ['www.example.com/', 'www.example.com/search?q=boots', 'www.example.com/about'],
  product: [
    'www.example.com/products',
    'www.example.com/products/trail-runner-2',
    'www.example.com/products/summit-jacket',
    'www.example.com/products/alpine-tent-3p',
  ],
  cart: ['www.example.com/cart'],
  checkout: ['www.example.com/checkout', 'www.example.com/checkout/payment', 'www.example.com/checkout/confirmation'],
  account: ['www.example.com/account/login', 'www.example.com/account/orders'],
  blog: ['blog.example.com/', 'blog.example.com/2025/11/winter-trail-guide', 'blog.example.com/2026/02/tent-buying-guide'],
  help: ['help.example.com/', 'help.example.com/contact', 'help.example.com/articles/returns'],
} as const
export type PageGroup = keyof typeof PAGES
export const SHOP: PageGroup[] = ['home', 'product', 'cart', 'checkout', 'account']
export const EVERYWHERE: PageGroup[] = [...SHOP, 'blog', 'help']

export interface Vendor {
  host: string
  paths: string[]
  on: PageGroup[]
}

/** Legitimate third parties (scripts). */
export const SCRIPT_VENDORS: Vendor[] = [
  {
    host: 'www.googletagmanager.com',
    paths: ['/gtm.js?id=GTM-K7X2P9Q', '/gtag/js?id=G-4XYZ12ABCD', '/gtag/js?id=AW-918273645'],
    on: EVERYWHERE,
  },
  { host: 'www.google-analytics.com', paths: ['/analytics.js', '/plugins/ua/ec.js'], on: EVERYWHERE },
  {
    host: 'connect.facebook.net',
    paths: ['/en_US/fbevents.js', '/signals/config/918273645512345?v=2.9.179', '/en_US/sdk.js'],
    on: SHOP,
  },
  {
    host: 'js.stripe.com',
    paths: ['/v3/', '/v3/fingerprinted/js/elements-inner-card-4f1c2a.js', '/v3/m-outer-93afeeb17bc37e711759584dbfc50d47.html'],
    on: ['cart', 'checkout'],
  },
  { host: 'm.stripe.network', paths: ['/out-4.5.44.js', '/inner.html'], on: ['checkout'] },
  {
    host: 'www.paypal.com',
    paths: ['/sdk/js?client-id=AbCdEf123&currency=USD', '/tagmanager/pptm.js?id=example.com'],
    on: ['cart', 'checkout'],
  },
  {
    host: 'js.braintreegateway.com',
    paths: ['/web/3.97.2/js/client.min.js', '/web/3.97.2/js/hosted-fields.min.js'],
    on: ['checkout'],
  },
  { host: 'static.hotjar.com', paths: ['/c/hotjar-3412987.js?sv=6'], on: SHOP },
  { host: 'script.hotjar.com', paths: ['/modules.6fb1d2a4a3b1d5c0a1e2.js'], on: SHOP },
  {
    host: 'cdn.segment.com',
    paths: ['/analytics.js/v1/Qw3rTy7uIoP/analytics.min.js', '/next-integrations/actions/google-analytics-4-web/2f1a0c.js'],
    on: EVERYWHERE,
  },
  { host: 'widget.intercom.io', paths: ['/widget/k2x9q1z7'], on: ['home', 'product', 'account', 'help'] },
  {
    host: 'js.intercomcdn.com',
    paths: ['/frame-modern.4b3c9a8e.js', '/vendor-modern.a1f0c2d3.js'],
    on: ['home', 'product', 'account', 'help'],
  },
  {
    host: 'cdn.cookielaw.org',
    paths: [
      '/scripttemplates/otSDKStub.js',
      '/scripttemplates/202601.1.0/otBannerSdk.js',
      '/consent/5e1a9f7c-3b2d/OtAutoBlock.js',
    ],
    on: EVERYWHERE,
  },
  { host: 'snap.licdn.com', paths: ['/li.lms-analytics/insight.min.js'], on: ['home', 'product', 'blog'] },
  { host: 'static.ads-twitter.com', paths: ['/uwt.js', '/oct.js'], on: ['home', 'product'] },
  { host: 'bat.bing.com', paths: ['/bat.js'], on: SHOP },
  {
    host: 'www.gstatic.com',
    paths: ['/recaptcha/releases/Xk2_7Lw3/recaptcha__en.js', '/firebasejs/10.12.2/firebase-app-compat.js'],
    on: ['account', 'checkout', 'help'],
  },
  {
    host: 'www.google.com',
    paths: ['/recaptcha/api.js?render=explicit', '/recaptcha/enterprise.js?render=6Lc9x'],
    on: ['account', 'checkout', 'help'],
  },
  { host: 'maps.googleapis.com', paths: ['/maps/api/js?key=AIzaSyD-demo&libraries=places'], on: ['checkout', 'help'] },
  {
    host: 'cdn.jsdelivr.net',
    paths: [
      '/npm/swiper@11/swiper-bundle.min.js',
      '/npm/alpinejs@3.14.1/dist/cdn.min.js',
      '/npm/dompurify@3.1.6/dist/purify.min.js',
    ],
    on: ['home', 'product', 'blog'],
  },
  {
    host: 'cdnjs.cloudflare.com',
    paths: [
      '/ajax/libs/jquery/3.7.1/jquery.min.js',
      '/ajax/libs/lodash.js/4.17.21/lodash.min.js',
      '/ajax/libs/moment.js/2.30.1/moment.min.js',
    ],
    on: EVERYWHERE,
  },
  { host: 'code.jquery.com', paths: ['/jquery-3.6.0.min.js', '/ui/1.13.2/jquery-ui.min.js'], on: ['blog', 'help'] },
  { host: 'ajax.googleapis.com', paths: ['/ajax/libs/webfont/1.6.26/webfont.js'], on: EVERYWHERE },
  {
    host: 'unpkg.com',
    paths: ['/htmx.org@1.9.12/dist/htmx.min.js', '/@popperjs/core@2.11.8/dist/umd/popper.min.js'],
    on: ['product', 'help'],
  },
  {
    host: 'static.klaviyo.com',
    paths: ['/onsite/js/klaviyo.js?company_id=XyZ123', '/onsite/js/sharedUtils.4f2a1b.js'],
    on: SHOP,
  },
  {
    host: 'static.zdassets.com',
    paths: ['/ekr/snippet.js?key=1a2b3c4d-5e6f', '/web_widget/classic/latest/web-widget-main-7f3e1b.js'],
    on: ['help'],
  },
  { host: 'js.hs-scripts.com', paths: ['/21983476.js'], on: ['blog', 'home'] },
  { host: 'js.hs-analytics.net', paths: ['/analytics/1740000000000/21983476.js'], on: ['blog', 'home'] },
  { host: 'js.hsforms.net', paths: ['/forms/embed/v2.js'], on: ['blog'] },
  { host: 'platform.twitter.com', paths: ['/widgets.js'], on: ['blog'] },
  {
    host: 'www.youtube.com',
    paths: ['/iframe_api', '/s/player/2f238d39/www-widgetapi.vflset/www-widgetapi.js'],
    on: ['blog', 'product'],
  },
  { host: 'player.vimeo.com', paths: ['/api/player.js'], on: ['product'] },
  { host: 'browser.sentry-cdn.com', paths: ['/8.13.0/bundle.tracing.min.js'], on: SHOP },
  { host: 'js-agent.newrelic.com', paths: ['/nr-spa-1.263.0.min.js'], on: SHOP },
  { host: 'www.datadoghq-browser-agent.com', paths: ['/us1/v5/datadog-rum.js'], on: ['checkout', 'account'] },
  { host: 'cdn.amplitude.com', paths: ['/libs/analytics-browser-2.11.1-min.js.gz'], on: SHOP },
  { host: 'cdn.optimizely.com', paths: ['/js/24681357.js'], on: ['home', 'product'] },
  { host: 'assets.trustpilot.com', paths: ['/bootstrap/v5/tp.widget.bootstrap.min.js'], on: ['product', 'home'] },
  { host: 'cdn.shopify-reviews.example-partner.net', paths: ['/widget/v2/reviews.js'], on: ['product'] },
  { host: 'static.affirm.com', paths: ['/js/v2/affirm.js'], on: ['product', 'checkout'] },
  { host: 'js.afterpay.com', paths: ['/afterpay-1.x.js'], on: ['product', 'checkout'] },
  { host: 'cdn.pdq.tools', paths: ['/fx/checkout-address-lookup.js'], on: ['checkout'] },
  {
    host: 'assets.example.com',
    paths: ['/js/consent-bridge.js', '/js/feature-flags.js', '/js/i18n/en-US.js', '/js/image-zoom.js'],
    on: EVERYWHERE,
  },
  { host: 'help.example.com', paths: ['/static/js/help-center.js', '/static/js/search.js'], on: ['help'] },
]

/** Legitimate third parties (connections the scripts open). */
export const CONNECTION_VENDORS: Vendor[] = [
  { host: 'www.google-analytics.com', paths: ['/g/collect', '/j/collect', '/collect'], on: EVERYWHERE },
  { host: 'region1.google-analytics.com', paths: ['/g/collect'], on: EVERYWHERE },
  { host: 'stats.g.doubleclick.net', paths: ['/g/collect', '/j/collect'], on: SHOP },
  { host: 'www.facebook.com', paths: ['/tr/'], on: SHOP },
  { host: 'api.stripe.com', paths: ['/v1/payment_methods', '/v1/payment_intents', '/v1/elements/sessions'], on: ['checkout'] },
  { host: 'r.stripe.com', paths: ['/b', '/0'], on: ['checkout', 'cart'] },
  { host: 'm.stripe.com', paths: ['/6'], on: ['checkout'] },
  { host: 'www.paypal.com', paths: ['/xoplatform/logger/api/logger', '/graphql'], on: ['checkout'] },
  { host: 'api.braintreegateway.com', paths: ['/merchants/demo/client_api/v1/configuration'], on: ['checkout'] },
  { host: 'api.segment.io', paths: ['/v1/t', '/v1/p', '/v1/i', '/v1/batch'], on: EVERYWHERE },
  { host: 'in.hotjar.com', paths: ['/api/v2/client/sites/3412987/visit-data', '/api/v1/session/'], on: SHOP },
  { host: 'ws.hotjar.com', paths: ['/api/v2/client/ws'], on: SHOP },
  {
    host: 'api-iam.intercom.io',
    paths: ['/messenger/web/ping', '/messenger/web/launcher_settings'],
    on: ['home', 'product', 'help'],
  },
  { host: 'nexus-websocket-a.intercom.io', paths: ['/pubsub/5-abc'], on: ['help'] },
  { host: 'geolocation.onetrust.com', paths: ['/cookieconsentpub/v1/geo/location'], on: EVERYWHERE },
  { host: 'px.ads.linkedin.com', paths: ['/collect', '/wa/'], on: ['home', 'product', 'blog'] },
  { host: 'analytics.twitter.com', paths: ['/i/adsct'], on: ['home', 'product'] },
  { host: 'bat.bing.com', paths: ['/action/0'], on: SHOP },
  {
    host: 'www.google.com',
    paths: ['/recaptcha/api2/reload', '/recaptcha/api2/userverify', '/ccm/collect'],
    on: ['account', 'checkout'],
  },
  { host: 'maps.googleapis.com', paths: ['/maps/api/place/js/AutocompletionService.GetPredictions'], on: ['checkout'] },
  { host: 'a.klaviyo.com', paths: ['/client/events/', '/onsite/track-analytics'], on: SHOP },
  { host: 'ekr.zdassets.com', paths: ['/compose/1a2b3c4d-5e6f'], on: ['help'] },
  { host: 'example.zendesk.com', paths: ['/embeddable/config', '/api/v2/help_center/articles/search'], on: ['help'] },
  { host: 'o4507.ingest.sentry.io', paths: ['/api/4507123/envelope/'], on: SHOP },
  { host: 'bam.nr-data.net', paths: ['/events/1/NRJS-abc123', '/jserrors/1/NRJS-abc123'], on: SHOP },
  { host: 'browser-intake-datadoghq.com', paths: ['/api/v2/rum'], on: ['checkout', 'account'] },
  { host: 'api2.amplitude.com', paths: ['/2/httpapi'], on: SHOP },
  { host: 'logx.optimizely.com', paths: ['/v1/events'], on: ['home', 'product'] },
  { host: 'widget.trustpilot.com', paths: ['/trustbox-data/5419b6ffb0d04a076446a9af'], on: ['product'] },
  { host: 'api.affirm.com', paths: ['/api/promos/v2/ABCD1234'], on: ['product', 'checkout'] },
  { host: 'portal.afterpay.com', paths: ['/api/v2/payment-schedule'], on: ['checkout'] },
  {
    host: 'api.example.com',
    paths: ['/v2/cart', '/v2/checkout/session', '/v2/products/search', '/v2/account/me', '/graphql'],
    on: SHOP,
  },
  { host: 'www.example.com', paths: ['/api/recently-viewed', '/api/stock-check'], on: ['product'] },
  { host: 'hs-banner.com', paths: ['/v2/21983476/banner.json'], on: ['blog'] },
  { host: 'forms.hsforms.com', paths: ['/submissions/v3/public/submit/formsnext/multipart/21983476'], on: ['blog'] },
  { host: 'cdn.syndication.twimg.com', paths: ['/timeline/profile'], on: ['blog'] },
  {
    host: 'api.example.com',
    paths: ['/v2/reviews', '/v2/wishlist', '/v2/recommendations', '/v2/inventory', '/v2/shipping/rates', '/v2/promo/validate'],
    on: SHOP,
  },
  { host: 'blog.example.com', paths: ['/wp-json/wp/v2/posts', '/wp-admin/admin-ajax.php'], on: ['blog'] },
  { host: 'help.example.com', paths: ['/api/search', '/api/feedback'], on: ['help'] },
  { host: 'q.stripe.com', paths: ['/'], on: ['checkout'] },
  { host: 'www.googleadservices.com', paths: ['/pagead/conversion/918273645/'], on: ['checkout'] },
  { host: 'googleads.g.doubleclick.net', paths: ['/pagead/viewthroughconversion/918273645/'], on: SHOP },
  { host: 'td.doubleclick.net', paths: ['/td/rul/918273645'], on: SHOP },
  { host: 'ct.pinterest.com', paths: ['/v3/', '/user/'], on: ['product', 'home'] },
  { host: 'tr.snapchat.com', paths: ['/p'], on: ['product'] },
  { host: 'analytics.tiktok.com', paths: ['/api/v2/pixel', '/api/v2/pixel/act'], on: ['home', 'product'] },
  { host: 'cdn.cookielaw.org', paths: ['/consent/5e1a9f7c-3b2d/5e1a9f7c-3b2d.json'], on: EVERYWHERE },
  { host: 'privacyportal.onetrust.com', paths: ['/request/v1/consentreceipts'], on: EVERYWHERE },
  { host: 'rum-http-intake.logs.datadoghq.com', paths: ['/api/v2/logs'], on: ['checkout'] },
  { host: 'api.hubapi.com', paths: ['/livechat-public/v1/message/public'], on: ['blog'] },
  { host: 'fonts.googleapis.com', paths: ['/css2'], on: EVERYWHERE },
]
