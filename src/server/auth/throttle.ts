import type { Store } from '../store'
import { throttleWaitMs } from '../store/throttle'

/**
 * Sign-in throttling, shared by every instance through the store. Three counters of attempts: per
 * source address (any account), per account, and per account-and-address pair. Each attempt is
 * counted BEFORE its password is checked, by one statement that counts and answers (so 30 guesses
 * at once get exactly the free attempts, not 30 checks); a right password gives its attempt back.
 * Waits grow (1 s, 2 s, 4 s … up to 15 minutes) once a counter passes its free attempts.
 *
 * The account counter never blocks by itself: it only shrinks the free attempts each address gets at
 * that account (5, then 1 once the account has drawn 10 attempts). So guesses from other addresses
 * slow every guesser down, yet the right password from an address that has not failed is always
 * checked and lets the owner in. A success clears only its own pair's counter: signing in to one's
 * own account does not reset what the address may try elsewhere.
 *
 * Besides, at most `inFlightPerAccount` password checks run at once per account (a lease row per
 * place in the store, so across instances too): a burst waits its turn instead of costing the
 * server a memory-hard hash per request.
 */
export const THROTTLE = {
  addressFree: 20,
  pairFree: 5,
  pairFreeUnderAttack: 1,
  accountUnderAttack: 10,
  maxWaitMs: 15 * 60_000,
  inFlightPerAccount: 2,
  inFlightLeaseMs: 30_000,
}

const keys = (username: string, address: string) => ({
  address: `address:${address}`,
  account: `account:${username.toLowerCase()}`,
  pair: `pair:${username.toLowerCase()}|${address}`,
})

/** An attempt that may check its password: `succeeded` when it was right; `end` in any case. */
export interface Attempt {
  succeeded(): Promise<void>
  end(): Promise<void>
}

export type AttemptAnswer = { ok: true; attempt: Attempt } | { ok: false; wait: number; busy: boolean }

export function signInThrottle(store: Store, now: () => number = Date.now) {
  const pairFreeOf = (accountFailures: number) =>
    accountFailures >= THROTTLE.accountUnderAttack ? THROTTLE.pairFreeUnderAttack : THROTTLE.pairFree

  const self = {
    /** Seconds this address must wait before trying this account again; 0 when it may try now. */
    async retryAfter(username: string, address: string): Promise<number> {
      const k = keys(username, address)
      const counts = await store.throttle.get([k.address, k.account, k.pair])
      const pairFree = pairFreeOf(counts.get(k.account)?.failures ?? 0)
      const until = (key: string, free: number) => {
        const c = counts.get(key)
        return c ? c.lastFailureAt + throttleWaitMs(c.failures, free, THROTTLE.maxWaitMs) : 0
      }
      const ready = Math.max(until(k.address, THROTTLE.addressFree), until(k.pair, pairFree))
      return ready > now() ? Math.ceil((ready - now()) / 1000) : 0
    },

    /**
     * Counts an attempt before its password is checked. Refused (nothing counted) while the pair or
     * the address must wait, or while the account already has its checks in flight.
     */
    async begin(username: string, address: string): Promise<AttemptAnswer> {
      const k = keys(username, address)
      const lease = await store.throttle.claim(k.account, THROTTLE.inFlightPerAccount, THROTTLE.inFlightLeaseMs)
      if (!lease) return { ok: false, wait: 1, busy: true }
      const release = () => store.throttle.release(k.account, lease)
      try {
        const account = (await store.throttle.get([k.account])).get(k.account)?.failures ?? 0
        let counted = await store.throttle.attempt(k.pair, pairFreeOf(account), THROTTLE.maxWaitMs)
        if (counted && !(await store.throttle.attempt(k.address, THROTTLE.addressFree, THROTTLE.maxWaitMs))) {
          await store.throttle.refund([k.pair])
          counted = false
        }
        if (!counted) {
          await release()
          return { ok: false, wait: Math.max(1, await self.retryAfter(username, address)), busy: false }
        }
        await store.throttle.fail([k.account])
      } catch (err) {
        await release().catch(() => {})
        throw err
      }
      return {
        ok: true,
        attempt: {
          // The owner proved the password: this pair's count goes; the address and the account get
          // this one attempt back, and keep what others tried.
          succeeded: async () => {
            await store.throttle.clear([k.pair])
            await store.throttle.refund([k.address, k.account])
          },
          end: release,
        },
      }
    },
  }
  return self
}
