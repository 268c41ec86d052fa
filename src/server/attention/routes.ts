import type { Hono } from 'hono'
import type { AttentionAnswer, AttentionItem, AttentionSection } from '../../shared/schemas/attention'
import { missingCustomFieldOutputs, requiredCustomFieldOutputs } from '../../shared/log-fields/consistency'
import { LOG_CUSTOM_FIELDS_PHASE } from '../../shared/log-fields/limits'
import { actorOf, inScope } from '../auth/actor'
import { mayApprove } from '../change-requests/rights'
import type { Admission } from '../budget/budget'
import { jsonOk } from '../http/envelope'
import { ledgerZone } from '../practice/ledger'
import type { Store } from '../store'
import type { Forward } from '../upstream'

const PATH = '/api/local/attention' as const
/** Per-zone API reads (certificates, log jobs) are made for at most this many zones per request. */
const ZONES_READ_PER_REQUEST = 20
/** A certificate expiring within this many days needs attention. */
const EXPIRY_DAYS = 14
const DAY = 86_400_000
const FAILING = /timed_out|expired|failed/

export interface AttentionOptions {
  store: Store
  /** The app's forward (live: through the budget's shared reads; the sandbox: the emulator). */
  forward: Forward
  mode: string
  /** Live: the budget's admission of one call; refused, the rest of the zones are not read. None: the sandbox. */
  admit?: () => Admission
  /** Live: the budget's figure now. */
  budgetState?: () => { remaining: number; quota: number; blockedForMs: number } | undefined
  now?: () => number
  /** Zones whose API data one request reads at most (default ZONES_READ_PER_REQUEST; tests lower it). */
  zonesPerRequest?: number
}

interface Zone {
  id: string
  name: string
  account?: { id: string; name?: string }
}

const fmt = (n: number) => n.toLocaleString('en-US')

/**
 * `GET /api/local/attention`: what needs attention within the signed-in person's scope. The scope is
 * applied here (zones are read for their names first; nothing of a zone outside it is read or counted).
 * Store sources answer whole; per-zone API reads are bounded and admitted call by call, and every
 * section says exactly what it covered.
 */
