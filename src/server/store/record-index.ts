import { sql, type Expression, type ExpressionBuilder, type Generated, type Kysely, type Migration, type Selectable, type SqlBool } from 'kysely'
import type { RecordSearchField } from '../../shared/search/record-search'
import type { Db } from './db'
import type { Dialect } from './dialect'
import { storeLease } from './lease'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/**
 * The DNS record index: one row per record of every zone the dashboard has read (by a person's page,
 * its own write, or the background reader, src/server/search), so one search covers every zone.
 * `owner` keeps the sandbox's records apart from the live account's (a DATA_DIR used both ways);
 * `account_id` is kept so a search can later span several accounts. Times are ms since the epoch.
 */
export interface RecordIndexTable {
  id: Generated<number>
  owner: string
  zone_id: string
  /** Lower case: zone scopes are lists of lower-case names (auth/actor.ts's inScope). */
  zone_name: string
  account_id: string
  record_id: string
  type: string
  name: string
  content: string
  /** 1, 0, or null when the type cannot be proxied (the API still says false: kept as it says). */
  proxied: number | null
  ttl: number
  comment: string
  /** The record's tags, one a line. */
  tags: string
  /** When this record was read (a page, a whole zone, or the dashboard's own write). */
  read_at: number
}

export interface RecordIndexZonesTable {
  owner: string
  zone_id: string
  zone_name: string
  account_id: string
  /** The last time every record of the zone was read at once; 0: never. */
  read_at: number
  /** Records of the zone in the index. */
  record_count: number
  /** The zone's `modified_on` from the zone list (ms), when known. */
  modified_at: number | null
  /** The last zone list that named it. */
  listed_at: number
}

/** The background reader's lease and how far it is (one row per owner). */
export interface RecordIndexReaderTable {
  owner: string
  lease_holder: string | null
  lease_until: number
  /** When the reader last read the whole zone list (0: never). */
  zones_listed_at: number
}

/** When the reader last read one account's whole zone list (through the credential that reaches it). */
export interface RecordIndexAccountsTable {
  owner: string
  account_id: string
  zones_listed_at: number
}

export interface RecordIndexTables {
  record_index: RecordIndexTable
  record_index_zones: RecordIndexZonesTable
  record_index_reader: RecordIndexReaderTable
  record_index_accounts: RecordIndexAccountsTable
}

export type IndexedRecord = Omit<Selectable<RecordIndexTable>, 'id'>
export type IndexedZone = Selectable<RecordIndexZonesTable>
/** A record as the index keeps it, without where it came from (the zone's own row says that). */
export type RecordFields = Pick<IndexedRecord, 'record_id' | 'type' | 'name' | 'content' | 'proxied' | 'ttl' | 'comment' | 'tags'>
export interface ZoneFields {
  zone_id: string
  zone_name: string
  account_id: string
  modified_at?: number | null
}

/** The fields a search reads: declared once with the route's query. */
export type SearchField = RecordSearchField

export interface RecordSearch {
  /** Searched for as a substring, any case. Empty: every record (the type filter alone). */
  text: string
  field: SearchField
  /** Exact record type (`A`, `CNAME`…), or undefined for any. */
  type?: string
  /** The zone names the person may see (lower case), or '*'; null: none outside `accounts`. */
  scope: '*' | readonly string[] | null
  /**
   * The person's grants of their own accounts (each replaces, in its account, the every-account
   * grant that `scope` then holds; `scope` is null when they have no every-account grant). Absent:
   * `scope` alone, in every account.
   */
  accounts?: readonly AccountScope[]
}

/** What a person may see in one account: every zone of it, or these zone names (lower case). */
export interface AccountScope {
  account_id: string
  zones: '*' | readonly string[]
  /** The zones were named for this account (its own grant): each counts in its coverage, read or not, known or not. */
  named?: boolean
}

/** What a search covered in one account. */
export interface AccountCoverage {
  account_id: string
  zones_in_scope: number
  zones_indexed: number
  zones_not_read: number
  oldest_read_at: number | null
}

export interface Coverage {
  /** Zones the person may see: their scope's names, or every zone the dashboard knows of. */
  zones_in_scope: number
  /** Of those, zones whose every record was read at least once. */
  zones_indexed: number
  zones_not_read: number
  /** The oldest whole read among the indexed zones (ms), null when none. */
  oldest_read_at: number | null
  /** The last time the reader read the account's zone list (ms), null when never. */
  zones_listed_at: number | null
}

