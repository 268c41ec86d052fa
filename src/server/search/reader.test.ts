import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BudgetFigure } from '../store'
import { createBudget, longReserve } from '../budget/budget'
import type { Emulator } from '../emulator'
import { emulatorForward } from '../doors/sandbox-door'
import { createStore } from '../store'
import type { Send } from '../upstream'
import { memoryEmulator } from '../../testing/memory-emulator'
import { ESTATE_ACCOUNTS, ESTATE_ZONES, SANDBOX_TOKENS } from '../emulator/estate/data'
import { createReader, type ReaderSource } from './reader'

/**
 * The background reader of the record index: it fills the index from the API (here the sandbox),
 * spends only the budget's spare share (long work's admission: a person's read is admitted while it
 * runs at the edge of that share), and only one instance reads at a time (the store's lease).
 */
let emulator: Emulator
beforeAll(() => {
  emulator = memoryEmulator()
})
afterAll(() => emulator.close())

/**
 * A budget whose figure the test sets, as the service's headers would (no store, no timers). Its clock
 * stands still one second before the window resets: long work's pause near the reserve (the rest of the
 * window over what it may still spend) stays short.
 */
function budgetAt(remaining: number) {
  let kept: BudgetFigure | undefined
  const budget = createBudget({ backend: { get: async () => kept, put: async (f) => void (kept = f) }, now: () => 1_000_000 })
  const see = (r: number) => budget.observe(200, { ratelimit: `"default";r=${r};t=1`, 'ratelimit-policy': '"burst";q=1200;w=300' })
  see(remaining)
  return { budget, see }
}

