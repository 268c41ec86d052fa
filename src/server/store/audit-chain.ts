import { createHash, createHmac } from 'node:crypto'
import { SqliteAdapter, type Insertable } from 'kysely'
import type { AuditChainView } from '../../shared/schemas/local'
import type { AuditTable } from './audit-schema'
import type { Db } from './db'

/** The hash before the first entry (and the anchor of a chain nothing was pruned from). */
export const GENESIS = '0'.repeat(64)

/** The columns an entry's hash covers, in this order (every column but the hash itself). */
export const CHAINED_COLUMNS = [
  'id', 'at', 'request_id', 'person_id', 'username', 'person_name', 'mode', 'zone_id', 'zone_name', 'area',
  'resource_type', 'resource_id', 'action', 'method', 'path', 'outcome', 'status', 'errors', 'before', 'after',
  'undo_of', 'restore_point', 'token_prefix', 'label', 'address', 'prev_hash', 'account',
] as const
/**
 * Columns added after entries were chained: hashed only when set, so the entries written before
 * them keep their hashes (a null there is hashed as nothing), while setting, changing or clearing
 * one on any entry still changes what its hash covers.
 */
const HASHED_WHEN_SET = new Set<string>(['account'])
const NUMBERS = new Set(['id', 'at', 'status', 'undo_of'])

/**
 * SHA-256 over the previous entry's hash and every column of the row, each as name, kind and length
 * before its text (so no two different rows can be written as the same bytes). Numbers are hashed
 * as decimal text: SQLite and PostgreSQL give the same hash for the same entry.
 */
export function entryHash(prevHash: string, row: Record<string, unknown>): string {
  const h = createHash('sha256')
  h.update(`zonekeeper-audit-v1\n${prevHash}\n`)
  for (const column of CHAINED_COLUMNS) {
    const v = row[column]
    if (v === null || v === undefined) {
      if (HASHED_WHEN_SET.has(column)) continue
      h.update(`${column}:null\n`)
      continue
    }
    const text = NUMBERS.has(column) ? String(Number(v)) : String(v)
    h.update(`${column}:${Buffer.byteLength(text)}:`)
    h.update(text)
    h.update('\n')
  }
  return h.digest('hex')
}

type Values = Omit<Insertable<AuditTable>, 'prev_hash' | 'hash' | 'mac'>

/**
 * The audit key (AUDIT_CHAIN_KEY or AUDIT_CHAIN_KEY_FILE), held outside the database. Someone who can
 * write the database can recompute plain SHA-256 hashes after changing or dropping entries; they
 * cannot compute an HMAC without the key. Each entry's hash and the chain's head are signed with it.
 */
export type ChainKey = Buffer | string

/** An entry's signature: over its hash, which already covers the entry and everything before it. */
export const entryMac = (key: ChainKey, hash: string) => createHmac('sha256', key).update(`zonekeeper-audit-entry-v1\n${hash}`).digest('hex')

interface HeadFields {
  last_id: number
  hash: string
  anchor_id: number
  anchor_hash: string
  keyed_from: number | null
}

/**
 * The head's signature: its newest entry, its anchor and where signing began. Removing the newest
 * entries, or rewinding the anchor as if retention had pruned, changes one of them; so does
 * setting `keyed_from` to null to pass the signed entries off as written before the key.
 */
export function headMac(key: ChainKey, h: HeadFields): string {
  const from = h.keyed_from === null ? 'null' : String(Number(h.keyed_from))
  return createHmac('sha256', key)
    .update(`zonekeeper-audit-head-v1\n${Number(h.last_id)}\n${h.hash}\n${Number(h.anchor_id)}\n${h.anchor_hash}\n${from}`)
    .digest('hex')
}

/**
 * Appends one entry to the chain. The transaction's first statement writes the chain's head row: in
 * PostgreSQL that locks the row until commit (every other instance's append waits for it, as with
 * SELECT … FOR UPDATE), in SQLite it takes the database's write lock. So the previous hash read
 * there is the newest, and no two entries ever name the same previous entry.
 */
export function appendChained(db: Db, values: Values, key?: ChainKey): Promise<number> {
  if (values.mode === PRACTICE) return appendUnchained(db, values)
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return appendInTransaction(db, values, key)
  // better-sqlite3 waits for a busy database synchronously, blocking the thread: a second store on
  // the same file in this process (two app instances in one test, the CLI in a test) would wait
  // for a transaction that cannot go on until it stops waiting. Appends in this process take turns;
  // other processes still wait for SQLite's own lock, which is what decides between them.
  const turn = sqliteAppends.then(() => appendInTransaction(db, values, key))
  sqliteAppends = turn.catch(() => undefined)
  return turn
}

