import { sql, type ExpressionBuilder, type Kysely, type Migration } from 'kysely'
import type { StoreTables } from './schema'
import type { Db } from './db'
import { anyLease, changeRequestLease, changeRequestLeases, type Lease } from './change-request-lease'
import { moveStatus, type MoveOptions } from './change-request-moves'
import type {
  ApproverMode,
  ChangeItemAction,
  ChangeItemKind,
  ChangeItemView,
  ItemResult,
  ChangeRequestStatus,
  ChangeRequestView,
  ZoneApprovalSettings,
} from '../../shared/schemas/change-requests'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/** Per zone, whether DNS changes need approval and who approves. */
export interface ChangeRequestZonesTable {
  zone_id: string
  zone_name: string
  required: number
  /** `admins` (administrators only), `editors` (plus every editor whose scope holds the zone), `named` (plus the people listed). */
  approver_mode: string
  /** JSON list of person ids (for `named`). */
  approver_ids: string
  updated_at: number
  updated_by: string
  /** 1: administrators' changes need approval too (`change-requests_0005-review-everyone`). */
  review_everyone: number
}

/** Per person: a viewer or reviewer allowed to propose. Their e-mail address is the person's own (`people.email`, migration people_0001). */
export interface ChangeRequestPeopleTable {
  person_id: string
  may_propose: number
}

export interface ChangeRequestsTable {
  id: number
  zone_id: string
  zone_name: string
  title: string
  reason: string
  status: string
  requester_id: string | null
  requester_username: string
  requester_name: string
  created_at: number
  updated_at: number
  decided_by_id: string | null
  decided_by_username: string | null
  decided_by_name: string | null
  decided_at: number | null
  comment: string | null
  /** JSON: the API's errors of a failed apply, or what moved in a stale request. */
  problems: string | null
  /** The audit entry of the applied batch (what undo reverses). */
  applied_entry_id: number | null
  /** A practice session's request (its person's key): on their own copy, never shown live (`change-requests_0002`). */
  practice_key: string | null
  /** 1 once the requester took a rejected or failed request off their list ("Done with it"). */
  requester_done: number
  /** The lease of an apply or undo (`change-requests_0003-lease`): the instance holding it, its secret token, when, until when. */
  lease_instance: string | null
  lease_token: string | null
  leased_at: number | null
  lease_until: number | null
  /** The status the request had when it was reserved (what an interrupted undo goes back to). */
  lease_from: string | null
  /** JSON: what recovery found when an apply or undo was cut short (ChangeRequestInterruption). */
  interrupted: string | null
  /** 1: an interrupted apply known to have changed nothing; approvers may approve it again. */
  retryable: number
  /** 0 until an instance took the request into its approvers' (grouped) e-mail (`change-requests_0004-filing-limit`). */
  approvers_told: number
  /** The account the request was filed in (`change-requests_0006-account`); null: the default account. */
  account: string | null
}

export interface ChangeRequestItemsTable {
  request_id: number
  position: number
  /** `dns_record` or `page_shield_policy` (cr_0002). */
  kind: string
  action: string
  record_id: string | null
  /** JSON: the write's body (create: the record; update: the fields to change; delete: null). */
  body: string | null
  /** JSON: the record as it was when proposed (null for a create). */
  before: string | null
  /** JSON: the record the apply left (or null). */
  after: string | null
  /** JSON: what the apply did with this item (cr_0002; null before it). */
  result: string | null
  /** The request id of the write that carried this item, stored before it was sent (`change-requests_0003-lease`). */
  sent_request_id: string | null
}

/** Per person: how many requests they filed in the current window (`change-requests_0004-filing-limit`). */
export interface ChangeRequestFilingTable {
  person_key: string
  window_start: number
  filed: number
}

export interface ChangeRequestTables {
  change_request_filing: ChangeRequestFilingTable
  change_request_zones: ChangeRequestZonesTable
  change_request_people: ChangeRequestPeopleTable
  change_requests: ChangeRequestsTable
  change_request_items: ChangeRequestItemsTable
}

