import { randomBytes } from 'node:crypto'
import { afterAll } from 'vitest'
import { createApp } from '../../server/app'
import { createStore } from '../../server/store'
import { memoryEmulator } from '../memory-emulator'
import { testConfig } from '../server'

/**
 * A dashboard on the sandbox's demo data (no scale-test zones) with a vault key, so a test can store
 * the estate's tokens as credentials and reach the agency's client accounts through them; closed
 * after the file's tests.
 */
export function estateApp() {
  const emulator = memoryEmulator({ scaleZones: false })
  const store = createStore({ dataDir: ':memory:', credentialsKey: randomBytes(32) })
  const app = createApp({ config: testConfig(), emulator, store })
  afterAll(async () => {
    emulator.close()
    await store.close()
  })
  return { emulator, store, app }
}
