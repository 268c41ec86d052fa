import type { Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, openPage, SEED_ZONES, test, zoneUrl } from './fixtures'

/** A card (section) found by its heading. */
const card = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) })

const demo = SEED_ZONES.demo

test.describe('certificates', () => {
  // One browser context for every check (each was a test of its own): the overview, an active pack,
  // the pending one, the timed-out one (restarted, dark scheme), then the overview again with a
  // proxied name no certificate covers. The restart comes after every check that reads the pack as timed out.
  test('certificates: verdict, packs of each status, restarting validation, expiring packs and uncovered names', async ({ page, request }) => {
    // Quiet, about 20 s (two full axe runs); CI is twice as slow.
    test.setTimeout(90_000)
    await openPage(page, zoneUrl('demo', 'certificates'))
    await test.step('leads with one plain verdict, defines "certificate pack" and orders the checks by need', async () => {
      const verdict = page.getByRole('region', { name: 'Verdict' })
      await expect(verdict).toContainText(/^Visitors get a valid certificate on all \d+ proxied names\./)
      await expect(verdict.getByRole('list', { name: 'What to do' })).toContainText(`legacy.${demo.name}: the certificate expires in`)
      await expect(page.getByText(/A certificate pack is a set of certificates/)).toBeVisible()
      // Packs waiting on the person come before the coverage check that is fine.
      const titles = await page.locator('section h2').allTextContents()
      expect(titles.indexOf('Needs your action')).toBeLessThan(titles.indexOf('Coverage'))
      expect(titles.indexOf('Expiring within 30 days')).toBeLessThan(titles.indexOf('Coverage'))
    })
    await test.step('an active pack lists each certificate with issuer, signature, dates and priority', async () => {
      await page.getByRole('table', { name: `Certificate packs of ${demo.name}` }).getByRole('link', { name: `${demo.name}, *.${demo.name}`, exact: true }).click()
      const certs = page.getByRole('listitem', { name: /^Certificate / })
      await expect(certs).toHaveCount(2)
      await expect(certs.first()).toContainText('GoogleTrustServices')
      await expect(certs.first()).toContainText('ubiquitous')
      await expect(certs.first()).toContainText('Primary certificate')
      await expect(page.getByText(/in 5[45] days/).first()).toBeVisible()
      await page.goBack()
      await expect(page.getByRole('region', { name: 'Verdict' })).toBeVisible()
    })
    await test.step('open a pending certificate and read what it needs', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible()
      const table = page.getByRole('table', { name: `Certificate packs of ${demo.name}` })
      // The API's default: active packs only, so the pending pack is not in the table yet…
      await expect(table.getByRole('link', { name: `${demo.name}, *.eu.${demo.name}` })).toBeVisible()
      await expect(table.getByRole('link', { name: `${demo.name}, *.shop.${demo.name}` })).toHaveCount(0)

      // …until the status filter asks for every status; the filter lives in the URL.
      await page.getByLabel('Status').selectOption('all')
      await expect(page).toHaveURL(/status=all/)
      await expect(table.getByText('Validation timed out')).toBeVisible()
      await table.getByRole('link', { name: `${demo.name}, *.shop.${demo.name}` }).click()

      await expect(page).toHaveURL(new RegExp(`${zoneUrl('demo', 'certificates')}/[0-9a-f-]{36}$`))
      await expect(page.getByRole('heading', { level: 1, name: `${demo.name}, *.shop.${demo.name}` })).toBeVisible()
      await expect(page.getByText('The certificate authority is waiting for proof that you control these host names.')).toBeVisible()
      await expect(page.getByText(/Publish the validation records listed for this pack/)).toBeVisible()

      // The records to publish are the API's, shown name and value.
      const packs = await request.get(`/api/v4/zones/${demo.id}/ssl/certificate_packs?status=all`)
      const pending = (await packs.json()).result.find((p: { status: string }) => p.status === 'pending_validation')
      const records = page.getByRole('list', { name: 'Validation records' })
      for (const r of pending.validation_records) {
        await expect(records.getByText(r.txt_name, { exact: true })).toBeVisible()
        await expect(records.getByText(r.txt_value, { exact: true })).toBeVisible()
      }
      await expect(page.getByText('Validation method: DNS TXT record.', { exact: false })).toBeVisible()
      // The TXT records can be added here: the step links to this zone's DNS records.
      await expect(records.getByRole('link', { name: 'DNS records' }).first()).toHaveAttribute('href', zoneUrl('demo', 'dns'))
      // Its certificate is listed, not issued yet.
      await expect(page.getByRole('listitem', { name: /Certificate ECDSAWithSHA256/ }).getByText('Not issued yet')).toBeVisible()
    })
    await test.step('a timed-out pack says what to fix and restarts validation from here', async () => {
      // Back to the list of every status, in the dark scheme (switched in place, as the app follows it).
      await page.goBack()
      await expect(page).toHaveURL(/status=all/)
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect(page.locator('html')).toHaveClass(/dark/)
      const table = page.getByRole('table', { name: `Certificate packs of ${demo.name}` })
      await expect(table.getByText('Validation timed out')).toBeVisible()
      await expectNoSeriousA11yViolations(page, 'certificate packs, all statuses (dark)')
      await table.getByRole('link', { name: `${demo.name}, status.${demo.name}` }).click()
      const status = page.locator('section', { has: page.getByRole('heading', { name: /^Status/ }) })
      await expect(status).toContainText('then restart validation for this pack with the button below')
      await expect(status).not.toContainText('This dashboard only shows certificate packs')
      await expect(status.getByRole('note')).toContainText('could not fetch')
      await expectNoSeriousA11yViolations(page, 'timed-out certificate pack (dark)')
      await status.getByRole('button', { name: 'Restart validation' }).click()
      await expect(page.getByText('Validation restarted')).toBeVisible()
      await expect(status.getByText('Pending validation')).toBeVisible()
      await expect(status.getByRole('button', { name: 'Restart validation' })).toHaveCount(0)
      await expect(status.getByRole('note')).toHaveCount(0)
    })
    await test.step('lists packs expiring within 30 days and proxied names no active pack covers', async () => {
      // A proxied name two labels below the zone: *.example.com does not cover it.
      const created = await request.post(`/api/v4/zones/${demo.id}/dns_records`, {
        headers: { 'X-Zonekeeper-Request': '1' },
        data: { type: 'A', name: 'deep.api', content: '198.51.100.77', proxied: true, ttl: 1 },
      })
      expect(created.ok(), await created.text()).toBeTruthy()
      const recordId = (await created.json()).result.id
      try {
        await openPage(page, zoneUrl('demo', 'certificates'))
        const expiring = card(page, 'Expiring within 30 days')
        await expect(expiring.getByRole('link', { name: `legacy.${demo.name}` })).toBeVisible()
        await expect(expiring.getByText(/in 1[12] days/)).toBeVisible()
        await expect(page.getByRole('region', { name: 'Verdict' })).toContainText(/Visitors get a certificate warning on 1 proxied name of \d+/)
        expect((await page.locator('section h2').allTextContents())[0]).toBe('Coverage')
        const missing = page.getByRole('list', { name: 'Proxied names not covered' })
        await expect(missing.getByText(`deep.api.${demo.name}`, { exact: true })).toBeVisible()
        await expect(missing.getByText(`www.${demo.name}`, { exact: true })).toHaveCount(0)
        const action = card(page, 'Needs your action')
        // (The timed-out pack was restarted in the step above: both are pending validation now.)
        await expect(action.getByText('Pending validation').first()).toBeVisible()
        await expect(action.getByRole('listitem')).toHaveCount(2)
      } finally {
        await request.delete(`/api/v4/zones/${demo.id}/dns_records/${recordId}`, { headers: { 'X-Zonekeeper-Request': '1' } })
      }
    })
  })
})
