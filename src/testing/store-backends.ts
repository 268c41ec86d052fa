import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { Migrator } from 'kysely'
import { createStore, type Store, type StoreLocation, type StoreOptions } from '../server/store'
import { createDb, dialectOf } from '../server/store/db'
import { migrations } from '../server/store/migrations'
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
  const backends: { name: string; skip: boolean; open: (now?: () => number, extra?: Pick<StoreOptions, 'credentialsKey'>) => Promise<Store> }[] = [
    { name: 'SQLite', skip: false, open: async (now, extra) => createStore({ dataDir: join(dir, String(Math.random())), now, ...extra }) },
    { name: 'PostgreSQL', skip: Boolean(missing), open: async (now, extra) => createStore({ dataDir: dir, databaseUrl: await pgServer!.createDatabase(), now, ...extra }) },
  ]
  return { backends, dir }
}

/**
 * The two backends for a migration's test: each `location()` is a fresh, empty store location;
 * `migratedUpTo(loc, name)` opens it with every migration but `name` applied (the tables as they were
 * before it), for the test to fill and then run the rest.
 */
export function migrationBackends(prefix: string) {
  const missing = postgresMissing()
  let pgServer: TestPostgres | undefined
  const dir = mkdtempSync(join(tmpdir(), prefix))
  beforeAll(async () => {
    if (!missing) pgServer = await startPostgres()
  })
  afterAll(() => {
    pgServer?.stop()
    rmSync(dir, { recursive: true, force: true })
  })
  const backends: { name: string; skip: boolean; location: () => Promise<StoreLocation> }[] = [
    { name: 'SQLite', skip: false, location: async () => ({ dataDir: mkdtempSync(join(dir, 'db-')) }) },
    { name: 'PostgreSQL', skip: Boolean(missing), location: async () => ({ dataDir: dir, databaseUrl: await pgServer!.createDatabase() }) },
  ]
  return backends
}

/** A store location opened with every migration but `name` applied; `error` is the migrator's. */
export async function migratedUpTo(loc: StoreLocation, name: string) {
  const db = createDb(loc)
  const older = Object.fromEntries(Object.entries(migrations(dialectOf(loc))).filter(([n]) => n !== name))
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => older }, allowUnorderedMigrations: true }).migrateToLatest()
  return { db, error }
}
