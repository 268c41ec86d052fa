import { join } from 'node:path'
import type { ServerConfig } from './config'
import { createEmulator, type Emulator } from './emulator'

/** Where the sandbox keeps its data: `$DATA_DIR/sandbox.sqlite`. */
export const sandboxFile = (dataDir: string) => join(dataDir, 'sandbox.sqlite')

/**
 * Opens the sandbox database (creating and seeding it the first time), reset to the demo seed when
 * asked. The scale-test zones are written in the background, so the server answers at once.
 * `SANDBOX_SEED=sdk` adds the SDK test suite's fixed ids to the seed, `large` a large account (20,000
 * zones; both: `sdk,large`).
 */
export function openSandbox(config: Pick<ServerConfig, 'dataDir' | 'resetSandbox'>, env: NodeJS.ProcessEnv = process.env): Emulator {
  const seeds = (env.SANDBOX_SEED ?? '').split(',').map((s) => s.trim())
  const fixtures = seeds.includes('sdk') ? 'sdk' : undefined
  const largeAccount = seeds.includes('large')
  return createEmulator({ file: sandboxFile(config.dataDir), reset: config.resetSandbox, scaleInBackground: true, fixtures, largeAccount })
}
