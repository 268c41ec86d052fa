import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStore, type Store } from '../store'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'

/**
 * The account a change request was filed in, kept by the store on SQLite and PostgreSQL alike
 * (`change-requests_0006-account`): listed per account, the default account's being those without one.
 */
const missing = postgresMissing()
if (missing) console.warn(missing)
let pg: TestPostgres | undefined
const stores: [string, Store][] = []
const A = 'a'.repeat(32)
const B = 'b'.repeat(32)

beforeAll(async () => {
  stores.push(['SQLite', createStore({ dataDir: ':memory:' })])
  if (!missing) {
    pg = await startPostgres()
    stores.push(['PostgreSQL', createStore({ dataDir: ':memory:', databaseUrl: await pg.createDatabase() })])
  }
})
afterAll(async () => {
  for (const [, s] of stores) await s.close()
  pg?.stop()
})

describe('change requests per account in the store', () => {
  it('records the account a request is filed in and lists each account’s own (null: the default account)', async () => {
    for (const [name, store] of stores) {
      const file = (account?: string | null) =>
        store.changeRequests.create({
          zoneId: 'f'.repeat(32), zoneName: 'example.com', title: `in ${account ?? 'default'}`, reason: '',
          who: { personId: null, username: 'ed', personName: 'Ed' },
          items: [{ action: 'create', recordId: null, body: { type: 'TXT', name: 'x', content: '"x"' }, before: null }],
          ...(account === undefined ? {} : { account }),
        })
      const none = await file()
      const inA = await file(A)
      const inB = await file(B)
      expect((await store.changeRequests.get(inB))?.account, name).toBe(B)
      expect((await store.changeRequests.get(none))?.account, name).toBeNull()
      const ids = async (account?: string | null) => (await store.changeRequests.list({ zones: '*', account })).map((r) => r.id)
      expect(await ids(B), name).toEqual([inB])
      expect(await ids(A), name).toEqual([inA])
      expect(await ids(null), name).toEqual([none])
      expect(await ids(undefined), name).toEqual([inB, inA, none])
    }
  })
})
