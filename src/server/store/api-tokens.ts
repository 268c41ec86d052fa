import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { Db } from './db'

export interface ApiToken {
  id: string
  personId: string
  name: string
  /** The first characters, so a person can tell their tokens apart; the rest is never stored. */
  prefix: string
  createdAt: number
  lastUsedAt: number | null
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')
/** The part of a token that is stored and shown (the audit log names the token a write came with by it). */
export const tokenPrefix = (token: string) => token.slice(0, 10)
const TOUCH_EVERY_MS = 60_000

/** Personal API tokens for the sandbox's /client/v4 door: shown once, stored as a SHA-256 hash, revocable. */
export function apiTokenStore(db: () => Promise<Db>, now: () => number) {
  const toToken = (r: {
    id: string
    person_id: string
    name: string
    prefix: string
    created_at: number
    last_used_at: number | null
  }): ApiToken => ({
    id: r.id,
    personId: r.person_id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  })
  return {
    async create(personId: string, name: string): Promise<{ token: string; info: ApiToken }> {
      const token = `zk_${randomBytes(30).toString('base64url')}`
      const row = {
        id: randomUUID(),
        person_id: personId,
        name,
        prefix: tokenPrefix(token),
        token_hash: hash(token),
        created_at: now(),
        last_used_at: null,
      }
      await (await db()).insertInto('api_tokens').values(row).execute()
      return { token, info: toToken(row) }
    },
    async list(personId: string): Promise<ApiToken[]> {
      const rows = await (
        await db()
      )
        .selectFrom('api_tokens')
        .selectAll()
        .where('person_id', '=', personId)
        .orderBy('created_at', 'desc')
        .execute()
      return rows.map(toToken)
    },
    async revoke(personId: string, id: string): Promise<boolean> {
      const r = await (
        await db()
      )
        .deleteFrom('api_tokens')
        .where('person_id', '=', personId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(r.numDeletedRows) > 0
    },
    /** Revokes every token of a person (password reset or change, disabling); answers how many. */
    async revokeAll(personId: string): Promise<number> {
      const r = await (await db()).deleteFrom('api_tokens').where('person_id', '=', personId).executeTakeFirst()
      return Number(r.numDeletedRows)
    },
    /**
     * The token's owner id, or undefined; marks it used. A token is suspended (undefined, not marked)
     * while its owner is disabled or must choose a new password: decided in the same query.
     */
    async resolve(token: string): Promise<string | undefined> {
      if (!token.startsWith('zk_') || token.length > 100) return undefined
      const d = await db()
      const row = await d
        .selectFrom('api_tokens')
        .innerJoin('people', 'people.id', 'api_tokens.person_id')
        .select(['api_tokens.id', 'api_tokens.person_id', 'api_tokens.last_used_at'])
        .where('api_tokens.token_hash', '=', hash(token))
        .where('people.disabled', '=', 0)
        .where('people.must_change_password', '=', 0)
        .executeTakeFirst()
      if (!row) return undefined
      const t = now()
      if (row.last_used_at === null || t - row.last_used_at > TOUCH_EVERY_MS) {
        await d.updateTable('api_tokens').set({ last_used_at: t }).where('id', '=', row.id).execute()
      }
      return row.person_id
    },
  }
}
