/** The p-th percentile (0–100) of the samples, nearest-rank. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
