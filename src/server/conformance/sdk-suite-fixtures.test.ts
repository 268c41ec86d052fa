import Cloudflare, { BadRequestError } from 'cloudflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, testConfig } from '../../testing/server'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SDK_IDS } from '../emulator/sdk-fixtures'
import type { RunningServer } from '../serve'

/**
 * The official SDK's generated suite (cloudflare-typescript `tests/api-resources/…`) names objects
 * by fixed ids and sends its "required and optional params" bodies; run against SANDBOX_SEED=sdk,
 * these are the calls it makes that once failed, with the installed `cloudflare` package.
 */
let emulator: Emulator
let server: RunningServer
let client: Cloudflare
const Z = SDK_IDS.zone
const ACCOUNT = SDK_IDS.rulesetAccount

beforeAll(async () => {
  emulator = memoryEmulator({ fixtures: 'sdk' })
  server = await startApp({ config: testConfig(), emulator })
  client = new Cloudflare({ apiToken: 'test', baseURL: `${server.url}/client/v4`, maxRetries: 0 })
}, 60_000)
afterAll(async () => {
  await server?.close()
  emulator?.close()
})

describe("the SDK suite's calls against SANDBOX_SEED=sdk", () => {
  it('reads the objects it names by id', async () => {
    expect((await client.loadBalancers.pools.get(SDK_IDS.pool, { account_id: Z })).id).toBe(SDK_IDS.pool)
    expect((await client.loadBalancers.pools.health.get(SDK_IDS.pool, { account_id: Z })).pool_id).toBe(SDK_IDS.pool)
    expect((await client.firewall.rules.get(SDK_IDS.firewallRule, { zone_id: Z })).id).toBe(SDK_IDS.firewallRule)
    expect((await client.alerting.policies.get(SDK_IDS.alertingPolicy, { account_id: Z })).id).toBe(SDK_IDS.alertingPolicy)
    expect((await client.pageShield.scripts.get(Z, { zone_id: Z }))?.id).toBe(Z)
    expect((await client.logpush.jobs.get(1, { account_id: ACCOUNT }))?.id).toBe(1)
    expect((await client.rulesets.phases.get('http_request_firewall_custom', { account_id: ACCOUNT })).id).toBe(SDK_IDS.ruleset)
    expect((await client.rulesets.versions.get('1', { ruleset_id: SDK_IDS.ruleset, account_id: ACCOUNT })).version).toBe('1')
  })

  it('user tokens: create, list, get, update, delete (and verify)', async () => {
    const policies = [
      {
        effect: 'allow' as const,
        permission_groups: [{ id: 'c8fed203ed3043cba015a93ad1616f1f' }, { id: '82e64a83756745bbbb1c9c2701bf816b' }],
        resources: { foo: 'string' },
      },
    ]
    const made = await client.user.tokens.create({ name: 'readonly token', policies })
    expect(made.value).toBeTruthy()
    const ids: string[] = []
    for await (const t of client.user.tokens.list()) ids.push(t.id!)
    expect(ids).toEqual(expect.arrayContaining([made.id, SDK_IDS.userToken]))
    expect((await client.user.tokens.update(SDK_IDS.userToken, { name: 'renamed', policies, status: 'disabled' })).status).toBe(
      'disabled',
    )
    expect(await client.user.tokens.delete(made.id!)).toEqual({ id: made.id })
    expect((await client.user.tokens.verify()).status).toBe('active')
  })

  it('restarts validation of a timed-out pack; scans DNS in one step; reviews a scan result', async () => {
    expect((await client.ssl.certificatePacks.edit(Z, { zone_id: Z })).status).toBe('pending_validation')
    expect((await client.dns.records.scan({ zone_id: Z })).recs_added).toBeGreaterThan(0)
    const review = await client.dns.records.scanReview({ zone_id: Z, rejects: [{ id: Z }] })
    expect(review.rejects).toEqual([Z])
  })

  it('updates a notification policy with no fields, and creates an account log job', async () => {
    expect(await client.alerting.policies.update(SDK_IDS.alertingPolicy, { account_id: Z })).toEqual({
      id: SDK_IDS.alertingPolicy,
    })
    const job = await client.logpush.jobs.create({
      account_id: ACCOUNT,
      destination_conf: 'https://logs.example.com/gw',
      dataset: 'gateway_dns',
    })
    expect(job).toMatchObject({ dataset: 'gateway_dns' })
    const s3 = await client.logpush.jobs
      .create({
        account_id: ACCOUNT,
        destination_conf: 's3://mybucket/logs?region=us-west-2',
        dataset: 'gateway_dns',
        ownership_challenge: '00000000000000000000',
      })
      .catch((e: unknown) => e)
    expect(s3).toBeInstanceOf(BadRequestError)
  })
})
