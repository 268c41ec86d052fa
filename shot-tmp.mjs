import { chromium } from '@playwright/test'
const base = 'http://127.0.0.1:8931'
const zone = process.argv[2]
const paths = process.argv.slice(3)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } })
page.on('console', (m) => { if (m.type() === 'error') console.log('console error:', m.text()) })
page.on('pageerror', (e) => console.log('page error:', e.message))
for (const p of paths) {
  await page.goto(`${base}/zones/${zone}/page-shield${p}`)
  await page.waitForTimeout(2500)
  const name = p.replace(/[^a-z0-9]+/gi, '_') || 'overview'
  await page.screenshot({ path: `/tmp/ps/${name}.png`, fullPage: true })
  console.log('shot', name)
}
await browser.close()
