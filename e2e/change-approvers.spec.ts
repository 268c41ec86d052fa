import type { APIRequestContext, Page } from '@playwright/test'
import { cleanSignedInServer, expect, SEED_ZONES, signedInAdmin, signedInPerson, signedInTest as test, zoneUrl } from './fixtures'

/**
 * Change approval: an administrator sets who approves and who may propose on the People page
 * (keyboard, a phone's 390 px without sideways scrolling); the requester is told what needs them (a
 * badge and a list); and a newcomer plays both sides alone in practice. On the signed-in server
 * (fixtures.ts), cleaned at the start: it needs no setting of its own, and a server of its own cost a
 * worker switch (browser and server start). One test whose steps were serial tests: each builds on the
 * state the one before left.
 */

const Z = SEED_ZONES.demo
const W = { 'X-Zonekeeper-Request': '1' }
const PEOPLE = [
  { username: 'erin', display_name: 'Erin Approver', role: 'editor', zones: [Z.name], password: 'erin-password-12' },
  { username: 'ed', display_name: 'Ed Editor', role: 'editor', zones: [Z.name], password: 'ed-password-123' },
  { username: 'vic', display_name: 'Vic Viewer', role: 'viewer', zones: [Z.name], password: 'vic-password-12' },
  { username: 'nina', display_name: 'Nina Newcomer', role: 'viewer', zones: [Z.name], password: 'nina-password-12' },
]
const pages: Record<string, Page> = {}
let admin: APIRequestContext
let adminPage: Page
let vicRequest = 0

const zoneSettings = async () => ((await (await admin.get(`/api/local/change-requests/zones/${Z.id}`)).json()) as { result: { required: boolean; approverMode: string; approverIds: string[] } }).result
const personId = async (username: string) => ((await (await admin.get('/api/local/people')).json()) as { result: { id: string; username: string }[] }).result.find((p) => p.username === username)!.id
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

