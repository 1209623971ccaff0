import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { choose, hideMessages, noHorizontalOverflow, openPage, settled, shot, useHost } from './harness'

const qd = useHost()

interface Person {
  id: number
  ownerId: number
  name: string
  kind: 'pc' | 'npc'
  traits: Record<string, number>
  knacks: Record<string, number>
  heroPointsSpent: number
  money: { cash: number; shipFund: number }
}
interface Money {
  cash: number
  shipFund: number
}




describe('people and the ledger in Chromium', () => {
  it('creates characters, spends hero points, rolls, grants and transfers money, plots it and exports the books', async () => {
    const { host, page } = await qd.start({ campaign: 'Brethren' })

    // ── People ────────────────────────────────────────────────────────────────
    await openPage(page, 'People', 'people')
    await page.locator('[data-test=people-empty]').getByText('No characters yet — create one.').waitFor()
    await shot(page, 'people-empty')

    // A player character with Wits 3 and Captain 2.
    await page.locator('[data-test=new-character]').click()
    const personDialog = page.locator('[data-test=person-dialog]')
    await personDialog.getByText('New character').waitFor()
    await personDialog.getByLabel('Character name').fill('Anne Bonny')
    await personDialog.getByRole('textbox', { name: 'Wits', exact: true }).fill('3')
    await choose(page, personDialog.locator('[data-test=add-knack]'), 'Captain')
    await personDialog.getByLabel('Captain rank').fill('2')
    await shot(page, 'new-character-dialog')
    await personDialog.locator('[data-test=person-save]').click()
    await personDialog.waitFor({ state: 'detached' })
    const table = page.locator('[data-test=people-table]')
    const anneRow = table.getByRole('row').filter({ hasText: 'Anne Bonny' })
    await anneRow.waitFor()

    // An NPC with the default traits.
    await page.locator('[data-test=new-character]').click()
    await personDialog.getByLabel('Character name').fill('Woodes Rogers')
    await personDialog.locator('[data-test=kind-npc]').click()
    await personDialog.locator('[data-test=person-save]').click()
    await personDialog.waitFor({ state: 'detached' })
    const woodesRow = table.getByRole('row').filter({ hasText: 'Woodes Rogers' })
    await woodesRow.waitFor()

    // What the UI shows is what the campaign holds.
    const people = (await host.api<Person[]>('people.list')).body
    const anne = people.find((p) => p.name === 'Anne Bonny')!
    const woodes = people.find((p) => p.name === 'Woodes Rogers')!
    expect(anne).toMatchObject({ kind: 'pc', traits: { Brawn: 2, Finesse: 2, Wits: 3, Resolve: 2, Panache: 2 }, knacks: { Captain: 2 } })
    expect(woodes).toMatchObject({ kind: 'npc', traits: { Brawn: 2, Finesse: 2, Wits: 2, Resolve: 2, Panache: 2 }, knacks: {} })
    await expect(anneRow.textContent()).resolves.toMatch(/PC.*Captain 2/)
    await expect(woodesRow.textContent()).resolves.toContain('NPC')
    await shot(page, 'people-page')

    // Five hero points into Anne's ship fund: 5 × 600 G, with the rule explained.
    await anneRow.getByRole('button', { name: 'More actions for Anne Bonny' }).click()
    await page.locator('.n-dropdown-option:visible').getByText('Hero points → ship fund…').click()
    const heroDialog = page.locator('[data-test=hero-dialog]')
    await heroDialog.getByText('up to 20 hero points').waitFor()
    await heroDialog.getByText('building and outfitting a ship', { exact: false }).waitFor()
    await heroDialog.getByLabel('Hero points to spend').fill('5')
    await heroDialog.getByText('3,000 G').first().waitFor()
    await heroDialog.locator('[data-test=hero-go]').click()
    const heroResult = heroDialog.locator('[data-test=hero-result]')
    await heroResult.waitFor()
    const heroText = (await heroResult.textContent()) ?? ''
    expect(heroText).toContain('5 hero points')
    expect(heroText).toContain('× 600 G each')
    expect(heroText).toContain('added to the ship fund')
    expect(heroText).toContain('3,000')
    await shot(page, 'hero-points-dialog')
    await heroDialog.getByRole('button', { name: 'Done' }).click()
    await heroDialog.waitFor({ state: 'detached' })
    await anneRow.getByText('3,000').waitFor()
    await expect(anneRow.textContent()).resolves.toContain('5 / 20')
    expect((await host.api<Money>('ledger.balance', { ownerId: anne.ownerId })).body).toEqual({ cash: 0, shipFund: 3000 })

    // Roll Wits + Captain against TN 15.
    await anneRow.getByRole('button', { name: 'Roll for Anne Bonny' }).click()
    const rollDialog = page.locator('[data-test=roll-dialog]')
    await rollDialog.getByText('Roll for Anne Bonny').waitFor()
    await rollDialog.locator('[data-test=roll-trait-Wits]').click()
    await choose(page, rollDialog.locator('[data-test=roll-knack]'), 'Captain 2')
    await expect(rollDialog.getByLabel('Target number').inputValue()).resolves.toBe('15')
    await rollDialog.getByText('5k3').first().waitFor()
    await rollDialog.locator('[data-test=roll-go]').click()
    const result = rollDialog.locator('[data-test=roll-result]')
    await result.waitFor()
    const total = Number(await result.locator('[data-test=roll-total]').textContent())
    const target = Number(await result.locator('[data-test=roll-target]').textContent())
    expect(target).toBe(15)
    const verdict = (await result.locator('.qd-verdict').textContent())!.trim()
    expect(verdict).toBe(total >= 15 ? 'Success' : 'Failure')
    const margin = (await result.locator('[data-test=roll-margin]').textContent())!.replace('\u2212', '-')
    expect(Number(margin)).toBe(total - 15)
    // Five dice rolled, the best three kept, and every term of the number shown.
    expect(await result.locator('.qd-die').count()).toBe(5)
    expect(await result.locator('.qd-die.qd-kept').count()).toBe(3)
    const breakdown = (await result.locator('[data-test=breakdown]').textContent()) ?? ''
    expect(breakdown).toContain('Wits 3 (dice kept)')
    expect(breakdown).toContain('Captain 2 (extra dice)')
    expect(breakdown).toContain('rolled 5k3')
    expect(breakdown).toContain('TN 15')
    expect(breakdown).toContain('Margin')
    // The kept dice add up to the total, and the roll log agrees with the screen.
    const kept = await result.locator('.qd-die.qd-kept').evaluateAll((els) => els.map((e) => Number(e.firstChild!.textContent)))
    expect(kept.reduce((a, n) => a + n, 0)).toBe(total)
    const log = (await host.api<{ total: number; notation: string; kept: number[] }[]>('dice.log', { limit: 1 })).body
    expect(log[0]).toMatchObject({ total, kept })
    await settled(page) // the dialog's entrance finished
    await shot(page, 'roll-result')
    await rollDialog.getByRole('button', { name: 'Close', exact: true }).click()
    await rollDialog.waitFor({ state: 'detached' })

    // ── Ledger ────────────────────────────────────────────────────────────────
    await openPage(page, 'Ledger', 'ledger')
    const accounts = page.locator('[data-test=accounts]')
    const anneAccount = accounts.locator('tr[data-owner="Anne Bonny"]')
    const woodesAccount = accounts.locator('tr[data-owner="Woodes Rogers"]')
    await anneAccount.locator('[data-test=ship-fund]').getByText('3,000').waitFor()
    // The outside world comes last, as the source and sink of money.
    const ownerRows = await accounts.locator('tr[data-owner]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-owner')))
    expect(ownerRows).toEqual(['Anne Bonny', 'Woodes Rogers', 'The outside world'])

    // Grant 1,000 G to Anne from the outside world.
    const money = page.locator('[data-test=money-card]')
    await choose(page, money.locator('[data-test=grant-to]'), 'Anne Bonny')
    await money.getByLabel('Grant amount').fill('1000')
    await money.getByLabel('Grant memo').fill('Prize money from the Santa Lucia')
    await money.locator('[data-test=grant-go]').click()
    await anneAccount.locator('[data-test=cash]').getByText('1,000', { exact: true }).waitFor()

    // Three days pass (the clock has no control on these pages): the page follows the change from the host.
    expect((await host.api('clock.advance', { days: 3 })).status).toBe(200)
    await page.getByText('Today is day 3').waitFor()

    // Transfer 400 G from Anne to Woodes.
    await money.locator('[data-test=tab-transfer]').click()
    await choose(page, money.locator('[data-test=transfer-from]'), 'Anne Bonny')
    await choose(page, money.locator('[data-test=transfer-to]'), 'Woodes Rogers')
    await money.getByLabel('Transfer amount').fill('400')
    await money.getByLabel('Transfer memo').fill('Bribe for the harbour master')
    await money.locator('[data-test=transfer-go]').click()
    await anneAccount.locator('[data-test=cash]').getByText('600', { exact: true }).waitFor()
    await woodesAccount.locator('[data-test=cash]').getByText('400', { exact: true }).waitFor()

    // The plot: a canvas inside the chart, and a legend naming both owners.
    const chart = page.locator('[data-test=balance-chart]')
    await chart.locator('canvas').first().waitFor()
    const legend = page.locator('[data-test=chart-legend]')
    await legend.getByRole('button', { name: 'Anne Bonny' }).waitFor()
    await legend.getByRole('button', { name: 'Woodes Rogers' }).waitFor()
    // Hovering the plot shows the day, its date and each owner's cash on it.
    await chart.scrollIntoViewIfNeeded()
    // The transfer's toast (bottom right, kept while the pointer is on it) may cover the plot's right end.
    await hideMessages(page)
    const box = (await chart.boundingBox())!
    const tip = chart.locator('.qd-chart-tip')
    // Within a poll (below), each try waits a few seconds for the tip, so that a missed hover is tried
    // again inside the poll's time rather than one try using it all up.
    const hoverTip = async (wait = 30_000): Promise<string> => {
      await page.mouse.move(0, 0)
      await page.mouse.move(box.x + box.width * 0.93, box.y + box.height * 0.5)
      await tip.waitFor({ timeout: wait })
      return (await tip.textContent()) ?? ''
    }
    const tipText = await hoverTip()
    expect(tipText).toContain('Day 3')
    expect(tipText).toContain('Veldi, 4 Primus 1668 AV')
    expect(tipText).toContain('Anne Bonny600 G')
    expect(tipText).toContain('Woodes Rogers400 G')
    await shot(page, 'ledger-plot-tooltip')
    // The legend toggles owners.
    await legend.getByRole('button', { name: 'Woodes Rogers' }).click()
    await expect(legend.getByRole('button', { name: 'Woodes Rogers' }).getAttribute('aria-pressed')).resolves.toBe('false')
    await expect.poll(() => hoverTip(3000)).not.toContain('Woodes Rogers')
    expect(await tip.textContent()).toContain('Anne Bonny600 G')
    await legend.getByRole('button', { name: 'Woodes Rogers' }).click()
    await expect(legend.getByRole('button', { name: 'Woodes Rogers' }).getAttribute('aria-pressed')).resolves.toBe('true')

    // Woodes cannot pay more than he has: the rule names the shortfall and nothing changes.
    await choose(page, money.locator('[data-test=transfer-from]'), 'Woodes Rogers')
    await choose(page, money.locator('[data-test=transfer-to]'), 'Anne Bonny')
    await money.getByLabel('Transfer amount').fill('5000')
    await money.getByLabel('Transfer memo').fill('Repay the bribe, and then some')
    await money.getByText('4,600 G more than Woodes Rogers has.').waitFor()
    await money.locator('[data-test=transfer-go]').click()
    // One wait for the whole message: the toast fades after a few seconds, so a second read of it
    // after the wait can find it gone on a busy machine.
    await page
      .locator('.n-message')
      .filter({ hasText: 'The rules forbid it' })
      .filter({ hasText: 'Woodes Rogers has 400 G of cash but this needs 5,000: 4,600 short.' })
      .waitFor()
    expect((await host.api<Money>('ledger.balance', { ownerId: woodes.ownerId })).body).toEqual({ cash: 400, shipFund: 0 })
    expect((await host.api<Money>('ledger.balance', { ownerId: anne.ownerId })).body).toEqual({ cash: 600, shipFund: 3000 })
    await expect(woodesAccount.locator('[data-test=cash]').textContent()).resolves.toBe('400')

    // Transactions: newest first, each with its lines in +/- amounts.
    const txTable = page.locator('[data-test=tx-table]')
    const bribe = txTable.getByRole('row').filter({ hasText: 'Bribe for the harbour master' })
    await bribe.waitFor()
    const bribeText = (await bribe.textContent()) ?? ''
    expect(bribeText).toContain('Day 3')
    expect(bribeText).toContain('\u2212400')
    expect(bribeText).toContain('+400')
    await expect(txTable.textContent()).resolves.toContain('3 transactions')
    const memos = await txTable.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''))
    expect(memos[0]).toContain('Bribe for the harbour master')
    expect(memos[1]).toContain('Prize money from the Santa Lucia')
    expect(memos[2]).toContain('hero points into Anne Bonny')
    await page.mouse.move(0, 0)
    await page.getByRole('heading', { name: 'Ledger' }).scrollIntoViewIfNeeded()
    // The plot drawn (its animation over) and the toast in.
    await page.locator('[data-test=balance-chart][data-drawn=yes]').waitFor()
    await settled(page)
    await shot(page, 'ledger-page')
    await page.locator('[data-test=plot-card]').scrollIntoViewIfNeeded()
    await settled(page)
    await shot(page, 'ledger-plot')
    await page.locator('[data-test=transactions]').scrollIntoViewIfNeeded()
    await shot(page, 'ledger-transactions')

    // Filter by memo, then export exactly what is shown.
    await page.getByLabel('Search memos').fill('Prize')
    await expect
      .poll(async () => txTable.locator('tbody tr').count(), { timeout: 5000 })
      .toBe(1)
    await expect(txTable.textContent()).resolves.toContain('1 transaction')
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-test=export-csv]').click()])
    expect(download.suggestedFilename()).toBe('Brethren-ledger.csv')
    const csv = readFileSync((await download.path())!, 'utf8')
    expect(csv).toContain('Prize money from the Santa Lucia')
    expect(csv).not.toContain('Bribe for the harbour master')
    expect(csv).toContain('Anne Bonny,cash,1000')
    expect(csv).toContain('The outside world,cash,-1000')

    // Undo from the toolbar takes the transfer back, and the page follows.
    await page.getByRole('button', { name: 'Undo', exact: true }).first().click()
    await anneAccount.locator('[data-test=cash]').getByText('1,000', { exact: true }).waitFor()
    await woodesAccount.locator('[data-test=cash]').getByText('0', { exact: true }).waitFor()
    expect((await host.api<Money>('ledger.balance', { ownerId: woodes.ownerId })).body).toEqual({ cash: 0, shipFund: 0 })
  })

  it('at 1920×1080: empty states say what to do, pages follow changes from the host, filters and pages, edit and remove', async () => {
    const { host, page } = await qd.start({ campaign: 'Wide', viewport: { width: 1920, height: 1080 } })

    await openPage(page, 'Ledger', 'ledger')
    await page.getByText('No one holds money yet.').waitFor()
    await page.getByText('No money has moved yet').waitFor()
    await page.locator('[data-test=tx-empty]').getByText('No transactions yet — grant money from the outside world to begin.').waitFor()
    await shot(page, 'ledger-empty-1920')

    // Some books to look at, made through the host.
    const made: { ownerId: number }[] = []
    for (const [name, kind] of [
      ['Anne Bonny', 'pc'],
      ['Mary Read', 'pc'],
      ['Calico Jack Rackham', 'pc'],
      ['Woodes Rogers', 'npc']
    ] as const) {
      const r = await host.api<{ ownerId: number }>('people.create', { name, kind, traits: { Wits: 3 }, knacks: { Captain: 2, Gunnery: 1, Rigging: 3, Oratory: 1 } })
      expect(r.status).toBe(200)
      made.push(r.body)
    }
    expect((await host.api('ledger.grant', { ownerId: made[0]!.ownerId, amount: 2500, memo: 'Prize money' })).status).toBe(200)
    expect((await host.api('clock.advance', { days: 5 })).status).toBe(200)
    expect((await host.api('ledger.grant', { ownerId: made[1]!.ownerId, amount: 1800, memo: 'Wages' })).status).toBe(200)
    expect((await host.api('ledger.transfer', { from: made[0]!.ownerId, to: made[2]!.ownerId, amount: 700, memo: 'Dice debts' })).status).toBe(200)
    expect((await host.api('clock.advance', { days: 4 })).status).toBe(200)
    expect((await host.api('ledger.transfer', { from: made[1]!.ownerId, to: 1, amount: 450, memo: 'Powder and shot' })).status).toBe(200)
    expect((await host.api('owners.heroPoints', { ownerId: made[2]!.ownerId, points: 12 })).status).toBe(200)

    // The open page follows the changes, and nothing overflows sideways.
    await page.locator('[data-test=accounts] tr[data-owner="Mary Read"] [data-test=cash]').getByText('1,350', { exact: true }).waitFor()
    await page.locator('[data-test=balance-chart] canvas').first().waitFor()
    await page.locator('[data-test=balance-chart][data-drawn=yes]').waitFor()
    await settled(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'ledger-page-1920')

    // Filter by owner: only Mary Read's transactions, with her lines in bold.
    const tx = page.locator('[data-test=tx-table]')
    const txRows = tx.locator('tbody tr')
    await expect.poll(() => txRows.count()).toBe(5)
    await choose(page, page.locator('[data-test=filter-owner]'), 'Mary Read')
    await expect.poll(() => txRows.count()).toBe(2)
    expect(await txRows.allTextContents()).toEqual([expect.stringContaining('Powder and shot'), expect.stringContaining('Wages')])
    await page.getByRole('button', { name: 'Clear filters' }).first().click()
    await expect.poll(() => txRows.count()).toBe(5)

    // Paged: 30 transactions are 25 on the first page and 5 on the second.
    for (let i = 1; i <= 25; i++) {
      expect((await host.api('ledger.grant', { ownerId: made[3]!.ownerId, amount: i, memo: `Tip ${i}` })).status).toBe(200)
    }
    await tx.getByText('30 transactions').waitFor()
    expect(await txRows.count()).toBe(25)
    await tx.locator('.n-pagination-item').getByText('2', { exact: true }).click()
    await expect.poll(() => txRows.count()).toBe(5)
    expect(await txRows.first().textContent()).toContain("12 hero points into Calico Jack Rackham's ship fund")
    expect(await txRows.last().textContent()).toContain('Prize money')

    await openPage(page, 'People', 'people')
    const table = page.locator('[data-test=people-table]')
    await table.getByText('Calico Jack Rackham').waitFor()
    await expect(table.getByRole('row').filter({ hasText: 'Calico Jack Rackham' }).textContent()).resolves.toContain('12 / 20')
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'people-page-1920')

    // Edit: Woodes Rogers gains Brawn 4 and Tactics 3, and keeps the rest.
    const woodesRow = table.getByRole('row').filter({ hasText: 'Woodes Rogers' })
    await woodesRow.getByRole('button', { name: 'More actions for Woodes Rogers' }).click()
    await page.locator('.n-dropdown-option:visible').getByText('Edit…').click()
    const dialog = page.locator('[data-test=person-dialog]')
    await dialog.getByText('Edit Woodes Rogers').waitFor()
    await expect(dialog.getByLabel('Character name').inputValue()).resolves.toBe('Woodes Rogers')
    await dialog.getByRole('textbox', { name: 'Brawn', exact: true }).fill('4')
    await choose(page, dialog.locator('[data-test=add-knack]'), 'Tactics')
    await dialog.getByLabel('Tactics rank').fill('3')
    await dialog.locator('[data-test=person-save]').click()
    await dialog.waitFor({ state: 'detached' })
    await woodesRow.getByText('Tactics 3').waitFor()
    const woodes = (await host.api<Person[]>('people.list')).body.find((p) => p.name === 'Woodes Rogers')!
    expect(woodes).toMatchObject({ kind: 'npc', traits: { Brawn: 4, Wits: 3 }, knacks: { Captain: 2, Gunnery: 1, Rigging: 3, Oratory: 1, Tactics: 3 } })

    // Someone with entries in the ledger stays in the books: the rule says so and nothing changes.
    const anneRow = table.getByRole('row').filter({ hasText: 'Anne Bonny' })
    await anneRow.getByRole('button', { name: 'More actions for Anne Bonny' }).click()
    await page.locator('.n-dropdown-option:visible').getByText('Remove…').click()
    await page.getByRole('button', { name: 'Remove', exact: true }).click()
    await page.locator('.n-message').filter({ hasText: 'The rules forbid it' }).getByText('Anne Bonny has entries in the ledger').waitFor()
    expect((await host.api<Person[]>('people.list')).body.map((p) => p.name)).toContain('Anne Bonny')

    // Someone who never held money can go.
    expect((await host.api('people.create', { name: 'A Stowaway', kind: 'npc' })).status).toBe(200)
    const stowaway = table.getByRole('row').filter({ hasText: 'A Stowaway' })
    await stowaway.waitFor()
    await stowaway.getByRole('button', { name: 'More actions for A Stowaway' }).click()
    await page.locator('.n-dropdown-option:visible').getByText('Remove…').click()
    await page.getByRole('button', { name: 'Remove', exact: true }).click()
    await stowaway.waitFor({ state: 'detached' })
    expect((await host.api<Person[]>('people.list')).body.map((p) => p.name)).not.toContain('A Stowaway')
  })
})
