import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('the browser bundle', () => {
  it('holds none of the server’s secrets even when they are set at build time', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'zk-bundle-'))
    const secrets = {
      API_TOKEN: 'bundle-token-0123456789abcdefghij',
      API_KEY: 'bundle-key-0123456789abcdef0123456',
      API_EMAIL: 'bundle-owner@secret.example',
      DASHBOARD_PASSWORD: 'bundle-password-correct-horse',
    }
    const res = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        env: { ...process.env, ...secrets, NO_COLOR: '1', FORCE_COLOR: '0' },
        encoding: 'utf8',
      },
    )
    try {
      expect(res.status, res.stderr).toBe(0)
      const files = filesUnder(outDir)
      expect(files.some((f) => f.endsWith('.js'))).toBe(true)
      for (const file of files) {
        const text = readFileSync(file, 'utf8')
        for (const [name, value] of Object.entries(secrets)) expect(text.includes(value), `${name} in ${file}`).toBe(false)
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true })
    }
  }, 120_000)
})
