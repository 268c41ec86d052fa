import { describe, expect, it } from 'vitest'
import { accountGrantsFor, grantFor, parseGroupMap, readOidcConfig } from './oidc-config'

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

  it('map a group to a role in one account with role@<account id>, beside the every-account entries', () => {
    const A = 'a'.repeat(32)
    const B = 'b'.repeat(32)
    const config = readOidcConfig({
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'zk',
      OIDC_CLIENT_SECRET: 's',
      OIDC_GROUPS: `staff=viewer;client-a=editor@${A}:a.example;client-b=admin@${B.toUpperCase()}`,
    })!
    expect(config.groups.get('staff')).toEqual({ role: 'viewer', zones: '*' })
    expect(config.groups.has('client-a')).toBe(false)
    expect(accountGrantsFor(['staff', 'client-a', 'client-b'], config.accountGroups!)).toEqual([
      { account: A, role: 'editor', zones: ['a.example'] },
      { account: B, role: 'admin', zones: '*' },
    ])
    expect(accountGrantsFor(['staff'], config.accountGroups!)).toEqual([])
    expect(() => parseGroupMap('x=editor@not-an-account')).toThrow(/"x=editor@not-an-account"/)
  })
})
