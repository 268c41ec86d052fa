import Database from 'better-sqlite3'
import { Kysely, Migrator, sql, PostgresDialect, SqliteDialect, type Compilable, type CompiledQuery, type MigrationProvider, type SqliteDatabase } from 'kysely'
import { join } from 'node:path'
import type { Pool as PgPool } from 'pg'
import { migrations, type Dialect } from './migrations'
import type { StoreTables } from './schema'
import { privateFile } from '../private-files'
import { sqliteHandles } from './sqlite-handles'

export type Db = Kysely<StoreTables>

export interface StoreLocation {
  /** Folder of the SQLite file (`dashboard.sqlite`), or ":memory:"; used when no databaseUrl is given. */
  dataDir: string
  /** `postgres://…`: the store lives in PostgreSQL instead (several instances may share it). */
  databaseUrl?: string
}

export const STORE_FILE = 'dashboard.sqlite'

/**
 * PostgreSQL's client, loaded only when the store is there: it is a large package, and a server on
 * SQLite (the default) would otherwise load it on every start for nothing.
 */
async function pgPool(connectionString: string): Promise<PgPool> {
  const { default: pg } = await import('pg')
  // BIGINT columns hold milliseconds; they fit a JavaScript number, so read them as numbers.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v))
  return new pg.Pool({ connectionString, max: 10 })
}

function openSqlite(dataDir: string): Database.Database {
  if (dataDir === ':memory:') return new Database(':memory:')
  const file = join(dataDir, STORE_FILE)
  // Folder 0700, file 0600 (also when an older version left them readable), before SQLite opens it.
  privateFile(file)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  return db
}

export function dialectOf(location: StoreLocation): Dialect {
  return location.databaseUrl ? 'postgres' : 'sqlite'
}

/**
 * better-sqlite3 for Kysely, with its prepared statements kept: Kysely prepares every query anew,
 * and preparing costs more than running the small queries every request makes (the session, the
 * person, the count of people). Up to 200 SQL texts are kept, least recently used dropped first; a
 * statement still being iterated is never handed out twice (a fresh one is prepared instead).
 */
export function withStatementCache(db: Database.Database, size = 200): SqliteDatabase {
  const kept = new Map<string, Database.Statement>()
  return {
    close: () => {
      kept.clear()
      db.close()
    },
    prepare(sql: string) {
      const hit = kept.get(sql)
      if (hit && !hit.busy) {
        kept.delete(sql)
        kept.set(sql, hit)
        return hit
      }
      const stmt = db.prepare(sql)
      kept.set(sql, stmt)
      if (kept.size > size) kept.delete(kept.keys().next().value!)
      return stmt
    },
  }
}

/** A Kysely instance on SQLite or PostgreSQL. Nothing is opened until the first query. */
export function createDb(location: StoreLocation): Db {
  const dialect = location.databaseUrl
    ? new PostgresDialect({ pool: () => pgPool(location.databaseUrl!) })
    : new SqliteDialect({
        database: async () => {
          const raw = openSqlite(location.dataDir)
          sqliteHandles.set(kysely, raw)
          return withStatementCache(raw)
        },
      })
  const kysely = new Kysely<StoreTables>({ dialect })
  return kysely
}

/**
 * True when the SQLite store has applied exactly these migrations: a restart then reads one table
 * instead of running Kysely's migrator, which looks the whole schema up and takes its lock table
 * (about 20 ms of CPU on each start, most of it code run that once). Anything else (a new store, a
 * migration pending, one applied that this version does not know) goes to the migrator, which
 * applies or refuses as before.
 */
async function allApplied(db: Db, names: string[]): Promise<boolean> {
  let applied: string[]
  try {
    applied = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name)
  } catch {
    return false // no migration table yet: a new store
  }
  const known = new Set(names)
  return applied.length === known.size && applied.every((name) => known.has(name))
}

/** Applies every migration not yet applied; throws with the failing migration's name. */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<void> {
  const all = migrations(dialect)
  if (dialect === 'sqlite' && (await allApplied(db, Object.keys(all)))) return
  const provider: MigrationProvider = { getMigrations: async () => all }
  // Unordered: migrations added on parallel branches (0003-…) still apply wherever they land.
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName
    throw new Error(`The dashboard store could not be migrated${failed ? ` (${failed})` : ''}: ${String(error)}`)
  }
}

/**
 * A query asked on every request, built and compiled by Kysely once and then run with new
 * parameters (building and compiling costs more than running it on SQLite). `build` makes the
 * query from its first values, used in the order they are given (each once); later calls bring their own.
 */
export function compiledOnce<Row, Params extends unknown[]>(build: (db: Db, ...placeholders: Params) => Compilable<Row>) {
  // Per database: SQLite and PostgreSQL spell parameters differently.
  const compiledFor = new WeakMap<Db, CompiledQuery<Row>>()
  return async (db: Db, ...params: Params): Promise<Row | undefined> => {
    let compiled = compiledFor.get(db)
    if (!compiled) compiledFor.set(db, (compiled = build(db, ...params).compile()))
    if (compiled.parameters.length !== params.length) throw new Error('compiledOnce: the query must use each placeholder once, in order')
    // A literal of one shape (not a spread of the compiled query): this runs on every signed-in request.
    const { rows } = await db.executeQuery<Row>({ query: compiled.query, queryId: compiled.queryId, sql: compiled.sql, parameters: params })
    return rows[0]
  }
}
