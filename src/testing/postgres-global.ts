import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchPostgres, postgresMissing, SHARED_POSTGRES_ENV, type TestPostgres } from './postgres'

/**
 * The global setup of Vitest's unit project and of the e2e run (e2e/global-setup.ts): one PostgreSQL
 * server for the whole run, started in the background so the first test files load meanwhile. Test files reach it through startPostgres()
 * (the folder named by SHARED_POSTGRES_ENV, which the workers inherit, says where it is and when it
 * is ready); each creates its own databases in it. Stopped and removed once the run ends.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (postgresMissing()) return undefined
  const marks = mkdtempSync(join(tmpdir(), 'zk-pg-shared-'))
  process.env[SHARED_POSTGRES_ENV] = marks
  // Files run side by side (each store pools up to 10 connections, some tests open several stores).
  const { port, ready } = await launchPostgres({ maxConnections: 400 })
  const server: Promise<TestPostgres | undefined> = ready.then(
    (pg) => {
      // Written whole, then renamed: a worker never reads half of it.
      writeFileSync(join(marks, 'port.tmp'), String(port))
      renameSync(join(marks, 'port.tmp'), join(marks, 'port'))
      return pg
    },
    (err: unknown) => {
      writeFileSync(join(marks, 'failed.tmp'), String(err instanceof Error ? err.message : err))
      renameSync(join(marks, 'failed.tmp'), join(marks, 'failed'))
      return undefined
    },
  )
  return async () => {
    ;(await server)?.stop()
    rmSync(marks, { recursive: true, force: true })
  }
}
