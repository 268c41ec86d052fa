import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { needsBuild } from './build'

function project() {
  const root = mkdtempSync(join(tmpdir(), 'zk-build-'))
  for (const dir of ['src/features', 'src/server', 'public', 'dist']) mkdirSync(join(root, dir), { recursive: true })
  const files = [
    'index.html',
    'src/main.tsx',
    'src/features/a.tsx',
    'src/features/a.test.tsx',
    'src/server/app.ts',
    'public/favicon.svg',
    'dist/index.html',
  ]
  for (const f of files) writeFileSync(join(root, f), 'x')
  const at = (file: string, seconds: number) => utimesSync(join(root, file), seconds, seconds)
  // Everything old, the build newest.
  for (const f of [...files, 'src/features', 'src/server', 'src', 'public']) at(f, 1000)
  at('dist/index.html', 2000)
  return { root, dist: join(root, 'dist'), at }
}

describe('needsBuild', () => {
  it('is false when dist is newer than every browser source', () => {
    const p = project()
    expect(needsBuild(p.root, p.dist)).toBe(false)
  })

  it('is true when dist is missing', () => {
    const p = project()
    expect(needsBuild(p.root, join(p.root, 'nowhere'))).toBe(true)
  })

  it.each(['src/features/a.tsx', 'index.html', 'public/favicon.svg', 'src/main.tsx'])(
    'is true when %s changed after the build',
    (file) => {
      const p = project()
      p.at(file, 3000)
      expect(needsBuild(p.root, p.dist)).toBe(true)
    },
  )

  it.each(['src/server/app.ts', 'src/features/a.test.tsx'])('ignores %s, which never reaches the bundle', (file) => {
    const p = project()
    p.at(file, 3000)
    expect(needsBuild(p.root, p.dist)).toBe(false)
  })
})
