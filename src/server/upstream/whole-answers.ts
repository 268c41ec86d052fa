/** An answer read whole (never a streamed one), as the upstream module hands it over. */
export interface WholeAnswer {
  status: number
  headers: Record<string, string>
  body: Uint8Array
}

/** Where a read-whole answer's bytes ride on the Response the upstream module made of them. */
const WHOLE = Symbol('zonekeeper.wholeAnswer')

/**
 * The bytes of an answer the upstream module read whole (up to 64 KiB), carried by the Response it
 * made of them: reads can be shared only when their bytes are known (a streamed answer goes to its
 * one reader). A property of the answer rather than a WeakMap entry: every read sets one, and a
 * WeakMap's insert was the costliest line of the proxy's own code in the bench's profile.
 */
export const wholeAnswers = {
  set(res: Response, answer: WholeAnswer) {
    ;(res as Response & { [WHOLE]?: WholeAnswer })[WHOLE] = answer
  },
  get: (res: Response): WholeAnswer | undefined => (res as Response & { [WHOLE]?: WholeAnswer })[WHOLE],
}
