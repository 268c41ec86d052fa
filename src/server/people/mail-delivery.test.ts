import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { createApp } from '../app'
import type { Emulator } from '../emulator'
import { emulatorModules } from '../emulator/modules'
import { SEED_ZONES } from '../emulator/seed-ids'
import { zonesModule } from '../emulator/zones'
import { createStore } from '../store'
import { mailText, startSmtp } from '../../testing/alert-receivers'
import { WRITE_HEADERS as W } from '../../testing/audit-app'
import { createModuleEmulator } from '../../testing/module-emulator'
import { testConfig } from '../../testing/server'
import type { ChangeRequestView } from '../../shared/schemas/change-requests'

/**
 * Change-request mail reaches the address a person was given on the People page or gave
 * themselves on their account page (and nobody else's), through a real SMTP server on loopback.
 */
const Z = SEED_ZONES.demo
const smtp = await startSmtp()
const store = createStore({ dataDir: ':memory:' })
const me = createModuleEmulator(emulatorModules.filter((m) => m !== zonesModule))
const emulator: Emulator = { ...me, reset: async () => {}, ready: Promise.resolve(), preparing: () => [] }
// Approvers hear of new requests after 50 ms rather than a minute.
const app = createApp({ config: testConfig(), emulator, store, watch: { smtpUrl: smtp.url, smtpFrom: 'zk@example.test' }, changeRequests: { mailGroupMs: 50 } })
afterAll(async () => {
  await smtp.close()
  await store.close()
  me.close()
})

const as: Record<string, Record<string, string>> = {}
const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, ...as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, result: ((await res.json()) as { result: T }).result }
}
const until = async (test: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (test()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('not in time')
}

let ritaId = ''
beforeAll(async () => {
  await addPerson(store, 'boss', 'admin')
  ritaId = (await addPerson(store, 'rita', 'editor', [Z.name])).person.id
  await addPerson(store, 'nomail', 'editor', [Z.name])
  for (const u of ['boss', 'rita', 'nomail']) as[u] = { cookie: await sessionCookie(app, u, `${u}-password-1`) }
})

describe('change-request mail and the person’s address', () => {
  it('goes to the address the approver gave themselves and the one an administrator gave the requester', async () => {
    expect((await call('boss', 'PUT', `/api/local/change-requests/zones/${Z.id}`, { required: true, approverMode: 'admins' })).status).toBe(200)
    // The approver's own (account page), the requester's by an administrator (People page).
    expect((await call('boss', 'PATCH', '/api/local/me', { email: ' Boss@Ops.Example ' })).status).toBe(200)
    expect((await call('boss', 'PATCH', `/api/local/people/${ritaId}`, { email: 'rita@example.test' })).status).toBe(200)

    const filed = await call<ChangeRequestView>('rita', 'POST', '/api/local/change-requests', {
      zoneId: Z.id,
      title: 'Add a note',
      reason: 'testing mail',
      items: [{ action: 'create', body: { type: 'TXT', name: 'mail-note', content: '"hello"', ttl: 300 } }],
    })
    expect(filed.status).toBe(200)
    await until(() => smtp.mails.some((m) => m.to.includes('Boss@ops.example')))
    const toApprover = smtp.mails.find((m) => m.to.includes('Boss@ops.example'))!
    expect(mailText(toApprover.raw)).toContain('Add a note')

    expect((await call('boss', 'POST', `/api/local/change-requests/${filed.result.id}/reject`, { comment: 'Not today.' })).status).toBe(200)
    await until(() => smtp.mails.some((m) => m.to.includes('rita@example.test')))
    const toRequester = smtp.mails.find((m) => m.to.includes('rita@example.test'))!
    expect(toRequester.raw).toMatch(/Subject: Your change request #\d+ on example\.com was rejected/)
    expect(mailText(toRequester.raw)).toContain('Not today.')
    // Nobody else was written to (the other editor has no address, and approves nothing).
    expect(smtp.mails.flatMap((m) => m.to).sort()).toEqual(['Boss@ops.example', 'rita@example.test'])
  })
})
