import type Cloudflare from 'cloudflare'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { sandboxSdkClient } from '../../../testing/sdk-client'
import { certificatesModule } from '../certificates'
import { rulesetsModule } from '../rulesets'
import { SEED_ZONES } from '../seed-ids'
import { logpushModule } from './index'

/** api-notes §13: the official SDK, pointed at the sandbox, works with certificates, rulesets and log jobs. */
let emu: ModuleEmulator
let client: Cloudflare
const zone_id = SEED_ZONES.demo.id

beforeEach(() => {
  emu = createModuleEmulator([certificatesModule, rulesetsModule, logpushModule])
  client = sandboxSdkClient(emu.app)
})
afterEach(() => emu.close())

describe('the cloudflare SDK against the sandbox', () => {
  it('iterates every certificate pack page by page', async () => {
    const ids: string[] = []
    for await (const pack of client.ssl.certificatePacks.list({ zone_id, status: 'all', per_page: 5 } as Parameters<typeof client.ssl.certificatePacks.list>[0])) {
      ids.push((pack as { id: string }).id)
    }
    expect(ids).toHaveLength(5)
    const one = await client.ssl.certificatePacks.get(ids[0], { zone_id })
    expect((one as { id: string }).id).toBe(ids[0])
  })

  it('creates the custom-fields entry point, replaces its rules and reads it through the phase', async () => {
    // The SDK's response types resolve to unknown under this tsconfig; the shape is asserted below.
    const created = (await client.rulesets.create({ zone_id, name: 'default', kind: 'zone', phase: 'http_log_custom_fields', rules: [] })) as { id: string }
    const updated = (await client.rulesets.update(created.id, {
      zone_id,
      rules: [
        {
          action: 'log_custom_field',
          expression: 'true',
          action_parameters: { request_fields: [{ name: 'x-request-id' }], cookie_fields: [{ name: 'SessionID' }] },
        },
      ],
    })) as { version: string; rules: { id: string }[] }
    expect(updated.version).toBe('2')
    const entry = await client.rulesets.phases.get('http_log_custom_fields', { zone_id })
    expect(entry.rules[0].id).toBe(updated.rules[0].id)
    const listed: string[] = []
    for await (const r of client.rulesets.list({ zone_id, per_page: 1 })) listed.push(r.id)
    expect(listed).toContain(created.id)
    await expect(client.rulesets.create({ zone_id, name: 'again', kind: 'zone', phase: 'http_log_custom_fields' })).rejects.toMatchObject({ status: 400 })
  })

  it('creates, updates and deletes a log job', async () => {
    const job = await client.logpush.jobs.create({
      zone_id,
      destination_conf: 'https://logs.example.net/ingest',
      dataset: 'http_requests',
      name: 'sdk-job',
      output_options: { field_names: ['RayID', 'EdgeStartTimestamp'], timestamp_format: 'rfc3339' },
    })
    expect(job?.id).toBeGreaterThan(147)
    const updated = await client.logpush.jobs.update(job!.id!, { zone_id, enabled: true })
    expect(updated?.enabled).toBe(true)
    const jobs: number[] = []
    for await (const j of client.logpush.jobs.list({ zone_id })) jobs.push(j!.id!)
    expect(jobs).toContain(job!.id)
    await client.logpush.jobs.delete(job!.id!, { zone_id })
    await expect(client.logpush.jobs.get(job!.id!, { zone_id })).rejects.toMatchObject({ status: 404 })
  })
})
