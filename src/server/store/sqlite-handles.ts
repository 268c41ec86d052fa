import type Database from 'better-sqlite3'

/**
 * The SQLite file behind a Kysely instance (once it has run a query), for work that must run as one
 * synchronous transaction: better-sqlite3 waits for a lock synchronously, so a transaction held open
 * across awaits would stall another store on the same file in this process (person-grants.ts).
 */
export const sqliteHandles = new WeakMap<object, Database.Database>()
