import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from './db'
import { createSchema, seedDemo } from './reset'

/** Runs in a worker thread (see reset-runner.ts): reseeds the sandbox file on its own connection. */
const { file } = workerData as { file: string }
const db = openDatabase(file)
try {
  createSchema(db)
  seedDemo(db, new Date())
} finally {
  db.close()
}
parentPort?.postMessage('done')
