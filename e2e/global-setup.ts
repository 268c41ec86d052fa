import { resolve } from 'node:path'
import { ensureBuilt } from '../src/server/build.mjs'
import startSharedPostgres from '../src/testing/postgres-global'

/**
 * Once per run, before the workers start their servers: build the app and the server if stale, and
 * start one PostgreSQL for the run in the background (the specs on PostgreSQL, the deployment's and
 * the store's, each create their own database in it through startPostgres: two initdb-and-starts
 * were on the run's last minutes). Returns its teardown.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  ensureBuilt(resolve(import.meta.dirname, '..'))
  return startSharedPostgres()
}
