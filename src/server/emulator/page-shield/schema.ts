/** What a detected script and a detected connection both record (resource.ts ResourceRow). */
const RESOURCE_COLUMNS = `
    id TEXT PRIMARY KEY,
    zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    host TEXT NOT NULL,
    first_page_url TEXT NOT NULL,
    page_urls TEXT NOT NULL,
    status TEXT NOT NULL,
    added_at TEXT NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    url_contains_cdn_cgi_path INTEGER NOT NULL,
    domain_reported_malicious INTEGER NOT NULL,
    url_reported_malicious INTEGER NOT NULL,
    malicious_domain_categories TEXT NOT NULL,
    malicious_url_categories TEXT NOT NULL`

/** The scores of one analysis of a script's code (1–99, lower is worse). */
const SCORE_COLUMNS = `
    js_integrity_score INTEGER,
    malware_score INTEGER,
    magecart_score INTEGER,
    cryptomining_score INTEGER,
    dataflow_score INTEGER,
    obfuscation_score INTEGER`

/**
 * Page security tables. List columns carry JSON arrays (page URLs, threat categories) as text;
 * the page URL filter reads them with json_each. Indexes follow the filters and sorts of §5.2.
 */
export const pageShieldSchema = `
  CREATE TABLE IF NOT EXISTS page_shield_settings (
    zone_id TEXT PRIMARY KEY REFERENCES zones(id) ON DELETE CASCADE,
    enabled INTEGER NOT NULL,
    use_reporting_endpoint INTEGER NOT NULL,
    use_connection_url_path INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS page_shield_scripts (
${RESOURCE_COLUMNS},
    -- host of the page the script was first seen on (duplicates: same hash + host + page host)
    page_host TEXT NOT NULL,
    hash TEXT,
    fetched_at TEXT,
${SCORE_COLUMNS},
    -- 1 when a more recently seen script has the same hash, host and page host (exclude_duplicates)
    superseded INTEGER NOT NULL DEFAULT 0,
    -- 2 malicious by the integrity rule, 1 reported by threat feeds, 0 neither (prioritize_malicious)
    threat_rank INTEGER NOT NULL DEFAULT 0
  );
  -- Lists read these in order without sorting: one status (tabs), or every status (no status term).
  -- host and url ride along so host / URL filters and the counts never touch the table.
  CREATE INDEX IF NOT EXISTS ps_scripts_last ON page_shield_scripts(zone_id, status, url_contains_cdn_cgi_path, superseded, last_seen_at, host, url);
  CREATE INDEX IF NOT EXISTS ps_scripts_first ON page_shield_scripts(zone_id, status, url_contains_cdn_cgi_path, superseded, first_seen_at, host, url);
  CREATE INDEX IF NOT EXISTS ps_scripts_threat ON page_shield_scripts(zone_id, status, url_contains_cdn_cgi_path, superseded, threat_rank, last_seen_at);
  CREATE INDEX IF NOT EXISTS ps_scripts_any_last ON page_shield_scripts(zone_id, url_contains_cdn_cgi_path, superseded, last_seen_at, status, host, url);
  CREATE INDEX IF NOT EXISTS ps_scripts_any_threat ON page_shield_scripts(zone_id, url_contains_cdn_cgi_path, superseded, threat_rank, last_seen_at, status);
  CREATE INDEX IF NOT EXISTS ps_scripts_any_first ON page_shield_scripts(zone_id, url_contains_cdn_cgi_path, superseded, first_seen_at, status, host, url);
  -- Every script of a zone, newest first, whatever its status, /cdn-cgi/ path or duplicate (the script
  -- watch reads a zone whole, page after page): without it each page sorted the whole zone. The
  -- filter columns ride along so filtered lists keep the indexes above (equality on more columns).
  CREATE INDEX IF NOT EXISTS ps_scripts_everything_last ON page_shield_scripts(zone_id, last_seen_at DESC, url_contains_cdn_cgi_path, superseded, status);
  CREATE INDEX IF NOT EXISTS ps_scripts_host ON page_shield_scripts(zone_id, host);
  CREATE INDEX IF NOT EXISTS ps_scripts_dupes ON page_shield_scripts(zone_id, hash, host, page_host, last_seen_at);
  -- One row per page a script was seen on, for the page_url filter (the JSON column answers reads).
  -- page_url filter: the zone's distinct page URLs (a few hundred) are matched first, then joined to
  -- scripts by rowid (every index carries the rowid, so "rowid IN (…)" never reads the script table).
  CREATE TABLE IF NOT EXISTS page_shield_pages (
    id INTEGER PRIMARY KEY,
    zone_id TEXT NOT NULL,
    url TEXT NOT NULL,
    UNIQUE (zone_id, url)
  );
  CREATE TABLE IF NOT EXISTS page_shield_script_pages (
    page_id INTEGER NOT NULL,
    script_rowid INTEGER NOT NULL,
    PRIMARY KEY (page_id, script_rowid)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS page_shield_script_versions (
    script_id TEXT NOT NULL REFERENCES page_shield_scripts(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    hash TEXT,
    fetched_at TEXT,
${SCORE_COLUMNS},
    PRIMARY KEY (script_id, position)
  );
  CREATE TABLE IF NOT EXISTS page_shield_connections (
${RESOURCE_COLUMNS}
  );
  CREATE INDEX IF NOT EXISTS ps_connections_last ON page_shield_connections(zone_id, status, last_seen_at);
  CREATE TABLE IF NOT EXISTS page_shield_cookies (
    id TEXT PRIMARY KEY,
    zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    host TEXT NOT NULL,
    type TEXT NOT NULL,
    first_page_url TEXT NOT NULL,
    page_urls TEXT NOT NULL,
    first_seen_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    domain_attribute TEXT,
    path_attribute TEXT,
    expires_attribute TEXT,
    max_age_attribute INTEGER,
    http_only_attribute INTEGER NOT NULL,
    secure_attribute INTEGER NOT NULL,
    same_site_attribute TEXT
  );
  CREATE INDEX IF NOT EXISTS ps_cookies_last ON page_shield_cookies(zone_id, last_seen_at);
  CREATE TABLE IF NOT EXISTS page_shield_policies (
    id TEXT PRIMARY KEY,
    zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
    description TEXT NOT NULL,
    action TEXT NOT NULL,
    expression TEXT NOT NULL,
    enabled INTEGER NOT NULL,
    value TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS ps_policies_zone ON page_shield_policies(zone_id, created_at);
`

export const pageShieldTables = [
  'page_shield_script_versions',
  'page_shield_script_pages',
  'page_shield_pages',
  'page_shield_scripts',
  'page_shield_connections',
  'page_shield_cookies',
  'page_shield_policies',
  'page_shield_settings',
]
