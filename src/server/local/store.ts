import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { REVIEW_VERDICTS } from '../../shared/page-shield/review-verdicts'

export type LocalDb = Database.Database

const VERDICT_LIST = REVIEW_VERDICTS.map((v) => `'${v}'`).join(', ')

/** The dashboard's own tables (never the API's data): the page-security review ledger. */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS script_reviews (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    zone_id TEXT NOT NULL,
    script_id TEXT NOT NULL,
    verdict TEXT NOT NULL CHECK (verdict IN (${VERDICT_LIST})),
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
  if (file !== ':memory:') mkdirSync(dataDir, { recursive: true })
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  allowNewVerdicts(db)
  db.exec(SCHEMA)
  return db
}

/**
 * Migration: a ledger created before the "malicious" verdict has a CHECK constraint that refuses it.
 * SQLite cannot alter a CHECK, so the table is rebuilt with the current one, every row kept.
 */
function allowNewVerdicts(db: LocalDb): void {
  const row = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'script_reviews'").get() as
    | { sql: string }
    | undefined
  if (!row || row.sql.includes(VERDICT_LIST)) return
  db.transaction(() => {
    db.exec('ALTER TABLE script_reviews RENAME TO script_reviews_old; DROP INDEX IF EXISTS script_reviews_script;')
    db.exec(SCHEMA)
    db.exec('INSERT INTO script_reviews SELECT * FROM script_reviews_old; DROP TABLE script_reviews_old;')
  })()
}

/** Opens the store on first use, so a server that never touches it leaves no file behind. */
export function lazyStore(dataDir: string | ':memory:'): () => LocalDb {
  let db: LocalDb | undefined
  return () => (db ??= openLocalStore(dataDir))
}
