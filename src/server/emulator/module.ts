import type { ExclusiveGate } from './exclusive'
import type Database from 'better-sqlite3'
import type { Hono } from 'hono'
import type { Rng } from './ids'
import type { TableRouter } from './table-routes'

export type Db = Database.Database

export interface EmulatorContext {
  db: Db
  /** The emulator's clock; tests may replace it. */
  now: () => Date
  /** Imports a zone may take per minute (the service allows a few); absent: no limit (unit tests). */
  importsPerMinute?: number
  /** Sliced work that must look atomic (see exclusive.ts); the emulator's door waits for it. */
  exclusive?: ExclusiveGate
}

export interface SeedContext extends EmulatorContext {
  rng: Rng
}

/**
 * One resource area of the sandbox API. Modules are independent: each owns its tables
 * (created with `CREATE TABLE IF NOT EXISTS`), its seed and its routes.
 * Paths in `register` are relative to the API base (`/zones/:zone_id/...`).
 */
export interface EmulatorModule {
  name: string
  /** SQL DDL run at start-up; must be idempotent. */
  schema: string
  /** Tables to empty (in this order) before seeding on reset. */
  tables: string[]
  /** Fills the demo data; runs inside a transaction after every module's schema exists. */
  seed?: (ctx: SeedContext) => void
  /**
   * Scale-test data (thousands of rows in a few zones), written after `seed`: at once in a reset,
   * or by a worker thread after the server answers on a fresh start (see ../seed.ts). Requests
   * about `zoneIds` wait until it is written.
   */
  scale?: { zoneIds: string[]; seed: (ctx: SeedContext) => void }
  /**
   * Its handler of each endpoint of the shared table it serves (src/shared/endpoints), put on `table`
   * by `METHOD path` (`table.get('/zones/:zone_id', …)`): a path the table does not declare for that
   * method does not type-check. The sandbox registers them from the table (./table-routes.ts).
   */
  handlers?: (table: TableRouter, ctx: EmulatorContext) => void
  /**
   * Its routes outside the table, registered before the handlers: the API's own routes the dashboard
   * does not use (only API clients at /client/v4 reach them). Never a `METHOD path` of the table
   * (src/server/conformance/endpoint-table.test.ts checks it): those are `handlers`.
   */
  register?: (app: Hono, ctx: EmulatorContext) => void
}
