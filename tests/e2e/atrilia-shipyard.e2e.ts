import { describe, expect, it } from 'vitest'
import { apiOk, choose, hideMessages, newAtriliaCampaignWithAdmirals, openPage, setOwnerShares, shot, useHost } from './harness'

/**
 * Issue 18, first part, as a GM does it in Chromium: a new Atrilia campaign's shipyard is the Atrilian
 * catalogue (seed 002 §2). Commission a Pheacian large galley with a corvus and a castle for two owners
 * in dinars, advance the clock four weeks, see her launched, embark marines and a sea wizard.
 */
const qd = useHost()

interface Money {
  cash: number
  shipFund: number
}

describe('the Atrilian shipyard in Chromium', () => {
  it('commissions a Pheacian large galley for two owners, launches her after four weeks, embarks marines and a sea wizard', async () => {
    const { host, page } = await qd.start()

    // ── A new Atrilia campaign, from the start screen; two admirals with purses ──
    const { nik, tha } = await newAtriliaCampaignWithAdmirals(page, host, { nikandros: 12_000, thalia: 9_000 })
    // A new Atrilia campaign starts on the al-Zabdiyat chart, whose ports include al-Zabdiyat itself.
    const ports = await apiOk<{ name: string }[]>(host, 'ports.list', {})
    expect(ports.map((p) => p.name)).toContain('al-Zabdiyat')

    // ── The Shipyard is the Atrilian catalogue ───────────────────────────────
    await openPage(page, 'Shipyard', 'shipyard')
    const yard = page.locator('[data-test=atrilian-shipyard]')
    const pheacian = yard.locator('[data-type=pheacianLargeGalley]')
    await pheacian.getByText('15,000 dinars · 4 weeks').waitFor()
    await yard.locator('[data-type=gyptianLargeGalley]').getByText('Gyptian or Meshuesh large galley').waitFor()
    await yard.locator('[data-type=zaruq]').getByText('0 (never fights)').waitFor()
    await pheacian.click()
    await expect.poll(() => pheacian.getAttribute('aria-checked')).toBe('true')
    // The catalogue is a radio group: the arrow keys move the choice.
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => yard.locator('[data-type=gyptianLargeGalley]').getAttribute('aria-checked')).toBe('true')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => pheacian.getAttribute('aria-checked')).toBe('true')

    // Improvements: the ram is included in a galley's price, and says so.
    const ram = yard.locator('[data-improvement=ram]')
    await ram.getByText('All galleys have rams: hers is included in her price').waitFor()
    await yard.locator('[data-improvement=corvus] [data-test=opt-corvus]').click()
    await yard.locator('[data-improvement=castle] [data-test=opt-castle]').click()
    const quote = yard.locator('[data-test=quote]')
    await quote.locator('[data-test=quote-total]').getByText('18,300 dinars').waitFor()
    await quote.locator('[data-test=quote-lines]').getByText('Castle (1,000 × size 3)').waitFor()
    await quote.locator('[data-test=quote-lines]').getByText('Corvus').waitFor()
    await quote.locator('[data-test=build-weeks]').getByText('4 weeks').waitFor()
    await quote.locator('[data-stat=travel]').getByText('102 km').waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-shipyard-quote')

    // A baghla cannot have a ram, and a size 0 ship takes no improvements: the checkboxes say why.
    await yard.locator('[data-type=baghla]').click()
    await yard.locator('[data-improvement=ram]').getByText('Baghlas cannot have rams').waitFor()
    await yard.locator('[data-improvement=corvus]').getByText('improve her to size 1 first').waitFor()
    await quote.locator('[data-test=quote-notes]').getByText('A size 0 ship never fights').waitFor()
    await expect(yard.locator('[data-improvement=corvus] [data-test=opt-corvus]').getAttribute('class')).resolves.toContain('disabled')
    await shot(page, 'atrilia-shipyard-baghla')
    await pheacian.click()
    await yard.locator('[data-improvement=corvus] [data-test=opt-corvus]').click()
    await yard.locator('[data-improvement=castle] [data-test=opt-castle]').click()
    await quote.locator('[data-test=quote-total]').getByText('18,300 dinars').waitFor()

    // ── Commission her for two owners, 60% and 40% ────────────────────────────
    const commission = page.locator('[data-test=commission]')
    await commission.locator('[data-test=ship-name] input').fill('Nike')
    await choose(page, commission.locator('[data-test=ship-yard]'), 'al-Zabdiyat')
    await commission.locator('[data-test=yard-note]').getByText('She takes 4 weeks to build in al-Zabdiyat').waitFor()
    await setOwnerShares(page, commission, [['Admiral Nikandros (character)', 60], ['Captain Thalia (character)', 40]])
    await commission.locator('[data-owner="Admiral Nikandros"] [data-test=owner-pays]').getByText('Pays 10,980 dinars').waitFor()
    await commission.locator('[data-owner="Captain Thalia"] [data-test=owner-pays]').getByText('Pays 7,320 dinars').waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-shipyard-commission')
    await commission.locator('[data-test=commission-go]').click()
    await commission.locator('[data-test=commissioned]').getByText('Commissioned the Nike').waitFor()

    expect((await apiOk<Money>(host, 'ledger.balance', { ownerId: nik.ownerId })).cash).toBe(12_000 - 10_980)
    expect((await apiOk<Money>(host, 'ledger.balance', { ownerId: tha.ownerId })).cash).toBe(9_000 - 7_320)

    // ── Four weeks on the clock: she is launched ──────────────────────────────
    await commission.locator('[data-test=open-new-ship]').click()
    const sheet = page.locator('[data-test=ship-sheet][data-setting=atrilia]')
    await sheet.locator('[data-test=ship-name]').getByText('Nike').waitFor()
    await sheet.locator('[data-test=ship-kind]').getByText('Pheacian large galley').waitFor()
    await expect.poll(() => sheet.getAttribute('data-status')).toBe('construction')
    await openPage(page, 'Dashboard', 'dashboard')
    for (let w = 0; w < 4; w++) {
      const before = await page.locator('[data-test=clock-day]').textContent()
      await page.locator('[data-test=advance-week]').click()
      await expect.poll(() => page.locator('[data-test=clock-day]').textContent()).not.toBe(before)
    }
    await openPage(page, 'Fleet', 'fleet')
    const row = page.locator('[data-test=fleet-table] tr[data-ship="Nike"]')
    await row.getByText('Pheacian large galley').waitFor()
    await row.click()
    await sheet.locator('[data-test=ship-name]').getByText('Nike').waitFor()
    await expect.poll(() => sheet.getAttribute('data-status')).toBe('port')
    await sheet.locator('[data-test=ship-place]').getByText('In al-Zabdiyat').waitFor()
    await sheet.locator('[data-test=history]').getByText('Launched: the Nike is afloat and in port in al-Zabdiyat').waitFor()
    await sheet.locator('[data-stat=improvements]').getByText('corvus, ram (as all galleys), castle').waitFor()
    await sheet.locator('[data-stat=quality]').getByText('Green (2)').waitFor()
    await sheet.locator('[data-stat=nation]').getByText('Pheacian · +1 to naval repair').waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-ship-sheet')

    // ── The Crew tab: marines and a sea wizard ────────────────────────────────
    await sheet.locator('.n-tabs-tab[data-name="crew"]').click()
    const marines = sheet.locator('[data-test=crew-marines]')
    await marines.getByText('Her hold takes 6 points at 25 men a point').waitFor()
    const wizards = sheet.locator('[data-test=crew-wizards]')
    await wizards.locator('[data-test=wizards-why]').getByText('Embark marines first').waitFor()
    await expect(wizards.locator('[data-test=embark-wizards]').isDisabled()).resolves.toBe(true)
    const pts = marines.locator('[data-test=marines-in] input')
    await pts.fill('7')
    await pts.press('Tab')
    await marines.locator('[data-test=marines-why]').getByText('Her hold has room for 6 more points.').waitFor()
    await pts.fill('2')
    await pts.press('Tab')
    await marines.locator('[data-test=embark-marines]').click()
    await marines.locator('[data-test=marines-now]').getByText('2 points of marines aboard (50 men)').waitFor()
    await wizards.locator('[data-test=wizard-kind]').getByText('Sea').click()
    await wizards.locator('[data-test=embark-wizards]').click()
    await wizards.locator('[data-test=wizards-now]').getByText('1 sea wizard').waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-ship-crew')

    // Her crew's nation, with its characteristic (§11.1).
    const quality = sheet.locator('[data-test=crew-quality]')
    await choose(page, quality.locator('[data-test=crew-nation]'), 'Gyptian')
    await quality.locator('[data-test=characteristic]').getByText('+1 in boardings').waitFor()

    const s = await apiOk<{ crew: { marines: number; wizards: { kind: string; count: number } | null } }>(host, 'ships.get', { shipId: 1 })
    expect(s.crew).toMatchObject({ marines: 2, wizards: { kind: 'sea', count: 1 }, nation: 'gyptian', qualityName: 'Green' })
  })
})
