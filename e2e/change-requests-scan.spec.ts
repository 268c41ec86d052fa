import type { APIRequestContext } from '@playwright/test'
import { cleanSignedInServer, expect, SEED_ZONES, signedInAdmin, signedInTest as test, signInFirstTime, zoneUrl } from './fixtures'

/**
 * Proposing from the DNS scan's review, at 1440 px: on an approval zone an editor starts a
 * scan, ticks two found records and proposes accepting them; the zone and the scan's list are
 * unchanged; an administrator approves; the records are in the zone and no longer wait for review.
 * On the signed-in server (fixtures.ts), cleaned at the start.
 */
test.use({ viewport: { width: 1440, height: 900 } })
test.describe.configure({ timeout: 120_000 })

// The zone waiting for its name servers: the sandbox's scan finds the five usual records there.
const Z = SEED_ZONES.pending
const W = { 'X-Zonekeeper-Request': '1' }
const ED = { username: 'ed', display_name: 'Ed Editor', role: 'editor', zones: [Z.name], password: 'ed-password-12' }

type Rec = { id: string; name: string; type: string; content: string }
const list = async (admin: APIRequestContext, path: string): Promise<Rec[]> => ((await (await admin.get(path)).json()) as { result: Rec[] }).result

test('an editor proposes accepting two found records; an administrator approves; the records are in the zone', async ({ browser, playwright, baseURL }) => {
  const admin = await signedInAdmin(playwright, baseURL)
  await cleanSignedInServer(admin)
  expect((await admin.post('/api/local/people', { data: ED, headers: W })).ok()).toBeTruthy()
  expect((await admin.put(`/api/local/change-requests/zones/${Z.id}`, { headers: W, data: { required: true, approverMode: 'admins' } })).ok()).toBeTruthy()
  const records = () => list(admin, `/api/v4/zones/${Z.id}/dns_records?per_page=500`)
  const found = () => list(admin, `/api/v4/zones/${Z.id}/dns_records/scan/review`)

  // The editor signs in (choosing their own password first).
  const page = await signInFirstTime(browser, baseURL!, ED, { width: 1440, height: 900 })

  const before = await records()
  await page.goto(zoneUrl('pending', 'dns'))
  await expect(page.getByText(`Changes to ${Z.name} need approval`)).toBeVisible()
  await page.getByRole('button', { name: 'Scan for records' }).click()
  const scan = page.getByRole('dialog', { name: 'Scan for records' })
  await expect(scan).toContainText('nothing is added until someone else approves it')
  await scan.getByRole('button', { name: 'Start the scan' }).click()
  const table = scan.getByRole('table', { name: 'Records found by the scan' })
  await expect(table.locator('tbody tr')).toHaveCount(5)
  await scan.getByRole('checkbox', { name: `Select A record ftp.${Z.name}` }).check()
  await scan.getByRole('checkbox', { name: `Select A record mail.${Z.name}` }).check()
  await scan.getByRole('button', { name: 'Propose accepting selected (2)' }).click()
  for (const name of ['ftp', 'mail']) await expect(table.getByRole('row', { name: `Select A record ${name}.${Z.name}` })).toContainText('Proposed: accept')
  await expect(table.getByRole('row', { name: `Select MX record ${Z.name}` })).not.toContainText('Proposed')
  await scan.getByRole('button', { name: 'Close' }).last().click()
  // Nothing written: the zone and the scan's list are as they were.
  expect(await records()).toEqual(before)
  const waiting = await found()
  expect(waiting).toHaveLength(5)

  const tray = page.getByRole('region', { name: /2 changes in this request/ })
  await expect(tray.getByRole('list', { name: 'Changes in this request' })).toContainText(`Accept A ftp.${Z.name} (found by the scan)`)
  await tray.getByLabel('Title').fill('Records the scan found')
  await tray.getByLabel(/Reason/).fill('ftp and mail answer in public DNS')
  await tray.getByRole('button', { name: 'Send for approval' }).click()
  await expect(page.getByRole('heading', { name: /Records the scan found/ })).toBeVisible()
  const id = Number(/change-requests\/(\d+)/.exec(page.url())![1])
  // The editor's direct accept stays refused.
  const ftp = waiting.find((r) => r.name === `ftp.${Z.name}`)!
  expect((await page.request.post(`/api/v4/zones/${Z.id}/dns_records/scan/review`, { headers: W, data: { accepts: [{ id: ftp.id }] } })).status()).toBe(403)
  expect(await records()).toEqual(before)

  // The administrator reads the diff and approves.
  const adminPage = await (await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, storageState: await admin.storageState() })).newPage()
  await adminPage.goto(`/change-requests/${id}`)
  await expect(adminPage.getByRole('region', { name: `Added: A ftp.${Z.name} (found by the scan)` })).toBeVisible()
  await expect(adminPage.getByRole('region', { name: `Added: A mail.${Z.name} (found by the scan)` })).toBeVisible()
  await adminPage.getByRole('button', { name: 'Approve and apply' }).click()
  await expect(adminPage.getByText(/Approved by .* and applied/)).toBeVisible()

  const after = await records()
  for (const name of ['ftp', 'mail']) {
    const was = waiting.find((r) => r.type === 'A' && r.name === `${name}.${Z.name}`)!
    expect(after.some((r) => r.type === 'A' && r.name === was.name && r.content === was.content)).toBe(true)
  }
  expect(after).toHaveLength(before.length + 2)
  // Accepted through the scan's review: they no longer wait there; the other three do.
  expect((await found()).map((r) => r.name).sort()).toEqual([`_dmarc.${Z.name}`, `autodiscover.${Z.name}`, Z.name].sort())
})
