import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { needsBuild, TARGETS } from './build.mjs'

function project() {
  const root = mkdtempSync(join(tmpdir(), 'zk-build-'))
  for (const dir of ['src/features', 'src/server', 'src/shared', 'public', 'dist', 'dist-server'])
    mkdirSync(join(root, dir), { recursive: true })
  const files = [
    'index.html',
    'src/main.tsx',
    'src/features/a.tsx',
    'src/features/a.test.tsx',
    'src/server/app.ts',
    'src/server/app.test.ts',
    'src/shared/schema.ts',
    'public/favicon.svg',
    'dist/index.html',
    'dist-server/main.js',
    'package-lock.json',
  ]
  for (const f of files) writeFileSync(join(root, f), 'x')
  const at = (file: string, seconds: number) => utimesSync(join(root, file), seconds, seconds)
  // Everything old, the builds newest.
  for (const f of [...files, 'src/features', 'src/server', 'src/shared', 'src', 'public']) at(f, 1000)
  at('dist/index.html', 2000)
  at('dist-server/main.js', 2000)
  return { root, at }
}

describe('needsBuild: the browser app', () => {
  it('is false when dist is newer than every browser source', () => {
    expect(needsBuild(project().root, TARGETS.spa)).toBe(false)
  })

  it('is true when dist is missing', () => {
    expect(needsBuild(project().root, { ...TARGETS.spa, output: 'nowhere/index.html' })).toBe(true)
  })

  // The lockfile too: both builds bundle packages, and an update within package.json's ranges changes only it.
  it.each(['src/features/a.tsx', 'index.html', 'public/favicon.svg', 'src/main.tsx', 'src/shared/schema.ts', 'package-lock.json'])(
    'is true when %s changed after the build',
    (file) => {
      const p = project()
      p.at(file, 3000)
      expect(needsBuild(p.root, TARGETS.spa)).toBe(true)
    },
  )

  it.each(['src/server/app.ts', 'src/features/a.test.tsx'])('ignores %s, which never reaches the bundle', (file) => {
    const p = project()
    p.at(file, 3000)
    expect(needsBuild(p.root, TARGETS.spa)).toBe(false)
  })
})

describe('needsBuild: the server', () => {
  it('is false when dist-server is newer than the server and shared sources', () => {
    expect(needsBuild(project().root, TARGETS.server)).toBe(false)
  })

  it.each(['src/server/app.ts', 'src/shared/schema.ts', 'package-lock.json'])('is true when %s changed after the build', (file) => {
    const p = project()
    p.at(file, 3000)
    expect(needsBuild(p.root, TARGETS.server)).toBe(true)
  })

  it.each(['src/features/a.tsx', 'src/server/app.test.ts'])('ignores %s, which the server never runs', (file) => {
    const p = project()
    p.at(file, 3000)
    expect(needsBuild(p.root, TARGETS.server)).toBe(false)
  })
})
