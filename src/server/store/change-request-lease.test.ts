import { describe, expect, it } from 'vitest'
import { recoverExpired } from '../change-requests/recover'
import type { NewAuditEntry, Store } from '.'
import { storeBackends } from '../../testing/store-backends'

/**
 * A change request cut short: the lease of an apply or undo, and its recovery by one conditional
 * claim, on SQLite and PostgreSQL alike (on PostgreSQL the concurrent calls run on separate connections).
 */
const { backends } = storeBackends('zk-cr-lease-')

const who = { personId: null, username: 'ed', personName: 'Ed' }
const erin = { personId: null, username: 'erin', personName: 'Erin' }
const entry = (over: Partial<NewAuditEntry>): NewAuditEntry => ({
  at: Date.now(), requestId: 'r', personId: null, username: 'erin', personName: 'Erin', mode: 'sandbox', zoneId: 'z1', zoneName: 'example.com',
  area: 'dns', resourceType: 'dns_records', resourceId: null, action: 'batch', method: 'POST', path: '/zones/z1/dns_records/batch',
  outcome: 'success', status: 200, errors: [], before: null, after: null, undoOf: null, ...over,
})
const mixed = (store: Store) =>
  store.changeRequests.create({
    zoneId: 'z1', zoneName: 'example.com', title: 'Mixed', reason: '', who,
    items: [
      { action: 'create', recordId: null, body: { type: 'A', name: 'a.example.com' }, before: null },
      { kind: 'page_shield_policy', action: 'create', recordId: null, body: { description: 'p1' }, before: null },
      { kind: 'page_shield_policy', action: 'create', recordId: null, body: { description: 'p2' }, before: null },
    ],
  })

/**
 * Each case: a fresh store on a clock the case moves (`clock.t`, from `start`), holding the mixed
 * request (`id`); the store is closed after the case, passed or failed.
 */
const withMixed = async (
  open: (now: () => number) => Promise<Store>,
  start: number,
  run: (c: { store: Store; crs: Store['changeRequests']; id: number; clock: { t: number } }) => Promise<void>,
) => {
  const clock = { t: start }
  const store = await open(() => clock.t)
  try {
    await run({ store, crs: store.changeRequests, id: await mixed(store), clock })
  } finally {
    await store.close()
  }
}

