// npm start: builds what is missing or stale (see build.mjs; SKIP_BUILD=1 skips this), then runs the
// compiled server (dist-server/main.js) in this same process with plain Node.
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ensureBuilt } from './build.mjs'

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..')
try {
  if (process.env.SKIP_BUILD !== '1') ensureBuilt(root)
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
}
await import(pathToFileURL(resolve(root, 'dist-server', 'main.js')).href)
