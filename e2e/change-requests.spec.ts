import type { APIRequestContext, Page } from '@playwright/test'
import { mailText } from '../src/testing/alert-receivers'
import { cleanSignedInServer, expect, SEED_ZONES, signedInAdmin, signedInPerson, signedInTest as test, zoneUrl } from './fixtures'

/**
 * The change-request journeys: an editor proposes three changes on an approval zone, another editor approves
 * them after reading the diff and the impact, they land in one batch and can be undone; a stale
 * request, a rejected one and one whose batch fails; the requester's e-mail (a real SMTP server on
 * loopback); and a person outside the zone's scope who sees none of it. On the signed-in server
 * (fixtures.ts, its SMTP receiver), cleaned at the start.
 * One test whose steps were serial tests: each builds on the state the one before left.
 */
const Z = SEED_ZONES.demo
const W = { 'X-Zonekeeper-Request': '1' }
const PEOPLE = [
  { username: 'ed', display_name: 'Ed Editor', role: 'editor', zones: [Z.name], password: 'ed-password-12' },
  { username: 'erin', display_name: 'Erin Approver', role: 'editor', zones: [Z.name], password: 'erin-password-12' },
  { username: 'olga', display_name: 'Olga Outside', role: 'editor', zones: [SEED_ZONES.moved.name], password: 'olga-password-12' },
]
const pages: Record<string, Page> = {}
let admin: APIRequestContext
/** The first request this spec files (on example.com): another zone's editor must not reach it. */
let firstRequest = 0

type Rec = { id: string; name: string; type: string; content: string; proxied: boolean; ttl: number }
const records = async (): Promise<Rec[]> => ((await (await admin.get(`/api/v4/zones/${Z.id}/dns_records?per_page=500`)).json()) as { result: Rec[] }).result
const byName = async (name: string) => (await records()).find((r) => r.name === `${name}.${Z.name}`)

const file = async (page: Page, title: string, items: unknown[]) => {
  const res = await page.request.post('/api/local/change-requests', { headers: W, data: { zoneId: Z.id, title, reason: 'e2e', items } })
  expect(res.ok(), await res.text()).toBeTruthy()
  return ((await res.json()) as { result: { id: number } }).result.id
}

