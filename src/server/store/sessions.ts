import { hash as digest, randomBytes } from 'node:crypto'
import { compiledOnce, type Db } from './db'
import { toPerson, type PersonWithHash } from './people'

export interface SessionPolicy {
  /** A session unused for this long ends. */
  idleMs: number
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 2 * 60 * 60_000, absoluteMs: 12 * 60 * 60_000 }

export interface SessionInfo {
  handle: string
  personId: string
  createdAt: number
  lastSeenAt: number
  expiresAt: number
  address: string
  userAgent: string
  /** This session works in its person's practice sandbox (the switch is per session). */
  practice: boolean
  /** `pending`: the second factor is still to come; `enrol`: one must be set up first; null: fully signed in. */
  secondFactor: 'pending' | 'enrol' | null
}

const secondFactorOf = (v: string | null): SessionInfo['secondFactor'] => (v === 'pending' || v === 'enrol' ? v : null)

/** One-shot digest: asked on every signed-in request. */
const hash = (token: string) => digest('sha256', token, 'hex')
/** Asked on every signed-in request: the session and its person in one query. */
const sessionWithPerson = compiledOnce((d: Db, idHash: string) =>
  d
    .selectFrom('sessions')
    .innerJoin('people', 'people.id', 'sessions.person_id')
    .select([
      'sessions.id_hash',
      'sessions.handle',
      'sessions.person_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.address',
      'sessions.user_agent',
      'sessions.practice',
      'sessions.second_factor',
      'people.username',
      'people.display_name',
      'people.role',
      'people.zones',
      'people.password_hash',
      'people.disabled',
      'people.must_change_password',
      'people.created_at as person_created_at',
      'people.updated_at as person_updated_at',
      'people.email',
      'people.email_source',
    ])
    .where('sessions.id_hash', '=', idHash),
)
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000

/**
 * Server-side sessions: the cookie holds a random token; the store keeps only its hash. Ending a
 * session (sign-out, an administrator, disabling the person) makes the cookie worthless everywhere.
 */
