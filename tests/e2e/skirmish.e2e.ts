import { describe, expect, it } from 'vitest'
import { apiOk, choose, openPage, shot, type Browser, type Served, useHost } from './harness'

/**
 * Issue 21: the Skirmish screen asks which rules to fight under; Galleys & Galleons opens the conversion dialog.
 * Issue 16, point 11: the skirmish screen measures a campaign ship as she is — her hull now (the damage
 * she carries from an earlier battle) and the gunners her roster assigns — before the battle starts.
 */

let host: Served | undefined
let b: Browser | undefined
// The host and browser of each test close after it.
const qd = useHost()

interface Review {
  lines: { participantId: string; name: string; shipId: number | null; hullDamage: number }[]
}

describe('the skirmish preview (issue 16, point 11)', () => {
  it('shows a campaign ship with her current hull and her assigned gunners, and the battle starts with them', async () => {
    host = await qd.serve()
    b = await qd.browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').waitFor()
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id

    // A gunner with Gunnery 5 signs on for her port battery (the sample's gunner serves the others).
    const gunner = await apiOk<{ id: number }>(host, 'people.create', { name: 'Ned Gunn', kind: 'npc', knacks: { Gunnery: 5 } })
    await apiOk(host, 'crew.hire', { shipId: seaDog, officers: [{ role: 'gunner', personId: gunner.id, battery: 'port' }] })

    // What the battle gives her from her roster: Ned at the port battery.
    const pv = await apiOk<{ gunners: Record<string, number>; officers: number }[]>(host, 'battles.preview', { participants: [{ shipId: seaDog, side: 'Tortuga', control: 'gm' }] })
    const roster = pv[0]!.gunners
    expect(roster.port).toBe(5)
    const others = roster.starboard!
    expect(others).not.toBe(5)
    // An earlier fight left her 7 hull damage (concluded as the GM wrote it).
    const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', {
      participants: [
        { shipId: seaDog, side: 'Tortuga', control: 'gm' },
        { generate: { hull: 'merchantman', armament: 'light', name: 'Prudence' }, side: 'Montaigne' }
      ],
      range: 'far',
      seed: 5
    })
    const review = await apiOk<Review>(host, 'battles.review', { battleId })
    const lines = review.lines.map((l) => (l.shipId === seaDog ? { ...l, hullDamage: 7 } : l))
    await apiOk(host, 'battles.conclude', { battleId, lines })

    await openPage(page, 'Battles', 'battles')
    await page.locator('[data-test=new-skirmish]').click()
    await page.waitForURL(/#\/campaign\/battles\/new$/)
    const ours = page.locator('[data-side="Our side"]')
    await ours.locator('[data-test=add-participant]').click()
    const modal = page.locator('[data-test=add-modal]')
    await modal.waitFor()
    await choose(page, modal.locator('[data-test=pick-ship]'), 'Sea Dog (Corsair)')
    // Her gunners as her roster assigns them.
    await modal.getByText("Gunners' Gunnery, per battery (as her roster assigns them)").waitFor()
    await expect.poll(() => modal.getByLabel('Gunnery, Port').inputValue()).toBe('5')
    await expect(modal.getByLabel('Gunnery, Starboard').inputValue()).resolves.toBe(String(others))
    // Her named officers (Ned among them) as her roster has them, not 0.
    expect(pv[0]!.officers).toBeGreaterThanOrEqual(1)
    await expect(modal.getByLabel('Officers').inputValue()).resolves.toBe(String(pv[0]!.officers))
    await shot(page, 'issue16-skirmish-add-gunners')
    await modal.locator('[data-test=confirm-add]').click()
    await modal.waitFor({ state: 'hidden' })

    const theirs = page.locator('[data-side="Their side"]')
    await theirs.locator('[data-test=add-participant]').click()
    await modal.waitFor()
    await modal.getByText('From the encounter table', { exact: true }).click()
    await choose(page, modal.locator('[data-test=gen-hull]'), 'Merchantman')
    await modal.getByLabel('Generated ship name').fill('Fortune')
    await modal.locator('[data-test=confirm-add]').click()
    await modal.waitFor({ state: 'hidden' })

    // The preview: her hull now out of her Hull points, and her gunnery per battery.
    const row = page.locator('[data-test=skirmish-preview] tr').filter({ hasText: 'Sea Dog' })
    await row.getByText('18 / 25', { exact: true }).waitFor()
    await row.getByText(`5 / ${roster.starboard} / ${roster.chasers} / ${roster.stern}`, { exact: true }).waitFor()
    // At 1280 px the preview shows every column, the captain's too, without scrolling sideways.
    const body = page.locator('[data-test=skirmish-preview] .n-data-table-base-table-body').first()
    await expect.poll(() => body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    await shot(page, 'issue16-skirmish-preview')

    // Issue 21: which rules to fight it under. One ship a side can be a Broadsides duel; a fort could not.
    const under = page.locator('[data-test=fight-under]')
    const galleys = under.locator('[data-ruleset=galleys] .n-radio')
    await expect.poll(() => galleys.getAttribute('class')).not.toMatch(/n-radio--disabled/)
    await expect.poll(() => under.locator('[data-ruleset=broadsides] .n-radio').getAttribute('class')).not.toMatch(/n-radio--disabled/)
    await galleys.click()
    await page.getByText('The starting range and the weather are High Seas Combat’s: a converted battle does not use them.').waitFor()
    await under.scrollIntoViewIfNeeded()
    await shot(page, 'issue21-skirmish-fight-under')
    // The conversion dialog: each ship converted for the table, named by her side; no voyage's log to note it in.
    await page.locator('[data-test=start-battle]').filter({ hasText: 'See the ships converted' }).click()
    const dialog = page.locator('[data-test=conversion-dialog]')
    await expect.poll(() => dialog.locator('[data-test=conversion-ship]').count()).toBe(2)
    await dialog.locator('[data-ship="Sea Dog"]').getByText('Side “Our side” · campaign ship').waitFor()
    await expect(dialog.locator('[data-test=fight-note]').count()).resolves.toBe(0)
    await shot(page, 'issue21-skirmish-conversion')
    // The dialog's start is enabled; cancelled here, the GM goes back to High Seas, which starts as before
    // (starting a converted skirmish through the door: tests/integration/conversion-skirmish.test.ts).
    await expect.poll(() => dialog.getByRole('button', { name: 'Start the battle' }).isEnabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await under.locator('[data-ruleset=highSeas] .n-radio').click()
    await page.locator('[data-test=start-battle]').filter({ hasText: 'Start battle' }).waitFor()

    await page.locator('[data-test=start-battle]').click()
    await page.waitForURL(/#\/campaign\/battles\/\d+$/)
    const id = Number(/battles\/(\d+)$/.exec(page.url())![1])
    const v = await apiOk<{ setup: { participants: { shipId?: number; hullPoints: number; hullDamage: number; gunners: Record<string, number> }[] } }>(host, 'battles.state', {
      battleId: id
    })
    const dog = v.setup.participants.find((p) => p.shipId === seaDog)!
    expect(dog.hullPoints - dog.hullDamage).toBe(18)
    expect(dog.gunners).toEqual(roster)
  })
})
