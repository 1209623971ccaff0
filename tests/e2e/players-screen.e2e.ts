import { describe, expect, it } from 'vitest'
import { apiOk, openSample, useHost } from './harness'

/**
 * The players' screen (issue 21) in Chromium: a Galleys & Galleons battle open in the GM's browser,
 * the players' page open in a second browser follows it — a step resolved shows there — the enemy's
 * numbers the GM hides show as hidden, and the page goes dark when the GM hides the sea. With a voyage
 * under way and no battle fought, the players' page shows the voyage's chart, and moves on when the GM
 * sails a day from the voyage's page.
 */

const { start, browser } = useHost()

describe("the players' screen in Chromium", () => {
  it('follows the battle in a second browser, shows hidden enemy numbers as hidden and goes dark on blackout', async () => {
    const { host, page } = await start({ viewport: { width: 1280, height: 800 } })
    await openSample(page)
    const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 11 })
    await page.evaluate(`window.location.hash = '#/campaign/battles/${battleId}'`)
    await page.locator('[data-test=open-players-screen]').waitFor()
    // A laptop-sized players' screen: 1.5 mm of table a pixel (a TV at miniature size keeps the default).
    await apiOk(host, 'players.set', { mmPerPx: 1.5 })

    // The link the GM's dialog gives is read-only: the players' token, not this window's.
    await page.locator('[data-test=open-players-screen]').click()
    const link = (await page.locator('[data-test=players-link]').textContent())!
    expect(link).toContain('#/players')
    expect(link).not.toContain(host.token)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)

    const players = await browser({ width: 1280, height: 800 })
    await players.page.goto(link)
    const turn = players.page.locator('[data-testid=players-turn]')
    await turn.getByText('0 steps played').waitFor()
    await players.page.screenshot({ path: '/tmp/p-start.png' })

    // A step resolved by the GM shows on the players' page.
    await apiOk(host, 'battles.resolveStep', { battleId })
    await turn.getByText('1 step played').waitFor()

    // The GM hides the enemy's numbers from the battle page's dialog.
    await page.locator('[data-test=open-players-screen]').click()
    await page.getByRole('dialog').getByText('Hidden', { exact: true }).waitFor()
    // Opening the dialog only reads: the screen still follows the battle, and no change was written.
    expect((await apiOk<{ follow: boolean }>(host, 'players.settings', {})).follow).toBe(true)
    await page.getByRole('dialog').getByText('Hidden', { exact: true }).click()
    const enemyRows = players.page.locator('[data-testid=players-pieces] tr[data-ours=false] td:last-child')
    await players.page.waitForFunction(
      `(() => { const cells = [...document.querySelectorAll('[data-testid=players-pieces] tr[data-ours=false] td:last-child')]; return cells.length > 0 && cells.every((c) => c.textContent === 'hidden') })()`
    )
    expect(await enemyRows.count()).toBeGreaterThan(0)
    await players.page.screenshot({ path: '/tmp/p-hidden.png', fullPage: true })

    // The sea is hidden: the page goes dark.
    await page.locator('[data-test=players-blackout]').click()
    await players.page.locator('[data-testid=players-blackout]').getByText('The sea is hidden').waitFor()
    expect(await players.page.locator('[data-testid=players-pieces]').count()).toBe(0)
    await players.page.screenshot({ path: '/tmp/p-blackout.png' })
    // The read-only link reaches nothing of the GM's: a command with its token is refused.
    const refused = await players.page.evaluate(
      `(async () => (await fetch('/api/battles.list', { method: 'POST', headers: { Authorization: 'Bearer ' + sessionStorage.getItem('quarterdeck-token'), 'Content-Type': 'application/json' }, body: '{}' })).status)()`
    )
    expect(refused).toBe(403)
    await page.screenshot({ path: '/tmp/p-gm-dialog.png' })
  })

  it("shows the voyage's chart with no battle fought and moves on when the GM sails a day", async () => {
    const { host, page } = await start({ viewport: { width: 1280, height: 800 } })
    await openSample(page)
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const ports = await apiOk<{ id: number; name: string }[]>(host, 'ports.list')
    const port = (n: string) => ports.find((p) => p.name === n)!.id
    const v = await apiOk<{ id: number; name: string }>(host, 'voyages.start', {
      shipIds: [ships.find((x) => x.name === 'Santa Lucia')!.id],
      route: [port('San Cristóbal'), port('La Bucca')],
      dice: [5]
    })
    await page.evaluate(`window.location.hash = '#/campaign/voyages/${v.id}'`)
    await page.locator('[data-test=voyage-players-screen]').waitFor()

    const players = await browser({ width: 1280, height: 800 })
    await players.page.goto(`${host.origin}/?token=${host.token}#/players`)
    const day = players.page.locator('[data-testid=players-day]')
    await day.getByText('0 days at sea').waitFor()
    const chart = players.page.locator('[data-testid=players-chart]')
    expect(await chart.locator('.port').count()).toBeGreaterThan(5)
    expect(await chart.locator('.land, .area').count()).toBeGreaterThan(0)
    const at = async () => players.page.locator('[data-testid=players-position]').evaluate((g) => `${g.getAttribute('data-x')},${g.getAttribute('data-y')}`)
    const before = await at()

    // The GM sails a day from the voyage's page: the players' chart moves on.
    await page.locator('[data-test=sail-day]').click()
    await day.getByText('1 day at sea').waitFor()
    expect(await at()).not.toBe(before)
    await players.page.locator('[data-testid=players-track]').waitFor()
    expect(await players.page.getByText('La Bucca', { exact: true }).count()).toBeGreaterThan(0)
    // Nothing the GM alone sees: no port notes on the players' page.
    expect(await players.page.getByText('The pirate haven: no questions asked').count()).toBe(0)
    await players.page.screenshot({ path: '/tmp/p2-voyage.png' })

    // The GM's dialog on the voyage page: it says what shows now.
    await page.locator('[data-test=voyage-players-screen]').click()
    await page.getByRole('dialog').locator('[data-test=players-showing]').getByText(`the chart of ${v.name}`).waitFor()
    await page.screenshot({ path: '/tmp/p2-gm-dialog.png' })
  })
})
