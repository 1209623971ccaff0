import { describe, expect, it } from 'vitest'
import { apiOk, openPage, openSample, shot, useHost } from './harness'

/**
 * A Galleys & Galleons battle (issue 19) started through the door shows in the Battles list with its
 * rules named, and its page says the table's board is not built yet (rather than breaking).
 */

const { start } = useHost()

describe('a Galleys & Galleons battle in Chromium', () => {
  it('is listed with its rules; its page says the board is not built yet and leads back to the battles', async () => {
    const { host, page } = await start()
    await openSample(page)
    const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', { ruleset: 'galleys', preset: 'scillyLand', seed: 4 })
    await openPage(page, 'Battles', 'battles')
    const row = page.locator('tr', { hasText: 'Scilly Privateers (against the land)' })
    await row.getByText('Galleys & Galleons', { exact: true }).waitFor()
    await shot(page, 'galleys-battle-list')
    await row.getByRole('link', { name: 'Scilly Privateers (against the land)' }).click()
    await page.waitForURL(new RegExp(`/battles/${battleId}$`))
    const note = page.locator('[data-test=board-not-built]')
    await note.getByText('This battle is fought on the Galleys & Galleons table, whose board is not built yet.').waitFor()
    await shot(page, 'galleys-battle-page')
    await note.locator('[data-test=to-battles]').click()
    await page.waitForURL(/#\/campaign\/battles$/)
    expect(await page.locator('tr', { hasText: 'Scilly Privateers (against the land)' }).count()).toBe(1)
  })
})
