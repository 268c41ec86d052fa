import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { Store, WatchChannel, WatchZone } from '../store'
import type { TrustedProxies } from '../http/trusted-proxies'
import type { Send } from '../upstream'
import { createDeliverer, type DeliveryOptions } from './deliver'
import { targetProblem } from './webhook-target'
import { diffZone } from './diff'
import { alertMessage, testMessage } from './message'
import { monitoringOn, readZone, readZones, scriptPages } from './read-zone'

export interface WatchOptions {
  store: Store
  /** How the watch reads the API: the sandbox's emulator or the live upstream (never a person's practice copy). */
  send: Send
  /** The dashboard's own address, for links in messages (PUBLIC_URL; main.ts sets the listening address otherwise). */
  publicUrl?: string
  smtpUrl?: string
  smtpFrom?: string
  /** How often each instance looks for due work (WATCH_TICK_MS, default 5 s). */
  tickMs?: number
  /** The lease's life: a holder that stops renewing is replaced after this (default 6 ticks, at least 30 s). */
  leaseMs?: number
  /** How often the zone list is read for zones with monitoring on (default 10 minutes; the first tick reads it). */
  discoverMs?: number
  /** Wait before the first zone discovery after start (WATCH_START_DELAY_MS, default 60 s: a start stays quick). */
  startDelayMs?: number
  /** First retry delay of a failed delivery, doubled each time (WATCH_RETRY_MS, default 30 s). */
  retryMs?: number
  /** Attempts per delivery before it counts as failed (default 5). */
  maxAttempts?: number
  webhookTimeoutMs?: number
  /** WEBHOOK_ALLOWED_NETWORKS: loopback, link-local or private addresses webhooks may go to (internal receivers). */
  webhookAllowedNetworks?: TrustedProxies
  /** This instance's name in the lease and the evidence. */
  instanceId?: string
  log?: (line: string) => void
}

const LEASE = 'scheduler'

/** The scheduler's lease lapsed and another instance took it while a check ran: the check stops. */
class WatchLeaseLost extends Error {
  constructor() {
    super('This instance lost the watch lease during the check (it ran longer than the lease); the zone is checked again by the instance holding it.')
  }
}

/**
 * The script watch: on every tick the instance that holds the lease (one row in the store,
 * taken or renewed with one conditional upsert) finds zones with page-security monitoring on, runs
 * the checks that are due, and delivers what they found. Other instances tick too and take over
 * when the holder stops renewing.
 */
