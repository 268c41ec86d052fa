import type { Send } from '../upstream'

/**
 * One paging routine for the API's page-security lists: the script watch reads a zone's
 * whole lists with it, the script and connection indexes fill and refresh themselves with it.
 */

/** A list page the API refused or did not answer with its envelope. `status` 0: no HTTP answer to speak of. */
export class ListReadError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    readonly body = '',
  ) {
    super(message)
  }
}

export interface ListPage<T> {
  page: number
  items: T[]
  /** The list's size as the API gave it with this page (it can move while the list is read). */
  totalCount?: number
  /** Items read so far, this page included. */
  seen: number
}

/** Larger than any zone the API answers for (20,000 scripts is 200 pages of 100). */
export const MAX_LIST_PAGES = 2000

interface Envelope<T> {
  success?: boolean
  result?: T
  result_info?: { total_count?: number; total_pages?: number }
  errors?: { message?: string }[]
}

/** One API read in its envelope; a refusal or a body that is not the envelope throws ListReadError. */
export async function readEnvelope<T>(send: Send, pathAndQuery: string): Promise<Envelope<T> & { result: T }> {
  const res = await send({ method: 'GET', pathAndQuery, accept: 'application/json' })
  const text = await res.text()
  const path = pathAndQuery.split('?')[0]
  let body: Envelope<T>
  try {
    body = JSON.parse(text) as Envelope<T>
  } catch {
    throw new ListReadError(`GET ${path} answered ${res.status} without JSON`, res.status, text)
  }
  if (!res.ok || body.success === false || body.result === undefined) {
    const why = body.errors?.map((e) => e.message).join('; ') || 'no result'
    throw new ListReadError(`GET ${path} answered ${res.status}: ${why}`, res.status, text)
  }
  return body as Envelope<T> & { result: T }
}

/**
 * Every page of a list, first to last, one request at a time (a consumer may stop early). It ends
 * at a short page, at the last page the API announced, or once it has read as many items as the
 * list said it holds: whichever comes first.
 */
export async function* listPages<T>(
  send: Send,
  path: string,
  query: Record<string, string>,
  { perPage = 100, firstPage = 1 }: { perPage?: number; firstPage?: number } = {},
): AsyncGenerator<ListPage<T>> {
  let seen = 0
  for (let page = firstPage; page < firstPage + MAX_LIST_PAGES; page++) {
    const params = new URLSearchParams({ ...query, page: String(page), per_page: String(perPage) })
    const body = await readEnvelope<T[]>(send, `${path}?${params}`)
    const items = body.result
    seen += items.length
    const totalCount = body.result_info?.total_count
    const totalPages = body.result_info?.total_pages
    yield { page, items, totalCount, seen }
    if (items.length < perPage || (totalPages !== undefined && page >= totalPages) || (totalCount !== undefined && seen >= totalCount)) return
  }
}

/** Every item of a list (see listPages). */
export async function readAll<T>(send: Send, path: string, query: Record<string, string>, perPage = 100): Promise<T[]> {
  const all: T[] = []
  for await (const p of listPages<T>(send, path, query, { perPage })) all.push(...p.items)
  return all
}
