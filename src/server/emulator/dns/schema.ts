/**
 * DNS tables. Names are stored as lower-case FQDNs; content in its saved (normalised) form.
 * Indexes serve the list's filters and every order (type, name, content, ttl, proxied); the
 * implicit rowid ends each index, so "ORDER BY <col>, rowid" needs no sort step.
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
    tags_modified_on TEXT
  );
  CREATE INDEX IF NOT EXISTS dns_records_zone_type ON dns_records(zone_id, type, name);
  CREATE INDEX IF NOT EXISTS dns_records_zone_name ON dns_records(zone_id, name, type);
  CREATE INDEX IF NOT EXISTS dns_records_zone_content ON dns_records(zone_id, content);
  CREATE INDEX IF NOT EXISTS dns_records_zone_ttl ON dns_records(zone_id, ttl);
  CREATE INDEX IF NOT EXISTS dns_records_zone_proxied ON dns_records(zone_id, proxied);
  CREATE TABLE IF NOT EXISTS dns_record_tags (
    record_id TEXT NOT NULL REFERENCES dns_records(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    value TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS dns_record_tags_record ON dns_record_tags(record_id);
  CREATE INDEX IF NOT EXISTS dns_record_tags_name ON dns_record_tags(name, value);
`
