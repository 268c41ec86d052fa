// npm run bench [-- <name filter>]: runs every src/bench/*.bench.ts and prints their figures in one table.
import { readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { meets, type BenchModule, type Row } from './types'

const here = fileURLToPath(new URL('.', import.meta.url))
const filter = process.argv.slice(2).join(' ').trim()

const formatValue = (row: Row) =>
  row.value === null ? 'n/a' : `${Number.isInteger(row.value) ? row.value : row.value.toFixed(2)} ${row.unit}`
const formatGoal = (row: Row) => (row.goal ? `${row.goal.op} ${row.goal.value} ${row.unit}` : '')
const verdict = (row: Row) =>
  !row.goal ? '' : row.value === null ? 'NOT MEASURED' : meets(row.value, row.goal) ? 'met' : 'MISSED'

async function main() {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()
  const table: string[][] = []
  let failed = false
  for (const file of files) {
    const mod = (await import(pathToFileURL(here + file).href)) as BenchModule
    if (filter && !mod.name.includes(filter) && !file.includes(filter)) continue
    process.stderr.write(`running ${mod.name}…\n`)
    const t = performance.now()
    try {
      const rows = await mod.run()
      for (const row of rows) table.push([mod.name, row.metric, formatValue(row), formatGoal(row), verdict(row), row.note ?? ''])
    } catch (err) {
      failed = true
      table.push([mod.name, 'error', 'n/a', '', 'FAILED', err instanceof Error ? err.message : String(err)])
    }
    process.stderr.write(`  ${mod.name} took ${((performance.now() - t) / 1000).toFixed(1)} s\n`)
  }
  const header = ['bench', 'metric', 'value', 'goal', 'status', 'note']
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd()
  console.log(line(header))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const row of table) console.log(line(row))
  if (failed) process.exitCode = 1
}

void main()
