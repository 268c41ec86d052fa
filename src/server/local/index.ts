import type { Hono } from 'hono'
import { registerReviewRoutes } from './reviews'
import { lazyStore } from './store'

export interface LocalStoreOptions {
  /** Folder for the dashboard's own SQLite store (dashboard.sqlite), separate from the sandbox. */
  dataDir: string
  /** The clock for recorded times; tests replace it. */
  now?: () => Date
}

/**
 * The dashboard's own routes under /api/local/... : data the dashboard keeps for itself
 * (not the API's), available in live and sandbox mode alike. Writes need X-Zonekeeper-Request: 1.
 * The store (`${dataDir}/dashboard.sqlite`) opens on first use.
 */
export function registerLocalRoutes(app: Hono, options: LocalStoreOptions): void {
  const store = lazyStore(options.dataDir)
  registerReviewRoutes(app, store, options.now)
}
