import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiOk, choose, openPage, openSample, shot, useHost } from './harness'

/**
 * A Galleys & Galleons battle (issue 19, "The table") started through the door is listed with its
 * rules named, and its battle page shows the turn bar, the wind gauge, the orders and the table: the
 * ships drawn where the state has them (a click on a ship, found by the table's mm → px mapping,
 * selects her), and the ruler reading in mm and S / M / L. Moving a ship: the ghost of the move being
 * composed, and a drag that becomes a pending move (taken back again).
 */

const { start } = useHost()

interface Placed {
  state: { ships: Record<string, { at: { x: number; y: number } }>; wind: { direction: number; marker: string | null } }
}

/** Where a point of the table (mm) is on the page (px), from the table's data attributes. */
async function pagePoint(page: Page, mm: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const table = page.locator('[data-test=galleys-table]')
  const scale = Number(await table.getAttribute('data-scale'))
  const ox = Number(await table.getAttribute('data-origin-x'))
  const oy = Number(await table.getAttribute('data-origin-y'))
  const box = (await table.locator('canvas').first().boundingBox())!
  return { x: box.x + ox + mm.x * scale, y: box.y + oy + mm.y * scale }
}

async function openBattle(page: Page, url: string, battleId: number): Promise<void> {
  void url
  await page.evaluate(`window.location.hash = '#/campaign/battles/${battleId}'`)
  await page.waitForURL(new RegExp(`/battles/${battleId}$`))
  await page.locator('[data-test=galleys-table] canvas').first().waitFor()
}

