import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createModuleEmulator, type ModuleEmulator } from '@/testing/module-emulator'
import { firewallModule } from '@/server/emulator/firewall'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { SAFE_URL_LENGTH } from '@/shared/batching'
import { FIREWALL_BULK_DELETE_MAX_IDS } from '@/shared/schemas/firewall'
import { bulkDeleteBaseUrl, deleteRuleGroup, planDeleteBatches, RuleGoneError } from './delete-firewall-rules'

const zone = SEED_ZONES.demo.id
let emu: ModuleEmulator
const sent: string[] = []

beforeEach(() => {
  emu = createModuleEmulator([firewallModule])
  sent.length = 0
  // The API client calls /api/v4/... on its own server; here that is the sandbox, in-process.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push(`${init.method} ${url}`)
    return emu.app.request(url.replace('/api/v4', ''), init)
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  emu.close()
})

const ruleIds = () => (emu.db.prepare('SELECT id FROM firewall_rules WHERE zone_id = ? ORDER BY id').all(zone) as { id: string }[]).map((r) => r.id)

describe('planDeleteBatches', () => {
  it('splits 120 rules into requests under 2,000 characters and the per-request cap', () => {
    const batches = planDeleteBatches(zone, ruleIds())
    expect(batches.flat()).toHaveLength(120)
    expect(batches.length).toBe(3)
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(FIREWALL_BULK_DELETE_MAX_IDS)
      expect(`${bulkDeleteBaseUrl(zone)}?${b.map((id) => `id=${id}`).join('&')}`.length).toBeLessThanOrEqual(SAFE_URL_LENGTH)
    }
  })
})

describe('planDeleteBatches per-request cap', () => {
  it('puts at most the shared cap of ids in one request (its local copy must match the shared schema)', () => {
    const shortIds = Array.from({ length: 250 }, (_, i) => i.toString(16))
    expect(planDeleteBatches(zone, shortIds).map((b) => b.length)).toEqual([FIREWALL_BULK_DELETE_MAX_IDS, FIREWALL_BULK_DELETE_MAX_IDS, 50])
  })
})

describe('deleteRuleGroup', () => {
  it('deletes a group in one request and reports each rule deleted', async () => {
    const ids = ruleIds().slice(0, 3)
    const out = await deleteRuleGroup(zone, ids)
    expect([...out.entries()]).toEqual(ids.map((id) => [id, null]))
    expect(sent).toEqual([`DELETE /api/v4/zones/${zone}/firewall/rules?id=${ids[0]}&id=${ids[1]}&id=${ids[2]}`])
    expect(ruleIds()).toHaveLength(117)
  })

  it('uses the single-rule endpoint for one rule', async () => {
    const [id] = ruleIds()
    expect((await deleteRuleGroup(zone, [id])).get(id)).toBeNull()
    expect(sent).toEqual([`DELETE /api/v4/zones/${zone}/firewall/rules/${id}`])
  })

  it('when some rules are already gone, reports them as such and still deletes the rest', async () => {
    const ids = ruleIds().slice(0, 4)
    emu.db.prepare('DELETE FROM firewall_rules WHERE id = ?').run(ids[1])
    const out = await deleteRuleGroup(zone, ids)
    expect(out.get(ids[1])).toBeInstanceOf(RuleGoneError)
    expect([ids[0], ids[2], ids[3]].map((id) => out.get(id))).toEqual([null, null, null])
    expect(ruleIds().some((id) => ids.includes(id))).toBe(false)
  })

  it('throws other failures for the whole group', async () => {
    await expect(deleteRuleGroup(zone, ['nothex', 'nothex2'])).rejects.toMatchObject({ status: 400 })
  })
})
