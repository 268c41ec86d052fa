import { expect, openPage, test, zoneUrl } from './fixtures'

test.describe('polish', () => {
  test('the server answers 404 for paths no page matches and for unknown zones, and still shows the not-found page', async ({ page, request }) => {
    expect((await request.get(zoneUrl('demo', 'dns'))).status()).toBe(200)
    expect((await request.get('/zones')).status()).toBe(200)
    for (const path of ['/no-such-page', '/zones/not-a-zone-id', `/zones/${'0'.repeat(32)}`, `${zoneUrl('demo')}/no-such-area`]) {
      expect((await request.get(path)).status(), path).toBe(404)
    }
    const res = await page.goto('/no-such-page')
    expect(res?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await openPage(page, '/zones')
  })
})
