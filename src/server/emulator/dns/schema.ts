import type { Db } from '../module'

/**
 * DNS tables. Names are stored as lower-case FQDNs; content in its saved (normalised) form.
 * Indexes serve the list's filters and every order (type, name, content, ttl, proxied); the
 * implicit rowid ends each index, so "ORDER BY <col>, rowid" needs no sort step. Filters on
 * indexed columns count matches from the index alone (no table reads): that keeps a filtered count
 * over 10,000 records near a millisecond. `search_text` (type, name, content, comment, tags) serves
 * the free-text `search` the same way.
 */
export const dnsSchema = `
  CREATE TABLE IF NOT EXISTS dns_records (
    id TEXT PRIMARY KEY,
    zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    name TEXT NOT NULL,
    content TEXT NOT NULL,
    priority INTEGER,
    data TEXT,
    proxied INTEGER NOT NULL DEFAULT 0,
    proxiable INTEGER NOT NULL DEFAULT 0,
    ttl INTEGER NOT NULL DEFAULT 1,
    comment TEXT,
    tags TEXT NOT NULL DEFAULT '[]',
    settings TEXT NOT NULL DEFAULT '{}',
    meta TEXT NOT NULL DEFAULT '{}',
    created_on TEXT NOT NULL,
    modified_on TEXT NOT NULL,
    comment_modified_on TEXT,
    tags_modified_on TEXT,
    search_text TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX IF NOT EXISTS dns_records_zone_type ON dns_records(zone_id, type, name);
  CREATE INDEX IF NOT EXISTS dns_records_zone_name ON dns_records(zone_id, name, type);
  CREATE INDEX IF NOT EXISTS dns_records_zone_content ON dns_records(zone_id, content);
  CREATE INDEX IF NOT EXISTS dns_records_zone_ttl ON dns_records(zone_id, ttl);
  CREATE INDEX IF NOT EXISTS dns_records_zone_proxied ON dns_records(zone_id, proxied);
  CREATE INDEX IF NOT EXISTS dns_records_zone_id ON dns_records(zone_id, id);
  CREATE INDEX IF NOT EXISTS dns_records_zone_comment ON dns_records(zone_id, comment);
  CREATE TABLE IF NOT EXISTS dns_record_tags (
    record_id TEXT NOT NULL REFERENCES dns_records(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    value TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS dns_record_tags_record ON dns_record_tags(record_id);
  CREATE INDEX IF NOT EXISTS dns_record_tags_name ON dns_record_tags(name, value, record_id);
`

/**
 * Brings a sandbox file created before `search_text` existed up to date, and creates the index on it
 * (kept out of the DDL above, which must also run on such older files). Idempotent; runs before the
 * seed and at start-up.
 */
export function migrateDns(db: Db): void {
  const columns = db.prepare('PRAGMA table_info(dns_records)').all() as { name: string }[]
  if (!columns.some((c) => c.name === 'search_text')) {
    db.exec("ALTER TABLE dns_records ADD COLUMN search_text TEXT NOT NULL DEFAULT ''")
    db.exec(`UPDATE dns_records SET search_text = ${SEARCH_TEXT_SQL}`)
  }
  db.exec('CREATE INDEX IF NOT EXISTS dns_records_zone_search ON dns_records(zone_id, search_text)')
}

/** What `search` looks through, as SQL over a row (the same text searchText() builds in JS). */
const SEARCH_TEXT_SQL = "type || ' ' || name || ' ' || content || ' ' || IFNULL(comment, '') || ' ' || tags"

export const searchText = (r: { type: string; name: string; content: string; comment: string | null; tags: string }) =>
  `${r.type} ${r.name} ${r.content} ${r.comment ?? ''} ${r.tags}`
