import { sql, type CompiledQuery, type Kysely, type Migration } from 'kysely'
import type { AccessRole } from '../../shared/access'
import { EVERY_ACCOUNT } from '../../shared/account-grants'
import type { Db } from './db'
import { sqliteHandles } from './sqlite-handles'
import type { Dialect } from './dialect'

export { EVERY_ACCOUNT }

/** All zones, or the names of the zones a grant reaches. */
type ZoneScope = '*' | string[]

/**
 * What a person may do in one account (`account`: a 32-hex account id) or in every account (`*`):
 * a role, and the zones it reaches there. In an account a grant of its own replaces the every-account
 * grant; a person with neither has no access there.
 */
export interface Grant {
  account: string
  role: AccessRole
  zones: ZoneScope
}

export interface PersonGrantsTable {
  person_id: string
  /** `*` (every account) or an account id. */
  account: string
  role: string
  /** `*` for all zones, else a JSON array of zone names (as people.zones). */
  zones: string
}

export const encodeGrantZones = (z: ZoneScope) => (z === '*' ? '*' : JSON.stringify([...new Set(z.map((n) => n.toLowerCase()))].sort()))
const decodeZones = (raw: string): ZoneScope => (raw === '*' ? '*' : (JSON.parse(raw) as string[]))
const toGrant = (r: Pick<PersonGrantsTable, 'account' | 'role' | 'zones'>): Grant => ({ account: r.account, role: r.role as AccessRole, zones: decodeZones(r.zones) })

/**
 * people_0002: grants per account. Each person's role and zones become one grant for every account,
 * so a deployment that reaches one account (all of them until now) behaves exactly as before.
 * people.role and people.zones stay, kept equal to the every-account grant for the readers of a person row.
 */
export function personGrantsMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('person_grants')
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('zones', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('person_grants_pk', ['person_id', 'account'])
        .execute()
      await sql`insert into person_grants (person_id, account, role, zones) select id, '*', role, zones from people`.execute(db)
    },
  }
}

/** Thrown inside a transaction to undo a change that would leave an account without an administrator. */
class LastAdminError extends Error {
  constructor() {
    super('last-admin')
  }
}

/** What a statement gave back: its rows (a read), or how many rows it changed. */
export interface Ran {
  rows: Record<string, unknown>[]
  changes: number
}
/**
 * A piece of work as the statements it makes, one after the other (each yielded, its result sent
 * back), so that the same steps run as one synchronous transaction on SQLite and as a transaction
 * across awaits on PostgreSQL (see keepingAdmins).
 */
export type Steps<T> = Generator<CompiledQuery, T, Ran>

/**
 * The accounts (named by any grant, and every account: `*`) where no active person is an
 * administrator, each person's grant there being the account's own, else the every-account one.
 */
function* accountsWithoutAdmin(d: Db): Steps<Set<string>> {
  const { rows } = yield d
    .selectFrom('person_grants as g')
    .innerJoin('people as p', 'p.id', 'g.person_id')
    .select(['g.person_id', 'g.account', 'g.role', 'p.disabled'])
    .compile()
  const byPerson = new Map<string, Map<string, string>>()
  const accounts = new Set<string>([EVERY_ACCOUNT])
  for (const r of rows as { person_id: string; account: string; role: string; disabled: number }[]) {
    accounts.add(r.account)
    if (Number(r.disabled) === 1) continue
    let m = byPerson.get(r.person_id)
    if (!m) byPerson.set(r.person_id, (m = new Map()))
    m.set(r.account, r.role)
  }
  const gaps = new Set<string>()
  for (const account of accounts) {
    const covered = [...byPerson.values()].some((m) => (m.get(account) ?? m.get(EVERY_ACCOUNT)) === 'admin')
    if (!covered) gaps.add(account)
  }
  return gaps
}

function* checked<T>(d: Db, dialect: Dialect, change: Steps<T>): Steps<T> {
  if (dialect === 'postgres') yield sql`lock table person_grants in exclusive mode`.compile(d)
  const before = yield* accountsWithoutAdmin(d)
  const result = yield* change
  const after = yield* accountsWithoutAdmin(d)
  for (const a of after) if (!before.has(a)) throw new LastAdminError()
  return result
}

/**
 * Runs `change` so that no account loses its last administrator: in one transaction, the accounts
 * without one are taken before and after, and a change that adds one is undone (`last-admin`). On
 * PostgreSQL the grants table is locked for writing first; on SQLite the steps run as one synchronous
 * `BEGIN IMMEDIATE` transaction (the file's one writer, and nothing else of this process runs
 * meanwhile). So two administrators demoting each other at once on two instances are decided one after the other.
 */
export async function keepingAdmins<T>(d: Db, dialect: Dialect, change: Steps<T>): Promise<T | 'last-admin'> {
  try {
    return await runSteps(d, dialect, checked(d, dialect, change))
  } catch (err) {
    if (err instanceof LastAdminError) return 'last-admin'
    throw err
  }
}

