import { escapeLike, Where } from '../list-engine'

export { Where } from '../list-engine'

/**
 * One pattern of the hosts / page_url / name filters: a `*` at the start or end means ends-with,
 * starts-with or contains; without one the match is exact (case-insensitive).
 */
export function wildcardCondition(column: string, pattern: string): { sql: string; params: unknown[] } {
  const starts = pattern.startsWith('*')
  const ends = pattern.length > 1 && pattern.endsWith('*')
  const core = pattern.replace(/^\*+/, '').replace(/\*+$/, '')
  if (core === '') return { sql: '1', params: [] }
  if (!starts && !ends) return { sql: `${column} = ? COLLATE NOCASE`, params: [core] }
  return { sql: `${column} LIKE ? ESCAPE '\\'`, params: [`${starts ? '%' : ''}${escapeLike(core)}${ends ? '%' : ''}`] }
}

/** Any of the patterns (OR). */
export function addWildcards(where: Where, column: string, patterns: string[] | undefined): void {
  if (!patterns?.length) return
  const conds = patterns.map((p) => wildcardCondition(column, p))
  where.add(`(${conds.map((c) => c.sql).join(' OR ')})`, ...conds.flatMap((c) => c.params))
}

/** page_url: any of the patterns against any of the page URLs the item was seen on. */
export function addPageUrlFilter(where: Where, alias: string, patterns: string[] | undefined): void {
  if (!patterns?.length) return
  const conds = patterns.map((p) => wildcardCondition('p.value', p))
  where.add(
    `EXISTS (SELECT 1 FROM json_each(${alias}.page_urls) p WHERE ${conds.map((c) => c.sql).join(' OR ')})`,
    ...conds.flatMap((c) => c.params),
  )
}

/** urls / exclude_urls: the URL contains any of the values (case-sensitive, as URLs are). */
export function addUrlContains(where: Where, column: string, values: string[] | undefined, exclude: boolean): void {
  if (!values?.length) return
  const any = `(${values.map(() => `instr(${column}, ?) > 0`).join(' OR ')})`
  where.add(exclude ? `NOT ${any}` : any, ...values)
}

export { answerList } from '../list-answer'

export const bool = (v: number | null | undefined) => v === 1
export const jsonList = (v: string | null | undefined): string[] => (v ? (JSON.parse(v) as string[]) : [])