/** `cr_0001-change-requests`: zones' approval settings, people's switches, requests and their items. */
export function changeRequestsMigration(dialect: 'sqlite' | 'postgres'): Migration {
  const serial = dialect === 'postgres' ? sql`serial` : sql`integer`
  const bigint = sql`bigint`
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('change_request_zones')
        .addColumn('zone_id', 'text', (c) => c.primaryKey())
        .addColumn('zone_name', 'text', (c) => c.notNull())
        .addColumn('required', 'integer', (c) => c.notNull())
        .addColumn('approver_mode', 'text', (c) => c.notNull())
        .addColumn('approver_ids', 'text', (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('change_request_people')
        .addColumn('person_id', 'text', (c) => c.primaryKey().references('people.id').onDelete('cascade'))
        .addColumn('may_propose', 'integer', (c) => c.notNull())
        .addColumn('email', 'text')
        .execute()
      await db.schema
        .createTable('change_requests')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('zone_id', 'text', (c) => c.notNull())
        .addColumn('zone_name', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('requester_id', 'text')
        .addColumn('requester_username', 'text', (c) => c.notNull())
        .addColumn('requester_name', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .addColumn('decided_by_id', 'text')
        .addColumn('decided_by_username', 'text')
        .addColumn('decided_by_name', 'text')
        .addColumn('decided_at', bigint)
        .addColumn('comment', 'text')
        .addColumn('problems', 'text')
        .addColumn('applied_entry_id', 'integer')
        .execute()
      await db.schema.createIndex('change_requests_zone').on('change_requests').columns(['zone_name', 'status']).execute()
      await db.schema
        .createTable('change_request_items')
        .addColumn('request_id', 'integer', (c) => c.notNull().references('change_requests.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text')
        .addColumn('body', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addPrimaryKeyConstraint('change_request_items_pk', ['request_id', 'position'])
        .execute()
    },
  }
}

/**
 * `change-requests_0002-practice`: a request of a practice session is marked with its
 * person's key; and whether its requester is done with a rejected or failed request.
 */
export function changeRequestsPracticeMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('change_requests').addColumn('practice_key', 'text').execute()
      await db.schema.alterTable('change_requests').addColumn('requester_done', 'integer', (c) => c.notNull().defaultTo(0)).execute()
      await db.schema.createIndex('change_requests_practice').on('change_requests').column('practice_key').execute()
    },
  }
}

/** `cr_0002` (proposing policies too): an item's kind (the existing ones are DNS records) and its apply's result. */
export function changeRequestItemKindsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('change_request_items').addColumn('kind', 'text', (c) => c.notNull().defaultTo('dns_record')).execute()
      await db.schema.alterTable('change_request_items').addColumn('result', 'text').execute()
    },
  }
}

/**
 * `change-requests_0004-filing-limit`: a counter per person of the requests filed in the current
 * window, and per request whether its approvers were told (approver e-mail goes out grouped).
 */
export function changeRequestFilingMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('change_request_filing')
        .addColumn('person_key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', sql`bigint`, (c) => c.notNull())
        .addColumn('filed', 'integer', (c) => c.notNull())
        .execute()
      // Requests filed before this were told one by one already.
      await db.schema.alterTable('change_requests').addColumn('approvers_told', 'integer', (c) => c.notNull().defaultTo(1)).execute()
    },
  }
}

/** `change-requests_0005-review-everyone`: per zone, whether administrators' own changes need approval too. */
export function changeRequestReviewEveryoneMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('change_request_zones').addColumn('review_everyone', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    },
  }
}

/**
 * `change-requests_0006-account`: the account a request was filed in. Requests before it were filed
 * in the default account (null), which is where they stay. Text on SQLite and PostgreSQL alike.
 */
export function changeRequestAccountMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('change_requests').addColumn('account', 'text').execute()
      await db.schema.createIndex('change_requests_account').on('change_requests').column('account').execute()
    },
  }
}

/** A request as the store has it: the view, and the account it was filed in (null: the default account). */
export type StoredChangeRequest = ChangeRequestView & { account: string | null }

export interface Who {
  personId: string | null
  username: string
  personName: string
}

