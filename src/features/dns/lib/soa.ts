/*
 * The automatic SOA record, read for the DNS page's zone notes (part of the page's first load).
 * Apart from ./record-data, which re-exports these: its record reading pulls in the rdata parser,
 * which only the record's explanation and the form need (they load on demand).
 */

/** The parts of an automatic SOA record's content ("ns mbox serial refresh retry expire minimum"). */
export interface SoaParts {
  primary: string
  contact: string
  serial: number
  refresh: number
  retry: number
  expire: number
  minimum: number
}

export function parseSoa(content: string): SoaParts | undefined {
  const p = content.trim().split(/\s+/)
  if (p.length !== 7) return undefined
  const nums = p.slice(2).map(Number)
  if (nums.some((n) => !Number.isFinite(n))) return undefined
  const [serial, refresh, retry, expire, minimum] = nums
  return { primary: p[0].replace(/\.$/, ''), contact: p[1].replace(/\.$/, ''), serial, refresh, retry, expire, minimum }
}

/** The SOA contact field is an e-mail address with the @ written as the first dot. */
export const soaContactEmail = (contact: string) => contact.replace(/^((?:[^.\\]|\\.)+)\./, '$1@').replace(/\\\./g, '.')

/** A duration in seconds as plain words ("2 hours 46 minutes", "1 week"). */
export function formatDuration(seconds: number): string {
  const units: [number, string][] = [
    [604_800, 'week'],
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ]
  const parts: string[] = []
  let rest = Math.max(0, Math.round(seconds))
  for (const [size, name] of units) {
    const n = Math.floor(rest / size)
    if (n > 0 && parts.length < 2) {
      parts.push(`${n} ${name}${n === 1 ? '' : 's'}`)
      rest -= n * size
    }
  }
  return parts.join(' ') || '0 seconds'
}
