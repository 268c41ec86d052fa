import { mkdtempSync, rmSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore, type Store } from '../store'
import { startFakeUpstream, type FakeUpstream, type RecordedRequest } from '../../testing/fake-upstream'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { testConfig } from '../../testing/server'
import { mailText, startSmtp } from '../../testing/alert-receivers'
import type { ChangeRequestDetail, ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * A change request cut short, through two whole instances (each its own app and store connection)
 * on one PostgreSQL (a shared SQLite file where PostgreSQL is absent), in live mode against a real
 * HTTP API on loopback (the emulator behind it) that never answers one policy write. Instance A's
 * apply hangs there; its lease lapses; instance B, reading the request, recovers it from the store
 * and the audit log, and says exactly what is known.
 */
const Z = SEED_ZONES.demo
const TOKEN = 'live-token-for-recovery-0123456789'
const W = { 'x-zonekeeper-request': '1', 'content-type': 'application/json' }
const LEASE_MS = 1200
const missing = postgresMissing()
type App = ReturnType<typeof createApp>

describe('an apply cut short, recovered by another instance', () => {
  let pgServer: TestPostgres | undefined
  const dir = mkdtempSync(join(tmpdir(), 'zk-cr-recover-'))
  const emulator = memoryEmulator({ scaleZones: false })
  let upstream: FakeUpstream
  /** The policy writes the API holds without answering. */
  const hung: { req: RecordedRequest; res: ServerResponse }[] = []
  const stores: Store[] = []
  const apps: App[] = []
  const cookies: Record<string, string> = {}
  let smtp: Awaited<ReturnType<typeof startSmtp>>

  const forward = async (req: RecordedRequest, res: ServerResponse) => {
    const type = req.headers['content-type']
    const answer = await emulator.app.request(req.url.replace(/^\/client\/v4/, ''), { method: req.method, headers: type ? { 'content-type': type } : {}, body: req.body && req.method !== 'GET' ? req.body : undefined })
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(Buffer.from(await answer.arrayBuffer()))
  }
  const call = async <T = unknown>(app: App, who: string, method: string, path: string, body?: unknown) => {
    const res = await app.request(path, { method, headers: { ...W, cookie: cookies[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
    const json = (await res.json()) as { result: T; errors: { code: number; message: string }[] }
    return { status: res.status, result: json.result, errors: json.errors }
  }

  beforeAll(async () => {
    upstream = await startFakeUpstream((req, res) => {
      if (req.method === 'POST' && req.url.includes('/page_shield/policies') && req.body.includes('hangs here')) hung.push({ req, res })
      else void forward(req, res)
    })
    smtp = await startSmtp()
    let databaseUrl: string | undefined
    if (!missing) {
      pgServer = await startPostgres()
      databaseUrl = await pgServer.createDatabase()
    }
    for (const instanceId of ['web-a', 'web-b']) {
      const store = createStore({ dataDir: dir, databaseUrl })
      stores.push(store)
      // A long time-out on the API: the write hangs well past the lease.
      const config = testConfig({ credential: { kind: 'token', token: TOKEN }, apiBaseUrl: upstream.url, databaseUrl, dataDir: dir, upstreamTimeoutMs: 120_000 })
      apps.push(createApp({ config, store, changeRequests: { instanceId, leaseMs: LEASE_MS }, watch: { smtpUrl: smtp.url, smtpFrom: 'zk@example.test' } }))
    }
    const ed = await addPerson(stores[0], 'ed', 'editor', [Z.name])
    const erin = await addPerson(stores[0], 'erin', 'editor', [Z.name])
    await stores[0].changeRequests.setPerson(ed.person.id, { mayPropose: false, email: 'ed@example.test' })
    await stores[0].changeRequests.setPerson(erin.person.id, { mayPropose: false, email: 'erin@example.test' })
    await addPerson(stores[0], 'adm', 'admin')
    for (const u of ['ed', 'erin', 'adm']) cookies[u] = await sessionCookie(apps[0], u, `${u}-password-1`)
    expect((await call(apps[0], 'adm', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true, approverMode: 'editors' })).status).toBe(200)
  }, 60_000)
  afterAll(async () => {
    for (const h of hung) h.res.destroy()
    await upstream?.close()
    await smtp?.close()
    for (const s of stores) await s.close()
    emulator.close()
    pgServer?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('says which changes landed, which is unknown and which was never sent; the hung worker stops; an approver undoes what landed', async () => {
    const [a, b] = apps
    const policy = (description: string) => ({ kind: 'page_shield_policy', action: 'create', body: { description, action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" } })
    const filed = await call<ChangeRequestView>(b, 'ed', 'POST', '/api/local/change-requests', {
      zoneId: Z.id, title: 'Cut short', reason: 'testing recovery',
      items: [{ action: 'create', body: { type: 'A', name: 'cut-short', content: '192.0.2.77', ttl: 300, proxied: false } }, policy('hangs here'), policy('never sent')],
    })
    expect(filed.status).toBe(200)
    const id = filed.result.id
    // Instance A approves: the DNS batch lands, the first policy write hangs at the API.
    const approving = call<ChangeRequestView>(a, 'erin', 'POST', `/api/local/change-requests/${id}/approve`, {})
    for (const end = Date.now() + 10_000; !hung.length && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20))
    expect(hung).toHaveLength(1)
    // While A holds a live lease, B sees it being applied by A and does not touch it.
    const during = (await call<ChangeRequestDetail>(b, 'erin', 'GET', `/api/local/change-requests/${id}`)).result
    expect(during.status).toBe('applying')
    expect(during.lease).toMatchObject({ instance: 'web-a' })
    // A stops renewing once its write has hung for a lease length; then B's read recovers it.
    let seen = during
    for (const end = Date.now() + 15_000; seen.status === 'applying' && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 200))
      seen = (await call<ChangeRequestDetail>(b, 'erin', 'GET', `/api/local/change-requests/${id}`)).result
    }
    expect(seen.status).toBe('interrupted')
    expect(seen.lease).toBeNull()
    expect(seen.interrupted).toMatchObject({ phase: 'apply', instance: 'web-a', recoveredBy: 'web-b', total: 3, known: 1, unknown: 1 })
    expect(seen.interrupted!.message).toBe(
      'Interrupted: the server stopped while applying; 1 of 3 changes is known to have landed. The outcome of 1 change is unknown: sent, with no answer recorded. 1 change was not tried.',
    )
    expect(seen.items.map((i) => i.result?.status)).toEqual(['applied', 'unknown', 'not_applied'])
    expect(seen.items[0].result?.entryId).toBeGreaterThan(0)
    expect(seen.mayUndo).toBe(true)
    expect(seen.mayApprove).toBe(false)
    // The list on either instance says the same.
    const listed = (await call<ChangeRequestView[]>(a, 'erin', 'GET', '/api/local/change-requests?scope=all')).result.find((r) => r.id === id)!
    expect(listed.status).toBe('interrupted')
    // The recovery is one audit entry, by the recovering instance.
    const recovered = (await call<{ action: string; personName: string; resourceId: string }[]>(a, 'adm', 'GET', '/api/local/audit?action=recover')).result
    expect(recovered.filter((e) => e.resourceId === String(id)).map((e) => e.personName)).toEqual(['Zonekeeper (instance web-b)'])
    // The requester and the approver hear it once, by e-mail from the recovering instance (the real SMTP server's inbox).
    const subject = `Change request #${id} on ${Z.name} was interrupted: check the zone`
    const told = () => smtp.mails.filter((m) => m.raw.includes(subject))
    for (const end = Date.now() + 10_000; !told().length && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50))
    await new Promise((r) => setTimeout(r, 300))
    expect(told()).toHaveLength(1)
    expect(told()[0].to.sort()).toEqual(['ed@example.test', 'erin@example.test'])
    const words = mailText(told()[0].raw)
    expect(words).toContain('(web-a) stopped before it finished. Another instance (web-b)')
    expect(words).toContain(seen.interrupted!.message)
    expect(words).toMatch(/Check these on the zone before doing anything else; each may or may not have happened:\r?\n- /)

    // The API finally answers the hung write (it lands: "unknown" was the truth). A's worker finds its
    // lease gone: it sends nothing more and leaves the request as recovered.
    await forward(hung[0].req, hung[0].res)
    const late = await approving
    expect(late.status).toBe(409)
    expect(late.errors[0].message).toMatch(/^This request was recovered by another instance while this apply ran: nothing more was sent\./)
    expect(upstream.requests.some((r) => r.body.includes('never sent'))).toBe(false)
    expect((await call<ChangeRequestDetail>(b, 'erin', 'GET', `/api/local/change-requests/${id}`)).result.status).toBe('interrupted')

    // An approver undoes what is known to have landed (the DNS batch) through B; the unknown change stays for a person to check.
    const undone = await call<ChangeRequestDetail>(b, 'erin', 'POST', `/api/local/change-requests/${id}/undo`, {})
    expect(undone.status).toBe(200)
    expect(undone.result.status).toBe('interrupted')
    expect(undone.result.items.map((i) => [i.result?.status, i.result?.undo?.status ?? null])).toEqual([['applied', 'undone'], ['unknown', null], ['not_applied', null]])
    const names = (await call<{ name: string }[]>(b, 'adm', 'GET', `/api/v4/zones/${Z.id}/dns_records?per_page=500`)).result.map((r) => r.name)
    expect(names).not.toContain(`cut-short.${Z.name}`)
  }, 60_000)
})
