import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { createStore, type StoreLocation } from '.'
import { createDb } from './db'
import { canMove, CHANGE_REQUEST_MOVES, moveStatus, STATUSES } from './change-request-moves'

/**
 * The change-request status machine, generated from its declaration: every (from, to) pair of
 * statuses, on SQLite and PostgreSQL. An allowed move goes through (and sets the status); a refused one
 * says so (false) and changes nothing.
 */
const missing = postgresMissing()
let pg: TestPostgres | undefined
const dir = mkdtempSync(join(tmpdir(), 'zk-cr-moves-'))
beforeAll(async () => {
  if (!missing) pg = await startPostgres()
})
afterAll(() => {
  pg?.stop()
  rmSync(dir, { recursive: true, force: true })
})
const locations: { name: string; skip: boolean; location: () => Promise<StoreLocation> }[] = [
  { name: 'SQLite', skip: false, location: async () => ({ dataDir: mkdtempSync(join(dir, 'db-')) }) },
  { name: 'PostgreSQL', skip: Boolean(missing), location: async () => ({ dataDir: dir, databaseUrl: await pg!.createDatabase() }) },
]

const who = { personId: null, username: 'ed', personName: 'Ed' }

describe.each(locations)('the change-request status machine on $name', ({ skip, location }) => {
  it.skipIf(skip)('makes every declared move and refuses every other, changing nothing', async () => {
    const where = await location()
    const store = createStore(where)
    const id = await store.changeRequests.create({ zoneId: 'z1', zoneName: 'example.com', title: 'T', reason: '', who, items: [{ action: 'delete', recordId: 'r1', body: null, before: null }] })
    const db = createDb(where)
    const now = () => 1_000
    try {
      const row = () => db.selectFrom('change_requests').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow()
      const outcomes: string[] = []
      for (const from of STATUSES) {
        for (const to of STATUSES) {
          // The row as the move finds it: in `from`, with any condition the declaration names met (retryable).
          await db.updateTable('change_requests').set({ status: from, retryable: 1, updated_at: 0 }).where('id', '=', id).execute()
          const moved = await moveStatus(db, now, id, to)
          const after = await row()
          expect(moved, `${from} → ${to}`).toBe(canMove(from, to))
          expect(after, `${from} → ${to}`).toEqual(moved ? { status: to, updated_at: 1_000 } : { status: from, updated_at: 0 })
          if (moved) outcomes.push(`${from}→${to}`)
        }
      }
      // The declaration is the whole set of moves (a pair added or dropped shows here).
      expect(outcomes.length).toBe(Object.values(CHANGE_REQUEST_MOVES).flat().length)
      // A row condition of the declaration: a failed apply is approved again only when known to have changed nothing.
      await db.updateTable('change_requests').set({ status: 'failed', retryable: 0 }).where('id', '=', id).execute()
      expect(await moveStatus(db, now, id, 'applying')).toBe(false)
      expect((await row()).status).toBe('failed')
      // A narrower move than declared is fine; one the declaration does not have is a programming error.
      await db.updateTable('change_requests').set({ status: 'interrupted' }).where('id', '=', id).execute()
      expect(await moveStatus(db, now, id, 'undone', { from: ['applied'] })).toBe(false)
      // @ts-expect-error -- withdrawn never moves to applied
      await expect(moveStatus(db, now, id, 'applied', { from: ['withdrawn'] })).rejects.toThrow('never moves from withdrawn to applied')
    } finally {
      await db.destroy()
      await store.close()
    }
  })
})
