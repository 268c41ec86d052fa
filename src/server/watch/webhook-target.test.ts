import { lookup } from 'node:dns/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore, type WatchChannel } from '../store'
import { parseTrustedProxies } from '../http/trusted-proxies'
import { LOOPBACK_RECEIVERS, startRedirector, startWebhookReceiver } from '../../testing/alert-receivers'
import { testConfig } from '../../testing/server'
import { createDeliverer, NO_ANSWER } from './deliver'
import type { AlertMessage } from './message'
import { checkedLookup, isLocalAddress, LOCAL_TARGET_WORDS, targetProblem, TargetRefused } from './webhook-target'

const LOCAL_TARGETS = [
  'http://127.0.0.1/',
  'http://127.1.2.3:8080/x',
  'http://[::1]/',
  'http://0.0.0.0/',
  'http://[::]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://2130706433/', // 127.0.0.1 in decimal
  'http://0x7f000001/', // in hex
  'http://0x7f.1/',
  'http://017700000001/', // in octal
  'http://2852039166/', // 169.254.169.254 in decimal
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:a9fe:a9fe]/', // 169.254.169.254, IPv4-mapped
  'http://[64:ff9b::a00:1]/', // 10.0.0.1 through NAT64
  'http://10.1.2.3/',
  'http://172.16.0.1/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://[fe80::1]/',
  'http://[fd00::1]/',
  'http://localhost:8080/',
  'http://hooks.localhost/',
]
const PUBLIC_TARGETS = ['https://hooks.example.com/zonekeeper', 'http://93.184.216.34/', 'http://[2606:4700::1111]/', 'https://8.8.8.8:8443/']

describe('which webhook targets are refused', () => {
  it.each(LOCAL_TARGETS)('refuses %s', (url) => {
    expect(targetProblem(url, {})).toBe(LOCAL_TARGET_WORDS)
  })
  it.each(PUBLIC_TARGETS)('accepts %s', (url) => {
    expect(targetProblem(url, {})).toBeUndefined()
  })
  it("lets an administrator's allowlist name internal receivers, and nothing else local", () => {
    const allowed = parseTrustedProxies('127.0.0.1, 10.20.0.0/16')
    expect(targetProblem('http://127.0.0.1:9000/hook', { allowed })).toBeUndefined()
    expect(targetProblem('http://10.20.3.4/hook', { allowed })).toBeUndefined()
    expect(targetProblem('http://10.21.3.4/hook', { allowed })).toBe(LOCAL_TARGET_WORDS)
    expect(targetProblem('http://169.254.169.254/', { allowed })).toBe(LOCAL_TARGET_WORDS)
  })
  it('checks the addresses a name resolves to (the lookup the connection itself uses)', async () => {
    const resolve = (name: string, allowed = parseTrustedProxies('192.0.2.1')) =>
      new Promise<unknown>((ok) => checkedLookup({ allowed })(name, {}, (err, address) => ok(err ?? address)))
    expect(await resolve('localhost')).toBeInstanceOf(TargetRefused)
    expect(await resolve('localhost', LOOPBACK_RECEIVERS)).toMatch(/^127\./)
    expect(isLocalAddress('8.8.8.8')).toBe(false)
  })
})

const message: AlertMessage = { subject: 'A new script', text: 'A new script', json: { kind: 'test' } }
const channel = (target: string): WatchChannel => ({ id: 'c1', zone_id: 'z', kind: 'webhook', target, secret: 'whsec_test', created_at: 0, created_by: 'test' })
const failure = (p: Promise<unknown>) => p.then(() => 'delivered', (err: Error) => err.message)

