import { describe, expect, it } from 'vitest'
import { apiOk, choose, chooseMany, hideMessages, newAtriliaCampaignWithAdmirals, openPage, openShip, setOwnerShares, shot, useHost } from './harness'

/**
 * Issue 18, done when: an Atrilia campaign tried as a new GM would, from one end to the other in
 * Chromium. A new Atrilia campaign; a Pheacian large galley with a corvus and a castle commissioned for
 * two owners and launched after her four weeks; marines and a sea wizard embarked; a voyage on the chart
 * to the Pheacian harbour; an encounter with a Meshuesh galley added on the first day and fought on the
 * hex board; the battle played out (both sides by the computer) and concluded through the review, where
 * the GM marks the galley crippled and the Meshuesh galley taken; then the crippled ship repairs in the
 * friendly port, the prize is in the fleet, the crew is veteran, and every dinar is in the ledger.
 *
 * The pieces on their own, with every refusal and term, are tested in atrilia-shipyard, atrilia-voyage,
 * atrilia-encounter-battle, atrilia-battle-writeback and atrilia-money: this test is the path between them.
 */
const qd = useHost()
/** The battle seed's nine d10 (see below). */
const SEED_FACES = [3, 1, 4, 1, 5, 9, 2, 6, 5]

describe('an Atrilia campaign from the first ship to the prize, in Chromium (issue 18)', () => {
  it('commissions, launches, embarks, sails, meets, fights, concludes, repairs and accounts for every dinar', { timeout: 240_000 }, async () => {
    const { host, page } = await qd.start({ viewport: { width: 1360, height: 900 } })
    const api = <T>(name: string, input: unknown = {}) => apiOk<T>(host, name, input)

    // The campaign, the two owners and their purses (the People page and the ledger's grants are tested on their own).
    const owners = await newAtriliaCampaignWithAdmirals(page, host, { nikandros: 20_000, thalia: 12_000 }, 'Admirals of al-Zabdiyat')
    const nik = owners.nik.ownerId
    const tha = owners.tha.ownerId

    // ── The shipyard: a Pheacian large galley with a corvus and a castle, for two owners ──
    await openPage(page, 'Shipyard', 'shipyard')
    const yard = page.locator('[data-test=atrilian-shipyard]')
    await yard.locator('[data-type=pheacianLargeGalley]').click()
    await yard.locator('[data-improvement=corvus] [data-test=opt-corvus]').click()
    await yard.locator('[data-improvement=castle] [data-test=opt-castle]').click()
    await yard.locator('[data-test=quote-total]').getByText('18,300 dinars').waitFor()
    const form = page.locator('[data-test=commission]')
    await form.locator('[data-test=ship-name] input').fill('Thalassa')
    await choose(page, form.locator('[data-test=ship-yard]'), 'al-Zabdiyat')
    await setOwnerShares(page, form, [['Admiral Nikandros (character)', 60], ['Captain Thalia (character)', 40]])
    await form.locator('[data-test=commission-go]').click()
    await form.locator('[data-test=commissioned]').getByText('Commissioned the Thalassa').waitFor()

    // ── Four weeks on the clock: she is launched ──
    await openPage(page, 'Dashboard', 'dashboard')
    for (let w = 0; w < 4; w++) {
      const before = await page.locator('[data-test=clock-day]').textContent()
      await page.locator('[data-test=advance-week]').click()
      await expect.poll(() => page.locator('[data-test=clock-day]').textContent()).not.toBe(before)
    }
    await openShip(page, 'Thalassa')
    const sheet = page.locator('[data-test=ship-sheet][data-setting=atrilia]')
    await expect.poll(() => sheet.getAttribute('data-status')).toBe('port')
    await sheet.locator('[data-stat=quality]').getByText('Green (2)').waitFor()

    // ── Marines and a sea wizard ──
    await sheet.locator('.n-tabs-tab[data-name="crew"]').click()
    const marines = sheet.locator('[data-test=crew-marines]')
    await marines.locator('[data-test=marines-in] input').fill('2')
    await marines.locator('[data-test=marines-in] input').press('Tab')
    await marines.locator('[data-test=embark-marines]').click()
    await marines.locator('[data-test=marines-now]').getByText('2 points of marines aboard (50 men)').waitFor()
    const wizards = sheet.locator('[data-test=crew-wizards]')
    await wizards.locator('[data-test=wizard-kind]').getByText('Sea').click()
    await wizards.locator('[data-test=embark-wizards]').click()
    await wizards.locator('[data-test=wizards-now]').getByText('1 sea wizard').waitFor()

    // ── A voyage on the chart, to the Pheacian harbour ──
    await openPage(page, 'Chart', 'chart')
    await page.locator('[data-test=plan-voyage]').click()
    const plan = page.locator('[data-test=plan-panel]')
    await chooseMany(page, plan.locator('[data-test=plan-ships]'), ['Thalassa — in al-Zabdiyat'])
    await choose(page, plan.locator('[data-test=plan-stop-1]'), 'Pheacian harbour')
    await plan.locator('[data-test=plan-result] [data-test=plan-speed]').getByText('102 km/day', { exact: false }).waitFor()
    await expect.poll(() => plan.locator('[data-test=set-sail]').isDisabled()).toBe(false)
    await plan.locator('[data-test=set-sail]').click()
    await page.waitForURL(/#\/campaign\/voyages\/\d+$/)
    const voyageId = Number(/voyages\/(\d+)$/.exec(page.url())![1])
    await page.locator('[data-test=sail-day]').click()
    await expect.poll(() => page.locator('[data-test=voyage-progress]').getAttribute('data-sailed')).toBe('102')

    // ── An encounter: a Meshuesh galley ──
    await page.locator('[data-test=add-encounter]').click()
    const add = page.locator('[data-test=add-encounter-dialog]')
    await choose(page, add.locator('[data-test=enc-type-0]'), 'Gyptian or Meshuesh large galley — size 3, 200 crew')
    await choose(page, add.locator('[data-test=enc-nation-0]'), 'Meshuesh')
    await choose(page, add.locator('[data-test=enc-quality-0]'), '3 — veteran')
    await add.locator('[data-test=enc-marines-0] input').fill('2')
    await expect.poll(() => add.locator('[data-test=enc-add]').isDisabled()).toBe(false)
    await add.locator('[data-test=enc-add]').click()
    const card = page.locator('[data-test=atrilian-encounter-card]')
    await card.getByText('A Meshuesh large galley, veteran crew (2 marine points, a ram)').waitFor()

    // ── Fight it on the hex board ──
    // The battle's seed typed by hand (nine d10), so the computer's battle below ends the same way on every run:
    // with the campaign's own dice it is a new battle each time, and not every one ends with the galley taken.
    await page.locator('[data-test=dice-mode-manual]').click()
    await page.locator('[data-test=dice-mode-manual].n-radio-button--checked').waitFor()
    await card.locator('[data-test=choice-fight]').click()
    const setup = page.locator('[data-test=encounter-battle-dialog]')
    await setup.locator('[data-test=setup-map] [data-ship=Thalassa]').waitFor()
    await expect.poll(() => setup.locator('[data-test=start-battle]').isDisabled()).toBe(false)
    await setup.locator('[data-test=start-battle]').click()
    const prompt = page.locator('[data-test=dice-prompt]')
    await prompt.locator('[data-test=dice-purpose]').getByText('Battle seed', { exact: false }).waitFor()
    await page.getByLabel('Faces rolled').fill(SEED_FACES.join(' '))
    await prompt.locator('[data-test=dice-submit]').click()
    await page.waitForURL(/#\/campaign\/battles\/\d+/)
    await page.locator('[data-test=dice-mode-app]').click()
    await page.locator('[data-test=dice-mode-app].n-radio-button--checked').waitFor()
    const battleId = Number(/battles\/(\d+)/.exec(page.url())![1])
    await page.locator('[data-test=hex-board] canvas').first().waitFor()
    await page.locator('[data-test=phase-label]').getByText('Turn 1', { exact: false }).waitFor()

    // Both sides to the computer, played step by step to the end (the GM's own orders on this board are
    // driven in atrilia-playthrough); every step is the door's, as the page's own buttons call it.
    const view = await api<{ setup: { sides: { id: string }[] } }>('battles.state', { battleId })
    for (const s of view.setup.sides) await api('battles.sideControl', { battleId, side: s.id, control: 'ai' })
    let over = false
    for (let n = 0; n < 600 && !over; n++) over = !!(await api<{ outcome: unknown }>('battles.resolveStep', { battleId })).outcome
    expect(over).toBe(true)
    await page.reload()
    await page.locator('[data-test=banner-conclude]').click()

    // ── The review: the GM marks the Thalassa crippled and the Meshuesh galley taken, and concludes ──
    const review = page.locator('[data-test=atrilia-review]')
    const ours = review.locator('tr[data-line="Thalassa"]')
    await ours.waitFor()
    await choose(page, ours.locator('[data-test=line-fate]'), 'Crippled')
    const theirs = review.locator('tr[data-line^="Meshuesh"]').first()
    await choose(page, theirs.locator('[data-test=line-fate]'), 'Captured')
    await expect.poll(() => ours.locator('[data-test=line-repair]').getAttribute('aria-checked')).toBe('true')
    await choose(page, ours.locator('[data-test=line-quality]'), 'Veteran (3)')
    await hideMessages(page)
    await shot(page, 'atrilia-campaign-review')
    await review.locator('[data-test=conclude]').click()
    await page.locator('[data-test=concluded-banner]').waitFor()

    // ── The voyage sails on to the Pheacian harbour with her prize ──
    await page.goto(`${host.url}#/campaign/voyages/${voyageId}`)
    await page.locator('[data-test=sail-on]').click()
    await page.locator('[data-test=arrived]').getByText('Arrived at Pheacian harbour', { exact: false }).waitFor()

    // ── Her sheet: crippled, repairing in port; her crew veteran. The prize in the fleet ──
    await openShip(page, 'Thalassa')
    await sheet.locator('[data-stat=quality]').getByText('Veteran (3)').waitFor()
    await page.locator('[data-test=ship-repair]').getByText(/^Crippled: repairing in Pheacian harbour, ready on .+ for 1,830 dinars/).waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-campaign-repairing')
    const ready = /ready on (.+) for/.exec((await page.locator('[data-test=ship-repair]').textContent()) ?? '')![1]!
    await openPage(page, 'Fleet', 'fleet')
    const fleet = page.locator('[data-test=fleet-table]')
    await fleet.locator('tr[data-ship="Thalassa"]').waitFor()
    await expect.poll(() => fleet.locator('tbody tr').count()).toBe(2)
    await shot(page, 'atrilia-campaign-fleet')

    // ── Two weeks in port, counted from the day after she came in: repaired on the day her sheet gave, paid 60/40 in dinars ──
    await openPage(page, 'Dashboard', 'dashboard')
    for (const step of ['advance-week', 'advance-week', 'advance-day']) {
      const before = await page.locator('[data-test=clock-day]').textContent()
      await page.locator(`[data-test=${step}]`).click()
      await expect.poll(() => page.locator('[data-test=clock-day]').textContent()).not.toBe(before)
    }
    await expect(api<{ label: string }>('clock.now').then((n) => n.label)).resolves.toBe(ready)
    await openShip(page, 'Thalassa')
    await sheet.locator('[data-test=ship-name]').getByText('Thalassa').waitFor()
    await expect.poll(() => page.locator('[data-test=ship-repair]').count()).toBe(0)

    // ── Every dinar in the ledger: each owner's balance is the sum of the lines the Ledger lists ──
    await openPage(page, 'Ledger', 'ledger')
    await page.getByText('Repairs to the Thalassa', { exact: false }).first().waitFor()
    await hideMessages(page)
    await shot(page, 'atrilia-campaign-ledger')
    type Tx = { memo: string; lines: { ownerId: number; account: string; amount: number }[] }
    for (const [owner, share] of [[nik, 60], [tha, 40]] as const) {
      const h = await api<{ transactions: Tx[]; total: number }>('ledger.history', { ownerId: owner, limit: 1000 })
      const lines = h.transactions.flatMap((t) => t.lines.filter((l) => l.ownerId === owner && l.account === 'cash').map((l) => ({ memo: t.memo, amount: l.amount })))
      const balance = await api<{ cash: number }>('ledger.balance', { ownerId: owner })
      expect(lines.reduce((n, l) => n + l.amount, 0)).toBe(balance.cash)
      expect(lines.find((l) => l.memo.startsWith('Repairs to the Thalassa'))!.amount).toBe(-(1830 * share) / 100)
      expect(lines.some((l) => l.amount === -(18_300 * share) / 100)).toBe(true)
    }
  })
})
