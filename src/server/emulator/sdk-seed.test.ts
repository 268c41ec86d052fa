import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../testing/module-emulator'
import { createEmulator, type Emulator } from './index'
import { SDK_IDS } from './sdk-fixtures'
import { SDK_FIXTURE_ID } from './sdk-seed'

let em: Emulator
beforeAll(() => {
  em = createEmulator({ file: ':memory:', fixtures: 'sdk' })
}, 60_000)
afterAll(() => em.close())

describe('SANDBOX_SEED=sdk', () => {
  it('holds the SDK suite\'s fixed ids: a zone, a DNS record, and the accounts', async () => {
    const Z = SDK_FIXTURE_ID
    expect((await call(em.app, 'GET', `/zones/${Z}`)).body.result).toMatchObject({ id: Z, status: 'active' })
    expect((await call(em.app, 'GET', `/zones/${Z}/dns_records/${Z}`)).body.result).toMatchObject({ id: Z, type: 'A' })
    expect((await call(em.app, 'GET', `/zones/${Z}/dns_records?content=198.51.100.4`)).body.result).toHaveLength(1)
    expect((await call(em.app, 'GET', '/accounts/account_id/rulesets')).status).toBe(200)
    expect((await call(em.app, 'GET', '/accounts/account_id/logpush/jobs')).status).toBe(200)
    expect((await call(em.app, 'GET', `/accounts/${Z}/load_balancers/pools`)).status).toBe(200)
    // The demo data is still there.
    expect((await call(em.app, 'GET', '/zones?name=example.com')).body.result).toHaveLength(1)
  })

  it('holds the objects the suite names by id, each readable and shaped like any other of its kind', async () => {
    const Z = SDK_IDS.zone
    const reads: [string, Record<string, unknown>][] = [
      [`/accounts/${Z}/load_balancers/pools/${SDK_IDS.pool}`, { id: SDK_IDS.pool }],
      [`/accounts/${Z}/alerting/v3/policies/${SDK_IDS.alertingPolicy}`, { id: SDK_IDS.alertingPolicy }],
      [`/zones/${Z}/firewall/rules/${SDK_IDS.firewallRule}`, { id: SDK_IDS.firewallRule }],
      [`/zones/${Z}/ssl/certificate_packs/${Z}`, { id: Z, type: 'advanced', status: 'validation_timed_out' }],
      [`/zones/${Z}/page_shield/scripts/${Z}`, { id: Z }],
      [`/zones/${Z}/page_shield/connections/${Z}`, { id: Z }],
      [`/zones/${Z}/page_shield/cookies/${Z}`, { id: Z }],
      [`/zones/${Z}/page_shield/policies/${Z}`, { id: Z }],
      ['/accounts/account_id/logpush/jobs/1', { id: 1 }],
      [`/user/tokens/${SDK_IDS.userToken}`, { id: SDK_IDS.userToken, status: 'active' }],
      [`/accounts/account_id/rulesets/${SDK_IDS.ruleset}`, { id: SDK_IDS.ruleset, kind: 'root', version: '2' }],
      ['/accounts/account_id/rulesets/phases/http_request_firewall_custom/entrypoint', { id: SDK_IDS.ruleset }],
      [`/accounts/account_id/rulesets/${SDK_IDS.ruleset}/versions/1`, { version: '1' }],
    ]
    for (const [path, expected] of reads) {
      const res = await call(em.app, 'GET', path)
      expect(res.status, path).toBe(200)
      expect(res.body.result, path).toMatchObject(expected)
    }
    const ruleset = (await call(em.app, 'GET', `/accounts/account_id/rulesets/${SDK_IDS.ruleset}`)).body.result as { rules: { id: string }[] }
    expect(ruleset.rules.map((r) => r.id)).toContain(SDK_IDS.rule)
  })
})