describe('delivering to a webhook', () => {
  const servers: Server[] = []
  afterAll(() => Promise.all(servers.map((s) => new Promise((ok) => s.close(ok)))))

  it('never follows a redirect: the signed alert reaches neither the redirect nor where it points', async () => {
    const target = await startWebhookReceiver({ secret: () => 'whsec_test' })
    const redirect = await startRedirector(target.url)
    const permanent = await startRedirector(target.url, 308)
    const deliverer = createDeliverer({ smtpFrom: 'x@example.test', webhookTimeoutMs: 2000, webhookTargets: { allowed: LOOPBACK_RECEIVERS } })
    try {
      expect(await failure(deliverer.send(channel(redirect.url), message, 1))).toMatch(/answered 307 \(a redirect, which is not followed\)/)
      expect(await failure(deliverer.send(channel(permanent.url), message, 2))).toMatch(/answered 308/)
      expect(redirect.calls).toEqual(['POST /hooks'])
      expect(permanent.calls).toEqual(['POST /hooks'])
      expect(target.hooks).toEqual([])
      // The same receiver, called directly, does get it (the refusal above is the redirect's).
      expect(await failure(deliverer.send(channel(target.url), message, 3))).toBe('delivered')
      expect(target.hooks).toHaveLength(1)
    } finally {
      deliverer.close()
      await Promise.all([target.close(), redirect.close(), permanent.close()])
    }
  })

  it('refuses a local target at delivery, also behind a name, unless allowed; sends nothing there', async () => {
    const receiver = await startWebhookReceiver({ secret: () => 'whsec_test' })
    const strict = createDeliverer({ smtpFrom: 'x@example.test', webhookTimeoutMs: 2000 })
    try {
      // A channel stored before the check existed, by address: refused before any connection.
      expect(await failure(strict.send(channel(receiver.url), message, 1))).toBe(LOCAL_TARGET_WORDS)
      const port = new URL(receiver.url).port
      expect(await failure(strict.send(channel(`http://2130706433:${port}/hooks/zonekeeper`), message, 2))).toBe(LOCAL_TARGET_WORDS)
      // This machine's own name resolves to one of its local addresses: refused after resolution.
      const own = await lookup(hostname()).catch(() => undefined)
      if (own && isLocalAddress(own.address)) {
        expect(await failure(strict.send(channel(`http://${hostname()}:${port}/hooks/zonekeeper`), message, 3))).toBe(LOCAL_TARGET_WORDS)
      }
      expect(receiver.hooks).toEqual([])
    } finally {
      strict.close()
      await receiver.close()
    }
  })

  it('says no answer came, the same for a closed port and for one that never answers (no map of the network)', async () => {
    // A port that was open a moment ago and is closed now, and a server that accepts and stays silent.
    const closed = createServer()
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise((ok) => closed.close(ok))
    const silent = createServer(() => undefined)
    servers.push(silent)
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok))
    const silentPort = (silent.address() as AddressInfo).port
    const log: string[] = []
    const deliverer = createDeliverer({ smtpFrom: 'x@example.test', webhookTimeoutMs: 300, webhookTargets: { allowed: LOOPBACK_RECEIVERS }, log: (l) => log.push(l) })
    try {
      const refused = await failure(deliverer.send(channel(`http://127.0.0.1:${closedPort}/`), message, 1))
      const timedOut = await failure(deliverer.send(channel(`http://127.0.0.1:${silentPort}/`), message, 2))
      expect(refused).toBe(NO_ANSWER)
      expect(timedOut).toBe(NO_ANSWER)
      expect(refused).not.toMatch(/ECONNREFUSED|port|127\.0\.0\.1/)
      // The server's own log keeps what happened, for whoever runs it.
      expect(log.join('\n')).toMatch(/ECONNREFUSED/)
    } finally {
      deliverer.close()
    }
  })
})

describe('adding a webhook channel', () => {
  const ZONE = SEED_ZONES.demo.id
  const store = createStore({ dataDir: ':memory:' })
  const emulator = memoryEmulator({ scaleZones: false })
  const app = createApp({ config: testConfig(), emulator, store, watch: { startDelayMs: 0 } })
  const allowing = createApp({ config: testConfig(), emulator, store, watch: { startDelayMs: 0, webhookAllowedNetworks: LOOPBACK_RECEIVERS } })
  afterAll(() => store.close())
  const add = (a: typeof app, target: string) =>
    a.request(`/api/local/zones/${ZONE}/watch/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' },
      body: JSON.stringify({ kind: 'webhook', target }),
    })

  it('refuses a local address at the target field; allowed ones and public ones are added', async () => {
    for (const target of ['http://169.254.169.254/latest', 'http://[::1]:8080/', 'http://0x7f.1/', 'http://localhost/']) {
      const res = await add(app, target)
      expect(res.status, target).toBe(400)
      const body = (await res.json()) as { errors: { message: string; source?: { pointer: string } }[] }
      expect(body.errors[0]).toMatchObject({ message: LOCAL_TARGET_WORDS, source: { pointer: '/target' } })
    }
    expect((await add(app, 'https://hooks.example.com/zonekeeper')).status).toBe(201)
    expect((await add(allowing, 'http://127.0.0.1:9000/hook')).status).toBe(201)
    expect((await add(allowing, 'http://10.0.0.1/hook')).status).toBe(400)
  })
})