describe('a Galleys & Galleons battle in Chromium', () => {
  it('is listed with its rules; its page draws the table, a click selects a ship, the ruler reads S / M / L', async () => {
    const { host, page } = await start()
    await openSample(page)
    const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', { ruleset: 'galleys', preset: 'scillyLand', seed: 4 })
    await openPage(page, 'Battles', 'battles')
    const row = page.locator('tr', { hasText: 'Scilly Privateers (against the land)' })
    await row.getByText('Galleys & Galleons', { exact: true }).waitFor()
    await shot(page, 'galleys-battle-list')
    await row.getByRole('link', { name: 'Scilly Privateers (against the land)' }).click()
    await page.waitForURL(new RegExp(`/battles/${battleId}$`))

    const table = page.locator('[data-test=galleys-table]')
    await table.locator('canvas').first().waitFor()
    const ships = table.locator('[data-test=galleys-ships] li')
    await expect.poll(() => ships.count()).toBe(6)
    // The page selects the first ship of the player whose turn it is.
    expect(await table.locator('li[data-ship=curacao]').textContent()).toBe('Curacao (Dutch): afloat, at 700 mm across, 640 mm down, facing 315° (north-west) — selected')
    await page.locator('[data-test=turn-bar-text]').getByText('Turn 1 · The Dutch’s turn · Weather change roll').waitFor()
    await page.locator('[data-test=galleys-wind]').getByText('No marker on the gauge').waitFor()
    await page.locator('[data-test=begin-turn]').waitFor()
    expect(await page.locator('[data-test=board-not-built]').count()).toBe(0)
    // The table fits the page: 900 × 900 mm at one scale.
    expect(await table.getAttribute('data-width-mm')).toBe('900')
    expect(Number(await table.getAttribute('data-scale'))).toBeGreaterThan(0.4)

    // Click St. Barnabas where the state puts her: she is selected, named on the page and in the list.
    const view = await apiOk<Placed>(host, 'battles.state', { battleId })
    const at = view.state.ships.stBarnabas!.at
    const p = await pagePoint(page, at)
    await page.mouse.click(p.x, p.y)
    await expect.poll(() => table.getAttribute('data-selected')).toBe('St. Barnabas')
    await expect.poll(() => table.locator('li[data-ship=stBarnabas]').getAttribute('data-selected')).toBe('true')
    expect(await table.locator('li[data-ship=stBarnabas]').textContent()).toMatch(/— selected$/)
    await expect.poll(() => page.locator('[data-chip="St. Barnabas"]').getAttribute('aria-selected')).toBe('true')
    await page.screenshot({ path: '/tmp/g2-scillyLand-selected.png' })
    await shot(page, 'galleys-battle-page')

    // The open sea: nothing selected.
    const sea = await pagePoint(page, { x: 450, y: 520 })
    await page.mouse.click(sea.x, sea.y)
    await expect.poll(() => table.getAttribute('data-selected')).toBe('')
    expect(await table.locator('li[data-selected=true]').count()).toBe(0)

    // The ruler: 115 mm straight down the table reads Medium (a pixel either way).
    await page.locator('[data-test=tool-ruler]').click()
    await expect.poll(() => table.getAttribute('data-tool')).toBe('ruler')
    const a = await pagePoint(page, { x: 300, y: 500 })
    const b = await pagePoint(page, { x: 300, y: 615 })
    await page.mouse.move(a.x, a.y)
    await page.mouse.down()
    await page.mouse.move(b.x, b.y, { steps: 5 })
    await page.mouse.up()
    await expect.poll(async () => (await table.locator('[data-test=galleys-ruler]').textContent()) ?? '').toMatch(/^11\d(\.\d)? mm: within Medium$/)
    await page.screenshot({ path: '/tmp/g2-scillyLand-ruler.png' })

    // Moving a ship: begin the Dutch turn, activate Curacao; the move composed shows its ghost; a drag is a pending move.
    await page.locator('[data-test=tool-select]').click()
    await page.locator('[data-test=begin-turn]').click()
    await choose(page, page.locator('[data-test=order-ship]'), 'Curacao')
    await page.locator('[data-test=activation-form]').waitFor()
    await page.locator('[data-test=activation-actions] input').fill('2')
    await page.locator('[data-test=activate]').click()
    const pending = async () => (await apiOk<{ pending: { actions: { kind: string }[] } }>(host, 'battles.state', { battleId })).pending.actions.map((a) => a.kind)
    await expect.poll(pending).toEqual(['activate'])
    await page.locator('[data-test=stick-long]').click()
    await page.screenshot({ path: '/tmp/g1-ghost.png' })
    const from = await pagePoint(page, view.state.ships.curacao!.at)
    const to = await pagePoint(page, { x: 640, y: 590 })
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(to.x, to.y, { steps: 8 })
    await page.mouse.up()
    await expect.poll(pending).toEqual(['activate', 'place'])
    await page.locator('[data-test=pending-action]', { hasText: 'Curacao is moved by hand' }).waitFor()
    await page.screenshot({ path: '/tmp/g1-dragged.png' })
    await page.locator('[data-test=remove-action-1]').click()
    await expect.poll(pending).toEqual(['activate'])

    // A shot with hits resolves at once; the battle's Undo takes the roll back and leaves it pending, "Roll them now" rolls it again.
    const steps = async () => (await apiOk<{ log: unknown[] }>(host, 'battles.state', { battleId })).log.length
    await choose(page, page.locator('[data-test=action-kind]'), 'Shoot')
    await choose(page, page.locator('[data-test=action-target]'), 'Clontarf (Privateers)')
    await page.locator('[data-test=action-hits] input').fill('1')
    await page.locator('[data-test=action-hits] input').press('Tab')
    await page.locator('[data-test=add-action]').getByText('Roll it now').click()
    await expect.poll(steps).toBe(2)
    await page.locator('[data-test=battle-undo]').click()
    await expect.poll(steps).toBe(1)
    await expect.poll(pending).toEqual(['activate', 'shoot'])
    await page.locator('[data-test=resolve-pending]').click()
    await expect.poll(steps).toBe(2)
    await expect.poll(pending).toEqual([])
    await page.locator('[data-test=turn-bar-text]').getByText('Curacao activates: 2 actions, 1 used').waitFor()

    // The keys compose and add a move: E E turns 30° to starboard, 1 picks Short, ↑ adds it.
    await choose(page, page.locator('[data-test=action-kind]'), 'Move')
    await page.locator('[data-test=battle-name]').click()
    for (const k of ['e', 'e', '1']) await page.keyboard.press(k)
    await expect.poll(() => page.locator('[data-test=move-turn] input').inputValue()).toBe('30')
    await page.keyboard.press('ArrowUp')
    await page.locator('[data-test=pending-action]', { hasText: 'Curacao moves Short, turning 30° to starboard' }).waitFor()

    await page.locator('.qd-crumb').click()
    await page.waitForURL(/#\/campaign\/battles$/)
    // The Battles page lists its battles once they come: wait for the row (counting at once raced the load).
    await expect.poll(() => page.locator('tr', { hasText: 'Scilly Privateers (against the land)' }).count()).toBe(1)
  })

  it('each preset draws its ships, terrain and wind (screenshots)', async () => {
    const { host, page } = await start({ viewport: { width: 1366, height: 800 } })
    await openSample(page)
    for (const preset of ['assurance', 'scillyLand', 'scillyStrait'] as const) {
      const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', { ruleset: 'galleys', preset, seed: 2 })
      const view = await apiOk<Placed & { setup: { ships: unknown[] } }>(host, 'battles.state', { battleId })
      await openBattle(page, host.url, battleId)
      const table = page.locator('[data-test=galleys-table]')
      await expect.poll(() => table.locator('[data-test=galleys-ships] li[data-status=afloat]').count()).toBe(view.setup.ships.length)
      await page.screenshot({ path: `/tmp/g2-${preset}.png` })
    }
  })

  it('a busy table: thirty ships of every kind, terrain, damage, a struck ship and a grapple are all drawn and listed', async () => {
    const { host, page } = await start({ viewport: { width: 1366, height: 860 } })
    await openSample(page)
    const kinds = [
      ['surface', 'sail'],
      ['surface', 'galley'],
      ['surface', 'steam'],
      ['surface', 'unorthodox'],
      ['airship', 'steam'],
      ['submersible', 'steam'],
      ['airship', 'ornithopter'],
      ['surface', 'gyrocopter']
    ] as const
    const players = ['navy', 'corsairs', 'venice', 'sky'].map((id) => ({ id, name: id === 'navy' ? 'Royal Navy' : id === 'corsairs' ? 'Corsairs' : id === 'venice' ? 'Venetians' : 'Sky Pirates' }))
    const ships = Array.from({ length: 30 }, (_, i) => ({
      id: `s${i}`,
      name: `Ship ${i + 1}`,
      player: players[i % 4]!.id,
      points: 30,
      quality: 3,
      combat: 2 + (i % 4),
      hull: kinds[i % 8]![0],
      propulsion: kinds[i % 8]![1],
      at: i === 13 ? { x: 130, y: 430 } : { x: 90 + (i % 6) * 150 + (Math.floor(i / 6) % 2) * 40, y: 90 + Math.floor(i / 6) * 170 },
      facing: (i * 47) % 360
    }))
    const setup = {
      name: 'A crowded sea',
      players,
      ships,
      wind: { direction: 5, marker: null },
      size: { width: 1000, height: 900 },
      terrain: [
        { id: 'tortuga', kind: 'island', name: 'Isla Tortuga', points: [{ x: 380, y: 300 }, { x: 520, y: 270 }, { x: 600, y: 360 }, { x: 540, y: 440 }, { x: 400, y: 420 }] },
        { id: 'teeth', kind: 'rocks', name: 'the Teeth', points: [{ x: 800, y: 620 }, { x: 840, y: 610 }, { x: 850, y: 650 }, { x: 810, y: 665 }] },
        { id: 'main', kind: 'shore', name: 'the Main', points: [{ x: 0, y: 900 }, { x: 0, y: 760 }, { x: 150, y: 800 }, { x: 300, y: 860 }, { x: 420, y: 900 }] },
        { id: 'away', kind: 'exit', name: 'open sea', player: 'corsairs', points: [{ x: 850, y: 0 }, { x: 1000, y: 0 }, { x: 1000, y: 150 }, { x: 850, y: 150 }] }
      ]
    }
    const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', { ruleset: 'galleys', setup, seed: 7 })
    // The Royal Navy's turn: hits on two ships, one strikes her colours, two ships in contact grapple.
    await apiOk(host, 'battles.stepOrders', {
      battleId,
      orders: {
        actions: [
          { kind: 'damage', ship: 's1', cause: 'gunnery', hits: 1 },
          { kind: 'damage', ship: 's9', cause: 'gunnery', hits: 2 },
          { kind: 'strike', ship: 's2' },
          { kind: 'grapple', ship: 's12', other: 's13' }
        ]
      }
    })
    await apiOk(host, 'battles.resolveStep', { battleId })
    await openBattle(page, host.url, battleId)
    const table = page.locator('[data-test=galleys-table]')
    await expect.poll(() => table.locator('[data-test=galleys-ships] li').count()).toBe(30)
    await expect.poll(() => table.locator('li[data-ship=s2]').getAttribute('data-status')).toBe('struck')
    expect(await table.locator('li[data-ship=s1]').textContent()).toMatch(/; 1 of 3 hits/)
    expect(await table.locator('li[data-ship=s9]').textContent()).toMatch(/; 2 of 3 hits/)
    // A click on a ship in the crowd selects that one.
    const view = await apiOk<Placed>(host, 'battles.state', { battleId })
    const p = await pagePoint(page, view.state.ships.s20!.at)
    await page.mouse.click(p.x, p.y)
    await expect.poll(() => table.getAttribute('data-selected')).toBe('Ship 21')
    await page.screenshot({ path: '/tmp/g2-busy.png' })
  })
})
