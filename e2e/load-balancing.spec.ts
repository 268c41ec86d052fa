import type { APIRequestContext } from '@playwright/test'
import { DEMO_ACCOUNT, expect, expectNoSeriousA11yViolations, openPage, resetSandbox, test } from './fixtures'

interface Pool {
  id: string
  name: string
  notification_email: string
}
interface Policy {
  id: string
  alert_type: string
  mechanisms: { email?: { id: string }[] }
  filters?: { pool_id?: string[]; new_health?: string[]; event_source?: string[] }
}
const acc = `/api/v4/accounts/${DEMO_ACCOUNT.id}`
/** Where the dashboard keeps the account's migration (its own store, not the browser). */
const migrationUrl = `/api/local/accounts/${DEMO_ACCOUNT.id}/lb-migration`
const addresses = (p: Pool) => p.notification_email.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean)

/** The pools list answers every pool at once, as the service does. */
async function allPools(request: APIRequestContext): Promise<Pool[]> {
  return ((await (await request.get(`${acc}/load_balancers/pools`)).json()) as { result: Pool[] }).result
}
const healthPolicies = async (request: APIRequestContext) =>
  ((await (await request.get(`${acc}/alerting/v3/policies`)).json()) as { result: Policy[] }).result.filter((p) => p.alert_type === 'load_balancing_health_alert')

/** Every pool ends with no legacy e-mail, and each former address has exactly one policy covering its pools. */
async function expectMigrated(request: APIRequestContext, before: Pool[]) {
  const after = await allPools(request)
  expect(after).toHaveLength(130)
  expect(after.filter((p) => p.notification_email !== '')).toEqual([])
  const policies = await healthPolicies(request)
  const expected = [...new Set(before.flatMap(addresses))].sort()
  expect(policies.map((p) => p.mechanisms.email?.[0].id).sort()).toEqual(expected)
  for (const address of expected) {
    const policy = policies.find((p) => p.mechanisms.email?.[0].id === address)!
    const pools = before.filter((p) => addresses(p).includes(address)).map((p) => p.id)
    expect([...policy.filters!.pool_id!].sort()).toEqual(pools.sort())
  }
}

