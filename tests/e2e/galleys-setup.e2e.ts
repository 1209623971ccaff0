import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiOk, choose, hideMessages, openPage, useHost } from './harness'

/**
 * Setting up a Galleys & Galleons table (issue 19, "a table of settable size … islands, rocks and
 * shore (drawn or placed by the GM), exit zones"): from New battle…, the scenario's table is set to
 * another size, an island drawn by its corners, a rock placed with one click, a piece deleted; a
 * ship dragged off the table is refused at the ships, as a size out of range is at its field, and
 * nothing starts, as a wind cleared is; then the battle starts with the terrain on its page's table. An
 * address naming no scenario is refused.
 */

const { start } = useHost()

async function pagePoint(page: Page, mm: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const table = page.locator('[data-test=galleys-table]')
  const scale = Number(await table.getAttribute('data-scale'))
  const ox = Number(await table.getAttribute('data-origin-x'))
  const oy = Number(await table.getAttribute('data-origin-y'))
  const box = (await table.locator('canvas').first().boundingBox())!
  return { x: box.x + ox + mm.x * scale, y: box.y + oy + mm.y * scale }
}
const click = async (page: Page, mm: { x: number; y: number }) => {
  const p = await pagePoint(page, mm)
  await page.mouse.click(p.x, p.y)
}