export function sessionStore(db: () => Promise<Db>, now: () => number, policy: SessionPolicy = DEFAULT_SESSION_POLICY) {
  /**
   * The live session a cookie value stands for (marked used) and its person, read in one query:
   * every signed-in request needs both. Undefined when there is none (an expired one is removed).
   */
  const resolveWithPerson = async (
    token: string | undefined,
  ): Promise<{ session: SessionInfo; person: PersonWithHash } | undefined> => {
    if (!token || token.length > 100) return undefined
    const d = await db()
    const row = await sessionWithPerson(d, hash(token))
    if (!row) return undefined
    const t = now()
    if (row.expires_at <= t || row.last_seen_at + policy.idleMs <= t) {
      await d.deleteFrom('sessions').where('id_hash', '=', row.id_hash).execute()
      return undefined
    }
    if (t - row.last_seen_at >= TOUCH_EVERY_MS) {
      await d.updateTable('sessions').set({ last_seen_at: t }).where('id_hash', '=', row.id_hash).execute()
    }
    const session: SessionInfo = {
      handle: row.handle,
      personId: row.person_id,
      createdAt: row.created_at,
      lastSeenAt: t,
      expiresAt: Math.min(row.expires_at, t + policy.idleMs),
      address: row.address,
      userAgent: row.user_agent,
      practice: Boolean(Number(row.practice)),
      secondFactor: secondFactorOf(row.second_factor),
    }
    const person = toPerson({
      id: row.person_id,
      username: row.username,
      display_name: row.display_name,
      role: row.role,
      zones: row.zones,
      password_hash: row.password_hash,
      disabled: row.disabled,
      must_change_password: row.must_change_password,
      created_at: row.person_created_at,
      updated_at: row.person_updated_at,
      email: row.email,
      email_source: row.email_source,
    })
    return { session, person }
  }
  return {
    policy,
    /** `idToken`: the provider's ID token of a single sign-on (kept for signing out there too). */
    async create(
      personId: string,
      address: string,
      userAgent: string,
      idToken?: string,
      secondFactor?: 'pending' | 'enrol',
    ): Promise<{ token: string; handle: string }> {
      const token = randomBytes(32).toString('base64url')
      const handle = randomBytes(9).toString('base64url')
      const t = now()
      await (
        await db()
      )
        .insertInto('sessions')
        .values({
          id_hash: hash(token),
          handle,
          person_id: personId,
          created_at: t,
          last_seen_at: t,
          expires_at: t + policy.absoluteMs,
          address: address.slice(0, 64),
          user_agent: userAgent.slice(0, 200),
          id_token: idToken ?? null,
          second_factor: secondFactor ?? null,
        })
        .execute()
      return { token, handle }
    },
    /** The live session a cookie value stands for (and marks it used), or undefined. */
    async resolve(token: string | undefined): Promise<SessionInfo | undefined> {
      return (await resolveWithPerson(token))?.session
    },
    resolveWithPerson,
    /** Switches one session of a person to practice or back to live; false when there is no such session. */
    async setPractice(personId: string, handle: string, on: boolean): Promise<boolean> {
      const r = await (
        await db()
      )
        .updateTable('sessions')
        .set({ practice: on ? 1 : 0 })
        .where('person_id', '=', personId)
        .where('handle', '=', handle)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },
    /** Ends the session of a cookie value; answers what the provider needs to end its own (single sign-on). */
    async endByToken(token: string | undefined): Promise<{ idToken: string | null } | undefined> {
      if (!token || token.length > 100) return undefined
      const d = await db()
      const row = await d.selectFrom('sessions').select('id_token').where('id_hash', '=', hash(token)).executeTakeFirst()
      if (!row) return undefined
      await d.deleteFrom('sessions').where('id_hash', '=', hash(token)).execute()
      return { idToken: row.id_token }
    },
    /** Ends one session of a person by its public handle; false when there is none. */
    async end(personId: string, handle: string): Promise<boolean> {
      const r = await (
        await db()
      )
        .deleteFrom('sessions')
        .where('person_id', '=', personId)
        .where('handle', '=', handle)
        .executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    /** Ends every session of a person but one (the one that just proved something: a new password, a second factor). */
    async endOthers(personId: string, keepHandle: string): Promise<number> {
      const r = await (await db()).deleteFrom('sessions').where('person_id', '=', personId).where('handle', '!=', keepHandle).executeTakeFirst()
      return Number(r.numDeletedRows)
    },
    /**
     * Full sessions of these people must set up a second factor before anything else (`enrol`), as a
     * new sign-in would; sessions already waiting for one are left as they are. Answers how many.
     */
    async askToEnrol(personIds: string[]): Promise<number> {
      if (!personIds.length) return 0
      const r = await (await db())
        .updateTable('sessions')
        .set({ second_factor: 'enrol' })
        .where('person_id', 'in', personIds)
        .where('second_factor', 'is', null)
        .executeTakeFirst()
      return Number(r.numUpdatedRows)
    },
    async endAll(personId: string): Promise<number> {
      const r = await (await db()).deleteFrom('sessions').where('person_id', '=', personId).executeTakeFirst()
      return Number(r.numDeletedRows)
    },
    async list(personId: string): Promise<SessionInfo[]> {
      const t = now()
      const rows = await (
        await db()
      )
        .selectFrom('sessions')
        .selectAll()
        .where('person_id', '=', personId)
        .where('expires_at', '>', t)
        .where('last_seen_at', '>', t - policy.idleMs)
        .orderBy('last_seen_at', 'desc')
        .execute()
      return rows.map((r) => ({
        handle: r.handle,
        personId: r.person_id,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        expiresAt: Math.min(r.expires_at, r.last_seen_at + policy.idleMs),
        address: r.address,
        userAgent: r.user_agent,
        practice: Boolean(Number(r.practice)),
        secondFactor: secondFactorOf(r.second_factor),
      }))
    },
    /** Deletes expired sessions; returns how many. */
    async sweep(): Promise<number> {
      const t = now()
      const r = await (
        await db()
      )
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', t), eb('last_seen_at', '<=', t - policy.idleMs)]))
        .executeTakeFirst()
      return Number(r.numDeletedRows)
    },
  }
}
