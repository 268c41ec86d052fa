import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createSessions, loadSessionSecret, passwordMatches, SESSION_TTL_SECONDS } from './session'

const secret = Buffer.alloc(32, 7)

describe('sessions', () => {
  it('verifies what it issued, and only that', () => {
    const s = createSessions(secret, 'pw')
    const value = s.issue()
    expect(s.verify(value)).toBe(true)
    expect(s.verify(undefined)).toBe(false)
    expect(s.verify('')).toBe(false)
    expect(s.verify('garbage')).toBe(false)
  })

  it('refuses a tampered value: expiry pushed, nonce changed, signature changed', () => {
    const s = createSessions(secret, 'pw')
    const [exp, nonce, sig] = s.issue().split('.')
    expect(s.verify(`${Number(exp) + 1000}.${nonce}.${sig}`)).toBe(false)
    expect(s.verify(`${exp}.${nonce}x.${sig}`)).toBe(false)
    expect(s.verify(`${exp}.${nonce}.${sig.slice(0, -2)}AA`)).toBe(false)
    expect(s.verify(`${exp}.${nonce}.`)).toBe(false)
  })

  it('expires after the session lifetime', () => {
    let now = 1_000_000_000_000
    const s = createSessions(secret, 'pw', () => now)
    const value = s.issue()
    now += (SESSION_TTL_SECONDS - 5) * 1000
    expect(s.verify(value)).toBe(true)
    now += 10_000
    expect(s.verify(value)).toBe(false)
  })

  it('is signed out by a password change or another server secret', () => {
    const value = createSessions(secret, 'pw').issue()
    expect(createSessions(secret, 'new password').verify(value)).toBe(false)
    expect(createSessions(Buffer.alloc(32, 8), 'pw').verify(value)).toBe(false)
  })
})

describe('passwordMatches', () => {
  it('matches exactly', () => {
    expect(passwordMatches('correct horse', 'correct horse')).toBe(true)
    expect(passwordMatches('correct hors', 'correct horse')).toBe(false)
    expect(passwordMatches('', 'correct horse')).toBe(false)
    expect(passwordMatches('Correct horse', 'correct horse')).toBe(false)
  })
})

describe('loadSessionSecret', () => {
  it('creates a secret readable by its owner only and reads the same one back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zk-secret-'))
    const a = loadSessionSecret(dir)
    expect(a.length).toBe(32)
    expect(statSync(join(dir, 'session-secret')).mode & 0o077).toBe(0)
    expect(loadSessionSecret(dir).equals(a)).toBe(true)
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(a.toString('hex'))
  })
})
