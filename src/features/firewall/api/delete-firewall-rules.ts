import { api, apiPath, ApiRequestError } from '@/lib/api-client'
import { batchIdsForUrl } from '@/shared/batching'
import type { FIREWALL_BULK_DELETE_MAX_IDS } from '@/shared/schemas/firewall'

/**
 * The sandbox's per-request id cap. The shared schema module is not imported at runtime here (it
 * brings zod into the page's first load); the type ties this copy to it, so tsc fails if they differ.
 */
const MAX_IDS_PER_REQUEST: typeof FIREWALL_BULK_DELETE_MAX_IDS = 100

/** The answer's schema (with zod) loads with the first deletion, not with the page. */
const deletedRulesSchema = async () => (await import('@/shared/schemas/firewall')).firewallDeletedRuleSchema.array()

const rulesPath = (zoneId: string) => `/zones/${zoneId}/firewall/rules`

/** The URL a bulk delete is sent to, as the browser sends it (the length that matters). */
export const bulkDeleteBaseUrl = (zoneId: string, origin = globalThis.location?.origin ?? 'http://localhost') =>
  `${origin}/api/v4${rulesPath(zoneId)}`

/** Splits rule ids into requests whose URL stays under 2,000 characters and the sandbox's cap. */
export function planDeleteBatches(zoneId: string, ids: readonly string[]): string[][] {
  return batchIdsForUrl(ids, { baseUrl: bulkDeleteBaseUrl(zoneId), maxIdsPerRequest: MAX_IDS_PER_REQUEST })
}

/** `DELETE …/firewall/rules/:id` → `[{id}]`. */
export const deleteFirewallRule = async (zoneId: string, id: string) =>
  api.delete(apiPath('/zones/:zone_id/firewall/rules/:rule_id', { zone_id: zoneId, rule_id: id }), {
    schema: await deletedRulesSchema(),
  })

/** `DELETE …/firewall/rules?id=A&id=B` → one `{id}` per deleted rule; all or nothing. */
export const deleteFirewallRules = async (zoneId: string, ids: readonly string[]) =>
  api.delete(apiPath('/zones/:zone_id/firewall/rules', { zone_id: zoneId }), {
    params: { id: ids },
    schema: await deletedRulesSchema(),
  })

export class RuleGoneError extends Error {
  constructor() {
    super('This rule no longer exists (it was deleted elsewhere), so there was nothing to delete.')
  }
}

/**
 * Deletes one URL-safe group of rules and says, per id, null (deleted) or why not. The bulk delete
 * is atomic, so when it answers 404 (some rule is already gone) each rule is looked up, the gone
 * ones are reported as such, and the rest are deleted again in one request.
 */
export async function deleteRuleGroup(zoneId: string, ids: readonly string[]): Promise<Map<string, Error | null>> {
  const out = new Map<string, Error | null>()
  const send = async (list: readonly string[]) => {
    const deleted = new Set(
      (list.length === 1 ? await deleteFirewallRule(zoneId, list[0]) : await deleteFirewallRules(zoneId, list)).map((r) => r.id),
    )
    for (const id of list) out.set(id, deleted.has(id) ? null : new Error('The API did not confirm this deletion.'))
  }
  try {
    await send(ids)
    return out
  } catch (err) {
    if (!(err instanceof ApiRequestError) || err.status !== 404) throw err
  }
  const remaining: string[] = []
  for (const id of ids) {
    try {
      await api.get(apiPath('/zones/:zone_id/firewall/rules/:rule_id', { zone_id: zoneId, rule_id: id }))
      remaining.push(id)
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) out.set(id, new RuleGoneError())
      else throw err
    }
  }
  if (remaining.length) await send(remaining)
  return out
}
