import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '@/testing/module-emulator'
import { alertingModule } from '@/server/emulator/alerting'
import { loadBalancingModule } from '@/server/emulator/load-balancing'
import { DEMO_ACCOUNT } from '@/server/emulator/seed-ids'
import { LB_HEALTH_ALERT, type NotificationPolicy } from '@/shared/schemas/alerting'
import { splitNotificationEmails, type Pool } from '@/shared/schemas/load-balancing'
import type { MigrationState } from '@/shared/schemas/load-balancing-migration'
import { cutPoolsPage } from '../api/get-pools'
import { newMigrationState } from './plan'
import { extendPlan, isAbort, MigrationStopped, readAllPools, runMigration, type MigrationClient } from './run-migration'
import { createStore } from '@/server/store'
import { parseSavedMigration } from './storage'

const acc = `/accounts/${DEMO_ACCOUNT.id}`
const options = { new_health: ['Unhealthy' as const, 'Healthy' as const], event_source: ['pool' as const, 'origin' as const] }
let emu: ModuleEmulator

beforeEach(() => {
  emu = createModuleEmulator([loadBalancingModule, alertingModule])
})
afterEach(() => emu.close())

const ok = async (method: string, path: string, body?: unknown) => {
  const res = await call(emu.app, method, path, body)
  if (res.status >= 400) throw new Error(res.body.errors.map((e) => e.message).join('; '))
  return res.body
}
/** The migration's client, talking to the in-process sandbox. */
const sandboxClient = (): MigrationClient => ({
  listPools: async (page, perPage) => {
    // The sandbox answers every pool at once (as the service does); the dashboard cuts the page out.
    const b = cutPoolsPage((await ok('GET', `${acc}/load_balancers/pools`)).result as Pool[], { page, perPage })
    return { result: b.result, totalCount: b.resultInfo.total_count }
  },
  listPolicies: async () => (await ok('GET', `${acc}/alerting/v3/policies`)).result as NotificationPolicy[],
  createPolicy: async (input) => (await ok('POST', `${acc}/alerting/v3/policies`, input)).result as { id: string },
  clearPage: async (page, perPage) => (await ok('PATCH', `${acc}/load_balancers/pools?page=${page}&per_page=${perPage}`, { notification_email: '' })).result as Pool[],
})
const dbPools = () => emu.db.prepare('SELECT id, name, notification_email FROM lb_pools ORDER BY name, id').all() as Pool[]
const healthPolicies = async () => (await sandboxClient().listPolicies()).filter((p) => p.alert_type === LB_HEALTH_ALERT)
const plan = async (client = sandboxClient()) =>
  newMigrationState({ accountId: DEMO_ACCOUNT.id, pools: await readAllPools(client), options, pageSize: 25, now: new Date() })

describe('planning', () => {
  it('reads every page and groups pools by address', async () => {
    const state = await plan()
    expect(state.totalPools).toBe(130)
    expect(state.groups.map((g) => g.address)).toEqual(
      [...new Set(dbPools().flatMap((p) => splitNotificationEmails(p.notification_email)))].sort(),
    )
    const sre = state.groups.find((g) => g.address === 'sre@acme.example')!
    expect(sre.pools.map((p) => p.id).sort()).toEqual(dbPools().filter((p) => p.notification_email.includes('sre@')).map((p) => p.id).sort())
  })
})

describe('running the migration', () => {
  it('creates one policy per address, then clears every page: all 130 pools end empty', async () => {
    const saved: MigrationState[] = []
    const end = await runMigration(await plan(), sandboxClient(), { save: (s) => void saved.push(s) })
    expect(end.step).toBe('done')
    expect(end.clearedPages).toEqual([1, 2, 3, 4, 5, 6])
    expect(dbPools().every((p) => p.notification_email === '')).toBe(true)
    const policies = await healthPolicies()
    expect(policies).toHaveLength(end.groups.length)
    for (const g of end.groups) {
      const p = policies.find((x) => x.id === g.policyId)!
      expect(p.mechanisms.email).toEqual([{ id: g.address }])
      expect(p.filters).toEqual({ pool_id: g.pools.map((x) => x.id), new_health: options.new_health, event_source: options.event_source })
    }
    expect(saved.at(-1)).toEqual(end)
  })

  it('never clears a page holding an address whose policy is gone, and finishes once it is covered again', async () => {
    const before = dbPools()
    const client = sandboxClient()
    let listed = 0
    const sabotage: MigrationClient = {
      ...client,
      // Someone deletes the sre@ policy after it was read back, just before the clearing starts
      // (calls: 1 before creating, 2 the read-back, 3 before page 1).
      listPolicies: async () => {
        if (++listed === 3) {
          const sre = (await healthPolicies()).find((p) => p.mechanisms.email?.[0].id === 'sre@acme.example')!
          await ok('DELETE', `${acc}/alerting/v3/policies/${sre.id}`)
        }
        return client.listPolicies()
      },
    }
    const end = await runMigration(await plan(), sabotage, { save: () => {} })
    expect(end.step).toBe('clearing')
    expect(end.blockedPages.length).toBeGreaterThan(0)
    const after = dbPools()
    // Nothing with sre@ lost its address, and every blocked page is untouched.
    after.forEach((p, i) => {
      if (before[i].notification_email.includes('sre@')) expect(p.notification_email).toBe(before[i].notification_email)
    })
    for (const b of end.blockedPages) expect(after.slice((b.page - 1) * 25, b.page * 25)).toEqual(before.slice((b.page - 1) * 25, b.page * 25))
    expect(end.blockedPages.flatMap((b) => b.missing).every((m) => m.address === 'sre@acme.example')).toBe(true)

    const extended = extendPlan(end, await readAllPools(client), await client.listPolicies())
    expect(extended.groups.find((g) => g.address === 'sre@acme.example')!.policyId).toBeUndefined()
    expect(extended.groups).toHaveLength(end.groups.length)
    expect(extended.step).toBe('creating')
    const done = await runMigration(extended, client, { save: () => {} })
    expect(done.step).toBe('done')
    expect(dbPools().every((p) => p.notification_email === '')).toBe(true)
  })

  it('leaves alone a page where a pool gained an unplanned address, and reports it', async () => {
    const state = await plan()
    const first = dbPools()[0]
    emu.db.prepare('UPDATE lb_pools SET notification_email = ? WHERE id = ?').run('new-team@acme.example', first.id)
    const end = await runMigration(state, sandboxClient(), { save: () => {} })
    expect(end.blockedPages).toEqual([{ page: 1, missing: [{ poolId: first.id, poolName: first.name, address: 'new-team@acme.example' }] }])
    expect(dbPools()[0].notification_email).toBe('new-team@acme.example')
    expect(end.clearedPages).toEqual([2, 3, 4, 5, 6])
    const extended = extendPlan(end, await readAllPools(sandboxClient()), await sandboxClient().listPolicies())
    expect(extended.groups.at(-1)).toEqual({ address: 'new-team@acme.example', pools: [{ id: first.id, name: first.name }] })
    expect((await runMigration(extended, sandboxClient(), { save: () => {} })).step).toBe('done')
    expect(dbPools().every((p) => p.notification_email === '')).toBe(true)
  })

  it('stops before clearing anything when a created policy cannot be read back', async () => {
    const before = dbPools()
    const client = sandboxClient()
    const liar: MigrationClient = { ...client, createPolicy: async () => ({ id: '00000000-0000-4000-8000-000000000000' }) }
    const saved: MigrationState[] = []
    await expect(runMigration(await plan(), liar, { save: (s) => void saved.push(s) })).rejects.toBeInstanceOf(MigrationStopped)
    expect(dbPools()).toEqual(before)
    expect(saved.at(-1)!.lastError).toContain('could not be read back')
    expect(saved.at(-1)!.groups.every((g) => !g.policyId)).toBe(true)
  })
})