export function createWatch(options: WatchOptions) {
  const { store, send } = options
  const tickMs = options.tickMs ?? 5000
  const leaseMs = options.leaseMs ?? Math.max(30_000, tickMs * 6)
  const discoverMs = options.discoverMs ?? 10 * 60_000
  const retryMs = options.retryMs ?? 30_000
  const maxAttempts = options.maxAttempts ?? 5
  const instanceId = options.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`
  const log = options.log ?? (() => undefined)
  const deliveryOptions: DeliveryOptions = {
    smtpUrl: options.smtpUrl,
    smtpFrom: options.smtpFrom ?? 'Zonekeeper <zonekeeper@localhost>',
    webhookTimeoutMs: options.webhookTimeoutMs ?? 10_000,
    webhookTargets: { allowed: options.webhookAllowedNetworks },
    log: options.log,
  }
  const deliverer = createDeliverer(deliveryOptions)
  let publicUrl = options.publicUrl ?? 'http://127.0.0.1:8787'
  let lastDiscovery = -Infinity
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false

  /**
   * The scheduler's lease is renewed before each API call of a check and before its results are
   * kept: a check of a large zone outlasts the lease, and another instance would take the schedule
   * over while it still runs. A renewal refused (the lease lapsed and was taken) stops the check.
   */
  const keepLease = async () => {
    if (!(await store.watch.renewLease(LEASE, instanceId, leaseMs))) throw new WatchLeaseLost()
  }
  const leasedSend: Send = async (req) => {
    await keepLease()
    return send(req)
  }

  async function discover(): Promise<void> {
    // Under the scheduler's lease too (a call per zone of the account): renewed as it goes.
    for (const z of await readZones(leasedSend)) {
      if (await monitoringOn(leasedSend, z.id)) await store.watch.ensureZone(z.id, z.name)
    }
  }

  /**
   * One check of one zone: read, compare, record the run, the findings and their deliveries.
   * `leased`: run by the scheduler's lease holder, which keeps it renewed (a baseline run on demand
   * holds the zone's claim instead).
   */
  async function check(zone: WatchZone, leased = true): Promise<number> {
    const send = leased ? leasedSend : options.send
    const hold = leased ? keepLease : async () => undefined
    const runId = await store.watch.startRun({
      zone_id: zone.zone_id,
      zone_name: zone.zone_name,
      started_at: Date.now(),
      finished_at: null,
      holder: instanceId,
      outcome: 'running',
      scripts_seen: 0,
      connections_seen: 0,
      findings: 0,
      error: null,
    })
    try {
      const reading = await readZone(send, zone.zone_id)
      if (!reading.monitoring) {
        await store.watch.finishRun(runId, { outcome: 'skipped', scripts_seen: 0, connections_seen: 0, findings: 0, error: 'Page-security monitoring is off for this zone.' })
        return 0
      }
      const previous = await store.watch.state(zone.zone_id)
      const earlier = await store.watch.recentRuns(zone.zone_id, 50)
      const baseline = previous.length === 0 && !earlier.some((r) => r.outcome === 'ok' || r.outcome === 'baseline')
      const reviews = await store.reviews.latest(zone.zone_id)
      const at = Date.now()
      const { changes, state } = diffZone({ id: zone.zone_id, name: zone.zone_name }, previous, reading, reviews, at, baseline)
      const channels = await store.watch.channels(zone.zone_id)
      let recorded = 0
      for (const ch of changes) {
        if (ch.script) ch.detail.pages = await scriptPages(send, zone.zone_id, ch.script)
        await hold()
        const id = await store.watch.addFinding({
          zone_id: zone.zone_id,
          run_id: runId,
          dedupe_key: ch.dedupe_key,
          item_kind: ch.item_kind,
          item_id: ch.item_id,
          kinds: JSON.stringify(ch.kinds),
          title: ch.title,
          detail: JSON.stringify(ch.detail),
          created_at: at,
        })
        if (id === undefined) continue // already found by an earlier check: never alerted twice
        recorded += 1
        for (const channel of channels) await store.watch.queueDelivery(id, channel)
      }
      await hold()
      await store.watch.replaceState(zone.zone_id, state)
      await store.watch.finishRun(runId, {
        outcome: baseline ? 'baseline' : 'ok',
        scripts_seen: reading.scripts.length,
        connections_seen: reading.connections.length,
        findings: recorded,
        error: null,
      })
      return recorded
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      // Its zone is due again at once, for the instance that holds the schedule now.
      if (err instanceof WatchLeaseLost) await store.watch.makeDue(zone.zone_id)
      await store.watch.finishRun(runId, { outcome: 'failed', scripts_seen: 0, connections_seen: 0, findings: 0, error: message.slice(0, 500) })
      log(`watch: check of ${zone.zone_name} failed: ${message}`)
      return 0
    }
  }

  /** Delivers what is due: each attempt claimed in the store, so no two instances send the same one. */
  async function deliver(): Promise<void> {
    for (const d of await store.watch.dueDeliveries()) {
      if (!(await store.watch.claimAttempt(d, retryMs * 4))) continue
      const attempt = d.attempts + 1
      const [finding, channel] = await Promise.all([store.watch.finding(d.finding_id), store.watch.channel(d.channel_id)])
      try {
        if (!finding) throw new Error('The alert is gone.')
        if (!channel) throw new Error('The channel was removed before the alert could be delivered.')
        await deliverer.send(channel, alertMessage(finding, publicUrl), d.id)
        await store.watch.deliveryOutcome(d.id, { status: 'sent' })
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300)
        const last = attempt >= maxAttempts || !channel || !finding
        await store.watch.deliveryOutcome(d.id, {
          status: last ? 'failed' : 'pending',
          last_error: `Attempt ${attempt}: ${reason}`,
          next_attempt_at: Date.now() + retryMs * 2 ** (attempt - 1),
        })
        log(`watch: delivery ${d.id} (${d.channel_kind}) attempt ${attempt} failed${last ? ', giving up' : ''}`)
      }
    }
  }

  /** One round: only the lease holder works. Resolves true when this instance held the lease. */
  async function tick(): Promise<boolean> {
    if (!(await store.watch.acquireLease(LEASE, instanceId, leaseMs))) return false
    if (Date.now() - lastDiscovery >= discoverMs) {
      try {
        await discover()
        lastDiscovery = Date.now()
      } catch (err) {
        log(`watch: could not list zones: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
    for (const zone of await store.watch.dueZones()) {
      if (stopped) break
      if (!(await store.watch.acquireLease(LEASE, instanceId, leaseMs))) return false
      if (!(await store.watch.claimZone(zone.zone_id, zone.next_due_at, Date.now() + zone.interval_minutes * 60_000))) continue
      await check(zone)
    }
    await deliver()
    return true
  }

  const safeTick = () =>
    (running ??= tick()
      .then(() => undefined)
      .catch((err: unknown) => log(`watch: tick failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (running = undefined)))

  return {
    instanceId,
    emailConfigured: Boolean(options.smtpUrl),
    /** Why a webhook URL may not be added (a loopback, link-local or private address not allowed), or undefined. */
    webhookTargetProblem: (url: string) => targetProblem(url, deliveryOptions.webhookTargets ?? {}),
    /** The address links in messages start with, when PUBLIC_URL is not set (known once the server listens). */
    setPublicUrl(url: string) {
      if (!options.publicUrl) publicUrl = url
    },
    tick,
    /** Starts ticking (zones are first listed after startDelayMs; a zone made due meanwhile is checked on the next tick). */
    start() {
      stopped = false
      lastDiscovery = Date.now() - discoverMs + (options.startDelayMs ?? 60_000)
      timer = setInterval(() => void safeTick(), tickMs)
      timer.unref()
    },
    /** Stops ticking and waits for a running tick; `release` gives the lease up (a clean shutdown). */
    async stop({ release = true }: { release?: boolean } = {}) {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      await running
      if (release) await store.watch.releaseLease(LEASE, instanceId).catch(() => undefined)
      deliverer.close()
    },
    /**
     * Runs the zone's first check (the baseline) now unless it has one, so that what happens next is
     * news (the sandbox's simulated activity calls this before changing anything).
     */
    async ensureBaseline(zoneId: string, zoneName: string): Promise<void> {
      const based = (runs: { outcome: string }[]) => runs.some((r) => r.outcome === 'ok' || r.outcome === 'baseline')
      if (based(await store.watch.recentRuns(zoneId, 50))) return
      await store.watch.ensureZone(zoneId, zoneName)
      const zone = await store.watch.zone(zoneId)
      if (!zone) return
      // The zone's check is claimed like a scheduled one (one conditional update): of two instances,
      // or of this and the scheduler's tick, exactly one runs it.
      // A zone claimed since it was read (its next check moved on) is someone else's check: never claimed twice.
      const due = zone.last_run_at === null || (await store.watch.dueZones()).some((z) => z.zone_id === zoneId)
      if (due && (await store.watch.claimZone(zone.zone_id, zone.next_due_at, Date.now() + zone.interval_minutes * 60_000))) {
        await check(zone, false)
        return
      }
      // Someone else checks it now: wait for that check to end, so what happens next is news.
      for (let waited = 0; waited < leaseMs; waited += 100) {
        const runs = await store.watch.recentRuns(zoneId, 50)
        if (based(runs) || (runs.length > 0 && !runs.some((r) => r.outcome === 'running'))) return
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    /**
     * Sends one test message to a channel now, through the same deliverer as alerts (the same SMTP
     * server, the same webhook signature and checks), outside the delivery queue: nothing is retried.
     * Resolves with the error in plain words when it was not delivered.
     */
    async sendTest(channel: WatchChannel, zone: { id: string; name: string }, by: string): Promise<{ delivered: true } | { delivered: false; error: string }> {
      try {
        await deliverer.send(channel, testMessage(zone, publicUrl, by, Date.now()), `test-${randomBytes(6).toString('hex')}`)
        return { delivered: true }
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300)
        log(`watch: test of channel ${channel.id} (${channel.kind}) failed: ${reason}`)
        return { delivered: false, error: reason }
      }
    },
    /** Makes a zone's check due now (an administrator's "Check now", or the sandbox after simulated activity). */
    async checkSoon(zoneId: string, zoneName: string): Promise<void> {
      await store.watch.ensureZone(zoneId, zoneName)
      await store.watch.makeDue(zoneId)
    },
  }
}

export type Watch = ReturnType<typeof createWatch>
