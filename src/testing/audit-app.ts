import { afterAll } from 'vitest'
import { createApp, type AppOptions } from '../server/app'
import type { Emulator } from '../server/emulator'
import { emulatorModules } from '../server/emulator/modules'
import { zonesModule } from '../server/emulator/zones'
import { createStore } from '../server/store'
import { createModuleEmulator } from './module-emulator'
import { testConfig } from './server'

/**
 * The audit tests' server: every emulator module in memory, a store in memory, closed after the file.
 * `options`: the script watch's settings (its SMTP server, say). `another()` makes a second instance
 * on the same store and sandbox, as two servers behind one proxy.
 */
export function auditTestApp({
  credentialsKey,
  scale = false,
  ...options
}: Pick<AppOptions, 'watch'> & {
  /** The credential vault's key (none: adding credentials is refused). */ credentialsKey?: Buffer
  /**
   * The scale-test zones too (bigcorp-records.com's 10,000 records, shop-scale.io's 20,000 scripts):
   * seeding them took ~11 s of the first such server in each test worker, paid by whichever file ran
   * first, and few tests need them.
   */
  scale?: boolean
} = {}) {
  const store = createStore({ dataDir: ':memory:', credentialsKey })
  const me = createModuleEmulator(
    emulatorModules.filter((m) => m !== zonesModule),
    undefined,
    { scale },
  )
  const emulator: Emulator = { ...me, reset: async () => {}, ready: Promise.resolve(), preparing: () => [] }
  const another = () => createApp({ config: testConfig(), emulator, store, ...options })
  const app = another()
  afterAll(async () => {
    await store.close()
    me.close()
  })
  return { app, store, emulator: me, another }
}

/** Headers of a write from the dashboard. */
export const WRITE_HEADERS = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
