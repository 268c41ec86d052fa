// Worker thread (see seed.ts seedInBackground): on its own connection to the sandbox database,
// writes the pending scale-test zones (`scale`), or empties everything and writes all the demo
// data again (`reset`), in one transaction, then exits.
import { workerData } from 'node:worker_threads'
import { openDatabase } from './db'
import { rng } from './ids'
import { seedSdkFixtures } from './sdk-seed'
import { seedDemo, seedScale, type SeedJob } from './seed'

const { file, now, job, fixtures, large } = workerData as SeedJob
const db = openDatabase(file)
try {
  // The main thread may write meanwhile (a person editing a small zone): wait for it rather than fail.
  db.pragma('busy_timeout = 30000')
  const ctx = { db, now: () => new Date(now) }
  if (job === 'scale') seedScale(ctx)
  else
    db.transaction(() => {
      seedDemo(ctx, { scale: true, large })
      if (fixtures === 'sdk') seedSdkFixtures({ ...ctx, rng: rng(20261121) })
    })()
} finally {
  db.close()
}
