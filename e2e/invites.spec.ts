import { expect, expectNoSeriousA11yViolations, openPage, resetSandbox, test } from './fixtures'
import { seedInviteId } from '../src/server/emulator/invites/seed'

// One test, one page load: its steps were separate tests that each reset the sandbox and opened the
// page. The two that change nothing come first; accepting (which removes an invite) last.
test('invites', async ({ page, request }) => {
  test.setTimeout(60_000)
  await resetSandbox(request)
  await openPage(page, '/invites')

  await test.step('explains expired invites and offers no way to accept them', async () => {
    await expect(page.getByText('Hooli Cloud')).toBeVisible()
    await expect(page.getByText(/can no longer be accepted/)).toBeVisible()
    await expect(page.getByRole('article', { name: 'Invite to Hooli Cloud' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Accept invite to/ })).toHaveCount(4)
  })

  await test.step('the confirmation for a one-role invite speaks of that one role, and Cancel changes nothing', async () => {
    await page.getByRole('button', { name: 'Accept invite to Stark Logistics' }).click()
    const dialog = page.getByRole('dialog', { name: 'Join Stark Logistics?' })
    await expect(dialog).toContainText('with this role, which allows what is listed below.')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('article', { name: 'Invite to Stark Logistics' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Accept invite to/ })).toHaveCount(4)
  })

  await test.step('accepts an invite after a confirmation saying what access it grants', async () => {
    const invite = page.getByRole('article', { name: 'Invite to Globex Web Services' })
    await expect(invite).toContainText('priya.shah@globex.example')
    await expect(invite).toContainText('Administrator Read Only')
    await expectNoSeriousA11yViolations(page, 'invites')
    await invite.getByRole('button', { name: 'Accept invite to Globex Web Services' }).click()

    const dialog = page.getByRole('dialog', { name: 'Join Globex Web Services?' })
    const access = dialog.getByRole('list', { name: 'Access you will get' }).getByRole('listitem')
    await expect(access).toHaveText(['Administrator Read Only — Can see every setting of the account, but change nothing.', 'Analytics — Can see traffic and security analytics.'])
    await expect(dialog).toContainText('requires two-factor sign-in')
    await dialog.getByRole('button', { name: 'Accept invite' }).click()
    await expect(page.getByText('You joined Globex Web Services')).toBeVisible()
    await expect(invite).toHaveCount(0)
    await expect(page.getByText('Globex Web Services — accepted')).toBeVisible()

    const res = await request.get(`/api/v4/user/invites/${seedInviteId('globex')}`)
    expect(((await res.json()) as { result: { status: string } }).result.status).toBe('accepted')
  })
})
