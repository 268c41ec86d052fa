/**
 * A DNS TTL as the diff says it: 1 is "Auto" (the API's word for it), whole days, hours or minutes in
 * words, else seconds. A few lines on purpose: the DNS feature's own words module is too heavy for the
 * request page's first load (its gzipped budget, src/bench/bundle-budget.test.ts).
 */
export function ttlWords(v: unknown): string | null {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) return null
  if (v === 1) return 'Auto'
  const unit = ([[86_400, 'day'], [3_600, 'hour'], [60, 'minute']] as const).find(([s]) => v % s === 0)
  const [n, word] = unit ? [v / unit[0], unit[1]] : [v, 'second']
  return `${n} ${word}${n === 1 ? '' : 's'}`
}
