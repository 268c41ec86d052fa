// Worker entry for TypeScript sources: registers tsx's loader in this thread, then runs the worker
// module named in workerData.entry (reset-runner.ts starts it; compiled builds skip this file).
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.entry)
