import { describe, expect, it } from 'vitest'
import { certificatesEndpoints } from '../../shared/endpoints/certificates'
import { logFieldsEndpoints } from '../../shared/endpoints/log-fields'
import { createMatcher } from './index'

const match = createMatcher([...certificatesEndpoints, ...logFieldsEndpoints])
const hex = 'a'.repeat(32)
const uuid = '2f3a4c5e-1b2d-4e6f-8a9b-0c1d2e3f4a5b'

describe('allowlist of certificates, rulesets and log jobs', () => {
  it.each([
    ['GET', `/zones/${hex}/ssl/certificate_packs`],
    ['GET', `/zones/${hex}/ssl/certificate_packs/${uuid}`],
    ['PATCH', `/zones/${hex}/ssl/certificate_packs/${uuid}`],
    ['GET', `/zones/${hex}/rulesets`],
    ['POST', `/zones/${hex}/rulesets`],
    ['GET', `/zones/${hex}/rulesets/${hex}`],
    ['PUT', `/zones/${hex}/rulesets/${hex}`],
    ['GET', `/zones/${hex}/rulesets/phases/http_log_custom_fields/entrypoint`],
    ['GET', `/zones/${hex}/logpush/jobs`],
    ['POST', `/zones/${hex}/logpush/jobs`],
    ['GET', `/zones/${hex}/logpush/jobs/146`],
    ['PUT', `/zones/${hex}/logpush/jobs/146`],
    ['DELETE', `/zones/${hex}/logpush/jobs/146`],
    ['POST', `/zones/${hex}/logpush/ownership`],
    ['POST', `/zones/${hex}/logpush/ownership/validate`],
    ['GET', `/zones/${hex}/logpush/datasets/http_requests/fields`],
  ])('forwards %s %s', (method, path) => {
    expect(match(method, path)).toBeDefined()
  })

  it.each([
    ['DELETE', `/zones/${hex}/rulesets/${hex}`],
    ['POST', `/zones/${hex}/ssl/certificate_packs/order`],
    ['DELETE', `/zones/${hex}/ssl/certificate_packs/${uuid}`],
  ])('does not forward %s %s (the dashboard does not use it)', (method, path) => {
    expect(match(method, path)).toBeUndefined()
  })

  it('validates ruleset and log-job writes with the shared schemas before forwarding', () => {
    const put = match('PUT', `/zones/${hex}/rulesets/${hex}`)!
    const range = { rules: [{ action: 'log_custom_field', expression: 'true', action_parameters: { request_fields: [{ name: 'Range' }] } }] }
    expect(put.body!.safeParse(range).success).toBe(false)
    expect(put.validationCode).toBe(20200)
    const job = match('POST', `/zones/${hex}/logpush/jobs`)!
    expect(job.body!.safeParse({ dataset: 'http_requests' }).success).toBe(false)
    expect(job.body!.safeParse({ destination_conf: 'https://logs.example.net/in' }).success).toBe(true)
  })
})
