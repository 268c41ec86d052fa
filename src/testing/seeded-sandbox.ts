import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { type Emulator } from '../server/emulator'
import { memoryEmulator } from './memory-emulator'

/**
 * The seeded sandbox (every demo zone, shop-scale.io's 20,000 scripts) for the test file: created
 * before its tests (seeding takes a while), closed after. `dir`, a temp folder removed after, is free
 * for the test's own files (a data folder).
 */
export function seededSandbox(prefix: string): { dir: string; emulator: () => Emulator } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  let emulator: Emulator | undefined
  beforeAll(() => {
    // In memory: the same seed, written about a third faster than to a file (nothing here reads the file).
    emulator = memoryEmulator()
  }, 120_000)
  afterAll(() => {
    emulator?.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return {
    dir,
    emulator: () => {
      if (!emulator) throw new Error('The sandbox is created in beforeAll: use it inside a test.')
      return emulator
    },
  }
}
