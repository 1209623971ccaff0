import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { currentStats } from '../../src/shared/highseas/engine'
import type { BattleSetup, BattleState } from '../../src/shared/highseas/types'
import { apiOk, browser, choose, openPage, serve, settled, shot, type Browser, type Served } from './harness'

/**
 * The choices seed 003 IV–VI gives a GM that the battle screen must offer in plain words (issue
 * 13): after a chase tie whose mishap loosens the Sea Dog's anchor in a fog, she has lost sight of
 * one enemy that another still sees — her orders offer the catch-up (Large Battles rule 3) and the
 * hand sent down to the anchor (Finesse + Climbing, then cut or Knotwork); the Numbers tab shows her
 * captain's "Over the Side" (his trick, ticked on the People page) as kills on 8+.
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
  setup: BattleSetup
  state: BattleState
  turns: { events: { kind: string; text: string }[] }[]
}
const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)
const range = (v: View, a: string, c: string) => v.state.ranges[a < c ? `${a}|${c}` : `${c}|${a}`] ?? 6

async function settle(page: Page): Promise<void> {
  const board = page.locator('[data-test=battle-board]')
  await expect.poll(() => board.getAttribute('data-animating'), { timeout: 20_000 }).not.toBe('yes')
}

describe('seed 003 IV–VI choices in the battle screen (Chromium)', () => {
  it('seed 003 VI Large Battles 3 and IV mishap 9-10: the catch-up and the anchor hand are offered in her orders; V Over the Side shows on the Numbers tab', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').getByText('The Tortuga Run').waitFor()

    // Marcel learns Roger's Pirate trick on the People page.
    await openPage(page, 'People', 'people')
    const table = page.locator('[data-test=people-table]')
    const row = table.getByRole('row').filter({ hasText: 'Marcel du Sable' })
    await row.getByRole('button', { name: 'More actions for Marcel du Sable' }).click()
    await page.locator('.n-dropdown-option:visible').getByText('Edit…').click()
    const dialog = page.locator('[data-test=person-dialog]')
    await dialog.getByText('Edit Marcel du Sable').waitFor()
    await dialog.locator('[data-test=tricks]').getByText('Over the Side (Roger’s Pirate trick)').click()
    await dialog.locator('[data-test=tricks]').scrollIntoViewIfNeeded()
    await settled(page)
    await shot(page, 'person-dialog-tricks')
    await dialog.locator('[data-test=person-save]').click()
    await dialog.waitFor({ state: 'detached' })
    const people = await api<{ id: number; name: string; tricks: string[] }[]>('people.list')
    const marcel = people.find((p) => p.name === 'Marcel du Sable')!
    expect(marcel.tricks).toEqual(['overTheSide'])
    const ships = await api<{ id: number; name: string }[]>('ships.list')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!
    const { battleId } = await api<{ battleId: number }>('battles.start', {
      name: 'Fog off Cabora',
      participants: [
        { shipId: seaDog.id, side: 'Our side', crewKind: 'pirate', captainId: marcel.id, control: 'gm' },
        { generate: { hull: 'merchantman', armament: 'heavy', nation: 'Montaigne', name: 'Fortune' }, side: 'Their side', control: 'gm' },
        { generate: { hull: 'galleon', armament: 'heavy', nation: 'Castille', name: 'Santa Ana' }, side: 'Their side', control: 'gm' }
      ],
      range: 'medium',
      weather: 'fog',
      seed: 77
    })
    let v = await api<View>('battles.state', { battleId })
    const dog = `ship-${seaDog.id}`
    const [fortune, santaAna] = ['gen-1', 'gen-2']
    // Turn 1: the Sea Dog evades, the Fortune bears down on her, the Santa Ana circles. The chase ties
    // (typed dice) and its mishap (9) loosens the pursued Sea Dog's anchor; she opens the range to the
    // Santa Ana past the fog's sighting range, while the Fortune still sees both.
    await api('battles.orders', { battleId, participantId: dog, orders: { tactic: 'evade', brilliantManeuver: false } })
    await api('battles.orders', { battleId, participantId: fortune, orders: { tactic: 'bearDown', target: dog, brilliantManeuver: false } })
    await api('battles.orders', { battleId, participantId: santaAna, orders: { tactic: 'circle', brilliantManeuver: false } })
    const s = Math.max(1, currentStats(v.setup, v.state, dog).speed)
    const f = Math.max(1, currentStats(v.setup, v.state, fortune).speed)
    const total = 2 * s
    expect(total).toBeGreaterThanOrEqual(f)
    expect(total).toBeLessThanOrEqual(9 * f)
    const theirs = Array.from({ length: f }, (_, k) => Math.floor(total / f) + (k < total % f ? 1 : 0))
    await api('battles.resolveTurn', { battleId, dice: [...Array.from({ length: s }, () => 2), ...theirs, 9] })
    v = await api<View>('battles.state', { battleId })
    expect(v.state.participants[dog]!.anchorDragging).toBe(true)
    expect(range(v, dog, santaAna)).toBe(6)
    expect(range(v, fortune, santaAna)).toBeLessThanOrEqual(2)

    await openPage(page, 'Battles', 'battles')
    await page.getByText('Fog off Cabora').first().click()
    await page.waitForURL(/#\/campaign\/battles\/\d+$/)
    await page.locator('[data-chip="Sea Dog"]').click()
    const orders = page.locator('[data-test=orders-panel]')
    await orders.getByText('Sea Dog').first().waitFor()
    await settle(page)

    // Her orders: the catch-up (a choice), in words a GM reads.
    const section = orders.locator('[data-test=catch-up-section]')
    await section.getByText('Out of sight', { exact: true }).waitFor()
    await expect(section.textContent()).resolves.toContain('A ship out of sight of every other ship leaves the battle')
    await orders.locator('[data-test=tactic-circle]').click()
    await choose(page, orders.locator('[data-test=catch-up]'), 'Santa Ana (seen by Fortune)')
    // The anchor: a hand goes down (Finesse + Climbing, TN 15), then cuts it or secures it (Knotwork).
    await orders.locator('[data-test=clear-anchor]').click()
    await orders.locator('[data-test=anchor-by]').getByText('Secure it').click()
    const help = orders.locator('[data-test=anchor-help]')
    await expect(help.textContent()).resolves.toMatch(/Finesse \d \+ Climbing \d against TN 15.*Knotwork \d against TN 15/)
    await orders.locator('[data-test=save-orders]').click()
    await orders.locator('[data-test=orders-state]').getByText('Saved').waitFor()
    await settled(page)
    await shot(page, 'battle-catch-up-anchor')
    v = await api<View>('battles.state', { battleId })
    expect(v.state.turn).toBe(2)
    expect((v as unknown as { pending: { ships: Record<string, unknown> } }).pending.ships[dog]).toMatchObject({ tactic: 'circle', catchUp: santaAna, clearAnchor: true, anchorBy: 'secure' })

    // The Numbers tab: her captain leads the parties with Over the Side — kills on 8+.
    const tabs = page.locator('.qd-tabs')
    await tabs.getByText('Numbers', { exact: true }).click()
    const kills = page.locator('[data-test=ship-card] [data-test=boarding-kills]')
    await expect(kills.textContent()).resolves.toContain('8+ (Over the Side)')
    await kills.hover()
    await page.locator('.n-popover:visible').getByText('Over the Side (Marcel du Sable leads the parties)').waitFor()
    await settled(page)
    await shot(page, 'battle-numbers-over-the-side')
    await page.mouse.move(5, 790)
    await tabs.getByText('Orders', { exact: true }).click()

    // The turn: she catches up with the Santa Ana through the Fortune; the hand's rolls are logged.
    await page.locator('[data-test=resolve-turn]').click()
    await page.locator('[data-test=battle-turn]').getByText('Turn 3').waitFor()
    await settle(page)
    v = await api<View>('battles.state', { battleId })
    expect(range(v, dog, santaAna)).toBe(2)
    const texts = v.turns[1]!.events.map((e) => e.text).join('\n')
    expect(texts).toContain('Sea Dog catches up with Santa Ana through Fortune')
    expect(texts).toMatch(/Sea Dog: the hand (climbs down|climbing down)/)
    await tabs.getByText(/^Log/).click()
    await page.locator('.qd-tabs').getByText('Sea Dog catches up with Santa Ana through Fortune: back to medium range.').first().waitFor()
    await shot(page, 'battle-log-catch-up')
  })
})
