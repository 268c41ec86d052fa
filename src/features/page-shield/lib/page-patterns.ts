import { parseHostExpression } from '@/shared/page-shield/expression'

/**
 * The API's page_url filter patterns for an expression the host picker wrote ("www.example.com/checkout*"),
 * so suggestions come only from scripts seen on the policy's pages. Undefined for "every page" or
 * for an expression edited beyond hosts and a path prefix (then everything seen is used).
 */
export function pageUrlPatterns(expression: string): string[] | undefined {
  const sel = parseHostExpression(expression)
  if (!sel) return undefined
  const prefix = sel.pathPrefix.trim()
  if (sel.hosts.length) return sel.hosts.map((h) => `${h}${prefix || '/'}*`)
  return prefix ? [`*${prefix}*`] : undefined
}

const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`)

/**
 * Which pages a policy's expression selects, in words: "Every page of the zone" for `true`, the hosts
 * and path prefix the host picker writes, or undefined when only the expression itself can say.
 */
export function describePages(expression: string): string | undefined {
  const text = expression.trim()
  if (text === 'true' || text === '') return 'Every page of the zone'
  const sel = parseHostExpression(text)
  if (!sel) return undefined
  const prefix = sel.pathPrefix.trim()
  const where = sel.hosts.length ? `on ${list(sel.hosts)}` : 'on any host of the zone'
  return prefix ? `Pages ${where} whose path starts with ${prefix}` : `Every page ${where}`
}
