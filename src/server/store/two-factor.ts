import { createHash } from 'node:crypto'
import type { Db } from './db'

/** Who must use a second factor: nobody is forced, administrators, or everyone (password accounts). */
export type TwoFactorPolicy = 'optional' | 'admins' | 'everyone'
export const TWO_FACTOR_POLICIES: TwoFactorPolicy[] = ['optional', 'admins', 'everyone']
const POLICY_KEY = 'two_factor_policy'

export interface TwoFactorState {
  enabled: boolean
  /** Base32 TOTP secret (RFC 6238). */
  secret: string
  recoveryCodesLeft: number
}

const hash = (code: string) => createHash('sha256').update(code).digest('hex')

/**
 * Second factors of password accounts: an authenticator app's TOTP secret and one-time recovery
 * codes (stored as SHA-256). Single use is decided by the store: a time step is accepted only when it
 * is later than the last one used (one UPDATE … WHERE last_step < step), a recovery code only by the
 * DELETE that removes it; two requests with the same code cannot both pass.
 */
export function twoFactorStore(db: () => Promise<Db>, now: () => number) {
  return {
    async get(personId: string): Promise<TwoFactorState | undefined> {
      const d = await db()
      const row = await d.selectFrom('two_factor').selectAll().where('person_id', '=', personId).executeTakeFirst()
      if (!row) return undefined
      const left = await d
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('person_id', '=', personId)
        .executeTakeFirstOrThrow()
      return { enabled: row.enabled === 1, secret: row.secret, recoveryCodesLeft: Number(left.n) }
    },
    /** The people whose authenticator app is set up (confirmed), in one read (the People list). */
    async enabledPeople(): Promise<Set<string>> {
      const rows = await (await db()).selectFrom('two_factor').select('person_id').where('enabled', '=', 1).execute()
      return new Set(rows.map((r) => r.person_id))
    },
    /** Keeps a secret being set up (not yet confirmed); an enabled one is never replaced. Returns the secret in use. */
    async prepare(personId: string, secret: string): Promise<string> {
      const d = await db()
      await d
        .insertInto('two_factor')
        .values({ person_id: personId, secret, enabled: 0, last_step: 0, created_at: now() })
        .onConflict((oc) => oc.column('person_id').doNothing())
        .execute()
      const row = await d.selectFrom('two_factor').select('secret').where('person_id', '=', personId).executeTakeFirstOrThrow()
      return row.secret
    },
    /** Confirms the secret with the time step of a code just checked, and stores new recovery codes. */
    async enable(personId: string, step: number, recoveryCodes: string[]): Promise<boolean> {
      const d = await db()
      const r = await d
        .updateTable('two_factor')
        .set({ enabled: 1, last_step: step })
        .where('person_id', '=', personId)
        .where('enabled', '=', 0)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return false
      await d.deleteFrom('recovery_codes').where('person_id', '=', personId).execute()
      await d
        .insertInto('recovery_codes')
        .values(recoveryCodes.map((c) => ({ person_id: personId, code_hash: hash(c) })))
        .execute()
      return true
    },
    /** Uses a time step once: true when it is later than any used before (the code may not be replayed). */
    async useStep(personId: string, step: number): Promise<boolean> {
      const r = await (await db())
        .updateTable('two_factor')
        .set({ last_step: step })
        .where('person_id', '=', personId)
        .where('enabled', '=', 1)
        .where('last_step', '<', step)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    },
    /** Uses a recovery code once (the DELETE decides). */
    async useRecoveryCode(personId: string, code: string): Promise<boolean> {
      const r = await (await db())
        .deleteFrom('recovery_codes')
        .where('person_id', '=', personId)
        .where('code_hash', '=', hash(code))
        .executeTakeFirst()
      return Number(r.numDeletedRows) === 1
    },
    /** Recovery codes a person has left (they also stand in for a passkey). */
    async recoveryCodesLeft(personId: string): Promise<number> {
      const left = await (await db())
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('person_id', '=', personId)
        .executeTakeFirstOrThrow()
      return Number(left.n)
    },
    /** Stores recovery codes for a person who has none (their first passkey); false when they have some. */
    async addRecoveryCodesIfNone(personId: string, recoveryCodes: string[]): Promise<boolean> {
      const d = await db()
      return d.transaction().execute(async (t) => {
        const some = await t.selectFrom('recovery_codes').select('person_id').where('person_id', '=', personId).limit(1).executeTakeFirst()
        if (some) return false
        await t
          .insertInto('recovery_codes')
          .values(recoveryCodes.map((c) => ({ person_id: personId, code_hash: hash(c) })))
          .execute()
        return true
      })
    },
    /** Removes the authenticator app only (its owner turned it off and keeps passkeys and recovery codes). */
    async removeApp(personId: string): Promise<boolean> {
      const r = await (await db()).deleteFrom('two_factor').where('person_id', '=', personId).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    /** Removes a person's second factor (an administrator's reset, or turning it off). */
    async reset(personId: string): Promise<boolean> {
      const d = await db()
      await d.deleteFrom('recovery_codes').where('person_id', '=', personId).execute()
      const r = await d.deleteFrom('two_factor').where('person_id', '=', personId).executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    async policy(): Promise<TwoFactorPolicy> {
      const row = await (await db()).selectFrom('settings').select('value').where('key', '=', POLICY_KEY).executeTakeFirst()
      return TWO_FACTOR_POLICIES.includes(row?.value as TwoFactorPolicy) ? (row!.value as TwoFactorPolicy) : 'optional'
    },
    async setPolicy(policy: TwoFactorPolicy): Promise<void> {
      await (await db())
        .insertInto('settings')
        .values({ key: POLICY_KEY, value: policy })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: policy }))
        .execute()
    },
  }
}
