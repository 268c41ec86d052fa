/**
 * CSV for evidence files. Values come from monitored pages, so a cell that a spreadsheet would
 * read as a formula (starting with = + - @, tab or carriage return) is prefixed with a quote mark.
 */

export type CsvValue = string | number | boolean | null | undefined | readonly string[]

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  let text = Array.isArray(value) ? value.join('; ') : String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

/** Header row then one row per record, CRLF line ends (RFC 4180). */
export function toCsv<T>(columns: readonly (keyof T & string)[], rows: Iterable<T>): string {
  const lines = [columns.join(',')]
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c] as CsvValue)).join(','))
  return lines.join('\r\n') + '\r\n'
}
