import { createContext, useContext } from 'react'
import type { DnsRecord } from '@/shared/schemas/dns-record'

/**
 * What the row cells need from the page. The columns are defined once at module scope (so the
 * table never rebuilds them); the cells read the page's actions and view state from here.
 */
export interface DnsTableContextValue {
  zoneName: string
  /** Show the plain-words sentence on every row. */
  explainAll: boolean
  /** Rows whose sentence was opened one by one. */
  explained: ReadonlySet<string>
  toggleExplain: (id: string) => void
  /** Lowest MX priority per name on this page (to say which mail server is tried first). */
  lowestMx: ReadonlyMap<string, number>
  /** False for people whose role may not change DNS records (the server refuses it too). */
  canEdit: boolean
  /** Changes on this zone become proposals for this person: the proxy switch adds to their change request. */
  proposing: boolean
  edit: (record: DnsRecord) => void
  remove: (record: DnsRecord) => void
  /** Opens the record's audit history. */
  history: (record: DnsRecord) => void
  setProxied: (record: DnsRecord, proxied: boolean) => void
  /** Id of the record whose proxy status is being saved. */
  proxiedSaving: string | undefined
}

export const DnsTableContext = createContext<DnsTableContextValue | null>(null)

export function useDnsTable(): DnsTableContextValue {
  const value = useContext(DnsTableContext)
  if (!value) throw new Error('DNS table cells must be rendered inside <DnsTableContext>.')
  return value
}
