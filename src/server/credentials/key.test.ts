import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readConfig } from '../config'

const dir = mkdtempSync(join(tmpdir(), 'zk-vault-key-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('CREDENTIALS_KEY and CREDENTIALS_KEY_FILE', () => {
  const key = randomBytes(32)

  it('takes 32 bytes as base64 or 64 hex digits; unset, none (the dashboard still starts)', () => {
    expect(readConfig({ CREDENTIALS_KEY: key.toString('base64') }, []).credentialsKey).toEqual(key)
    expect(readConfig({ CREDENTIALS_KEY: ` ${key.toString('hex')} ` }, []).credentialsKey).toEqual(key)
    expect(readConfig({}, []).credentialsKey).toBeUndefined()
  })

  it('refuses a key of another size with a clear message that names the setting, says how to make one and never repeats the value', () => {
    const short = randomBytes(16).toString('base64')
    let message = ''
    try {
      readConfig({ CREDENTIALS_KEY: short }, [])
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toMatch(/^CREDENTIALS_KEY must be 32 bytes .*openssl rand -base64 32/)
    expect(message).not.toContain(short)
    expect(() => readConfig({ CREDENTIALS_KEY: 'not a key at all' }, [])).toThrow(/CREDENTIALS_KEY must be 32 bytes/)
  })

  it('reads the key from a file readable by its owner only; refuses one group or others may read, a missing file, and both settings at once', () => {
    const file = join(dir, 'key')
    writeFileSync(file, key.toString('base64') + '\n', { mode: 0o600 })
    chmodSync(file, 0o600)
    expect(readConfig({ CREDENTIALS_KEY_FILE: file }, []).credentialsKey).toEqual(key)
    chmodSync(file, 0o640)
    expect(() => readConfig({ CREDENTIALS_KEY_FILE: file }, [])).toThrow(/CREDENTIALS_KEY_FILE must be readable by its owner only \(it is 640\): chmod 600/)
    chmodSync(file, 0o600)
    expect(() => readConfig({ CREDENTIALS_KEY_FILE: join(dir, 'none') }, [])).toThrow(/CREDENTIALS_KEY_FILE must name a readable file \(ENOENT\)/)
    expect(() => readConfig({ CREDENTIALS_KEY: key.toString('hex'), CREDENTIALS_KEY_FILE: file }, [])).toThrow('Set CREDENTIALS_KEY or CREDENTIALS_KEY_FILE, not both.')
  })
})
