import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { ROLE_ORDER, type AccessRole } from '../../shared/access'
import { compiledOnce, type Db } from './db'
import type { Dialect } from './dialect'
import type { PeopleTable } from './schema'
import { EVERY_ACCOUNT, keepingAdmins, runSteps, type Steps } from './person-grants'

export const ROLES = ROLE_ORDER
export type Role = AccessRole

/** All zones, or the names of the zones a person may see. */
export type ZoneScope = '*' | string[]

export interface Person {
  id: string
  username: string
  displayName: string
  role: Role
  zones: ZoneScope
  disabled: boolean
  hasPassword: boolean
  mustChangePassword: boolean
  createdAt: number
  /** The single sign-on identity linked to this person (issuer + `sub`), or null. */
  sso: SsoIdentity | null
  /** Where mail to this person goes (change requests), or null: none. */
  email: string | null
  /** Who gave that address: an administrator, the person, or the identity provider's `email` claim. */
  emailSource: EmailSource | null
}

const EMAIL_SOURCES = ['admin', 'self', 'sso'] as const
type EmailSource = (typeof EMAIL_SOURCES)[number]

/** Who someone is at an OpenID Connect provider: `sub` is unique only within its issuer. */
export interface SsoIdentity {
  issuer: string
  subject: string
}

export interface PersonWithHash extends Person {
  passwordHash: string | null
}

export interface NewPerson {
  username: string
  displayName: string
  role: Role
  zones: ZoneScope
  passwordHash: string | null
  /** The password was made for them (one-time): they choose their own at first sign-in. */
  mustChangePassword?: boolean
  /** Single sign-on: the identity this person is (made at their first sign-in). */
  sso?: SsoIdentity
  email?: { address: string; source: EmailSource } | null
}

export interface PersonChanges {
  displayName?: string
  role?: Role
  zones?: ZoneScope
  disabled?: boolean
  passwordHash?: string | null
  mustChangePassword?: boolean
  /** A new address (null: none), and who gave it. */
  email?: { address: string | null; source: EmailSource }
}

const encodeZones = (z: ZoneScope) => (z === '*' ? '*' : JSON.stringify([...new Set(z.map((n) => n.toLowerCase()))].sort()))
const decodeZones = (raw: string): ZoneScope => (raw === '*' ? '*' : (JSON.parse(raw) as string[]))

type PeopleRow = Omit<PeopleTable, 'oidc_issuer' | 'oidc_subject' | 'email' | 'email_source'> &
  Partial<Pick<PeopleTable, 'oidc_issuer' | 'oidc_subject' | 'email' | 'email_source'>>

export function toPerson(row: PeopleRow): PersonWithHash {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    role: row.role as Role,
    zones: decodeZones(row.zones),
    disabled: row.disabled === 1,
    hasPassword: row.password_hash !== null,
    mustChangePassword: row.must_change_password === 1,
    createdAt: Number(row.created_at),
    sso: row.oidc_issuer && row.oidc_subject ? { issuer: row.oidc_issuer, subject: row.oidc_subject } : null,
    email: row.email ?? null,
    emailSource: row.email ? ((EMAIL_SOURCES as readonly string[]).includes(row.email_source ?? '') ? (row.email_source as EmailSource) : 'admin') : null,
    passwordHash: row.password_hash,
  }
}

/** Asked every second while nobody is defined (see anyone below). */
const countPeople = compiledOnce((d: Db) => d.selectFrom('people').select((eb) => eb.fn.countAll<number>().as('n')))

/** Drops the password hash: what may leave the store towards a page or the log. */
export const publicPerson = ({ passwordHash: _hash, ...p }: PersonWithHash): Person => p

/** How long "nobody yet" is believed before the store is asked again (another instance may add someone). */
export const NOBODY_RECHECK_MS = 1_000

/** What a change sets on a person's row. */
function rowChanges(ch: PersonChanges, t: number): Partial<PeopleTable> {
  const set: Partial<PeopleTable> = { updated_at: t }
  if (ch.displayName !== undefined) set.display_name = ch.displayName
  if (ch.role !== undefined) set.role = ch.role
  if (ch.zones !== undefined || ch.role === 'admin') set.zones = encodeZones(ch.role === 'admin' ? '*' : ch.zones!)
  if (ch.disabled !== undefined) set.disabled = ch.disabled ? 1 : 0
  if (ch.passwordHash !== undefined) set.password_hash = ch.passwordHash
  if (ch.mustChangePassword !== undefined) set.must_change_password = ch.mustChangePassword ? 1 : 0
  if (ch.email !== undefined) {
    set.email = ch.email.address
    set.email_source = ch.email.address === null ? null : ch.email.source
  }
  return set
}

/**
 * Changes a person's row; a new role or zones is their every-account grant (person-grants.ts), which
 * the row mirrors.
 */