/** Trigram search needs three characters: shorter terms are looked for by LIKE over the rows. */
const TRIGRAM = 3
const COLUMNS: Record<Exclude<SearchField, 'any'>, 'name' | 'content' | 'comment' | 'tags'> = { name: 'name', content: 'content', comment: 'comment', tag: 'tags' }
const CHUNK = 500
/** The columns of a page of matches. */
const PAGE_COLUMNS = ['owner', 'zone_id', 'zone_name', 'account_id', 'record_id', 'type', 'name', 'content', 'proxied', 'ttl', 'comment', 'tags', 'read_at'] as const

/**
 * "The row is in one of these accounts, and where the grant there names zones, one of those" (over
 * `r`, or the zones table unqualified). No account: nothing matches.
 */
const accountFilter = (accounts: readonly AccountScope[], table = 'r') => {
  const col = (c: string) => sql.ref(table ? `${table}.${c}` : c)
  const every = accounts.filter((a) => a.zones === '*').map((a) => a.account_id)
  const some = accounts.filter((a) => a.zones !== '*' && a.zones.length > 0)
  const parts = some.map((a) => sql`(${col('account_id')} = ${a.account_id} AND ${col('zone_name')} IN (${sql.join([...a.zones])}))`)
  if (every.length) parts.unshift(sql`${col('account_id')} IN (${sql.join(every)})`)
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` OR `)})` : sql<SqlBool>`1 = 0`
}

/**
 * A search's scope as SQL over `r`: in each account with a grant of its own, that grant's zones; in
 * every other account, the every-account grant's (`scope`; null: nothing there).
 */
const scopeFilter = (q: Pick<RecordSearch, 'scope' | 'accounts'>) => {
  const own = q.accounts ?? []
  const parts = own.length ? [accountFilter(own)] : []
  if (q.scope !== null) {
    const rest = []
    if (own.length) rest.push(sql`r.account_id NOT IN (${sql.join(own.map((a) => a.account_id))})`)
    if (q.scope !== '*') rest.push(sql`r.zone_name IN (${sql.join(q.scope.length ? [...q.scope] : [''])})`)
    parts.push(rest.length ? sql`(${sql.join(rest, sql` AND `)})` : sql`1 = 1`)
  }
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` OR `)})` : sql<SqlBool>`1 = 0`
}

/** `%term%` with LIKE's own characters escaped (with `\`). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`

/**
 * record-index_0001: the record rows, the zones, and the reader's lease. Substring search: SQLite
 * keeps an FTS5 table with the `trigram` tokenizer beside the rows (external content, kept in step by
 * triggers, so every write of a row updates it in the same statement); PostgreSQL keeps `pg_trgm` GIN
 * indexes on the searched columns (ILIKE uses them).
 */
