// @ts-check
// `npm test`: typecheck, lint, unit, build, e2e, one after another, stopping at the first that fails,
// then a table of how long each phase took, so the suite's budget (src/README.md, "The suite and its budget") is read off every
// run instead of timed by hand. Plain JavaScript: it runs before anything is compiled.
import { spawn } from 'node:child_process'

/** @type {[name: string, command: string, budgetSeconds: number][]} */
const PHASES = [
  ['typecheck', 'npm run -s typecheck', 60],
  ['lint', 'npm run -s lint', 90],
  ['unit', 'npx vitest run', 240],
  ['build', 'node src/server/build.mjs', 60],
  ['e2e', 'npx playwright test -c e2e/playwright.config.ts', 420],
]

/** @param {string} command @returns {Promise<number>} the exit code */
function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' })
    // Ctrl-C reaches the child through the terminal's process group; a TERM from a time-out is passed on.
    const forward = () => child.kill('SIGTERM')
    process.once('SIGTERM', forward)
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward)
      resolve(code ?? (signal ? 128 : 1))
    })
  })
}

const only = process.argv.slice(2)
/** @type {{ name: string; seconds: number; budget: number; code: number }[]} */
const done = []
let failed = 0
const start = Date.now()
for (const [name, command, budget] of PHASES) {
  if (only.length && !only.includes(name)) continue
  console.log(`\n--- ${name}: ${command}`)
  const t0 = Date.now()
  const code = await run(command)
  done.push({ name, seconds: (Date.now() - t0) / 1000, budget, code })
  if (code !== 0) {
    failed = code
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
  console.log(`  ${p.name.padEnd(10)} ${mmss(p.seconds).padStart(6)}  ${mark}`)
}
console.log(`  ${'total'.padEnd(10)} ${mmss((Date.now() - start) / 1000).padStart(6)}`)
process.exit(failed)
