import type { Store } from '../store'

/**
 * Sign-in throttling, shared by every instance through the store. Three counters of wrong attempts:
 * per source address (any account), per account, and per account-and-address pair. Waits grow
 * (1 s, 2 s, 4 s … up to 15 minutes) once a counter passes its free attempts.
 *
 * The account counter never blocks by itself: it only shrinks the free attempts each address gets at
 * that account (5, then 1 once the account has drawn 10 failures). So guesses from other addresses
 * slow every guesser down, yet the right password from an address that has not failed is always
 * checked and lets the owner in.
 */
export const THROTTLE = {
  addressFree: 20,
  pairFree: 5,
  pairFreeUnderAttack: 1,
  accountUnderAttack: 10,
  maxWaitMs: 15 * 60_000,
}

const keys = (username: string, address: string) => ({
  address: `address:${address}`,
  account: `account:${username.toLowerCase()}`,
  pair: `pair:${username.toLowerCase()}|${address}`,
})

const waitMs = (failures: number, free: number) =>
  failures < free ? 0 : Math.min(1000 * 2 ** (failures - free), THROTTLE.maxWaitMs)

export function signInThrottle(store: Store, now: () => number = Date.now) {
  return {
    /** Seconds this address must wait before trying this account again; 0 when it may try now. */
    async retryAfter(username: string, address: string): Promise<number> {
      const k = keys(username, address)
      const counts = await store.throttle.get([k.address, k.account, k.pair])
      const account = counts.get(k.account)?.failures ?? 0
      const pairFree = account >= THROTTLE.accountUnderAttack ? THROTTLE.pairFreeUnderAttack : THROTTLE.pairFree
      const until = (key: string, free: number) => {
        const c = counts.get(key)
        return c ? c.lastFailureAt + waitMs(c.failures, free) : 0
      }
      const ready = Math.max(until(k.address, THROTTLE.addressFree), until(k.pair, pairFree))
      return ready > now() ? Math.ceil((ready - now()) / 1000) : 0
    },
    async failed(username: string, address: string): Promise<void> {
      const k = keys(username, address)
      await store.throttle.fail([k.address, k.account, k.pair])
    },
    /** The owner proved the password: forget this address's and the account's failures. */
    async succeeded(username: string, address: string): Promise<void> {
      const k = keys(username, address)
      await store.throttle.clear([k.address, k.account, k.pair])
    },
  }
}

export type SignInThrottle = ReturnType<typeof signInThrottle>
