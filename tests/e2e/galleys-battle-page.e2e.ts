import { describe, expect, it } from 'vitest'
import { apiOk, openPage, openSample, shot, useHost } from './harness'

/**
 * A Galleys & Galleons battle (issue 19) started through the door shows in the Battles list with its
 * rules named, and its page is the table's own: the turn bar says whose turn it is and what happens
 * now, the wind gauge shows the wind, the orders panel offers to begin the turn, and the way back
 * leads to the battles.
 */

const { start } = useHost()

describe('a Galleys & Galleons battle in Chromium', () => {
  it('is listed with its rules; its page has the turn bar, the wind gauge and the orders, and leads back to the battles', async () => {
    const { host, page } = await start()
    await openSample(page)
    const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', { ruleset: 'galleys', preset: 'scillyLand', seed: 4 })
    await openPage(page, 'Battles', 'battles')
    const row = page.locator('tr', { hasText: 'Scilly Privateers (against the land)' })
    await row.getByText('Galleys & Galleons', { exact: true }).waitFor()
    await shot(page, 'galleys-battle-list')
    await row.getByRole('link', { name: 'Scilly Privateers (against the land)' }).click()
    await page.waitForURL(new RegExp(`/battles/${battleId}$`))
    await page.locator('[data-test=turn-bar-text]').getByText('Turn 1 · The Dutch’s turn · Weather change roll').waitFor()
    await page.locator('[data-test=wind-gauge]').getByText('Wind from the W').waitFor()
    await page.locator('[data-test=begin-turn]').waitFor()
    expect(await page.locator('[data-test=board-not-built]').count()).toBe(0)
    await shot(page, 'galleys-battle-page')
    await page.locator('.qd-crumb').click()
    await page.waitForURL(/#\/campaign\/battles$/)
    expect(await page.locator('tr', { hasText: 'Scilly Privateers (against the land)' }).count()).toBe(1)
  })
})
