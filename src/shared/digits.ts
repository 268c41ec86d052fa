/**
 * A whole number with its thousands grouped by commas (`10000` → `10,000`), as `toLocaleString('en')`
 * writes it, without Intl: the first Intl number format of a process loads ICU's data (about 12 ms
 * in Node here), and the schemas write limits into their messages while they are built, at start.
 */
export function groupDigits(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}
