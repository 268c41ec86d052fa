import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface Child<T> {
  info: T
  stop(): void
}

/** Runs a TypeScript file (or a compiled .mjs one, with plain Node) in its own Node process; resolves with the JSON line it prints first. */
export function startChild<T>(file: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Child<T>> {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...(file.endsWith('.mjs') ? [] : ['--import', 'tsx']), file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${file} did not start within 30 s`))
    }, 30_000)
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it started`)))
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer)
      resolve({ info: JSON.parse(line) as T, stop: () => child.kill('SIGTERM') })
    })
  })
}
