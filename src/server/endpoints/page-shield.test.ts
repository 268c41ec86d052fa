import { describe, expect, it } from 'vitest'
import { matchEndpoint } from '.'

const Z = 'a'.repeat(32)
const P = 'b'.repeat(32)

describe('page security allowlist', () => {
  it('forwards the reads the dashboard makes', () => {
    for (const path of [
      'page_shield',
      'page_shield/scripts',
      `page_shield/scripts/${P}`,
      'page_shield/connections',
      `page_shield/connections/${P}`,
      'page_shield/cookies',
      `page_shield/cookies/${P}`,
      'page_shield/policies',
      `page_shield/policies/${P}`,
    ]) {
      expect(matchEndpoint('GET', `/zones/${Z}/${path}`), path).toBeDefined()
    }
  })

  it('validates the bodies of settings and policy writes with the shared schemas', () => {
    const put = matchEndpoint('PUT', `/zones/${Z}/page_shield`)!
    expect(put.body!.safeParse({ enabled: false }).success).toBe(true)
    expect(put.body!.safeParse({ enabled: 'off' }).success).toBe(false)
    const create = matchEndpoint('POST', `/zones/${Z}/page_shield/policies`)!
    expect(
      create.body!.safeParse({ description: 'x', action: 'block', expression: 'true', enabled: true, value: "script-src 'self'" })
        .success,
    ).toBe(false)
    const update = matchEndpoint('PUT', `/zones/${Z}/page_shield/policies/${P}`)!
    expect(update.body!.safeParse({ enabled: true }).success).toBe(true)
    expect(matchEndpoint('DELETE', `/zones/${Z}/page_shield/policies/${P}`)).toBeDefined()
  })

  it('does not forward what the dashboard never does', () => {
    expect(matchEndpoint('DELETE', `/zones/${Z}/page_shield/scripts/${P}`)).toBeUndefined()
    expect(matchEndpoint('POST', `/zones/${Z}/page_shield`)).toBeUndefined()
  })
})
