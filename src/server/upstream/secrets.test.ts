import { describe, expect, it } from 'vitest'
import { withoutSecrets, withoutUrlSecrets } from './secrets'

describe('withoutSecrets', () => {
  it('replaces secret-looking fields at any depth, in objects and arrays', () => {
    const input = { name: 'job', destination: { token: 'abc', nested: [{ password: 'p', keep: 1 }] }, secret: null, flag: { token: true } }
    expect(withoutSecrets(input)).toEqual({
      name: 'job',
      destination: { token: '[not recorded]', nested: [{ password: '[not recorded]', keep: 1 }] },
      secret: null,
      flag: { token: true },
    })
    // The input itself is left as it was.
    expect(input.destination.token).toBe('abc')
    expect(input.destination.nested[0].password).toBe('p')
  })

  it('shares what holds no secret instead of copying it', () => {
    const records = Array.from({ length: 3 }, (_, i) => ({ id: String(i), content: '192.0.2.1', meta: { source: 'primary' } }))
    const before = { records, job: { api_key: 'k' } }
    const out = withoutSecrets(before) as typeof before
    expect(out).not.toBe(before)
    expect(out.records).toBe(records)
    expect(withoutSecrets(records)).toBe(records)
  })

  it('scrubs credentials inside destination URLs, keeping where the logs go', () => {
    const job = {
      name: 'http-job',
      destination_conf: 'https://logs.example.com/ingest?header_Authorization=Bearer%20s3cr3t-token&tags=prod',
      others: [
        's3://bucket/logs?region=us-east-1&access-key-id=AKIAEXAMPLE&secret-access-key=wJalrXUtnFEMI',
        'r2://bucket/path?account-id=abc&access-key-id=KEYID&secret-access-key=SECRETKEY',
        'https://alice:hunter2@collector.example.com/path',
        'splunk://splunk.example.com:8088/services/collector/raw?channel=abc&insecure-skip-verify=false&header_Authorization=Splunk%20tok123',
        'azure://container/path?sv=2021&sig=SIGNATURE123',
        'datadog://http-intake.logs.datadoghq.com/v1/input?header_DD-API-KEY=ddkey123&ddsource=cloudflare',
      ],
    }
    const out = JSON.stringify(withoutSecrets(job))
    for (const secret of ['s3cr3t-token', 'AKIAEXAMPLE', 'wJalrXUtnFEMI', 'SECRETKEY', 'KEYID', 'hunter2', 'tok123', 'SIGNATURE123', 'ddkey123']) expect(out).not.toContain(secret)
    expect(withoutUrlSecrets(job.destination_conf)).toBe('https://logs.example.com/ingest?header_Authorization=[not recorded]&tags=prod')
    expect(withoutUrlSecrets(job.others[2])).toBe('https://alice:[not recorded]@collector.example.com/path')
    expect(out).toContain('region=us-east-1')
    expect(out).toContain('account-id=abc')
    expect(out).toContain('ddsource=cloudflare')
    // Texts that are not URLs are left alone.
    expect(withoutUrlSecrets('token=abc')).toBe('token=abc')
  })
})
