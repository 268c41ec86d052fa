import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Where the e2e phase's time goes, printed at its end: the tests' own time against the workers' wall
 * time, and the gaps between one test's end and the next one's start on the same worker (a worker
 * restarting for another fixture set: a new browser, a new server). The phase has a budget (see
 * src/testing/run-all.mjs); this says whether a slower run was slower tests or more start-up.
 */
export default class TimeReporter implements Reporter {
  private started = Date.now()
  private readonly runs: { title: string; worker: number; start: number; end: number }[] = []

  onBegin(): void {
    this.started = Date.now()
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const start = result.startTime.getTime()
    this.runs.push({ title: `${test.location.file.replace(/.*\/e2e\//, '')} › ${test.title}`, worker: result.parallelIndex, start, end: start + result.duration })
  }

  onEnd(result: FullResult): void {
    if (this.runs.length === 0) return
    const wall = (Date.now() - this.started) / 1000
    const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`
    const testTime = this.runs.reduce((sum, r) => sum + (r.end - r.start), 0)
    const lanes = [...new Set(this.runs.map((r) => r.worker))].sort((a, b) => a - b)
    const gaps: { title: string; ms: number }[] = []
    const lines = lanes.map((lane) => {
      const mine = this.runs.filter((r) => r.worker === lane).sort((a, b) => a.start - b.start)
      let idle = mine[0].start - this.started
      gaps.push({ title: `${mine[0].title} (first)`, ms: idle })
      for (let i = 1; i < mine.length; i++) {
        const gap = Math.max(0, mine[i].start - mine[i - 1].end)
        idle += gap
        gaps.push({ title: mine[i].title, ms: gap })
      }
      const busy = mine.reduce((sum, r) => sum + (r.end - r.start), 0)
      return `  worker ${lane}: ${mine.length} tests, ${s(busy)} in tests, ${s(idle)} between them, ended ${s(mine[mine.length - 1].end - this.started)} after the start`
    })
    const top = gaps
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((g) => `    ${s(g.ms)} before ${g.title}`)
    console.log(
      [`e2e time (${result.status}): ${this.runs.length} test runs, ${s(testTime)} of test time, ${wall.toFixed(0)} s wall`, ...lines, '  longest waits for a worker (a new browser and server, or nothing left to run):', ...top].join('\n'),
    )
  }

  printsToStdio(): boolean {
    return false
  }
}
