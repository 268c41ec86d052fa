export { cn } from './class-names'

/** Made on first use: the first date formatter costs ~11 ms in Chromium (locale data), which a page without dates (DNS) should not pay before its first rows. */
const once = <T>(make: () => T) => {
  let made: T | undefined
  return () => (made ??= make())
}
const dateFmt = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))
const dateTimeFmt = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }))
const numberFmt = once(() => new Intl.NumberFormat())

/** "12 Mar 2025", or "—" for null/invalid. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : dateFmt().format(d)
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '—' : dateTimeFmt().format(d)
}

export function formatNumber(n: number): string {
  return numberFmt().format(n)
}

/** "3 records" / "1 record". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`
}
