import { resolve } from 'node:path'
import { ensureBuilt } from '../src/server/build.mjs'

/** Once per run, before the workers start their servers: build the app and the server if stale. */
export default function globalSetup(): void {
  ensureBuilt(resolve(import.meta.dirname, '..'))
}
