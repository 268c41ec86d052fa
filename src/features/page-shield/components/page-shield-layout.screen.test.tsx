import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { renderApp, screenServer } from '@/testing/screen'

/** Page security's shared frame (its tabs and the monitoring notice), answered by the real server app (sandbox) in this process. */
screenServer()
const Z = SEED_ZONES.demo.id
const setMonitoring = async (enabled: boolean) => {
  const res = await fetch(`/api/v4/zones/${Z}/page_shield`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify({ enabled }) })
  expect(res.status, await res.clone().text()).toBe(200)
}
const offNotice = () => screen.queryAllByRole('status').filter((s) => s.textContent?.includes('Monitoring is off.'))

describe('monitoring off', () => {
  it('every page-security page says so, with the way to switch it on', async () => {
    const user = userEvent.setup()
    await setMonitoring(false)
    try {
      renderApp(`/zones/${Z}/page-shield`)
      await waitFor(() => expect(offNotice()).toHaveLength(1))
      const tabs = screen.getByRole('navigation', { name: 'Page security' })
      for (const [area, tab] of [
        ['scripts', 'Scripts'],
        ['connections', 'Connections'],
        ['cookies', 'Cookies'],
        ['policies', 'Policies'],
        ['reviews', 'Review ledger'],
      ]) {
        await user.click(within(tabs).getByRole('link', { name: tab }))
        await waitFor(() => expect(window.location.pathname).toBe(`/zones/${Z}/page-shield/${area}`))
        await waitFor(() => expect(offNotice(), area).toHaveLength(1))
        await waitFor(() => expect(within(offNotice()[0]).getByRole('link', { name: 'Switch it on in Overview' }).getAttribute('href')).toBe(`/zones/${Z}/page-shield`))
      }
    } finally {
      await setMonitoring(true)
    }
  })

  it('is not said while monitoring is on', async () => {
    renderApp(`/zones/${Z}/page-shield/scripts`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Scripts' })).toBeTruthy()
    await screen.findByRole('table')
    expect(offNotice()).toEqual([])
  })
})