/** Runs steps as one transaction: synchronously on SQLite (`BEGIN IMMEDIATE`), across awaits on PostgreSQL. */
export async function runSteps<T>(d: Db, dialect: Dialect, steps: Steps<T>): Promise<T> {
  if (dialect !== 'postgres') {
    const raw = sqliteHandles.get(d)
    if (!raw) throw new Error('The SQLite store is not open yet.')
    return raw
      .transaction(() => {
        let r = steps.next(undefined as never)
        while (!r.done) {
          const stmt = raw.prepare(r.value.sql)
          const params = r.value.parameters as unknown[]
          r = steps.next(stmt.reader ? { rows: stmt.all(...params) as Record<string, unknown>[], changes: 0 } : { rows: [], changes: stmt.run(...params).changes })
        }
        return r.value
      })
      .immediate()
  }
  return d.transaction().execute(async (trx) => {
    let r = steps.next(undefined as never)
    while (!r.done) {
      const res = await trx.executeQuery(r.value)
      r = steps.next({ rows: res.rows as Record<string, unknown>[], changes: Number(res.numAffectedRows ?? 0) })
    }
    return r.value
  })
}

/** Writes one grant (an administrator has every zone); the every-account one is mirrored on the person's row. */
export function* writeGrant(d: Db, personId: string, grant: Grant, t: number): Steps<void> {
  const zones = encodeGrantZones(grant.role === 'admin' ? '*' : grant.zones)
  yield d
    .insertInto('person_grants')
    .values({ person_id: personId, account: grant.account, role: grant.role, zones })
    .onConflict((oc) => oc.columns(['person_id', 'account']).doUpdateSet({ role: grant.role, zones }))
    .compile()
  if (grant.account === EVERY_ACCOUNT) yield d.updateTable('people').set({ role: grant.role, zones, updated_at: t }).where('id', '=', personId).compile()
}

/** Removes one grant; without an every-account grant the person's row says viewer of no zones (what they have outside their accounts: nothing). */
function* deleteGrant(d: Db, personId: string, account: string, t: number): Steps<boolean> {
  const r = yield d.deleteFrom('person_grants').where('person_id', '=', personId).where('account', '=', account).compile()
  if (account === EVERY_ACCOUNT && r.changes > 0) yield d.updateTable('people').set({ role: 'viewer', zones: '[]', updated_at: t }).where('id', '=', personId).compile()
  return r.changes > 0
}

const ORDER = (a: Grant, b: Grant) => (a.account === b.account ? 0 : a.account === EVERY_ACCOUNT ? -1 : b.account === EVERY_ACCOUNT ? 1 : a.account < b.account ? -1 : 1)

export function personGrantStore(db: () => Promise<Db>, now: () => number, dialect: Dialect) {
  return {
    /** A person's grants, the every-account one first. */
    async of(personId: string): Promise<Grant[]> {
      const rows = await (await db()).selectFrom('person_grants').select(['account', 'role', 'zones']).where('person_id', '=', personId).execute()
      return rows.map(toGrant).sort(ORDER)
    },
    /** Everyone's grants, by person id. */
    async all(): Promise<Map<string, Grant[]>> {
      const rows = await (await db()).selectFrom('person_grants').selectAll().execute()
      const out = new Map<string, Grant[]>()
      for (const r of rows) out.set(r.person_id, [...(out.get(r.person_id) ?? []), toGrant(r)])
      for (const list of out.values()) list.sort(ORDER)
      return out
    },
    /**
     * The grant that decides a person's access in `account` (undefined: the deployment's default
     * account): the account's own grant, else the every-account grant, else none.
     */
    async forAccount(personId: string, account: string | undefined): Promise<Grant | undefined> {
      const wanted = account ? [account, EVERY_ACCOUNT] : [EVERY_ACCOUNT]
      const rows = await (await db()).selectFrom('person_grants').select(['account', 'role', 'zones']).where('person_id', '=', personId).where('account', 'in', wanted).execute()
      const row = rows.find((r) => r.account !== EVERY_ACCOUNT) ?? rows[0]
      return row && toGrant(row)
    },
    /** Gives (or changes) a person's grant in one account or every account; refused when it leaves an account without an administrator. */
    async set(personId: string, grant: Grant): Promise<'ok' | 'last-admin'> {
      const d = await db()
      return keepingAdmins(
        d,
        dialect,
        (function* () {
          yield* writeGrant(d, personId, grant, now())
          return 'ok' as const
        })(),
      )
    },
    /** Takes a grant away; false when there was none; refused when it leaves an account without an administrator. */
    async remove(personId: string, account: string): Promise<boolean | 'last-admin'> {
      const d = await db()
      return keepingAdmins(d, dialect, deleteGrant(d, personId, account, now()))
    },
    /** Replaces all of a person's grants (single sign-on decides them at every sign-in). */
    async replace(personId: string, grants: Grant[]): Promise<'ok' | 'last-admin'> {
      const d = await db()
      const t = now()
      return keepingAdmins(
        d,
        dialect,
        (function* () {
          const keep = new Set(grants.map((g) => g.account))
          const { rows } = yield d.selectFrom('person_grants').select('account').where('person_id', '=', personId).compile()
          for (const old of rows as { account: string }[]) if (!keep.has(old.account)) yield* deleteGrant(d, personId, old.account, t)
          for (const g of grants) yield* writeGrant(d, personId, g, t)
          return 'ok' as const
        })(),
      )
    },
  }
}
