import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { type Emulator } from '../server/emulator'
import { seedPageShieldScale } from '../server/emulator/page-shield/seed-scale'
import { SEED_ZONES } from '../server/emulator/seed-ids'
import { memoryEmulator } from './memory-emulator'

/** shop-scale.io's scripts cut down to the seed's first `count` (written again, duplicates marked anew). */
function keepFirstScripts(emulator: Emulator, count: number): void {
  const { db } = emulator
  const zone = SEED_ZONES.scripts.id
  db.transaction(() => {
    const scripts = 'SELECT rowid FROM page_shield_scripts WHERE zone_id = ?'
    db.prepare(`DELETE FROM page_shield_script_pages WHERE script_rowid IN (${scripts})`).run(zone)
    db.prepare(`DELETE FROM page_shield_script_versions WHERE script_id IN (SELECT id FROM page_shield_scripts WHERE zone_id = ?)`).run(zone)
    db.prepare('DELETE FROM page_shield_scripts WHERE zone_id = ?').run(zone)
    db.prepare('DELETE FROM page_shield_settings WHERE zone_id = ?').run(zone)
    seedPageShieldScale(db, emulator.ctx.now(), count)
  })()
}

/**
 * The seeded sandbox (every demo zone, shop-scale.io's 20,000 scripts) for the test file: created
 * before its tests (seeding takes a while), closed after. `dir`, a temp folder removed after, is free
 * for the test's own files (a data folder). `scaleScripts`: shop-scale.io holds only the seed's first
 * that many scripts, for a test whose property does not depend on the zone's size (reading 20,000
 * scripts into a store took most of a minute per backend on a busy machine).
 */
export function seededSandbox(prefix: string, { scaleScripts }: { scaleScripts?: number } = {}): { dir: string; emulator: () => Emulator } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  let emulator: Emulator | undefined
  beforeAll(() => {
    // In memory: the same seed, written about a third faster than to a file (nothing here reads the file).
    emulator = memoryEmulator()
    if (scaleScripts !== undefined) keepFirstScripts(emulator, scaleScripts)
  }, 120_000)
  afterAll(() => {
    emulator?.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return {
    dir,
    emulator: () => {
      if (!emulator) throw new Error('The sandbox is created in beforeAll: use it inside a test.')
      return emulator
    },
  }
}
