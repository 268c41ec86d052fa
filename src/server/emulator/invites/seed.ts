import type { SeedContext } from '../module'
import { DEMO_ACCOUNT, DEMO_USER } from '../seed-ids'
import { stableId } from '../ids'

const DAY = 86_400_000

interface SeedInvite {
  key: string
  org: string
  by: string
  roles: string[]
  twofactor: boolean
  invitedDaysAgo: number
  /** Days from now until expiry (negative: already expired). */
  expiresInDays: number
  status: 'pending' | 'accepted' | 'rejected'
}

/**
 * Roles are role names (the 2026 shape, see shared/schemas/invites.ts). Pending ones with varied
 * expiry (one within two days), one accepted, one declined, and one past its expiry that is still
 * stored as pending: the API reports it as `expired`.
 */
export const SEED_INVITES: SeedInvite[] = [
  { key: 'globex', org: 'Globex Web Services', by: 'priya.shah@globex.example', roles: ['Administrator Read Only', 'Analytics'], twofactor: true, invitedDaysAgo: 1, expiresInDays: 6, status: 'pending' },
  { key: 'initech', org: 'Initech Platform', by: 'bill.lumbergh@initech.example', roles: ['DNS', 'Firewall'], twofactor: false, invitedDaysAgo: 3, expiresInDays: 4, status: 'pending' },
  { key: 'umbrella', org: 'Umbrella Media', by: 'ops@umbrella-media.example', roles: ['Administrator'], twofactor: true, invitedDaysAgo: 5, expiresInDays: 2, status: 'pending' },
  { key: 'stark', org: 'Stark Logistics', by: 'pepper@stark-logistics.example', roles: ['Billing'], twofactor: false, invitedDaysAgo: 0, expiresInDays: 7, status: 'pending' },
  { key: 'acme', org: DEMO_ACCOUNT.name, by: 'founder@acme.example', roles: ['Super Administrator - All Privileges'], twofactor: true, invitedDaysAgo: 420, expiresInDays: -413, status: 'accepted' },
  { key: 'hooli', org: 'Hooli Cloud', by: 'gavin@hooli.example', roles: ['Load Balancer', 'Zone Read Only'], twofactor: false, invitedDaysAgo: 12, expiresInDays: -5, status: 'pending' },
  { key: 'vandelay', org: 'Vandelay Industries', by: 'art@vandelay.example', roles: ['Cache Purge'], twofactor: false, invitedDaysAgo: 30, expiresInDays: -23, status: 'rejected' },
]

export const seedInviteId = (key: string) => stableId(`invite:${key}`)

export function seedInvites({ db, now }: SeedContext): void {
  const t = now().getTime()
  const insert = db.prepare(`INSERT INTO user_invites
    (id, user_id, invited_member_id, invited_member_email, organization_id, organization_name,
     organization_is_enforcing_twofactor, invited_by, invited_on, expires_on, status, roles)
    VALUES (@id, @user_id, @user_id, @email, @org_id, @org, @twofactor, @by, @invited_on, @expires_on, @status, @roles)`)
  for (const inv of SEED_INVITES) {
    insert.run({
      id: seedInviteId(inv.key),
      user_id: DEMO_USER.id,
      email: DEMO_USER.email,
      org_id: inv.key === 'acme' ? DEMO_ACCOUNT.id : stableId(`organization:${inv.key}`),
      org: inv.org,
      twofactor: inv.twofactor ? 1 : 0,
      by: inv.by,
      invited_on: new Date(t - inv.invitedDaysAgo * DAY).toISOString(),
      expires_on: new Date(t + inv.expiresInDays * DAY).toISOString(),
      status: inv.status,
      roles: JSON.stringify(inv.roles),
    })
  }
}
