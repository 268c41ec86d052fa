import { afterAll } from 'vitest'
import { createApp } from '../server/app'
import type { Emulator } from '../server/emulator'
import { emulatorModules } from '../server/emulator/modules'
import { zonesModule } from '../server/emulator/zones'
import { createStore } from '../server/store'
import { createModuleEmulator } from './module-emulator'
import { testConfig } from './server'

/** The audit tests' server: every emulator module in memory, a store in memory, closed after the file. */
export function auditTestApp() {
  const store = createStore({ dataDir: ':memory:' })
  const me = createModuleEmulator(emulatorModules.filter((m) => m !== zonesModule))
  const emulator: Emulator = { ...me, reset: async () => {}, ready: Promise.resolve(), preparing: () => [] }
  const app = createApp({ config: testConfig(), emulator, store })
  afterAll(async () => {
    await store.close()
    me.close()
  })
  return { app, store, emulator: me }
}

/** Headers of a write from the dashboard. */
export const WRITE_HEADERS = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