describe('cancel, reload and resume', () => {
  it('resumes from the saved state after a cancel mid-way, without duplicate policies', async () => {
    // Saved in the dashboard's store (as the /api/local route does), read back through the shared schema.
    const store = createStore({ dataDir: ':memory:' })
    const save = async (s: MigrationState) => void (await store.lbMigrations.put(s.accountId, JSON.parse(JSON.stringify(s)), 'Ada'))
    const load = async () => parseSavedMigration(DEMO_ACCOUNT.id, (await store.lbMigrations.get(DEMO_ACCOUNT.id))?.state)
    const controller = new AbortController()
    const run = runMigration(await plan(), sandboxClient(), {
      signal: controller.signal,
      save,
      onEvent: (e) => e.type === 'page-cleared' && e.page === 2 && controller.abort(),
    })
    await expect(run).rejects.toSatisfy(isAbort)
    const saved = (await load())!
    expect(saved.step).toBe('clearing')
    expect(saved.clearedPages).toEqual([1, 2])
    expect(dbPools().slice(50).some((p) => p.notification_email !== '')).toBe(true)
    // Per-pool results are kept with it: each policy, and the names of the pools each page cleared.
    const cleared = saved.log.filter((e) => e.type === 'page-cleared')
    expect(cleared.map((e) => e.page)).toEqual([1, 2])
    expect(cleared.flatMap((e) => (e.type === 'page-cleared' ? e.names : []))).toEqual(dbPools().slice(0, 50).map((p) => p.name).filter((n) => saved.groups.some((g) => g.pools.some((p) => p.name === n))))
    expect(saved.log.filter((e) => e.type === 'policy')).toHaveLength(saved.groups.length)
    // The count is what was done (pools whose e-mail was cleared), as the names say.
    for (const e of cleared) if (e.type === 'page-cleared') expect(e.pools).toBe(e.names.length)

    const end = await runMigration(saved, sandboxClient(), { save })
    expect((await load())?.step).toBe('done')
    await store.close()
    expect(end.step).toBe('done')
    expect(dbPools().every((p) => p.notification_email === '')).toBe(true)
    expect(await healthPolicies()).toHaveLength(end.groups.length)
  })

  it('adopts a policy created just before a reload lost its id, instead of creating it twice', async () => {
    const client = sandboxClient()
    let creates = 0
    const crashing: MigrationClient = {
      ...client,
      createPolicy: async (input) => {
        const r = await client.createPolicy(input)
        if (++creates === 2) throw new DOMException('tab closed', 'AbortError') // created, but the id never got saved
        return r
      },
    }
    let last: MigrationState | undefined
    await expect(runMigration(await plan(), crashing, { save: (s) => void (last = s) })).rejects.toSatisfy(isAbort)
    expect(last!.groups.filter((g) => g.policyId)).toHaveLength(1)
    const end = await runMigration(last!, client, { save: () => {} })
    expect(end.step).toBe('done')
    expect(await healthPolicies()).toHaveLength(end.groups.length)
  })

  it('ignores a saved state of another account or shape', async () => {
    expect(parseSavedMigration(DEMO_ACCOUNT.id, { version: 2 })).toBeUndefined()
    expect(parseSavedMigration(DEMO_ACCOUNT.id, 'not json')).toBeUndefined()
    expect(parseSavedMigration(DEMO_ACCOUNT.id, undefined)).toBeUndefined()
    const other = await plan()
    expect(parseSavedMigration(DEMO_ACCOUNT.id, other)).toEqual(other)
    expect(parseSavedMigration('f'.repeat(32), other)).toBeUndefined()
  })
})
