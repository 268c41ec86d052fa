import { LB_HEALTH_ALERT, type NotificationPolicy, type NotificationPolicyInput } from '@/shared/schemas/alerting'
import { splitNotificationEmails, type Pool } from '@/shared/schemas/load-balancing'
import type { MigrationGroup, MigrationMissing, MigrationOptions, MigrationState } from '@/shared/schemas/load-balancing-migration'

/** One policy per legacy address, holding every pool that lists it (a pool with two addresses is in two groups). */
export function buildPlan(pools: readonly Pick<Pool, 'id' | 'name' | 'notification_email'>[]): MigrationGroup[] {
  const byAddress = new Map<string, { id: string; name: string }[]>()
  for (const pool of pools) {
    for (const address of splitNotificationEmails(pool.notification_email)) {
      const list = byAddress.get(address) ?? []
      list.push({ id: pool.id, name: pool.name })
      byAddress.set(address, list)
    }
  }
  return [...byAddress.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([address, list]) => ({ address, pools: [...list].sort((x, y) => x.name.localeCompare(y.name) || x.id.localeCompare(y.id)) }))
}

export const policyName = (address: string) => `Load balancing health → ${address}`

/** The notification policy that replaces one legacy address. */
export function policyInputFor(group: MigrationGroup, options: MigrationOptions): NotificationPolicyInput {
  return {
    name: policyName(group.address).slice(0, 256),
    description: `Replaces the legacy notification e-mail of ${group.pools.length} pool${group.pools.length === 1 ? '' : 's'} (migrated by Zonekeeper).`,
    alert_type: LB_HEALTH_ALERT,
    enabled: true,
    mechanisms: { email: [{ id: group.address }] },
    filters: {
      pool_id: group.pools.map((p) => p.id),
      new_health: [...options.new_health],
      event_source: [...options.event_source],
    },
  }
}

const emailsOf = (p: NotificationPolicy) => (p.mechanisms.email ?? []).map((e) => e.id.trim().toLowerCase())

/** Enabled health alerts only: a disabled policy or another alert type tells nobody that a pool went down. */
const isLiveHealthAlert = (p: NotificationPolicy) => p.alert_type === LB_HEALTH_ALERT && p.enabled

/** address → ids of the pools an enabled health-alert policy sends to that address. */
export function coverageFrom(policies: readonly NotificationPolicy[]): Map<string, Set<string>> {
  const cover = new Map<string, Set<string>>()
  for (const p of policies) {
    if (!isLiveHealthAlert(p)) continue
    const pools = p.filters?.pool_id ?? []
    for (const address of emailsOf(p)) {
      const set = cover.get(address) ?? new Set<string>()
      for (const id of pools) set.add(id)
      cover.set(address, set)
    }
  }
  return cover
}

/**
 * An existing policy that already does this group's job (same address, every pool, the chosen
 * health states and sources): adopted instead of creating a duplicate, e.g. when a reload came
 * between creating a policy and saving its id.
 */
export function findAdoptablePolicy(group: MigrationGroup, options: MigrationOptions, policies: readonly NotificationPolicy[]): string | undefined {
  const sameSet = (a: readonly string[] | undefined, b: readonly string[]) => !!a && a.length === b.length && b.every((x) => a.includes(x))
  return policies.find(
    (p) =>
      isLiveHealthAlert(p) &&
      emailsOf(p).includes(group.address) &&
      group.pools.every((pool) => p.filters?.pool_id?.includes(pool.id)) &&
      sameSet(p.filters?.new_health, options.new_health) &&
      sameSet(p.filters?.event_source, options.event_source),
  )?.id
}

/** Pools on a page whose legacy address no policy covers yet: the page must not be cleared. */
export function missingOnPage(page: readonly Pool[], cover: Map<string, Set<string>>): MigrationMissing[] {
  return page.flatMap((pool) =>
    splitNotificationEmails(pool.notification_email)
      .filter((address) => !cover.get(address)?.has(pool.id))
      .map((address) => ({ poolId: pool.id, poolName: pool.name, address })),
  )
}

export function newMigrationState(args: {
  accountId: string
  pools: readonly Pool[]
  options: MigrationOptions
  pageSize: number
  now: Date
}): MigrationState {
  const stamp = args.now.toISOString()
  return {
    version: 1,
    accountId: args.accountId,
    startedAt: stamp,
    updatedAt: stamp,
    options: args.options,
    pageSize: args.pageSize,
    totalPools: args.pools.length,
    groups: buildPlan(args.pools),
    step: 'creating',
    clearedPages: [],
    blockedPages: [],
    warnings: [],
    log: [],
  }
}

export const totalPages = (s: Pick<MigrationState, 'totalPools' | 'pageSize'>) => Math.max(1, Math.ceil(s.totalPools / s.pageSize))

/** Work done and to do: one unit per policy, one per page. */
export function migrationProgress(s: MigrationState): { done: number; total: number; policies: number; pages: number } {
  const policies = s.groups.filter((g) => g.policyId).length
  const pages = new Set([...s.clearedPages, ...s.blockedPages.map((b) => b.page)]).size
  return { done: policies + pages, total: s.groups.length + totalPages(s), policies, pages }
}
