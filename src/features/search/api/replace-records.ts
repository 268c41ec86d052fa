import { localCall } from '@/lib/api-client'
import type { ReplaceChange, ReplaceSelection } from '@/shared/schemas/record-replace'

/** What each zone's records become, read from the API now (server/search/replace.ts). */
export const previewReplace = (selection: ReplaceSelection, change: ReplaceChange, signal?: AbortSignal) =>
  localCall('POST', '/api/local/search/replace/preview', { body: { selection, change }, signal })

/** One zone's change: its batches (each an audit entry to undo), or its change request where the zone needs approval. */
export const applyReplace = (zoneId: string, selection: ReplaceSelection, change: ReplaceChange, reason?: string) =>
  localCall('POST', '/api/local/search/replace/zones/:zone_id', { path: { zone_id: zoneId }, body: { selection, change, ...(reason ? { reason } : {}) } })
