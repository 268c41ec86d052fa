import { createEmulator, type Emulator, type EmulatorOptions } from '../server/emulator'

type Options = Pick<EmulatorOptions, 'scaleZones' | 'fixtures' | 'importsPerMinute'>

/** Seeded databases of this test worker, by what decides their data (see memoryEmulator). */
const images = new Map<string, Buffer>()

/**
 * The full sandbox in memory, seeded, for a test: `createEmulator({ file: ':memory:', ...options })`
 * with the same data. Writing the demo data with its scale-test zones takes seconds; the first call
 * in a test worker writes it and keeps an image, later calls open a copy of the image in a fraction of
 * a second (Vitest runs a worker's files in one process). Each call has a database of its own.
 * The seed's own tests (src/server/emulator/**) call createEmulator, which seeds for real.
 */
export function memoryEmulator(options: Options = {}): Emulator {
  const key = `${options.scaleZones !== false}|${options.fixtures ?? ''}`
  const image = images.get(key)
  const emulator = createEmulator({ file: ':memory:', ...options, ...(image ? { image } : {}) })
  if (!image) images.set(key, emulator.db.serialize())
  return emulator
}
