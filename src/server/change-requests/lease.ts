/**
 * Keeps a reservation's lease while its work runs: renewed every third of its length, but
 * only while the current write has run for less than one lease length. A write that hangs longer is
 * left to lapse, so another instance recovers the request (its outcome then says "unknown").
 */
export function holdLease(renew: () => Promise<boolean>, ms: number) {
  let stepStarted = Date.now()
  let lost = false
  const timer = setInterval(
    () => {
      if (lost || Date.now() - stepStarted > ms) return
      void renew()
        .then((ok) => void (ok || (lost = true)))
        .catch(() => undefined)
    },
    Math.max(20, Math.floor(ms / 3)),
  )
  timer.unref()
  return {
    /** A new write starts (its mark renewed the lease). */
    step() {
      stepStarted = Date.now()
    },
    stop() {
      clearInterval(timer)
    },
  }
}