test('change requests: proposed, approved, stale, rejected, failed, out of scope', async ({ playwright, browser, baseURL, smtp }) => {
  test.setTimeout(240_000)
  await test.step('an administrator turns approval on for the zone; the people sign in', async () => {
    admin = await signedInAdmin(playwright, baseURL)
    await cleanSignedInServer(admin)
    for (const p of PEOPLE) {
      const res = await admin.post('/api/local/people', { data: p, headers: W })
      expect(res.ok(), await res.text()).toBeTruthy()
    }
    const ed = ((await (await admin.get('/api/local/people')).json()) as { result: { id: string; username: string }[] }).result.find((p) => p.username === 'ed')!
    expect((await admin.put(`/api/local/change-requests/people/${ed.id}`, { headers: W, data: { mayPropose: false, email: 'ed@example.test' } })).ok()).toBeTruthy()
    for (const [name, content, ttl] of [['cr-b', '192.0.2.2', 7200], ['cr-c', '192.0.2.3', 300]] as const) {
      expect((await admin.post(`/api/v4/zones/${Z.id}/dns_records`, { headers: W, data: { type: 'A', name, content, ttl, proxied: false } })).ok()).toBeTruthy()
    }
    // The switch on the zone overview, as an administrator uses it.
    const adminPage = await (await browser.newContext({ baseURL, storageState: await admin.storageState() })).newPage()
    await adminPage.goto(zoneUrl('demo'))
    await adminPage.getByRole('switch', { name: 'Changes need approval' }).click()
    await expect(adminPage.getByRole('switch', { name: 'Changes need approval' })).toBeChecked()
    await adminPage.getByLabel('Who approves').selectOption('editors')
    await expect.poll(async () => ((await (await admin.get(`/api/local/change-requests/zones/${Z.id}`)).json()) as { result: { approverMode: string } }).result.approverMode).toBe('editors')
    for (const p of PEOPLE) pages[p.username] = await signedInPerson(browser, baseURL!, p)
  })

  await test.step('an editor proposes three record changes and the zone is unchanged', async () => {
    const page = pages.ed
    const before = await records()
    await page.goto(zoneUrl('demo', 'dns'))
    const dialog = page.getByRole('dialog')
    await page.getByRole('button', { name: 'Add record' }).click()
    await dialog.getByLabel('Name').fill('cr-new')
    await dialog.getByLabel('IPv4 address').fill('192.0.2.90')
    await dialog.getByRole('button', { name: 'Propose change' }).click()
    await expect(dialog).toBeHidden()
    await page.getByLabel('Name contains').fill('cr-')
    await page.getByRole('button', { name: `Edit A record cr-b.${Z.name}` }).click()
    await dialog.getByLabel('IPv4 address').fill('192.0.2.92')
    await dialog.getByRole('button', { name: 'Propose change' }).click()
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: `Delete A record cr-c.${Z.name}` }).click()
    await page.getByRole('button', { name: 'Propose deletion' }).click()
    const tray = page.getByRole('region', { name: /3 changes in this request/ })
    await expect(tray).toBeVisible()
    await tray.getByLabel('Title').fill('Move cr-b, add cr-new, drop cr-c')
    await tray.getByLabel(/Reason/).fill('The new web server')
    await tray.getByRole('button', { name: 'Send for approval' }).click()
    await expect(page.getByRole('heading', { name: /Move cr-b, add cr-new, drop cr-c/ })).toBeVisible()
    await expect(page.getByText('waiting for approval')).toBeVisible()
    firstRequest = Number(/change-requests\/(\d+)/.exec(page.url())![1])
    expect(await records()).toEqual(before)
    // Direct writes are refused on this zone (the reason names proposing).
    const direct = await page.request.post(`/api/v4/zones/${Z.id}/dns_records`, { headers: W, data: { type: 'A', name: 'direct', content: '192.0.2.5', ttl: 300 } })
    expect(direct.status()).toBe(403)
    expect(await direct.text()).toContain('propose the change')
  })

  await test.step('the approver sees the diff and the impact, approves, and the three land in one batch; the requester gets the e-mail; undo restores the zone', async () => {
    const page = pages.erin
    await page.goto('/zones')
    await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel('1 waiting for your approval')).toBeVisible()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Change requests/ }).click()
    await page.getByRole('link', { name: /Move cr-b, add cr-new, drop cr-c/ }).click()
    await expect(page.getByRole('region', { name: `Added: A cr-new.${Z.name}` })).toBeVisible()
    const changed = page.getByRole('region', { name: `Changed: A cr-b.${Z.name}` })
    await expect(changed.getByRole('row', { name: 'content 192.0.2.2 192.0.2.92' })).toBeVisible()
    await expect(page.getByRole('region', { name: `Deleted: A cr-c.${Z.name}` })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Impact notes' })).toContainText(`A cr-b.${Z.name} has a TTL of 2 hours`)
    await page.getByRole('button', { name: 'Approve and apply' }).click()
    await expect(page.getByText(/Approved by Erin Approver and applied/)).toBeVisible()
    expect((await byName('cr-b'))?.content).toBe('192.0.2.92')
    expect(await byName('cr-new')).toBeTruthy()
    expect(await byName('cr-c')).toBeUndefined()
    const batch = ((await (await admin.get('/api/local/audit?action=batch')).json()) as { result: { username: string; label: string }[] }).result[0]
    expect(batch).toMatchObject({ username: 'erin', label: '3 records' })
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes('ed@example.test')).length).toBeGreaterThan(0)
    const mail = smtp.mails.find((m) => m.to.includes('ed@example.test'))!
    expect(mail.raw).toContain('was applied')
    expect(mailText(mail.raw)).toContain('Erin Approver (erin) approved it')

    await page.getByRole('button', { name: 'Undo this request' }).click()
    await expect(page.getByText(/applied, then undone/).first()).toBeVisible()
    expect((await byName('cr-b'))?.content).toBe('192.0.2.2')
    expect(await byName('cr-new')).toBeUndefined()
    expect((await byName('cr-c'))?.content).toBe('192.0.2.3')
  })

  await test.step('a request whose record was edited meanwhile is stale and cannot be applied', async () => {
    const b = (await byName('cr-b'))!
    const id = await file(pages.ed, 'Stale one', [{ action: 'update', recordId: b.id, body: { content: '192.0.2.55' } }])
    expect((await admin.patch(`/api/v4/zones/${Z.id}/dns_records/${b.id}`, { headers: W, data: { content: '192.0.2.66' } })).ok()).toBeTruthy()
    await pages.erin.goto(`/change-requests/${id}`)
    await expect(pages.erin.getByRole('alert').filter({ hasText: 'Stale' })).toContainText('content: "192.0.2.2" → "192.0.2.66"')
    await expect(pages.erin.getByRole('button', { name: 'Approve and apply' })).toHaveCount(0)
    expect((await pages.erin.request.post(`/api/local/change-requests/${id}/approve`, { headers: W })).status()).toBe(409)
    await pages.ed.goto(`/change-requests/${id}`)
    await expect(pages.ed.getByRole('button', { name: 'Refresh' })).toBeVisible()
    expect((await byName('cr-b'))?.content).toBe('192.0.2.66')
  })

  await test.step('a rejected request shows its comment to the requester', async () => {
    const id = await file(pages.ed, 'Please reject', [{ action: 'create', body: { type: 'TXT', name: 'nope', content: '"x"', ttl: 300 } }])
    await pages.erin.goto(`/change-requests/${id}`)
    await pages.erin.getByLabel(/Comment for the requester/).fill('Put this on the staging zone instead.')
    await pages.erin.getByRole('button', { name: 'Reject' }).click()
    await expect(pages.erin.getByText(/Rejected by Erin Approver/)).toBeVisible()
    await pages.ed.goto(`/change-requests/${id}`)
    await expect(pages.ed.getByRole('alert')).toContainText('Put this on the staging zone instead.')
  })

  await test.step('a request whose batch fails leaves the zone untouched and says why per item', async () => {
    const c = (await byName('cr-c'))!
    const id = await file(pages.ed, 'Will clash', [
      { action: 'update', recordId: c.id, body: { content: '192.0.2.33' } },
      { action: 'create', body: { type: 'CNAME', name: 'clash', content: `cr-c.${Z.name}`, ttl: 300 } },
    ])
    expect((await admin.post(`/api/v4/zones/${Z.id}/dns_records`, { headers: W, data: { type: 'A', name: 'clash', content: '192.0.2.7', ttl: 300 } })).ok()).toBeTruthy()
    await pages.erin.goto(`/change-requests/${id}`)
    await expect(pages.erin.getByRole('list', { name: 'Impact notes' })).toContainText(`A CNAME at clash.${Z.name}`)
    await pages.erin.getByRole('button', { name: 'Approve and apply' }).click()
    const why = pages.erin.getByRole('list', { name: 'Why it failed' })
    await expect(why).toContainText('CNAME clash')
    expect((await byName('cr-c'))?.content).toBe('192.0.2.3')
  })

  await test.step('a person outside the zone\'s scope sees none of it', async () => {
    const page = pages.olga
    await page.goto('/change-requests')
    for (const tab of ['To approve', 'My requests', 'All on my zones']) {
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('link', { name: /#\d+/ })).toHaveCount(0)
    }
    await expect(page.getByRole('navigation', { name: 'Main' }).getByLabel(/waiting for your approval/)).toHaveCount(0)
    expect((await page.request.get(`/api/local/change-requests/${firstRequest}`)).status()).toBe(404)
  })

  await test.step('a viewer allowed to propose gets Propose change in the DNS form', async () => {
    const vic = { username: 'vic', display_name: 'Vic Viewer', role: 'viewer', zones: [Z.name], password: 'vic-password-12' }
    expect((await admin.post('/api/local/people', { data: vic, headers: W })).ok()).toBeTruthy()
    const id = ((await (await admin.get('/api/local/people')).json()) as { result: { id: string; username: string }[] }).result.find((p) => p.username === 'vic')!.id
    expect((await admin.put(`/api/local/change-requests/people/${id}`, { headers: W, data: { mayPropose: true, email: null } })).ok()).toBeTruthy()
    const page = await signedInPerson(browser, baseURL!, vic)
    await page.goto(zoneUrl('demo', 'dns'))
    await expect(page.getByText(`Changes to ${Z.name} need approval`)).toBeVisible()
    await page.getByRole('button', { name: 'Add record' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill('from-vic')
    await dialog.getByLabel('IPv4 address').fill('192.0.2.44')
    await dialog.getByRole('button', { name: 'Propose change' }).click()
    await expect(page.getByRole('region', { name: /1 change in this request/ })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Import BIND file' })).toHaveCount(0)
  })
})
