import { createHash, randomBytes } from 'node:crypto'

/** A fresh random 32-hex id, like the API's. */
export const newId = (): string => randomBytes(16).toString('hex')

/** A stable 32-hex id derived from a label: seeds use it so ids survive a reset. */
export const stableId = (label: string): string => createHash('md5').update(label).digest('hex')

/** A small deterministic PRNG (mulberry32) so the demo seed is the same on every machine. */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  }
}
export type Rng = ReturnType<typeof rng>
