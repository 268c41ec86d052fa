import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import type { AuditTable } from './audit-schema'
import { appendChained, pruneChain, sealChain, verifyChain, type ChainKey, type ChainReport, type VerifyOptions } from './audit-chain'
import { auditPendingStore } from './audit-pending'
import { auditUndoStore } from './audit-undo'
import type { Db } from './db'
import type { StoreTables } from './schema'
import type { AuditEntryView } from '../../shared/audit'

/** An entry as the dashboard reads it: JSON columns parsed, the restore point only flagged (one shape with the browser). */
export type AuditEntry = AuditEntryView
export type AuditOutcome = AuditEntry['outcome']

/** What a writer gives (the label, token prefix and address are optional: not every entry has them). */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'hasRestorePoint' | 'label' | 'tokenPrefix' | 'hash' | 'address' | 'account'> & {
  /** The account the change went through (none: the deployment's default account). */
  account?: string | null
  restorePoint?: string | null
  label?: string | null
  tokenPrefix?: string | null
  address?: string | null
}
export type { ChainReport }

export interface AuditFilter {
  person?: string
  zone?: string
  area?: string
  action?: string
  outcome?: string
  /** The account a change went through (an account id). */
  account?: string
  /** Milliseconds, inclusive. */
  from?: number
  to?: number
  /** One object's history. */
  resource?: { zoneId: string; type: string; id: string }
  /** Who is asking, when not an administrator: entries of zones in their scope, and their own that name no zone. */
  scope?: { zones: '*' | string[]; personId: string | null }
  /**
   * Practice entries: `false` leaves them out (live views); `{ personId }` keeps only that person's
   * (a practice session sees its own practice and nothing else); undefined: no condition.
   */
  practice?: false | { personId: string | null }
}

type Row = Omit<AuditTable, 'id' | 'restore_point' | 'prev_hash'> & { id: number; has_restore_point: number | boolean; before_size: number; after_size: number }

/** A before or after longer than this (characters of JSON) is left out of lists and the CSV. */
export const BULK_CHARS = 16_384
const B = sql.ref('audit_log.before')
const A = sql.ref('audit_log.after')

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text))
const text = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value))

function toEntry(r: Row): AuditEntry {
  return {
    id: Number(r.id),
    at: Number(r.at),
    requestId: r.request_id,
    personId: r.person_id,
    username: r.username,
    personName: r.person_name,
    mode: r.mode,
    zoneId: r.zone_id,
    zoneName: r.zone_name,
    area: r.area,
    resourceType: r.resource_type,
    resourceId: r.resource_id,
    action: r.action,
    method: r.method,
    path: r.path,
    outcome: r.outcome as AuditOutcome,
    status: Number(r.status),
    errors: (parse(r.errors) as AuditEntry['errors'] | null) ?? [],
    before: parse(r.before),
    after: parse(r.after),
    omitted: Number(r.before_size) > BULK_CHARS || Number(r.after_size) > BULK_CHARS ? { before: Number(r.before_size), after: Number(r.after_size) } : null,
    undoOf: r.undo_of === null ? null : Number(r.undo_of),
    hasRestorePoint: Boolean(Number(r.has_restore_point)),
    label: r.label,
    tokenPrefix: r.token_prefix,
    hash: r.hash,
    address: r.address ?? null,
    account: r.account ?? null,
  }
}

/** Characters of before and after one answer of the list carries at most; later entries' are left out. */
export const LIST_BUDGET_CHARS = 4 * 1024 * 1024

function withinBudget(rows: Row[]): AuditEntry[] {
  let left = LIST_BUDGET_CHARS
  return rows.map((r) => {
    const e = toEntry(r)
    if (e.omitted) return e
    left -= Number(r.before_size) + Number(r.after_size)
    return left >= 0 ? e : { ...e, before: null, after: null, omitted: { before: Number(r.before_size), after: Number(r.after_size) } }
  })
}

/**
 * The audit log: append-only and chained (each entry's hash covers it and the previous entry's
 * hash; see audit-chain.ts). Nothing here edits an entry; the only deletion is `prune`, by age, for
 * the retention setting, which records a checkpoint so the rest still verifies.
 */
