import { describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'

/** Issue 25: the request's state moves by conditional UPDATEs, on SQLite and PostgreSQL alike. */
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
      expect(await store.changeRequests.zone('z1')).toEqual({ zoneId: 'z1', required: true, approverMode: 'editors', approverIds: [] })
    } finally {
      await store.close()
    }
  })
})
