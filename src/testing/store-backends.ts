import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createStore, type Store } from '../server/store'
import { postgresMissing, startPostgres, type TestPostgres } from './postgres'

/**
 * The store's two backends for `describe.each`: SQLite in a temp folder and a real PostgreSQL started
 * for the test file (skipped, with the reason printed, where PostgreSQL is absent; in CI it must run).
 * Each `open` gives a fresh, empty store.
 */
export function storeBackends(prefix: string) {
  const missing = postgresMissing()
  if (missing) console.warn(missing)
  let pgServer: TestPostgres | undefined
  const dir = mkdtempSync(join(tmpdir(), prefix))
  beforeAll(async () => {
    if (!missing) pgServer = await startPostgres()
  })
  afterAll(() => {
    pgServer?.stop()
    rmSync(dir, { recursive: true, force: true })
  })
  const backends: { name: string; skip: boolean; open: (now?: () => number) => Promise<Store> }[] = [
    { name: 'SQLite', skip: false, open: async (now) => createStore({ dataDir: join(dir, String(Math.random())), now }) },
    { name: 'PostgreSQL', skip: Boolean(missing), open: async (now) => createStore({ dataDir: dir, databaseUrl: await pgServer!.createDatabase(), now }) },
  ]
  return { backends, dir }
}
