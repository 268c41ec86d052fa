import { randomUUID } from 'node:crypto'
import type { Admission } from '../budget/budget'
import { listPages } from '../page-shield/list-pages'
import type { Store } from '../store'
import type { Send } from '../upstream'
import { isRecord, recordFields, zoneFields, type ApiRecord, type ApiZone } from './records'

export interface ReaderOptions {
  store: Store
  /** The instance's own upstream (live: observed by the budget; the sandbox: the emulator), never a practice copy. */
  send: Send
  owner: string
  /**
   * Live: the budget's admission of one call of long work (`budget.admit('long')`), which may spend
   * only down to the tenth of the quota kept for people's reads. Refused: the reader stops until its
   * next round. None: the sandbox (no budget), paced by `paceMs` alone.
   */
  admit?: () => Admission
  now?: () => number
  /** The least time between two of the reader's calls. */
  paceMs?: number
  /** How often a round starts. */
  intervalMs?: number
  /** Zones read whole per round at most. */
  zonesPerRound?: number
  /** How often the account's zone list is read again (new zones, `modified_on`). */
  zoneListEveryMs?: number
  /**
   * How long a zone read whole is left before it is read again when nothing says it changed (never
   * read and modified since are read at once). Without it every round read every zone of a small
   * account again: in the sandbox, the 10,000-record zone every 30 s, several seconds of the server's
   * one thread each time (its pages, then its rows and their trigram index replaced).
   */
  rereadAfterMs?: number
  leaseMs?: number
  log?: (line: string) => void
}

/** Stops a round: the budget has no spare share left for the reader now. */
class NoSpare extends Error {}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))
const ZONES_PER_PAGE = 50
const RECORDS_PER_PAGE = 5000

/**
 * The background reader of the record index: fills in zones never read, then refreshes those
 * modified since their read, then the longest unread, one call at a time and only from the budget's
 * spare share (long work's admission: it stops where people's reads keep their reserve, so no
 * person's read waits or is refused for it). One reader per deployment: the store's lease
 * (record_index_reader), renewed while it reads, so another instance takes over when this one stops.
 */
export function createReader({ store, send, owner, admit, now = Date.now, paceMs = 250, intervalMs = 30_000, zonesPerRound = 50, zoneListEveryMs = 60 * 60_000, rereadAfterMs = 10 * 60_000, leaseMs = 120_000, log }: ReaderOptions) {
  const idx = store.recordIndex
  const holder = randomUUID()
  let lastCall = 0
  let running: Promise<RoundResult> | undefined
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  /** One call of the reader: admitted by the budget's spare share, paced. */
  const paced: Send = async (req) => {
    if (stopped) throw new NoSpare('stopped')
    const a = admit?.()
    if (a && !a.ok) throw new NoSpare(`no spare budget (retry in ${a.retryAfter} s)`)
    const wait = Math.max(a?.delayMs ?? 0, lastCall + paceMs - Date.now())
    if (wait > 0) await sleep(wait)
    lastCall = Date.now()
    const renewed = await idx.lease.renew(owner, holder, leaseMs)
    if (!renewed) throw new NoSpare('the lease was lost')
    return send(req)
  }

  async function readZoneList(): Promise<void> {
    const listedAt = now()
    let seen = 0
    let total = -1
    for await (const p of listPages<ApiZone>(paced, '/zones', { order: 'name', direction: 'asc' }, { perPage: ZONES_PER_PAGE })) {
      await idx.putZones(owner, p.items.map(zoneFields), listedAt)
      seen = p.seen
      total = p.totalCount ?? -1
    }
    // Zones are dropped only after a whole list: a list cut short (budget, error) drops nothing.
    if (total >= 0 && seen >= total) await idx.dropZonesNotListed(owner, listedAt)
  }

  async function readZone(zoneId: string, zone: { zone_name: string; account_id: string; modified_at: number | null }): Promise<boolean> {
    const at = now()
    const records: ApiRecord[] = []
    let total = -1
    for await (const p of listPages<ApiRecord>(paced, `/zones/${zoneId}/dns_records`, {}, { perPage: RECORDS_PER_PAGE })) {
      records.push(...p.items.filter(isRecord))
      total = p.totalCount ?? -1
    }
    // A listing that moved while read (fewer than it announced) is not taken as the whole zone.
    if (total >= 0 && records.length < total) return false
    await idx.replaceZone(owner, { zone_id: zoneId, zone_name: zone.zone_name, account_id: zone.account_id, modified_at: zone.modified_at }, records.map(recordFields), at)
    return true
  }

  interface RoundResult {
    /** Did this instance hold the lease (false: another reads)? */
    led: boolean
    zonesRead: number
    /** Why the round ended early, if it did. */
    stoppedBy?: string
  }

  async function round(): Promise<RoundResult> {
    if (!(await idx.lease.claim(owner, holder, leaseMs, { reentrant: true }))) return { led: false, zonesRead: 0 }
    let zonesRead = 0
    try {
      const state = await idx.readerState(owner)
      if (!state?.zones_listed_at || now() - state.zones_listed_at > zoneListEveryMs) await readZoneList()
      const next = await idx.nextZones(owner, zonesPerRound, now() - rereadAfterMs)
      for (const z of next) {
        if (await readZone(z.zone_id, z)) zonesRead++
      }
      return { led: true, zonesRead }
    } catch (err) {
      if (err instanceof NoSpare) return { led: true, zonesRead, stoppedBy: err.message }
      log?.(`record index reader: ${err instanceof Error ? err.message : String(err)}`)
      return { led: true, zonesRead, stoppedBy: 'error' }
    }
  }

  return {
    /** One round now (or the one under way). */
    round(): Promise<RoundResult> {
      running ??= round().finally(() => (running = undefined))
      return running
    },
    start() {
      stopped = false
      timer ??= setInterval(() => void this.round(), intervalMs)
      timer.unref()
      void this.round()
    },
    /** Stops and gives the lease back (another instance may read at once). */
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
      await idx.lease.release(owner, holder)
    },
  }
}


