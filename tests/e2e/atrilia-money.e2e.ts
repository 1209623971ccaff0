import { describe, expect, it } from 'vitest'
import { apiOk, choose, hideMessages, newAtriliaCampaignWithAdmirals, openPage, setOwnerShares, shot, useHost } from './harness'

/**
 * Issue 18, the money and the time of an Atrilia campaign, as a GM does it in Chromium: commission a
 * Pheacian large galley with her crew's nation and quality set in the order form, wait out her four weeks,
 * advance a month, and find her upkeep in dinars on her sheet (every term shown) and in the ledger, and the
 * dates in the Atrilian calendar (rules guide §2 "Time", §3 "Money").
 */
const qd = useHost()

describe('an Atrilia campaign’s money and calendar in Chromium', () => {
  it('commissions a ship with a nation and a quality, advances a month, and shows the upkeep in dinars and the Atrilian dates', async () => {
    const { host, page } = await qd.start()

    const { nik, tha } = await newAtriliaCampaignWithAdmirals(page, host, { nikandros: 20_000, thalia: 20_000 })

    // The Dashboard's clock reads the Atrilian calendar, not Théah's.
    await openPage(page, 'Dashboard', 'dashboard')
    await page.locator('[data-test=clock-date]').getByText('First Day, 1 Early Spring 1').waitFor()

    // ── The order: a Gyptian crew, veteran ───────────────────────────────────
    await openPage(page, 'Shipyard', 'shipyard')
    const yard = page.locator('[data-test=atrilian-shipyard]')
    await yard.locator('[data-type=pheacianLargeGalley]').click()
    const commission = page.locator('[data-test=commission]')
    const crew = commission.locator('[data-test=commission-crew]')
    // By default, the nation her type names, with its characteristic.
    await crew.locator('[data-test=nation-note]').getByText('+1 to naval repair').waitFor()
    await commission.locator('[data-test=ship-name] input').fill('Horus')
    await choose(page, commission.locator('[data-test=ship-yard]'), 'al-Zabdiyat')
    await choose(page, crew.locator('[data-test=ship-nation]'), 'Gyptian — +1 in boardings')
    await crew.locator('[data-test=nation-note]').getByText('In a battle that uses national characteristics: +1 in boardings').waitFor()
    await choose(page, crew.locator('[data-test=ship-quality]'), 'Veteran (3)')
    await setOwnerShares(page, commission, [['Admiral Nikandros (character)', 60], ['Captain Thalia (character)', 40]])
    await hideMessages(page)
    await shot(page, 'atrilia-money-commission')
    await commission.locator('[data-test=commission-go]').click()
    await commission.locator('[data-test=commissioned]').getByText('Commissioned the Horus').waitFor()
    const ordered = await apiOk<{ crew: { nation: string; quality: number } }>(host, 'ships.get', { shipId: 1 })
    expect(ordered.crew).toMatchObject({ nation: 'gyptian', quality: 3 })

    // ── Four weeks to launch, then a month on the clock ──────────────────────
    await openPage(page, 'Dashboard', 'dashboard')
    await page.locator('[data-test=advance-days] input').fill('28')
    await page.locator('[data-test=advance-custom]').click()
    await page.locator('[data-test=clock-day]').getByText('Day 28 of the campaign').waitFor()
    const before = [(await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: nik.ownerId })).cash, (await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: tha.ownerId })).cash]
    await page.locator('[data-test=advance-month]').click()
    await page.locator('[data-test=clock-day]').getByText('Day 58 of the campaign').waitFor()
    await page.locator('[data-test=clock-date]').getByText('28 Mid Spring 1').waitFor()
    // 150 sailors × 10 + food 150 × 4 = 2,100 dinars on the first of Mid Spring: 1,260 and 840 by the shares.
    await page.locator('[data-test=advance-summary]').getByText('The Horus: wages 1,500 and food 600 dinars, paid by Admiral Nikandros 1,260 and Captain Thalia 840', { exact: false }).waitFor()
    expect((await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: nik.ownerId })).cash).toBe(before[0]! - 1260)
    expect((await apiOk<{ cash: number }>(host, 'ledger.balance', { ownerId: tha.ownerId })).cash).toBe(before[1]! - 840)
    await hideMessages(page)
    await shot(page, 'atrilia-money-month')

    // ── Her sheet: the upkeep with its terms, her crew as ordered ────────────
    await openPage(page, 'Fleet', 'fleet')
    await page.locator('[data-test=fleet-table] tr[data-ship="Horus"]').click()
    const sheet = page.locator('[data-test=ship-sheet][data-setting=atrilia]')
    await expect.poll(() => sheet.getAttribute('data-status')).toBe('port')
    const upkeep = sheet.locator('[data-test=atrilian-upkeep]')
    await upkeep.locator('[data-test=upkeep-total]').getByText('Upkeep this month: 2,100 dinars').waitFor()
    await upkeep.locator('[data-test=upkeep-lines]').getByText('Wages: 150 sailors × 10 dinars').waitFor()
    await upkeep.locator('[data-test=upkeep-lines]').getByText('Food: 150 people aboard × 4 dinars').waitFor()
    await upkeep.locator('[data-test=upkeep-when]').getByText('1 Late Spring 1', { exact: false }).waitFor()
    await sheet.locator('[data-stat=nation]').getByText('Gyptian · +1 in boardings').waitFor()
    await sheet.locator('[data-stat=quality]').getByText('Veteran (3)').waitFor()
    await sheet.locator('[data-test=history]').getByText('Early Spring 1', { exact: false }).first().waitFor()
    await hideMessages(page)
    await upkeep.scrollIntoViewIfNeeded()
    await shot(page, 'atrilia-money-sheet')

    // Her Trade tab: the hold of her type, less her marines' room (none aboard yet).
    await sheet.locator('.n-tabs-tab[data-name="trade"]').click()
    await sheet.locator('[data-test=trade-room]').getByText("Hold 150 t − her marines' room 0 t − cargo 0 t = 150 t free", { exact: false }).waitFor()
    await sheet.locator('[data-test=trade-room]').getByText('In al-Zabdiyat', { exact: false }).waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-money-trade')

    // ── The ledger: the upkeep named, in dinars, on an Atrilian date ─────────
    await openPage(page, 'Ledger', 'ledger')
    const tx = page.locator('[data-test=tx-table]')
    const row = tx.locator('tr', { hasText: 'Monthly upkeep of the Horus' })
    await row.getByText('wages 1,500 and food 600 dinars', { exact: false }).waitFor()
    await row.getByText('1 Mid Spring 1', { exact: false }).waitFor()
    expect(await tx.getByText(/Primus|Secundus|AV\b/).count()).toBe(0)
    await hideMessages(page)
    await row.scrollIntoViewIfNeeded()
    await shot(page, 'atrilia-money-ledger')

    // ── The Rules page: Atrilia's tables first, the Théah ones she uses labelled ──
    await openPage(page, 'Rules', 'rules')
    const list = page.getByRole('navigation', { name: 'Rule tables' })
    await list.locator('[data-test=rule-group-atrilia]').getByText('Atrilia’s tables').waitFor()
    const first = list.locator('.qd-rule-item').first()
    await first.getByText('Atrilian ships', { exact: false }).waitFor()
    await list.locator('[data-test=rule-upkeepAtrilia]').getByText('Atrilian wages and food').waitFor()
    await list.locator('[data-test=rule-cargoPrices] [data-test=rule-used]').getByText('used in Atrilia').waitFor()
    await list.locator('[data-test=rule-cargoPrices] [data-test=rule-note]').getByText('1 dinar = 1 guilder', { exact: false }).waitFor()
    await list.locator('[data-test=rule-calendarAtrilia]').click()
    await page.locator('[data-test=rule-detail]').getByText('Atrilian calendar').first().waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-money-rules')
  })
})