let sqliteAppends: Promise<unknown> = Promise.resolve()

/**
 * Practice entries stay out of the chain: they record a person's changes to their
 * own practice copy, not to anything an auditor answers for, and a practice reset removes them with
 * the copy. They carry no hash, and the chain neither links nor counts them.
 */
export const PRACTICE = 'practice'

async function appendUnchained(db: Db, values: Values): Promise<number> {
  const { id } = await db.insertInto('audit_log').values({ ...values, prev_hash: null, hash: null }).returning('id').executeTakeFirstOrThrow()
  return Number(id)
}

async function appendInTransaction(db: Db, values: Values, key: ChainKey | undefined): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const head = await trx
      .updateTable('audit_chain')
      .set((eb) => ({ appends: eb('appends', '+', 1) }))
      .where('id', '=', 1)
      .returning(['hash', 'anchor_id', 'anchor_hash', 'keyed_from'])
      .executeTakeFirstOrThrow()
    const prev = head.hash
    const { id } = await trx.insertInto('audit_log').values({ ...values, prev_hash: prev, hash: null }).returning('id').executeTakeFirstOrThrow()
    const hash = entryHash(prev, { ...values, id, prev_hash: prev })
    // Without the key an entry goes unsigned; on a signed chain verify then names it (every instance needs the key).
    await trx.updateTable('audit_log').set({ hash, mac: key ? entryMac(key, hash) : null }).where('id', '=', id).execute()
    const next: HeadFields = { ...head, last_id: Number(id), hash, keyed_from: key ? (head.keyed_from ?? Number(id)) : head.keyed_from }
    await trx
      .updateTable('audit_chain')
      .set({ hash, last_id: id, keyed_from: next.keyed_from, mac: key ? headMac(key, next) : null })
      .where('id', '=', 1)
      .execute()
    return Number(id)
  })
}

/**
 * Signs the head with the key at start-up, so that signing starts now rather than at the next
 * write (entries before `keyed_from` stay covered by their plain hashes only). A head that is
 * signed already is left alone, and so is one whose signature does not match: re-signing would
 * launder a change made meanwhile. Returns what it found.
 */
export async function sealChain(db: Db, key: ChainKey): Promise<'signed' | 'already' | 'mismatch'> {
  return db.transaction().execute(async (trx) => {
    const head = await trx
      .updateTable('audit_chain')
      .set((eb) => ({ appends: eb('appends', '+', 0) }))
      .where('id', '=', 1)
      .returning(['hash', 'last_id', 'anchor_id', 'anchor_hash', 'keyed_from', 'mac'])
      .executeTakeFirstOrThrow()
    if (head.keyed_from !== null) return head.mac === headMac(key, head) ? 'already' : 'mismatch'
    const next = { ...head, keyed_from: Number(head.last_id) + 1 }
    await trx.updateTable('audit_chain').set({ keyed_from: next.keyed_from, mac: headMac(key, next) }).where('id', '=', 1).execute()
    return 'signed'
  })
}

/** The walk of the chain: what GET /api/local/audit/chain answers (the shared view), and what the CLI and tests read besides. */
export interface ChainReport extends AuditChainView {
  /** Checked with the audit key: the first entry its signatures cover (null: checked without the key). */
  signedFrom: number | null
  maliciousFirst?: boolean
}

export interface VerifyOptions {
  /** Checks every signature with it, and the head's. */
  key?: ChainKey
  /** A head exported earlier (`npm run audit -- head`): that entry must still be in the chain with that hash. */
  expect?: { id: number; hash: string }
}

const VERIFY_BATCH = 25

/**
 * Walks the chain from its anchor to the head as read at the start (entries added meanwhile are
 * left for the next walk), recomputing every hash. Names the first entry whose link or content does
 * not match; a head that no entry reaches means the newest entries were removed.
 */
