import { describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { apiOk, hideMessages, openShip, ROOT, useHost } from './harness'
import { shipDesign } from '../helpers'

const qd = useHost()

interface Booty {
  pot: number
  entries: { amount: number; memo: string }[]
}

/**
 * Issue 16 point 2 (the rest): the Booty tab's Withdraw… opens the GM's explicit transfer out of the pot
 * (booty.withdraw). The pot's balance is shown; the amount is kept as typed and checked at the field (more
 * than the pot, or not a number: shown there, nothing sent); she names who receives it.
 */
describe("issue 16 point 2: withdrawing from a ship's booty pot", () => {
  it('shows the pot, refuses more than it holds or text that is not a number at the field with nothing changed, and pays the named owner', async () => {
    const { host, page } = await qd.start({ campaign: 'Brethren' })
    const marcel = await apiOk<{ ownerId: number }>(host, 'people.create', { name: 'Marcel', kind: 'pc', knacks: {} })
    await apiOk(host, 'people.create', { name: 'Yngvild', kind: 'pc', knacks: {} })
    await apiOk(host, 'ledger.grant', { ownerId: marcel.ownerId, amount: 30_000, memo: 'His purse' })
    const ship = await apiOk<{ shipId: number; launchDay: number }>(host, 'ships.commission', {
      design: shipDesign('corsair'),
      name: 'Sea Wolf',
      owners: [{ ownerId: marcel.ownerId, share: 100 }]
    })
    const today = (await apiOk<{ day: number }>(host, 'clock.now')).day
    if (ship.launchDay > today) await apiOk(host, 'clock.advance', { days: ship.launchDay - today })
    await apiOk(host, 'crew.configure', { shipId: ship.shipId, kind: 'pirate' })
    // A town of one small fort, taken: ransom 1k1 5 × 1,000 + 1,500 = 6,500 into her pot.
    await apiOk(host, 'booty.town', { shipId: ship.shipId, town: 'Puerto Chico', forts: { small: 1 }, fortsTaken: { small: 1 }, dice: [1, 8, 8, 3, 5, 2] })
    const cashBefore = (await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: marcel.ownerId })).cash

    await openShip(page, 'Sea Wolf', 'booty')
    await page.locator('[data-test=booty-pot]').getByText('6,500 G').waitFor()
    await page.locator('[data-test=booty-withdraw]').click()
    const dlg = page.locator('[data-test=withdraw-dialog]')
    await expect.poll(() => dlg.locator('[data-test=withdraw-pot]').textContent()).toContain('The pot holds 6,500 G.')
    const field = dlg.getByLabel('Amount to withdraw')
    const go = page.locator('[data-test=withdraw-go]')
    await dlg.getByLabel('Why').fill("The surgeon's fee, paid by hand")

    // More than the pot: kept as typed, the limit at the field, the button refuses.
    await field.fill('7000')
    await expect.poll(() => dlg.locator('[data-test=field-problem]').textContent()).toBe('Must be at most 6,500 G.')
    expect(await field.inputValue()).toBe('7000')
    expect(await go.isDisabled()).toBe(true)
    // Not a number.
    await field.fill('12abc')
    await expect.poll(() => dlg.locator('[data-test=field-problem]').textContent()).toBe('“12abc” is not a whole number.')
    expect(await go.isDisabled()).toBe(true)
    expect((await apiOk<Booty>(host, 'booty.get', { shipId: ship.shipId })).pot).toBe(6500)

    // 1,500 to Marcel, her owner (first in the list, chosen for her).
    await field.fill('1500')
    await expect.poll(() => dlg.locator('[data-test=field-problem]').count()).toBe(0)
    await expect.poll(() => dlg.locator('[data-test=withdraw-to]').textContent()).toContain('Marcel (her owner)')
    await hideMessages(page)
    mkdirSync(join(ROOT, 'docs', 'images', 'issue16'), { recursive: true })
    await page.screenshot({ path: join(ROOT, 'docs', 'images', 'issue16', 'point02-booty-withdraw.png') })
    await expect.poll(() => go.textContent()).toContain('Withdraw 1,500 G')
    await go.click()
    await dlg.waitFor({ state: 'hidden' })
    await page.locator('[data-test=booty-pot]').getByText('5,000 G').waitFor()
    await page.locator('[data-test=booty-entries]').getByText("The surgeon's fee, paid by hand").waitFor()
    expect((await apiOk<Booty>(host, 'booty.get', { shipId: ship.shipId })).pot).toBe(5000)
    expect((await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: marcel.ownerId })).cash).toBe(cashBefore + 1500)
  })
})