export function auditStore(db: () => Promise<Db>, now: () => number = Date.now, key?: ChainKey) {
  /**
   * `full`: before and after as stored (one entry). Otherwise (lists, the CSV) a before or after
   * longer than BULK_CHARS is left out and only its size read: an import's can be megabytes.
   */
  const select = async (full = true) =>
    (await db())
      .selectFrom('audit_log')
      .select([
        (full ? sql<string | null>`${B}` : sql<string | null>`case when length(${B}) > ${sql.lit(BULK_CHARS)} then null else ${B} end`).as('before'),
        (full ? sql<string | null>`${A}` : sql<string | null>`case when length(${A}) > ${sql.lit(BULK_CHARS)} then null else ${A} end`).as('after'),
      ])
      .select([sql<number>`coalesce(length(${B}), 0)`.as('before_size'), sql<number>`coalesce(length(${A}), 0)`.as('after_size')])
      .select([
        'id',
        'at',
        'request_id',
        'person_id',
        'username',
        'person_name',
        'mode',
        'zone_id',
        'zone_name',
        'area',
        'resource_type',
        'resource_id',
        'action',
        'method',
        'path',
        'outcome',
        'status',
        'errors',
        'undo_of',
        'label',
        'token_prefix',
        'hash',
        'address',
        'account',
      ])
      .select((eb) => eb.case().when('restore_point', 'is not', null).then(1).else(0).end().as('has_restore_point'))

  function where(f: AuditFilter) {
    return (eb: ExpressionBuilder<StoreTables, 'audit_log'>) => {
      const parts: Expression<SqlBool>[] = []
      const never = sql<SqlBool>`1 = 0`
      if (f.person) parts.push(eb('username', '=', f.person.toLowerCase()))
      if (f.zone) parts.push(eb.or([eb('zone_id', '=', f.zone), eb('zone_name', '=', f.zone.toLowerCase())]))
      if (f.area) parts.push(eb('area', '=', f.area))
      if (f.action) parts.push(eb('action', '=', f.action))
      if (f.outcome) parts.push(eb('outcome', '=', f.outcome))
      if (f.account) parts.push(eb('account', '=', f.account))
      if (f.from !== undefined) parts.push(eb('at', '>=', f.from))
      if (f.to !== undefined) parts.push(eb('at', '<=', f.to))
      if (f.resource) {
        const { zoneId, type, id } = f.resource
        const own = eb.and([eb('resource_type', '=', type), eb('resource_id', '=', id)])
        // A DNS record's history includes the bulk changes and imports that touched it (ids are plain words).
        const inBulk =
          type === 'dns_record' && /^[\w-]+$/.test(id)
            ? eb.and([eb('resource_type', '=', 'dns_records'), eb.or([eb('before', 'like', `%"${id}"%`), eb('after', 'like', `%"${id}"%`)])])
            : never
        parts.push(eb('zone_id', '=', zoneId), eb.or([own, inBulk]))
      }
      if (f.scope) {
        // The asker's scope as it is now: a zone's entries while the zone is in it (their own too);
        // their own entries that name no zone.
        const own = f.scope.personId === null ? never : eb.and([eb('person_id', '=', f.scope.personId), eb('zone_name', 'is', null)])
        const zoned = f.scope.zones === '*' ? eb('zone_name', 'is not', null) : f.scope.zones.length ? eb('zone_name', 'in', f.scope.zones) : never
        parts.push(eb.or([own, zoned]) as Expression<SqlBool>)
      }
      if (f.practice === false) parts.push(eb('mode', '!=', 'practice'))
      else if (f.practice) {
        const id = f.practice.personId
        parts.push(eb('mode', '=', 'practice'), id === null ? eb('person_id', 'is', null) : eb('person_id', '=', id))
      }
      return eb.and(parts)
    }
  }

  const undo = auditUndoStore(db, now)
  return {
    async add(e: NewAuditEntry): Promise<number> {
      return appendChained(await db(), {
        at: e.at,
        request_id: e.requestId,
        person_id: e.personId,
        username: e.username,
        person_name: e.personName,
        mode: e.mode,
        zone_id: e.zoneId,
        zone_name: e.zoneName,
        area: e.area,
        resource_type: e.resourceType,
        resource_id: e.resourceId,
        action: e.action,
        method: e.method,
        path: e.path,
        outcome: e.outcome,
        status: e.status,
        errors: e.errors.length ? JSON.stringify(e.errors) : null,
        before: text(e.before),
        after: text(e.after),
        undo_of: e.undoOf,
        restore_point: e.restorePoint ?? null,
        label: e.label ?? null,
        token_prefix: e.tokenPrefix ?? null,
        address: e.address ?? null,
        account: e.account ?? null,
      }, key)
    },
    /** Newest first; bulk before and after left out (see `omitted`). */
    async list(f: AuditFilter, page = 1, perPage = 50): Promise<{ entries: AuditEntry[]; total: number }> {
      const rows = await (
        await select(false)
      )
        .where(where(f))
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute()
      const count = await (
        await db()
      )
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(where(f))
        .executeTakeFirstOrThrow()
      return { entries: withinBudget(rows as Row[]), total: Number(count.n) }
    },
    /** A slice of the list, newest first, of entries older than `beforeId` (the CSV's keyset paging). */
    async slice(f: AuditFilter, beforeId: number | null, limit: number): Promise<AuditEntry[]> {
      let q = (await select(false)).where(where(f))
      if (beforeId !== null) q = q.where('id', '<', beforeId)
      const rows = await q.orderBy('id', 'desc').limit(limit).execute()
      return withinBudget(rows as Row[])
    },
    async count(f: AuditFilter): Promise<number> {
      const row = await (await db()).selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where(where(f)).executeTakeFirstOrThrow()
      return Number(row.n)
    },
    async get(id: number): Promise<AuditEntry | undefined> {
      const row = await (await select()).where('id', '=', id).executeTakeFirst()
      return row && toEntry(row as Row)
    },
    async restorePoint(id: number): Promise<string | undefined> {
      const row = await (await db()).selectFrom('audit_log').select('restore_point').where('id', '=', id).executeTakeFirst()
      return row?.restore_point ?? undefined
    },
    /** The entry that undid `id` (an entry is undone once: see `undo`). */
    async undoneBy(id: number): Promise<number | undefined> {
      const r = await undo.of(id)
      return r?.state === 'done' ? (r.undoEntryId ?? undefined) : undefined
    },
    /** Undo reservations: one undo per entry, decided by the store. */
    undo,
    /** Writes on their way: recorded before they are sent (see audit-pending.ts). */
    pending: auditPendingStore(db, now),
    /** Retention: removes entries older than `before` (milliseconds), with a checkpoint; returns how many went. */
    async prune(before: number): Promise<number> {
      return pruneChain(await db(), before, now(), key)
    },
    /**
     * A practice reset: removes the person's practice entries (outside the chain,
     * see audit-chain.ts) and their undo reservations; returns how many entries went.
     */
    async deletePractice(personId: string | null): Promise<number> {
      return (await db()).transaction().execute(async (trx) => {
        let ids = trx.selectFrom('audit_log').select('id').where('mode', '=', 'practice').where('hash', 'is', null)
        ids = personId === null ? ids.where('person_id', 'is', null) : ids.where('person_id', '=', personId)
        await trx.deleteFrom('audit_undo').where('entry_id', 'in', ids).execute()
        const r = await trx.deleteFrom('audit_log').where('id', 'in', ids).executeTakeFirst()
        return Number(r.numDeletedRows)
      })
    },
    /** Walks the chain and names the first entry that does not match (checking signatures with the store's key, if it has one). */
    async verify(options: Omit<VerifyOptions, 'key'> = {}): Promise<ChainReport> {
      return verifyChain(await db(), { ...options, key })
    },
    /** The chain's newest entry and its hash: what `npm run audit -- head` exports. */
    async head(): Promise<{ id: number; hash: string }> {
      const h = await (await db()).selectFrom('audit_chain').select(['last_id', 'hash']).where('id', '=', 1).executeTakeFirstOrThrow()
      return { id: Number(h.last_id), hash: h.hash }
    },
    /** With a key: signs the head now (see sealChain); without one, nothing to do. */
    async seal(): Promise<'signed' | 'already' | 'mismatch' | 'no key'> {
      return key ? sealChain(await db(), key) : 'no key'
    },
  }
}
