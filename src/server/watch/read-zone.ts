import { ListReadError, readAll, readEnvelope } from '../page-shield/list-pages'
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

/** A read of the zone that failed (the shared paging routine's error, so callers catch one kind). */
export class ReadFailed extends ListReadError {}

async function envelope<T>(send: Send, pathAndQuery: string): Promise<{ result: T }> {
  try {
    return await readEnvelope<T>(send, pathAndQuery)
  } catch (err) {
    throw err instanceof ListReadError ? new ReadFailed(err.message, err.status, err.body) : err
  }
}

async function every<T>(send: Send, path: string, query: Record<string, string>, perPage = 100): Promise<T[]> {
  try {
    return await readAll<T>(send, path, query, perPage)
  } catch (err) {
    throw err instanceof ListReadError ? new ReadFailed(err.message, err.status, err.body) : err
  }
}

const ALL = { status: 'active,infrequent,inactive', exclude_cdn_cgi: 'false' }

export async function readZone(send: Send, zoneId: string): Promise<ZoneReading> {
  const base = `/zones/${zoneId}/page_shield`
  const settings = await envelope<{ enabled?: boolean }>(send, base)
  if (!settings.result.enabled) return { monitoring: false, scripts: [], connections: [], policies: [] }
  const scripts = await every<ZoneScript>(send, `${base}/scripts`, { ...ALL, exclude_duplicates: 'false' })
  const connections = await every<ZoneConnection>(send, `${base}/connections`, ALL)
  const policies = (await envelope<ZonePolicy[]>(send, `${base}/policies`)).result
  return { monitoring: true, scripts, connections, policies }
}

/** The zones of the account (id and name), every page. */
export async function readZones(send: Send): Promise<{ id: string; name: string }[]> {
  return (await every<{ id: string; name: string }>(send, '/zones', {}, 50)).map((z) => ({ id: z.id, name: z.name }))
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
