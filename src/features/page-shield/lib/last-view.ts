/**
 * The last view (filters, sort, page) of a list in this tab, so "← Scripts" on a detail page returns
 * to exactly the view it came from. The route's search schema validates whatever is read back.
 */
type ListName = 'scripts' | 'connections' | 'cookies'
const key = (zoneId: string, list: ListName) => `zonekeeper:view:${list}:${zoneId}`

export function rememberListView(zoneId: string, list: ListName, search: object): void {
  try {
    sessionStorage.setItem(key(zoneId, list), JSON.stringify(search))
  } catch {
    // storage disabled: the back link then opens the list's default view
  }
}

export function recallListView(zoneId: string, list: ListName): Record<string, unknown> | undefined {
  try {
    const raw = sessionStorage.getItem(key(zoneId, list))
    const value: unknown = raw ? JSON.parse(raw) : undefined
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
