import type { z } from 'zod'
import { dnsRecordInputSchema } from '../../shared/schemas/dns-record-input'
import { dnsRecordPatchSchema } from '../../shared/schemas/dns-record-patch'
import { policyCreateSchema, policyUpdateSchema } from '../../shared/schemas/page-shield-policy'
import type { ChangeItemAction, ChangeItemKind } from '../../shared/schemas/change-requests'
import { readMany } from '../audit/capture'
import type { Send } from '../upstream'

/**
 * What each kind of change in a request is (issue 25): where its object lives in the API, and the
 * schema of the endpoint that writes it (an item is checked with it when filed, so a bad change is
 * refused then, pointing at the item, not at apply time).
 */
const SCHEMAS: Record<ChangeItemKind, { create: z.ZodType; update: z.ZodType }> = {
  dns_record: { create: dnsRecordInputSchema, update: dnsRecordPatchSchema },
  page_shield_policy: { create: policyCreateSchema, update: policyUpdateSchema },
}

/** The API path of a kind's collection in a zone (no leading /api/v4). */
export const collectionPath = (zoneId: string, kind: ChangeItemKind) => (kind === 'page_shield_policy' ? `/zones/${zoneId}/page_shield/policies` : `/zones/${zoneId}/dns_records`)
export const objectPath = (zoneId: string, kind: ChangeItemKind, id: string) => `${collectionPath(zoneId, kind)}/${encodeURIComponent(id)}`

type Item = { kind?: ChangeItemKind; action: ChangeItemAction; body?: Record<string, unknown> | null }

/** Every item's body checked with the schema of its own endpoint; issues point at `items.<i>.body.<field>`. */
export function itemIssues(items: Item[]): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = []
  items.forEach((it, i) => {
    if (it.action === 'delete') return
    const s = SCHEMAS[it.kind ?? 'dns_record']
    const check = (it.action === 'create' ? s.create : s.update).safeParse(it.body)
    if (!check.success) issues.push(...check.error.issues.map((x) => ({ ...x, path: ['items', i, 'body', ...x.path] })))
  })
  return issues
}

/** The objects the items touch as they are now, in item order (null: a create, or gone), a few reads at a time. */
export async function readTouched(send: Send, zoneId: string, items: { kind?: ChangeItemKind; recordId: string | null }[]): Promise<(Record<string, unknown> | null)[]> {
  const wanted = items.map((it, i) => ({ it, i })).filter((x) => x.it.recordId !== null)
  const got = await readMany(send, wanted.map(({ it }) => objectPath(zoneId, it.kind ?? 'dns_record', it.recordId!)))
  const out: (Record<string, unknown> | null)[] = items.map(() => null)
  wanted.forEach((w, k) => (out[w.i] = (got[k] as Record<string, unknown> | null) ?? null))
  return out
}