export interface NewChangeItem {
  kind?: ChangeItemKind
  action: ChangeItemAction
  recordId: string | null
  body: Record<string, unknown> | null
  before: Record<string, unknown> | null
}

const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T))
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v))

const toItem = (r: ChangeRequestItemsTable): ChangeItemView => ({
  position: Number(r.position),
  kind: (r.kind ?? 'dns_record') as ChangeItemKind,
  action: r.action as ChangeItemAction,
  recordId: r.record_id,
  body: parse(r.body),
  before: parse(r.before),
  after: parse(r.after),
  result: parse(r.result),
})

function toRequest(r: ChangeRequestsTable, items: ChangeItemView[]): StoredChangeRequest {
  return {
    id: Number(r.id),
    account: r.account ?? null,
    zoneId: r.zone_id,
    zoneName: r.zone_name,
    title: r.title,
    reason: r.reason,
    status: r.status as ChangeRequestStatus,
    requester: { id: r.requester_id, username: r.requester_username, name: r.requester_name },
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    decidedBy: r.decided_by_username ? { id: r.decided_by_id, username: r.decided_by_username, name: r.decided_by_name ?? r.decided_by_username } : null,
    decidedAt: r.decided_at === null ? null : Number(r.decided_at),
    comment: r.comment,
    problems: parse(r.problems),
    appliedEntryId: r.applied_entry_id === null ? null : Number(r.applied_entry_id),
    requesterDone: Boolean(Number(r.requester_done ?? 0)),
    lease: r.lease_instance && r.leased_at !== null && r.lease_until !== null && (r.status === 'applying' || r.status === 'undoing') ? { instance: r.lease_instance, leasedAt: Number(r.leased_at), until: Number(r.lease_until) } : null,
    interrupted: parse(r.interrupted ?? null),
    items,
  }
}

const DEFAULT_ZONE = (zoneId: string): ZoneApprovalSettings => ({ zoneId, required: false, approverMode: 'admins', approverIds: [], reviewEveryone: false })

/**
 * Change requests. Every change of state is one conditional UPDATE (`WHERE status = …`),
 * so of two instances approving at once exactly one moves a request to `applying`.
 */
