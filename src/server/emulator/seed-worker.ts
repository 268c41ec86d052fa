// Worker thread (see seed.ts seedScaleInBackground): writes the pending scale-test zones into the
// sandbox database on its own connection, then exits.
import { workerData } from 'node:worker_threads'
import { openDatabase } from './db'
import { seedScale } from './seed'

const { file, now } = workerData as { file: string; now: string }
const db = openDatabase(file)
try {
  // The main thread may write meanwhile (a person editing a small zone): wait for it rather than fail.
  db.pragma('busy_timeout = 30000')
  seedScale({ db, now: () => new Date(now) })
} finally {
  db.close()
}
