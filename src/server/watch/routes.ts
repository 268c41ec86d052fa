import type { Context, Hono } from 'hono'
import { randomBytes } from 'node:crypto'
import { hexIdSchema } from '../../shared/schemas/common'
import {
  type WatchAlert,
  type WatchChannelEntry,
  type WatchChannelTestResult,
  type WatchDeliverySummary,
  type WatchRunEntry,
  type WatchSettings,
  WATCH_TEST_EVERY_MS,
} from '../../shared/schemas/watch'
import { actorOf } from '../auth'
import { hasRole } from '../auth/actor'
import { setAuditDetails } from '../audit/middleware'
import type { Emulator } from '../emulator'
import { ActivityRefused, simulateActivity } from '../emulator/page-shield/activity'
import { jsonError, jsonErrors, jsonOk, PROXY_CODES } from '../http/envelope'
import { guardWrites } from '../http/guard'
import { localBody } from '../local/read-body'
import type { Store, WatchChannel, WatchRun, WatchZone } from '../store'
import { DEFAULT_INTERVAL_MINUTES } from '../store/watch'
import type { Send } from '../upstream'
import type { Watch } from './index'
import { publicTarget } from './public-target'
import { buildReport, reportCsv, reportHtml } from './report'

export const WATCH_BASE = '/api/local/zones/:zone_id/watch' as const

const DAY = 24 * 60 * 60_000

const personKey = (c: Context) => actorOf(c).person.id ?? 'local'
const personName = (c: Context) => {
  const { person } = actorOf(c)
  return person.id ? `${person.displayName} (${person.username})` : person.displayName
}

/** Administrators set channels and see them as set; everyone else reads targets without their secrets. */
const isAdmin = (c: Context) => hasRole(actorOf(c).person.role, 'admin')

const channelEntry = (ch: WatchChannel, admin = true): WatchChannelEntry => ({
  id: ch.id,
  kind: ch.kind as WatchChannelEntry['kind'],
  target: admin ? ch.target : publicTarget(ch.kind, ch.target),
  created_at: ch.created_at,
  created_by: ch.created_by,
})
const runEntry = (r: WatchRun): WatchRunEntry => ({
  id: r.id,
  started_at: r.started_at,
  finished_at: r.finished_at,
  outcome: r.outcome,
  scripts_seen: r.scripts_seen,
  connections_seen: r.connections_seen,
  findings: r.findings,
  error: r.error,
})

/** `YYYY-MM-DD` (a day, UTC) or an ISO time; undefined when absent, null when malformed. */
function readDate(raw: string | undefined, endOfDay: boolean): number | undefined | null {
  if (raw === undefined || raw === '') return undefined
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    const t = Date.parse(`${raw}T00:00:00Z`)
    return Number.isNaN(t) ? null : endOfDay ? t + DAY : t
  }
  const t = Date.parse(raw)
  return Number.isNaN(t) ? null : t
}

/**
 * The script watch's routes under /api/local/zones/:zone_id/watch, with the roles of
 * auth/endpoint-roles.ts (zone scope applies: the path names the zone), and the sandbox's simulated
 * activity at POST /api/sandbox/page-shield/activity (sandbox only).
 */