export function changeRequestStore(db: () => Promise<Db>, now: () => number) {
  const itemsOf = async (ids: number[]) => {
    if (!ids.length) return new Map<number, ChangeItemView[]>()
    const rows = await (await db()).selectFrom('change_request_items').selectAll().where('request_id', 'in', ids).orderBy('request_id').orderBy('position').execute()
    const out = new Map<number, ChangeItemView[]>()
    for (const r of rows) {
      const list = out.get(Number(r.request_id)) ?? []
      list.push(toItem(r))
      out.set(Number(r.request_id), list)
    }
    return out
  }
  /** With `practiceKey` given: only a request of that practice session (a string), or a live one (null). */
  const get = async (id: number, practiceKey?: string | null): Promise<StoredChangeRequest | undefined> => {
    let q = (await db()).selectFrom('change_requests').selectAll().where('id', '=', id)
    if (practiceKey !== undefined) q = practiceKey === null ? q.where('practice_key', 'is', null) : q.where('practice_key', '=', practiceKey)
    const row = await q.executeTakeFirst()
    if (!row) return undefined
    return toRequest(row, (await itemsOf([id])).get(id) ?? [])
  }
  /** One move of the status machine (change-request-moves.ts); true when this call made it. */
  const move = async <To extends ChangeRequestStatus>(id: number, to: To, o: MoveOptions<To> = {}) => moveStatus(await db(), now, id, to, o)
  const lease = changeRequestLease(db, now)
  /** The columns of a reservation taken now under `l`. */
  const leaseColumns = (l: Lease) => ({ ...lease.columns(l.token, l.ms), lease_instance: l.instance })
  const undecided = { decided_by_id: null, decided_by_username: null, decided_by_name: null, decided_at: null }
  /** Someone else decides a request, except on a practice session's own request, where the person plays both sides. */
  const notRequester = (username: string) => (eb: ExpressionBuilder<StoreTables, 'change_requests'>) => eb.or([eb('requester_username', '!=', username), eb('practice_key', 'is not', null)])

  return {
    ...changeRequestLeases(db, now),
    async zone(zoneId: string): Promise<ZoneApprovalSettings> {
      const row = await (await db()).selectFrom('change_request_zones').selectAll().where('zone_id', '=', zoneId).executeTakeFirst()
      if (!row) return DEFAULT_ZONE(zoneId)
      return { zoneId, required: Boolean(Number(row.required)), approverMode: row.approver_mode as ApproverMode, approverIds: parse<string[]>(row.approver_ids) ?? [], reviewEveryone: Boolean(Number(row.review_everyone ?? 0)) }
    },
    async setZone(s: ZoneApprovalSettings & { zoneName: string }, by: string): Promise<void> {
      const row = { zone_id: s.zoneId, zone_name: s.zoneName.toLowerCase(), required: s.required ? 1 : 0, approver_mode: s.approverMode, approver_ids: JSON.stringify(s.approverIds), review_everyone: s.reviewEveryone ? 1 : 0, updated_at: now(), updated_by: by }
      const { zone_id: _z, review_everyone: _r, ...kept } = row
      // Left out (the command line, the People page): kept as it is, so a caller that does not know it never turns it off.
      const rest = s.reviewEveryone === undefined ? kept : { ...kept, review_everyone: row.review_everyone }
      await (await db()).insertInto('change_request_zones').values(row).onConflict((oc) => oc.column('zone_id').doUpdateSet(rest)).execute()
    },
    /** Every live zone with settings (practice copies' left out), by name. */
    async zones(): Promise<(ZoneApprovalSettings & { zoneName: string })[]> {
      const rows = await (await db()).selectFrom('change_request_zones').selectAll().orderBy('zone_name').execute()
      return rows
        .filter((r) => !r.zone_id.startsWith('practice:'))
        .map((r) => ({ zoneId: r.zone_id, zoneName: r.zone_name, required: Boolean(Number(r.required)), approverMode: r.approver_mode as ApproverMode, approverIds: parse<string[]>(r.approver_ids) ?? [], reviewEveryone: Boolean(Number(r.review_everyone ?? 0)) }))
    },
    /** The ids of live zones with settings under this name (the command line names zones). */
    async zoneIdsByName(zoneName: string): Promise<string[]> {
      const rows = await (await db()).selectFrom('change_request_zones').select('zone_id').where('zone_name', '=', zoneName.toLowerCase()).execute()
      return rows.map((r) => r.zone_id).filter((z) => !z.startsWith('practice:'))
    },
    /** `email`: the person's own address (kept on the person, see people.ts), read here beside the switch. */
    async person(personId: string): Promise<{ mayPropose: boolean; email: string | null }> {
      const row = await (await db())
        .selectFrom('people')
        .leftJoin('change_request_people', 'change_request_people.person_id', 'people.id')
        .select(['people.email', 'change_request_people.may_propose'])
        .where('people.id', '=', personId)
        .executeTakeFirst()
      return { mayPropose: Boolean(Number(row?.may_propose ?? 0)), email: row?.email ?? null }
    },
    /** `email`, when given, is the person's own address, set as an administrator's (the approval settings and the command line). */
    async setPerson(personId: string, s: { mayPropose: boolean; email?: string | null }): Promise<void> {
      const d = await db()
      const row = { person_id: personId, may_propose: s.mayPropose ? 1 : 0 }
      await d.insertInto('change_request_people').values(row).onConflict((oc) => oc.column('person_id').doUpdateSet({ may_propose: row.may_propose })).execute()
      // Only a different address: the same one again keeps who gave it.
      const email = s.email
      if (email !== undefined) {
        await d
          .updateTable('people')
          .set({ email, email_source: email === null ? null : 'admin', updated_at: now() })
          .where('id', '=', personId)
          .where((eb) => (email === null ? eb('email', 'is not', null) : eb.or([eb('email', 'is', null), eb('email', '!=', email)])))
          .execute()
      }
    },
    async people(): Promise<Map<string, { mayPropose: boolean; email: string | null }>> {
      const rows = await (await db())
        .selectFrom('people')
        .leftJoin('change_request_people', 'change_request_people.person_id', 'people.id')
        .select(['people.id', 'people.email', 'change_request_people.may_propose'])
        .where((eb) => eb.or([eb('change_request_people.person_id', 'is not', null), eb('people.email', 'is not', null)]))
        .execute()
      return new Map(rows.map((r) => [r.id, { mayPropose: Boolean(Number(r.may_propose ?? 0)), email: r.email }]))
    },

    /**
     * Counts one filing for `personKey` unless they filed `max` already in the window of `windowMs`:
     * one INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING, so the count and the answer are one
     * step on SQLite and PostgreSQL alike, and instances sharing the store share the limit.
     * True: counted, the request may be filed; false: over the limit, nothing counted.
     */
    async countFiling(personKey: string, max: number, windowMs: number): Promise<boolean> {
      const t = now()
      const open = t - windowMs
      const row = await (await db())
        .insertInto('change_request_filing')
        .values({ person_key: personKey, window_start: t, filed: 1 })
        .onConflict((oc) =>
          oc
            .column('person_key')
            .doUpdateSet({
              filed: sql<number>`CASE WHEN change_request_filing.window_start <= ${open} THEN 1 ELSE change_request_filing.filed + 1 END`,
              window_start: sql<number>`CASE WHEN change_request_filing.window_start <= ${open} THEN ${t} ELSE change_request_filing.window_start END`,
            })
            .where(sql<boolean>`change_request_filing.window_start <= ${open} OR change_request_filing.filed < ${max}`),
        )
        .returning('filed')
        .executeTakeFirst()
      return row !== undefined
    },
    /**
     * Takes the live pending requests filed up to `filedBefore` whose approvers were not told yet, for
     * one grouped e-mail: one conditional UPDATE … RETURNING, so of several instances flushing at once
     * each request is taken by exactly one.
     */
    async takeUntold(filedBefore: number): Promise<number[]> {
      const rows = await (await db())
        .updateTable('change_requests')
        .set({ approvers_told: 1 })
        .where('approvers_told', '=', 0)
        .where('created_at', '<=', filedBefore)
        .returning('id')
        .execute()
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b)
    },
    /** Files a request with its items in one transaction; returns its id. */
    /** `account`: the account it is filed in (null or left out: the default account); it is seen and decided only there. */
    async create(r: { zoneId: string; zoneName: string; title: string; reason: string; who: Who; items: NewChangeItem[]; practiceKey?: string | null; account?: string | null }): Promise<number> {
      const t = now()
      return (await db()).transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('change_requests')
          .values({
            zone_id: r.zoneId, zone_name: r.zoneName.toLowerCase(), title: r.title, reason: r.reason, status: 'pending',
            requester_id: r.who.personId, requester_username: r.who.username, requester_name: r.who.personName,
            created_at: t, updated_at: t, decided_by_id: null, decided_by_username: null, decided_by_name: null, decided_at: null,
            comment: null, problems: null, applied_entry_id: null, practice_key: r.practiceKey ?? null,
            // A practising person is told on the page; a live request waits for its approvers' grouped e-mail.
            approvers_told: r.practiceKey ? 1 : 0,
            account: r.account ?? null,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('change_request_items')
          .values(r.items.map((it, i) => ({ request_id: Number(id), position: i, kind: it.kind ?? 'dns_record', action: it.action, record_id: it.recordId, body: json(it.body), before: json(it.before), after: null, result: null })))
          .execute()
        return Number(id)
      })
    },
    get,
    /**
     * Requests of the zones named (lower-case names; '*' all), newest first, with their items: live ones,
     * or with `practiceKey` only that practice session's. With `account` given: only the requests filed
     * in that account (null: the default account's); left out, every account's.
     */
    async list(f: { zones: '*' | readonly string[]; status?: ChangeRequestStatus[]; zoneId?: string; limit?: number; practiceKey?: string | null; account?: string | null }): Promise<StoredChangeRequest[]> {
      if (f.zones !== '*' && f.zones.length === 0) return []
      let q = (await db()).selectFrom('change_requests').selectAll()
      q = f.practiceKey ? q.where('practice_key', '=', f.practiceKey) : q.where('practice_key', 'is', null)
      if (f.zones !== '*') q = q.where('zone_name', 'in', f.zones.map((z) => z.toLowerCase()))
      if (f.status?.length) q = q.where('status', 'in', f.status)
      if (f.zoneId) q = q.where('zone_id', '=', f.zoneId)
      if (f.account !== undefined) q = f.account === null ? q.where('account', 'is', null) : q.where('account', '=', f.account)
      const rows = await q.orderBy('id', 'desc').limit(f.limit ?? 200).execute()
      const items = await itemsOf(rows.map((r) => Number(r.id)))
      return rows.map((r) => toRequest(r, items.get(Number(r.id)) ?? []))
    },
    /**
     * Reserves the apply: pending → applying for one approver (never the requester, except on a practice
     * session's own request, where the person plays both sides), under `lease` (instance, token, length).
     * An interrupted apply known to have changed nothing (failed, `retryable`) may be reserved again.
     * False: someone else has it, or it is not pending.
     */
    async reserve(id: number, who: Who, l: Lease = anyLease()): Promise<boolean> {
      const t = now()
      return (await db()).transaction().execute(async (trx) => {
        const set = (eb: ExpressionBuilder<StoreTables, 'change_requests'>) => ({
          decided_by_id: who.personId, decided_by_username: who.username, decided_by_name: who.personName, decided_at: t,
          ...leaseColumns(l), lease_from: eb.ref('status'), retryable: 0, interrupted: null,
        })
        if (!(await moveStatus(trx, now, id, 'applying', { set, where: notRequester(who.username) }))) return false
        // An apply approved again starts with no write sent: an earlier attempt's request ids would mislead a recovery.
        await trx.updateTable('change_request_items').set({ sent_request_id: null }).where('request_id', '=', id).execute()
        return true
      })
    },
    /** The apply did not start (the approver's rights were gone): pending again, undecided. */
    async release(id: number): Promise<boolean> {
      return move(id, 'pending', { from: ['applying'], set: { ...undecided, ...lease.cleared() } })
    },
    /**
     * The apply's outcome: applied (with the audit entry of its batch), failed (with the API's errors) or partly
     * applied (policies, which have no batch), with each item's result; stale gives it back.
     */
    async finish(
      id: number,
      outcome: { status: 'applied' | 'failed' | 'partly_applied' | 'stale' | 'interrupted'; problems: unknown; appliedEntryId?: number | null; after?: (Record<string, unknown> | null)[]; results?: (ItemResult | null)[] },
      token?: string,
    ): Promise<boolean> {
      const d = await db()
      return d.transaction().execute(async (trx) => {
        const set: Partial<ChangeRequestsTable> = { problems: json(outcome.problems), applied_entry_id: outcome.appliedEntryId ?? null, ...lease.cleared() }
        // A stale request goes back to the requester: nobody decided it.
        if (outcome.status === 'stale') Object.assign(set, undecided)
        // Only the reservation that holds the lease ends it (a recovered one is no longer its to end).
        if (!(await moveStatus(trx, now, id, outcome.status, { from: ['applying'], set, where: token === undefined ? undefined : lease.heldBy(token) }))) return false
        for (const [i, after] of (outcome.after ?? []).entries()) {
          await trx.updateTable('change_request_items').set({ after: json(after) }).where('request_id', '=', id).where('position', '=', i).execute()
        }
        for (const [i, result] of (outcome.results ?? []).entries()) {
          await trx.updateTable('change_request_items').set({ result: json(result) }).where('request_id', '=', id).where('position', '=', i).execute()
        }
        return true
      })
    },
    /**
     * Rejects a pending or stale request, as one conditional move: never by its requester (someone else
     * decides it), except on a practice session's own request, where the person plays both sides.
     */
    async reject(id: number, who: Who, comment: string): Promise<boolean> {
      return move(id, 'rejected', { set: { comment, decided_by_id: who.personId, decided_by_username: who.username, decided_by_name: who.personName, decided_at: now() }, where: notRequester(who.username) })
    },
    /**
     * Marks a pending request stale with what moved (found when reading it): one conditional UPDATE, so
     * of many readers (on any instance) exactly one makes the move (and tells the requester), and only
     * while the request is as it was read (`readAt`, its updated_at): a refresh in between wins.
     */
    async markStale(id: number, moved: unknown, readAt: number): Promise<boolean> {
      return move(id, 'stale', { from: ['pending'], set: { problems: json(moved) }, where: (eb) => eb('updated_at', '=', readAt) })
    },
    /** The requester took the zone as it is now: new before states, pending again. */
    async refresh(id: number, befores: (Record<string, unknown> | null)[]): Promise<boolean> {
      const d = await db()
      return d.transaction().execute(async (trx) => {
        if (!(await moveStatus(trx, now, id, 'pending', { from: ['pending', 'stale'], set: { problems: null } }))) return false
        for (const [i, before] of befores.entries()) {
          await trx.updateTable('change_request_items').set({ before: json(before) }).where('request_id', '=', id).where('position', '=', i).execute()
        }
        return true
      })
    },
    /**
     * The requester takes back their pending request: one conditional move (still pending, and theirs),
     * so of two withdrawals, or a withdrawal and an approval, on any instance, exactly one goes on.
     * `told`: whether its approvers had been e-mailed about it (then they hear it was withdrawn);
     * one not yet told never will be (it is no longer pending when the grouped e-mail is made).
     */
    async withdraw(id: number, requesterUsername: string): Promise<{ told: boolean } | null> {
      return (await db()).transaction().execute(async (trx) => {
        if (!(await moveStatus(trx, now, id, 'withdrawn', { set: { requester_done: 1 }, where: (eb) => eb('requester_username', '=', requesterUsername) }))) return null
        // Read after the move, in its transaction: the row is this transaction's until it ends, so no grouped e-mail takes it in between.
        const row = await trx.selectFrom('change_requests').select('approvers_told').where('id', '=', id).executeTakeFirstOrThrow()
        return { told: Boolean(Number(row.approvers_told)) }
      })
    },
    /** The requester is done with their rejected or failed request: off their "needs you" list. */
    async markDone(id: number, requesterUsername: string): Promise<boolean> {
      // Not a move: the status stays, only the requester's list changes.
      const r = await (await db())
        .updateTable('change_requests')
        .set({ requester_done: 1, updated_at: now() })
        .where('id', '=', id)
        .where('status', 'in', ['rejected', 'failed'])
        .where('requester_username', '=', requesterUsername)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    async markUndone(id: number): Promise<boolean> {
      return move(id, 'undone', { from: ['applied'] })
    },
    /**
     * Takes an applied (or partly applied) request holding policies for its undo: one conditional move
     * to `undoing`, so of many concurrent undos (on any instance) exactly one goes on.
     */
    async reserveUndo(id: number, from: 'applied' | 'partly_applied' | 'interrupted', l: Lease = anyLease()): Promise<boolean> {
      return move(id, 'undoing', { from: [from], set: { ...leaseColumns(l), lease_from: from } })
    },
    /** The undo's outcome: `undone` (everything), else back to what it was; each item's result with what the undo did with it. */
    async finishUndo(id: number, status: 'undone' | 'applied' | 'partly_applied' | 'interrupted', results: (ItemResult | null)[], token?: string): Promise<boolean> {
      const d = await db()
      return d.transaction().execute(async (trx) => {
        if (!(await moveStatus(trx, now, id, status, { from: ['undoing'], set: lease.cleared(), where: token === undefined ? undefined : lease.heldBy(token) }))) return false
        for (const [i, result] of results.entries()) {
          await trx.updateTable('change_request_items').set({ result: json(result) }).where('request_id', '=', id).where('position', '=', i).execute()
        }
        return true
      })
    },
    /** The request of the zone being undone right now whose items were applied by this audit entry (the guard lets that undo through). */
    async undoingByEntry(zoneId: string, entryId: number): Promise<ChangeRequestView | undefined> {
      const rows = await (await db()).selectFrom('change_requests').select('id').where('zone_id', '=', zoneId).where('status', '=', 'undoing').execute()
      for (const row of rows) {
        const r = await get(Number(row.id))
        if (r?.items.some((it) => it.result?.entryId === entryId)) return r
      }
      return undefined
    },
    /** A practice reset: the person's practice requests and the approval settings of their copy's zones. */
    async deletePractice(practiceKey: string, zonePrefix: string): Promise<void> {
      if (!zonePrefix.startsWith('practice:')) throw new Error('Only practice settings may be deleted.')
      const d = await db()
      await d.transaction().execute(async (trx) => {
        const ids = (await trx.selectFrom('change_requests').select('id').where('practice_key', '=', practiceKey).execute()).map((r) => Number(r.id))
        if (ids.length) {
          await trx.deleteFrom('change_request_items').where('request_id', 'in', ids).execute()
          await trx.deleteFrom('change_requests').where('id', 'in', ids).execute()
        }
        // The zone table is small (one row per zone with settings): picked here, no LIKE and its escapes.
        const zones = (await trx.selectFrom('change_request_zones').select('zone_id').execute()).map((r) => r.zone_id).filter((z) => z.startsWith(zonePrefix))
        if (zones.length) await trx.deleteFrom('change_request_zones').where('zone_id', 'in', zones).execute()
      })
    },
    /**
     * An audit entry was undone (from the audit log, or by a request's own undo): the request whose
     * apply wrote it shows it, so there is one undo whichever door it came through. A DNS-only request
     * whose batch it was becomes `undone`; in a request of several writes the items it carried are
     * marked undone, and the request `undone` once every applied change is. Each a conditional move on
     * the status as read, so an undo of the request itself (`undoing`) is left to record its own outcome.
     */
    async entryUndone(entryId: number, zoneId: string | null): Promise<number | null> {
      const d = await db()
      const batch = await d.selectFrom('change_requests').select('id').where('applied_entry_id', '=', entryId).where('status', '=', 'applied').executeTakeFirst()
      if (batch) return (await move(Number(batch.id), 'undone', { from: ['applied'] })) ? Number(batch.id) : null
      if (zoneId === null) return null
      const rows = await d.selectFrom('change_requests').select(['id', 'status']).where('zone_id', '=', zoneId).where('status', 'in', ['applied', 'partly_applied', 'interrupted']).execute()
      const items = await itemsOf(rows.map((r) => Number(r.id)))
      for (const row of rows) {
        const list = items.get(Number(row.id)) ?? []
        const hit = list.filter((it) => it.result?.status === 'applied' && it.result.entryId === entryId && it.result.undo?.status !== 'undone')
        if (!hit.length) continue
        const results = list.map((it) => (hit.includes(it) ? { ...it.result!, undo: { status: 'undone' as const, message: 'Undone from the audit log.' } } : it.result))
        const all = list.every((it, i) => it.result?.status !== 'applied' || results[i]?.undo?.status === 'undone') && !list.some((it) => it.result?.status === 'unknown')
        const id = Number(row.id)
        const moved = await d.transaction().execute(async (trx) => {
          const from = row.status as 'applied' | 'partly_applied' | 'interrupted'
          if (all) {
            if (!(await moveStatus(trx, now, id, 'undone', { from: [from] }))) return false
          } else {
            // Not a move: some items undone, the status as read stays (conditional on it, as a move is).
            const r = await trx.updateTable('change_requests').set({ updated_at: now() }).where('id', '=', id).where('status', '=', from).executeTakeFirst()
            if (Number(r.numUpdatedRows) === 0) return false
          }
          for (const it of hit) {
            await trx.updateTable('change_request_items').set({ result: json(results[list.indexOf(it)]) }).where('request_id', '=', id).where('position', '=', it.position).execute()
          }
          return true
        })
        return moved ? id : null
      }
      return null
    },
    /** The request whose applied batch is this audit entry. */
    async byAppliedEntry(entryId: number): Promise<ChangeRequestView | undefined> {
      const row = await (await db()).selectFrom('change_requests').select('id').where('applied_entry_id', '=', entryId).executeTakeFirst()
      return row ? get(Number(row.id)) : undefined
    },
  }
}
