import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { privateDir } from '../private-files'
import { join } from 'node:path'

export const SESSION_COOKIE = 'zonekeeper_session'
/** How long a sign-in lasts. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60

export interface Sessions {
  /** A new signed session value: `<expires>.<nonce>.<signature>`. */
  issue(): string
  /** True when the value is a session this server signed and it has not expired. */
  verify(value: string | undefined): boolean
}

const b64url = (buf: Buffer) => buf.toString('base64url')

/**
 * HMAC-signed, self-contained sessions. The signing key is derived from a server secret and the
 * password itself, so changing DASHBOARD_PASSWORD signs everybody out.
 */
export function createSessions(secret: Buffer, password: string, now: () => number = Date.now): Sessions {
  const key = createHmac('sha256', secret).update('zonekeeper-session:').update(password).digest()
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest()
  return {
    issue() {
      const payload = `${Math.floor(now() / 1000) + SESSION_TTL_SECONDS}.${b64url(randomBytes(16))}`
      return `${payload}.${b64url(sign(payload))}`
    },
    verify(value) {
      if (!value || value.length > 200) return false
      const parts = value.split('.')
      if (parts.length !== 3) return false
      const [expires, nonce, signature] = parts
      const given = Buffer.from(signature, 'base64url')
      const expected = sign(`${expires}.${nonce}`)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
      const exp = Number(expires)
      return Number.isInteger(exp) && exp > now() / 1000
    },
  }
}

/** Compares a guess with the password in constant time (both hashed first, so lengths match). */
export function passwordMatches(guess: string, password: string): boolean {
  const a = createHmac('sha256', 'zonekeeper-compare').update(guess).digest()
  const b = createHmac('sha256', 'zonekeeper-compare').update(password).digest()
  return timingSafeEqual(a, b)
}

/**
 * The server's session secret, kept in `$DATA_DIR/session-secret` (readable by its owner only) so
 * that sign-ins survive restarts. Falls back to a fresh in-memory secret when the folder is not writable.
 */
export function loadSessionSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'session-secret')
  try {
    if (existsSync(file)) {
      const stored = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
      if (stored.length >= 32) return stored
    }
    privateDir(dataDir)
    const secret = randomBytes(32)
    writeFileSync(file, secret.toString('hex'), { mode: 0o600 })
    chmodSync(file, 0o600)
    return secret
  } catch {
    return randomBytes(32)
  }
}
