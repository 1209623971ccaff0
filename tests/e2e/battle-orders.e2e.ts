import { afterEach, describe, expect, it } from 'vitest'
import { apiOk, browser, choose, serve, shot, type Browser, type Served } from './harness'

/**
 * Issue 16, points 7 and 8 (High Seas Combat, IV. Of Naval Combat): resolving a turn never depends on
 * the ship selected, Tab moves the focus (N picks ships), and the orders panel checks orders as they are
 * given, by the engine's own check.
 */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

interface View {
  setup: { participants: { id: string; name: string; control: string }[] }
  state: { turn: number }
  pending: { ships: Record<string, { grapple?: string }> }
  turns: { orders: Record<string, { grapple?: string; fire: { battery: string; target: string }[] }> }[]
}

describe('battle orders (issue 16, points 7 and 8)', () => {
  it('a battery option that cannot fire is disabled with the reason, what will be held is shown before resolving, and Enter resolves with an AI ship selected', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').waitFor()
    const ships = await apiOk<{ id: number; name: string }[]>(host, 'ships.list')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!.id
    const { battleId } = await apiOk<{ battleId: number }>(host, 'battles.start', {
      name: 'Off the Cabora reefs',
      participants: [
        { shipId: seaDog, side: 'Tortuga', crewKind: 'pirate', control: 'gm' },
        { generate: { hull: 'merchantman', armament: 'heavy', nation: 'Montaigne', name: 'Fortune' }, side: 'Montaigne' }
      ],
      range: 'short',
      seed: 1234
    })
    const state = () => apiOk<View>(host, 'battles.state', { battleId })
    const v0 = await state()
    const dog = v0.setup.participants.find((p) => p.name === 'Sea Dog')!.id
    const fortune = v0.setup.participants.find((p) => p.name === 'Fortune')!.id
    expect(v0.setup.participants.find((p) => p.id === fortune)!.control).toBe('ai')

    await page.goto(`${host.origin}/#/campaign/battles/${battleId}`)
    const board = page.locator('[data-test=battle-board]')
    await expect.poll(() => board.getAttribute('data-selected')).toBe(dog)
    const orders = page.locator('[data-test=orders-panel]')

    // Point 8: the port battery fires at the Fortune; the starboard battery may not fire at her too, and says why.
    await choose(page, orders.locator('[data-test=fire-port]'), 'Fortune — Short')
    await orders.locator('[data-test=fire-starboard]').click()
    const refused = page.locator('.n-base-select-option--disabled:visible').filter({ hasText: 'Fortune — Short' })
    await refused.waitFor()
    expect(await refused.textContent()).toContain('no two batteries may fire at the same ship (the Fortune)')
    await page.waitForTimeout(300) // the menu's entrance, for the picture
    await shot(page, 'issue16-orders-disabled-option')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)

    // A grapple at Short is given, but only takes at Close: announced before the turn resolves.
    await choose(page, orders.locator('[data-test=grapple]'), 'Fortune (if she reaches Close)')
    await orders.locator('[data-test=order-notes]').getByText("grappling needs Close range after this turn's maneuvers", { exact: false }).waitFor()
    const held = page.locator('[data-test=held-this-turn]')
    await held.getByText("Sea Dog: grappling needs Close range after this turn's maneuvers").waitFor()
    await shot(page, 'issue16-held-before-resolving')

    // Point 7: the Sea Dog's orders saved, then with the AI's Fortune selected Enter still resolves the turn,
    // with the Sea Dog's orders as given.
    await orders.locator('[data-test=save-orders]').click()
    await orders.locator('[data-test=orders-state]').getByText('Saved').waitFor()
    await page.locator('[data-chip="Fortune"]').click()
    await expect.poll(() => board.getAttribute('data-selected')).toBe(fortune)
    await orders.locator('[data-test=ai-intent]').waitFor()
    await page.locator('[data-test=battle-name]').click()
    await page.keyboard.press('Enter')
    await page.locator('[data-test=battle-turn]').getByText('Turn 2').waitFor()
    const v1 = await state()
    expect(v1.turns).toHaveLength(1)
    expect(v1.turns[0]!.orders[dog]).toMatchObject({ grapple: fortune, fire: [{ battery: 'port', target: fortune }] })

    // An AI ship selected while a GM ship's panel had unsaved orders (none given here): Enter resolves again.
    await page.locator('[data-chip="Sea Dog"]').click()
    await orders.locator('[data-test=tactic-evade]').click()
    await orders.locator('[data-test=orders-state]').getByText('No orders saved yet').waitFor()
    await page.locator('[data-chip="Fortune"]').click()
    await orders.locator('[data-test=ai-intent]').waitFor()
    await page.locator('[data-test=battle-name]').click()
    await page.keyboard.press('Enter')
    await page.locator('[data-test=battle-turn]').getByText('Turn 3').waitFor()

    // Tab moves the focus and leaves the selection alone; N picks the next ship.
    await page.locator('[data-test=battle-name]').click()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await board.getAttribute('data-selected')).toBe(fortune)
    await page.locator('[data-test=battle-name]').click()
    await page.keyboard.press('n')
    await expect.poll(() => board.getAttribute('data-selected')).toBe(dog)
  })
})
