import { chromium } from '@playwright/test'
const base = 'http://127.0.0.1:8931'
const zone = 'aad9930b9d65bfc3a47abe3e97198baf'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
page.on('pageerror', (e) => console.log('page error:', e.message))
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()) })
await page.goto(`${base}/zones/${zone}/page-shield/policies/new`)
await page.getByLabel('Description').fill('Checkout scripts')
await page.getByLabel('www.example.com').check()
await page.getByLabel('Only pages whose path starts with').fill('/checkout')
await page.getByRole('button', { name: 'Suggest sources' }).click()
await page.waitForTimeout(3000)
await page.screenshot({ path: '/tmp/ps/policy-suggest.png', fullPage: true })
await page.getByRole('button', { name: /^Add \d+ sources?$/ }).click()
await page.getByRole('button', { name: 'Check this draft' }).click()
await page.waitForTimeout(5000)
await page.screenshot({ path: '/tmp/ps/policy-check.png', fullPage: true })
await browser.close()
