/**
 * The zone object as the API returns it (api-notes §2.2). A type only: the dashboard reads zones,
 * it never writes them, so no form schema is needed here.
 */
export type ZoneStatus = 'initializing' | 'pending' | 'active' | 'moved'

export interface ZonePlan {
  id: string
  name: string
  price?: number
  currency?: string
  frequency?: string
}

export interface Zone {
  id: string
  name: string
  status: ZoneStatus | (string & {})
  paused: boolean
  type: string
  development_mode?: number
  name_servers: string[]
  original_name_servers?: string[] | null
  original_registrar?: string | null
  original_dnshost?: string | null
  vanity_name_servers?: string[]
  account: { id: string; name: string }
  owner?: { id?: string | null; name?: string | null; type?: string | null }
  plan?: ZonePlan
  created_on: string
  modified_on: string
  activated_on: string | null
}

export const ZONE_STATUSES: readonly ZoneStatus[] = ['active', 'pending', 'initializing', 'moved']
