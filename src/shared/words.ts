/**
 * Words the server writes for people (e-mail, reports) and the browser may reuse: one readable time
 * and counted nouns. Imports nothing, so the server and the browser say the same.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const two = (n: number) => String(n).padStart(2, '0')

/**
 * A moment as mail says it, "29 Nov 2026, 06:30 UTC": a reader's mail client has no time zone of
 * ours to convert from, so UTC, named. An ISO string or milliseconds; "unknown time" when neither.
 */
export function mailTime(at: number | string | null | undefined): string {
  const d = at === null || at === undefined ? undefined : new Date(at)
  if (!d || Number.isNaN(d.getTime())) return 'unknown time'
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`
}

/** "1 change" / "3 changes" / "1,204 records" (digits grouped as in English, the language of mail). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
}
