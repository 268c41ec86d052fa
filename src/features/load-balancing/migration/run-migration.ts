import type { NotificationPolicy, NotificationPolicyInput } from '@/shared/schemas/alerting'
import { POOLS_MAX_PAGE_SIZE, type Pool } from '@/shared/schemas/load-balancing'
import { MIGRATION_LOG_LIMIT, type MigrationEvent, type MigrationGroup, type MigrationState } from '@/shared/schemas/load-balancing-migration'
import { coverageFrom, findAdoptablePolicy, missingOnPage, policyInputFor } from './plan'

/** The four calls the migration makes; the real one goes through the API client, tests use the sandbox. */
export interface MigrationClient {
  listPools: (page: number, perPage: number, signal?: AbortSignal) => Promise<{ result: Pool[]; totalCount: number }>
  listPolicies: (signal?: AbortSignal) => Promise<NotificationPolicy[]>
  createPolicy: (input: NotificationPolicyInput, signal?: AbortSignal) => Promise<{ id: string }>
  /** The bulk PATCH `{"notification_email": ""}` on one page (by name order); answers that page's pools. */
  clearPage: (page: number, perPage: number, signal?: AbortSignal) => Promise<Pool[]>
}

export type { MigrationEvent }

export interface RunHooks {
  signal?: AbortSignal
  /**
   * Called after every change, awaited before the next step: persist it (the dashboard's store) and
   * show it. A failed save stops the run, so the saved state never lags behind what was done.
   */
  save: (state: MigrationState) => void | Promise<void>
  /** Called after a step's result is saved (it is also appended to the state's `log`). */
  onEvent?: (event: MigrationEvent) => void
  now?: () => Date
}

/** A stop the user must read (the state is saved with it in `lastError`). */
export class MigrationStopped extends Error {}

const checkAbort = (signal?: AbortSignal) => {
  if (signal?.aborted) throw new DOMException('The migration was cancelled.', 'AbortError')
}
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError'

/** Every pool of the account, page after page (largest pages, stops at the first empty one). */
export async function readAllPools(client: MigrationClient, signal?: AbortSignal, onPage?: (read: number, total: number) => void): Promise<Pool[]> {
  const seen = new Map<string, Pool>()
  for (let page = 1; page <= 10_000; page++) {
    checkAbort(signal)
    const { result, totalCount } = await client.listPools(page, POOLS_MAX_PAGE_SIZE, signal)
    for (const p of result) seen.set(p.id, p)
    onPage?.(seen.size, totalCount)
    if (result.length < POOLS_MAX_PAGE_SIZE || seen.size >= totalCount) break
  }
  return [...seen.values()]
}

/**
 * Runs (or resumes) a migration: (1) create one policy per address (or adopt an identical existing
 * one), (2) read the policies back and check each covers its pools, (3) walk every page of pools
 * in name order and clear it with the bulk PATCH only when every address on that page, as read
 * just before, is covered by an enabled health-alert policy read just before. A page with an
 * uncovered address is left alone and reported. Every step is saved, and every step can be
 * repeated safely, so a cancel or reload resumes from the saved state.
 */
