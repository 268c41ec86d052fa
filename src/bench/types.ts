/** A goal a figure is held to, printed beside it: `{ op: '<', value: 10 }` reads "goal < 10". */
export interface Goal {
  op: '<' | '<=' | '>' | '>='
  value: number
}

/** One figure of a bench. */
export interface Row {
  /** What was measured, e.g. `list p50, no filter`. */
  metric: string
  /** The figure; `null` when it could not be measured (say why in `note`). */
  value: number | null
  unit: string
  goal?: Goal
  note?: string
}

/** What every bench/*.bench.ts module exports. */
export interface BenchModule {
  name: string
  run(): Promise<Row[]>
}

export function meets(value: number, goal: Goal): boolean {
  switch (goal.op) {
    case '<':
      return value < goal.value
    case '<=':
      return value <= goal.value
    case '>':
      return value > goal.value
    case '>=':
      return value >= goal.value
  }
}
