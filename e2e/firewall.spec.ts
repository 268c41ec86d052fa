import { expect, expectNoSeriousA11yViolations, openPage, resetSandbox, SEED_ZONES, test, zoneUrl } from './fixtures'

interface Rule {
  id: string
  description: string
}
const rulesApi = `/api/v4/zones/${SEED_ZONES.demo.id}/firewall/rules`

test.describe('firewall rules', () => {
  const firstRules = async (request: import('@playwright/test').APIRequestContext, n: number): Promise<Rule[]> =>
    ((await (await request.get(`${rulesApi}?per_page=25`)).json()) as { result: Rule[] }).result.slice(0, n)
  const total = async (request: import('@playwright/test').APIRequestContext) =>
    ((await (await request.get(`${rulesApi}?per_page=5`)).json()) as { result_info: { total_count: number } }).result_info.total_count

  // One page serves both deletes; each starts from the demo data's 120 rules.
  test('deletes a few rules, then a large selection, each after a confirmation', async ({ page, request }) => {
    // Two deletes with two accessibility sweeps: about 20 s on a quiet machine, twice that in CI.
    test.setTimeout(90_000)
    await resetSandbox(request)
    await test.step('deletes three rules at once after a confirmation that lists them', async () => {
      const three = await firstRules(request, 3)
      await openPage(page, zoneUrl('demo', 'firewall'))
      const table = page.getByRole('table', { name: `Firewall rules of ${SEED_ZONES.demo.name}` })
      for (const r of three) await table.getByRole('checkbox', { name: `Select ${r.description}` }).click()
      await expect(page.getByText('3 rules selected')).toBeVisible()
      await expectNoSeriousA11yViolations(page, 'firewall rules with a selection')
      await page.getByRole('button', { name: 'Delete 3 selected rules' }).click()

      const confirm = page.getByRole('dialog', { name: 'Delete 3 firewall rules?' })
      const listed = confirm.getByRole('list', { name: 'Rules that will be deleted' }).getByRole('listitem')
      await expect(listed).toHaveCount(3)
      for (const r of three) await expect(confirm.getByText(r.id)).toBeVisible()
      await expectNoSeriousA11yViolations(page, 'firewall delete confirmation')
      await confirm.getByRole('button', { name: 'Delete 3 rules' }).click()

      const progress = page.getByRole('dialog', { name: 'Deleting 3 firewall rules' })
      await expect(progress.getByText('3 done', { exact: true })).toBeVisible()
      await expect(progress.getByRole('list', { name: 'Result per item' }).getByText('Done')).toHaveCount(3)
      await progress.getByRole('button', { name: 'Close' }).last().click()

      expect(await total(request)).toBe(117)
      for (const r of three) expect((await request.get(`${rulesApi}/${r.id}`)).status()).toBe(404)
      await expect(table.getByRole('checkbox', { name: `Select ${three[0].description}` })).toHaveCount(0)
    })

    await resetSandbox(request)
    await test.step('a large selection goes out in URL-safe requests, can be cancelled, and reports each rule', async () => {
      const deletes: string[] = []
      // The first bulk request is held until Cancel has been clicked, so Cancel lands between requests
      // (for certain, and with no fixed wait); the rest go out unhindered.
      let cancelClicked!: () => void
      const afterCancel = new Promise<void>((r) => (cancelClicked = r))
      await page.route('**/firewall/rules?**', async (route) => {
        if (route.request().method() === 'DELETE') {
          deletes.push(route.request().url())
          await afterCancel
        }
        await route.continue()
      })
      await openPage(page, `${zoneUrl('demo', 'firewall')}?per_page=100`)
      const table = page.getByRole('table', { name: `Firewall rules of ${SEED_ZONES.demo.name}` })
      // The page's 100 rows first: a click on "select all" before they are in selects nothing.
      await expect(page.getByText('Showing 1–100 of 120 rules')).toBeVisible()
      await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check()
      await page.getByRole('button', { name: 'Select all 120 matching rules' }).click()
      await expect(page.getByText('120 rules selected')).toBeVisible()
      await page.getByRole('button', { name: 'Delete 120 selected rules' }).click()
      const confirm = page.getByRole('dialog', { name: 'Delete 120 firewall rules?' })
      await expect(confirm).toContainText('sent as 3 requests')
      await confirm.getByRole('button', { name: 'Delete 120 rules' }).click()

      const progress = page.getByRole('dialog', { name: 'Deleting 120 firewall rules' })
      await expect.poll(() => deletes.length).toBe(1)
      await progress.getByRole('button', { name: 'Cancel' }).click()
      cancelClicked()
      await expect(progress).toContainText('Finished:', { timeout: 10_000 })
      // Cancel stopped the requests after the one under way.
      expect(deletes).toHaveLength(1)
      const done = Number((await progress.getByText(/^\d+ done$/).first().textContent())!.split(' ')[0])
      expect(done).toBeGreaterThan(0)
      expect(done).toBeLessThan(120)
      await expect(progress.getByText(`${120 - done} skipped`, { exact: true })).toBeVisible()
      expect(await total(request)).toBe(120 - done)
      for (const url of deletes) expect(url.length).toBeLessThanOrEqual(2000)

      // Deleting what is left takes the remaining requests, each short.
      await progress.getByRole('button', { name: 'Close' }).last().click()
      await page.getByRole('button', { name: `Delete ${120 - done} selected rules` }).click()
      await page.getByRole('button', { name: `Delete ${120 - done} rules` }).click()
      await expect(page.getByRole('dialog', { name: `Deleting ${120 - done} firewall rules` })).toContainText(`Finished: ${120 - done} done`, { timeout: 15_000 })
      expect(await total(request)).toBe(0)
      expect(deletes.length).toBe(3)
      for (const url of deletes) expect(url.length).toBeLessThanOrEqual(2000)
    })
  })
})
