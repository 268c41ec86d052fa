import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, watchOf } from '../app'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { LOOPBACK_RECEIVERS, mailText, startSmtp, startWebhookReceiver } from '../../testing/alert-receivers'
import { testConfig } from '../../testing/server'

const ZONE = SEED_ZONES.demo.id
const W = `/api/local/zones/${ZONE}/watch`
const dir = mkdtempSync(join(tmpdir(), 'zk-watch-'))
const emulator = memoryEmulator({ scaleZones: false })
const store = createStore({ dataDir: dir })
let smtp: Awaited<ReturnType<typeof startSmtp>>
let secret = ''
let failures = 0
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let app: ReturnType<typeof createApp>

const write = (path: string, body: unknown, method = 'POST') =>
  app.request(path, { method, headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify(body) })
const json = async (path: string) => ((await (await app.request(path)).json()) as { result: any }).result // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads

beforeAll(async () => {
  smtp = await startSmtp()
  receiver = await startWebhookReceiver({ secret: () => secret, status: () => (failures-- > 0 ? 500 : 200) })
  app = createApp({
    config: testConfig(),
    emulator,
    store,
    watch: { smtpUrl: smtp.url, smtpFrom: 'Zonekeeper <watch@dash.test>', publicUrl: 'https://dash.test', retryMs: 20, maxAttempts: 3, startDelayMs: 0, webhookAllowedNetworks: LOOPBACK_RECEIVERS },
  })
})
afterAll(async () => {
  await watchOf(app).stop()
  await Promise.all([smtp.close(), receiver.close()])
  await store.close()
  emulator.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Ticks until nothing is left to deliver (each retry waits its back-off). */
async function settle() {
  for (let i = 0; i < 100; i++) {
    await watchOf(app).tick()
    if ((await store.watch.dueDeliveries()).length === 0 && (await pending()) === 0) return
    await new Promise((r) => setTimeout(r, 25))
  }
}
const pending = async () => {
  const alerts = (await json(`${W}/alerts`)) as { deliveries: { status: string }[] }[]
  return alerts.flatMap((a) => a.deliveries).filter((d) => d.status === 'pending').length
}

describe('script watch', () => {
  let reviewed: { id: string; url: string }

  it('sets up channels (the webhook secret shown once) and takes a baseline without alerting', async () => {
    const mail = await write(`${W}/channels`, { kind: 'email', target: 'security@shop.test' })
    expect(mail.status).toBe(201)
    const hook = await write(`${W}/channels`, { kind: 'webhook', target: receiver.url })
    expect(hook.status).toBe(201)
    secret = ((await hook.json()) as { result: { secret: string } }).result.secret
    expect(secret).toMatch(/^whsec_/)
    expect(JSON.stringify(await json(`${W}/channels`))).not.toContain(secret)
    // Bad input is a clear 400.
    expect((await write(`${W}/channels`, { kind: 'webhook', target: 'ftp://x.test/' })).status).toBe(400)
    expect((await write(`${W}/channels`, { kind: 'email', target: 'not an address' })).status).toBe(400)
    expect((await write(W, { interval_minutes: 20_000, enabled: true }, 'PUT')).status).toBe(400)

    // A reviewer's verdict on a script as it is now.
    const scripts = (await json(`/api/v4/zones/${ZONE}/page_shield/scripts?per_page=5`)) as Record<string, never>[]
    const s = scripts.find((x) => x.hash) as unknown as Record<string, string | number | null>
    reviewed = { id: String(s.id), url: String(s.url) }
    const review = await write(`/api/local/zones/${ZONE}/page-shield/reviews`, {
      script_id: s.id,
      verdict: 'expected',
      note: 'Our own checkout bundle',
      script: {
        url: s.url,
        host: s.host,
        hash: s.hash,
        js_integrity_score: s.js_integrity_score,
        malware_score: s.malware_score,
        magecart_score: s.magecart_score,
        cryptomining_score: s.cryptomining_score,
      },
    })
    expect(review.status).toBe(201)

    await settle()
    const runs = (await json(`${W}/runs`)) as { outcome: string; scripts_seen: number }[]
    expect(runs[0]).toMatchObject({ outcome: 'baseline' })
    expect(runs[0].scripts_seen).toBeGreaterThan(5)
    expect(await json(`${W}/alerts`)).toEqual([])
    expect(smtp.mails).toHaveLength(0)
  })

  it('a hash change on a reviewed script: one e-mail, one signed webhook call, verdict no longer counts, link to the script', async () => {
    const act = await write('/api/sandbox/page-shield/activity', { zone_id: ZONE, kind: 'hash-change' })
    expect(act.status).toBe(200)
    expect(((await act.json()) as { result: { script_id: string } }).result.script_id).toBe(reviewed.id)
    // The new code's hash is a SHA-256 like every other script's (64 hex digits, as the published schema says).
    const changed = await json(`/api/v4/zones/${ZONE}/page_shield/scripts/${reviewed.id}`)
    expect(changed.hash).toMatch(/^[0-9a-f]{64}$/)
    await settle()

    expect(smtp.mails).toHaveLength(1)
    const text = mailText(smtp.mails[0].raw)
    expect(smtp.mails[0].to).toEqual(['security@shop.test'])
    expect(text).toContain('Its code changed')
    expect(text).toContain('no longer counts')
    expect(text).toContain(`Review it: https://dash.test/zones/${ZONE}/page-shield/scripts/${reviewed.id}`)
    expect(text).toContain('Pages that load it:')

    expect(receiver.hooks).toHaveLength(1)
    expect(receiver.hooks[0].valid).toBe(true)
    const { alert } = JSON.parse(receiver.hooks[0].body) as { alert: { kinds: string[]; verdict_counts: boolean; link: string; verdict: { verdict: string } } }
    expect(alert.kinds).toEqual(['changed'])
    expect(alert.verdict_counts).toBe(false)
    expect(alert.verdict.verdict).toBe('expected')
    expect(alert.link).toBe(`https://dash.test/zones/${ZONE}/page-shield/scripts/${reviewed.id}`)

    // The ledger's evidence: the verdict no longer counts until someone reviews the script again.
    const csv = await (await app.request(`${W}/report.csv`)).text()
    const line = csv.split('\r\n').find((l) => l.startsWith('inventory,') && l.includes(reviewed.id))
    expect(line).toContain('changed since review: verdict no longer counts')

    // In the dashboard: unread, linking to the script; a later check repeats nothing.
    const alerts = (await json(`${W}/alerts`)) as { id: number; read_at: number | null; detail: { link: string } }[]
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ read_at: null, detail: { link: `/zones/${ZONE}/page-shield/scripts/${reviewed.id}` } })
    await store.watch.makeDue(ZONE)
    await settle()
    expect(smtp.mails).toHaveLength(1)
    expect(receiver.hooks).toHaveLength(1)
    expect((await write(`${W}/alerts/${alerts[0].id}/read`, {})).status).toBe(200)
    expect(((await json(`${W}/alerts`)) as { read_at: number | null }[])[0].read_at).toEqual(expect.any(Number))
  })

  it('a new malicious script alerts with its scores', async () => {
    const act = await write('/api/sandbox/page-shield/activity', { zone_id: ZONE, kind: 'malicious-script' })
    const { script_id } = ((await act.json()) as { result: { script_id: string } }).result
    await settle()
    expect(smtp.mails).toHaveLength(2)
    const text = mailText(smtp.mails[1].raw)
    expect(text).toContain('Malicious script, New script')
    expect(text).toContain('integrity 4, malware 3, card skimming 2, crypto-mining 40')
    expect(text).toContain('Verdict it had: none (never reviewed).')
    expect(text).toContain(`/page-shield/scripts/${script_id}`)
    const { alert } = JSON.parse(receiver.hooks[1].body) as { alert: { kinds: string[]; scores: Record<string, number> } }
    expect(alert.kinds).toEqual(['new', 'malicious'])
    expect(alert.scores).toMatchObject({ js_integrity_score: 4, malware_score: 3, magecart_score: 2 })
  })

  it('retries a failed webhook delivery with back-off, and the report shows the attempts', async () => {
    failures = 2
    await write('/api/sandbox/page-shield/activity', { zone_id: ZONE, kind: 'score-drop' })
    await settle()
    expect(receiver.hooks.slice(2)).toHaveLength(3)
    expect(receiver.hooks.slice(2).every((h) => h.valid)).toBe(true)
    const alerts = (await json(`${W}/alerts`)) as { kinds: string[]; deliveries: { channel_kind: string; status: string; attempts: number; last_error: string }[] }[]
    expect(alerts[0].kinds).toEqual(['malicious'])
    const hook = alerts[0].deliveries.find((d) => d.channel_kind === 'webhook')!
    expect(hook).toMatchObject({ status: 'sent', attempts: 3, last_error: 'Attempt 2: The receiver answered 500.' })
    const html = await (await app.request(`${W}/report`)).text()
    expect(html).toContain('sent at')
    expect(html).toContain('3 attempts (Attempt 2: The receiver answered 500.)')

    // A receiver that keeps failing: given up after the last attempt, and the report says so.
    failures = 100
    await write('/api/sandbox/page-shield/activity', { zone_id: ZONE, kind: 'infrequent' })
    await settle()
    const failed = ((await json(`${W}/alerts`)) as typeof alerts)[0].deliveries.find((d) => d.channel_kind === 'webhook')!
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 })
    expect(await (await app.request(`${W}/report`)).text()).toMatch(/webhook http:\/\/127\.0\.0\.1:\d+\/hooks\/zonekeeper: failed, 3 attempts/)
    failures = 0
  })

  it('the report for the last 30 days lists the checks and the review that followed an alert', async () => {
    const scripts = (await json(`/api/v4/zones/${ZONE}/page_shield/scripts/${reviewed.id}`)) as Record<string, string | number | null>
    await write(`/api/local/zones/${ZONE}/page-shield/reviews`, {
      script_id: reviewed.id,
      verdict: 'expected',
      note: 'New release of our bundle, diff checked',
      script: {
        url: scripts.url,
        host: scripts.host,
        hash: scripts.hash,
        js_integrity_score: scripts.js_integrity_score,
        malware_score: scripts.malware_score,
        magecart_score: scripts.magecart_score,
        cryptomining_score: scripts.cryptomining_score,
      },
    })
    const html = await (await app.request(`${W}/report`)).text()
    const runs = (await json(`${W}/runs`)) as unknown[]
    expect(html).toContain(`Checks that ran (${runs.length})`)
    // The watch began today: the days of the period before its first check are a gap; none between checks.
    const gaps = () => [...html.matchAll(/<li class="gap">No check from <time datetime="([^"]+)">[^<]+<\/time> to <time datetime="([^"]+)">[^<]+<\/time>: longer than seven days\.<\/li>/g)]
    expect(gaps()).toHaveLength(1)
    expect(html).toContain('Expected by Local administrator on')
    expect(html).toContain('New release of our bundle, diff checked')
    const csv = await (await app.request(`${W}/report.csv`)).text()
    expect(csv).toContain('reviewed after the alert')
    expect(csv.split('\r\n').filter((l) => l.startsWith('check,'))).toHaveLength(runs.length)

    // A gap of more than seven days between checks is flagged (red in the page).
    const day = 24 * 3600_000
    const old = Date.now() - 20 * day
    await store.watch.startRun({ zone_id: ZONE, zone_name: 'example.com', started_at: old, finished_at: old, holder: 'earlier', outcome: 'ok', scripts_seen: 1, connections_seen: 0, findings: 0, error: null })
    const flagged = await (await app.request(`${W}/report`)).text()
    const flaggedGaps = [...flagged.matchAll(/<li class="gap">No check from <time datetime="([^"]+)">[^<]+<\/time> to <time datetime="([^"]+)">[^<]+<\/time>: longer than seven days\.<\/li>/g)]
    // Period start → the old check (10 days), and the old check → the first of today's (20 days).
    expect(flaggedGaps).toHaveLength(2)
    expect(flaggedGaps[1][1]).toBe(new Date(old).toISOString().replace(/\.\d+Z$/, 'Z'))
    expect((await app.request(`${W}/report?from=2026-13-01`)).status).toBe(400)
  })
})
