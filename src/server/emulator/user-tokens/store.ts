import type { UserTokenInput } from '../../../shared/schemas/user-token'
import { stableId } from '../ids'
import type { Db, SeedContext } from '../module'

export interface TokenRow {
  id: string
  name: string
  status: string
  policies: string
  condition: string | null
  not_before: string | null
  expires_on: string | null
  issued_on: string
  modified_on: string
  last_used_on: string | null
}

/** Names of the permission groups the sandbox knows (the service has hundreds; others show by id). */
const PERMISSION_GROUPS: Record<string, string> = {
  c8fed203ed3043cba015a93ad1616f1f: 'Zone Read',
  '82e64a83756745bbbb1c9c2701bf816b': 'DNS Read',
}

/** A token past its expiry shows as expired, whatever it was. */
const statusOf = (row: TokenRow, now: Date) =>
  row.expires_on !== null && Date.parse(row.expires_on) <= now.getTime() ? 'expired' : row.status

export function toToken(row: TokenRow, now: Date) {
  const policies = JSON.parse(row.policies) as { permission_groups: { id: string }[] }[]
  return {
    id: row.id,
    name: row.name,
    status: statusOf(row, now),
    issued_on: row.issued_on,
    modified_on: row.modified_on,
    last_used_on: row.last_used_on,
    not_before: row.not_before,
    expires_on: row.expires_on,
    policies: policies.map((p) => ({
      ...p,
      permission_groups: p.permission_groups.map((g) => ({
        ...g,
        ...(PERMISSION_GROUPS[g.id] && { name: PERMISSION_GROUPS[g.id] }),
      })),
    })),
    ...(row.condition !== null && { condition: JSON.parse(row.condition) as unknown }),
  }
}

/** The columns a write sets from its input (policies get ids when sent without). */
export function tokenColumns(input: UserTokenInput, idFor: (i: number) => string) {
  return {
    name: input.name,
    policies: JSON.stringify(input.policies.map((p, i) => ({ ...p, id: p.id ?? idFor(i) }))),
    condition: input.condition === undefined ? null : JSON.stringify(input.condition),
    not_before: input.not_before ?? null,
    expires_on: input.expires_on ?? null,
  }
}

export function insertToken(db: Db, row: TokenRow): void {
  db.prepare(
    `INSERT OR IGNORE INTO user_tokens (id, name, status, policies, condition, not_before, expires_on, issued_on, modified_on, last_used_on)
    VALUES (@id, @name, @status, @policies, @condition, @not_before, @expires_on, @issued_on, @modified_on, @last_used_on)`,
  ).run(row)
}

/** The demo user's token for the dashboard's sandbox, reading zones and DNS of every zone. */
export function seedUserTokens({ db, now }: SeedContext): void {
  const stamp = now().toISOString()
  const id = stableId('user-token:sandbox')
  insertToken(db, {
    id,
    status: 'active',
    issued_on: stamp,
    modified_on: stamp,
    last_used_on: stamp,
    ...tokenColumns(
      {
        name: 'Sandbox read-only',
        policies: [
          {
            effect: 'allow',
            permission_groups: [{ id: 'c8fed203ed3043cba015a93ad1616f1f' }, { id: '82e64a83756745bbbb1c9c2701bf816b' }],
            resources: { 'com.cloudflare.api.account.zone.*': '*' },
          },
        ],
      },
      (i) => stableId(`user-token-policy:${id}:${i}`),
    ),
  })
}
