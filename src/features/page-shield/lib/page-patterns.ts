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
