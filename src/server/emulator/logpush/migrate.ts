import type { Db } from '../module'

/**
 * Log jobs belong to a zone or to an account. Brings a sandbox file from before account jobs
 * (zone_id NOT NULL, no account_id) up to date by rebuilding the table; ids and the id sequence are
 * kept. Idempotent; runs before the seed and at start-up.
 */
export function migrateLogpush(db: Db): void {
  const columns = db.prepare('PRAGMA table_info(logpush_jobs)').all() as { name: string }[]
  if (!columns.some((c) => c.name === 'account_id')) {
    const names = columns.map((c) => c.name)
    const ddl = (
      db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'logpush_jobs'").get() as { sql: string }
    ).sql
    const rebuilt = ddl
      .replace(/CREATE TABLE\s+(IF NOT EXISTS\s+)?"?logpush_jobs"?/i, 'CREATE TABLE logpush_jobs_new')
      .replace(
        /zone_id TEXT NOT NULL REFERENCES zones\(id\) ON DELETE CASCADE,/i,
        (m) => `${m.replace(' NOT NULL', '')}\n      account_id TEXT REFERENCES accounts(id) ON DELETE CASCADE,`,
      )
    db.pragma('foreign_keys = OFF')
    try {
      db.transaction(() => {
        // Job ids are never reused: carry the AUTOINCREMENT counter over to the new table.
        const seq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'logpush_jobs'").get() as { seq: number } | undefined
        db.exec(rebuilt)
        db.exec(`INSERT INTO logpush_jobs_new (${names.join(', ')}) SELECT ${names.join(', ')} FROM logpush_jobs`)
        db.exec('DROP TABLE logpush_jobs')
        db.exec('ALTER TABLE logpush_jobs_new RENAME TO logpush_jobs')
        if (seq) db.prepare("UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = 'logpush_jobs'").run(seq.seq)
      })()
    } finally {
      db.pragma('foreign_keys = ON')
    }
  }
  db.exec('CREATE INDEX IF NOT EXISTS logpush_jobs_zone ON logpush_jobs(zone_id)')
  db.exec('CREATE INDEX IF NOT EXISTS logpush_jobs_account ON logpush_jobs(account_id)')
}
