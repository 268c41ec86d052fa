import { randomUUID } from 'node:crypto'
import type { Admission } from '../budget/budget'
import { listPages } from '../page-shield/list-pages'
import type { Store } from '../store'
import type { Send } from '../upstream'
import { isRecord, recordFields, zoneFields, type ApiRecord, type ApiZone } from './records'

/**
 * One account the reader reads, through the credential that reaches it (the one a person's request
 * naming the account would go out through): that credential's own send, and its own budget's
 * admission of long work. Calls are paced per credential, as the one credential's were.
 */
export interface ReaderSource {
  /** The account's id: its zone list is asked for it alone (`account.id`), and only its zones are read through this source. */
  account: string
  /** The credential's id (the budget's key: `api` for the environment's, `credential:<id>` for a stored one). */
  credential: string
  send: Send
  /** Live: that credential's budget's admission of one call of long work. None: the sandbox. */
  admit?: () => Admission
}

export interface ReaderOptions {
  store: Store
  /**
   * Every account to read, each through its credential (asked at each round: credentials come and
   * go). Absent: one source, `send` and `admit`, whose zone list is read whole, every account it names.
   */
  sources?: () => Promise<readonly ReaderSource[]>
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

/** Stops a round (or, with `credential`, that credential's part of it): no spare budget, the lease lost, stopped. */
class NoSpare extends Error {
  constructor(
    message: string,
    readonly credential?: string,
  ) {
    super(message)
  }
}

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
export function createReader({ store, send, owner, admit, sources, now = Date.now, paceMs = 250, intervalMs = 30_000, zonesPerRound = 50, zoneListEveryMs = 60 * 60_000, rereadAfterMs = 10 * 60_000, leaseMs = 120_000, log }: ReaderOptions) {
  const idx = store.recordIndex
  const holder = randomUUID()
  /** Each credential's last call: the pace is per credential (each has its own budget). */
  const lastCall = new Map<string, number>()
  let running: Promise<RoundResult> | undefined
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  /** One call of the reader through one credential: admitted by that credential's budget's spare share, paced. */
  const pacedBy =
    (source: Pick<ReaderSource, 'credential' | 'send' | 'admit'>): Send =>
    async (req) => {
      if (stopped) throw new NoSpare('stopped')
      const a = source.admit?.()
      if (a && !a.ok) throw new NoSpare(`no spare budget (retry in ${a.retryAfter} s)`, source.credential)
      const wait = Math.max(a?.delayMs ?? 0, (lastCall.get(source.credential) ?? 0) + paceMs - Date.now())
      if (wait > 0) await sleep(wait)
      lastCall.set(source.credential, Date.now())
      const renewed = await idx.lease.renew(owner, holder, leaseMs)
      if (!renewed) throw new NoSpare('the lease was lost')
      return source.send(req)
    }

  /** A zone list read whole: one account's (`account`), or every account the one credential names. */
  async function readZoneList(paced: Send, account?: string): Promise<void> {
    const listedAt = now()
    let seen = 0
    let total = -1
    const query: Record<string, string> = { order: 'name', direction: 'asc', ...(account ? { 'account.id': account } : {}) }
    for await (const p of listPages<ApiZone>(paced, '/zones', query, { perPage: ZONES_PER_PAGE })) {
      // An account's list holds that account's zones only (a zone named under another would be read through the wrong credential).
      const zones = p.items.map(zoneFields).filter((z) => !account || z.account_id === account)
      await idx.putZones(owner, zones, listedAt)
      seen = p.seen
      total = p.totalCount ?? -1
    }
    // Zones are dropped only after a whole list: a list cut short (budget, error) drops nothing.
    if (total >= 0 && seen >= total) await idx.dropZonesNotListed(owner, listedAt, account)
  }

  async function readZone(paced: Send, zoneId: string, zone: { zone_name: string; account_id: string; modified_at: number | null }): Promise<boolean> {
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

  /** The one credential of before: its whole zone list, then the zones it names. */
  async function singleRound(): Promise<RoundResult> {
    let zonesRead = 0
    const paced = pacedBy({ credential: 'default', send, admit })
    try {
      const state = await idx.readerState(owner)
      if (!state?.zones_listed_at || now() - state.zones_listed_at > zoneListEveryMs) await readZoneList(paced)
      const next = await idx.nextZones(owner, zonesPerRound, { readBefore: now() - rereadAfterMs })
      for (const z of next) {
        if (await readZone(paced, z.zone_id, z)) zonesRead++
      }
      return { led: true, zonesRead }
    } catch (err) {
      if (err instanceof NoSpare) return { led: true, zonesRead, stoppedBy: err.message }
      log?.(`record index reader: ${err instanceof Error ? err.message : String(err)}`)
      return { led: true, zonesRead, stoppedBy: 'error' }
    }
  }

  /**
   * Every account through its own credential: each account's zone list when due, then the zones to
   * read next across every account (never read, most recently modified first, ...), each through its
   * account's credential. A credential whose budget has no spare share sits the rest of the round
   * out; the others go on (their budgets are their own).
   */
  async function estateRound(list: () => Promise<readonly ReaderSource[]>): Promise<RoundResult> {
    let zonesRead = 0
    const spent = new Map<string, string>()
    try {
      const all = await list()
      const byAccount = new Map(all.map((s) => [s.account, { ...s, paced: pacedBy(s) }]))
      /** Runs `work` through a credential unless it is spent; a refusal of its budget spends it for the round. */
      const through = async (credential: string, work: () => Promise<void>) => {
        if (spent.has(credential)) return
        try {
          await work()
        } catch (err) {
          if (!(err instanceof NoSpare) || err.credential === undefined) throw err
          spent.set(credential, err.message)
        }
      }
      const listed = await idx.accountsListedAt(owner)
      for (const s of byAccount.values()) {
        const at = listed.get(s.account)
        if (!at || now() - at > zoneListEveryMs) await through(s.credential, () => readZoneList(s.paced, s.account))
      }
      const next = await idx.nextZones(owner, zonesPerRound, { readBefore: now() - rereadAfterMs, accounts: [...byAccount.keys()] })
      for (const z of next) {
        const s = byAccount.get(z.account_id)
        if (!s) continue
        await through(s.credential, async () => {
          if (await readZone(s.paced, z.zone_id, z)) zonesRead++
        })
      }
      const stoppedBy = spent.size ? [...spent.values()][0] : undefined
      return { led: true, zonesRead, ...(stoppedBy ? { stoppedBy } : {}) }
    } catch (err) {
      if (err instanceof NoSpare) return { led: true, zonesRead, stoppedBy: err.message }
      log?.(`record index reader: ${err instanceof Error ? err.message : String(err)}`)
      return { led: true, zonesRead, stoppedBy: 'error' }
    }
  }

  // One lease per owner: a round walks every credential in turn, so two instances never read the
  // same account at once, and each credential's pace (its last call) is kept in one place.
  async function round(): Promise<RoundResult> {
    if (!(await idx.lease.claim(owner, holder, leaseMs, { reentrant: true }))) return { led: false, zonesRead: 0 }
    return sources ? estateRound(sources) : singleRound()
  }

  /** A round asked for (`soon`) while one ran: that one's account list may predate what it was asked for. */
  let again = false
  let soonTimer: NodeJS.Timeout | undefined
  /** One round now (or the one under way). */
  const roundNow = (): Promise<RoundResult> => {
    running ??= round().finally(() => {
      running = undefined
      if (again && !stopped) {
        again = false
        void roundNow()
      }
    })
    return running
  }

  return {
    round: roundNow,
    start() {
      stopped = false
      timer ??= setInterval(() => void roundNow(), intervalMs)
      timer.unref()
      void roundNow()
    },
    /**
     * A round soon rather than at the next interval (a credential was just added: its accounts' zones
     * are read now, not up to `intervalMs` later). After `delayMs` (the account list keeps the vault's
     * list for up to a second), and after the round under way, if any (its list was taken before).
     * Only while started: an instance whose reader is not running reads nothing for it.
     */
    soon(delayMs = 1_500): void {
      if (!timer || stopped || soonTimer) return
      soonTimer = setTimeout(() => {
        soonTimer = undefined
        if (stopped) return
        if (running) again = true
        else void roundNow()
      }, delayMs)
      soonTimer.unref()
    },
    /** Stops and gives the lease back (another instance may read at once). */
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      if (soonTimer) clearTimeout(soonTimer)
      soonTimer = undefined
      again = false
      await running?.catch(() => undefined)
      await idx.lease.release(owner, holder)
    },
  }
}


