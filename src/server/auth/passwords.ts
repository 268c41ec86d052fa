import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { MAX_PASSWORD_LENGTH } from '../../shared/password-rule'

/** The rule for new passwords lives once, in src/shared/password-rule.ts (the forms use it too). */
export { MAX_PASSWORD_LENGTH, passwordProblem } from '../../shared/password-rule'

/** scrypt, memory-hard: N=2^15, r=8 (32 MiB per hash), p=1. Stored as `scrypt$N$r$p$salt$hash` (base64url). */
const FULL_COST = { N: 2 ** 15, r: 8, p: 1 }
let PARAMS = FULL_COST

/**
 * Unit tests only (src/testing/unit-setup.ts sets it for every Vitest file): a cheaper N, so the
 * hundreds of sign-ins and guesses the tests make do not each spend ~60 ms of CPU. A stored hash
 * carries its own N, so verifying is unchanged; `undefined` restores the full cost (auth/passwords.test.ts
 * holds the default to it). Nothing outside Vitest calls it: the server always hashes at full cost.
 */
export function setHashCostForTests(N: number | undefined): void {
  PARAMS = N === undefined ? FULL_COST : { ...FULL_COST, N }
  dummy = undefined
}
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, o: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: o.N, r: o.r, p: o.p, maxmem: 128 * o.N * o.r * 2 }
  return new Promise((ok, fail) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? fail(err) : ok(key))),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** A hash that never matches, checked when the username is unknown so that timing does not tell. */
let dummy: Promise<string> | undefined
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')))

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [N, r, p] = parts.slice(1, 4).map(Number)
  if (![N, r, p].every(Number.isInteger) || N > 2 ** 20 || r > 32 || p > 16) return false
  const expected = Buffer.from(parts[5], 'base64url')
  const key = await derive(password, Buffer.from(parts[4], 'base64url'), { N, r, p })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A one-time password for a reset: 20 characters from an alphabet without look-alikes. */
export function generatePassword(length = 20): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(length)
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}
