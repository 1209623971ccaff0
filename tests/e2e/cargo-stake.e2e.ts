import { describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { apiOk, hideMessages, openShip, ROOT, useHost, type Served } from './harness'
import { shipDesign } from '../helpers'

const qd = useHost()

async function issueShot(page: Page, name: string): Promise<void> {
  await hideMessages(page)
  mkdirSync(join(ROOT, 'docs', 'images', 'issue16'), { recursive: true })
  await page.screenshot({ path: join(ROOT, 'docs', 'images', 'issue16', `${name}.png`) })
}

async function setUp(host: Served) {
  const person = async (name: string, kind: 'pc' | 'npc' = 'pc') => {
    const p = await apiOk<{ id: number; ownerId: number }>(host, 'people.create', { name, kind, knacks: {} })
    await apiOk(host, 'ledger.grant', { ownerId: p.ownerId, amount: 20_000, memo: 'Purse' })
    return p
  }
  const aurora = await person('Aurora Villanova')
  const bastien = await person('Bastien du Lac')
  const rafael = await person('Don Rafael', 'npc')
  const port = await apiOk<{ id: number }>(host, 'ports.create', { name: 'San Cristóbal', colonial: true })
  const ship = await apiOk<{ shipId: number; launchDay: number }>(host, 'ships.commission', {
    design: shipDesign('merchantman'),
    name: 'Hope',
    owners: [
      { ownerId: aurora.ownerId, share: 60 },
      { ownerId: bastien.ownerId, share: 40 }
    ]
  })
  const today = (await apiOk<{ day: number }>(host, 'clock.now')).day
  if (ship.launchDay > today) await apiOk(host, 'clock.advance', { days: ship.launchDay - today })
  await apiOk(host, 'ships.moveTo', { shipId: ship.shipId, portId: port.id })
  return { rafael, shipId: ship.shipId }
}

/** Open the Buy dialog from the ship's Trade tab and pick who pays. */
async function buyDialog(page: Page, payer: RegExp) {
  await page.locator('[data-test=trade-buy]').click()
  const buy = page.locator('[data-test=trade-dialog-buy]')
  await buy.locator('[data-test=trade-whose]').waitFor()
  await buy.locator('[data-test=trade-cargo]').click()
  await page.keyboard.type('Sugar')
  await page.locator('.n-base-select-option:visible').filter({ hasText: /^Sugar/ }).click()
  await buy.getByLabel('Tons').fill('10')
  await buy.locator('[data-test=trade-payer]').click()
  await page.locator('.n-base-select-option:visible').filter({ hasText: payer }).click()
  await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)
  return buy
}

/**
 * Issue 16 point 3: a payer who is not one of the ship's owners lost her money (the sale paid the owners).
 * The Buy dialog names whose cargo it becomes; outside a trading voyage it refuses a payer who is not an
 * owner, with the reason; inside one she pays and the voyage's accounts pay her back at the close. The
 * dialog points to the trading-voyage accounts (the ship's Trade tab).
 */
describe('issue 16 point 3: whose cargo the Buy dialog buys', () => {
  it('names her owners and shares, refuses a non-owner outside a trading voyage, links to the voyage accounts, and lets her pay inside one', async () => {
    const { host, page } = await qd.start({ campaign: 'Stakes' })
    const { rafael, shipId } = await setUp(host)
    await openShip(page, 'Hope', 'trade')

    let buy = await buyDialog(page, /^Don Rafael ·/)
    await expect.poll(() => buy.locator('[data-test=trade-whose]').textContent()).toContain('The cargo becomes her owners’: Aurora Villanova 60% and Bastien du Lac 40%.')
    await expect.poll(() => buy.locator('[data-test=trade-why]').textContent()).toContain('Don Rafael is not one of her owners')
    expect(await buy.locator('[data-test=trade-go]').isDisabled()).toBe(true)
    // Her owners are marked in the payer list.
    await buy.locator('[data-test=trade-payer]').click()
    await page.locator('.n-base-select-option:visible').filter({ hasText: 'Aurora Villanova (owner 60%)' }).waitFor()
    await page.keyboard.press('Escape')
    await issueShot(page, 'point03-buy-refused')
    // Nothing was bought.
    expect((await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: rafael.ownerId })).cash).toBe(20_000)
    expect((await apiOk<{ lines: unknown[] }>(host, 'trade.hold', { shipId })).lines).toEqual([])

    // The link opens her Trade tab, where the trading-voyage accounts are.
    await buy.locator('[data-test=trade-accounts]').click()
    await buy.waitFor({ state: 'hidden' })
    await page.waitForURL(/tab=trade/)
    await page.locator('[data-test=venture] [data-test=venture-open]').click()
    await page.locator('[data-test=venture-entries]').waitFor()

    // Inside the voyage the outsider may pay, and is told she is paid back at the close.
    buy = await buyDialog(page, /^Don Rafael ·/)
    await expect.poll(() => buy.locator('[data-test=trade-whose]').textContent()).toContain('Whoever pays is paid back from the voyage')
    await expect.poll(() => buy.locator('[data-test=trade-why]').count()).toBe(0)
    await issueShot(page, 'point03-buy-in-voyage')
    await buy.locator('[data-test=trade-go]').click()
    await buy.locator('[data-test=trade-result]').waitFor()
    await buy.locator('[data-test=trade-close]').click()
    await page.locator('[data-test=venture-entries]').getByText('paid by Don Rafael').waitFor()
    expect((await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: rafael.ownerId })).cash).toBe(17_000)
  })
})
