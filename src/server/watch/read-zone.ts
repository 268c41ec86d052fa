import type { Send } from '../upstream'

/** What a check reads of a zone, through the same path as every other request (sandbox or live API). */
export interface ZoneScript {
  id: string
  url: string
  host: string
  first_page_url: string
  status: string
  hash: string | null
  js_integrity_score: number | null
  malware_score: number | null
  magecart_score: number | null
  cryptomining_score: number | null
}
export interface ZoneConnection {
  id: string
  url: string
  host: string
  first_page_url: string
}
export interface ZonePolicy {
  id: string
  description: string
  action: string
  expression: string
  enabled: boolean
  value: string
}
export interface ZoneReading {
  monitoring: boolean
  scripts: ZoneScript[]
  connections: ZoneConnection[]
  policies: ZonePolicy[]
}

/** Larger than any zone the API answers for (20,000 scripts is 200 pages). */
const MAX_PAGES = 2000

export class ReadFailed extends Error {}

async function envelope<T>(send: Send, pathAndQuery: string): Promise<{ result: T; total_pages?: number }> {
  const res = await send({ method: 'GET', pathAndQuery, accept: 'application/json' })
  let body: { success?: boolean; result?: T; result_info?: { total_pages?: number }; errors?: { message?: string }[] }
  try {
    body = (await res.json()) as typeof body
  } catch {
    throw new ReadFailed(`GET ${pathAndQuery.split('?')[0]} answered ${res.status} without JSON`)
  }
  if (!res.ok || body.success === false || body.result === undefined) {
    throw new ReadFailed(`GET ${pathAndQuery.split('?')[0]} answered ${res.status}: ${body.errors?.map((e) => e.message).join('; ') ?? 'no result'}`)
  }
  return { result: body.result, total_pages: body.result_info?.total_pages }
}

async function every<T>(send: Send, path: string, query: string): Promise<T[]> {
  const all: T[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { result, total_pages } = await envelope<T[]>(send, `${path}?${query}&per_page=100&page=${page}`)
    all.push(...result)
    if (result.length < 100 || page >= (total_pages ?? page)) break
  }
  return all
}

const ALL = 'status=active,infrequent,inactive&exclude_cdn_cgi=false'

export async function readZone(send: Send, zoneId: string): Promise<ZoneReading> {
  const base = `/zones/${zoneId}/page_shield`
  const settings = await envelope<{ enabled?: boolean }>(send, base)
  if (!settings.result.enabled) return { monitoring: false, scripts: [], connections: [], policies: [] }
  const scripts = await every<ZoneScript>(send, `${base}/scripts`, `${ALL}&exclude_duplicates=false`)
  const connections = await every<ZoneConnection>(send, `${base}/connections`, ALL)
  const policies = (await envelope<ZonePolicy[]>(send, `${base}/policies`)).result
  return { monitoring: true, scripts, connections, policies }
}

/** The zones of the account (id and name), every page. */
export async function readZones(send: Send): Promise<{ id: string; name: string }[]> {
  const all: { id: string; name: string }[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { result, total_pages } = await envelope<{ id: string; name: string }[]>(send, `/zones?per_page=50&page=${page}`)
    all.push(...result.map((z) => ({ id: z.id, name: z.name })))
    if (result.length < 50 || page >= (total_pages ?? page)) break
  }
  return all
}

export async function monitoringOn(send: Send, zoneId: string): Promise<boolean> {
  try {
    return Boolean((await envelope<{ enabled?: boolean }>(send, `/zones/${zoneId}/page_shield`)).result.enabled)
  } catch {
    return false
  }
}

/** The pages that load one script (its detail carries them all); the first page when it cannot be read. */
export async function scriptPages(send: Send, zoneId: string, script: ZoneScript): Promise<string[]> {
  try {
    const { result } = await envelope<{ page_urls?: string[] }>(send, `/zones/${zoneId}/page_shield/scripts/${script.id}`)
    return result.page_urls?.length ? result.page_urls : [script.first_page_url]
  } catch {
    return script.first_page_url ? [script.first_page_url] : []
  }
}
