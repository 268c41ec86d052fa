import { randomBytes, scrypt } from 'node:crypto'
import type { Hono } from 'hono'
import type { Role, Store, ZoneScope } from '../../server/store'
import { hashPassword } from '../../server/auth/passwords'

/**
 * A stored password hash in the production format (`scrypt$N$r$p$salt$hash`), at N=2^10 instead of
 * the production 2^15: the sign-in checks it with the production verifier (which reads N, r and p
 * from the stored hash), about 30 times faster. Only this test helper writes such a hash; every hash
 * the server itself makes (first run, people added or reset, password changes, the unknown-account
 * dummy) keeps the production cost.
 */
async function quickTestHash(password: string): Promise<string> {
  const [N, r, p] = [2 ** 10, 8, 1]
  const salt = randomBytes(16)
  const key = await new Promise<Buffer>((ok, fail) =>
    scrypt(password.normalize('NFKC'), salt, 32, { N, r, p }, (err, k) => (err ? fail(err) : ok(k))),
  )
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Test helpers: people added straight into the store, and a sign-in through the real /login form. */
export async function addPerson(
  store: Store,
  username: string,
  role: Role,
  zones: ZoneScope = '*',
  password = `${username}-password-1`,
  /** `production`: the production hash cost, for tests where how long a check takes is the point. */
  cost: 'test' | 'production' = 'test',
) {
  const person = await store.people.add({
    username,
    displayName: `${username[0].toUpperCase()}${username.slice(1)}`,
    role,
    zones,
    passwordHash: cost === 'production' ? await hashPassword(password) : await quickTestHash(password),
  })
  if (!person) throw new Error(`${username} exists`)
  return { person, password }
}

export const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })

export function login(app: Hono, username: string, password: string, address = '192.0.2.1') {
  return app.request(
    '/login',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password, next: '/' }).toString(),
    },
    fromAddress(address),
  )
}

/** Signs in and returns the session cookie (`name=value`), failing loudly otherwise. */
export async function sessionCookie(app: Hono, username: string, password: string, address?: string): Promise<string> {
  const res = await login(app, username, password, address)
  const cookie = res.headers.get('set-cookie')?.split(';')[0]
  if (res.status !== 303 || !cookie) throw new Error(`sign-in as ${username} failed: ${res.status} ${await res.text()}`)
  return cookie
}

/**
 * A clock that moves 1 ms each time it is read, whatever the machine's speed: entries keep their
 * order, yet a wait the throttle gave (1 s and more) cannot run out while a busy machine hashes.
 */
export function creepingClock(start = Date.now()): () => number {
  let t = start
  return () => ++t
}
