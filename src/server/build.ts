import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let newest = st.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'server' || entry === 'node_modules') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

/** Builds the SPA when dist/ is missing or older than the browser sources. */
export async function ensureBuilt(root: string, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html')) ? statSync(join(distDir, 'index.html')).mtimeMs : 0
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'index.html')),
    newestMtime(join(root, 'public')),
    newestMtime(join(root, 'vite.config.ts')),
  )
  if (built >= sources) return
  console.log(built ? 'Sources changed since the last build: rebuilding the dashboard…' : 'Building the dashboard (first start)…')
  const res = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (res.status !== 0) throw new Error('The dashboard build failed; see the messages above.')
}
