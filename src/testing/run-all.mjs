// @ts-check
// `npm test`: typecheck and lint side by side (each uses one core of the two), then unit, build, e2e,
// stopping at the first step that fails, then a table of how long each phase took, so the suite's budget
// (src/README.md, "The suite and its budget") is read off every run instead of timed by hand. Plain
// JavaScript: it runs before anything is compiled.
import { spawn } from 'node:child_process'

/** @typedef {[name: string, command: string, budgetSeconds: number]} Phase */
/** Steps in order; the phases of one step run at the same time (tsc and ESLint are single-threaded). @type {Phase[][]} */
const STEPS = [
  [
    ['typecheck', 'npm run -s typecheck', 60],
    ['lint', 'npm run -s lint', 90],
  ],
  [['unit', 'npx vitest run', 240]],
  [['build', 'node src/server/build.mjs', 60]],
  [['e2e', 'npx playwright test -c e2e/playwright.config.ts', 420]],
]

/**
 * Runs one command; with a `heading`, its output is kept and printed whole under that heading when it
 * ends, so two phases side by side do not interleave their lines.
 * @param {string} command @param {string} heading @returns {Promise<number>} the exit code
 */
function run(command, heading) {
  const quiet = heading !== ''
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
    /** @type {Buffer[]} */
    const out = []
    child.stdout?.on('data', (d) => out.push(d))
    child.stderr?.on('data', (d) => out.push(d))
    // Ctrl-C reaches the child through the terminal's process group; a TERM from a time-out is passed on.
    const forward = () => child.kill('SIGTERM')
    process.once('SIGTERM', forward)
    child.on('close', (code, signal) => {
      process.off('SIGTERM', forward)
      if (quiet) process.stdout.write(Buffer.concat([Buffer.from(heading), ...out]))
      resolve(code ?? (signal ? 128 : 1))
    })
  })
}

const only = process.argv.slice(2)
/** @type {{ name: string; seconds: number; budget: number; code: number }[]} */
const done = []
let failed = 0
const start = Date.now()
for (const step of STEPS) {
  const phases = step.filter(([name]) => !only.length || only.includes(name))
  if (!phases.length) continue
  const side = phases.length > 1
  if (side) console.log(`\n--- side by side: ${phases.map(([name]) => name).join(', ')} (each one's output when it ends)`)
  const results = await Promise.all(
    phases.map(async ([name, command, budget]) => {
      const t0 = Date.now()
      if (!side) console.log(`\n--- ${name}: ${command}`)
      const code = await run(command, side ? `--- ${name}: ${command}\n` : '')
      const seconds = (Date.now() - t0) / 1000
      return { name, seconds, budget, code }
    }),
  )
  done.push(...results)
  const bad = results.find((r) => r.code !== 0)
  if (bad) {
    failed = bad.code
    break
  }
}

const mmss = (/** @type {number} */ seconds) => {
  const s = Math.round(seconds)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
console.log('\nnpm test, time per phase (budget: the whole run within 12:00 on the 2-core CI machine)')
for (const p of done) {
  const mark = p.code !== 0 ? `failed (exit ${p.code})` : p.seconds > p.budget ? `over its ${mmss(p.budget)}` : 'ok'
  const beside = done.filter((q) => q !== p && STEPS.some((s) => s.some(([n]) => n === p.name) && s.some(([n]) => n === q.name)))
  console.log(`  ${p.name.padEnd(10)} ${mmss(p.seconds).padStart(6)}  ${mark}${beside.length ? ` (beside ${beside.map((q) => q.name).join(', ')})` : ''}`)
}
console.log(`  ${'total'.padEnd(10)} ${mmss((Date.now() - start) / 1000).padStart(6)}`)
process.exit(failed)
