import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * The data folder and its files hold the sandbox, the dashboard's own store and its session
 * secret: only the user running the server may read them (folder 0700, files 0600), whatever the
 * umask. SQLite creates its -wal and -shm files with the permissions of the database file.
 */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  chmodSync(dir, 0o700)
}

/** Creates `file` (and its folder) readable by its owner only, or narrows an existing one to that. */
export function privateFile(file: string): void {
  privateDir(dirname(file))
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600))
  chmodSync(file, 0o600)
  for (const side of [`${file}-wal`, `${file}-shm`]) if (existsSync(side)) chmodSync(side, 0o600)
}
