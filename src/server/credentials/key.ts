import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'

/** How to make a key, in every message that asks for one. */
export const MAKE_A_KEY = 'openssl rand -base64 32'

/**
 * The vault's key (CREDENTIALS_KEY, or the content of CREDENTIALS_KEY_FILE): 32 bytes, written as
 * base64 or as 64 hex digits. Answers the key, or the predicate of a refusal ("must be …").
 */
export function parseCredentialsKey(text: string): Buffer | string {
  const t = text.trim()
  if (/^[0-9a-f]{64}$/i.test(t)) return Buffer.from(t, 'hex')
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) {
    const bytes = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (bytes.length === 32) return bytes
  }
  return `must be 32 bytes written as base64 or as 64 hex digits (make one with \`${MAKE_A_KEY}\`)`
}

/**
 * Reads CREDENTIALS_KEY_FILE: refused when group or others may read it (the key opens every stored
 * credential; the store's own files are 0600 for the same reason, see private-files.ts).
 */
export function readCredentialsKeyFile(path: string): Buffer | string {
  let mode: number
  let text: string
  try {
    mode = statSync(path).mode
    text = readFileSync(path, 'utf8')
  } catch (err) {
    return `must name a readable file (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    return `must be readable by its owner only (it is ${(mode & 0o777).toString(8)}): chmod 600 ${path}`
  }
  return parseCredentialsKey(text)
}

/**
 * The key's fingerprint, kept beside every row it encrypted: a row sealed under another key is told
 * apart before decrypting (a clear "wrong key" instead of a failed tag). 8 bytes of SHA-256 tell keys
 * apart and say nothing usable about the key.
 */
export const keyFingerprint = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16)
