import type { Zone } from '../../../shared/schemas/zone'
import { DEMO_USER } from '../seed-ids'

/** A row of `zones` joined with its account's name. */
export interface ZoneRow {
  id: string
  name: string
  status: string
  type: string
  paused: number
  account_id: string
  account_name: string
  plan: string
  name_servers: string
  original_name_servers: string | null
  original_registrar: string | null
  original_dnshost: string | null
  development_mode: number
  created_on: string
  modified_on: string
  activated_on: string | null
}

export const ZONE_SELECT = `SELECT z.*, a.name AS account_name FROM zones z JOIN accounts a ON a.id = z.account_id`

const parseList = (text: string | null): string[] | null => (text === null ? null : (JSON.parse(text) as string[]))

/** The zone object of api-notes §2.2 (list items and GET /zones/{id} alike). */
export function toApiZone(row: ZoneRow): Zone {
  const plan = JSON.parse(row.plan) as Zone['plan']
  const paid = plan.legacy_id !== 'free'
  return {
    id: row.id,
    name: row.name,
    status: row.status as Zone['status'],
    paused: row.paused === 1,
    type: row.type as Zone['type'],
    development_mode: row.development_mode,
    name_servers: parseList(row.name_servers) ?? [],
    original_name_servers: parseList(row.original_name_servers),
    original_registrar: row.original_registrar,
    original_dnshost: row.original_dnshost,
    vanity_name_servers: [],
    account: { id: row.account_id, name: row.account_name },
    owner: { id: DEMO_USER.id, type: 'user', email: DEMO_USER.email },
    plan,
    meta: {
      step: row.status === 'pending' ? 2 : 4,
      custom_certificate_quota: paid ? 1 : 0,
      page_rule_quota: paid ? 20 : 3,
      phishing_detected: false,
      foundation_dns: false,
      cdn_only: false,
      dns_only: false,
    },
    permissions: ['#dns_records:edit', '#dns_records:read', '#zone:read', '#zone:edit', '#ssl:read', '#logs:read'],
    created_on: row.created_on,
    modified_on: row.modified_on,
    activated_on: row.activated_on,
    ...(row.status === 'pending' ? { verification_key: `${row.id.slice(0, 10)}-${row.id.slice(10, 20)}` } : {}),
  }
}
