import type { Hono } from 'hono'
import type { Role, Store, ZoneScope } from '../store'
import { hashPassword } from './passwords'

/** Test helpers: people added straight into the store, and a sign-in through the real /login form. */
export async function addPerson(
  store: Store,
  username: string,
  role: Role,
  zones: ZoneScope = '*',
  password = `${username}-password-1`,
) {
  const person = await store.people.add({
    username,
    displayName: `${username[0].toUpperCase()}${username.slice(1)}`,
    role,
    zones,
    passwordHash: await hashPassword(password),
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