export function registerWatchRoutes(app: Hono, { store, watch, send, emulator }: { store: Store; watch: Watch; send: Send; emulator?: Emulator }) {
  /** The zone the path names, with its name from the API; a 4xx response when it is malformed or unknown. */
  const zoneOf = async (c: Context): Promise<{ id: string; name: string } | Response> => {
    const id = c.req.param('zone_id') ?? ''
    if (!hexIdSchema.safeParse(id).success) return jsonError(400, 1001, 'The zone identifier must be 32 hexadecimal characters.')
    const known = await store.watch.zone(id)
    if (known) return { id, name: known.zone_name }
    const res = await send({ method: 'GET', pathAndQuery: `/zones/${id}` })
    const body = (await res.json().catch(() => null)) as { result?: { name?: string } } | null
    if (!res.ok || !body?.result?.name) return jsonError(404, 1001, `Zone ${id} was not found.`)
    return { id, name: body.result.name }
  }

  /**
   * The last change of the zone's schedule or channels: the schedule's own record (who saved it), the
   * channels' (who added each), and the audit log for what leaves no row behind (a removed channel).
   */
  const lastChange = async (zoneId: string, z: WatchZone | undefined): Promise<WatchSettings['last_change']> => {
    const seen: NonNullable<WatchSettings['last_change']>[] = []
    // `watch` is the watch finding the zone by itself (its defaults), not a person's change.
    if (z && z.updated_by !== 'watch') seen.push({ at: z.updated_at, by: z.updated_by, what: 'schedule' })
    for (const ch of await store.watch.channels(zoneId)) seen.push({ at: ch.created_at, by: ch.created_by, what: `added the ${ch.kind === 'email' ? 'e-mail' : 'webhook'} channel` })
    const removed = await store.audit.list({ zone: zoneId, area: 'page-shield', action: 'delete', outcome: 'success', practice: false }, 1, 20)
    const r = removed.entries.find((e) => e.resourceType === 'watch_channel')
    if (r) seen.push({ at: r.at, by: r.username && r.username !== 'local' ? `${r.personName} (${r.username})` : r.personName, what: 'removed a channel' })
    seen.sort((a, b) => b.at - a.at)
    const last = seen[0]
    return last ? { ...last, what: last.what === 'schedule' ? 'set the schedule' : last.what } : null
  }

  const settingsOf = async (zoneId: string, z: WatchZone | undefined): Promise<WatchSettings> => {
    const [run] = await store.watch.recentRuns(zoneId, 1)
    return {
      zone_id: zoneId,
      interval_minutes: z?.interval_minutes ?? DEFAULT_INTERVAL_MINUTES,
      enabled: z ? z.enabled === 1 : true,
      next_due_at: z?.next_due_at ?? null,
      last_run_at: z?.last_run_at ?? null,
      email_configured: watch.emailConfigured,
      last_check: run ? { started_at: run.started_at, finished_at: run.finished_at, outcome: run.outcome, error: run.error } : null,
      last_change: await lastChange(zoneId, z),
    }
  }

  app.get(WATCH_BASE, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    return jsonOk(await settingsOf(zone.id, await store.watch.zone(zone.id)))
  })

  app.put(WATCH_BASE, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    const input = localBody(c, 'PUT', WATCH_BASE)
    const z = await store.watch.setZone(zone.id, zone.name, input, personName(c))
    return jsonOk(await settingsOf(zone.id, z))
  })

  app.get(`${WATCH_BASE}/channels`, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    const admin = isAdmin(c)
    return jsonOk((await store.watch.channels(zone.id)).map((ch) => channelEntry(ch, admin)))
  })

  // "Send a test": one message to one channel, now, as alerts are sent. One per person per channel
  // every WATCH_TEST_EVERY_MS, decided by the store (a lease row with a fresh holder per attempt: taken
  // only when absent or run out), so that tests sent at once, to any instance, do not all go.
  app.post(`${WATCH_BASE}/channels/:channel_id/test`, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    const channel = await store.watch.channel(c.req.param('channel_id'))
    if (!channel || channel.zone_id !== zone.id) return jsonError(404, 1002, 'No such channel in this zone.')
    const target = publicTarget(channel.kind, channel.target)
    setAuditDetails(c, { resourceType: 'watch_channel', resourceId: channel.id, action: 'send-test', zoneId: zone.id, zoneName: zone.name })
    const turn = `test:${personKey(c)}:${channel.id}`
    if (!(await store.watch.acquireLease(turn, randomBytes(8).toString('hex'), WATCH_TEST_EVERY_MS))) {
      const held = await store.watch.leaseHolder(turn)
      const wait = Math.max(1, Math.ceil(((held?.expires_at ?? Date.now()) - Date.now()) / 1000))
      setAuditDetails(c, { after: { kind: channel.kind, target, delivered: false, error: 'too soon' } })
      return jsonError(
        429,
        1015,
        `You sent a test to this channel a moment ago: one test per channel every ${WATCH_TEST_EVERY_MS / 1000} seconds. Try again in ${wait} s.`,
        { 'retry-after': String(wait) },
      )
    }
    const result = await watch.sendTest(channel, zone, personName(c))
    setAuditDetails(c, { after: { kind: channel.kind, target, ...result } })
    if (!result.delivered) return jsonError(502, 1016, `The test was not delivered: ${result.error}`)
    return jsonOk({ channel_id: channel.id, delivered: true, at: Date.now() } satisfies WatchChannelTestResult)
  })

  app.post(`${WATCH_BASE}/channels`, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    const input = localBody(c, 'POST', `${WATCH_BASE}/channels`)
    const refused = input.kind === 'webhook' ? watch.webhookTargetProblem(input.target) : undefined
    if (refused) return jsonErrors(400, [{ code: 1004, message: refused, source: { pointer: '/target' } }])
    await store.watch.ensureZone(zone.id, zone.name)
    const channel: WatchChannel = {
      id: randomBytes(16).toString('hex'),
      zone_id: zone.id,
      kind: input.kind,
      target: input.target,
      secret: input.kind === 'webhook' ? `whsec_${randomBytes(24).toString('base64url')}` : '',
      created_at: Date.now(),
      created_by: personName(c),
    }
    await store.watch.addChannel(channel)
    // The webhook's secret is shown this once (the receiver keeps it); it is never listed again.
    const result = { ...channelEntry(channel), ...(channel.secret ? { secret: channel.secret } : {}) }
    return new Response(JSON.stringify({ result, success: true, errors: [], messages: [] }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    })
  })

  app.delete(`${WATCH_BASE}/channels/:channel_id`, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    if (!(await store.watch.removeChannel(zone.id, c.req.param('channel_id')))) return jsonError(404, 1002, 'No such channel in this zone.')
    return jsonOk({ id: c.req.param('channel_id') })
  })

  app.post(`${WATCH_BASE}/check`, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    await watch.checkSoon(zone.id, zone.name)
    return jsonOk({ zone_id: zone.id, due: true })
  })

  app.get(`${WATCH_BASE}/alerts`, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    const findings = await store.watch.findings(zone.id, 0, Number.MAX_SAFE_INTEGER, 500)
    const ids = findings.map((f) => f.id)
    const [reads, deliveries] = await Promise.all([store.watch.reads(personKey(c), ids), store.watch.deliveries(ids)])
    const admin = isAdmin(c)
    const alerts: WatchAlert[] = findings.map((f) => ({
      id: f.id,
      zone_id: f.zone_id,
      created_at: f.created_at,
      item_kind: f.item_kind as WatchAlert['item_kind'],
      item_id: f.item_id,
      kinds: JSON.parse(f.kinds) as WatchAlert['kinds'],
      title: f.title,
      detail: JSON.parse(f.detail) as WatchAlert['detail'],
      read_at: reads.get(f.id) ?? null,
      deliveries: deliveries
        .filter((d) => d.finding_id === f.id)
        .map(
          (d): WatchDeliverySummary => ({
            channel_kind: d.channel_kind,
            channel_target: admin ? d.channel_target : publicTarget(d.channel_kind, d.channel_target),
            status: d.status as WatchDeliverySummary['status'],
            attempts: d.attempts,
            last_error: d.last_error,
            sent_at: d.sent_at,
          }),
        ),
    }))
    return jsonOk(alerts)
  })

  app.post(`${WATCH_BASE}/alerts/:alert_id/read`, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    const raw = c.req.param('alert_id')
    const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN
    const finding = Number.isFinite(id) ? await store.watch.finding(id) : undefined
    if (!finding || finding.zone_id !== zone.id) return jsonError(404, 1002, 'No such alert in this zone.')
    await store.watch.markRead(id, personKey(c))
    return jsonOk({ id, read: true })
  })

  app.get(`${WATCH_BASE}/runs`, async (c) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    return jsonOk((await store.watch.recentRuns(zone.id, 50)).map(runEntry))
  })

  const report = (format: 'html' | 'csv') => async (c: Context) => {
    const zone = await zoneOf(c)
    if (zone instanceof Response) return zone
    const to = readDate(c.req.query('to'), true)
    const from = readDate(c.req.query('from'), false)
    if (to === null || from === null) return jsonError(400, 1004, 'from and to are days (YYYY-MM-DD) or ISO times.')
    const end = to ?? Date.now()
    const start = from ?? end - 30 * DAY
    if (start >= end) return jsonError(400, 1004, 'from must be before to.')
    if (end - start > 3 * 366 * DAY) return jsonError(400, 1004, 'A report covers at most three years.')
    // The inventory: the script index the Page security screens read in this mode, else the last check, else the API now.
    const scopeParam = c.req.query('scope')
    if (scopeParam !== undefined && scopeParam !== '' && scopeParam !== 'payment') return jsonError(400, 1004, 'scope is payment (scripts on payment pages) or absent (every script).')
    const data = await buildReport(store, zone, start, end, { mode: emulator ? 'sandbox' : 'live', send, scope: scopeParam === 'payment' ? 'payment' : undefined })
    if (format === 'csv') {
      return new Response(reportCsv(data), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="script-watch-report-${zone.name.replace(/[^a-z0-9.-]/gi, '_')}.csv"`,
        },
      })
    }
    return c.html(reportHtml(data), 200, { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" })
  }
  app.get(`${WATCH_BASE}/report`, report('html'))
  app.get(`${WATCH_BASE}/report.csv`, report('csv'))

  // Its body was checked before, from the route table (local/read-body.ts), behind the same write guard.
  app.post('/api/sandbox/page-shield/activity', guardWrites, async (c) => {
    if (!emulator) return jsonError(404, PROXY_CODES.noRoute, 'No route for that URI: simulated activity exists only in the sandbox.')
    const { zone_id, kind, script_id, connection_id } = localBody(c, 'POST', '/api/sandbox/page-shield/activity')
    const zone = emulator.db.prepare('SELECT id, name FROM zones WHERE id = ?').get(zone_id) as { id: string; name: string } | undefined
    if (!zone) return jsonError(404, 1001, `Zone ${zone_id} was not found.`)
    const prefer = (await store.reviews.latest(zone_id)).map((r) => r.script_id)
    // A zone never checked gets its baseline first: otherwise the change would be part of it, and no news.
    await watch.ensureBaseline(zone.id, zone.name)
    try {
      const preferConnections = kind === 'connection-reported' ? (await store.connections.latest(zone_id)).map((r) => r.connection_id) : []
      const result = simulateActivity(emulator.db, emulator.ctx.now(), {
        zoneId: zone_id,
        kind,
        scriptId: script_id,
        prefer,
        connectionId: connection_id,
        preferConnections,
      })
      // The zone's next check is made due, so the watch finds it on its next tick.
      await watch.checkSoon(zone.id, zone.name)
      return jsonOk({ zone_id, kind, ...result })
    } catch (err) {
      if (err instanceof ActivityRefused) return jsonError(409, 1004, err.message)
      throw err
    }
  })
}
