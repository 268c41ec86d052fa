import type { APIRequestContext, Page } from '@playwright/test'
import { cleanSignedInServer, expect, SEED_ZONES, signedInAdmin, signedInPerson, signedInTest as test, zoneUrl } from './fixtures'

/**
 * Proposing from the other places: the DNS bulk actions, the zone-file import and the
 * page-security policy editor. Each journey: an editor proposes on an approval zone, the zone is
 * unchanged, an approver approves, the change lands; for policies also a refused item and the
 * "partly applied" result per change, then its undo (only what landed). On the signed-in server
 * (fixtures.ts), cleaned at the start.
 * One test whose steps were serial tests: each builds on the state the one before left.
 */
const Z = SEED_ZONES.demo
const W = { 'X-Zonekeeper-Request': '1' }
const PEOPLE = [
  { username: 'ed', display_name: 'Ed Editor', role: 'editor', zones: [Z.name], password: 'ed-password-12' },
  { username: 'erin', display_name: 'Erin Approver', role: 'editor', zones: [Z.name], password: 'erin-password-12' },
]
const pages: Record<string, Page> = {}
let admin: APIRequestContext

type Rec = { id: string; name: string; type: string; content: string }
type Policy = { id: string; description: string; enabled: boolean }
const records = async (): Promise<Rec[]> => ((await (await admin.get(`/api/v4/zones/${Z.id}/dns_records?per_page=500`)).json()) as { result: Rec[] }).result
const byName = async (name: string) => (await records()).find((r) => r.name === `${name}.${Z.name}`)
const policies = async (): Promise<Policy[]> => ((await (await admin.get(`/api/v4/zones/${Z.id}/page_shield/policies`)).json()) as { result: Policy[] }).result


/** The editor sends the gathered request; returns its id (the page moves to it). */
async function send(page: Page, count: RegExp, title: string): Promise<number> {
  const tray = page.getByRole('region', { name: count })
  await expect(tray).toBeVisible()
  await tray.getByLabel('Title').fill(title)
  await tray.getByLabel(/Reason/).fill('e2e')
  await tray.getByRole('button', { name: 'Send for approval' }).click()
  await expect(page.getByRole('heading', { name: new RegExp(title) })).toBeVisible()
  await expect(page.getByText('waiting for approval')).toBeVisible()
  return Number(/change-requests\/(\d+)/.exec(page.url())![1])
}

async function approve(id: number) {
  const page = pages.erin
  await page.goto(`/change-requests/${id}`)
  await page.getByRole('button', { name: 'Approve and apply' }).click()
}

