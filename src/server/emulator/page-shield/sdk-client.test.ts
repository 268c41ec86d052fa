import { describe, expect, it } from 'vitest'
import { isMalicious } from '../../../shared/page-shield/malicious'
import { sandboxSdkClient } from '../../../testing/sdk-client'
import { SEED_ZONES } from '../seed-ids'
import { pageShieldTestApp } from '../../../testing/server/page-shield-app'

/** api-notes §13: the official SDK, pointed at the sandbox, reads and writes page security. */
const { app } = pageShieldTestApp({ seed: 'demo' })
const client = sandboxSdkClient(app)
const zone_id = SEED_ZONES.demo.id

describe('the cloudflare SDK against the page-security sandbox', () => {
  it('reads and updates the settings', async () => {
    const before = (await client.pageShield.get({ zone_id })) as { enabled: boolean }
    expect(before.enabled).toBe(true)
    const after = (await client.pageShield.update({ zone_id, enabled: false })) as {
      enabled: boolean
      use_cloudflare_reporting_endpoint: boolean
    }
    expect(after.enabled).toBe(false)
    expect(typeof after.use_cloudflare_reporting_endpoint).toBe('boolean')
  })

  it('lists scripts malicious first and reads one with its versions', async () => {
    const page = await client.pageShield.scripts.list({ zone_id, prioritize_malicious: true, per_page: 5 })
    const first = page.result[0] as { id: string; js_integrity_score: number }
    expect(isMalicious(first.js_integrity_score)).toBe(true)
    const one = (await client.pageShield.scripts.get(first.id, { zone_id })) as { versions: unknown[]; page_urls: string[] }
    expect(one.versions.length).toBeGreaterThan(0)
    expect(one.page_urls.length).toBeGreaterThan(0)
  })

  it('filters cookies with booleans and enums as the SDK encodes them', async () => {
    const page = await client.pageShield.cookies.list({ zone_id, secure: true, same_site: 'strict', http_only: false })
    const cookies = page.result as { secure_attribute: boolean; same_site_attribute: string; http_only_attribute: boolean }[]
    expect(cookies.length).toBeGreaterThan(0)
    for (const c of cookies)
      expect(c).toMatchObject({ secure_attribute: true, same_site_attribute: 'strict', http_only_attribute: false })
  })

  it('creates, updates and deletes a policy (delete is a 204)', async () => {
    const created = (await client.pageShield.policies.create({
      zone_id,
      action: 'log',
      description: 'SDK',
      enabled: true,
      expression: 'true',
      value: "script-src 'self'",
    })) as { id: string }
    const updated = (await client.pageShield.policies.update(created.id, { zone_id, enabled: false })) as { enabled: boolean }
    expect(updated.enabled).toBe(false)
    await client.pageShield.policies.delete(created.id, { zone_id })
    const ids = (await client.pageShield.policies.list({ zone_id })).result.map((p) => (p as { id: string }).id)
    expect(ids).not.toContain(created.id)
  })
})
