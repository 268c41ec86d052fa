/**
 * Every TanStack Query key of the browser, built here and nowhere else. A key is a path: the narrower
 * keys of a resource start with its wider ones (`dnsRecords.list(zone, q)` starts with
 * `dnsRecords.all(zone)`), so invalidating a wider key refreshes everything under it, and a zone's keys
 * never start with another zone's. `query-keys.test.ts` checks those prefixes with TanStack's own matcher.
 *
 * Query objects (a list's API params) are the last part of a key, so they never stop a prefix matching.
 *
 * Every key starts with the account the browser acts in (`activeAccount()`, the switcher's choice;
 * `''` for the default account), read each time a key is built: one account's answers are never
 * another's, and invalidating a key touches the active account's entries.
 */
import { activeAccount } from './account'

const zone = (zoneId: string) => ['page-shield', zoneId] as const
const reviews = (zoneId: string) => [...zone(zoneId), 'reviews'] as const
const connectionReviews = (zoneId: string) => [...reviews(zoneId), 'connections'] as const
const watch = (zoneId: string) => [...zone(zoneId), 'watch'] as const

const unscoped = {
  me: {
    all: ['me'] as const,
    sessions: ['me', 'sessions'] as const,
    tokens: ['me', 'tokens'] as const,
  },
  twoFactorPolicy: ['settings', 'two-factor'] as const,
  practice: ['practice'] as const,
  healthz: ['healthz'] as const,
  budget: ['budget'] as const,
  recordSearch: (query: unknown) => ['search', 'records', query] as const,
  attention: ['attention'] as const,
  /** The accounts the deployment reaches (the account switcher). */
  accountsInScope: ['accounts-in-scope'] as const,
  invites: ['invites'] as const,
  sessionCheckAfterChunkError: ['session-check-after-chunk-error'] as const,

  zones: {
    all: ['zones'] as const,
    list: (query: unknown) => ['zones', 'list', query] as const,
    search: (text: string) => ['zones', 'search', text] as const,
    /** The zone picker of the people screens (its own key: it asks for fewer fields than the search). */
    pick: (text: string, account = '') => ['zones', 'pick', text, account] as const,
    detail: (zoneId: string) => ['zones', 'detail', zoneId] as const,
  },

  dnsRecords: {
    /** Every zone's records (a change request applied elsewhere may have changed any zone). */
    everyZone: ['dns-records'] as const,
    all: (zoneId: string) => ['dns-records', zoneId] as const,
    lists: (zoneId: string) => ['dns-records', zoneId, 'list'] as const,
    list: (zoneId: string, query: unknown) => ['dns-records', zoneId, 'list', query] as const,
    facts: (zoneId: string) => ['dns-records', zoneId, 'facts'] as const,
    counts: (zoneId: string) => ['dns-records', zoneId, 'counts'] as const,
    proxiedNames: (zoneId: string) => ['dns-records', zoneId, 'proxied-names'] as const,
    sameName: (zoneId: string, fqdn: string | undefined) => ['dns-records', zoneId, 'same-name', fqdn] as const,
    atName: (zoneId: string, fqdn: string | undefined) => ['dns-records', zoneId, 'at-name', fqdn] as const,
  },
  dnsScan: (zoneId: string) => ['dns-scan', zoneId] as const,

  certificatePacks: {
    all: (zoneId: string) => ['certificate-packs', zoneId] as const,
    list: (zoneId: string, query: unknown) => ['certificate-packs', zoneId, query] as const,
    allPages: (zoneId: string) => ['certificate-packs', zoneId, 'all-pages'] as const,
    detail: (zoneId: string, packId: string) => ['certificate-packs', zoneId, 'detail', packId] as const,
    activeHosts: (zoneId: string) => ['certificate-packs', zoneId, 'active-hosts'] as const,
  },

  firewallRules: {
    all: (zoneId: string) => ['firewall-rules', zoneId] as const,
    list: (zoneId: string, query: unknown) => ['firewall-rules', zoneId, query] as const,
  },

  rulesets: {
    all: (zoneId: string) => ['rulesets', zoneId] as const,
    entrypoint: (zoneId: string, phase: string) => ['rulesets', zoneId, 'entrypoint', phase] as const,
  },
  logpushFields: (zoneId: string, dataset: string) => ['logpush-fields', zoneId, dataset] as const,
  logpushJobs: {
    all: (zoneId: string) => ['logpush-jobs', zoneId] as const,
    list: (zoneId: string, query: unknown) => ['logpush-jobs', zoneId, query] as const,
  },

  lb: {
    accounts: ['lb-accounts'] as const,
    pools: (accountId: string) => ['lb-pools', accountId] as const,
    poolList: (accountId: string, params: unknown, shown: unknown) => ['lb-pools', accountId, params, shown] as const,
    policies: (accountId: string) => ['lb-policies', accountId] as const,
  },

  changeRequests: {
    all: ['change-requests'] as const,
    list: (scope: unknown) => ['change-requests', 'list', scope] as const,
    attention: ['change-requests', 'list', 'attention'] as const,
    summary: ['change-requests', 'summary'] as const,
    one: (id: string) => ['change-requests', 'one', id] as const,
    zone: (zoneId: string) => ['change-requests', 'zone', zoneId] as const,
    /** Which zones need approval, and who approves (the people screens). */
    zones: ['change-requests', 'zones'] as const,
    people: ['change-requests', 'people'] as const,
  },

  audit: {
    all: ['audit'] as const,
    log: (query: unknown) => ['audit', 'log', query] as const,
    chain: ['audit', 'chain'] as const,
    entry: (id: number | string) => ['audit', 'entry', id] as const,
    history: (zoneId: string, type: string, id: string) => ['audit', 'history', zoneId, type, id] as const,
    /** An undo's check: asked afresh each time, and left alone when an undo refreshes the rest. */
    undoChecks: ['audit', 'undo-check'] as const,
    undoCheck: (entryId: number | string) => ['audit', 'undo-check', entryId] as const,
  },

  people: {
    all: ['people'] as const,
    one: (id: string) => ['people', id] as const,
    sessions: (id: string) => ['people', id, 'sessions'] as const,
    tokens: (id: string) => ['people', id, 'tokens'] as const,
  },

  /** Page security: everything under ['page-shield', zoneId], so a reset or a write can invalidate by prefix. */
  pageShield: {
    zone,
    settings: (zoneId: string) => [...zone(zoneId), 'settings'] as const,
    seenActive: (zoneId: string) => [...zone(zoneId), 'seen-active'] as const,
    suggestions: (zoneId: string, patterns: readonly string[] | 'all') => [...zone(zoneId), 'suggestions', patterns] as const,
    scripts: (zoneId: string) => [...zone(zoneId), 'scripts'] as const,
    script: (zoneId: string, scriptId: string) => [...zone(zoneId), 'scripts', 'detail', scriptId] as const,
    connections: (zoneId: string) => [...zone(zoneId), 'connections'] as const,
    connection: (zoneId: string, id: string) => [...zone(zoneId), 'connections', 'detail', id] as const,
    cookies: (zoneId: string) => [...zone(zoneId), 'cookies'] as const,
    cookie: (zoneId: string, id: string) => [...zone(zoneId), 'cookies', 'detail', id] as const,
    /** One page of a list under `key` (scripts, connections, cookies). */
    list: (key: readonly unknown[], params: unknown) => [...key, 'list', params] as const,
    policies: (zoneId: string) => [...zone(zoneId), 'policies'] as const,
    policyList: (zoneId: string) => [...zone(zoneId), 'policies', 'list'] as const,
    policy: (zoneId: string, policyId: string | undefined) => [...zone(zoneId), 'policies', 'detail', policyId] as const,
    reviews,
    latestReviews: (zoneId: string) => [...reviews(zoneId), 'latest'] as const,
    paymentPages: (zoneId: string) => [...reviews(zoneId), 'payment-pages'] as const,
    patternVerdicts: (zoneId: string) => [...reviews(zoneId), 'patterns'] as const,
    reviewHistory: (zoneId: string, scriptId: string) => [...reviews(zoneId), 'history', scriptId] as const,
    reviewIndex: (zoneId: string, params: unknown) => [...reviews(zoneId), 'index', params] as const,
    latestConnectionReviews: (zoneId: string) => [...connectionReviews(zoneId), 'latest'] as const,
    connectionReviewHistory: (zoneId: string, id: string) => [...connectionReviews(zoneId), 'history', id] as const,
    connectionIndex: (zoneId: string, params: unknown) => [...connectionReviews(zoneId), 'index', params] as const,
    watch: {
      all: watch,
      alerts: (zoneId: string) => [...watch(zoneId), 'alerts'] as const,
      runs: (zoneId: string) => [...watch(zoneId), 'runs'] as const,
      settings: (zoneId: string) => [...watch(zoneId), 'settings'] as const,
      channels: (zoneId: string) => [...watch(zoneId), 'channels'] as const,
    },
  },
}

/** A key builder's tree with each key starting with the active account. */
type Scoped<T> = T extends readonly unknown[]
  ? readonly [string, ...T]
  : T extends (...args: infer A) => infer R
    ? R extends readonly unknown[]
      ? (...args: A) => readonly [string, ...R]
      : T
    : { readonly [K in keyof T]: Scoped<T[K]> }

/** Builders that take a key already built (and so already scoped) keep it as it is. */
const TAKES_A_KEY = new Set<unknown>([unscoped.pageShield.list])

function scoped<T extends object>(tree: T): Scoped<T> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(tree)) {
    if (Array.isArray(value)) Object.defineProperty(out, name, { enumerable: true, get: () => [activeAccount() ?? '', ...(value as unknown[])] })
    else if (typeof value === 'function') {
      const build = value as (...args: unknown[]) => unknown[]
      out[name] = TAKES_A_KEY.has(value) ? build : (...args: unknown[]) => [activeAccount() ?? '', ...build(...args)]
    } else out[name] = scoped(value as object)
  }
  return out as Scoped<T>
}

export const keys = scoped(unscoped)
