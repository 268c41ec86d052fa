import { describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'

/** The request's state moves by conditional UPDATEs, on SQLite and PostgreSQL alike. */
const { backends } = storeBackends('zk-change-requests-')

describe.each(backends)('change requests on $name', ({ skip, open }) => {
  it.skipIf(skip)('files a request with its items, and lets exactly one of many approvals reserve the apply', async () => {
    const store = await open()
    try {
      const who = { personId: null, username: 'ed', personName: 'Ed' }
      const id = await store.changeRequests.create({
        zoneId: 'z1', zoneName: 'Example.com', title: 't', reason: 'r', who,
        items: [{ action: 'create', recordId: null, body: { type: 'A' }, before: null }, { action: 'delete', recordId: 'r1', before: { type: 'A', name: 'x' }, body: null }],
      })
      const r = (await store.changeRequests.get(id))!
      expect(r).toMatchObject({ zoneName: 'example.com', status: 'pending', requester: { username: 'ed' } })
      expect(r.items.map((i) => [i.position, i.action, i.recordId])).toEqual([[0, 'create', null], [1, 'delete', 'r1']])
      // The requester cannot reserve their own request.
      expect(await store.changeRequests.reserve(id, who)).toBe(false)
      const approvers = ['a', 'b', 'c', 'd', 'e'].map((u) => ({ personId: null, username: u, personName: u }))
      const won = await Promise.all(approvers.map((a) => store.changeRequests.reserve(id, a)))
      expect(won.filter(Boolean)).toHaveLength(1)
      expect((await store.changeRequests.get(id))!.status).toBe('applying')
      await store.changeRequests.finish(id, { status: 'applied', problems: null, appliedEntryId: 42, after: [{ id: 'new' }, null] })
      expect((await store.changeRequests.byAppliedEntry(42))!.items[0].after).toEqual({ id: 'new' })
      expect(await store.changeRequests.reject(id, approvers[0], 'too late')).toBe(false)
      expect(await store.changeRequests.markUndone(id)).toBe(true)
      expect((await store.changeRequests.list({ zones: ['example.com'], status: ['undone'] })).map((x) => x.id)).toEqual([id])
      expect(await store.changeRequests.list({ zones: ['other.com'] })).toEqual([])
      await store.changeRequests.setZone({ zoneId: 'z1', zoneName: 'example.com', required: true, approverMode: 'named', approverIds: ['p1'] }, 'adm')
      await store.changeRequests.setZone({ zoneId: 'z1', zoneName: 'example.com', required: true, approverMode: 'editors', approverIds: [] }, 'adm')
      expect(await store.changeRequests.zone('z1')).toEqual({ zoneId: 'z1', required: true, approverMode: 'editors', approverIds: [], reviewEveryone: false })
    } finally {
      await store.close()
    }
  })

  it.skipIf(skip)('lets exactly one of many undos take an applied request holding policies, finds it by an item\'s entry only while it is undone, and ends it as told', async () => {
    const store = await open()
    try {
      const who = { personId: null, username: 'ed', personName: 'Ed' }
      const id = await store.changeRequests.create({
        zoneId: 'z2', zoneName: 'example.org', title: 't', reason: '', who,
        items: [{ kind: 'page_shield_policy', action: 'create', recordId: null, body: { description: 'p' }, before: null }, { action: 'create', recordId: null, body: { type: 'A' }, before: null }],
      })
      expect(await store.changeRequests.reserve(id, { personId: null, username: 'erin', personName: 'Erin' })).toBe(true)
      await store.changeRequests.finish(id, { status: 'partly_applied', problems: null, results: [{ status: 'applied', entryId: 7 }, { status: 'failed', message: 'no' }] })
      expect(await store.changeRequests.undoingByEntry('z2', 7)).toBeUndefined()
      expect(await store.changeRequests.reserveUndo(id, 'applied')).toBe(false)
      const won = await Promise.all([1, 2, 3, 4].map(() => store.changeRequests.reserveUndo(id, 'partly_applied')))
      expect(won.filter(Boolean)).toHaveLength(1)
      expect((await store.changeRequests.undoingByEntry('z2', 7))?.id).toBe(id)
      expect(await store.changeRequests.undoingByEntry('z2', 8)).toBeUndefined()
      expect(await store.changeRequests.undoingByEntry('z1', 7)).toBeUndefined()
      await store.changeRequests.finishUndo(id, 'undone', [{ status: 'applied', entryId: 7, undo: { status: 'undone' } }, { status: 'failed', message: 'no' }])
      const r = (await store.changeRequests.get(id))!
      expect(r.status).toBe('undone')
      expect(r.items.map((i) => i.result)).toEqual([{ status: 'applied', entryId: 7, undo: { status: 'undone' } }, { status: 'failed', message: 'no' }])
      expect(await store.changeRequests.undoingByEntry('z2', 7)).toBeUndefined()
      // Only an undo in progress ends: a second finish changes nothing.
      await store.changeRequests.finishUndo(id, 'partly_applied', [])
      expect((await store.changeRequests.get(id))!.status).toBe('undone')
    } finally {
      await store.close()
    }
  })

  it.skipIf(skip)('keeps practice requests apart, lets their person approve their own, marks stale once and only as read', async () => {
    let t = 1000
    const store = await open(() => t++)
    try {
      const nina = { personId: null, username: 'nina', personName: 'Nina' }
      const item = { action: 'create' as const, recordId: null, body: { type: 'A' }, before: null }
      const live = await store.changeRequests.create({ zoneId: 'z1', zoneName: 'example.com', title: 'live', reason: '', who: nina, items: [item] })
      const practice = await store.changeRequests.create({ zoneId: 'z1', zoneName: 'example.com', title: 'practice', reason: '', who: nina, items: [item], practiceKey: 'k1' })
      expect((await store.changeRequests.list({ zones: '*' })).map((r) => r.id)).toEqual([live])
      expect((await store.changeRequests.list({ zones: '*', practiceKey: 'k1' })).map((r) => r.id)).toEqual([practice])
      expect(await store.changeRequests.list({ zones: '*', practiceKey: 'k2' })).toEqual([])
      expect(await store.changeRequests.get(practice, null)).toBeUndefined()
      expect(await store.changeRequests.get(live, 'k1')).toBeUndefined()
      expect((await store.changeRequests.get(practice, 'k1'))!.title).toBe('practice')
      // Own approval: only on the practice request.
      expect(await store.changeRequests.reserve(live, nina)).toBe(false)
      expect(await store.changeRequests.reserve(practice, nina)).toBe(true)
      // Stale: one of many readers makes the move, and none with an older version.
      const read = (await store.changeRequests.get(live))!
      expect(await store.changeRequests.markStale(live, [], read.updatedAt - 1)).toBe(false)
      const won = await Promise.all([1, 2, 3, 4].map(() => store.changeRequests.markStale(live, [{ position: 0, label: 'x', message: 'moved' }], read.updatedAt)))
      expect(won.filter(Boolean)).toHaveLength(1)
      expect((await store.changeRequests.get(live))!.status).toBe('stale')
      // A practice reset forgets the person's requests and their copy's settings, nothing live.
      await store.changeRequests.setZone({ zoneId: 'practice:k1:z1', zoneName: 'example.com', required: true, approverMode: 'admins', approverIds: [] }, 'nina')
      await store.changeRequests.setZone({ zoneId: 'z1', zoneName: 'example.com', required: true, approverMode: 'admins', approverIds: [] }, 'adm')
      await store.changeRequests.deletePractice('k1', 'practice:k1:')
      expect(await store.changeRequests.get(practice)).toBeUndefined()
      expect((await store.changeRequests.zone('practice:k1:z1')).required).toBe(false)
      expect((await store.changeRequests.zone('z1')).required).toBe(true)
      expect(await store.changeRequests.get(live)).toBeDefined()
      // Done with it: only the requester, only once rejected or failed.
      expect(await store.changeRequests.markDone(live, 'nina')).toBe(false) // stale
      expect(await store.changeRequests.reject(live, { personId: null, username: 'adm', personName: 'Adm' }, 'no')).toBe(true)
      expect(await store.changeRequests.markDone(live, 'someone-else')).toBe(false)
      expect(await store.changeRequests.markDone(live, 'nina')).toBe(true)
      expect((await store.changeRequests.get(live))!.requesterDone).toBe(true)
    } finally {
      await store.close()
    }
  })
})
