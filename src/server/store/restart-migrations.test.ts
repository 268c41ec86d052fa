import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDb, migrateToLatest, STORE_FILE } from './db'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function migratedDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'zk-restart-migrations-'))
  dirs.push(dir)
  const db = createDb({ dataDir: dir })
  await migrateToLatest(db, 'sqlite')
  await db.destroy()
  return dir
}

const tables = (dir: string) => {
  const raw = new Database(join(dir, STORE_FILE))
  try {
    return (raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name)
  } finally {
    raw.close()
  }
}

const sqlite = (dir: string, statement: string) => {
  const raw = new Database(join(dir, STORE_FILE))
  raw.exec(statement)
  raw.close()
}

describe('a restart of a SQLite store whose migrations are all applied', () => {
  it('reads the applied list and leaves Kysely’s migrator (and its lock table) alone', async () => {
    const dir = await migratedDir()
    // The migrator would create its lock table again: its absence after a restart shows it did not run.
    sqlite(dir, 'DROP TABLE kysely_migration_lock')
    const db = createDb({ dataDir: dir })
    await migrateToLatest(db, 'sqlite')
    await db.destroy()
    expect(tables(dir)).not.toContain('kysely_migration_lock')
  })

  it('still refuses a store with a migration this version does not know', async () => {
    const dir = await migratedDir()
    sqlite(dir, "INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-from-a-newer-version', '2030-01-01T00:00:00.000Z')")
    const db = createDb({ dataDir: dir })
    await expect(migrateToLatest(db, 'sqlite')).rejects.toThrow(/could not be migrated/)
    await db.destroy()
  })

  it('still applies a migration that is pending', async () => {
    const dir = await migratedDir()
    const last = (() => {
      const raw = new Database(join(dir, STORE_FILE))
      try {
        return (raw.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').get() as { name: string }).name
      } finally {
        raw.close()
      }
    })()
    // Forgotten as applied (its effects stay, so running it again may fail): what counts is that the
    // migrator ran, which makes its lock table again.
    sqlite(dir, `DELETE FROM kysely_migration WHERE name = '${last}'; DROP TABLE kysely_migration_lock`)
    const db = createDb({ dataDir: dir })
    await migrateToLatest(db, 'sqlite').catch(() => {})
    await db.destroy()
    expect(tables(dir)).toContain('kysely_migration_lock')
  })
})
