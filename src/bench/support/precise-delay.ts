// Calls back a given time after now, to within about a tenth of a millisecond, for the bench's fake
// upstream. setTimeout cannot do this: Node's timers count whole milliseconds from the event loop's
// cached clock, so a 5 ms timer set late in a millisecond fires after 4.x ms, and every timer due in
// the same millisecond fires at once. An upstream built on it answered a quarter of the requests sent
// straight to it in under 5 ms, and answered requests that arrived a few hundred microseconds apart
// in one burst, which a proxy in front then had to work through one after another. A real API 5 ms
// away answers each request 5 ms after it arrived.
//
// The waiting is done by a thread that sleeps in Atomics.wait (a futex with a sub-millisecond
// time-out) until the earliest deadline, then posts the ids that are due. Deadlines reach it through
// a ring in shared memory, with a notify to wake it when a new one comes in.
import { Worker } from 'node:worker_threads'

/** Deadlines that may wait at once (far more than the bench keeps in flight). */
const RING = 4096

/** Milliseconds on the monotonic clock, with sub-microsecond resolution. */
export const clock = (): number => {
  const [s, ns] = process.hrtime()
  return s * 1e3 + ns / 1e6
}

// Plain JavaScript, run with eval: the thread needs no loader. Its clock is the one above, spelled
// again: process.hrtime, the one monotonic clock both threads read (performance.now() counts from
// each thread's own start).
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads')
const RING = ${RING}
const head = new Int32Array(workerData, 0, 2)
const slots = new Float64Array(workerData, 8, RING * 2)
const clock = () => {
  const [s, ns] = process.hrtime()
  return s * 1e3 + ns / 1e6
}
let read = 0
let pending = []
parentPort.postMessage('ready')
for (;;) {
  const seen = Atomics.load(head, 1)
  const written = Atomics.load(head, 0)
  for (; read < written; read++) pending.push([slots[(read % RING) * 2], slots[(read % RING) * 2 + 1]])
  const now = clock()
  const due = pending.filter((p) => p[0] <= now).sort((a, b) => a[0] - b[0]).map((p) => p[1])
  if (due.length) {
    pending = pending.filter((p) => p[0] > now)
    parentPort.postMessage(due)
  }
  if (Atomics.load(head, 0) !== read) continue
  let wait = Infinity
  for (const p of pending) wait = Math.min(wait, p[0] - now)
  Atomics.wait(head, 1, seen, wait === Infinity ? undefined : Math.max(0, wait))
}`

export interface PreciseDelay {
  /** Once the thread runs (it takes some milliseconds to start): deadlines set before may be met late. */
  ready: Promise<void>
  after(ms: number, fn: () => void): void
}

export function preciseDelay(): PreciseDelay {
  const shared = new SharedArrayBuffer(8 + RING * 16)
  // head[0]: deadlines written so far; head[1]: bumped on every write, the word the thread waits on.
  const head = new Int32Array(shared, 0, 2)
  const slots = new Float64Array(shared, 8, RING * 2)
  const waiting = new Map<number, () => void>()
  let nextId = 0
  const thread = new Worker(THREAD, { eval: true, workerData: shared })
  thread.unref()
  let started: () => void
  const ready = new Promise<void>((resolve) => (started = resolve))
  thread.on('message', (ids: number[] | 'ready') => {
    if (ids === 'ready') return started()
    for (const id of ids) {
      const fn = waiting.get(id)
      waiting.delete(id)
      fn?.()
    }
  })
  thread.on('error', (err) => {
    process.stderr.write(`precise-delay thread failed: ${err}\n`)
    process.exit(1)
  })
  return {
    ready,
    after(ms, fn) {
      if (waiting.size >= RING) throw new Error(`precise-delay: more than ${RING} deadlines waiting`)
      const id = nextId++
      waiting.set(id, fn)
      const written = Atomics.load(head, 0)
      const k = written % RING
      slots[k * 2] = clock() + ms
      slots[k * 2 + 1] = id
      Atomics.store(head, 0, written + 1)
      Atomics.add(head, 1, 1)
      Atomics.notify(head, 1)
    },
  }
}
