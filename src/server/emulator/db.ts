import Database from 'better-sqlite3'
import { privateFile } from '../private-files'
import type { Db } from './module'

/** Opens (creating if needed) the sandbox database. ":memory:" gives a throw-away one for tests. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') privateFile(file)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  return db
}