function* changePerson(d: Db, id: string, ch: PersonChanges, t: number): Steps<Person | undefined> {
  yield d.updateTable('people').set(rowChanges(ch, t)).where('id', '=', id).compile()
  const row = (yield d.selectFrom('people').selectAll().where('id', '=', id).compile()).rows[0] as unknown as PeopleTable | undefined
  if (row && (ch.role !== undefined || ch.zones !== undefined)) {
    yield d
      .insertInto('person_grants')
      .values({ person_id: id, account: EVERY_ACCOUNT, role: row.role, zones: row.zones })
      .onConflict((oc) => oc.columns(['person_id', 'account']).doUpdateSet({ role: row.role, zones: row.zones }))
      .compile()
  }
  return row && publicPerson(toPerson(row))
}

export function peopleStore(db: () => Promise<Db>, now: () => number, dialect: Dialect = 'sqlite') {
  // Whether anybody exists is asked on every request (the local administrator's door on loopback
  // while nobody does). A yes never changes (the last administrator is never deleted), so it is kept; a
  // no is kept for NOBODY_RECHECK_MS at most, so that someone added by another instance sharing the
  // store (or by `npm run people`) counts within a second, and at once when added through this one.
  // (People may be deleted, but never the last active administrator, so a yes stays true.)
  let anybody = false
  let nobodySince = -Infinity
  const self = {
    /** What anyone() would answer without asking the store, or undefined when it would ask. */
    anyoneKnown(): boolean | undefined {
      if (anybody) return true
      return performance.now() - nobodySince < NOBODY_RECHECK_MS ? false : undefined
    },
    async anyone(): Promise<boolean> {
      const known = self.anyoneKnown()
      if (known !== undefined) return known
      const t = performance.now()
      anybody = (await self.count()) > 0
      if (!anybody) nobodySince = t
      return anybody
    },
    async count(): Promise<number> {
      return Number((await countPeople(await db()))?.n ?? 0)
    },
    async list(): Promise<Person[]> {
      const rows = await (await db()).selectFrom('people').selectAll().orderBy('username').execute()
      return rows.map((r) => publicPerson(toPerson(r)))
    },
    async byUsername(username: string): Promise<PersonWithHash | undefined> {
      const row = await (
        await db()
      )
        .selectFrom('people')
        .selectAll()
        .where('username', '=', username.toLowerCase())
        .executeTakeFirst()
      return row && toPerson(row)
    },
    async byId(id: string): Promise<PersonWithHash | undefined> {
      const row = await (await db()).selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst()
      return row && toPerson(row)
    },
    /** The person a single sign-on identity is linked to. */
    async bySso(identity: SsoIdentity): Promise<PersonWithHash | undefined> {
      const row = await (
        await db()
      )
        .selectFrom('people')
        .selectAll()
        .where('oidc_issuer', '=', identity.issuer)
        .where('oidc_subject', '=', identity.subject)
        .executeTakeFirst()
      return row && toPerson(row)
    },
    /**
     * Links a single sign-on identity to a person (an administrator's decision, or the unambiguous
     * migration of someone made before identities were kept). A one-time password they have not
     * replaced yet is dropped (they sign in through the provider). Only a person with no identity yet:
     * `already-linked`; an identity linked to someone else: `taken` (the unique index decides).
     */
    async linkSso(id: string, identity: SsoIdentity): Promise<Person | 'already-linked' | 'taken' | undefined> {
      const d = await db()
      const other = await self.bySso(identity)
      if (other && other.id !== id) return 'taken'
      let changed: number
      try {
        // A one-time password nobody has chosen yet goes: the person signs in through the provider.
        const r = await d
          .updateTable('people')
          .set((eb) => ({
            oidc_issuer: identity.issuer,
            oidc_subject: identity.subject,
            updated_at: now(),
            password_hash: eb
              .case()
              .when('must_change_password', '=', 1)
              .then(sql<string | null>`null`)
              .else(eb.ref('password_hash'))
              .end(),
            must_change_password: 0,
          }))
          .where('id', '=', id)
          .where((eb) =>
            eb.or([
              eb('oidc_subject', 'is', null),
              eb.and([eb('oidc_issuer', '=', identity.issuer), eb('oidc_subject', '=', identity.subject)]),
            ]),
          )
          .executeTakeFirst()
        changed = Number(r.numUpdatedRows)
      } catch (err) {
        // The unique index: someone else was linked to this identity at the same moment.
        if ((await self.bySso(identity))?.id !== id) return 'taken'
        throw err
      }
      const row = await self.byId(id)
      if (!row) return undefined
      return changed === 0 ? 'already-linked' : publicPerson(row)
    },
    /**
     * The identity provider's `email` claim, taken only when the person has no address: one an
     * administrator or the person typed is never replaced (one conditional UPDATE, so a change
     * made at the same moment wins). True when it was taken.
     */
    async takeSsoEmail(id: string, address: string): Promise<boolean> {
      const r = await (await db())
        .updateTable('people')
        .set({ email: address, email_source: 'sso', updated_at: now() })
        .where('id', '=', id)
        .where('email', 'is', null)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    /** Forgets a person's single sign-on identity; false when there was none. */
    async unlinkSso(id: string): Promise<boolean> {
      const r = await (
        await db()
      )
        .updateTable('people')
        .set({ oidc_issuer: null, oidc_subject: null, updated_at: now() })
        .where('id', '=', id)
        .where('oidc_subject', 'is not', null)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    /** The ID tokens kept on a person's sessions (single sign-on sessions only). */
    async sessionIdTokens(id: string): Promise<string[]> {
      const rows = await (
        await db()
      )
        .selectFrom('sessions')
        .select('id_token')
        .where('person_id', '=', id)
        .where('id_token', 'is not', null)
        .execute()
      return rows.map((r) => r.id_token!)
    },
    /** Adds a person; undefined when the username (or the single sign-on identity) is taken. */
    async add(p: NewPerson): Promise<Person | undefined> {
      const t = now()
      const row: PeopleTable = {
        id: randomUUID(),
        username: p.username.toLowerCase(),
        display_name: p.displayName,
        role: p.role,
        zones: encodeZones(p.role === 'admin' ? '*' : p.zones),
        password_hash: p.passwordHash,
        disabled: 0,
        must_change_password: p.mustChangePassword ? 1 : 0,
        created_at: t,
        updated_at: t,
        oidc_issuer: p.sso?.issuer ?? null,
        oidc_subject: p.sso?.subject ?? null,
        email: p.email?.address ?? null,
        email_source: p.email ? p.email.source : null,
      }
      const d = await db()
      // Taken username, or (single sign-on) an identity another instance added at the same moment.
      const inserted = await d
        .insertInto('people')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return undefined
      await d.insertInto('person_grants').values({ person_id: row.id, account: EVERY_ACCOUNT, role: row.role, zones: row.zones }).execute()
      anybody = true
      return publicPerson(toPerson(row))
    },
    async update(id: string, ch: PersonChanges): Promise<Person | undefined> {
      const d = await db()
      if (ch.role === undefined && ch.zones === undefined) {
        await d.updateTable('people').set(rowChanges(ch, now())).where('id', '=', id).execute()
        const row = await d.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst()
        return row && publicPerson(toPerson(row))
      }
      // A role or zones given are the every-account grant, written with the row in one transaction.
      return runSteps(d, dialect, changePerson(d, id, ch, now()))
    },
    /**
     * Like update, but a change that would leave no active administrator (demoting or disabling the
     * last one) is not made: `last-admin`. Decided by the store, so two administrators demoting each
     * other at once on two instances cannot both succeed: on PostgreSQL the active administrators'
     * rows are locked first (a second transaction waits and then sees the first one's change); on
     * SQLite, a single writer, the conditional update is one statement.
     */
    async updateKeepingAnAdmin(id: string, ch: PersonChanges): Promise<Person | 'last-admin' | undefined> {
      const losesAdmin = (ch.role !== undefined && ch.role !== 'admin') || ch.disabled === true
      if (!losesAdmin) return self.update(id, ch)
      const d = await db()
      return keepingAdmins(d, dialect, changePerson(d, id, ch, now()))
    },
    /**
     * Deletes a person: their sessions, API tokens and second factor go with them
     * (foreign keys, on delete cascade); audit entries keep their username and name as written. The
     * last active administrator is not deleted: `last-admin`. Decided by the store as in
     * updateKeepingAnAdmin: two administrators deleting each other at once leave one. Undefined when
     * there was nobody to delete (already deleted by someone else).
     */
    async removeKeepingAnAdmin(id: string): Promise<Person | 'last-admin' | undefined> {
      const d = await db()
      return keepingAdmins(
        d,
        dialect,
        (function* () {
          const row = (yield d.selectFrom('people').selectAll().where('id', '=', id).compile()).rows[0] as unknown as PeopleTable | undefined
          if (!row) return undefined
          // Grants first: SQLite's foreign keys cascade too, but the check after reads them.
          yield d.deleteFrom('person_grants').where('person_id', '=', id).compile()
          yield d.deleteFrom('people').where('id', '=', id).compile()
          return publicPerson(toPerson(row))
        })(),
      )
    },
    /** Active administrators other than `exceptId`: the last one may not be demoted or disabled. */
    async otherActiveAdmins(exceptId: string): Promise<number> {
      const row = await (
        await db()
      )
        .selectFrom('people')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'admin')
        .where('disabled', '=', 0)
        .where('id', '!=', exceptId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
  return self
}
