import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, openPage, resetSandbox, SEED_ZONES, test, zoneUrl } from './fixtures'

/**
 * The DNS scan in the page, as people expected it. An editor scans, reviews the records
 * found (type, name, content), rejects one, accepts the rest at once, and sees the result of each.
 */
const zone = SEED_ZONES.pending
const WRITE = { 'X-Zonekeeper-Request': '1' }
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Scan for records' })

test.describe('DNS scan', () => {
  test.beforeAll(async ({ request }) => resetSandbox(request))
  test.afterAll(async ({ request }) => resetSandbox(request))

  test('scan, review the found records, reject one, accept all, with a result per record', async ({ page, request }) => {
    // Quiet, about 10 s (an axe run included); CI took 21 s, too near the default 30 s.
    test.setTimeout(60_000)
    await openPage(page, zoneUrl('pending', 'dns'))
    await page.getByRole('button', { name: 'Scan for records' }).click()
    const scan = dialog(page)
    await expect(scan).toContainText('Nothing is added until you accept it.')
    await scan.getByRole('button', { name: 'Start the scan' }).click()
    const found = scan.getByRole('table', { name: 'Records found by the scan' })
    await expect(scan.getByRole('status').filter({ hasText: 'Scan started' })).toContainText('Found so far: 5 records to review.')
    await expect(found.locator('tbody tr')).toHaveCount(5)
    const row = (type: string, name: string) => found.locator('tbody tr').filter({ has: page.getByRole('cell', { name: type, exact: true }) }).filter({ hasText: name })
    await expect(row('MX', zone.name)).toContainText(`10 mail.${zone.name}`)
    await expect(row('TXT', `_dmarc.${zone.name}`)).toContainText('v=DMARC1; p=none')
    await expectNoSeriousA11yViolations(page, 'the scan review')

    // One by keyboard: reject the DMARC record; focus goes on to the next record to decide.
    await scan.getByRole('button', { name: `Reject TXT record _dmarc.${zone.name}` }).focus()
    await page.keyboard.press('Enter')
    await expect(row('TXT', `_dmarc.${zone.name}`)).toContainText('Rejected')
    await expect(scan.getByRole('button', { name: /^Accept (A|MX|CNAME) record / }).first()).toBeFocused()

    // Meanwhile an address is added at the autodiscover name: the found CNAME can no longer go there.
    const clash = await request.post(`/api/v4/zones/${zone.id}/dns_records`, { headers: WRITE, data: { type: 'A', name: 'autodiscover', content: '192.0.2.60' } })
    expect(clash.ok(), await clash.text()).toBeTruthy()

    await scan.getByRole('button', { name: 'Accept all (4)' }).click()
    await expect(scan.getByRole('status', { name: 'Review result' })).toHaveText('3 added to the zone, 0 rejected, 1 not done (see each record).')
    await expect(row('A', `ftp.${zone.name}`)).toContainText('Added to the zone')
    await expect(row('MX', zone.name)).toContainText('Added to the zone')
    await expect(row('CNAME', `autodiscover.${zone.name}`)).toContainText('Not added:')
    // The refused one can still be decided: reject it.
    await scan.getByRole('button', { name: `Reject CNAME record autodiscover.${zone.name}` }).click()
    await expect(row('CNAME', `autodiscover.${zone.name}`)).toContainText('Rejected')
    await expect(scan.getByRole('button', { name: 'Accept all (0)' })).toBeDisabled()
    await scan.getByRole('button', { name: 'Close' }).first().click()
    await expect(scan).toBeHidden()
    await expect(page.getByRole('button', { name: 'Scan for records' })).toBeFocused()

    // The accepted records are in the zone; nothing is left to review; each review is in the audit log.
    const table = page.getByRole('table', { name: /^DNS records of / })
    await expect(table).toContainText(`ftp.${zone.name}`)
    await expect(table).toContainText(`mail.${zone.name}`)
    const left = (await (await request.get(`/api/v4/zones/${zone.id}/dns_records/scan/review`)).json()) as { result: unknown[] }
    expect(left.result).toEqual([])
    const audit = (await (await request.get('/api/local/audit?action=scan-review')).json()) as { result: { outcome: string }[] }
    expect(audit.result.map((e) => e.outcome)).toContain('success')
    expect(audit.result.map((e) => e.outcome)).toContain('failure')
  })
})
