import { beforeAll, describe, expect, it } from 'vitest'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { SEED_ZONES } from '../emulator/seed-ids'
import { runPeopleCommand } from '../people/cli'
import { auditTestApp, WRITE_HEADERS as W } from '../../testing/audit-app'
import type { ChangeRequestDetail, ChangeRequestView } from '../../shared/schemas/change-requests'

/** Change approval from the command line: what `npm run people -- approval …` sets is what the server enforces. */
const Z = SEED_ZONES.demo
// Every emulator module and a store, in memory, closed after the file.
const { app, store } = auditTestApp()
const as: Record<string, string> = {}

const run = async (...argv: string[]) => {
  const lines: string[] = []
  await runPeopleCommand(argv, store, (l) => lines.push(l))
  return lines.join('\n')
}
const call = async <T = unknown>(who: string, method: string, path: string, body?: unknown) => {
  const res = await app.request(path, { method, headers: { ...W, cookie: as[who] }, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: res.status, result: ((await res.json()) as { result: T }).result }
}

beforeAll(async () => {
  await addPerson(store, 'ed', 'editor', [Z.name])
  await addPerson(store, 'erin', 'editor', [Z.name])
  await addPerson(store, 'eli', 'editor', [Z.name])
  await addPerson(store, 'vic', 'viewer', [Z.name])
  await addPerson(store, 'adm', 'admin')
  for (const u of ['ed', 'erin', 'eli', 'vic']) as[u] = await sessionCookie(app, u, `${u}-password-1`)
})

describe('npm run people -- approval', () => {
  it('refuses bad input with plain words', async () => {
    await expect(run('approval')).rejects.toThrow(/Name the zone/)
    await expect(run('approval', 'not a zone', '--on')).rejects.toThrow(/not a zone name/)
    await expect(run('approval', Z.name, '--on')).rejects.toThrow(/give its id once with --zone-id/)
    await expect(run('approval', Z.name, '--zone-id', 'xyz', '--on')).rejects.toThrow(/32 hexadecimal/)
    await expect(run('approval', Z.name, '--zone-id', Z.id, '--on', '--off')).rejects.toThrow(/Either --on or --off/)
    await expect(run('approval', Z.name, '--zone-id', Z.id, '--on', '--approvers', 'vic')).rejects.toThrow(/vic is a viewer: an approver needs the editor role/)
    await expect(run('approval', Z.name, '--zone-id', Z.id, '--on', '--approvers', 'nobody')).rejects.toThrow(/Nobody is called nobody/)
    await expect(run('may-propose', 'vic', 'maybe')).rejects.toThrow(/on or off/)
    await expect(run('may-propose', 'vic', 'on', '--email', 'not-mail')).rejects.toThrow(/not an e-mail address/)
    expect((await store.changeRequests.zone(Z.id)).required).toBe(false)
  })

  it('marks a zone, names its approver, and the server enforces exactly that', async () => {
    expect(await run('approval', Z.name, '--zone-id', Z.id, '--on', '--approvers', 'erin')).toBe(
      `${Z.name} (${Z.id}): changes need approval; approvers: administrators and erin`,
    )
    // Later the name is enough; a wrong id is refused.
    expect(await run('approval', Z.name)).toMatch(/changes need approval; approvers: administrators and erin/)
    await expect(run('approval', Z.name, '--zone-id', 'f'.repeat(32), '--off')).rejects.toThrow(/has the id/)
    expect(await run('approvals')).toBe(`${Z.name} (${Z.id}): changes need approval; approvers: administrators and erin`)

    // An editor's direct write is refused; their proposal is approved by erin, not by eli.
    expect((await call('ed', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'A', name: 'cli-direct', content: '192.0.2.5', ttl: 300 })).status).toBe(403)
    const filed = await call<ChangeRequestView>('ed', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: 'From the CLI test', items: [{ action: 'create', body: { type: 'A', name: 'cli', content: '192.0.2.5', ttl: 300 } }] })
    expect(filed.status).toBe(200)
    expect((await call<ChangeRequestDetail>('eli', 'GET', `/api/local/change-requests/${filed.result.id}`)).result.mayApprove).toBe(false)
    expect((await call('eli', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).status).toBe(403)
    expect((await call<ChangeRequestView>('erin', 'POST', `/api/local/change-requests/${filed.result.id}/approve`)).result.status).toBe('applied')

    // Every editor, then off: the editor writes directly again.
    expect(await run('approval', Z.name, '--approvers', 'editors')).toMatch(/approvers: administrators and every editor of the zone$/)
    expect(await run('approval', Z.name, '--off')).toMatch(/changes do not need approval/)
    expect((await call('ed', 'POST', `/api/v4/zones/${Z.id}/dns_records`, { type: 'A', name: 'cli-direct', content: '192.0.2.5', ttl: 300 })).status).toBe(200)
  })

  it('lets a viewer propose with may-propose on', async () => {
    await run('approval', Z.name, '--on')
    const propose = () => call('vic', 'POST', '/api/local/change-requests', { zoneId: Z.id, title: 'Viewer', items: [{ action: 'create', body: { type: 'TXT', name: 'vic', content: '"x"', ttl: 300 } }] })
    expect((await propose()).status).toBe(403)
    expect(await run('may-propose', 'vic', 'on', '--email', 'vic@example.test')).toBe('vic may propose changes; change-request e-mail goes to vic@example.test.')
    expect((await propose()).status).toBe(200)
    expect(await run('may-propose', 'vic', 'off')).toBe('vic may not propose changes; change-request e-mail goes to vic@example.test.')
    expect((await propose()).status).toBe(403)
  })
})