describe('setting up a Galleys & Galleons table in Chromium', () => {
  it('sets the size, draws an island by its corners, places a rock, deletes a piece, is refused a ship off the table, starts with the terrain', async () => {
    const { host, page } = await start({ campaign: 'Galleys Setup', viewport: { width: 1440, height: 960 } })
    await openPage(page, 'Battles', 'battles')
    await page.locator('[data-test=new-battle]').click()
    const dialog = page.locator('[data-test=new-battle-dialog]')
    await dialog.locator('[data-test=ruleset-galleys]').click()
    await choose(page, dialog.locator('[data-test=new-battle-preset]'), 'Scilly Privateers (against the land)')
    await dialog.locator('[data-test=new-battle-setup]').click()
    await page.waitForURL(/\/battles\/new\/galleys\?/)
    const table = page.locator('[data-test=galleys-table]')
    await table.locator('canvas').first().waitFor()
    const pieces = table.locator('[data-test=galleys-terrain] li')
    await expect.poll(() => pieces.count()).toBe(3)
    expect(await table.getAttribute('data-width-mm')).toBe('900')
    await page.locator('[data-test=setup-size-help]').getByText('The rules’ default: 900 × 900 mm.').waitFor()

    // A wider table: 1200 × 900 mm.
    await page.locator('[data-test=setup-width] input').fill('1200')
    await page.locator('[data-test=setup-width] input').press('Tab')
    await expect.poll(() => table.getAttribute('data-width-mm')).toBe('1200')

    // An island drawn by its corners; the double-click closes it.
    await page.locator('[data-test=setup-tool-draw]').click()
    await expect.poll(() => table.getAttribute('data-tool')).toBe('draw')
    await click(page, { x: 950, y: 400 })
    await click(page, { x: 1100, y: 420 })
    await expect.poll(() => table.getAttribute('data-draft')).toBe('2')
    const last = await pagePoint(page, { x: 1020, y: 560 })
    await page.mouse.dblclick(last.x, last.y)
    await expect.poll(() => pieces.count()).toBe(4)
    expect(await table.locator('li[data-piece=island1]').textContent()).toBe('island 1 (island): 3 corners, 950–1100 mm across, 400–560 mm down')
    await page.locator('[data-test=setup-piece-name] input').fill('Tresco')
    await expect.poll(() => table.locator('li[data-piece=island1]').textContent()).toMatch(/^Tresco \(island\)/)

    // A rock placed with one click.
    await page.locator('[data-test=setup-tool-stamp]').click()
    await page.locator('[data-test=setup-stamp-rocks]').click()
    await click(page, { x: 1000, y: 800 })
    await expect.poll(() => pieces.count()).toBe(5)
    expect(await table.locator('li[data-piece=rocks1]').textContent()).toBe('rocks 1 (rocks): 6 corners, 978–1022 mm across, 775–825 mm down')
    await hideMessages(page)
    await page.screenshot({ path: '/tmp/g2b-drawn.png' })

    // Delete the preset's rocks: select them on the table, then Delete.
    await page.locator('[data-test=setup-tool-select]').click()
    await click(page, { x: 335, y: 345 })
    await expect.poll(() => table.locator('li[data-piece=rocks]').getAttribute('data-selected')).toBe('true')
    await page.locator('[data-test=setup-piece-delete]').click()
    await expect.poll(() => pieces.count()).toBe(4)
    expect(await table.locator('li[data-piece=rocks]').count()).toBe(0)

    // A size out of range is refused at its field, and nothing starts.
    const battles = async () => (await apiOk<unknown[]>(host, 'battles.list')).length
    const before = await battles()
    await page.locator('[data-test=setup-height] input').fill('50')
    await page.locator('[data-test=setup-height] input').press('Tab')
    // The table stays drawn at the last size that stood, and says so.
    await page.locator('[data-test=setup-size-help]').getByText('The table is drawn 1200 × 900 mm until a size of 100–5000 mm is entered.').waitFor()
    await page.locator('[data-test=setup-start]').click()
    await page.getByText('Must be at least 100.').waitFor()
    // Said once, at the size: not again at every ship.
    expect(await page.locator('[data-test=setup-ships-error]').count()).toBe(0)
    expect(await battles()).toBe(before)
    await page.locator('[data-test=setup-height] input').fill('900')
    await page.locator('[data-test=setup-height] input').press('Tab')
    // A table too narrow for the Dutch: each ship off it is named at the ships, and nothing starts.
    await page.locator('[data-test=setup-width] input').fill('600')
    await page.locator('[data-test=setup-width] input').press('Tab')
    await page.locator('[data-test=setup-start]').click()
    await page.locator('[data-test=setup-ships-error]').getByText(/^Curacao is off the table \(600 × 900 mm\)\. St\. Barnabas is off the table/).waitFor()
    await hideMessages(page)
    await page.screenshot({ path: '/tmp/g2b-refused.png' })
    expect(await battles()).toBe(before)
    await page.locator('[data-test=setup-width] input').fill('1200')
    await page.locator('[data-test=setup-width] input').press('Tab')

    // A wind cleared is refused at its field (the table says which wind it still shows), and nothing starts.
    const windField = page.locator('[data-test=setup-wind] input')
    const windWas = await windField.inputValue()
    await windField.fill('')
    await page.locator('[data-test=setup-wind-help]').getByText(`The table shows the wind from point ${windWas} until a point is entered`).waitFor()
    await page.locator('[data-test=setup-start]').click()
    await page.getByText('Enter the point the wind blows from.').waitFor()
    await hideMessages(page)
    await page.screenshot({ path: '/tmp/g2b-wind.png' })
    expect(await battles()).toBe(before)
    await windField.fill(windWas)

    // Start: the battle's page draws the terrain set up.
    await page.locator('[data-test=setup-start]').click()
    await page.waitForURL(/\/battles\/\d+$/)
    const battleId = Number(/\/battles\/(\d+)/.exec(page.url())![1])
    await table.locator('canvas').first().waitFor()
    await expect.poll(() => table.getAttribute('data-width-mm')).toBe('1200')
    await expect.poll(() => pieces.count()).toBe(4)
    expect(await table.locator('li[data-piece=island1]').textContent()).toMatch(/^Tresco \(island\): 3 corners/)
    expect(await table.locator('li[data-piece=rocks1]').count()).toBe(1)
    const view = await apiOk<{ setup: { size: { width: number; height: number }; terrain: { id: string; name: string }[] } }>(host, 'battles.state', { battleId })
    expect(view.setup.size).toEqual({ width: 1200, height: 900 })
    expect(view.setup.terrain.map((t) => t.id)).toEqual(['scilly', 'dutchExit', 'island1', 'rocks1'])
    await hideMessages(page)
    await page.screenshot({ path: '/tmp/g2b-battle.png' })

    // An address naming no scenario is refused in words (not opened as another scenario).
    await page.evaluate(`window.location.hash = '#/campaign/battles/new/galleys?preset=nowhere'`)
    await page.locator('[data-test=galleys-setup-unknown]').getByText('Quarterdeck has no Galleys & Galleons scenario called “nowhere”.').waitFor()
    expect(await page.locator('[data-test=galleys-setup]').count()).toBe(0)
  })
})
