import { QueryClient, hashKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { keys } from './query-keys'

/**
 * What an invalidation by a wider key reaches, found as invalidateQueries finds it: TanStack's own
 * filter matching (partial key match) over a cache holding every key below.
 */
function reached(wider: readonly unknown[], cached: (readonly unknown[])[]) {
  const client = new QueryClient()
  for (const key of cached) client.setQueryData(key, 1)
  return new Set(
    client
      .getQueryCache()
      .findAll({ queryKey: wider })
      .map((q) => q.queryHash),
  )
}
const hashes = (list: (readonly unknown[])[]) => new Set(list.map((k) => hashKey(k)))

const Z = 'zone-a'
const OTHER = 'zone-b'
const query = { page: 2, per_page: 50, name: 'www' }

describe('query keys: a wider key reaches every key of its resource, and nothing of another zone', () => {
  it('DNS records: all(zone) reaches the zone’s lists, facts, counts and name checks; not another zone’s', () => {
    const mine = [
      keys.dnsRecords.list(Z, query),
      keys.dnsRecords.list(Z, {}),
      keys.dnsRecords.facts(Z),
      keys.dnsRecords.counts(Z),
      keys.dnsRecords.proxiedNames(Z),
      keys.dnsRecords.sameName(Z, 'www.example.com'),
      keys.dnsRecords.atName(Z, 'www.example.com'),
    ]
    const theirs = [keys.dnsRecords.list(OTHER, query), keys.dnsRecords.facts(OTHER), keys.dnsScan(Z), keys.zones.detail(Z)]
    expect(reached(keys.dnsRecords.all(Z), [...mine, ...theirs])).toEqual(hashes(mine))
    // The lists alone (an optimistic edit), and every zone (a change request applied).
    expect(reached(keys.dnsRecords.lists(Z), [...mine, ...theirs])).toEqual(hashes(mine.slice(0, 2)))
    expect(reached(keys.dnsRecords.everyZone, [...mine, ...theirs])).toEqual(hashes([...mine, ...theirs.slice(0, 2)]))
  })

  it('zone-scoped lists: all(zone) reaches list(zone, …) and nothing of another zone', () => {
    const cases = [
      [
        keys.certificatePacks.all,
        (z: string) => [
          keys.certificatePacks.list(z, query),
          keys.certificatePacks.detail(z, 'p1'),
          keys.certificatePacks.allPages(z),
          keys.certificatePacks.activeHosts(z),
        ],
      ],
      [keys.firewallRules.all, (z: string) => [keys.firewallRules.list(z, query)]],
      [keys.logpushJobs.all, (z: string) => [keys.logpushJobs.list(z, query)]],
      [keys.rulesets.all, (z: string) => [keys.rulesets.entrypoint(z, 'http_log_custom_fields')]],
      [
        keys.pageShield.watch.all,
        (z: string) => [
          keys.pageShield.watch.alerts(z),
          keys.pageShield.watch.runs(z),
          keys.pageShield.watch.settings(z),
          keys.pageShield.watch.channels(z),
        ],
      ],
      [
        keys.pageShield.reviews,
        (z: string) => [
          keys.pageShield.latestReviews(z),
          keys.pageShield.reviewHistory(z, 's1'),
          keys.pageShield.reviewIndex(z, query),
          keys.pageShield.latestConnectionReviews(z),
          keys.pageShield.connectionReviewHistory(z, 'c1'),
          keys.pageShield.connectionIndex(z, query),
        ],
      ],
      [keys.pageShield.policies, (z: string) => [keys.pageShield.policyList(z), keys.pageShield.policy(z, 'p1')]],
    ] as const
    for (const [all, below] of cases) {
      const mine = below(Z)
      expect(reached(all(Z), [...mine, ...below(OTHER)]), all(Z).join('/')).toEqual(hashes(mine))
    }
  })

  it('page security: zone(zone) reaches every key of the area in that zone', () => {
    const ps = keys.pageShield
    const area = (z: string) => [
      ps.settings(z),
      ps.seenActive(z),
      ps.suggestions(z, 'all'),
      ps.list(ps.scripts(z), query),
      ps.script(z, 's1'),
      ps.list(ps.connections(z), query),
      ps.connection(z, 'c1'),
      ps.list(ps.cookies(z), query),
      ps.cookie(z, 'k1'),
      ps.policyList(z),
      ps.latestReviews(z),
      ps.connectionIndex(z, query),
      ps.watch.alerts(z),
    ]
    expect(reached(ps.zone(Z), [...area(Z), ...area(OTHER)])).toEqual(hashes(area(Z)))
  })

  it('accounts, people and change requests', () => {
    expect(
      reached(keys.lb.pools('acc-1'), [keys.lb.poolList('acc-1', query, 'all'), keys.lb.poolList('acc-2', query, 'all')]),
    ).toEqual(hashes([keys.lb.poolList('acc-1', query, 'all')]))
    const person = [keys.people.sessions('u1'), keys.people.tokens('u1')]
    expect(reached(keys.people.one('u1'), [...person, keys.people.sessions('u2')])).toEqual(hashes(person))
    expect(reached(keys.people.all, [...person, keys.me.sessions])).toEqual(hashes(person))
    const crs = [
      keys.changeRequests.list('mine'),
      keys.changeRequests.attention,
      keys.changeRequests.summary,
      keys.changeRequests.one('c1'),
      keys.changeRequests.zone(Z),
      keys.changeRequests.zones,
      keys.changeRequests.people,
    ]
    expect(reached(keys.changeRequests.all, crs)).toEqual(hashes(crs))
  })

  it('an undo refreshes the audit keys but not its own check', () => {
    const audit = [keys.audit.log(query), keys.audit.chain, keys.audit.entry('e1'), keys.audit.history(Z, 'dns_record', 'r1')]
    const checks = [keys.audit.undoCheck('e1'), keys.audit.undoCheck('e2')]
    expect(reached(keys.audit.all, [...audit, ...checks])).toEqual(hashes([...audit, ...checks]))
    expect(reached(keys.audit.undoChecks, [...audit, ...checks])).toEqual(hashes(checks))
  })
})

describe('query keys: each account its own', () => {
  it('starts every key with the active account, so one account’s entries are never reached from another', async () => {
    const { setActiveAccount } = await import('./account')
    const A = 'a'.repeat(32)
    const B = 'b'.repeat(32)
    try {
      setActiveAccount(A)
      const mine = [keys.zones.list({ page: 1 }), keys.zones.detail(Z), keys.pageShield.list(keys.pageShield.scripts(Z), {})]
      const wideA = keys.zones.all
      setActiveAccount(B)
      const theirs = [keys.zones.list({ page: 1 }), keys.zones.detail(Z), keys.pageShield.list(keys.pageShield.scripts(Z), {})]
      expect(mine[0]).not.toEqual(theirs[0])
      expect(reached(keys.zones.all, [...mine, ...theirs])).toEqual(hashes(theirs.slice(0, 2)))
      expect(reached(wideA, [...mine, ...theirs])).toEqual(hashes(mine.slice(0, 2)))
      expect(reached(keys.pageShield.scripts(Z), [...mine, ...theirs])).toEqual(hashes(theirs.slice(2)))
    } finally {
      setActiveAccount(undefined)
    }
  })
})
