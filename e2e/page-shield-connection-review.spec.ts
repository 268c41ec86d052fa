import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, openPage, test, zoneUrl } from './fixtures'

// A reviewer records a verdict on a connection, sees it in the list and in the ledger
// CSV; when threat feeds start reporting the connection's host (the sandbox's simulated activity), it
// is "Changed since review" in the list's exact filter.
const connections = zoneUrl('demo', 'page-shield/connections')
const table = (page: Page) => page.getByRole('table', { name: 'Detected connections' })

test.describe('page security: verdicts on connections', () => {
  test('record a verdict, see it in the list and the ledger CSV, then "Changed since review" after the host is reported', async ({ page }) => {
    test.setTimeout(90_000)
    await openPage(page, `${connections}?review=new`)
    const status = page.getByRole('status').filter({ hasText: /match(es)? these filters/ })
    await expect(status).toContainText(/[\d,]+ connections? match(es)? these filters/)
    const never = Number((await page.getByRole('button', { name: /^Never reviewed \(\d+\)$/ }).textContent())!.match(/\((\d+)\)/)![1])

    await table(page).getByRole('row').nth(1).getByRole('link').first().click()
    await expect(page.getByRole('heading', { name: 'Connection details' })).toBeVisible()
    const connectionId = page.url().split('/').pop()!
    await expect(page.getByText('Nobody has reviewed this connection yet.')).toBeVisible()
    await page.getByRole('button', { name: 'Mark as expected' }).click()
    const dialog = page.getByRole('dialog', { name: 'Review this connection' })
    const url = (await dialog.locator('p.font-mono').textContent())!.trim()
    await dialog.getByLabel('Note').fill('Payment provider API, contract on file')
    await dialog.getByRole('button', { name: 'Save review' }).click()
    await expect(dialog).toBeHidden()
    const history = page.getByRole('list', { name: 'Review history, newest first' }).getByRole('listitem')
    await expect(history.first()).toContainText('Expected — Local administrator') // the signed-in person, not a typed name

    // In the list (back to the view it was opened from; a new verdict brings fresh counts): one fewer
    // never reviewed, and the verdict in its column.
    await page.getByRole('link', { name: '← Connections' }).click()
    await expect(page).toHaveURL(/review=new/)
    await expect(page.getByRole('button', { name: `Never reviewed (${never - 1})` })).toBeVisible()
    const host = new URL(/^https?:\/\//.test(url) ? url : `https://${url}`).hostname
    await openPage(page, `${connections}?status=all&hosts=${encodeURIComponent(host)}`)
    const row = table(page).getByRole('row').filter({ has: page.locator(`a[href$="${connectionId}"]`) })
    await expect(row.getByText('Expected').filter({ visible: true })).toBeVisible()

    // The ledger CSV holds the connection's row, marked as a connection.
    await page.getByRole('navigation', { name: 'Page security' }).getByRole('link', { name: 'Review ledger' }).click()
    await expect(page.getByRole('table', { name: 'Latest review of each connection' })).toContainText('Payment provider API')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()])
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\r\n')
    expect(lines[0].startsWith('kind,')).toBe(true)
    const line = lines.find((l) => l.includes(connectionId))!
    expect(line.startsWith('connection,')).toBe(true)
    expect(line).toContain('Local administrator,expected,"Payment provider API, contract on file"')
    expect(line).toContain(url)

    // The sandbox: threat feeds start (or stop) reporting the host of the connection reviewed last.
    await page.getByRole('navigation', { name: 'Page security' }).getByRole('link', { name: 'Overview' }).click()
    const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Simulate activity (sandbox)' }) })
    await card.getByLabel('What happens').selectOption('connection-reported')
    await card.getByRole('button', { name: 'Simulate activity' }).click()
    await expect(page.getByText('Activity simulated')).toBeVisible()

    await openPage(page, `${connections}?review=changed`)
    await page.getByRole('button', { name: 'Read the whole list again' }).click()
    await expect(page.getByRole('button', { name: 'Changed since review (1)' })).toBeVisible()
    await expect(table(page).getByRole('row')).toHaveCount(2)
    await expect(row.getByText('Changed since review').filter({ visible: true })).toBeVisible()
    await row.getByRole('link').first().click()
    await expect(page.getByText(/Since the last review, threat feeds (now|no longer) report its domain/)).toBeVisible()
  })
})
