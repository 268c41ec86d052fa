import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { generate } from 'otplib'
import { SEED_ZONES } from '../src/server/emulator/seed-ids'
import { expect, pageAs, passwordOf, test } from './audit-fixtures'
import { expectNoSeriousA11yViolations } from './fixtures'

/**
 * An administrator on a 390 px phone. Rows are cards (name, key values and
 * actions together), nothing is reachable only sideways, host names wrap at their dots, and the
 * sticky top bar is one short row. (On its own server with people: the People page needs them.)
 */
const ZONE = SEED_ZONES.demo.id
const WRITE = { 'X-Zonekeeper-Request': '1' }
const LONG = 'averyveryverylonglabelname.staging-environment.eu-west-1.example.com'

async function phone(page: Page, path: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(path)
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible()
}

/** On screen once scrolled to vertically: never beyond the phone's right edge. */
async function expectWithinWidth(el: Locator) {
  // Retried as a whole: a list that re-renders (a refetch landing) replaces the element between the
  // scroll and the measurement.
  await expect(async () => {
    await el.scrollIntoViewIfNeeded({ timeout: 2_000 })
    const box = await el.boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  }).toPass({ timeout: 7_000 })
}

async function expectNoSideways(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
}

/** Every line of the element's text after the first starts right after a dot, comma, slash or hyphen: no word is cut. */
async function expectBreaksAtDots(el: Locator) {
  const lines = await el.evaluate((node) => {
    const text = node.textContent ?? ''
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
    const starts: number[] = []
    let offset = 0
    let lastTop: number | undefined
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      for (let i = 0; i < (t.textContent ?? '').length; i++) {
        const range = document.createRange()
        range.setStart(t, i)
        range.setEnd(t, i + 1)
        const top = Math.round(range.getBoundingClientRect().top)
        if (lastTop !== undefined && top > lastTop + 2) starts.push(offset + i)
        lastTop = top
      }
      offset += (t.textContent ?? '').length
    }
    return { text, before: starts.map((s) => text[s - 1]) }
  })
  expect(lines.before.length, `"${lines.text}" should wrap on a 390 px phone`).toBeGreaterThan(0)
  for (const c of lines.before) expect(['.', ',', '/', '-']).toContain(c)
}

/*
 * One test for the phone, each former test a step under its old title (the 390 px checks of the former
 * narrow.spec.ts included): the administrator's steps share one signed-in browser instead of a context
 * and a sign-in each.
 */
