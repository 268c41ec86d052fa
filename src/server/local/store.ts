import Database from 'better-sqlite3'
import { join } from 'node:path'
import { privateFile } from '../private-files'

export type LocalDb = Database.Database

/** The dashboard's own tables (never the API's data): the page-security review ledger. */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS script_reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    zone_id TEXT NOT NULL,
    script_id TEXT NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN ('expected', 'investigate')),
    note TEXT NOT NULL,
    reviewer TEXT NOT NULL,
    reviewed_at TEXT NOT NULL,
    script_url TEXT NOT NULL,
    script_host TEXT NOT NULL,
    script_hash TEXT,
    js_integrity_score INTEGER,
    malware_score INTEGER,
    magecart_score INTEGER,
    cryptomining_score INTEGER
  );
  CREATE INDEX IF NOT EXISTS script_reviews_script ON script_reviews(zone_id, script_id, id);
`

/** Opens `${dataDir}/dashboard.sqlite` (or ":memory:"), creating folder and tables as needed. */
export function openLocalStore(dataDir: string | ':memory:'): LocalDb {
  const file = dataDir === ':memory:' ? ':memory:' : join(dataDir, 'dashboard.sqlite')
  if (file !== ':memory:') privateFile(file)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec(SCHEMA)
  return db
}

/** Opens the store on first use, so a server that never touches it leaves no file behind. */
export function lazyStore(dataDir: string | ':memory:'): () => LocalDb {
  let db: LocalDb | undefined
  return () => (db ??= openLocalStore(dataDir))
}
