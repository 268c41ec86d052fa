import type { Browser, Page } from '@playwright/test'

/** Main-thread time by kind in a Chromium trace, each the union of its events' spans (ms). */
export interface TraceBreakdown {
  script: number
  styleLayout: number
  paint: number
  parse: number
}

const KINDS: Record<keyof TraceBreakdown, string[]> = {
  script: ['EvaluateScript', 'v8.evaluateModule', 'v8.compileModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks'],
  styleLayout: ['UpdateLayoutTree', 'RecalculateStyles', 'Layout'],
  paint: ['PrePaint', 'Paint', 'Layerize', 'Commit'],
  parse: ['ParseHTML', 'ParseAuthorStyleSheet'],
}

interface TraceEvent {
  name: string
  ph: string
  tid: number
  ts: number
  dur?: number
  args?: { name?: string }
}

function union(spans: [number, number][]): number {
  spans.sort((a, b) => a[0] - b[0])
  let total = 0
  let end = -Infinity
  for (const [s, e] of spans) {
    if (e <= end) continue
    total += e - Math.max(s, end)
    end = e
  }
  return total / 1000
}

/** Traces the page's main thread while `act` runs (Chromium only) and sums it by kind. */
export async function traceMainThread(browser: Browser, page: Page, act: () => Promise<void>): Promise<TraceBreakdown> {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] })
  await act()
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid
  const out = { script: 0, styleLayout: 0, paint: 0, parse: 0 }
  for (const kind of Object.keys(KINDS) as (keyof TraceBreakdown)[]) {
    const names = new Set(KINDS[kind])
    out[kind] = union(events.filter((e) => e.ph === 'X' && e.tid === main && e.dur && names.has(e.name)).map((e) => [e.ts, e.ts + e.dur!]))
  }
  return out
}