export function registerAttentionRoutes(app: Hono, o: AttentionOptions): void {
  const now = o.now ?? Date.now
  const bound = o.zonesPerRequest ?? ZONES_READ_PER_REQUEST
  app.get(PATH, async (c) => {
    const person = actorOf(c).person
    const scope = person.zones
    const get = async <T>(pathAndQuery: string): Promise<{ result: T; total?: number } | undefined> => {
      const res = await o.forward({ method: 'GET', pathAndQuery }, c)
      if (!res.ok) {
        void res.body?.cancel().catch(() => {})
        return undefined
      }
      const body = (await res.json()) as { result: T; result_info?: { total_count?: number } }
      return { result: body.result, total: body.result_info?.total_count }
    }
    /** One budgeted call: false when the budget refuses it (the caller stops reading zones). */
    const admitted = () => o.admit?.().ok ?? true

    // The zones in scope: people with every zone, the first page of the account's list (its count is every zone);
    // people with a list of zones, one lookup per name (no zone of another person's scope is read).
    let zones: Zone[] = []
    let inScopeCount = 0
    if (scope === '*') {
      const page = await get<Zone[]>(`/zones?per_page=${bound}&page=1&order=name&direction=asc`)
      zones = page?.result ?? []
      inScopeCount = page?.total ?? zones.length
    } else {
      inScopeCount = scope.length
      for (const name of scope.slice(0, bound)) {
        const found = await get<Zone[]>(`/zones?name=${encodeURIComponent(name)}`)
        zones.push(...(found?.result ?? []).filter((z) => inScope(scope, z.name)))
      }
    }
    zones = zones.filter((z) => inScope(scope, z.name)).slice(0, bound)
    const rest = (n: number, what: string) =>
      `${what} checked in ${fmt(n)} of ${fmt(inScopeCount)} zone${inScopeCount === 1 ? '' : 's'}` +
      (n < inScopeCount ? `; the other ${fmt(inScopeCount - n)} were not read (this page reads at most ${bound} per visit: open each zone's page, or Search's coverage, for the rest).` : '.')

    // Certificates and log jobs: per-zone API reads, bounded and admitted call by call.
    const certs: AttentionItem[] = []
    const jobs: AttentionItem[] = []
    let certZones = 0
    let jobZones = 0
    const soon = now() + EXPIRY_DAYS * DAY
    for (const z of zones) {
      if (!admitted()) break
      const packs = await get<{ id: string; status: string; hosts: string[]; certificates: { expires_on?: string }[] }[]>(`/zones/${z.id}/ssl/certificate_packs`)
      if (!packs) break
      certZones++
      for (const p of packs.result) {
        const expiry = p.certificates.map((x) => (x.expires_on ? Date.parse(x.expires_on) : NaN)).filter((t) => !Number.isNaN(t)).sort((a, b) => a - b)[0]
        const failing = FAILING.test(p.status)
        const expiring = expiry !== undefined && expiry <= soon
        if (!failing && !expiring) continue
        const why = failing ? `status ${p.status}` : `expires ${new Date(expiry).toISOString().slice(0, 10)}`
        certs.push({ title: p.hosts.join(', ') || p.id, detail: `Certificate pack ${why}.`, zone_name: z.name, link: `/zones/${z.id}/certificates/${p.id}` })
      }
    }
    for (const z of zones) {
      if (!admitted()) break
      const [entry, list] = [await get<{ rules?: unknown[] }>(`/zones/${z.id}/rulesets/phases/${LOG_CUSTOM_FIELDS_PHASE}/entrypoint`), await get<{ id: number; name?: string | null; dataset?: string | null; output_options?: { field_names?: string[] } | null }[]>(`/zones/${z.id}/logpush/jobs`)]
      if (!list) break
      jobZones++
      const required = requiredCustomFieldOutputs((entry?.result.rules ?? []) as Parameters<typeof requiredCustomFieldOutputs>[0])
      for (const j of list.result) {
        const missing = missingCustomFieldOutputs(j, required)
        if (missing.length) jobs.push({ title: j.name || `Log job ${j.id}`, detail: `Drops custom fields: lacks ${missing.join(', ')}.`, zone_name: z.name, link: `/zones/${z.id}/logs/jobs` })
      }
    }

    // Scripts: the store's index joined with the review ledger (zones whose scripts were indexed).
    const scripts: AttentionItem[] = []
    let indexed = 0
    for (const z of zones) {
      const key = ledgerZone(undefined, z.id)
      const owner = `${o.mode}:${key}`
      if (!(await o.store.scriptIndex.state(owner))?.refreshed_at) continue
      indexed++
      // Active scripts, as the scripts page shows by default: the link's page shows the same count.
      const base = { statuses: ['active'], orderBy: 'last_seen_at', direction: 'desc' } as const
      const counts = await o.store.scriptIndex.counts(owner, key, base)
      if (counts.malicious) scripts.push({ title: `${fmt(counts.malicious)} malicious script${counts.malicious === 1 ? '' : 's'}`, detail: 'Reported malicious by the API.', zone_name: z.name, link: `/zones/${z.id}/page-shield/scripts?malicious_only=true` })
      if (counts.changed) scripts.push({ title: `${fmt(counts.changed)} script${counts.changed === 1 ? '' : 's'} changed since review`, detail: 'A new version or score since the verdict.', zone_name: z.name, link: `/zones/${z.id}/page-shield/scripts?review=changed` })
    }

    // Change requests (store): pending ones the person may approve, and their own that need them.
    const open = await o.store.changeRequests.list({ zones: scope, status: ['pending', 'stale', 'failed', 'rejected'] })
    const crs: AttentionItem[] = []
    for (const r of open) {
      const mine = r.requester.username === person.username
      if (r.status === 'pending' && !mine && mayApprove(person, await o.store.changeRequests.zone(r.zoneId), r.zoneName))
        crs.push({ title: r.title, detail: `Pending: you may approve it (filed by ${r.requester.username}).`, zone_name: r.zoneName, link: `/change-requests/${r.id}` })
      else if (mine && (r.status === 'stale' || ((r.status === 'rejected' || r.status === 'failed') && !r.requesterDone)))
        crs.push({ title: r.title, detail: `Your request is ${r.status}.`, zone_name: r.zoneName, link: `/change-requests/${r.id}` })
    }

    // Unread watch alerts (store), for the zones read.
    const alerts: AttentionItem[] = []
    const personKey = person.id ?? 'local'
    for (const z of zones) {
      const findings = await o.store.watch.findings(z.id, 0, Number.MAX_SAFE_INTEGER, 500)
      const reads = await o.store.watch.reads(personKey, findings.map((f) => f.id))
      for (const f of findings) if (!reads.has(f.id)) alerts.push({ title: f.title, detail: 'Unread script watch alert.', zone_name: z.name, link: `/zones/${z.id}/page-shield/alerts` })
    }

    // Pools with the legacy notification e-mail: one account-level call, for people with every zone only
    // (pools are the account's, not a zone's: a person with a list of zones is not shown them).
    const pools: AttentionItem[] = []
    let poolsNote = 'Load-balancing pools are the account\'s: shown to people with every zone only.'
    let poolsComplete = scope !== '*'
    const account = zones[0]?.account?.id
    if (scope === '*' && account && admitted()) {
      const list = await get<{ id: string; name: string; notification_email?: string }[]>(`/accounts/${account}/load_balancers/pools`)
      if (list) {
        poolsComplete = true
        for (const p of list.result) if (p.notification_email) pools.push({ title: p.name, detail: `Still carries the legacy notification e-mail (${p.notification_email}).`, zone_name: null, link: '/load-balancing' })
        poolsNote = `Every pool of the account read (${fmt(list.result.length)}).`
      } else poolsNote = 'The pools could not be read now.'
    } else if (scope === '*') poolsNote = 'The pools were not read (the rate budget refused the call, or no zone names the account).'

    // Credentials (administrators only) and the rate budget's state.
    const creds: AttentionItem[] = []
    if (person.role === 'admin') {
      for (const cr of await o.store.credentials.list()) {
        const exp = cr.expiresOn ? Date.parse(cr.expiresOn) : NaN
        creds.push({ title: cr.label, detail: Number.isNaN(exp) ? 'No expiry reported.' : `${exp < now() ? 'Expired' : 'Expires'} ${new Date(exp).toISOString().slice(0, 10)}.`, zone_name: null, link: '/credentials' })
      }
    }
    const budget: AttentionItem[] = []
    const fig = o.budgetState?.()
    if (fig && (fig.blockedForMs > 0 || fig.remaining < fig.quota * 0.1))
      budget.push({ title: 'The API rate budget is low', detail: `${fmt(fig.remaining)} of ${fmt(fig.quota)} requests left in this window.`, zone_name: null, link: '/api-budget' })

    const whole = 'Read whole from the dashboard\'s store.'
    const sections: AttentionSection[] = [
      { key: 'certificates', label: 'Certificates expiring or failing', items: certs, coverage: rest(certZones, 'Certificates'), complete: certZones === inScopeCount },
      { key: 'scripts', label: 'Scripts malicious or changed since review', items: scripts, coverage: `Scripts checked in ${fmt(indexed)} of ${fmt(inScopeCount)} zones (zones whose scripts were indexed, among the ${fmt(zones.length)} read; open a zone's scripts page to index it).`, complete: indexed === inScopeCount },
      { key: 'change_requests', label: 'Change requests', items: crs, coverage: whole, complete: true },
      { key: 'watch_alerts', label: 'Unread script watch alerts', items: alerts, coverage: rest(zones.length, 'Alerts'), complete: zones.length === inScopeCount },
      { key: 'log_jobs', label: 'Log jobs that would drop custom fields', items: jobs, coverage: rest(jobZones, 'Log jobs'), complete: jobZones === inScopeCount },
      { key: 'pools', label: 'Pools with the legacy notification e-mail', items: pools, coverage: poolsNote, complete: poolsComplete },
    ]
    if (person.role === 'admin') sections.push({ key: 'credentials', label: 'API credentials and their expiry', items: creds, coverage: whole, complete: true })
    sections.push({ key: 'budget', label: 'The API rate budget', items: budget, coverage: fig ? `As observed on the last answer.` : 'No rate budget here (the sandbox, or no answer yet).', complete: true })
    const answer: AttentionAnswer = { sections, zones_in_scope: inScopeCount, zones_read: zones.length, checked_at: now() }
    return jsonOk(answer)
  })
}
