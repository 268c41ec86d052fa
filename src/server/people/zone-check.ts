import type { Context } from 'hono'
import type { Forward } from '../upstream'

/** Zones of a scope looked up at the same time (as the scoped zone list does). */
const LOOKUPS_AT_ONCE = 6
const HEX_ID = /^[0-9a-f]{32}$/

export type ZoneCheck =
  | { ok: true; names: string[] }
  | { ok: false; missing: string[] }
  | { ok: false; failed: Response }

/**
 * The zones of a person's scope checked against the account: each name is looked
 * up with `GET /zones?name=<name>` (an exact, case-insensitive match; a shared, briefly kept read in
 * live mode), each zone id with `GET /zones/<id>`, and ids become the names scopes are written in.
 * Only `asked` values not in `known` (the person's current scope) are looked up: a zone removed from
 * the account since it was given does not block a change of role. A zone that does not exist is
 * `missing`; an answer that is neither found nor not-found (an upstream failure) is `failed`.
 * With `account` (a grant in one account) only that account's zones count: a credential reaching
 * several accounts (an agency's) would otherwise find another client's zone of that name.
 */
export async function checkScopeZones(forward: Forward, c: Context, asked: readonly string[], known: readonly string[] = [], account?: string): Promise<ZoneCheck> {
  const keep = new Set(known.map((z) => z.toLowerCase()))
  const values = [...new Set(asked.map((z) => z.trim().toLowerCase()))]
  const names = new Map<string, string>()
  const missing: string[] = []
  let failed: Response | undefined
  let next = 0
  const lookUp = async () => {
    while (next < values.length && !failed) {
      const value = values[next++]
      if (keep.has(value)) {
        names.set(value, value)
        continue
      }
      const byId = HEX_ID.test(value)
      const res = await forward({ method: 'GET', pathAndQuery: byId ? `/zones/${value}` : `/zones?${new URLSearchParams({ name: value, ...(account ? { 'account.id': account } : {}) })}` }, c)
      if (byId && (res.status === 404 || res.status === 400)) {
        void res.body?.cancel().catch(() => {})
        missing.push(value)
        continue
      }
      if (!res.ok) {
        failed ??= res
        return
      }
      const body = (await res.json().catch(() => null)) as { result?: unknown } | null
      type Found = { name?: unknown; account?: { id?: unknown } }
      const ours = (z: Found | undefined) => !account || z?.account?.id === account
      const found = byId
        ? ours(body?.result as Found | undefined) ? (body?.result as Found | undefined)?.name : undefined
        : (Array.isArray(body?.result) ? (body.result as Found[]) : []).find((z) => typeof z.name === 'string' && z.name.toLowerCase() === value && ours(z))?.name
      if (typeof found === 'string') names.set(value, found.toLowerCase())
      else missing.push(value)
    }
  }
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, values.length) }, lookUp))
  if (failed) return { ok: false, failed }
  if (missing.length) return { ok: false, missing: values.filter((v) => missing.includes(v)) }
  return { ok: true, names: [...new Set(values.map((v) => names.get(v)!))] }
}

/** The field error for zones the account does not have, naming them. */
export function missingZonesMessage(missing: readonly string[]): string {
  const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ` and ${missing.length - 5} more` : '')
  return missing.length === 1
    ? `The account has no zone ${shown}: choose zones from the account's list (check the spelling).`
    : `The account has no zones ${shown}: choose zones from the account's list (check the spelling).`
}
