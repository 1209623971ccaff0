import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { apiOk, choose, hideMessages, shot, type Browser, type Served, useHost } from './harness'

/**
 * Issue 16, points 7, 8 and 19 (High Seas Combat, IV. Of Naval Combat): resolving a turn never depends
 * on the ship selected (N picks ships, Tab moves the focus), the orders panel checks orders as they are
 * given by the engine's own checks, and a battle turn logs no error in the window's console.
 */

let host: Served | undefined
let b: Browser | undefined
// The host and browser of each test close after it.
const qd = useHost()

interface View {
  setup: { participants: { id: string; name: string; control: string }[] }
  state: { turn: number }
  pending: { ships: Record<string, unknown> }
  turns: { orders: Record<string, { tactic: string; target?: string; fire: { battery: string; target: string }[] }> }[]
}

/** A select's menu, open and done with its entrance (for a picture of it). */
async function menuOpen(page: Page): Promise<void> {
  await page.locator('.n-base-select-menu:visible').first().waitFor()
  await expect.poll(() => page.locator('.n-base-select-menu[class*="transition-enter"]').count()).toBe(0)
}

async function startDuel(page: Page): Promise<{ battleId: number; dog: string; fortune: string }> {
  await page.goto(host!.url)
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
  const v0 = await apiOk<View>(host, 'battles.state', { battleId })
  const dog = v0.setup.participants.find((p) => p.name === 'Sea Dog')!.id
  const fortune = v0.setup.participants.find((p) => p.name === 'Fortune')!.id
  expect(v0.setup.participants.find((p) => p.id === fortune)!.control).toBe('ai')
  await page.goto(`${host!.origin}/#/campaign/battles/${battleId}`)
  await expect.poll(() => page.locator('[data-test=battle-board]').getAttribute('data-selected')).toBe(dog)
  return { battleId, dog, fortune }
}