export function recordIndexMigration(dialect: Dialect): Migration {
  const serial = dialect === 'postgres' ? sql`serial` : sql`integer`
  const bigint = sql`bigint`
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('record_index')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('zone_name', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('proxied', 'integer')
        .addColumn('ttl', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('read_at', bigint, (c) => c.notNull())
        .execute()
      await db.schema.createIndex('record_index_record').unique().on('record_index').columns(['owner', 'zone_id', 'record_id']).execute()
      // The order of a page of matches (zone, then name), and the scope's filter by zone name.
      await db.schema.createIndex('record_index_order').on('record_index').columns(['owner', 'zone_name', 'name', 'type', 'id']).execute()
      await db.schema.createIndex('record_index_type').on('record_index').columns(['owner', 'type']).execute()
      if (dialect === 'postgres') {
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db)
        for (const col of ['name', 'content', 'comment', 'tags']) {
          await sql`CREATE INDEX ${sql.raw(`record_index_${col}_trgm`)} ON record_index USING gin (${sql.ref(col)} gin_trgm_ops)`.execute(db)
        }
      } else {
        await sql`CREATE VIRTUAL TABLE record_index_fts USING fts5(name, content, comment, tags, content='record_index', content_rowid='id', tokenize='trigram')`.execute(db)
        const values = 'new.id, new.name, new.content, new.comment, new.tags'
        const drop = `INSERT INTO record_index_fts(record_index_fts, rowid, name, content, comment, tags) VALUES ('delete', old.id, old.name, old.content, old.comment, old.tags);`
        await sql.raw(`CREATE TRIGGER record_index_ai AFTER INSERT ON record_index BEGIN INSERT INTO record_index_fts(rowid, name, content, comment, tags) VALUES (${values}); END`).execute(db)
        await sql.raw(`CREATE TRIGGER record_index_ad AFTER DELETE ON record_index BEGIN ${drop} END`).execute(db)
        await sql
          .raw(
            `CREATE TRIGGER record_index_au AFTER UPDATE OF name, content, comment, tags ON record_index BEGIN ${drop} INSERT INTO record_index_fts(rowid, name, content, comment, tags) VALUES (${values}); END`,
          )
          .execute(db)
      }
      await db.schema
        .createTable('record_index_zones')
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('zone_name', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('read_at', bigint, (c) => c.notNull())
        .addColumn('record_count', 'integer', (c) => c.notNull())
        .addColumn('modified_at', bigint)
        .addColumn('listed_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('record_index_zones_pk', ['owner', 'zone_id'])
        .execute()
      await db.schema.createIndex('record_index_zones_name').on('record_index_zones').columns(['owner', 'zone_name']).execute()
      await db.schema
        .createTable('record_index_reader')
        .addColumn('owner', 'text', (c) => c.primaryKey())
        .addColumn('lease_holder', 'text')
        .addColumn('lease_until', bigint, (c) => c.notNull())
        .addColumn('zones_listed_at', bigint, (c) => c.notNull())
        .execute()
    },
  }
}

/**
 * record-index_0002: on SQLite, a narrow index of each row's id with the columns a search filters on
 * (owner, type, zone name). A count of a term with very many matches (a tag on a tenth of all rows)
 * checks each FTS5 match against those filters: read from this index, a check touches a few dense
 * pages instead of the whole wide row. PostgreSQL filters its trigram index's matches in a bitmap
 * heap scan and needs none.
 */
export function recordIndexSearchKeyMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'sqlite') await db.schema.createIndex('record_index_key').on('record_index').columns(['id', 'owner', 'type', 'zone_name']).execute()
    },
  }
}

/**
 * record-index_0003: the reader reads every account through the credential that reaches it, so the
 * time of the last whole zone list is kept per account; and on SQLite the narrow search key gains the
 * account (a search over several accounts filters on it, as on the zone name, without the wide row).
 */
export function recordIndexAccountsMigration(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('record_index_accounts')
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('zones_listed_at', sql`bigint`, (c) => c.notNull())
        .addPrimaryKeyConstraint('record_index_accounts_pk', ['owner', 'account_id'])
        .execute()
      await db.schema.createIndex('record_index_zones_account').on('record_index_zones').columns(['owner', 'account_id']).execute()
      if (dialect === 'sqlite') {
        await db.schema.dropIndex('record_index_key').execute()
        await db.schema.createIndex('record_index_key').on('record_index').columns(['id', 'owner', 'type', 'zone_name', 'account_id']).execute()
      }
    },
  }
}

/**
 * record-index_0004: one row per zone a "change them all" apply has reserved (its lease): two applies
 * of the same zone, on any instance, never read, plan and write at once (search/replace.ts, search/zone-reservation.ts).
 */
export function recordIndexReplaceMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('record_index_replace')
        .addColumn('zone_key', 'text', (c) => c.primaryKey())
        .addColumn('lease_holder', 'text')
        .addColumn('lease_until', sql`bigint`, (c) => c.notNull())
        .execute()
    },
  }
}

/**
 * A page of a term matched by many rows is read by walking the rows in page order (the
 * `record_index_order` index) and keeping the matches, instead of sorting every match for its first
 * 50: used when the rows walked for the page (about `(offset + limit) × rows ÷ matches`) stay within
 * this many times the matches a sort would read.
 */
const WALK_PER_MATCH = 8
/** Up to this many FTS5 matches, a search's count and page are read in one statement from them. */
const FEW_MATCHES = 5000

type Eb = ExpressionBuilder<{ r: RecordIndexTable } & Record<string, never>, 'r'>

/**
 * The record index's queries (see RecordIndexTable). Every write of a zone's records keeps the zone's
 * row in step (its count; a whole read, its time), so coverage is read from the zones alone.
 */