test.describe('load balancing: legacy e-mail migration', () => {
  test.beforeEach(async ({ request }) => {
    await resetSandbox(request)
  })

  test('migrates all 130 pools of the seeded account, every page, policies first', async ({ page, request }) => {
    // Two axe sweeps around the migration: a long journey on a busy machine (90 s budget).
    test.slow()
    const before = await allPools(request)
    expect(before.filter((p) => p.notification_email).length).toBeGreaterThan(100)
    await openPage(page, '/load-balancing')
    const pools = page.getByRole('table', { name: `Load-balancer pools of ${DEMO_ACCOUNT.name}` })
    await expect(pools.getByRole('row').nth(1)).toContainText(before[0].name)
    await page.getByRole('button', { name: 'Plan the migration' }).click()
    await expect(page.getByRole('list', { name: 'Policies to create' }).getByRole('listitem')).toHaveCount(5)
    await expectNoSeriousA11yViolations(page, 'migration plan')
    await page.getByRole('button', { name: 'Create 5 policies and clear the old e-mails' }).click()
    await expect(page.getByText(/^Done: every legacy e-mail is cleared/)).toBeVisible({ timeout: 20_000 })
    await expectMigrated(request, before)
    // The policies list shows them, and the table no longer shows a legacy address.
    await expect(page.getByRole('list', { name: 'Notification policies' }).getByRole('listitem')).toHaveCount(6)
    await expect(pools.getByText('None').first()).toBeVisible()
    // The muted "None" and policy details stay readable in the dark theme too.
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expectNoSeriousA11yViolations(page, 'load balancing after the migration (dark)')

  })

  test('a migration interrupted by a reload resumes where it stopped', async ({ page, request }) => {
    // Deliberately slowed clearing, a reload and an axe sweep (90 s budget).
    test.slow()
    const before = await allPools(request)
    // Slow the clearing down so the reload lands between two pages.
    await page.route('**/load_balancers/pools?**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 700))
      await route.continue().catch(() => {})
    })
    await openPage(page, '/load-balancing')
    await page.getByRole('button', { name: 'Plan the migration' }).click()
    await page.getByRole('button', { name: 'Create 5 policies and clear the old e-mails' }).click()
    await expect(page.getByRole('list', { name: 'Migration log' })).toContainText('Page 1: cleared', { timeout: 15_000 })
    await page.reload()

    await expect(page.getByText('Paused. Resume to continue where it stopped.')).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'paused migration')
    const left = (await allPools(request)).filter((p) => p.notification_email !== '')
    expect(left.length).toBeGreaterThan(0)
    expect(await healthPolicies(request)).toHaveLength(5)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.getByRole('button', { name: 'Resume migration' }).click()
    await expect(page.getByText(/^Done: every legacy e-mail is cleared/)).toBeVisible({ timeout: 20_000 })
    await expectMigrated(request, before)
    // Done is remembered across a reload too, until dismissed.
    await page.reload()
    await expect(page.getByText(/^Done: every legacy e-mail is cleared/)).toBeVisible()
    await page.getByRole('button', { name: 'Dismiss' }).click()
    await expect(page.getByRole('button', { name: 'Plan the migration' })).toBeVisible()
    expect((await (await request.get(migrationUrl)).json()).result).toBeNull()
  })

  test('the progress is kept by the dashboard: a new browser resumes it, with each page\'s results', async ({ browser, baseURL, request }) => {
    // Deliberately slowed clearing, two browser contexts (90 s budget).
    test.slow()
    const before = await allPools(request)
    const first = await browser.newContext({ baseURL })
    const page = await first.newPage()
    await page.route('**/load_balancers/pools?**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 700))
      await route.continue().catch(() => {})
    })
    await openPage(page, '/load-balancing')
    await page.getByRole('button', { name: 'Plan the migration' }).click()
    await page.getByRole('button', { name: 'Create 5 policies and clear the old e-mails' }).click()
    await expect(page.getByRole('list', { name: 'Migration log' })).toContainText('Page 1: cleared', { timeout: 15_000 })
    // The first browser goes away mid-run: nothing of it is left on this machine's side.
    await first.close()
    const saved = (await (await request.get(migrationUrl)).json()).result as { state: { clearedPages: number[]; log: { type: string; names?: string[] }[] } }
    expect(saved.state.clearedPages).toContain(1)
    expect(saved.state.log.filter((e) => e.type === 'policy')).toHaveLength(5)
    const page1 = saved.state.log.find((e) => e.type === 'page-cleared')!
    expect(page1.names!.length).toBeGreaterThan(0)

    const second = await browser.newContext({ baseURL })
    const other = await second.newPage()
    await openPage(other, '/load-balancing')
    expect(await other.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('lb-migration')))).toEqual([])
    await expect(other.getByText('Paused. Resume to continue where it stopped.')).toBeVisible()
    // What the first browser did is shown here too: the policies and the pools page 1 cleared.
    const log = other.getByRole('list', { name: 'Migration log' })
    // Issue 29, item 10: the count is the pools whose e-mail was cleared (those named), not the page's size.
    await expect(log).toContainText(`Page 1: cleared ${page1.names!.length} pools`)
    await expect(log).toContainText(page1.names![0])
    // Every line is shown, all 5 policies included; the log scrolls by keyboard too.
    await expect(log.getByRole('listitem').filter({ hasText: /^(Created a policy|Found an existing policy) for / })).toHaveCount(5)
    const scroll = other.getByRole('region', { name: 'Migration log, every step' })
    await scroll.focus()
    await expect(scroll).toBeFocused()
    await other.getByRole('button', { name: 'Resume migration' }).click()
    await expect(other.getByText(/^Done: every legacy e-mail is cleared/)).toBeVisible({ timeout: 20_000 })
    await expectMigrated(request, before)
    await second.close()
  })

  test('a save made meanwhile elsewhere is never overwritten: the run stops and says who saved it', async ({ page, request }) => {
    // Deliberately slowed clearing (90 s budget).
    test.slow()
    await page.route('**/load_balancers/pools?**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 700))
      await route.continue().catch(() => {})
    })
    await openPage(page, '/load-balancing')
    await page.getByRole('button', { name: 'Plan the migration' }).click()
    await page.getByRole('button', { name: 'Create 5 policies and clear the old e-mails' }).click()
    await expect(page.getByRole('list', { name: 'Migration log' })).toContainText('Page 1: cleared', { timeout: 15_000 })
    // Another administrator (here: a script) saves the migration in between.
    const theirs = (await (await request.get(migrationUrl)).json()).result.state
    const put = await request.put(migrationUrl, { data: { ...theirs, warnings: ['Saved by the other browser'] }, headers: { 'X-Zonekeeper-Request': '1' } })
    expect(put.ok()).toBeTruthy()
    await expect(page.getByText(/This migration was saved meanwhile by Local administrator/)).toBeVisible({ timeout: 15_000 })
    const kept = (await (await request.get(migrationUrl)).json()).result.state
    expect(kept.warnings).toEqual(['Saved by the other browser'])
    // A reload shows the saved one, and resuming from it works.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.reload()
    await expect(page.getByText('Saved by the other browser')).toBeVisible()
    await page.getByRole('button', { name: 'Resume migration' }).click()
    await expect(page.getByText(/^Done: every legacy e-mail is cleared/)).toBeVisible({ timeout: 20_000 })
  })
})

// No sandbox reset first (it is what makes the journeys above long): the policy ids below never exist.
test('a finished migration kept by the dashboard is re-checked against the pools (after a sandbox reset)', async ({ page, request }) => {
  // What the dashboard kept from a finished run; the sandbox was reset since, so its policies are gone
  // and the pools have their legacy e-mails again.
  const done = {
    version: 1,
    accountId: DEMO_ACCOUNT.id,
    startedAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:05:00.000Z',
    options: { new_health: ['Unhealthy', 'Healthy'], event_source: ['pool', 'origin'] },
    pageSize: 25,
    totalPools: 130,
    groups: ['noc', 'oncall', 'payments-alerts', 'sre', 'web-team'].map((name, i) => ({
      address: `${name}@acme.example`,
      pools: [{ id: `p${i}`, name: `pool-${i}` }],
      policyId: `${i}`.repeat(32),
    })),
    step: 'done',
    clearedPages: [1, 2, 3, 4, 5, 6],
    blockedPages: [],
    warnings: [],
    log: [],
  }
  const put = await request.put(migrationUrl, { data: done, headers: { 'X-Zonekeeper-Request': '1' } })
  expect(put.ok(), await put.text()).toBeTruthy()
  await openPage(page, '/load-balancing')
  await expect(page.getByText(/no longer matches the account: 5 policies it created are gone/)).toBeVisible()
  await expect(page.getByText(/^Done: every legacy e-mail is cleared/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Plan the migration' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Plan the migration' })).toBeVisible()
  expect((await (await request.get(migrationUrl)).json()).result).toBeNull()
})
