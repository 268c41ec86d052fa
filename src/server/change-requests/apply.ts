import type { ChangeItemView, ItemProblem } from '../../shared/schemas/change-requests'
import { recordLabel } from './review'

type Rec = Record<string, unknown>
type Kind = 'deletes' | 'patches' | 'posts'

/**
 * The request as one DNS batch (the API runs deletes, then patches, then posts, all or nothing),
 * and where each item landed in it, to read the answer and the errors back per item.
 */
export function toBatch(items: ChangeItemView[]) {
  const body: Record<Kind, Rec[]> = { deletes: [], patches: [], posts: [] }
  const at: { kind: Kind; index: number }[] = []
  for (const item of items) {
    const kind: Kind = item.action === 'delete' ? 'deletes' : item.action === 'update' ? 'patches' : 'posts'
    const entry = item.action === 'delete' ? { id: item.recordId } : item.action === 'update' ? { id: item.recordId, ...withoutId(item.body) } : withoutId(item.body)
    at.push({ kind, index: body[kind].push(entry) - 1 })
  }
  const sent = Object.fromEntries(Object.entries(body).filter(([, list]) => list.length))
  return { body: sent, at }
}

const withoutId = (b: Rec | null): Rec => {
  const { id: _id, ...rest } = b ?? {}
  return rest
}

/** Each item's record after the batch, from the batch's answer. */
export function aftersOf(result: unknown, at: { kind: Kind; index: number }[]): (Rec | null)[] {
  const r = (result ?? {}) as Partial<Record<Kind, Rec[]>>
  return at.map(({ kind, index }) => (kind === 'deletes' ? null : (r[kind]?.[index] ?? null)))
}

/** The API's errors, each on the item it points at (`/posts/0/content`), else on the batch as a whole. */
export function problemsOf(errors: { code?: number; message?: string; source?: { pointer?: string } }[], items: ChangeItemView[], at: { kind: Kind; index: number }[]): ItemProblem[] {
  return errors.map((e) => {
    const m = /^\/(deletes|patches|puts|posts)\/(\d+)/.exec(e.source?.pointer ?? '')
    const i = m ? at.findIndex((a) => a.kind === m[1] && a.index === Number(m[2])) : -1
    const item = items[i]
    const label = item ? recordLabel(item.action === 'create' ? item.body : item.before) : 'the batch'
    return { position: item ? item.position : -1, label, message: `${e.message ?? 'Refused'}${e.code ? ` (code ${e.code})` : ''}` }
  })
}
