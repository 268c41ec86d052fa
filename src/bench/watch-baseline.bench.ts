// The script watch's first check (its baseline) of shop-scale.io, the sandbox's 20,000-script zone:
// the time per 1,000 scripts of the whole check (read every page, compare, record the state and
// the run) against reading the same pages without the watch's work, in the same run; and the
// sandbox's read of a zone's every script (all statuses, /cdn-cgi/ paths and duplicates, as the
// watch asks) against the scripts list's default read (what the index and the screens ask), also
// per 1,000 scripts. Rounds alternate the two sides of each ratio so that the machine's load falls
// on both. Own throw-away DATA_DIR; the in-process sandbox, as the server's watch uses it.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { emulatorForward } from '../server/doors/sandbox-door'
import { createEmulator } from '../server/emulator'
import { SEED_ZONES } from '../server/emulator/seed-ids'
import { readAll } from '../server/page-shield/list-pages'
import { createStore } from '../server/store'
import { createWatch } from '../server/watch'
import { readZone } from '../server/watch/read-zone'
import { percentile, round } from './support/stats'
import type { Row } from './types'

export const name = 'watch-baseline'

const ZONE = SEED_ZONES.scripts
const ROUNDS = 3
const median = (xs: number[]) => percentile(xs, 50)

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now()
  const value = await f()
  return { ms: performance.now() - t, value }
}

export async function run(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'zk-bench-watch-'))
  const emulator = createEmulator({ file: join(dataDir, 'sandbox.sqlite') })
  const send = emulatorForward(emulator)
  const scriptsPath = `/zones/${ZONE.id}/page_shield/scripts`
  const rows: Row[] = []
  try {
    const plain: number[] = []
    const check: number[] = []
    const every: number[] = []
    const listed: number[] = []
    let scripts = 0
    let listedCount = 0
    for (let round = 0; round < ROUNDS; round++) {
      // Reading the same pages as the check, without its work: the baseline of the first ratio.
      const read = await timed(() => readZone(send, ZONE.id))
      scripts = read.value.scripts.length
      plain.push(read.ms / (scripts / 1000))
      // The check itself on a store that never saw the zone: its baseline, as the first check runs it.
      const dir = join(dataDir, `store-${round}`)
      mkdirSync(dir)
      const store = createStore({ dataDir: dir })
      await store.watch.recentRuns(ZONE.id, 1) // migrations before the clock starts
      const watch = createWatch({ store, send })
      try {
        const baseline = await timed(() => watch.ensureBaseline(ZONE.id, ZONE.name))
        const [run] = await store.watch.recentRuns(ZONE.id, 1)
        if (run?.outcome !== 'baseline' || run.scripts_seen !== scripts) throw new Error(`the baseline ended ${run?.outcome} with ${run?.scripts_seen} scripts`)
        check.push(baseline.ms / (scripts / 1000))
      } finally {
        await watch.stop()
        await store.close()
      }
      // The sandbox's side: the watch's whole-zone list against the default list, page by page.
      const all = await timed(() => readAll(send, scriptsPath, { status: 'active,infrequent,inactive', exclude_cdn_cgi: 'false', exclude_duplicates: 'false' }))
      every.push(all.ms / (all.value.length / 1000))
      const def = await timed(() => readAll(send, scriptsPath, { status: 'active,infrequent,inactive' }))
      listedCount = def.value.length
      listed.push(def.ms / (def.value.length / 1000))
    }
    rows.push(
      { metric: `page reads alone, per 1,000 scripts (${scripts.toLocaleString('en')} scripts, median of ${ROUNDS})`, value: round(median(plain)), unit: 'ms' },
      { metric: 'watch baseline, per 1,000 scripts (read, compare, record)', value: round(median(check)), unit: 'ms' },
      {
        metric: 'watch baseline / page reads alone (per 1,000 scripts, same run)',
        value: round(median(check) / median(plain)),
        unit: '×',
        goal: { op: '<=', value: 1.5 },
        note: `whole baseline ${round((median(check) * scripts) / 1000 / 1000, 1)} s`,
      },
      {
        metric: "sandbox: every script's pages / the default list's pages (per 1,000 scripts, same run)",
        value: round(median(every) / median(listed)),
        unit: '×',
        goal: { op: '<=', value: 1.5 },
        note: `${round(median(every))} vs ${round(median(listed))} ms per 1,000 (${listedCount.toLocaleString('en')} in the default list)`,
      },
    )
  } finally {
    emulator.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return rows
}