export async function verifyChain(db: Db, options: VerifyOptions = {}): Promise<ChainReport> {
  const { key, expect } = options
  const head = await db.selectFrom('audit_chain').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()
  let prev = head.anchor_hash
  let lastId = Number(head.anchor_id)
  let verified: number | null = null
  let checked = 0
  let expectSeen = false
  const signedFrom = key && head.keyed_from !== null ? Number(head.keyed_from) : null
  const report = (brokenAt: number | null, reason: string | null): ChainReport => ({
    ok: brokenAt === null && reason === null,
    checked,
    verifiedUpTo: verified,
    brokenAt,
    reason,
    anchorId: Number(head.anchor_id),
    signedFrom,
  })

  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '>', lastId)
      .where('id', '<=', Number(head.last_id))
      // Unchained practice entries (no hash) are no link of the chain; chained ones (written before
      // practice entries left the chain) still are.
      .where((eb) => eb.or([eb('mode', '!=', PRACTICE), eb('hash', 'is not', null)]))
      .orderBy('id')
      .limit(VERIFY_BATCH)
      .execute()
    if (!rows.length) break
    for (const row of rows) {
      const id = Number(row.id)
      if (row.prev_hash !== prev) return report(id, `Entry ${id} does not follow the entry before it: an entry before it was removed or changed.`)
      const hash = entryHash(prev, row)
      if (row.hash !== hash) return report(id, `Entry ${id} was changed after it was written: its content does not match its hash.`)
      if (signedFrom !== null && id >= signedFrom && row.mac !== entryMac(key!, hash)) {
        return report(id, `Entry ${id} does not carry the audit key's signature: it was changed and the hashes recomputed, or it was written without the key.`)
      }
      if (expect && id === expect.id) {
        if (hash !== expect.hash) return report(id, `Entry ${id} does not match the exported head: it, or an entry before it, was changed and the hashes recomputed.`)
        expectSeen = true
      }
      prev = hash
      lastId = id
      verified = id
      checked++
    }
    // A slice at a time: other requests get their turn between them.
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  if (prev !== head.hash || lastId !== Number(head.last_id)) {
    return report(lastId === Number(head.last_id) ? lastId : null, `The newest entries (after entry ${lastId}, up to ${head.last_id}) were removed.`)
  }
  // The head last: a broken entry is named first, where it can be.
  if (key && (head.keyed_from === null || head.mac === null)) {
    return report(null, 'The chain\'s head carries no signature of the audit key: no server with the key has started on this store yet, the signature was removed, or an instance without the key wrote last.')
  }
  if (key && head.mac !== headMac(key, head)) {
    return report(null, 'The chain\'s head does not match its signature: its newest entries were removed, or the head was rewritten.')
  }
  // An exported head older than retention's anchor cannot be checked here (its entry was pruned).
  if (expect && !expectSeen && expect.id > Number(head.anchor_id)) {
    return report(null, `Entry ${expect.id} of the exported head is no longer in the chain: it, or the entries after it, were removed.`)
  }
  return report(null, null)
}

/**
 * Retention: removes the oldest entries (all older than `before`, up to the first one that is not),
 * and records a checkpoint with the last removed entry's hash, so the remaining chain still verifies.
 */
export async function pruneChain(db: Db, before: number, now: number, key?: ChainKey): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('audit_chain').set((eb) => ({ appends: eb('appends', '+', 0) })).where('id', '=', 1).execute()
    const firstKept = await trx.selectFrom('audit_log').select((eb) => eb.fn.min('id').as('id')).where('at', '>=', before).executeTakeFirst()
    let q = trx.selectFrom('audit_log').select(['id', 'hash']).where('at', '<', before).where('hash', 'is not', null)
    if (firstKept?.id !== null && firstKept?.id !== undefined) q = q.where('id', '<', Number(firstKept.id))
    const cut = await q.orderBy('id', 'desc').limit(1).executeTakeFirst()
    if (!cut || cut.hash === null) return 0
    const r = await trx.deleteFrom('audit_log').where('id', '<=', Number(cut.id)).executeTakeFirst()
    const removed = Number(r.numDeletedRows)
    const head = await trx.selectFrom('audit_chain').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()
    const next = { ...head, anchor_id: Number(cut.id), anchor_hash: cut.hash }
    const mac = key && head.keyed_from !== null ? headMac(key, next) : head.mac
    await trx.updateTable('audit_chain').set({ anchor_id: next.anchor_id, anchor_hash: next.anchor_hash, mac }).where('id', '=', 1).execute()
    await trx.insertInto('audit_chain_checkpoints').values({ at: now, through_id: Number(cut.id), hash: cut.hash, removed }).execute()
    return removed
  })
}
