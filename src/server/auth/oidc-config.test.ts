import { describe, expect, it } from 'vitest'
import { grantFor, parseGroupMap, readOidcConfig } from './oidc-config'

describe('single sign-on settings', () => {
  it('are off without OIDC_ISSUER, and need the client id and secret with it', () => {
    expect(readOidcConfig({})).toBeUndefined()
    expect(() => readOidcConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/)
    expect(readOidcConfig({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'zk', OIDC_CLIENT_SECRET: 's' })?.claim).toBe(
      'groups',
    )
  })

  it('map groups to roles and zones, and refuse a malformed entry by name', () => {
    const map = parseGroupMap('admins=admin; dns-team=editor:example.com,shop.io ;audit=reviewer:example.com;staff=viewer')
    expect(map.get('dns-team')).toEqual({ role: 'editor', zones: ['example.com', 'shop.io'] })
    expect(map.get('staff')).toEqual({ role: 'viewer', zones: '*' })
    expect(() => parseGroupMap('x=boss')).toThrow(/"x=boss"/)
    expect(grantFor(['audit', 'dns-team'], map)).toEqual({ role: 'editor', zones: ['example.com', 'shop.io'] })
    expect(grantFor(['staff', 'audit'], map)).toEqual({ role: 'reviewer', zones: '*' })
    expect(grantFor(['admins'], map)).toEqual({ role: 'admin', zones: '*' })
    expect(grantFor(['nobody-knows'], map)).toBeUndefined()
    expect(grantFor(undefined, map)).toBeUndefined()
  })
})
