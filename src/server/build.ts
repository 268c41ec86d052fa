import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Folders and files under src/ that never reach the browser bundle. */
const NOT_BUNDLED = (name: string) =>
  name === 'server' || name === 'testing' || name === 'node_modules' || /\.test\.tsx?$/.test(name)

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const entry of readdirSync(path)) {
    if (NOT_BUNDLED(entry)) continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** True when dist/ is missing or older than any browser source (src/ less the server, index.html, public/, vite config). */
export function needsBuild(root: string, distDir: string): boolean {
  const index = join(distDir, 'index.html')
  const built = existsSync(index) ? statSync(index).mtimeMs : 0
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'index.html')),
    newestMtime(join(root, 'public')),
    newestMtime(join(root, 'vite.config.ts')),
    newestMtime(join(root, 'package.json')),
  )
  return built === 0 || built < sources
}

/** Builds the SPA with Vite when `needsBuild` says so. */
export async function ensureBuilt(root: string, distDir: string): Promise<void> {
  if (!needsBuild(root, distDir)) return
  const first = !existsSync(join(distDir, 'index.html'))
  console.log(first ? 'Building the dashboard (first start)…' : 'Sources changed since the last build: rebuilding the dashboard…')
  const res = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (res.status !== 0) throw new Error('The dashboard build failed; see the messages above.')
}
