import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, watchOf } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { LOOPBACK_RECEIVERS, mailText, startSmtp, startWebhookReceiver } from '../../testing/alert-receivers'
import { testConfig } from '../../testing/server'
import { publicTarget } from './public-target'

/** The script watch as reviewers and viewers read it (without secrets), and "Send a test", at the server's door. */
const ZONE = SEED_ZONES.demo.id
const W = `/api/local/zones/${ZONE}/watch`
const dir = mkdtempSync(join(tmpdir(), 'zk-watch-reviewer-'))
const emulator = memoryEmulator({ scaleZones: false })
// The store's clock: a test moves it past the 30 s between two tests of one channel.
let skew = 0
const store = createStore({ dataDir: dir, now: () => Date.now() + skew })
const cookies: Record<string, string> = {}
let smtp: Awaited<ReturnType<typeof startSmtp>>
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
let app: ReturnType<typeof createApp>
let secret = ''
let status = 200
const ids: Record<string, string> = {}

const call = (who: string, path: string, method = 'GET', body?: unknown) =>
  app.request(`http://127.0.0.1${path}`, {
    method,
    headers: { cookie: cookies[who], 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const result = async <T = any>(res: Response): Promise<T> => ((await res.json()) as { result: T }).result // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads

beforeAll(async () => {
  smtp = await startSmtp()
  receiver = await startWebhookReceiver({ secret: () => secret, status: () => status })
  app = createApp({
    config: testConfig(),
    emulator,
    store,
    watch: {
      smtpUrl: smtp.url,
      publicUrl: 'https://dash.test',
      startDelayMs: 0,
      retryMs: 20,
      maxAttempts: 1,
      webhookAllowedNetworks: LOOPBACK_RECEIVERS,
    },
  })
  for (const [name, role] of [
    ['ada', 'admin'],
    ['rex', 'reviewer'],
    ['vic', 'viewer'],
  ] as const) {
    const { password } = await addPerson(store, name, role)
    cookies[name] = await sessionCookie(app, name, password)
  }
  // A webhook whose URL carries a token in its query and in its path, as many receivers' do.
  const hook = await call('ada', `${W}/channels`, 'POST', {
    kind: 'webhook',
    target: `${receiver.url}/T0KEN9abcdefghijklmnop?token=s3cr3t-query`,
  })
  expect(hook.status).toBe(201)
  const h = await result<{ id: string; secret: string }>(hook)
  ;[ids.hook, secret] = [h.id, h.secret]
  ids.mail = (
    await result<{ id: string }>(await call('ada', `${W}/channels`, 'POST', { kind: 'email', target: 'security@shop.test' }))
  ).id
  // One added before user names and passwords were refused in URLs.
  await store.watch.addChannel({
    id: 'f'.repeat(32),
    zone_id: ZONE,
    kind: 'webhook',
    target: 'https://hookuser:hookpass@hooks.example.com/in',
    secret: 'whsec_old',
    created_at: Date.now(),
    created_by: 'Ada (ada)',
  })
  expect((await call('ada', W, 'PUT', { interval_minutes: 1440, enabled: true })).status).toBe(200)
  // An alert, delivered to the webhook: its delivery names the channel.
  expect((await call('ada', '/api/sandbox/page-shield/activity', 'POST', { zone_id: ZONE, kind: 'new-script' })).status).toBe(200)
  await watchOf(app).tick()
})
afterAll(async () => {
  await watchOf(app).stop()
  await Promise.all([smtp.close(), receiver.close()])
  await store.close()
  emulator.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the script watch as a reviewer or viewer reads it', () => {
  it('shows the channels without secrets: no signing secret, no query, no user name or password, no token in the path', async () => {
    for (const who of ['rex', 'vic']) {
      const res = await call(who, `${W}/channels`)
      expect(res.status).toBe(200)
      const text = await res.clone().text()
      for (const hidden of [secret, 'whsec_', 's3cr3t-query', 'token=', '?', 'hookuser', 'hookpass', 'T0KEN9abcdefghijklmnop'])
        expect(text).not.toContain(hidden)
      const channels = await result<{ kind: string; target: string; created_by: string }[]>(res)
      expect(channels.map((c) => c.target)).toEqual([
        `${receiver.url}/… (parts hidden)`,
        'security@shop.test',
        'https://hooks.example.com/in (parts hidden)',
      ])
      expect(channels[0].created_by).toBe('Ada (ada)')
      // The alerts' deliveries name the channel the same way.
      const alerts = await (await call(who, `${W}/alerts`)).text()
      expect(alerts).toContain('"channel_kind":"webhook"')
      expect(alerts).not.toContain('s3cr3t-query')
    }
    // Administrators see what they set (the signing secret never again).
    const admin = await (await call('ada', `${W}/channels`)).text()
    expect(admin).toContain('token=s3cr3t-query')
    expect(admin).not.toContain(secret)
  })

  it('shows the schedule, whether it is at least weekly, the last check, the next due and who changed it last', async () => {
    const s = await result(await call('rex', W))
    expect(s).toMatchObject({
      interval_minutes: 1440,
      enabled: true,
      last_check: { outcome: 'ok', finished_at: expect.any(Number) },
      next_due_at: expect.any(Number),
    })
    // The last change is the schedule Ada saved after adding the channels.
    expect(s.last_change).toMatchObject({ by: 'Ada (ada)', what: 'set the schedule' })
    // A removed channel leaves no row: the audit log names who removed it.
    await new Promise((r) => setTimeout(r, 5))
    expect((await call('ada', `${W}/channels/${'f'.repeat(32)}`, 'DELETE')).status).toBe(200)
    expect((await result(await call('vic', W))).last_change).toMatchObject({ by: 'Ada (ada)', what: 'removed a channel' })
  })

  it('refuses a reviewer or viewer any change of the schedule or the channels', async () => {
    for (const who of ['rex', 'vic']) {
      expect((await call(who, W, 'PUT', { interval_minutes: 30, enabled: true })).status).toBe(403)
      expect((await call(who, `${W}/channels`, 'POST', { kind: 'email', target: 'a@b.test' })).status).toBe(403)
      expect((await call(who, `${W}/channels/${ids.mail}`, 'DELETE')).status).toBe(403)
      expect((await call(who, `${W}/check`, 'POST')).status).toBe(403)
    }
    expect((await result(await call('ada', W))).interval_minutes).toBe(1440)
  })
})

describe('send a test', () => {
  it('sends a marked test to the webhook, signed as alerts are, and to the e-mail address through the SMTP server; audited', async () => {
    const before = receiver.hooks.length
    const res = await call('rex', `${W}/channels/${ids.hook}/test`, 'POST')
    expect(res.status).toBe(200)
    expect(await result(res)).toMatchObject({ channel_id: ids.hook, delivered: true })
    const hook = receiver.hooks[before]
    expect(hook.valid).toBe(true)
    expect(JSON.parse(hook.body)).toMatchObject({
      type: 'zonekeeper.watch.test',
      test: true,
      zone_id: ZONE,
      sent_by: 'Rex (rex)',
    })

    const mails = smtp.mails.length
    expect((await call('rex', `${W}/channels/${ids.mail}/test`, 'POST')).status).toBe(200)
    expect(smtp.mails).toHaveLength(mails + 1)
    expect(smtp.mails[mails].to).toEqual(['security@shop.test'])
    expect(smtp.mails[mails].raw).toMatch(/Subject: \[Zonekeeper\] TEST: /)
    expect(mailText(smtp.mails[mails].raw)).toContain('TEST MESSAGE: nothing changed, no action is needed.')

    const { entries } = await store.audit.list({ action: 'send-test' })
    expect(entries.map((e) => [e.username, e.resourceType, e.resourceId, e.outcome])).toEqual([
      ['rex', 'watch_channel', ids.mail, 'success'],
      ['rex', 'watch_channel', ids.hook, 'success'],
    ])
    expect(JSON.stringify(entries)).not.toContain('s3cr3t-query')
  })

  it('allows one test per person per channel every 30 seconds, decided by the store', async () => {
    const again = await call('rex', `${W}/channels/${ids.hook}/test`, 'POST')
    expect(again.status).toBe(429)
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(20)
    expect(await again.text()).toContain('one test per channel every 30 seconds')
    // Another person, or another channel, is not held back by it.
    expect((await call('ada', `${W}/channels/${ids.hook}/test`, 'POST')).status).toBe(200)
    skew = 31_000
    try {
      expect((await call('rex', `${W}/channels/${ids.hook}/test`, 'POST')).status).toBe(200)
    } finally {
      skew = 0
    }
  })

  it('says why a test was not delivered, in plain words', async () => {
    status = 500
    skew = 62_000
    try {
      const res = await call('rex', `${W}/channels/${ids.hook}/test`, 'POST')
      expect(res.status).toBe(502)
      expect(await res.text()).toContain('The test was not delivered: The receiver answered 500.')
    } finally {
      status = 200
      skew = 0
    }
    const [entry] = (await store.audit.list({ action: 'send-test' })).entries
    expect(entry).toMatchObject({ outcome: 'failure', after: { delivered: false, error: 'The receiver answered 500.' } })
  })

  it('is refused to viewers, and for a channel of another zone', async () => {
    expect((await call('vic', `${W}/channels/${ids.hook}/test`, 'POST')).status).toBe(403)
    const other = `/api/local/zones/${SEED_ZONES.pending.id}/watch/channels/${ids.hook}/test`
    expect((await call('ada', other, 'POST')).status).toBe(404)
  })
})

describe('publicTarget', () => {
  it('keeps scheme, host, port and path; drops credentials, query, fragment and token-like path parts', () => {
    expect(publicTarget('webhook', 'https://a:b@x.test:8443/hooks/in?sig=1#f')).toBe(
      'https://x.test:8443/hooks/in (parts hidden)',
    )
    expect(publicTarget('webhook', 'https://hooks.slack.com/services/T0001/B0002/abcdEFGH1234ijklMNOP5678')).toBe(
      'https://hooks.slack.com/services/T0001/B0002/… (parts hidden)',
    )
    expect(publicTarget('webhook', 'https://x.test/hooks/zonekeeper')).toBe('https://x.test/hooks/zonekeeper')
    expect(publicTarget('email', 'sec@x.test')).toBe('sec@x.test')
  })
})
