import { Worker } from 'node:worker_threads'

/**
 * Reseeds a sandbox database file in a worker thread, so that the seconds it takes do not hold up
 * the server. From TypeScript sources (tsx), the worker loads them through tsx's loader (a small
 * JavaScript shim); compiled, it runs the .js file directly.
 */
export function resetInWorker(file: string): Promise<void> {
  const fromSource = import.meta.url.endsWith('.ts')
  const entry = new URL(`./reset-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url)
  const worker = fromSource
    ? new Worker(new URL('./ts-worker.mjs', import.meta.url), { workerData: { file, entry: entry.href } })
    : new Worker(entry, { workerData: { file } })
  return new Promise((resolve, reject) => {
    let done = false
    worker.once('message', () => (done = true))
    worker.once('error', reject)
    worker.once('exit', (code) =>
      done && code === 0 ? resolve() : reject(new Error(`The sandbox reset stopped before it finished (exit code ${code}).`)),
    )
  })
}
