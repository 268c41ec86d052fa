import type Cloudflare from 'cloudflare'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { sandboxSdkClient } from '../../../testing/sdk-client'
import { firewallModule } from '../firewall'
import { invitesModule } from '../invites'
import { seedInviteId } from '../invites/seed'
import { DEMO_ACCOUNT, SEED_ZONES } from '../seed-ids'
import { alertingModule } from '../alerting'
import { loadBalancingModule } from './index'
import { SEED_POOL_COUNT } from './seed'

/** api-notes §13: the official SDK, pointed at the sandbox, must work against these endpoints. */
let emu: ModuleEmulator
let client: Cloudflare

beforeEach(() => {
  emu = createModuleEmulator([firewallModule, loadBalancingModule, alertingModule, invitesModule])
  client = sandboxSdkClient(emu.app)
})
afterEach(() => emu.close())

describe('the cloudflare SDK against the sandbox', () => {
  it('iterates every firewall rule through the page iterator and deletes one', async () => {
    const ids: string[] = []
    for await (const rule of client.firewall.rules.list({ zone_id: SEED_ZONES.demo.id, per_page: 50 })) ids.push(rule.id!)
    expect(ids).toHaveLength(120)
    const deleted = await client.firewall.rules.delete(ids[0], { zone_id: SEED_ZONES.demo.id })
    expect(deleted).toEqual([{ id: ids[0] }])
  })

  it('clears the first page of pools with bulkEdit and creates a health policy', async () => {
    const page = await client.loadBalancers.pools.bulkEdit({ account_id: DEMO_ACCOUNT.id, notification_email: '' })
    expect(page.result).toHaveLength(25)
    expect(page.result.every((p) => p.notification_email === '')).toBe(true)
    const list = await client.loadBalancers.pools.list({ account_id: DEMO_ACCOUNT.id })
    expect(list.result.length, 'pools.list() reads one page: every pool').toBe(SEED_POOL_COUNT)
    const created = await client.alerting.policies.create({
      account_id: DEMO_ACCOUNT.id,
      name: 'Pool health',
      alert_type: 'load_balancing_health_alert',
      enabled: true,
      mechanisms: { email: [{ id: 'noc@acme.example' }] },
      filters: { pool_id: [list.result[0].id!], new_health: ['Unhealthy'], event_source: ['pool'] },
    })
    expect(created.id).toBeTruthy()
    const policy = await client.alerting.policies.get(created.id!, { account_id: DEMO_ACCOUNT.id })
    expect(policy.filters?.pool_id).toEqual([list.result[0].id])
    expect(SEED_POOL_COUNT).toBe(130)
  })

  it('accepts an invite and surfaces an expired one as a 400', async () => {
    const accepted = await client.user.invites.edit(seedInviteId('globex'), { status: 'accepted' })
    expect(accepted.status).toBe('accepted')
    await expect(client.user.invites.edit(seedInviteId('hooli'), { status: 'accepted' })).rejects.toMatchObject({ status: 400 })
  })
})