test('an administrator on a phone (390 px)', async ({ browser, baseURL }) => {
  // About 15 page loads, three axe sweeps, four browsers: ~45 s on a quiet machine.
  test.setTimeout(180_000)
  const page = await pageAs(browser, baseURL!, 'adm')

  await test.step('DNS: each record is a card with its name, values and actions together; long names wrap at dots', async () => {
    const made = await page.request.post(`/api/v4/zones/${ZONE}/dns_records`, {
      headers: WRITE,
      data: {
        type: 'A',
        name: LONG,
        content: '192.0.2.77',
        ttl: 300,
        proxied: false,
        comment: 'A long comment that, at desktop width, sits far to the right of the name',
      },
    })
    expect(made.ok(), await made.text()).toBeTruthy()
    await phone(page, `/zones/${ZONE}/dns?name.contains=eu-west-1`)
    const del = page.getByRole('button', { name: `Delete A record ${LONG}` })
    await expectWithinWidth(del)
    const card = page.getByRole('listitem').filter({ has: del })
    await expect(card).toHaveCount(1)
    await expect(card).toContainText(LONG)
    await expect(card).toContainText('192.0.2.77')
    await expect(card).toContainText('A long comment')
    await expectWithinWidth(card.getByRole('button', { name: `Edit A record ${LONG}` }))
    await expect(card.getByRole('switch', { name: new RegExp(`^Proxy ${LONG.replaceAll('.', '\\.')}`) })).toBeVisible()
    await expectBreaksAtDots(card.getByText(LONG, { exact: true }))
    await expectNoSideways(page)

    // The whole zone: every record's Delete is in the card that names it, nothing sticks out sideways.
    await page.goto(`/zones/${ZONE}/dns`)
    const deletes = page.getByRole('button', { name: /^Delete [A-Z]+ record / })
    await expect(deletes.first()).toBeVisible()
    // For each Delete, the list item (card) around it names the record it deletes.
    const pairs = await deletes.evaluateAll((buttons) =>
      buttons.map((b) => ({
        name: (b.getAttribute('aria-label') ?? '').replace(/^Delete [A-Z]+ record /, ''),
        card: b.closest('li')?.textContent ?? '',
      })),
    )
    expect(pairs.length).toBeGreaterThan(10)
    for (const { name, card } of pairs) expect(card).toContain(name)
    await expectNoSideways(page)
    // The sticky top bar is one row: the page gets the rest of the screen.
    await page.mouse.wheel(0, 1500)
    const bar = (await page.locator('header').first().boundingBox())!
    expect(bar.height).toBeLessThanOrEqual(64)
    // Sorting without column headers.
    await page.getByLabel('Sort by').selectOption({ label: 'Name, descending' })
    await expect(page).toHaveURL(/order=name/)
    await expect(page).toHaveURL(/direction=desc/)
    // The axe run on this page at 390 px is a11y-matrix.spec.ts's ("…/dns at 390 px, light and dark").
  })

  await test.step('DNS filters fold behind a "Filters" button that counts the active ones', async () => {
    // The same DNS page at 390 px (formerly narrow.spec.ts, on a fresh load of it).
    const filters = page.getByRole('button', { name: /^Filters/ })
    await expect(filters).toBeVisible()
    await expect(filters).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByLabel('Type', { exact: true })).toBeHidden()
    // On a phone the records are cards.
    await expect(page.getByRole('list', { name: /DNS records/ }).getByRole('listitem').first()).toBeVisible()
    await filters.click()
    await page.getByLabel('Type', { exact: true }).selectOption('A')
    await expect(page).toHaveURL(/type=A/)
    await page.getByRole('button', { name: 'Hide filters (1 active)' }).click()
    await expect(page.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible()
    await expect(page.getByLabel('Type', { exact: true })).toBeHidden()
  })

  await test.step("the controls under the top bar are in a landmark; a record's History list is reached by Tab (axe)", async () => {
    await phone(page, `/zones/${ZONE}/dns?name.contains=eu-west-1`)
    await expect(page.getByRole('region', { name: 'Mode, display and account' }).getByRole('button', { name: 'Sign out' })).toBeVisible()
    // axe's "region" rule (a best practice, not a WCAG rule, so not in expectNoSeriousA11yViolations): nothing outside a landmark.
    const outside = await new AxeBuilder({ page }).withRules(['region']).setLegacyMode().analyze()
    expect(outside.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([])
    await page.getByRole('button', { name: `History of A record ${LONG}` }).click()
    const dialog = page.getByRole('dialog', { name: `History of A record ${LONG}` })
    const list = dialog.getByRole('region', { name: `Changes to A record ${LONG}` })
    await expect(list.getByRole('listitem').first()).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).focus()
    await page.keyboard.press('Tab')
    await expect(list).toBeFocused()
    await expectNoSeriousA11yViolations(page, 'History dialog at 390 px')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  await test.step('Audit log: each entry is a card with what was done, by whom, and its Details', async () => {
    const made = await page.request.post(`/api/v4/zones/${ZONE}/dns_records`, {
      headers: WRITE,
      data: { type: 'A', name: `audit-${LONG}`, content: '192.0.2.78', ttl: 300, proxied: false },
    })
    expect(made.ok()).toBeTruthy()
    await phone(page, '/audit')
    const card = page
      .getByRole('listitem')
      .filter({ hasText: `audit-${LONG}` })
      .first()
    await expect(card).toBeVisible()
    await expectWithinWidth(card.getByRole('button', { name: /^Details of entry/ }))
    await expect(card).toContainText('Who')
    await expect(card).toContainText('adm')
    await expect(card).toContainText('Outcome')
    await expectBreaksAtDots(card.getByText(`audit-${LONG}`).first())
    await expectNoSideways(page)
    await card.getByRole('button', { name: /^Details of entry/ }).click()
    await expect(page.getByRole('dialog', { name: /^Entry / })).toBeVisible()
    await page.keyboard.press('Escape')
    await expectNoSeriousA11yViolations(page, 'Audit log at 390 px')
  })

  await test.step('Connections: each connection is a card with its URL, host, threat and dates', async () => {
    await phone(page, `/zones/${ZONE}/page-shield/connections`)
    const cards = page.getByRole('list', { name: 'Detected connections' }).getByRole('listitem')
    await expect(cards.first()).toBeVisible()
    const first = cards.first()
    await expectWithinWidth(first.getByRole('link'))
    await expectWithinWidth(first.getByText(/Threat: no threat-feed report|reported/).first())
    await expect(first).toContainText('Last seen')
    await expectNoSideways(page)
    await expectNoSeriousA11yViolations(page, 'Connections at 390 px')
  })

  await test.step('every page-security tab is on screen', async () => {
    // The tabs every page-security page shares (formerly narrow.spec.ts, on the Scripts page).
    const tabs = page.getByRole('navigation', { name: 'Page security' }).getByRole('link')
    await expect(tabs).toHaveCount(7)
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport()
  })

  await test.step('Scripts: the payment pages and pattern verdicts fit the phone and are accessible', async () => {
    await phone(page, `/zones/${ZONE}/page-shield/scripts`)
    await page.getByRole('button', { name: 'Payment pages and pattern verdicts' }).click()
    const panel = page.getByRole('region', { name: 'Payment pages and pattern verdicts' })
    await expect(panel.getByRole('form', { name: 'Authorise scripts by pattern' })).toBeVisible()
    await expectWithinWidth(panel.getByRole('button', { name: /Authorise/ }).first())
    await expectNoSideways(page)
    await expectNoSeriousA11yViolations(page, 'Payment pages and pattern verdicts at 390 px')
  })

  await test.step('People: each person is a card with their name, role and buttons; the page is 390 px wide', async () => {
    await phone(page, '/people')
    const change = page.getByRole('button', { name: 'Change ed' })
    await expectWithinWidth(change)
    const card = page.locator('tr').filter({ has: change })
    await expect(card).toContainText('ed')
    await expect(card).toContainText('Role')
    await expectWithinWidth(card.getByRole('button', { name: 'Disable ed' }))
    await expectNoSideways(page)
    await expectNoSeriousA11yViolations(page, 'People at 390 px')

    // Add person: the zone suggestions open inside the dialog's scrolling body, on screen and above its footer.
    await page.getByRole('button', { name: 'Add person' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add a person' })
    await dialog.getByRole('combobox', { name: /^Role/ }).selectOption('editor')
    await dialog.getByRole('radio', { name: 'Only these zones' }).check()
    await dialog.getByRole('combobox', { name: 'Add a zone' }).fill('e')
    const suggestions = dialog.getByRole('listbox', { name: 'Zones of the account' })
    await expect(suggestions.getByRole('option').first()).toBeVisible()
    await expect(suggestions).toBeInViewport({ ratio: 1 })
    const list = (await suggestions.boundingBox())!
    const footer = (await dialog.getByRole('button', { name: 'Add person' }).boundingBox())!
    expect(list.y + list.height, 'the suggestions end above the footer').toBeLessThanOrEqual(footer.y)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('button', { name: /^Remove / })).toHaveCount(1)
    await expectNoSideways(page)
  })

  await test.step('the sign-in pages and the overviews an administrator reads fit the phone; sign-in follows the theme chosen in the app', async () => {
    const fits = async (p: Page, path: string) => {
      await p.setViewportSize({ width: 390, height: 844 })
      await p.goto(path)
      await expect(p.locator('main').first()).toBeVisible()
      expect(await p.evaluate(() => document.documentElement.scrollWidth), `${path} at 390 px`).toBeLessThanOrEqual(390)
    }
    // Signed out, with the dark theme chosen in the app (the cookie it writes beside local storage).
    const out = await browser.newContext({ baseURL })
    await out.addCookies([{ name: 'zonekeeper-theme', value: 'dark', url: baseURL! }])
    const signedOut = await out.newPage()
    await fits(signedOut, '/login')
    expect(await signedOut.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(17, 24, 39)')

    // eve turns on an authenticator app (the setup page carries the long otpauth line), then signs in again.
    const eve = await pageAs(browser, baseURL!, 'eve')
    await fits(eve, '/two-factor')
    const secret = /secret=([A-Z2-7]+)/.exec((await eve.locator('main').textContent())!)![1]
    await eve.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
    await eve.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await expect(eve.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible()
    const again = await browser.newContext({ baseURL })
    const login = await again.request.post('/login', { form: { username: 'eve', password: passwordOf('eve'), next: '/' }, maxRedirects: 0 })
    expect(login.headers().location).toMatch(/^\/login\/two-factor/)
    await fits(await again.newPage(), '/login/two-factor')

    await fits(page, '/password')
    await fits(page, '/two-factor/passkeys')
    await fits(page, `/zones/${ZONE}/page-shield`)
    await expect(page.getByRole('combobox', { name: 'What happens' })).toBeVisible() // the administrator's card
    // A zone whose changes need approval shows who approves in a select.
    expect((await page.request.put(`/api/local/change-requests/zones/${ZONE}`, { headers: WRITE, data: { required: true, approverMode: 'editors' } })).ok()).toBe(true)
    await fits(page, `/zones/${ZONE}`)
    await expect(page.getByRole('combobox', { name: 'Who approves' })).toBeVisible()
    await page.request.put(`/api/local/change-requests/zones/${ZONE}`, { headers: WRITE, data: { required: false, approverMode: 'admins' } })
  })
})
