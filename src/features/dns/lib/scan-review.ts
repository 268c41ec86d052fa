/**
 * Accepting and rejecting what a DNS scan found, with a result for each record. The API
 * applies one review request all or nothing, and names the record it refused by its place
 * (`/accepts/2/content`): that record is reported with the reason, and the others are sent again
 * without it, so one bad record never hides what happened to the rest.
 */

export interface FoundRecord {
  id: string
  type: string
  name: string
  content: string
  priority?: number
  ttl?: number
  proxied?: boolean
}

export type Decision = 'accept' | 'reject'

export type ItemResult =
  | { id: string; decision: Decision; ok: true; recordId?: string }
  | { id: string; decision: Decision; ok: false; message: string }

export interface ReviewBody {
  accepts: Record<string, unknown>[]
  rejects: { id: string }[]
}
export interface ReviewAnswer {
  accepts?: { id: string }[]
  rejects?: string[]
}

/** What a failed request carries: the API's errors (the client's ApiRequestError has them). */
interface ErrorLike {
  errors?: { code?: number; message: string; source?: { pointer?: string } }[]
  message?: string
}

/** The found record as the API is asked to add it (the fields it was found with; the id says which). */
export function acceptPayload(r: FoundRecord): Record<string, unknown> {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    content: r.content,
    ttl: r.ttl ?? 1,
    proxied: r.proxied ?? false,
    ...(r.priority !== undefined ? { priority: r.priority } : {}),
  }
}

const POINTER = /^\/(accepts|rejects)\/(\d+)(\/.*)?$/

/** Sends the decisions, narrowing down to the records the API refuses; one result per record, in order. */
export async function reviewFound(
  send: (body: ReviewBody) => Promise<ReviewAnswer>,
  items: readonly { record: FoundRecord; decision: Decision }[],
): Promise<ItemResult[]> {
  const results = new Map<string, ItemResult>()
  let pending = [...items]
  while (pending.length) {
    const accepts = pending.filter((i) => i.decision === 'accept')
    const rejects = pending.filter((i) => i.decision === 'reject')
    try {
      const answer = await send({ accepts: accepts.map((i) => acceptPayload(i.record)), rejects: rejects.map((i) => ({ id: i.record.id })) })
      accepts.forEach((i, n) => results.set(i.record.id, { id: i.record.id, decision: 'accept', ok: true, recordId: answer.accepts?.[n]?.id }))
      for (const i of rejects) results.set(i.record.id, { id: i.record.id, decision: 'reject', ok: true })
      break
    } catch (err) {
      const e = err as ErrorLike
      const refused = new Set<string>()
      for (const item of e.errors ?? []) {
        const m = POINTER.exec(item.source?.pointer ?? '')
        const target = m && (m[1] === 'accepts' ? accepts : rejects)[Number(m[2])]
        if (!target) continue
        const field = m[3] ? `${m[3].slice(1)}: ` : ''
        const had = results.get(target.record.id)
        const message = `${had && !had.ok ? `${had.message}; ` : ''}${field}${item.message}`
        results.set(target.record.id, { id: target.record.id, decision: target.decision, ok: false, message })
        refused.add(target.record.id)
      }
      if (!refused.size) {
        // Nothing names a record (the rate limit, the network…): none of these was applied.
        const message = e.errors?.map((x) => x.message).join('; ') || e.message || 'The review could not be sent.'
        for (const i of pending) results.set(i.record.id, { id: i.record.id, decision: i.decision, ok: false, message })
        break
      }
      pending = pending.filter((i) => !refused.has(i.record.id))
    }
  }
  return items.map((i) => results.get(i.record.id)!)
}

/** "3 added, 1 rejected, 1 not done" for the dialog's status line. */
export function reviewSummary(results: readonly ItemResult[]): string {
  const added = results.filter((r) => r.ok && r.decision === 'accept').length
  const rejected = results.filter((r) => r.ok && r.decision === 'reject').length
  const failed = results.filter((r) => !r.ok).length
  const parts = [`${added} added to the zone`, `${rejected} rejected`]
  if (failed) parts.push(`${failed} not done (see each record)`)
  return `${parts.join(', ')}.`
}
