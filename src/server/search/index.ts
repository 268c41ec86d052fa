import type { Hono } from 'hono'
import type { Admission } from '../budget/budget'
import type { Store } from '../store'
import type { Send } from '../upstream'
import type { WriteCommand } from '../write/command'
import { freshness } from './fresh'
import { plannedReads } from './planned-reads'
import type { AccountScope } from '../accounts/scope'
import { createReader, type ReaderOptions } from './reader'
import { registerReplaceRoutes, type ReplaceOptions } from './replace'
import { registerSearchRoutes } from './routes'

export interface SearchSetup {
  store: Store
  /** The instance's own upstream for the background reader (never a practice copy). */
  send: Send
  mode: 'live' | 'sandbox'
  /** Live: the budget's admission of long work (the reader spends only its spare share). */
  admit?: (kind: 'long') => Admission
  /** Live: a credential's own budget's admission (undefined: the environment's): "change them all" reads each zone from its account's. */
  admitVia?: (via: string | undefined, kind: 'long') => Admission
  now?: () => number
  reader?: Partial<Omit<ReaderOptions, 'store' | 'send' | 'owner' | 'admit' | 'sources'>>
  /**
   * Every account the deployment reaches, each with its credential: the reader reads each through
   * its own (`readerSources`), and a search says what it covered per account. Absent: the one
   * credential of `send`, and one coverage.
   */
  estate?: { accounts: Pick<AccountScope, 'reached' | 'route' | 'list'>; sources: ReaderOptions['sources'] }
  log?: (line: string) => void
}

/**
 * One search across every zone's DNS records (README.md beside this file): the index kept fresh by
 * people's reads and the dashboard's writes (`watchReads`, `wrote`), filled in by the background
 * reader, and searched by `GET /api/local/search/records`.
 */
export function setUpSearch({ store, send, mode, admit, admitVia, now = Date.now, reader: readerOptions, estate, log }: SearchSetup) {
  // The sandbox's records and the live account's are kept apart (one DATA_DIR may serve both in turn).
  const owner = mode
  const fresh = freshness(store, owner, now, log)
  // A preview's reads of its zones, for the applies right after; any DNS write the dashboard makes to a zone drops its own.
  const reads = plannedReads(now)
  const reader = createReader({ store, send, owner, admit: admit && (() => admit('long')), sources: estate?.sources, now, log, ...readerOptions })
  return {
    watchReads: fresh.watchReads,
    wrote: (cmd: WriteCommand, res: Response) => {
      const zoneId = /^\/zones\/([0-9a-f]{32})\/dns_records(\/|$)/i.exec(cmd.path)?.[1]
      if (zoneId) reads.forget(zoneId.toLowerCase())
      return fresh.wrote(cmd, res)
    },
    settled: fresh.settled,
    reader,
    /** The search, and "change them all" from it (replace.ts): its writes by the app's write command, its change requests by their own filing. */
    routes: (app: Hono, writes: Pick<ReplaceOptions, 'forward' | 'writer' | 'file'>) => {
      registerSearchRoutes(app, store, owner, estate?.accounts)
      registerReplaceRoutes(app, { store, owner, admit: admitVia ? (via) => admitVia(via, 'long') : admit && (() => admit('long')), accounts: estate?.accounts, sandbox: mode === 'sandbox', reads, ...writes })
    },
  }
}

export type Search = ReturnType<typeof setUpSearch>