export function recordIndexStore(db: () => Promise<Db>, now: () => number, dialect: Dialect) {
  const lease = storeLease(db, now, {
    table: 'record_index_reader',
    key: 'owner',
    holder: 'lease_holder',
    until: 'lease_until',
    insert: () => ({ zones_listed_at: 0 }),
  })

  /** The condition "the searched field holds `text`" (any case). */
  const matches = (eb: Eb, text: string, field: SearchField): Expression<SqlBool> => {
    const cols = field === 'any' ? (['name', 'content', 'comment', 'tags'] as const) : [COLUMNS[field]]
    if (dialect === 'sqlite' && text.length >= TRIGRAM) {
      return eb('r.id', 'in', sql<number>`(SELECT rowid FROM record_index_fts WHERE record_index_fts MATCH ${ftsQuery(text, field)})`)
    }
    const pattern = likePattern(text)
    const op = dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`
    return eb.or(cols.map((c) => sql<SqlBool>`${sql.ref(`r.${c}`)} ${op} ${pattern} ESCAPE '\\'`))
  }

  const filtered = async (owner: string, q: RecordSearch) => {
    const d = await db()
    const text = q.text.trim()
    const trigram = dialect === 'sqlite' && text.length >= TRIGRAM
    // With a trigram search the FTS5 matches lead: `+owner` keeps SQLite's planner (which, without
    // statistics, takes the one-valued owner for a selective index) from walking every row in order
    // and probing the matches for each.
    let query = trigram ? d.selectFrom('record_index as r').where(sql`+${sql.ref('r.owner')}`, '=', owner) : d.selectFrom('record_index as r').where('r.owner', '=', owner)
    if (q.accounts?.length || q.scope === null) query = query.where(scopeFilter(q))
    else if (q.scope !== '*') query = query.where('r.zone_name', 'in', q.scope.length ? [...q.scope] : [''])
    if (q.type) query = query.where(trigram ? sql`+${sql.ref('r.type')}` : sql.ref('r.type'), '=', q.type)
    if (text) query = query.where((eb) => matches(eb as unknown as Eb, text, q.field))
    return query
  }

  /** The FTS5 query for a trigram search: the whole term as one phrase, in one column or all. */
  const ftsQuery = (text: string, field: SearchField) => {
    // With the trigram tokenizer, a phrase matches exactly the rows holding it as a substring.
    const phrase = `"${text.replace(/"/g, '""')}"`
    return field === 'any' ? phrase : `${COLUMNS[field]} : ${phrase}`
  }

  /** SQLite with a term of three characters or more: the FTS5 table finds the rows. */
  const byTrigram = (q: RecordSearch) => dialect === 'sqlite' && q.text.trim().length >= TRIGRAM

  /** The filters besides the term (owner, scope, type), as SQL over `r`. */
  const rowFilters = (owner: string, q: RecordSearch) => {
    const parts = [sql`r.owner = ${owner}`]
    if (q.accounts?.length || q.scope === null) parts.push(scopeFilter(q))
    else if (q.scope !== '*') parts.push(sql`r.zone_name IN (${sql.join(q.scope.length ? [...q.scope] : [''])})`)
    if (q.type) parts.push(sql`r.type = ${q.type}`)
    return sql.join(parts, sql` AND `)
  }

  const ftsRowids = (q: RecordSearch) => sql`(SELECT rowid FROM record_index_fts WHERE record_index_fts MATCH ${ftsQuery(q.text.trim(), q.field)})`

  /** The exact count of a trigram search: each FTS5 match checked against the filters in `record_index_key` (never the wide row). */
  const trigramCount = async (owner: string, q: RecordSearch) => {
    const r = await sql<{ n: number }>`SELECT count(*) AS n FROM record_index AS r INDEXED BY record_index_key WHERE r.id IN ${ftsRowids(q)} AND ${rowFilters(owner, q)}`.execute(await db())
    return Number(r.rows[0]?.n ?? 0)
  }

  /** A page of a trigram search with many matches: the rows walked in page order, matches kept, stopping at the page's end. */
  const trigramWalk = async (owner: string, q: RecordSearch, offset: number, limit: number) => {
    const r = await sql<IndexedRecord>`SELECT ${sql.join(PAGE_COLUMNS.map((c) => sql.ref(`r.${c}`)))} FROM record_index AS r INDEXED BY record_index_order
      WHERE ${rowFilters(owner, q)} AND +r.id IN ${ftsRowids(q)}
      ORDER BY r.zone_name, r.name, r.type, r.id LIMIT ${limit} OFFSET ${offset}`.execute(await db())
    return r.rows
  }

  /**
   * Count and page of a trigram search in one statement, when the FTS5 matches are few: they are read
   * once (at most FEW_MATCHES + 1 of them), counted against the filters and the page sorted from them.
   * Undefined when there are more: then the count and an ordered walk do better (see `page`).
   */
  const trigramFew = async (owner: string, q: RecordSearch, offset: number, limit: number) => {
    type Row = IndexedRecord & { hits: number; total: number; id: number | null }
    const r = await sql<Row>`WITH m(id) AS MATERIALIZED (SELECT rowid FROM record_index_fts WHERE record_index_fts MATCH ${ftsQuery(q.text.trim(), q.field)} LIMIT ${FEW_MATCHES + 1})
      SELECT (SELECT count(*) FROM m) AS hits,
        (SELECT count(*) FROM record_index AS r INDEXED BY record_index_key WHERE r.id IN m AND ${rowFilters(owner, q)}) AS total, p.*
      FROM (SELECT 1) LEFT JOIN (
        SELECT r.id AS id, ${sql.join(PAGE_COLUMNS.map((c) => sql.ref(`r.${c}`)))} FROM record_index AS r
        WHERE r.id IN m AND ${rowFilters(owner, q)} ORDER BY r.zone_name, r.name, r.type, r.id LIMIT ${limit} OFFSET ${offset}
      ) AS p ON 1
      ORDER BY p.zone_name, p.name, p.type, p.id`.execute(await db())
    const first = r.rows[0]
    if (!first || Number(first.hits) > FEW_MATCHES) return undefined
    const items = r.rows.filter((row) => row.id !== null).map(({ hits: _h, total: _t, id: _i, ...row }) => row as IndexedRecord)
    return { total: Number(first.total), items }
  }

  /** Sets a zone's row: name and account as now known, with `set` (its count, a whole read's time). */
  const putZone = async (d: Db, owner: string, z: ZoneFields, set: Partial<Pick<IndexedZone, 'read_at' | 'record_count'>>) => {
    await d
      .insertInto('record_index_zones')
      .values({ owner, zone_id: z.zone_id, zone_name: z.zone_name, account_id: z.account_id, read_at: 0, record_count: 0, modified_at: z.modified_at ?? null, listed_at: 0, ...set })
      .onConflict((oc) =>
        oc.columns(['owner', 'zone_id']).doUpdateSet((eb) => ({
          zone_name: eb.ref('excluded.zone_name'),
          account_id: eb.ref('excluded.account_id'),
          ...(z.modified_at !== undefined ? { modified_at: eb.ref('excluded.modified_at') } : {}),
          ...set,
        })),
      )
      .execute()
  }

  const recount = async (d: Db, owner: string, zoneId: string) => {
    const n = d.selectFrom('record_index').select((eb) => eb.fn.countAll<number>().as('n')).where('owner', '=', owner).where('zone_id', '=', zoneId)
    await d.updateTable('record_index_zones').set({ record_count: n }).where('owner', '=', owner).where('zone_id', '=', zoneId).execute()
  }

  const rowsOf = (owner: string, z: ZoneFields, records: readonly RecordFields[], at: number): IndexedRecord[] =>
    records.map((r) => ({ ...r, owner, zone_id: z.zone_id, zone_name: z.zone_name.toLowerCase(), account_id: z.account_id, read_at: at }))

  const upsertRows = async (d: Db, rows: readonly IndexedRecord[]) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await d
        .insertInto('record_index')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['owner', 'zone_id', 'record_id']).doUpdateSet((eb) => ({
            zone_name: eb.ref('excluded.zone_name'),
            account_id: eb.ref('excluded.account_id'),
            type: eb.ref('excluded.type'),
            name: eb.ref('excluded.name'),
            content: eb.ref('excluded.content'),
            proxied: eb.ref('excluded.proxied'),
            ttl: eb.ref('excluded.ttl'),
            comment: eb.ref('excluded.comment'),
            tags: eb.ref('excluded.tags'),
            read_at: eb.ref('excluded.read_at'),
          }))
          // A read that began before a newer sighting (a write's answer meanwhile) does not undo it.
          .where('record_index.read_at', '<=', (eb) => eb.ref('excluded.read_at')),
        )
        .execute()
    }
  }

  const lower = (z: ZoneFields): ZoneFields => ({ ...z, zone_name: z.zone_name.toLowerCase() })

  return {
    /**
     * Every record of a zone, read at `at`: the zone's rows become exactly these (records gone from the
     * zone go), and the zone counts as read whole as of `at`. One transaction: a search never sees half.
     */
    async replaceZone(owner: string, zone: ZoneFields, records: readonly RecordFields[], at: number): Promise<void> {
      const z = lower(zone)
      await (await db()).transaction().execute(async (tx) => {
        // Rows seen after this read began (the dashboard's own write meanwhile) stay.
        await tx.deleteFrom('record_index').where('owner', '=', owner).where('zone_id', '=', z.zone_id).where('read_at', '<=', at).execute()
        await upsertRows(tx, rowsOf(owner, z, records, at))
        await putZone(tx, owner, z, { read_at: at })
        await recount(tx, owner, z.zone_id)
      })
    },

    /** Some records of a zone as just seen (a page, a write's answer): added or updated, nothing else of the zone changes. */
    async upsertRecords(owner: string, zone: ZoneFields, records: readonly RecordFields[], at: number): Promise<void> {
      const z = lower(zone)
      await (await db()).transaction().execute(async (tx) => {
        await upsertRows(tx, rowsOf(owner, z, records, at))
        await putZone(tx, owner, z, {})
        await recount(tx, owner, z.zone_id)
      })
    },

    /** Records deleted from a zone (by the dashboard's own write). */
    async removeRecords(owner: string, zoneId: string, recordIds: readonly string[]): Promise<void> {
      if (!recordIds.length) return
      await (await db()).transaction().execute(async (tx) => {
        for (let i = 0; i < recordIds.length; i += CHUNK) {
          await tx.deleteFrom('record_index').where('owner', '=', owner).where('zone_id', '=', zoneId).where('record_id', 'in', recordIds.slice(i, i + CHUNK)).execute()
        }
        await recount(tx, owner, zoneId)
      })
    },

    /** A zone's records changed in a way the index cannot follow (an import): read it again first. */
    async markUnread(owner: string, zoneId: string): Promise<void> {
      await (await db()).updateTable('record_index_zones').set({ read_at: 0 }).where('owner', '=', owner).where('zone_id', '=', zoneId).execute()
    },

    /**
     * Everything the index read of `owner` before `at` no longer holds (the sandbox reset to its demo
     * data): those rows go, every zone counts as not read and every zone list as not read, so the
     * search says "not read yet" instead of answering from records that may be gone. Rows written
     * after `at` (a write answered since) stay.
     */
    async forgetReads(owner: string, at: number): Promise<void> {
      await (await db()).transaction().execute(async (tx) => {
        await tx.deleteFrom('record_index').where('owner', '=', owner).where('read_at', '<=', at).execute()
        await tx.updateTable('record_index_zones').set({ read_at: 0 }).where('owner', '=', owner).execute()
        await tx.updateTable('record_index_reader').set({ zones_listed_at: 0 }).where('owner', '=', owner).execute()
        await tx.updateTable('record_index_accounts').set({ zones_listed_at: 0 }).where('owner', '=', owner).execute()
        // One statement for every zone (20,000 in the large account), not one each.
        await tx
          .updateTable('record_index_zones')
          .set((eb) => ({
            record_count: eb
              .selectFrom('record_index')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('record_index.owner', '=', 'record_index_zones.owner')
              .whereRef('record_index.zone_id', '=', 'record_index_zones.zone_id'),
          }))
          .where('owner', '=', owner)
          .execute()
      })
    },

    async zone(owner: string, zoneId: string): Promise<IndexedZone | undefined> {
      return (await db()).selectFrom('record_index_zones').selectAll().where('owner', '=', owner).where('zone_id', '=', zoneId).executeTakeFirst()
    },

    /** Zones as a zone list named them (their name, account and `modified_on`), listed at `at`. */
    async putZones(owner: string, zones: readonly ZoneFields[], at: number): Promise<void> {
      if (!zones.length) return
      const d = await db()
      for (let i = 0; i < zones.length; i += CHUNK) {
        await d
          .insertInto('record_index_zones')
          .values(zones.slice(i, i + CHUNK).map((z) => ({ owner, zone_id: z.zone_id, zone_name: z.zone_name.toLowerCase(), account_id: z.account_id, read_at: 0, record_count: 0, modified_at: z.modified_at ?? null, listed_at: at })))
          .onConflict((oc) =>
            oc.columns(['owner', 'zone_id']).doUpdateSet((eb) => ({
              zone_name: eb.ref('excluded.zone_name'),
              account_id: eb.ref('excluded.account_id'),
              modified_at: eb.ref('excluded.modified_at'),
              listed_at: eb.ref('excluded.listed_at'),
            })),
          )
          .execute()
      }
    },

    /**
     * After a whole zone list read at `listedAt`: zones it no longer names are gone, with their
     * records. With `account`, the list was that account's alone: only its zones can be gone.
     */
    async dropZonesNotListed(owner: string, listedAt: number, account?: string): Promise<void> {
      await (await db()).transaction().execute(async (tx) => {
        let gone = tx.selectFrom('record_index_zones').select('zone_id').where('owner', '=', owner).where('listed_at', '<', listedAt)
        if (account !== undefined) gone = gone.where('account_id', '=', account)
        await tx.deleteFrom('record_index').where('owner', '=', owner).where('zone_id', 'in', gone).execute()
        let zones = tx.deleteFrom('record_index_zones').where('owner', '=', owner).where('listed_at', '<', listedAt)
        if (account !== undefined) zones = zones.where('account_id', '=', account)
        await zones.execute()
        if (account === undefined) await tx.updateTable('record_index_reader').set({ zones_listed_at: listedAt }).where('owner', '=', owner).execute()
        else
          await tx
            .insertInto('record_index_accounts')
            .values({ owner, account_id: account, zones_listed_at: listedAt })
            .onConflict((oc) => oc.columns(['owner', 'account_id']).doUpdateSet({ zones_listed_at: listedAt }))
            .execute()
      })
    },

    /** When each account's whole zone list was last read (by account id). */
    async accountsListedAt(owner: string): Promise<Map<string, number>> {
      const rows = await (await db()).selectFrom('record_index_accounts').select(['account_id', 'zones_listed_at']).where('owner', '=', owner).execute()
      return new Map(rows.map((r) => [r.account_id, Number(r.zones_listed_at)]))
    },

    /**
     * The zones to read next: never read first (most recently modified first), then those modified
     * since their last read, then the longest unread; with `readBefore`, a zone neither never read
     * nor modified since is read again only once its last whole read is no later than that.
     */
    async nextZones(owner: string, limit: number, only: { readBefore?: number; accounts?: readonly string[] } = {}): Promise<IndexedZone[]> {
      const { readBefore, accounts } = only
      const d = await db()
      const rank = sql<number>`CASE WHEN read_at = 0 THEN 0 WHEN modified_at IS NOT NULL AND modified_at > read_at THEN 1 ELSE 2 END`
      let query = d.selectFrom('record_index_zones').selectAll().where('owner', '=', owner)
      if (readBefore !== undefined)
        query = query.where((eb) => eb.or([eb('read_at', '=', 0), eb.and([eb('modified_at', 'is not', null), eb('modified_at', '>', eb.ref('read_at'))]), eb('read_at', '<=', readBefore)]))
      // Only zones of accounts the reader can reach now (another's zones would be refused).
      if (accounts) query = query.where('account_id', 'in', accounts.length ? [...accounts] : [''])
      return query
        .orderBy(rank)
        .orderBy(sql`CASE WHEN read_at = 0 OR (modified_at IS NOT NULL AND modified_at > read_at) THEN -COALESCE(modified_at, 0) ELSE read_at END`)
        .orderBy('zone_id')
        .limit(limit)
        .execute()
    },

    async readerState(owner: string): Promise<Selectable<RecordIndexReaderTable> | undefined> {
      return (await db()).selectFrom('record_index_reader').selectAll().where('owner', '=', owner).executeTakeFirst()
    },

    /** The background reader's lease (one reader per owner across instances): the store's one lease (lease.ts). */
    lease,

    /** How many records match (exact, over the index). */
    async count(owner: string, q: RecordSearch): Promise<number> {
      if (byTrigram(q)) return trigramCount(owner, q)
      const r = await (await filtered(owner, q)).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      return Number(r.n)
    },

    /**
     * One page of the matches, by zone, name, type. `total`, the matches' count when the caller has it
     * (`count`), lets a term with very many matches be read in page order without sorting them all.
     */
    async search(owner: string, q: RecordSearch, offset: number, limit: number, total?: number): Promise<IndexedRecord[]> {
      if (total !== undefined && byTrigram(q)) {
        if (total <= offset) return []
        // The highest id bounds the rows to walk (the index only grows at its end; gaps make it an overestimate).
        const top = await sql<{ n: number | null }>`SELECT max(id) AS n FROM record_index`.execute(await db())
        const rows = Number(top.rows[0]?.n ?? 0)
        if ((offset + limit) * rows <= WALK_PER_MATCH * total * total) return trigramWalk(owner, q, offset, limit)
      }
      return (await filtered(owner, q))
        .select(PAGE_COLUMNS.map((c) => `r.${c}` as const))
        .orderBy('r.zone_name')
        .orderBy('r.name')
        .orderBy('r.type')
        .orderBy('r.id')
        .offset(offset)
        .limit(limit)
        .execute()
    },

    /** A page of matches and their exact count (the route's answer): on SQLite, the matches read once when they are few. */
    async page(owner: string, q: RecordSearch, offset: number, limit: number): Promise<{ total: number; items: IndexedRecord[] }> {
      if (byTrigram(q)) {
        const few = await trigramFew(owner, q, offset, limit)
        if (few) return few
      }
      const total = await this.count(owner, q)
      return { total, items: await this.search(owner, q, offset, limit, total) }
    },

    /** What a search over `scope` covers (see Coverage). */
    async coverage(owner: string, scope: '*' | readonly string[]): Promise<Coverage> {
      const d = await db()
      let query = d
        .selectFrom('record_index_zones')
        .select((eb) => [
          eb.fn.countAll<number>().as('known'),
          sql<number>`SUM(CASE WHEN read_at > 0 THEN 1 ELSE 0 END)`.as('indexed'),
          sql<number | null>`MIN(CASE WHEN read_at > 0 THEN read_at END)`.as('oldest'),
        ])
        .where('owner', '=', owner)
      if (scope !== '*') query = query.where('zone_name', 'in', scope.length ? [...scope] : [''])
      const [r, reader] = await Promise.all([query.executeTakeFirstOrThrow(), d.selectFrom('record_index_reader').select('zones_listed_at').where('owner', '=', owner).executeTakeFirst()])
      const indexed = Number(r.indexed ?? 0)
      const inScope = scope === '*' ? Number(r.known) : new Set(scope).size
      return {
        zones_in_scope: inScope,
        zones_indexed: indexed,
        zones_not_read: Math.max(0, inScope - indexed),
        oldest_read_at: r.oldest === null || r.oldest === undefined ? null : Number(r.oldest),
        zones_listed_at: reader?.zones_listed_at ? reader.zones_listed_at : null,
      }
    },

    /**
     * What a search covers in each account the person may see there: every zone of the account the
     * dashboard knows of (its grant there is every zone), or the names its grant lists (counted
     * whether the index knows them or not: a zone never read is "not read yet").
     */
    async coverageByAccount(owner: string, accounts: readonly AccountScope[]): Promise<AccountCoverage[]> {
      if (!accounts.length) return []
      const rows = await (await db())
        .selectFrom('record_index_zones')
        .select((eb) => [
          'account_id',
          eb.fn.countAll<number>().as('known'),
          sql<number>`SUM(CASE WHEN read_at > 0 THEN 1 ELSE 0 END)`.as('indexed'),
          sql<number | null>`MIN(CASE WHEN read_at > 0 THEN read_at END)`.as('oldest'),
        ])
        .where('owner', '=', owner)
        .where(accountFilter(accounts, ''))
        .groupBy('account_id')
        .execute()
      const by = new Map(rows.map((r) => [r.account_id, r]))
      return accounts.map((a) => {
        const r = by.get(a.account_id)
        const indexed = Number(r?.indexed ?? 0)
        const inScope = a.zones !== '*' && a.named ? new Set(a.zones).size : Number(r?.known ?? 0)
        return {
          account_id: a.account_id,
          zones_in_scope: inScope,
          zones_indexed: indexed,
          zones_not_read: Math.max(0, inScope - indexed),
          oldest_read_at: r?.oldest === null || r?.oldest === undefined ? null : Number(r.oldest),
        }
      })
    },
  }
}
