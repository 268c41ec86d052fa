import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../../testing/module-emulator'
import { createEmulator, type Emulator } from './index'
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
})
