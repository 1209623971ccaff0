import { describe, expect, it } from 'vitest'
import { apiOk, openSample, useHost } from './harness'

/**
 * The players' screen (issue 21) in Chromium: a Galleys & Galleons battle open in the GM's browser,
 * the players' page open in a second browser follows it — a step resolved shows there — the enemy's
 * numbers the GM hides show as hidden, and the page goes dark when the GM hides the sea.
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

    const players = await browser({ width: 1280, height: 800 })
    await players.page.goto(`${host.origin}/?token=${host.token}#/players`)
    const turn = players.page.locator('[data-testid=players-turn]')
    await turn.getByText('0 steps played').waitFor()
    await players.page.screenshot({ path: '/tmp/p-start.png' })

    // A step resolved by the GM shows on the players' page.
    await apiOk(host, 'battles.resolveStep', { battleId })
    await turn.getByText('1 step played').waitFor()

    // The GM hides the enemy's numbers from the battle page's dialog.
    await page.locator('[data-test=open-players-screen]').click()
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
    await page.screenshot({ path: '/tmp/p-gm-dialog.png' })
  })
})
