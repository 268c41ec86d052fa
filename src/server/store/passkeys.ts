import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Migration } from 'kysely'
import type { Db } from './db'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/** A person's passkey (a WebAuthn credential) as the store keeps it. */
export interface PasskeysTable {
  id: string
  person_id: string
  /** The credential id the authenticator chose (base64url); unique over everyone. */
  credential_id: string
  /** The COSE public key (base64url). */
  public_key: string
  /** The signature counter last seen: an assertion must bring a higher one (0 = the authenticator keeps none). */
  counter: number
  /** JSON list of transports the browser reported (usb, internal, hybrid…), handed back at sign-in. */
  transports: string
  name: string
  created_at: number
  last_used_at: number | null
}

/** A WebAuthn challenge handed to one session: used once, until it expires. */
export interface WebauthnChallengesTable {
  challenge: string
  person_id: string
  session_handle: string
  /** `register` (adding a passkey) or `authenticate` (the second step of a sign-in). */
  purpose: string
  expires_at: number
}

/** `passkeys_0001-webauthn`: passkeys and their one-time challenges (SQLite and PostgreSQL alike). */
export function passkeysMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', sql`bigint`, (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', sql`bigint`, (c) => c.notNull())
        .addColumn('last_used_at', sql`bigint`)
        .execute()
      await db.schema.createIndex('passkeys_person').on('passkeys').column('person_id').execute()
      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
        .addColumn('session_handle', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', sql`bigint`, (c) => c.notNull())
        .execute()
      await db.schema.createIndex('webauthn_challenges_person').on('webauthn_challenges').column('person_id').execute()
    },
  }
}

export interface Passkey {
  id: string
  credentialId: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
  name: string
  createdAt: number
  lastUsedAt: number | null
}

export type ChallengePurpose = 'register' | 'authenticate'

/** Challenges a person may hold at once per purpose (a page opened in several tabs); older ones go. */
const CHALLENGES_KEPT = 5

const transportsOf = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : []
  } catch {
    return []
  }
}

const toPasskey = (r: PasskeysTable): Passkey => ({
  id: r.id,
  credentialId: r.credential_id,
  publicKey: new Uint8Array(Buffer.from(r.public_key, 'base64url')),
  counter: Number(r.counter),
  transports: transportsOf(r.transports),
  name: r.name,
  createdAt: Number(r.created_at),
  lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
})

/**
 * Passkeys of password accounts, and the challenges of their ceremonies. What must happen once is
 * decided by the store, so it holds across instances: a challenge is used by the DELETE that removes
 * it (only while unexpired, only by the session and for the purpose it was made for), and a sign-in
 * moves a passkey's counter forward with one UPDATE … WHERE counter < new (two replays of one
 * assertion cannot both pass).
 */
export function passkeyStore(db: () => Promise<Db>, now: () => number) {
  return {
    async list(personId: string): Promise<Passkey[]> {
      const rows = await (await db()).selectFrom('passkeys').selectAll().where('person_id', '=', personId).orderBy('created_at').orderBy('id').execute()
      return rows.map(toPasskey)
    },
    async count(personId: string): Promise<number> {
      const row = await (await db())
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('person_id', '=', personId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
    /** How many passkeys each person with any has, in one read (the People list). */
    async counts(): Promise<Map<string, number>> {
      const rows = await (await db())
        .selectFrom('passkeys')
        .select((eb) => ['person_id', eb.fn.countAll<number>().as('n')])
        .groupBy('person_id')
        .execute()
      return new Map(rows.map((r) => [r.person_id, Number(r.n)]))
    },
    /** Keeps a verified credential; false when that credential is registered already (to anyone). */
    async add(
      personId: string,
      p: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string },
    ): Promise<Passkey | undefined> {
      const row: PasskeysTable = {
        id: randomBytes(9).toString('base64url'),
        person_id: personId,
        credential_id: p.credentialId,
        public_key: Buffer.from(p.publicKey).toString('base64url'),
        counter: p.counter,
        transports: JSON.stringify(p.transports),
        name: p.name,
        created_at: now(),
        last_used_at: null,
      }
      const r = await (await db())
        .insertInto('passkeys')
        .values(row)
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .returning('id')
        .executeTakeFirst()
      return r ? toPasskey(row) : undefined
    },
    /** Removes one of a person's passkeys; answers its name, or undefined when there is no such passkey. */
    async remove(personId: string, id: string): Promise<string | undefined> {
      const d = await db()
      const found = await d.selectFrom('passkeys').select('name').where('person_id', '=', personId).where('id', '=', id).executeTakeFirst()
      if (!found) return undefined
      const r = await d.deleteFrom('passkeys').where('person_id', '=', personId).where('id', '=', id).executeTakeFirst()
      return Number(r.numDeletedRows) === 1 ? found.name : undefined
    },
    /** Removes all of a person's passkeys and challenges (an administrator's reset); answers how many passkeys went. */
    async removeAll(personId: string): Promise<number> {
      const d = await db()
      await d.deleteFrom('webauthn_challenges').where('person_id', '=', personId).execute()
      const r = await d.deleteFrom('passkeys').where('person_id', '=', personId).executeTakeFirst()
      return Number(r.numDeletedRows)
    },
    /**
     * Records a sign-in with a passkey: true only when `counter` moves forward (or both are 0, an
     * authenticator that keeps no counter). A replayed or cloned assertion loses here.
     */
    async use(personId: string, id: string, counter: number): Promise<boolean> {
      const r = await (await db())
        .updateTable('passkeys')
        .set({ counter, last_used_at: now() })
        .where('person_id', '=', personId)
        .where('id', '=', id)
        .where('counter', counter === 0 ? '=' : '<', counter)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },
    /** Keeps a fresh challenge for one session and purpose; sweeps expired ones and the person's oldest. */
    async challenge(personId: string, sessionHandle: string, purpose: ChallengePurpose, ttlMs: number): Promise<string> {
      const d = await db()
      const challenge = randomBytes(32).toString('base64url')
      await d.deleteFrom('webauthn_challenges').where('expires_at', '<=', now()).execute()
      const kept = await d
        .selectFrom('webauthn_challenges')
        .select('challenge')
        .where('person_id', '=', personId)
        .where('purpose', '=', purpose)
        .orderBy('expires_at', 'desc')
        .limit(CHALLENGES_KEPT - 1)
        .execute()
      let old = d.deleteFrom('webauthn_challenges').where('person_id', '=', personId).where('purpose', '=', purpose)
      if (kept.length) old = old.where('challenge', 'not in', kept.map((k) => k.challenge))
      await old.execute()
      await d
        .insertInto('webauthn_challenges')
        .values({ challenge, person_id: personId, session_handle: sessionHandle, purpose, expires_at: now() + ttlMs })
        .execute()
      return challenge
    },
    /** Uses a challenge once: true when it was this session's, for this purpose, and unexpired (the DELETE decides). */
    async useChallenge(challenge: string, personId: string, sessionHandle: string, purpose: ChallengePurpose): Promise<boolean> {
      const r = await (await db())
        .deleteFrom('webauthn_challenges')
        .where('challenge', '=', challenge)
        .where('person_id', '=', personId)
        .where('session_handle', '=', sessionHandle)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now())
        .executeTakeFirst()
      return Number(r.numDeletedRows) === 1
    },
  }
}