test("approvers, the requester's badge, and a newcomer practising both sides", async ({ playwright, browser, baseURL }) => {
  test.setTimeout(240_000)
  await test.step('on the People page, at 390 px and by keyboard, an administrator marks the zone, names its approver and lets a viewer propose', async () => {
    admin = await signedInAdmin(playwright, baseURL)
    await cleanSignedInServer(admin)
    for (const p of PEOPLE) expect((await admin.post('/api/local/people', { data: p, headers: W })).ok()).toBeTruthy()
    adminPage = await (await browser.newContext({ baseURL, storageState: await admin.storageState(), viewport: { width: 390, height: 844 } })).newPage()
    const page = adminPage
    await page.goto('/people')
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Change approval' }) })
    await expect(card.getByText('No zone needs approval yet.')).toBeVisible()
    await card.getByLabel('Add a zone').fill('example.c')
    await card.getByRole('button', { name: `Add ${Z.name}` }).click()
    // The switch by keyboard: focus it, Space.
    const sw = card.getByRole('switch', { name: `Changes need approval on ${Z.name}` })
    await sw.focus()
    await page.keyboard.press('Space')
    await expect(sw).toBeChecked()
    await expect.poll(async () => (await zoneSettings()).required).toBe(true)
    await card.getByLabel(`Who approves on ${Z.name}`).selectOption('named')
    const approvers = card.getByRole('group', { name: `Approvers on ${Z.name}` })
    await expect(approvers.getByRole('checkbox')).toHaveCount(2) // the zone's two editors; viewers are not offered
    await approvers.getByRole('checkbox', { name: 'Erin Approver (erin)' }).focus()
    await page.keyboard.press('Space')
    await expect(approvers.getByRole('checkbox', { name: 'Erin Approver (erin)' })).toBeChecked()
    const erinId = await personId('erin')
    await expect.poll(async () => await zoneSettings()).toMatchObject({ required: true, approverMode: 'named', approverIds: [erinId] })
    // The viewer's "may propose" switch, in their row; an editor's row has none (they propose anyway).
    await expect(page.getByRole('switch', { name: 'ed may propose changes' })).toHaveCount(0)
    const vicSwitch = page.getByRole('switch', { name: 'vic may propose changes' })
    await vicSwitch.focus()
    await page.keyboard.press('Enter')
    await expect(vicSwitch).toBeChecked()
    const vicId = await personId('vic')
    await expect
      .poll(async () => ((await (await admin.get('/api/local/change-requests/people')).json()) as { result: { personId: string; mayPropose: boolean }[] }).result.find((x) => x.personId === vicId)?.mayPropose)
      .toBe(true)
    expect(await noSidewaysScroll(page)).toBe(true)
    // The zone overview shows the same setting.
    await page.goto(zoneUrl('demo'))
    await expect(page.getByRole('switch', { name: 'Changes need approval' })).toBeChecked()
    await expect(page.getByLabel('Who approves')).toHaveValue('named')
    for (const p of PEOPLE) pages[p.username] = await signedInPerson(browser, baseURL!, p)
  })

  await test.step('the viewer proposes; only the named approver may decide; a rejection shows on the viewer\'s badge and list', async () => {
    const res = await pages.vic.request.post('/api/local/change-requests', { headers: W, data: { zoneId: Z.id, title: 'Add a shop address', reason: 'New shop', items: [{ action: 'create', body: { type: 'A', name: 'vic-shop', content: '192.0.2.61', ttl: 300 } }] } })
    expect(res.ok(), await res.text()).toBeTruthy()
    vicRequest = ((await res.json()) as { result: { id: number } }).result.id
    // Ed edits the zone but is not named: no decision for him.
    await pages.ed.goto(`/change-requests/${vicRequest}`)
    await expect(pages.ed.getByRole('heading', { name: /Add a shop address/ })).toBeVisible()
    await expect(pages.ed.getByRole('button', { name: 'Approve and apply' })).toHaveCount(0)
    await expect(pages.ed.getByRole('button', { name: 'Reject' })).toHaveCount(0)
    // Erin is named: she rejects with a comment.
    const erin = pages.erin
    await erin.goto(`/change-requests/${vicRequest}`)
    await erin.getByLabel(/Comment for the requester/).fill('Use shop-2, shop is taken.')
    await erin.getByRole('button', { name: 'Reject' }).click()
    await expect(erin.getByText(/Rejected by Erin Approver/)).toBeVisible()
    // Vic: a badge in the navigation, and the request in "Your requests that need you".
    const vic = pages.vic
    await vic.goto('/zones')
    const nav = vic.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: /Change requests.*1 of your requests need you/ })).toBeVisible()
    await nav.getByRole('link', { name: /Change requests/ }).click()
    const attention = vic.getByRole('list', { name: 'Your requests that need you' })
    await expect(attention.getByRole('listitem')).toHaveCount(1)
    await expect(attention).toContainText('Rejected: read the comment')
    await attention.getByRole('link', { name: /Add a shop address/ }).click()
    await expect(vic.getByText('Use shop-2, shop is taken.')).toBeVisible()
    // Done with it: the badge and the list let it go.
    await vic.getByRole('button', { name: 'Done with it: take it off my list' }).click()
    await expect(vic.getByRole('button', { name: 'Done with it: take it off my list' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: /Change requests/ })).not.toContainText('need you')
    await nav.getByRole('link', { name: /Change requests/ }).click()
    await expect(vic.getByRole('list', { name: 'Your requests that need you' })).toHaveCount(0)
  })

  await test.step('in practice, a newcomer turns approval on for their copy, proposes from the DNS page and approves it alone', async () => {
    const page = pages.nina
    // Live, a viewer has nothing to propose (no switch for her) and cannot approve.
    expect((await page.request.post('/api/local/practice', { headers: W, data: { practice: true } })).ok()).toBeTruthy()
    await page.goto(zoneUrl('demo'))
    await expect(page.getByText('Practice: this setting is for your own copy')).toBeVisible()
    const sw = page.getByRole('switch', { name: 'Changes need approval' })
    await expect(sw).not.toBeChecked() // the live zone needs approval; her copy's does not, yet
    await sw.click()
    await expect(sw).toBeChecked()
    await page.goto(zoneUrl('demo', 'dns'))
    await page.getByRole('button', { name: 'Add record' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill('nina-practice')
    await dialog.getByLabel('IPv4 address').fill('192.0.2.70')
    await dialog.getByRole('button', { name: 'Propose change' }).click()
    await expect(dialog).toBeHidden()
    const tray = page.getByRole('region', { name: /1 change in this request/ })
    await tray.getByLabel('Title').fill('My first request')
    await tray.getByRole('button', { name: 'Send for approval' }).click()
    await expect(page.getByRole('heading', { name: /My first request/ })).toBeVisible()
    await page.getByRole('button', { name: 'Approve and apply' }).click()
    await expect(page.getByText(/Approved by Nina Newcomer and applied/)).toBeVisible()
    // The record is in her copy, not in the zone everyone shares; nobody else sees the request.
    const inCopy = ((await (await page.request.get(`/api/v4/zones/${Z.id}/dns_records?name=nina-practice.${Z.name}`)).json()) as { result: unknown[] }).result
    expect(inCopy).toHaveLength(1)
    const shared = ((await (await admin.get(`/api/v4/zones/${Z.id}/dns_records?name=nina-practice.${Z.name}`)).json()) as { result: unknown[] }).result
    expect(shared).toHaveLength(0)
    const erinSees = ((await (await pages.erin.request.get('/api/local/change-requests')).json()) as { result: { title: string }[] }).result
    expect(erinSees.map((r) => r.title)).not.toContain('My first request')
    // Her practice entries in the audit log say practice.
    const entries = ((await (await page.request.get('/api/local/audit?area=change-requests')).json()) as { result: { mode: string; action: string }[] }).result
    expect(entries.map((e) => e.action).sort()).toEqual(['apply', 'approve', 'file', 'update'])
    expect(entries.every((e) => e.mode === 'practice')).toBe(true)
  })
})
