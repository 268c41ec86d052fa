import { describe, expect, it } from 'vitest'
import { credentialSecrets, isLoopback, readConfig, startupRefusal } from './config'

describe('readConfig', () => {
  it('runs the sandbox on 127.0.0.1:8787 with ./.data when nothing is set', () => {
    const c = readConfig({}, [])
    expect(c).toMatchObject({ mode: 'sandbox', host: '127.0.0.1', port: 8787, resetSandbox: false, upstreamTimeoutMs: 30_000 })
    expect(c.dataDir).toBe(`${process.cwd()}/.data`)
    expect(c.apiBaseUrl).toBe('https://api.cloudflare.com/client/v4')
    expect(c.credential).toBeUndefined()
  })

  it('is live with API_TOKEN, or with API_EMAIL and API_KEY together', () => {
    expect(readConfig({ API_TOKEN: ' tok ' }, []).credential).toEqual({ kind: 'token', token: 'tok' })
    expect(readConfig({ API_EMAIL: 'a@b.example', API_KEY: 'k' }, [])).toMatchObject({
      mode: 'live',
      credential: { kind: 'key', email: 'a@b.example', key: 'k' },
    })
  })

  it('refuses half a key pair instead of silently running the sandbox', () => {
    expect(() => readConfig({ API_EMAIL: 'a@b.example' }, [])).toThrow(/API_EMAIL and API_KEY/)
    expect(() => readConfig({ API_KEY: 'k' }, [])).toThrow(/API_EMAIL and API_KEY/)
  })

  it('reads HOST, PORT, DATA_DIR, API_BASE_URL (without trailing slash) and --reset-sandbox', () => {
    const c = readConfig(
      { HOST: '0.0.0.0', PORT: '9000', DATA_DIR: '/tmp/zk', API_BASE_URL: 'http://127.0.0.1:5000/client/v4/' },
      ['--reset-sandbox'],
    )
    expect(c).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      dataDir: '/tmp/zk',
      apiBaseUrl: 'http://127.0.0.1:5000/client/v4',
      resetSandbox: true,
    })
  })

  it('rejects bad numbers and base URLs with a message naming the setting', () => {
    expect(() => readConfig({ PORT: 'eighty' }, [])).toThrow(/PORT/)
    expect(() => readConfig({ PORT: '70000' }, [])).toThrow(/PORT/)
    expect(() => readConfig({ UPSTREAM_TIMEOUT_MS: '0' }, [])).toThrow(/UPSTREAM_TIMEOUT_MS/)
    expect(() => readConfig({ API_BASE_URL: 'ftp://x' }, [])).toThrow(/API_BASE_URL/)
    expect(() => readConfig({ API_BASE_URL: 'https://user:pw@api.example/client/v4' }, [])).toThrow(/API_BASE_URL/)
  })

  it('reads ALLOWED_HOSTS as a lower-case list', () => {
    expect(readConfig({ ALLOWED_HOSTS: 'Dash.Example, other.example' }, []).allowedHosts).toEqual([
      'dash.example',
      'other.example',
    ])
  })
})

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', 'app.localhost', '::1', '[::1]'])('%s is loopback', (h) => {
    expect(isLoopback(h)).toBe(true)
  })
  it.each(['0.0.0.0', '::', '192.168.1.10', 'example.com', '127.0.0.1.nip.io', 'localhost.evil.example'])('%s is not', (h) => {
    expect(isLoopback(h)).toBe(false)
  })
})

describe('startupRefusal', () => {
  const live = { API_TOKEN: 'tok' }

  it('refuses live mode on a non-loopback HOST with nobody to sign in, saying why and what to do', () => {
    const why = startupRefusal(readConfig({ ...live, HOST: '0.0.0.0' }, []))
    expect(why).toMatch(/live mode on HOST=0\.0\.0\.0/)
    expect(why).toMatch(/anyone who can reach this port could act on your account/)
    expect(why).toMatch(/npm run people -- add/)
    expect(startupRefusal(readConfig({ ...live, HOST: '0.0.0.0' }, []), true)).toBeUndefined()
  })

  it('allows it with DASHBOARD_PASSWORD (adopted as the first administrator), on loopback, and always in sandbox mode', () => {
    expect(startupRefusal(readConfig({ ...live, HOST: '0.0.0.0', DASHBOARD_PASSWORD: 'pw' }, []))).toBeUndefined()
    expect(startupRefusal(readConfig({ ...live, HOST: '127.0.0.1' }, []))).toBeUndefined()
    expect(startupRefusal(readConfig({ ...live, HOST: 'localhost' }, []))).toBeUndefined()
    expect(startupRefusal(readConfig({ HOST: '0.0.0.0' }, []))).toBeUndefined()
  })

  it('never takes the credential into the refusal message', () => {
    expect(startupRefusal(readConfig({ API_TOKEN: 'super-secret-token-value', HOST: '0.0.0.0' }, []))).not.toContain(
      'super-secret',
    )
  })
})

describe('credentialSecrets', () => {
  it('is the token, or the key (the e-mail is an identity, not a secret)', () => {
    expect(credentialSecrets({ kind: 'token', token: 't' })).toEqual(['t'])
    expect(credentialSecrets({ kind: 'key', email: 'a@b.example', key: 'k' })).toEqual(['k'])
    expect(credentialSecrets(undefined)).toEqual([])
  })
})
