import { isMalicious } from '../../shared/page-shield/malicious'
import { countReviewStates, INVESTIGATE, reviewState, type ReviewState } from '../../shared/page-shield/review'
import type { ReviewEntry } from '../../shared/schemas/page-shield-review'
import type { PageShieldScript } from '../../shared/schemas/page-shield'
import { ListReadError, readAll } from '../page-shield/list-pages'
import type { ReviewRow, Store } from '../store'
import type { Send } from '../upstream'
import { reviewEntry } from '../local/reviews'

/**
 * The compliance report's inventory: where it is read from, each script's place in the summary,
 * and the summary's figures. The figures use the rules the Page security screens count by
 * (`reviewState` / `countReviewStates`, whose SQL twin is the script index's counts, and `isMalicious`):
 * nothing here decides again what "never reviewed" or "changed since review" means.
 */

/**
 * Where a script stands for an assessor, one place each so the places add up to the inventory:
 * a rejected or malicious script is unauthorised whatever its review state; then changed since its
 * review (the verdict no longer counts), never reviewed, reviewed "investigate", reviewed "expected".
 */
export type InventoryPlace = 'unauthorised' | 'changed' | 'new' | 'investigate' | 'authorised'
export const PLACES: readonly InventoryPlace[] = ['unauthorised', 'changed', 'new', 'investigate', 'authorised']
export const PLACE_LABEL: Record<InventoryPlace, string> = {
  unauthorised: 'Unauthorised (malicious or rejected)',
  changed: 'Changed since review',
  new: 'Never reviewed',
  investigate: 'Under investigation',
  authorised: 'Authorised (expected, reviewed as it is now)',
}

export interface InventoryRow {
  script_id: string
  url: string
  status: string
  hash: string | null
  js_integrity_score: number | null
  /** The pages the script was seen on, as the source knows them (the first page only, for most). */
  pages: string[]
  review: ReviewRow | undefined
  state: ReviewState['kind']
  place: InventoryPlace
}

/**
 * Where the inventory was read from and as of when:
 * - `index`: the dashboard's index of the zone's scripts, the rows the Page security screens list and count;
 * - `check`: the last completed watch check (the index was never read whole);
 * - `read`: read from the API for this report (neither exists yet);
 * - `none`: nothing could be read (`error` says why).
 */
export type InventorySource =
  | { kind: 'index'; at: number; lastCheckAt: number | null }
  | { kind: 'check'; at: number | null }
  | { kind: 'read'; at: number }
  | { kind: 'none'; at: number; error: string }

/** The ledger's row as the shared review rules take it. */
// The ledger's own entry: the report shows a verdict as the review pages do.
const entryOf = (r: ReviewRow): ReviewEntry => reviewEntry(r, r.zone_id)

type Scanned = Omit<InventoryRow, 'state' | 'place' | 'review'>
/** A list item, or an index row's item: the pages are there when the script's detail was read. */
type Item = PageShieldScript & { page_urls?: string[] }

function placeOf(s: Pick<InventoryRow, 'js_integrity_score' | 'review' | 'state'>): InventoryPlace {
  if (s.review?.verdict === 'malicious' || isMalicious(s.js_integrity_score)) return 'unauthorised'
  if (s.state === 'changed' || s.state === 'new') return s.state
  return s.review?.verdict === 'expected' ? 'authorised' : 'investigate'
}

function withReviews(scripts: Scanned[], reviews: ReviewRow[]): InventoryRow[] {
  const reviewOf = new Map(reviews.map((r) => [r.script_id, r]))
  return (
    scripts
      .map((s) => {
        const review = reviewOf.get(s.script_id)
        const state = reviewState(
          { id: s.script_id, hash: s.hash, js_integrity_score: s.js_integrity_score },
          review && entryOf(review),
        ).kind
        return { ...s, review, state, place: placeOf({ js_integrity_score: s.js_integrity_score, review, state }) }
      })
      // By URL in code-point order: the same order wherever the report is made (no locale), and quick for 20,000 rows.
      .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.script_id < b.script_id ? -1 : 1))
  )
}

const pagesOf = (s: Pick<Item, 'page_urls' | 'first_page_url'>) =>
  s.page_urls?.length ? s.page_urls : s.first_page_url ? [s.first_page_url] : []
const fromItem = (s: Item): Scanned => ({
  script_id: s.id,
  url: s.url,
  status: s.status ?? 'active',
  hash: s.hash ?? null,
  js_integrity_score: s.js_integrity_score ?? null,
  pages: pagesOf(s),
})

/** Every status; the scripts list's other defaults (the service's own /cdn-cgi/ scripts and superseded duplicates left out), as the script index reads it. */
const LIST_QUERY = { status: 'active,infrequent,inactive', order_by: 'first_seen_at', direction: 'asc' }

interface SeenScript {
  url: string
  hash: string | null
  score: number | null
  status: string
}

/**
 * The inventory, from the first of: the script index (when it was read whole once; the owner key
 * is the index's, `<mode>:<zone id>`), the last completed watch check, a read of the API now.
 * The index is what the screens show; a check also holds the service's own and duplicate scripts,
 * which is said on the page; a read now costs one API call per 100 scripts, only when nothing else exists.
 */
