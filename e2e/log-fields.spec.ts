import type { Page } from '@playwright/test'
import { expect, openPage, resetSandbox, SEED_ZONES, test, zoneUrl } from './fixtures'

const demo = SEED_ZONES.demo

/** Types into one of the three custom-field lists and presses Enter. */
async function addTo(page: Page, list: 'Request headers' | 'Response headers' | 'Cookies', text: string) {
  const box = page.getByRole('textbox', { name: list, exact: true })
  await box.fill(text)
  await box.press('Enter')
}
const chips = (page: Page, list: string) => page.getByRole('list', { name: `${list}: added` })

test.describe('log custom fields and log jobs', () => {
  // These tests change the demo data; start from (and leave) the seed for the other specs of this worker.
  test.beforeAll(async ({ request }) => resetSandbox(request))
  test.afterAll(async ({ request }) => resetSandbox(request))

  test('configure headers and a cookie, save, create a log job, and see the custom fields included', async ({ page, request }) => {
    // One journey through two screens and a delete (about 15 s on a quiet machine, twice that in CI).
    test.setTimeout(90_000)
    await openPage(page, zoneUrl('demo', 'logs'))
    await expect(page.getByRole('heading', { level: 1, name: 'Log fields' })).toBeVisible()
    await expect(page.getByText('Technical name: the http_log_custom_fields entry-point ruleset.')).toBeVisible()
    await page.getByRole('button', { name: 'Create the list of custom fields' }).click()

    // Header names are lower-cased as typed, and the page says why.
    const requestBox = page.getByRole('textbox', { name: 'Request headers', exact: true })
    await requestBox.fill('X-Request-ID')
    await expect(requestBox).toHaveValue('x-request-id')
    await expect(page.getByText('header names are logged in lower case', { exact: false })).toBeVisible()
    await requestBox.press('Enter')
    await addTo(page, 'Request headers', 'x-forwarded-proto')
    await addTo(page, 'Response headers', 'x-cache-status')
    // Cookie names keep their case.
    await addTo(page, 'Cookies', 'SessionID')
    await expect(chips(page, 'Request headers').getByRole('listitem')).toHaveText(['x-request-id×', 'x-forwarded-proto×'])
    await expect(chips(page, 'Cookies').getByText('SessionID', { exact: true })).toBeVisible()
    await expect(page.getByText('4 of 40 · 36 left')).toBeVisible()

    await page.getByRole('button', { name: 'Review and save' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save custom fields?' })
    await expect(dialog.getByText(/Saving replaces every rule of the ruleset/)).toBeVisible()
    await expect(dialog.getByRole('row', { name: /Cookies/ })).toContainText('SessionID')
    await dialog.getByRole('button', { name: 'Replace rules and save' }).click()
    await expect(page.getByText('Custom fields saved')).toBeVisible()
    await expect(page.getByText('No unsaved changes.')).toBeVisible()

    // The seeded job 146 lacks the custom-field objects: the consistency check says so.
    const flagged = page.getByRole('list', { name: 'Log jobs that drop custom fields' })
    await expect(flagged.getByText('example.com-http-requests (job 146)', { exact: true })).toBeVisible()

    // Create the job: an s3 destination needs the ownership challenge first.
    await page.getByRole('link', { name: 'Log jobs' }).click()
    await page.getByRole('link', { name: 'Create log job' }).first().click()
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('example.com-custom-fields')
    const destination = 's3://acme-logs/custom/{DATE}?region=us-east-1'
    // The step shows as soon as the address is storage, before any submit; its button waits for a complete address.
    await page.getByRole('textbox', { name: /Destination/ }).fill('s3://')
    const step = page.getByRole('region', { name: 'Before you create the job: prove that you own this destination' })
    await expect(step).toBeVisible()
    await expect(step.getByRole('button', { name: 'Request ownership challenge' })).toBeDisabled()
    await page.getByRole('textbox', { name: /Destination/ }).fill(destination)
    await expect(page.getByLabel('Request that produces the ownership challenge')).toContainText(`POST /client/v4/zones/${demo.id}/logpush/ownership`)
    await step.getByRole('button', { name: 'Request ownership challenge' }).click()
    const status = step.getByRole('status')
    await expect(status).toContainText('Sandbox: no file was written')
    await expect(status).not.toContainText('The service wrote')
    const token = await status.getByLabel('Challenge token').textContent()
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    await status.getByRole('button', { name: 'Fill in the token' }).click()
    await expect(page.getByRole('textbox', { name: 'Ownership token' })).toHaveValue(token!)
    await page.getByRole('button', { name: 'Check token' }).click()
    await expect(page.getByText('Token valid')).toBeVisible()

    await expect(page.getByLabel('Timestamp format')).toHaveValue('rfc3339')
    for (const f of ['RayID', 'EdgeStartTimestamp', 'RequestHeaders', 'ResponseHeaders', 'Cookies']) {
      await expect(page.getByRole('checkbox', { name: new RegExp(`^${f}\\b`) })).toBeChecked()
    }
    await expect(page.getByText('Carries your custom request headers: x-request-id, x-forwarded-proto')).toBeVisible()
    await page.getByRole('checkbox', { name: /^ClientIP\b/ }).check()
    await page.getByRole('button', { name: 'Create log job' }).click()

    await expect(page.getByText('Log job created')).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`${zoneUrl('demo', 'logs')}/jobs$`))
    const row = page.getByRole('row', { name: /example\.com-custom-fields/ })
    await expect(row.getByText('Included')).toBeVisible()
    await expect(row).toContainText('RequestHeaders')

    const jobs = (await (await request.get(`/api/v4/zones/${demo.id}/logpush/jobs`)).json()).result
    const created = jobs.find((j: { name: string }) => j.name === 'example.com-custom-fields')
    expect(created.output_options).toMatchObject({
      timestamp_format: 'rfc3339',
      field_names: ['RayID', 'EdgeStartTimestamp', 'RequestHeaders', 'ResponseHeaders', 'Cookies', 'ClientIP'],
    })

    // One click fixes the seeded job that would drop them.
    const old = page.getByRole('row', { name: /example\.com-http-requests/ })
    await old.getByRole('button', { name: /Add RequestHeaders, ResponseHeaders, Cookies/ }).click()
    await expect(old.getByText('Included')).toBeVisible()

    // On the same list of jobs. (Refusing Range, duplicates and a 41st field, said at the field:
    // src/features/log-fields/components/custom-fields-editor.screen.test.tsx.)
    await test.step('delete a log job after confirming', async () => {
      const row = page.getByRole('row', { name: /example\.com-datadog/ })
      await row.getByRole('button', { name: /Delete/ }).click()
      const dialog = page.getByRole('dialog', { name: /Delete example\.com-datadog \(job 147\)\?/ })
      await expect(dialog.getByText(/header_DD-API-KEY=•••/)).toBeVisible()
      await dialog.getByRole('button', { name: 'Delete job' }).click()
      await expect(page.getByText('example.com-datadog (job 147) deleted')).toBeVisible()
      await expect(page.getByRole('row', { name: /example\.com-datadog/ })).toHaveCount(0)
      expect((await request.get(`/api/v4/zones/${demo.id}/logpush/jobs/147`)).status()).toBe(404)
    })
  })
})
