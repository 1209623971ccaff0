import { describe, expect, it } from 'vitest'
import { parseLabel } from '../../src/shared/atrilia/hex'
import { apiOk, hideMessages, newAtriliaCampaignWithAdmirals, openPage, openShip, shot, useHost } from './harness'

/**
 * Issue 18: an Atrilian battle fought by a campaign ship, concluded through the editable review in
 * Chromium — the Nike (a Pheacian large galley of two owners, crippled) boards and takes the Meshuesh
 * Tjet; the GM reads how each line was worked out, types a bad number of marines lost and sees it
 * refused at the field, puts it right and concludes; "See the review" shows what was written; the
 * Nike's sheet says she is repairing in al-Zabdiyat and the Tjet is in the fleet as a prize.
 */
const qd = useHost()

describe('an Atrilian battle written back to its campaign, in Chromium', () => {
  it('concludes through the review dialog; the crippled ship repairs in port and the prize joins the fleet', async () => {
    const { host, page } = await qd.start({ viewport: { width: 1360, height: 900 } })
    const api = <T>(name: string, input: unknown = {}) => apiOk<T>(host, name, input)

    // A new Atrilia campaign, from the start screen, with two admirals and their war chests.
    const owners = await newAtriliaCampaignWithAdmirals(page, host, { nikandros: 20_000, thalia: 12_000 })
    const a = owners.nik.ownerId
    const b = owners.tha.ownerId

    // al-Zabdiyat friendly to them, the Nike built and manned with marines and sea wizards.
    const port = (await api<{ id: number; name: string }[]>('ports.list', {})).find((p) => p.name === 'al-Zabdiyat')!
    await api('ports.update', { portId: port.id, friendlyTo: { owners: [a, b], nations: [] } })
    const nike = (
      await api<{ shipId: number }>('ships.commission', {
        design: { type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } },
        name: 'Nike',
        owners: [{ ownerId: a, share: 60 }, { ownerId: b, share: 40 }],
        portId: port.id
      })
    ).shipId
    await api('clock.advance', { days: 28 })
    await api('crew.embark', { shipId: nike, marines: 2, wizards: { kind: 'sea', count: 1 } })

    // The battle: the Nike, crippled, beside the Tjet (crippled, no marines); the AI sails the Nike.
    const setup = {
      name: 'The taking of the Tjet',
      sides: [
        { id: 'pheacians', name: 'Pheacians', nation: 'pheacian' },
        { id: 'meshuesh', name: 'Meshuesh', nation: 'meshuesh' }
      ],
      ships: [
        { id: 'nike', name: 'Nike', side: 'pheacians', type: 'pheacianLargeGalley', size: 3, crewQuality: 2, crippled: true, at: parseLabel('E8'), facing: 3, corvus: true, castle: true, marines: 2, wizards: 'sea', shipId: nike },
        { id: 'tjet', name: 'Tjet', side: 'meshuesh', type: 'smallGalley', size: 2, crewQuality: 1, crippled: true, at: parseLabel('E9'), facing: 1, marines: 0 }
      ]
    }
    const { battleId } = await api<{ battleId: number }>('battles.start', { ruleset: 'atrilia', setup, seed: 11, control: { pheacians: 'ai', meshuesh: 'gm' } })
    let over = false
    for (let n = 0; n < 200 && !over; n++) over = !!(await api<{ outcome: unknown }>('battles.resolveStep', { battleId })).outcome
    expect(over).toBe(true)

    // The battle page: review and conclude.
    await page.goto(`${host.url}#/campaign/battles/${battleId}`)
    await page.locator('[data-test=battle-name]').getByText('The taking of the Tjet').waitFor()
    await page.locator('[data-test=banner-conclude]').click()
    const dialog = page.locator('[data-test=atrilia-review]')
    const nikeLine = dialog.locator('tr[data-line="Nike"]')
    await nikeLine.waitFor()
    await dialog.locator('[data-how="Nike"]').getByText('Afloat with her crippled side up (§5.2).', { exact: false }).waitFor()
    await dialog.locator('[data-how="Nike"]').getByText('Crew quality: a green crew that survives a battle becomes veteran (FAQ).', { exact: false }).waitFor()
    await dialog.locator('[data-how="Tjet"]').getByText('Taken by the Nike: her boarders took her (§8.11)', { exact: false }).waitFor()
    expect(await nikeLine.locator('[data-test=line-repair]').getAttribute('aria-checked')).toBe('true')
    await hideMessages(page)
    await shot(page, 'atrilia-writeback-review')

    // A bad number is refused at its field; nothing is written.
    const marines = nikeLine.locator('[data-test=line-marines] input')
    const proposed = await marines.inputValue()
    await marines.fill('3')
    await marines.press('Tab')
    await dialog.locator('[data-test=conclude]').click()
    await nikeLine.locator('[data-test=error-marinesLost]').getByText('More than the 2 points of marines she carried.').waitFor()
    await shot(page, 'atrilia-writeback-refused')
    expect((await api<{ concluded: boolean }>('battles.review', { battleId })).concluded).toBe(false)
    await marines.fill(proposed)
    await marines.press('Tab')
    await dialog.locator('[data-test=conclude]').click()
    await page.locator('[data-test=concluded-banner]').waitFor()

    // "See the review" shows what was written.
    await page.locator('[data-test=over-review]').click()
    await dialog.getByText('The battle, as concluded').waitFor()
    await dialog.locator('[data-how="Nike"] [data-test=line-applied]').getByText('Crippled: she needs two weeks in a friendly port', { exact: false }).waitFor()
    await dialog.locator('[data-how="Tjet"] [data-test=line-applied]').getByText('Taken as a prize in the taking of the Tjet by the Nike', { exact: false }).waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-writeback-written')
    await page.keyboard.press('Escape')

    // The Nike's sheet: repairing in al-Zabdiyat; the crew veteran. The prize is in the fleet.
    await openShip(page, 'Nike')
    await page.locator('[data-test=ship-repair]').getByText(/^Crippled: repairing in al-Zabdiyat, ready on .+ for 1,830 dinars/).waitFor()
    await shot(page, 'atrilia-writeback-sheet')
    await openPage(page, 'Fleet', 'fleet')
    await page.locator('[data-test=fleet-table] tr[data-ship="Tjet"]').waitFor()
    await shot(page, 'atrilia-writeback-fleet')
    await openShip(page, 'Tjet')
    await page.locator('[data-test=ship-repair]').getByText('Crippled: repairing in al-Zabdiyat', { exact: false }).waitFor()

    // The repair's days and price are a house-default table on the Rules page.
    await openPage(page, 'Rules', 'rules')
    await page.locator('[data-test=rule-repairsAtrilia]').click()
    const detail = page.locator('[data-test=rule-detail]')
    await detail.getByText('Atrilian repairs').first().waitFor()
    await detail.getByText('house default', { exact: true }).waitFor()
    await detail.getByText('"two weeks in a friendly port and 10% of her price"', { exact: false }).waitFor()
    await detail.scrollIntoViewIfNeeded()
    await shot(page, 'atrilia-writeback-rules')
  })
})