describe('the record index reader', () => {
  it('fills the index from the API: every zone listed, every zone read whole', async () => {
    const store = createStore({ dataDir: ':memory:' })
    const reader = createReader({ store, send: emulatorForward(emulator), owner: 'sandbox', paceMs: 0 })
    const round = await reader.round()
    expect(round.led).toBe(true)
    expect(round.stoppedBy).toBeUndefined()
    const cov = await store.recordIndex.coverage('sandbox', '*')
    expect(cov.zones_in_scope).toBeGreaterThanOrEqual(5)
    expect(cov).toMatchObject({ zones_not_read: 0, zones_indexed: cov.zones_in_scope })
    expect(cov.zones_listed_at).not.toBeNull()
    await reader.stop()
    await store.close()
  })

  it('reads a zone read whole again only after rereadAfterMs: a round right after the first reads none', async () => {
    const store = createStore({ dataDir: ':memory:' })
    // After the zones' own modified_on (the emulator's clock): none counts as modified since its read.
    let clock = Date.now() + 60_000
    const reader = createReader({ store, send: emulatorForward(emulator), owner: 'sandbox', paceMs: 0, now: () => clock, rereadAfterMs: 60_000 })
    const first = await reader.round()
    expect(first.zonesRead).toBeGreaterThanOrEqual(5)
    clock += 30_000
    // Nothing changed, nothing was read long ago: no zone (the large one included) is read again.
    expect((await reader.round()).zonesRead).toBe(0)
    clock += 30_000
    expect((await reader.round()).zonesRead).toBe(first.zonesRead)
    await reader.stop()
    await store.close()
  })

  it('spends only the spare share: it stops at long work\'s reserve, and a person\'s read is admitted while it runs', async () => {
    const store = createStore({ dataDir: ':memory:' })
    const reserve = longReserve(1200)
    // Three calls of room above the reserve long work may not spend.
    let left = reserve + 3
    const { budget, see } = budgetAt(left)
    const admittedPeople: boolean[] = []
    let calls = 0
    const inner = emulatorForward(emulator)
    const send: Send = async (req) => {
      calls++
      // While the reader's call is on its way: a person's read (not an administrator's) asks the same budget.
      admittedPeople.push(budget.admit('interactive', 1, false).ok)
      const res = await inner(req)
      see(--left)
      return res
    }
    const reader = createReader({ store, send, owner: 'live', admit: () => budget.admit('long'), paceMs: 0 })
    const round = await reader.round()
    expect(round.stoppedBy).toMatch(/no spare budget/)
    expect(calls).toBe(3)
    expect(left).toBe(reserve)
    expect(admittedPeople).toEqual([true, true, true])
    // At the reserve: the reader is refused, a person's read is not.
    expect(budget.admit('long').ok).toBe(false)
    expect(budget.admit('interactive', 1, false).ok).toBe(true)
    // The next round makes no call at all until the budget has room again.
    await reader.round()
    expect(calls).toBe(3)
    await reader.stop()
    await store.close()
  })

  it('stops at its next call once its lease was lost (lapsed and taken by another instance), and its stop leaves the other\u2019s lease', async () => {
    let clock = 1_000_000
    const store = createStore({ dataDir: ':memory:', now: () => clock })
    let calls = 0
    const inner = emulatorForward(emulator)
    const send: Send = async (req) => {
      calls++
      // While its first call is on its way, the lease lapses and another instance claims it.
      if (calls === 1) {
        clock += 10_000
        expect(await store.recordIndex.lease.claim('sandbox', 'another-instance', 10_000)).toBe(true)
      }
      return inner(req)
    }
    const reader = createReader({ store, send, owner: 'sandbox', paceMs: 0, leaseMs: 5_000, now: () => clock })
    expect(await reader.round()).toMatchObject({ led: true, stoppedBy: 'the lease was lost' })
    expect(calls).toBe(1)
    await reader.stop()
    expect(await store.recordIndex.lease.claim('sandbox', 'a-third', 10_000)).toBe(false)
    await store.close()
  })

  it('a zone list cut short (the budget refused its next page) drops no zone', async () => {
    const store = createStore({ dataDir: ':memory:' })
    const old = { zone_id: 'f'.repeat(32), zone_name: 'listed-before.example', account_id: 'acc' }
    await store.recordIndex.putZones('live', [old], 1)
    // The account has 60 zones: the first page names 50 of them, then the budget refuses the second.
    const zones = Array.from({ length: 50 }, (_, i) => ({ id: i.toString(16).padStart(32, '0'), name: `z${i}.example`, account: { id: 'acc' } }))
    const send: Send = async () =>
      new Response(JSON.stringify({ success: true, errors: [], messages: [], result: zones, result_info: { page: 1, per_page: 50, count: 50, total_count: 60, total_pages: 2 } }), { headers: { 'content-type': 'application/json' } })
    let admitted = 0
    const admit = () => (++admitted === 1 ? { ok: true, delayMs: 0, retryAfter: 0 } : { ok: false, delayMs: 0, retryAfter: 30 })
    const reader = createReader({ store, send, owner: 'live', admit, paceMs: 0 })
    expect((await reader.round()).stoppedBy).toMatch(/no spare budget/)
    expect(await store.recordIndex.zone('live', old.zone_id)).toBeDefined()
    expect((await store.recordIndex.coverage('live', '*')).zones_in_scope).toBe(51)
    await reader.stop()
    await store.close()
  })

  /** An API whose zone list answers these pages (each with its own `total_count`, or none), in order. */
  const zoneListOf = (pages: { from: number; count: number; total?: number }[]): Send => {
    let n = 0
    return async (req) => {
      if (!req.pathAndQuery.startsWith('/zones?')) throw new Error(`unexpected call ${req.pathAndQuery}`)
      const p = pages[Math.min(n++, pages.length - 1)]
      const result = Array.from({ length: p.count }, (_, i) => ({ id: (p.from + i).toString(16).padStart(32, '0'), name: `z${p.from + i}.example`, account: { id: 'acc' } }))
      const info = { page: n, per_page: 50, count: p.count, ...(p.total === undefined ? {} : { total_count: p.total, total_pages: Math.ceil(p.total / 50) }) }
      return new Response(JSON.stringify({ success: true, errors: [], messages: [], result, result_info: info }), { headers: { 'content-type': 'application/json' } })
    }
  }
  /** One round of the zone list only (no zone is read whole) over a store that knew one zone before. */
  const listOnce = async (send: Send) => {
    const store = createStore({ dataDir: ':memory:' })
    const old = { zone_id: 'f'.repeat(32), zone_name: 'listed-before.example', account_id: 'acc' }
    await store.recordIndex.putZones('live', [old], 1)
    const reader = createReader({ store, send, owner: 'live', paceMs: 0, zonesPerRound: 0 })
    const round = await reader.round()
    const kept = (await store.recordIndex.zone('live', old.zone_id)) !== undefined
    const inScope = (await store.recordIndex.coverage('live', '*')).zones_in_scope
    await reader.stop()
    await store.close()
    return { round, kept, inScope }
  }

  it('a zone list that comes back short (a short page before the count it announced) drops no zone', async () => {
    // 60 zones announced; the second page names only 5 of the other 10 (the list moved while read).
    const short = await listOnce(zoneListOf([{ from: 0, count: 50, total: 60 }, { from: 50, count: 5, total: 60 }]))
    expect(short.round.stoppedBy).toBeUndefined()
    expect(short.kept).toBe(true)
    expect(short.inScope).toBe(56)
    // No count announced at all: nothing says the list is whole, so nothing is dropped either.
    const uncounted = await listOnce(zoneListOf([{ from: 0, count: 50 }, { from: 50, count: 10 }]))
    expect(uncounted.kept).toBe(true)
    expect(uncounted.inScope).toBe(61)
    // The whole list (every zone it announced): the zone no longer listed is dropped.
    const whole = await listOnce(zoneListOf([{ from: 0, count: 50, total: 60 }, { from: 50, count: 10, total: 60 }]))
    expect(whole.kept).toBe(false)
    expect(whole.inScope).toBe(60)
  })

  it('reads on one instance only: the store\'s lease', async () => {
    const store = createStore({ dataDir: ':memory:' })
    let calls = 0
    const inner = emulatorForward(emulator)
    const counted: Send = (req) => {
      calls++
      return inner(req)
    }
    const [a, b] = [0, 1].map(() => createReader({ store, send: counted, owner: 'sandbox', paceMs: 0 }))
    const rounds = await Promise.all([a.round(), b.round()])
    expect(rounds.map((r) => r.led).sort()).toEqual([false, true])
    const leader = rounds[0].led ? a : b
    const other = rounds[0].led ? b : a
    // The leader keeps the lease between rounds; the other reads once it is given back.
    const before = calls
    expect((await other.round()).led).toBe(false)
    expect(calls).toBe(before)
    await leader.stop()
    expect((await other.round()).led).toBe(true)
    await other.stop()
    await store.close()
  })

  it('reads every account through the credential that reaches it, spending that credential\u2019s own budget, never the default one\u2019s', async () => {
    const store = createStore({ dataDir: ':memory:' })
    const { harbour, foxFinch } = ESTATE_ACCOUNTS
    const inner = emulatorForward(emulator)
    const defaultBudget = budgetAt(1000)
    /** One stored credential: a sandbox token bound to its account, its own budget reading its answers. */
    const credential = (account: { id: string }, token: string) => {
      const { budget, see } = budgetAt(1000)
      let left = 1000
      const calls: string[] = []
      const source: ReaderSource = {
        account: account.id,
        credential: `credential:${token}`,
        send: async (req) => {
          calls.push(req.pathAndQuery)
          const res = await inner({ ...req, credential: token })
          see(--left)
          return res
        },
        admit: () => budget.admit('long'),
      }
      return { source, budget, calls }
    }
    const harbourToken = SANDBOX_TOKENS.find((t) => t.kind === 'account' && t.accounts.join() === harbour.id)!
    const foxToken = SANDBOX_TOKENS.find((t) => t.kind === 'account' && t.accounts.join() === foxFinch.id)!
    const a = credential(harbour, harbourToken.value)
    const b = credential(foxFinch, foxToken.value)
    let defaultAdmissions = 0
    const reader = createReader({ store, send: inner, owner: 'sandbox', admit: () => (defaultAdmissions++, defaultBudget.budget.admit('long')), sources: async () => [a.source, b.source], paceMs: 0 })
    const round = await reader.round()
    expect(round.stoppedBy).toBeUndefined()
    const zonesOf = (id: string) => ESTATE_ZONES.filter((z) => z.account.id === id).length
    // Each account whole, through its own token (the emulator refuses another account's zones to a bound token).
    expect(await store.recordIndex.coverageByAccount('sandbox', [{ account_id: harbour.id, zones: '*' }, { account_id: foxFinch.id, zones: '*' }])).toMatchObject([
      { account_id: harbour.id, zones_in_scope: zonesOf(harbour.id), zones_indexed: zonesOf(harbour.id), zones_not_read: 0 },
      { account_id: foxFinch.id, zones_in_scope: zonesOf(foxFinch.id), zones_indexed: zonesOf(foxFinch.id), zones_not_read: 0 },
    ])
    expect((await store.recordIndex.coverage('sandbox', '*')).zones_in_scope).toBe(zonesOf(harbour.id) + zonesOf(foxFinch.id))
    // Each credential's budget holds its own calls (a zone list, then each of its zones), the default one's none.
    expect(a.calls).toHaveLength(1 + zonesOf(harbour.id))
    expect(b.calls).toHaveLength(1 + zonesOf(foxFinch.id))
    expect(a.calls[0]).toContain(`account.id=${harbour.id}`)
    expect(a.budget.state()?.remaining).toBe(1000 - a.calls.length)
    expect(b.budget.state()?.remaining).toBe(1000 - b.calls.length)
    expect(defaultBudget.budget.state()?.remaining).toBe(1000)
    expect(defaultAdmissions).toBe(0)
    await reader.stop()
    await store.close()
  })

  it('a credential with no spare share sits the round out; the others read on', async () => {
    const store = createStore({ dataDir: ':memory:' })
    const { harbour, foxFinch } = ESTATE_ACCOUNTS
    const inner = emulatorForward(emulator)
    const token = (id: string) => SANDBOX_TOKENS.find((t) => t.kind === 'account' && t.accounts.join() === id)!.value
    let spentCalls = 0
    const spent: ReaderSource = { account: harbour.id, credential: 'credential:spent', send: async (req) => (spentCalls++, inner({ ...req, credential: token(harbour.id) })), admit: () => ({ ok: false, delayMs: 0, retryAfter: 30 }) }
    const fine: ReaderSource = { account: foxFinch.id, credential: 'credential:fine', send: (req) => inner({ ...req, credential: token(foxFinch.id) }), admit: () => ({ ok: true, delayMs: 0, retryAfter: 0 }) }
    const reader = createReader({ store, send: inner, owner: 'sandbox', sources: async () => [spent, fine], paceMs: 0 })
    const round = await reader.round()
    expect(round.stoppedBy).toMatch(/no spare budget/)
    expect(spentCalls).toBe(0)
    const [h, f] = await store.recordIndex.coverageByAccount('sandbox', [{ account_id: harbour.id, zones: '*' }, { account_id: foxFinch.id, zones: '*' }])
    expect(h.zones_in_scope).toBe(0)
    expect(f.zones_not_read).toBe(0)
    expect(f.zones_indexed).toBe(ESTATE_ZONES.filter((z) => z.account.id === foxFinch.id).length)
    await reader.stop()
    await store.close()
  })

  it('a credential just added is read soon (`soon`), not at the next interval; only while the reader runs', async () => {
    const store = createStore({ dataDir: ':memory:' })
    const { harbour, foxFinch } = ESTATE_ACCOUNTS
    const inner = emulatorForward(emulator)
    const source = (id: string): ReaderSource => {
      const token = SANDBOX_TOKENS.find((t) => t.kind === 'account' && t.accounts.join() === id)!.value
      return { account: id, credential: `credential:${id}`, send: (req) => inner({ ...req, credential: token }) }
    }
    const stored = [source(harbour.id)]
    let listed = 0
    // The next interval is an hour away: only `soon` can bring the new credential's round.
    const reader = createReader({ store, send: inner, owner: 'sandbox', sources: async () => (listed++, [...stored]), paceMs: 0, intervalMs: 3_600_000 })
    const read = async (id: string) => (await store.recordIndex.coverageByAccount('sandbox', [{ account_id: id, zones: '*' }]))[0]
    const until = async (what: () => Promise<boolean>, ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (await what()) return true
      return false
    }
    const foxZones = ESTATE_ZONES.filter((z) => z.account.id === foxFinch.id).length
    // Not started: asked soon, nothing is read.
    reader.soon(0)
    await new Promise((r) => setTimeout(r, 100))
    expect(listed).toBe(0)
    reader.start()
    // The first round took its list (Harbour alone); the credential is added while it may still be reading.
    expect(await until(async () => listed === 1, 5_000)).toBe(true)
    stored.push(source(foxFinch.id))
    reader.soon(0)
    expect(await until(async () => (await read(foxFinch.id)).zones_indexed === foxZones, 10_000)).toBe(true)
    expect((await read(harbour.id)).zones_not_read).toBe(0)
    await reader.stop()
    await store.close()
  })
})