test('proposing from the bulk actions, the zone-file import and the policy editor', async ({ playwright, browser, baseURL }) => {
  test.setTimeout(240_000)
  await test.step('an administrator turns approval on for the zone; the people sign in', async () => {
    admin = await signedInAdmin(playwright, baseURL)
    await cleanSignedInServer(admin)
    for (const p of PEOPLE) expect((await admin.post('/api/local/people', { data: p, headers: W })).ok()).toBeTruthy()
    for (const n of [1, 2, 3]) {
      expect((await admin.post(`/api/v4/zones/${Z.id}/dns_records`, { headers: W, data: { type: 'A', name: `pb-${n}`, content: `192.0.2.${40 + n}`, ttl: 300, proxied: false } })).ok()).toBeTruthy()
    }
    expect((await admin.put(`/api/local/change-requests/zones/${Z.id}`, { headers: W, data: { required: true, approverMode: 'editors' } })).ok()).toBeTruthy()
    for (const p of PEOPLE) pages[p.username] = await signedInPerson(browser, baseURL!, p)
  })

  await test.step('bulk delete and bulk proxy status become one proposal; the zone is unchanged until approved, then lands in one batch', async () => {
    const page = pages.ed
    const before = await records()
    await page.goto(zoneUrl('demo', 'dns'))
    await page.getByLabel('Name contains').fill('pb-')
    const rows = page.getByRole('table', { name: /^DNS records of / }).locator('tbody tr')
    await expect(rows).toHaveCount(3)
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
    await page.getByRole('button', { name: 'Propose deleting selected (3)' }).click()
    const confirm = page.getByRole('dialog')
    await expect(confirm).toContainText('Nothing is deleted until someone else approves the request')
    await confirm.getByRole('button', { name: 'Propose deleting 3 records' }).click()
    await expect(page.getByRole('region', { name: /3 changes in this request/ })).toBeVisible()
    // The bulk proxy change on one of them replaces its deletion in the request (one change per record).
    await rows.filter({ hasText: `pb-3.${Z.name}` }).getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Propose proxy status (1)' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Propose setting 1 record to Proxied' }).click()
    expect(await records()).toEqual(before)
    const id = await send(page, /3 changes in this request/, 'Retire pb-1 and pb-2, proxy pb-3')
    // Direct bulk writes stay refused for the editor.
    expect((await page.request.post(`/api/v4/zones/${Z.id}/dns_records/batch`, { headers: W, data: { deletes: [{ id: before[0].id }] } })).status()).toBe(403)
    expect(await records()).toEqual(before)

    await approve(id)
    await expect(pages.erin.getByText(/Approved by Erin Approver and applied/)).toBeVisible()
    expect(await byName('pb-1')).toBeUndefined()
    expect(await byName('pb-2')).toBeUndefined()
    expect(((await byName('pb-3')) as Rec & { proxied: boolean }).proxied).toBe(true)
    const batch = ((await (await admin.get('/api/local/audit?action=batch')).json()) as { result: { username: string; label: string }[] }).result[0]
    expect(batch).toMatchObject({ username: 'erin', label: '3 records' })
  })

  await test.step('a zone-file import becomes one proposed record per line; approved, the records land', async () => {
    const page = pages.ed
    const before = await records()
    await page.goto(zoneUrl('demo', 'dns'))
    await page.getByRole('button', { name: 'Propose from a BIND file' }).click()
    const dialog = page.getByRole('dialog')
    const zone = `$ORIGIN ${Z.name}.\n$TTL 900\nzf-web IN A 192.0.2.61\nzf-mail IN MX 10 zf-web\nzf-bad IN A 300.1.1.1\n`
    await dialog.getByLabel('Zone file').setInputFiles({ name: 'zone.txt', mimeType: 'text/plain', buffer: Buffer.from(zone) })
    await dialog.getByRole('button', { name: 'Propose these records' }).click()
    await expect(dialog.getByRole('status')).toContainText('2 records added to your change request; 1 line refused')
    await expect(dialog.getByRole('list', { name: 'Refused lines and why' })).toContainText('Line 5')
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    expect(await records()).toEqual(before)
    const id = await send(page, /2 changes in this request/, 'Records from the old provider')

    await pages.erin.goto(`/change-requests/${id}`)
    await expect(pages.erin.getByRole('region', { name: `Added: A zf-web.${Z.name}` })).toBeVisible()
    await expect(pages.erin.getByRole('region', { name: `Added: MX zf-mail.${Z.name}` })).toBeVisible()
    await approve(id)
    await expect(pages.erin.getByText(/Approved by Erin Approver and applied/)).toBeVisible()
    expect((await byName('zf-web'))?.content).toBe('192.0.2.61')
    expect((await byName('zf-mail'))?.content).toBe(`zf-web.${Z.name}`)
  })

  await test.step('the policy editor proposes; the approver reads the draft check\'s note and approves; a refused item says so per change', async () => {
    const page = pages.ed
    const count = (await policies()).length
    await page.goto(zoneUrl('demo', 'page-shield/policies/new'))
    await expect(page.getByText(/need approval: saving adds this policy to your change request/)).toBeVisible()
    await page.getByLabel('Description').fill('Lock every page to self')
    await page.getByRole('radio', { name: /Allow: browsers block/ }).check()
    await page.getByRole('button', { name: 'Propose change' }).click()
    await expect(page.getByRole('heading', { name: 'Policies', exact: true })).toBeVisible()
    expect((await policies()).length).toBe(count)
    const id = await send(page, /1 change in this request/, 'Lock scripts down')

    await pages.erin.goto(`/change-requests/${id}`)
    await expect(pages.erin.getByRole('region', { name: 'Added: Policy: Lock every page to self' })).toBeVisible()
    await expect(pages.erin.getByRole('list', { name: 'Impact notes' })).toContainText(/Policy: Lock every page to self would block \d+ scripts? .*now seen on the zone/)
    await approve(id)
    await expect(pages.erin.getByText(/Approved by Erin Approver and applied/)).toBeVisible()
    const made = (await policies()).find((p) => p.description === 'Lock every page to self')!
    expect(made.enabled).toBe(true)

    // Deleted, then switched off: the second is refused (the policy is gone), after the first landed.
    const res = await page.request.post('/api/local/change-requests', {
      headers: W,
      data: {
        zoneId: Z.id,
        title: 'Drop it, then switch it off',
        reason: 'e2e',
        items: [
          { kind: 'page_shield_policy', action: 'delete', recordId: made.id },
          { kind: 'page_shield_policy', action: 'update', recordId: made.id, body: { enabled: false } },
        ],
      },
    })
    expect(res.ok(), await res.text()).toBeTruthy()
    const second = ((await res.json()) as { result: { id: number } }).result.id
    await approve(second)
    const banner = pages.erin.getByRole('alert').filter({ hasText: 'Partly applied: approved by' })
    await expect(banner).toBeVisible()
    await expect(pages.erin.getByText('partly applied', { exact: true })).toBeVisible()
    const results = banner.getByRole('list', { name: 'Result per change' })
    await expect(results.getByRole('listitem').first()).toContainText('applied: deleted Policy: Lock every page to self')
    await expect(results.getByRole('listitem').nth(1)).toContainText(/failed: changed Policy: Lock every page to self \(.*not found/)
    expect((await policies()).some((p) => p.description === 'Lock every page to self')).toBe(false)

    // Undo this request: only what landed (the delete) is undone, through its audit entry; the policy is back.
    await banner.getByRole('button', { name: 'Undo this request' }).click()
    const undone = pages.erin.getByRole('status').filter({ hasText: /Approved by Erin Approver and applied on .*, then undone/ })
    await expect(undone).toBeVisible()
    await expect(pages.erin.getByText('applied, then undone', { exact: true })).toBeVisible()
    const after = undone.getByRole('list', { name: 'Result per change' })
    await expect(after.getByRole('listitem').first()).toContainText('applied: deleted Policy: Lock every page to self; then undone')
    await expect(after.getByRole('listitem').nth(1)).toContainText(/failed: changed Policy: Lock every page to self/)
    await expect(undone.getByRole('button', { name: 'Undo this request' })).toHaveCount(0)
    expect((await policies()).filter((p) => p.description === 'Lock every page to self').map((p) => p.enabled)).toEqual([true])
  })
})
