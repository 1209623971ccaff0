import { describe, expect, it } from 'vitest'
import { apiOk, openPage, shot, useHost } from './harness'
import { shipDesign } from '../helpers'

const qd = useHost()

/**
 * Issue 16 point 2: a ship's booty pot is a ledger account of its own (seed 003 VII "Of the Rewards
 * of a Pirate's Life", BOOTY). The Ledger lists it beside the owners, with what it holds, and its
 * owner's cash does not include it.
 */
describe('seed 003 VII Of the Rewards of a Pirate\'s Life, BOOTY: the Ledger shows each booty pot as its own account', () => {
  it('a town ransom is in the Sea Wolf\'s booty pot on the Ledger, not in her owner\'s cash, and the books still balance', async () => {
    const { host, page } = await qd.start({ campaign: 'Brethren' })
    const marcel = await apiOk<{ ownerId: number }>(host, 'people.create', { name: 'Marcel', kind: 'pc', knacks: {} })
    await apiOk(host, 'ledger.grant', { ownerId: marcel.ownerId, amount: 30_000, memo: 'His purse' })
    const ship = await apiOk<{ shipId: number; launchDay: number }>(host, 'ships.commission', {
      design: shipDesign('corsair'),
      name: 'Sea Wolf',
      owners: [{ ownerId: marcel.ownerId, share: 100 }]
    })
    const today = (await apiOk<{ day: number }>(host, 'clock.now')).day
    if (ship.launchDay > today) await apiOk(host, 'clock.advance', { days: ship.launchDay - today })
    await apiOk(host, 'crew.configure', { shipId: ship.shipId, kind: 'pirate' })
    const cashBefore = (await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: marcel.ownerId })).cash
    // A town of one small fort, taken: ransom 1k1 5 × 1,000 + 1,500 = 6,500.
    await apiOk(host, 'booty.town', { shipId: ship.shipId, town: 'Puerto Chico', forts: { small: 1 }, fortsTaken: { small: 1 }, dice: [1, 8, 8, 3, 5, 2] })

    await openPage(page, 'Ledger', 'ledger')
    const pot = page.locator('[data-test=accounts] [data-test=booty-pot][data-ship="Sea Wolf"]')
    await pot.getByText('Booty pot of the Sea Wolf').waitFor()
    await expect.poll(() => pot.locator('[data-test=pot-cash]').textContent()).toBe('6,500')
    const marcelRow = page.locator('[data-test=accounts] tr[data-owner="Marcel"] [data-test=cash]')
    await expect.poll(() => marcelRow.textContent()).toBe(cashBefore.toLocaleString('en'))
    await expect.poll(() => page.locator('[data-test=accounts]').getByText('Books balance').count()).toBe(1)
    // The ransom's transaction names the pot as the account paid.
    await page.locator('[data-test=transactions]').getByText('Ransom of Puerto Chico taken by the Sea Wolf').first().waitFor()
    await page.locator('[data-test=transactions]').getByText('Booty pot of the Sea Wolf').first().waitFor()
    await shot(page, 'ledger-booty-pot')
  })
})

describe('the Ledger on a long campaign: the accounts list of many holders scrolls in its own box and finds a name', () => {
  it('past a dozen holders a name is found by typing part of it; the totals and the outside world stay; no match says so', async () => {
    const { host, page } = await qd.start({ campaign: 'Many purses' })
    for (let i = 1; i <= 14; i++) {
      const p = await apiOk<{ ownerId: number }>(host, 'people.create', { name: `Deckhand ${i}`, kind: 'npc', knacks: {} })
      await apiOk(host, 'ledger.grant', { ownerId: p.ownerId, amount: 100 * i, memo: 'Wages' })
    }
    const rose = await apiOk<{ ownerId: number }>(host, 'people.create', { name: 'Rose Tremayne', kind: 'pc', knacks: {} })
    await apiOk(host, 'ledger.grant', { ownerId: rose.ownerId, amount: 2_500, memo: 'Her purse' })

    await openPage(page, 'Ledger', 'ledger')
    const accounts = page.locator('[data-test=accounts]')
    await accounts.locator('tr[data-owner="Rose Tremayne"]').waitFor()
    // Every holder is listed, in a box that scrolls: the list is taller than the box.
    await expect.poll(() => accounts.locator('tbody tr[data-owner]').count()).toBe(15)
    const box = accounts.locator('.qd-capped')
    expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)

    const find = accounts.getByRole('textbox', { name: 'Find an owner by name' })
    await find.fill('rose')
    await expect.poll(() => accounts.locator('tbody tr[data-owner]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-owner')))).toEqual(['Rose Tremayne'])
    // The totals are the whole campaign's, not the rows found; the outside world is still shown.
    await expect.poll(() => accounts.locator('.qd-total td').first().textContent()).toBe((2_500 + 100 * (14 * 15) / 2).toLocaleString('en'))
    await accounts.locator('tr.qd-world[data-owner="The outside world"]').waitFor()

    await find.fill('Blackbeard')
    await accounts.getByText('No owner’s name has “Blackbeard” in it.').waitFor()
    expect(await accounts.locator('tbody tr[data-owner]').count()).toBe(0)
    await find.fill('')
    await expect.poll(() => accounts.locator('tbody tr[data-owner]').count()).toBe(15)
    await shot(page, 'ledger-many-holders')
  })
})
