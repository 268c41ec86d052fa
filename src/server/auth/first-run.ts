import { createHash, randomBytes } from 'node:crypto'
import { isLoopback } from '../config'
import type { Store } from '../store'
import { hashPassword } from './passwords'

const SETUP_PREFIX = 'setup-code:'
const SETUP_TTL_MS = 24 * 60 * 60_000
const codeKey = (code: string) => SETUP_PREFIX + createHash('sha256').update(code.trim().toUpperCase()).digest('hex')

/** True when the first administrator may be created without a setup code (the server listens on loopback). */
export const setupNeedsCode = (host: string) => !isLoopback(host)

/**
 * First run outside loopback: a one-time setup code, printed in the server's log, that the first
 * administrator must type. Each instance prints its own; any of them works until someone is added.
 */
export async function issueSetupCode(store: Store, now: () => number = Date.now): Promise<string> {
  const code = randomBytes(6)
    .toString('hex')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1-')
  await store.settings.setIfAbsent(codeKey(code), String(now() + SETUP_TTL_MS))
  return code
}

export async function setupCodeValid(store: Store, code: string, now: () => number = Date.now): Promise<boolean> {
  if (!code || code.length > 40) return false
  const expires = await store.settings.get(codeKey(code))
  return expires !== undefined && Number(expires) > now()
}

export const forgetSetupCodes = (store: Store) => store.settings.deletePrefix(SETUP_PREFIX)

/**
 * DASHBOARD_PASSWORD from before people existed: on a store with nobody in it, it becomes the
 * password of an administrator named `admin`, so the deployment keeps working. Returns the message to log.
 */
export async function adoptDashboardPassword(store: Store, password: string | undefined): Promise<string | undefined> {
  if (!password) return undefined
  if ((await store.people.count()) > 0) {
    return 'DASHBOARD_PASSWORD is set but is no longer used: people sign in with their own accounts. Remove it from the environment.'
  }
  await store.people.add({
    username: 'admin',
    displayName: 'Administrator',
    role: 'admin',
    zones: '*',
    passwordHash: await hashPassword(password),
  })
  return (
    'Upgrade: DASHBOARD_PASSWORD became the password of the administrator "admin". Sign in as admin with it, ' +
    'add people (dashboard → People, or npm run people -- add), then remove DASHBOARD_PASSWORD from the environment.'
  )
}