describe('battle orders (issue 16, points 7, 8 and 19)', () => {
  it('seed 003 IV CANNON FIRE: an option that cannot fire is disabled with the reason, and what may be held is shown before resolving', async () => {
    host = await qd.serve()
    b = await qd.browser()
    const { page } = b
    await startDuel(page)
    const orders = page.locator('[data-test=orders-panel]')
    await orders.locator('[data-test=orders-state]').getByText('No orders given: she circles and holds fire').waitFor()

    // Evading, the bow chasers cannot bear at all: their option is disabled with the seed's reason.
    await orders.locator('[data-test=tactic-evade]').click()
    await orders.locator('[data-test=fire-chasers]').click()
    const chasers = page.locator('.n-base-select-option--disabled:visible').filter({ hasText: 'Fortune — Short' })
    await expect(chasers.textContent()).resolves.toBe('Fortune — Short: an evading ship fires only her stern guns')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)

    // No two batteries at one ship: the port battery fires at the Fortune, the starboard may not.
    await choose(page, orders.locator('[data-test=fire-port]'), 'Fortune — Short')
    await orders.locator('[data-test=fire-starboard]').click()
    const refused = page.locator('.n-base-select-option--disabled:visible').filter({ hasText: 'Fortune — Short' })
    await refused.waitFor()
    await expect(refused.textContent()).resolves.toBe('Fortune — Short: no two batteries may fire at the same ship (Fortune)')
    await menuOpen(page)
    await shot(page, 'issue16-orders-disabled-option')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('.n-base-select-menu:visible').count()).toBe(0)

    // Bearing down at Short, a broadside fires only if she reaches Close: offered, with the reason, and
    // announced by the Resolve button before the turn resolves.
    await orders.locator('[data-test=tactic-bearDown]').click()
    await choose(page, orders.locator('[data-test=beardown-target]'), 'Fortune — Short')
    await orders.locator('[data-test=may-hold-port]').getByText('a ship bearing down fires only her chasers until Close', { exact: false }).waitFor()
    const held = page.locator('[data-test=held-this-turn]')
    await held.getByText('Sea Dog: the port battery at Fortune may hold fire: a ship bearing down fires only her chasers until Close', { exact: false }).waitFor()
    await orders.locator('[data-test=order-notes]').getByText('The port battery at Fortune may hold fire', { exact: false }).waitFor()
    await expect(orders.locator('[data-test=orders-state]').textContent()).resolves.toBe('Changed: saved when the turn resolves')
    await shot(page, 'issue16-held-before-resolving')
  })

  it('Enter resolves with the AI ship selected (picked with N), saving the Sea Dog’s orders as given; Tab moves the focus; no console error during the turn', async () => {
    host = await qd.serve()
    b = await qd.browser()
    const { page } = b
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(String(e)))
    const { battleId, dog, fortune } = await startDuel(page)
    const board = page.locator('[data-test=battle-board]')
    const orders = page.locator('[data-test=orders-panel]')

    // Orders given on the Sea Dog and not saved.
    await orders.locator('[data-test=tactic-bearDown]').click()
    await choose(page, orders.locator('[data-test=beardown-target]'), 'Fortune — Short')
    await choose(page, orders.locator('[data-test=fire-chasers]'), 'Fortune — Short')
    await orders.locator('[data-test=orders-state]').getByText('Changed: saved when the turn resolves').waitFor()

    // Tab moves the focus and leaves the selection alone.
    await page.locator('[data-test=battle-name]').click()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await board.getAttribute('data-selected')).toBe(dog)
    // N picks the AI's Fortune; her captain's intention is shown.
    await page.locator('[data-test=battle-name]').click()
    await page.keyboard.press('n')
    await expect.poll(() => board.getAttribute('data-selected')).toBe(fortune)
    await orders.locator('[data-test=ai-intent]').waitFor()
    await expect(page.locator('[data-test=resolve-turn]').getAttribute('title')).resolves.toContain('N picks the next ship, Shift+N the one before')
    await hideMessages(page)
    await shot(page, 'issue16-resolve-ai-selected')

    // Enter with the AI ship selected: the turn resolves, with the Sea Dog's orders as given.
    await page.keyboard.press('Enter')
    await page.locator('[data-test=battle-turn]').getByText('Turn 2').waitFor()
    const v1 = await apiOk<View>(host, 'battles.state', { battleId })
    expect(v1.turns).toHaveLength(1)
    expect(v1.turns[0]!.orders[dog]).toMatchObject({ tactic: 'bearDown', target: fortune, fire: [{ battery: 'chasers', target: fortune }] })

    // Shift+N goes back to the Sea Dog: her orders for the new turn start again from none given.
    await page.locator('[data-test=battle-name]').click()
    await page.keyboard.press('Shift+N')
    await expect.poll(() => board.getAttribute('data-selected')).toBe(dog)
    await orders.locator('[data-test=orders-state]').getByText('No orders given: she circles and holds fire').waitFor()

    // A second turn with the orders saved first, then resolved from the button with the Fortune selected.
    await orders.locator('[data-test=tactic-evade]').click()
    await orders.locator('[data-test=save-orders]').click()
    await orders.locator('[data-test=orders-state]').getByText('Saved', { exact: true }).waitFor()
    await page.locator('[data-chip="Fortune"]').click()
    await orders.locator('[data-test=ai-intent]').waitFor()
    await page.locator('[data-test=resolve-turn]').click()
    await page.locator('[data-test=battle-turn]').getByText('Turn 3').waitFor()
    const v2 = await apiOk<View>(host, 'battles.state', { battleId })
    expect(v2.turns[1]!.orders[dog]).toMatchObject({ tactic: 'evade' })

    // Point 19: no DataCloneError (nor any other error) in the console on these turns.
    expect(errors).toEqual([])
  })

  it('point 9: the odds of this turn as ordered, then the AI, beside the AI on every ship, each labelled', async () => {
    host = await qd.serve()
    b = await qd.browser()
    const { page } = b
    await startDuel(page)
    const orders = page.locator('[data-test=orders-panel]')
    // The GM orders the Sea Dog to strike (not saved: the odds save the orders on the board first).
    await orders.locator('[data-test=strike]').click()
    await orders.locator('[data-test=orders-state]').getByText('Changed: saved when the turn resolves').waitFor()
    await page.locator('.qd-tabs').getByText('Odds', { exact: true }).click()
    const odds = page.locator('[data-test=odds-panel]')
    // Issue 22: a two-ship High Seas battle asks for 10,000 runs at first (the worker pool plays them in a blink).
    await expect.poll(async () => (await odds.getByLabel('Runs').inputValue()).replace(/\D/g, '')).toBe('10000')
    await odds.getByLabel('Runs').fill('200')
    await odds.locator('[data-test=run-odds]').click()
    const ordered = odds.locator('[data-odds=asOrdered]')
    const ai = odds.locator('[data-odds=ai]')
    await ordered.locator('[data-test=odds-summary]').waitFor({ timeout: 60_000 })
    await ai.locator('[data-test=odds-summary]').waitFor({ timeout: 60_000 })
    await expect(ordered.locator('h3').textContent()).resolves.toBe('This turn as ordered, then the AI')
    await expect(ai.locator('h3').textContent()).resolves.toBe('The AI on every ship')
    // As ordered she strikes in every run; with the AI captain on her she does not.
    await expect(ordered.locator('[data-side="Tortuga"] [data-kind=struck] .qd-odds-num').textContent()).resolves.toBe('100%')
    await expect(ai.locator('[data-side="Tortuga"] [data-kind=struck] .qd-odds-num').textContent()).resolves.not.toBe('100%')
    await expect(ordered.locator('[data-test=odds-summary]').textContent()).resolves.toContain('a run lasts 1.0 turns')
    await shot(page, 'issue16-odds-as-ordered')
  })
})
