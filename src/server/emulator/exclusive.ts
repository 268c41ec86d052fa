/**
 * Work that must look atomic to every other request but runs in slices (a batch of thousands of
 * records, all or nothing, in one SQLite transaction that spans several turns of the event loop).
 * While it runs, every other sandbox request waits at the door (`wait`), as it would behind a
 * database lock: none sees half of it, and none writes into its transaction.
 */
export interface ExclusiveGate {
  /** Settles at once, or when the work running now is done. */
  wait(): Promise<void>
  /** Runs `work` alone: after the work already running, and with every new request waiting. */
  run<T>(work: () => Promise<T>): Promise<T>
}

export function exclusiveGate(): ExclusiveGate {
  let current: Promise<void> | undefined
  const wait = async () => {
    while (current) await current
  }
  return {
    wait,
    async run(work) {
      await wait()
      let release!: () => void
      current = new Promise<void>((resolve) => (release = resolve))
      try {
        return await work()
      } finally {
        current = undefined
        release()
      }
    },
  }
}