describe.each(backends)('change request leases on $name', ({ skip, open }) => {
  it.skipIf(skip)('holds a reservation by its token: renewals, progress marks and the finish go through only while it is the one in the row', () =>
    withMixed(open, 10_000, async ({ crs, id, clock }) => {
      expect(await crs.reserve(id, erin, { instance: 'web-1', token: 'tok-1', ms: 1000 })).toBe(true)
      expect((await crs.get(id))!.lease).toEqual({ instance: 'web-1', leasedAt: 10_000, until: 11_000 })
      clock.t = 10_500
      expect(await crs.renew(id, 'someone-else', 1000)).toBe(false)
      expect(await crs.renew(id, 'tok-1', 1000)).toBe(true)
      expect((await crs.get(id))!.lease!.until).toBe(11_500)
      expect(await crs.markSent(id, 'tok-1', 1000, [0], 'rid-dns')).toBe(true)
      expect(await crs.markSent(id, 'tok-x', 1000, [1], 'rid-p1')).toBe(false)
      expect(await crs.sentRequestIds(id)).toEqual(['rid-dns', null, null])
      clock.t = 11_400
      expect(await crs.expired()).toEqual([])
      clock.t = 11_600
      expect(await crs.expired()).toEqual([id])
      expect(await crs.expired([id + 1])).toEqual([])
      // Expired, but nobody claimed it yet: a claim needs the token that was seen.
      expect(await crs.claimExpired(id, 'not-the-token', { instance: 'web-2', token: 'tok-2', ms: 1000 })).toBe(false)
      expect(await crs.claimExpired(id, 'tok-1', { instance: 'web-2', token: 'tok-2', ms: 1000 })).toBe(true)
      // The worker it was taken from can neither renew, mark, nor finish.
      expect(await crs.renew(id, 'tok-1', 1000)).toBe(false)
      expect(await crs.markSent(id, 'tok-1', 1000, [1], 'rid-p1')).toBe(false)
      expect(await crs.finish(id, { status: 'applied', problems: null }, 'tok-1')).toBe(false)
      expect((await crs.get(id))!.status).toBe('applying')
    }),
  )

  it.skipIf(skip)('recovers an expired apply exactly once among concurrent recoverers, with what the audit log knows: landed, unknown, not tried', () =>
    withMixed(open, Date.now(), async ({ store, crs, id, clock }) => {
      expect(await crs.reserve(id, erin, { instance: 'web-1', token: 'tok-1', ms: 1000 })).toBe(true)
      // The DNS batch was sent and answered (its entry is under its request id); the first policy was sent, no answer.
      expect(await crs.markSent(id, 'tok-1', 1000, [0], 'rid-dns')).toBe(true)
      const dnsEntry = await store.audit.add(entry({ requestId: 'rid-dns' }))
      expect(await crs.markSent(id, 'tok-1', 1000, [1], 'rid-p1')).toBe(true)
      // Not expired yet: nobody recovers it.
      expect(await recoverExpired({ store, instance: 'web-2', leaseMs: 1000, mode: 'sandbox' })).toEqual([])
      clock.t += 5000
      const recoverers = ['web-2', 'web-3', 'web-4', 'web-5'].map((instance) => recoverExpired({ store, instance, leaseMs: 1000, mode: 'sandbox' }))
      const won = (await Promise.all(recoverers)).flat()
      expect(won).toEqual([id])
      const r = (await crs.get(id))!
      expect(r.status).toBe('interrupted')
      expect(r.lease).toBeNull()
      expect(r.items.map((i) => i.result?.status)).toEqual(['applied', 'unknown', 'not_applied'])
      expect(r.items[0].result?.entryId).toBe(dnsEntry)
      expect(r.interrupted).toMatchObject({ phase: 'apply', instance: 'web-1', total: 3, known: 1, unknown: 1 })
      expect(r.interrupted!.message).toBe(
        'Interrupted: the server stopped while applying; 1 of 3 changes is known to have landed. The outcome of 1 change is unknown: sent, with no answer recorded. 1 change was not tried.',
      )
      const recoveries = (await store.audit.list({ action: 'recover' })).entries
      expect(recoveries).toHaveLength(1)
      expect(recoveries[0]).toMatchObject({ resourceId: String(id), personName: `Zonekeeper (instance ${r.interrupted!.recoveredBy})` })
      // Nothing left to recover; the old worker's finish changes nothing.
      expect(await recoverExpired({ store, instance: 'web-2', leaseMs: 1000, mode: 'sandbox' })).toEqual([])
      expect(await crs.finish(id, { status: 'applied', problems: null }, 'tok-1')).toBe(false)
      expect((await crs.get(id))!.status).toBe('interrupted')
    }),
  )

  it.skipIf(skip)('recovers an apply known to have changed nothing as failed, which its approvers may approve again', () =>
    withMixed(open, Date.now(), async ({ store, crs, id, clock }) => {
      expect(await crs.reserve(id, erin, { instance: 'web-1', token: 'tok-1', ms: 1000 })).toBe(true)
      // The batch was sent and refused (its entry says so): nothing landed, nothing is unknown.
      expect(await crs.markSent(id, 'tok-1', 1000, [0], 'rid-dns')).toBe(true)
      await store.audit.add(entry({ requestId: 'rid-dns', outcome: 'failure', status: 400, errors: [{ code: 9005, message: 'Content for A record is invalid.' }] }))
      clock.t += 5000
      expect(await recoverExpired({ store, instance: 'web-2', leaseMs: 1000, mode: 'sandbox' })).toEqual([id])
      const r = (await crs.get(id))!
      expect(r.status).toBe('failed')
      expect(r.items.map((i) => i.result?.status)).toEqual(['failed', 'not_applied', 'not_applied'])
      expect(r.items[0].result?.message).toBe('Content for A record is invalid. (code 9005)')
      expect(r.interrupted!.message).toMatch(/^Interrupted: the server stopped while applying; 0 of 3 changes are known to have landed\. 2 changes were not tried\.$/)
      // Approved again: by one of two at once, and the old note is gone.
      const again = await Promise.all([erin, { personId: null, username: 'adm', personName: 'Adm' }].map((a) => crs.reserve(id, a, { instance: 'web-2', token: `t-${a.username}`, ms: 1000 })))
      expect(again.filter(Boolean)).toHaveLength(1)
      expect((await crs.get(id))!).toMatchObject({ status: 'applying', interrupted: null })
      // The earlier attempt's request ids are gone: a recovery of this attempt reads only its own writes.
      expect(await crs.sentRequestIds(id)).toEqual([null, null, null])
      // A failure of the API (not an interruption) cannot be approved again.
      await crs.finish(id, { status: 'failed', problems: [] })
      expect(await crs.reserve(id, erin)).toBe(false)
    }),
  )

  it.skipIf(skip)('recovers an expired undo from the audit log\'s undo reservations: undone, unknown, not tried; back to what it was', () =>
    withMixed(open, Date.now(), async ({ store, crs, id, clock }) => {
      expect(await crs.reserve(id, erin)).toBe(true)
      const [e0, e1, e2] = [await store.audit.add(entry({ requestId: 'a' })), await store.audit.add(entry({ requestId: 'b' })), await store.audit.add(entry({ requestId: 'c' }))]
      await crs.finish(id, { status: 'applied', problems: null, results: [{ status: 'applied', entryId: e0 }, { status: 'applied', entryId: e1 }, { status: 'applied', entryId: e2 }] })
      expect(await crs.reserveUndo(id, 'applied', { instance: 'web-1', token: 'u-1', ms: 1000 })).toBe(true)
      // Undone in reverse: p2's undo succeeded (done), p1's was sent with no answer (pending), the batch's never started.
      await store.audit.undo.reserve(e2, erin)
      await store.audit.undo.done(e2, null)
      await store.audit.undo.reserve(e1, erin)
      clock.t += 5000
      const won = (await Promise.all(['web-2', 'web-3', 'web-4'].map((instance) => recoverExpired({ store, instance, leaseMs: 1000, mode: 'sandbox' })))).flat()
      expect(won).toEqual([id])
      const r = (await crs.get(id))!
      expect(r.status).toBe('applied')
      expect(r.items.map((i) => i.result?.undo?.status)).toEqual(['not_undone', 'unknown', 'undone'])
      expect(r.interrupted).toMatchObject({ phase: 'undo', instance: 'web-1', total: 3, known: 1, unknown: 1 })
      expect(r.interrupted!.message).toBe('Interrupted: the server stopped while undoing; 1 of 3 applied changes are known to be undone. Whether the undo of 1 change happened is unknown.')
      expect(await crs.finishUndo(id, 'undone', [], 'u-1')).toBe(false)
    }),
  )
})