export async function runMigration(initial: MigrationState, client: MigrationClient, hooks: RunHooks): Promise<MigrationState> {
  const now = hooks.now ?? (() => new Date())
  let s: MigrationState = { ...initial, lastError: undefined }
  const commit = async (patch: Partial<MigrationState>, event?: MigrationEvent) => {
    const log = event ? [...s.log, event].slice(-MIGRATION_LOG_LIMIT) : s.log
    s = { ...s, ...patch, log, updatedAt: now().toISOString() }
    await hooks.save(s)
    if (event) hooks.onEvent?.(event)
  }
  try {
    if (s.step === 'creating') await createPolicies()
    if (s.step === 'clearing') await clearPages()
    return s
  } catch (err) {
    // A failure after a cancel (or a page being left) is part of the cancel, not an error to report.
    if (!isAbort(err) && !hooks.signal?.aborted) {
      // Best effort: when saving is what failed, the run's own error is the one to show.
      await commit({ lastError: err instanceof Error ? err.message : String(err) }).catch(() => undefined)
    }
    throw err
  }

  async function createPolicies() {
    const existing = await client.listPolicies(hooks.signal)
    for (let i = 0; i < s.groups.length; i++) {
      const group = s.groups[i]
      if (group.policyId) continue
      checkAbort(hooks.signal)
      const adopted = findAdoptablePolicy(group, s.options, existing)
      const id = adopted ?? (await client.createPolicy(policyInputFor(group, s.options), hooks.signal)).id
      await commit({ groups: s.groups.map((g, j) => (j === i ? { ...g, policyId: id } : g)) }, { type: 'policy', address: group.address, adopted: !!adopted })
    }
    checkAbort(hooks.signal)
    // Read them back: a policy counts only if the API now lists it, enabled, with every pool.
    const policies = await client.listPolicies(hooks.signal)
    const cover = coverageFrom(policies)
    const ids = new Set(policies.map((p) => p.id))
    const broken = s.groups.filter((g) => !g.policyId || !ids.has(g.policyId) || g.pools.some((p) => !cover.get(g.address)?.has(p.id)))
    if (broken.length > 0) {
      await commit({ groups: s.groups.map((g) => (broken.includes(g) ? { ...g, policyId: undefined } : g)) })
      throw new MigrationStopped(
        `The policy for ${broken.map((g) => g.address).join(', ')} could not be read back with all its pools, so no e-mail was cleared. Resume to create it again.`,
      )
    }
    await commit({ step: 'clearing' })
  }

  async function clearPages() {
    for (let page = 1; ; page++) {
      checkAbort(hooks.signal)
      const cover = coverageFrom(await client.listPolicies(hooks.signal))
      const fresh = await client.listPools(page, s.pageSize, hooks.signal)
      if (fresh.totalCount !== s.totalPools) await commit({ totalPools: fresh.totalCount })
      if (fresh.result.length === 0 || page > Math.ceil(fresh.totalCount / s.pageSize)) break
      const others = { clearedPages: s.clearedPages.filter((p) => p !== page), blockedPages: s.blockedPages.filter((b) => b.page !== page) }
      if (fresh.result.every((p) => p.notification_email.trim() === '')) {
        await commit({ ...others, clearedPages: [...others.clearedPages, page] })
        continue
      }
      const missing = missingOnPage(fresh.result, cover)
      if (missing.length > 0) {
        await commit({ ...others, blockedPages: [...others.blockedPages, { page, missing }] }, { type: 'page-blocked', page, missing })
        continue
      }
      checkAbort(hooks.signal)
      const cleared = await client.clearPage(page, s.pageSize, hooks.signal)
      const expected = new Set(fresh.result.map((p) => p.id))
      const strangers = cleared.filter((p) => !expected.has(p.id))
      const warnings = strangers.length
        ? [...s.warnings, `Page ${page} changed while it was cleared (pools added or renamed meanwhile): ${strangers.map((p) => p.name).join(', ')}. Check their notifications.`]
        : s.warnings
      if (cleared.some((p) => p.notification_email !== '')) {
        throw new MigrationStopped(`Page ${page} still shows legacy e-mails after clearing. Resume to try again.`)
      }
      const names = fresh.result.filter((p) => p.notification_email.trim() !== '').map((p) => p.name)
      await commit({ ...others, clearedPages: [...others.clearedPages, page], warnings }, { type: 'page-cleared', page, pools: names.length, names })
    }
    if (s.blockedPages.length === 0) await commit({ step: 'done' })
  }
}

/**
 * After pages were blocked: groups whose policy has since disappeared are marked for creating
 * again, and pools (read fresh) with addresses nothing covers or will cover become new groups, so
 * one more run creates their policies and clears the remaining pages.
 */
export function extendPlan(state: MigrationState, pools: readonly Pool[], policies: readonly NotificationPolicy[]): MigrationState {
  const live = new Set(policies.map((p) => p.id))
  const groups = state.groups.map((g) => (g.policyId && !live.has(g.policyId) ? { ...g, policyId: undefined } : g))
  const planned = new Map<string, Set<string>>()
  for (const g of groups) if (!g.policyId) planned.set(g.address, new Set([...(planned.get(g.address) ?? []), ...g.pools.map((p) => p.id)]))
  const missing = missingOnPage(pools, coverageFrom(policies)).filter((m) => !planned.get(m.address)?.has(m.poolId))
  const byAddress = new Map<string, { id: string; name: string }[]>()
  for (const m of missing) byAddress.set(m.address, [...(byAddress.get(m.address) ?? []), { id: m.poolId, name: m.poolName }])
  const added = [...byAddress.entries()].map(([address, list]) => ({ address, pools: list }))
  const all: MigrationGroup[] = [...groups, ...added]
  return {
    ...state,
    groups: all,
    blockedPages: [],
    totalPools: pools.length,
    step: all.some((g) => !g.policyId) ? 'creating' : 'clearing',
    lastError: undefined,
  }
}
