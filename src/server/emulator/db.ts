import Database from 'better-sqlite3'
import { privateFile } from '../private-files'
import type { Db } from './module'

/**
 * Opens (creating if needed) the sandbox database. ":memory:" gives a throw-away one for tests; an
 * image (a serialized database: a practice copy from the shared store) opens in memory.
 */
export function openDatabase(file: string, image?: Buffer): Db {
  if (file !== ':memory:' && !image) privateFile(file)
  const db = image ? new Database(image) : new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  return db
}
