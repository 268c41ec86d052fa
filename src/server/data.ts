import { z } from 'zod'
import { join } from 'node:path'
import type { ServerConfig } from './config'
import { createEmulator, type Emulator } from './emulator'
import { parseEnv } from './env'

/** Where the sandbox keeps its data: `$DATA_DIR/sandbox.sqlite`. */
export const sandboxFile = (dataDir: string) => join(dataDir, 'sandbox.sqlite')

const SEEDS = ['sdk', 'large', 'small'] as const

/** SANDBOX_SEED: `sdk`, `large`, `small`, comma-separated (`sdk,large`); unset: the demo data alone. */
const seedEnv = z.object({
  SANDBOX_SEED: z
    .string()
    .optional()
    .transform((raw) =>
      (raw ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(SEEDS, { error: 'must be sdk, large, small or several, comma-separated (unset: the demo data alone)' }))
        .refine((seeds) => !(seeds.includes('small') && seeds.includes('large')), 'cannot be both small and large'),
    ),
})

/**
 * Opens the sandbox database (creating and seeding it the first time), reset to the demo seed when
 * asked. The scale-test zones are written in the background, so the server answers at once.
 * `SANDBOX_SEED=sdk` adds the SDK test suite's fixed ids to the seed, `large` a large account (20,000
 * zones; both: `sdk,large`); `small` leaves the scale-test zones out (a start or reset in a fraction
 * of a second, and no seed worker busy after the start: end-to-end specs that never open them).
 */
export function openSandbox(
  config: Pick<ServerConfig, 'dataDir' | 'resetSandbox'>,
  env: NodeJS.ProcessEnv = process.env,
): Emulator {
  const seeds = parseEnv(seedEnv, env).SANDBOX_SEED
  const fixtures = seeds.includes('sdk') ? 'sdk' : undefined
  const largeAccount = seeds.includes('large')
  return createEmulator({
    file: sandboxFile(config.dataDir),
    reset: config.resetSandbox,
    scaleInBackground: true,
    fixtures,
    largeAccount,
    scaleZones: !seeds.includes('small'),
  })
}