export async function readInventory(
  store: Store,
  zoneId: string,
  options: { mode?: 'live' | 'sandbox'; send?: Send; now?: () => number } = {},
): Promise<{ rows: InventoryRow[]; source: InventorySource }> {
  const now = options.now ?? Date.now
  const owner = options.mode ? `${options.mode}:${zoneId}` : undefined
  const [index, state, runs, reviews] = await Promise.all([
    owner ? store.scriptIndex.state(owner) : undefined,
    store.watch.state(zoneId),
    store.watch.recentRuns(zoneId, 200),
    store.reviews.latest(zoneId),
  ])
  const lastCheck = runs.find((r) => r.outcome === 'ok' || r.outcome === 'baseline')
  const lastCheckAt = lastCheck ? (lastCheck.finished_at ?? lastCheck.started_at) : null
  if (owner && index && index.full_sweep_at > 0) {
    const scanned: Scanned[] = []
    const q = { statuses: [], orderBy: 'first_seen_at', direction: 'asc' } as const
    for (let offset = 0; ; offset += 1000) {
      const rows = await store.scriptIndex.page(owner, zoneId, q, offset, 1000)
      scanned.push(...rows.map((r) => fromItem(JSON.parse(r.data) as Item)))
      if (rows.length < 1000) break
    }
    return { rows: withReviews(scanned, reviews), source: { kind: 'index', at: index.refreshed_at, lastCheckAt } }
  }
  const scripts = state.filter((s) => s.item_kind === 'script')
  if (scripts.length || lastCheck) {
    const scanned = scripts.map((s): Scanned => {
      const seen = JSON.parse(s.seen) as SeenScript
      return {
        script_id: s.item_id,
        url: seen.url,
        status: seen.status,
        hash: seen.hash,
        js_integrity_score: seen.score,
        pages: [],
      }
    })
    return { rows: withReviews(scanned, reviews), source: { kind: 'check', at: lastCheckAt } }
  }
  if (!options.send)
    return { rows: [], source: { kind: 'none', at: now(), error: 'No watch check has run and the API could not be read.' } }
  const at = now()
  try {
    const items = await readAll<Item>(options.send, `/zones/${zoneId}/page_shield/scripts`, LIST_QUERY)
    return { rows: withReviews(items.map(fromItem), reviews), source: { kind: 'read', at } }
  } catch (err) {
    if (!(err instanceof ListReadError)) throw err
    return { rows: [], source: { kind: 'none', at, error: err.message } }
  }
}

interface PlaceCount {
  place: InventoryPlace
  count: number
  /** Tenths of a per cent; the places' tenths add up to exactly 1000 (100.0 %) when there are scripts. */
  tenths: number
}

export interface Summary {
  total: number
  places: PlaceCount[]
  /**
   * As the Page security screens count them (the script index's counts: their tiles and review
   * filters): `reviewed` leaves out `investigating` (reviewed as they are now, verdict "Investigate"),
   * which still need review.
   */
  screens: { new: number; changed: number; reviewed: number; investigating: number; malicious: number; by_pattern: number }
}

/**
 * Shares in tenths of a per cent that add up to exactly 1000: each share rounded down, the tenths
 * left over given to the largest remainders (ties: the earlier place), so no row is nudged by more than 0.1.
 */
export function tenthsOf(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0)
  if (total === 0) return counts.map(() => 0)
  const exact = counts.map((n) => (n * 1000) / total)
  const out = exact.map(Math.floor)
  let left = 1000 - out.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    out[i] += 1
    left -= 1
  }
  return out
}

/** The summary of some rows of the inventory (active ones, or every status). */
export function summarise(rows: readonly InventoryRow[]): Summary {
  const counts = new Map<InventoryPlace, number>(PLACES.map((p) => [p, 0]))
  const reviewOf = new Map<string, ReviewEntry | undefined>()
  let malicious = 0
  let investigating = 0
  let byPattern = 0
  for (const r of rows) {
    // Reviewed and done with a verdict inherited from a pattern verdict (the screens' "by pattern").
    if (r.state === 'reviewed' && r.review?.verdict !== INVESTIGATE && r.review?.pattern_id != null) byPattern += 1
    counts.set(r.place, counts.get(r.place)! + 1)
    reviewOf.set(r.script_id, r.review && entryOf(r.review))
    if (isMalicious(r.js_integrity_score)) malicious += 1
    if (r.state === 'reviewed' && r.review?.verdict === INVESTIGATE) investigating += 1
  }
  const tenths = tenthsOf(PLACES.map((p) => counts.get(p)!))
  const states = countReviewStates(
    rows.map((r) => ({ id: r.script_id, hash: r.hash, js_integrity_score: r.js_integrity_score })),
    (id) => reviewOf.get(id),
  )
  return {
    total: rows.length,
    places: PLACES.map((place, i) => ({ place, count: counts.get(place)!, tenths: tenths[i] })),
    screens: { ...states, reviewed: states.reviewed - investigating, investigating, malicious, by_pattern: byPattern },
  }
}
