import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { GalleysOrders, GalleysReport, GalleysState } from '../../src/shared/galleys/types'
import { join } from 'node:path'
import { apiOk, choose, hideMessages, openPage, ROOT, useHost } from './harness'

/**
 * "Scilly Privateers (against the land)" (seed 000) played to its end in Chromium as a new user plays
 * it: started from Battles → New battle…, every turn begun from the orders panel (the weather die and
 * the fires), every action entered in the orders panel, some dice typed by hand and the rest rolled by
 * the app where they change nothing of the story (the weather dice of turns 3 and 4). The story: the wind backs at the Dutch' first turn
 * (a backing marker on the gauge); Clontarf sails onto Curacao (a move taken back and given again:
 * "undo a move until a die is rolled"), grapples her and sets her on fire; the fire spreads to the
 * grappled Clontarf; St. Barnabas and Gouda collide; Clontarf fights her fire and cuts the grapples;
 * St Peter's critical explodes Curacao; Gouda's gunnery makes St Peter strike, and Gouda strikes her
 * colours; Liffey holes St. Barnabas and sinks her with gunnery — the Privateers win. The log lists
 * every procedure with its dice, and the replay from the log gives the same state.
 */

const { start } = useHost()

interface View {
  state: GalleysState
  pending: GalleysOrders
  log: GalleysReport[]
  outcome: { winner: string | null; reason: string } | null
}

async function snap(page: Page, name: string): Promise<void> {
  await hideMessages(page)
  await page.screenshot({ path: `/tmp/g1-${name}.png` })
}

describe('Galleys & Galleons: the Scilly Privateers played to the end in Chromium', () => {
  it('wind backing, fire spreading to a grappled ship, an explosion, a collision, a holed ship sunk by gunnery, two ships striking; undo a move; the log and the replay', async () => {
    const { host, page } = await start({ campaign: 'Galleys Table', viewport: { width: 1440, height: 960 } })
    await openPage(page, 'Battles', 'battles')
    await page.locator('[data-test=new-battle]').click()
    const dialog = page.locator('[data-test=new-battle-dialog]')
    await dialog.locator('[data-test=ruleset-galleys]').click()
    await choose(page, dialog.locator('[data-test=new-battle-preset]'), 'Scilly Privateers (against the land)')
    await dialog.getByText('Who plays the Privateers').waitFor()
    await dialog.locator('[data-test=new-battle-start]').click()
    await page.waitForURL(/\/battles\/\d+$/)
    const battleId = Number(/\/battles\/(\d+)/.exec(page.url())![1])
    const view = () => apiOk<View>(host, 'battles.state', { battleId })
    const bar = page.locator('[data-test=turn-bar-text]')
    await bar.getByText('Turn 1 · The Dutch’s turn · Weather change roll').waitFor()
    await snap(page, 'start')

    const dice = page.locator('[data-test=hand-dice]  input')
    const typeDice = (faces: string) => dice.fill(faces)
    const steps = async () => (await view()).log.length
    const waitSteps = (n: number) => expect.poll(steps).toBe(n)
    const waitPending = (n: number) => expect.poll(async () => (await view()).pending.actions.length).toBe(n)
    const begin = async (faces: string | null, n: number) => {
      if (faces) await typeDice(faces)
      await page.locator('[data-test=begin-turn]').click()
      await waitSteps(n)
    }
    const endTurn = async (n: number) => {
      await page.locator('[data-test=end-turn]').click()
      await waitSteps(n)
    }
    const ship = (name: string) => choose(page, page.locator('[data-test=order-ship]'), name)
    const kind = (k: string) => choose(page, page.locator('[data-test=action-kind]'), k)
    const num = async (test: string, value: number) => {
      const input = page.locator(`[data-test=${test}] input`)
      await input.fill(String(value))
      await input.press('Tab')
    }
    const activate = async (name: string, actions: number, pending: number) => {
      await ship(name)
      await num('activation-actions', actions)
      await page.locator('[data-test=activate]').click()
      await waitPending(pending)
    }
    const target = (name: string) => choose(page, page.locator('[data-test=action-target]'), name)
    /** A shot with the core book's result (beat her score); it rolls dice when it hits or has criticals. */
    const shoot = async (at: string, hits: number, criticals: number) => {
      await kind('Shoot')
      await target(at)
      await num('action-hits', hits)
      await num('action-criticals', criticals)
    }
    const add = () => page.locator('[data-test=add-action]').click()

    // ── Turn 1, the Dutch: the weather die typed 6, then 2 (one point) and 1 (anticlockwise, backing) ──
    await begin('6 2 1', 1)
    // The table's gauge: the wind's new point and the backing marker.
    await expect.poll(async () => (await view()).state.wind).toEqual({ direction: 11, marker: 'back' })
    await page.locator('[data-test=galleys-wind]').getByText('Backing: −1 to the next direction die').waitFor()
    await bar.getByText('Turn 1 · The Dutch’s turn · choose a ship and enter her activation').waitFor()
    await endTurn(2)

    // ── Turn 1, the Privateers: Clontarf sails three Long sticks at Curacao; one move taken back and given again ──
    await bar.getByText('Turn 1 · The Privateers’ turn · Weather change roll').waitFor()
    await begin('1', 3)
    await activate('Clontarf', 3, 1)
    await bar.getByText('Turn 1 · The Privateers’ turn · Clontarf activates: 3 actions, 0 used').waitFor()
    await kind('Move')
    await page.locator('[data-test=stick-long]').click()
    await num('move-turn', 31)
    await add()
    await waitPending(2)
    await num('move-turn', 0)
    await add()
    await waitPending(3)
    await add()
    await waitPending(4)
    await bar.getByText('Clontarf activates: 3 actions, 3 used').waitFor()
    // A fourth move is refused at the action, in words, and nothing is saved.
    await add()
    await page.locator('[data-test=error-action]').getByText('Clontarf has 0 actions left, and this move costs 1').waitFor()
    expect((await view()).pending.actions).toHaveLength(4)
    // Undo a move until a die is rolled: the last move taken back, nothing resolved.
    await page.locator('[data-test=remove-action-3]').click()
    await waitPending(3)
    expect(await steps()).toBe(3)
    await bar.getByText('Clontarf activates: 3 actions, 2 used').waitFor()
    await snap(page, 'pending-moves')
    await add()
    await waitPending(4)
    await endTurn(4)
    let v = await view()
    expect(Math.hypot(v.state.ships.clontarf!.at.x - v.state.ships.curacao!.at.x, v.state.ships.clontarf!.at.y - v.state.ships.curacao!.at.y)).toBeCloseTo(56.8, 0)

    // ── Turn 2: the GM puts the Privateers first; their weather die typed 1 (a roll of the app could leave a steady marker and change the Dutch' dice) ──
    await page.locator('[data-test=turn-order]').waitFor()
    await page.locator('[data-test=order-up-1]').click()
    await begin('1', 5)
    v = await view()
    expect(v.state.order).toEqual(['privateers', 'dutch'])
    await activate('Clontarf', 2, 1)
    await kind('Move')
    await page.locator('[data-test=stick-short]').click()
    await num('move-turn', 0)
    await add()
    await waitPending(2)
    await kind('Grapple')
    await target('Curacao (Dutch)')
    await add()
    await waitPending(3)
    // The shot has a critical: it rolls, so the turn so far resolves at once (red 6 Fire, white 3: she catches fire).
    await shoot('Curacao (Dutch)', 0, 1)
    await page.locator('[data-test=add-action]').getByText('Roll it now').waitFor()
    await typeDice('6 3')
    await add()
    await waitSteps(6)
    v = await view()
    expect(v.state.ships.curacao!.criticals.fires).toBe(1)
    expect(v.state.grapples).toEqual([['clontarf', 'curacao']])
    expect(v.state.midTurn?.act).toMatchObject({ ship: 'clontarf', used: 2 })
    // The README's picture of the table: Clontarf grappled to the burning Curacao.
    await hideMessages(page)
    await page.screenshot({ path: join(ROOT, 'docs', 'images', 'galleys-table.png') })
    await endTurn(7)

    // ── Turn 2, the Dutch: weather 1, Curacao's fire die 2, its critical red 1 (+1: Hull) white 3; St. Barnabas and Gouda collide ──
    await begin('1 2 1 3', 8)
    v = await view()
    expect(v.state.ships.curacao!.hits).toBe(1)
    await ship('St. Barnabas')
    await kind('Collide')
    await target('Gouda (Dutch)')
    await typeDice('4 5')
    await add()
    await waitSteps(9)
    v = await view()
    expect(v.state.ships.stBarnabas!.hits).toBe(1)
    await endTurn(10)

    // ── Turn 3, the Privateers: the fire spreads to the grappled Clontarf (no die); she fights it and cuts the grapples ──
    await begin(null, 11)
    v = await view()
    expect(v.state.ships.clontarf!.criticals.fires).toBe(1)
    await activate('Clontarf', 2, 1)
    await kind('Fight fire')
    await choose(page, page.locator('[data-test=fire-cut]'), 'Curacao (Dutch)')
    await typeDice('2')
    await add()
    await waitSteps(12)
    v = await view()
    expect(v.state.ships.clontarf!.criticals.fires).toBe(0)
    expect(v.state.grapples).toEqual([])
    // St Peter's critical: red 6, white 6 — Curacao explodes; St. Barnabas and Clontarf within Short roll 3 and 3.
    await activate('St Peter', 1, 1)
    await shoot('Curacao (Dutch)', 0, 1)
    await typeDice('6 6 3 3')
    await add()
    await waitSteps(13)
    v = await view()
    expect(v.state.ships.curacao!.status).toBe('exploded')
    await snap(page, 'explosion')
    await endTurn(14)

    // ── Turn 3, the Dutch: Gouda's three hits make St Peter strike (excess: red 2 Hull, white 1); Gouda strikes her colours ──
    await begin(null, 15)
    await activate('Gouda', 1, 1)
    await shoot('St Peter (Privateers)', 3, 0)
    await typeDice('2 1')
    await add()
    await waitSteps(16)
    v = await view()
    expect(v.state.ships.stPeter!.status).toBe('struck')
    await kind('Strike')
    await add()
    await waitPending(1)
    await endTurn(17)
    v = await view()
    expect(v.state.ships.gouda!.status).toBe('struck')

    // ── Turn 4, the Privateers: Liffey holes St. Barnabas (red 2, white 5), then sinks her with gunnery ──
    await begin(null, 18)
    await activate('Liffey', 2, 1)
    await shoot('St. Barnabas (Dutch)', 0, 1)
    await typeDice('2 5')
    await add()
    await waitSteps(19)
    v = await view()
    expect(v.state.ships.stBarnabas!.criticals.holed).toBe(true)
    await shoot('St. Barnabas (Dutch)', 3, 0)
    await typeDice('2 1')
    await add()
    await waitSteps(20)
    v = await view()
    expect(v.state.ships.stBarnabas!.status).toBe('sunk')
    expect(v.outcome?.winner).toBe('privateers')
    await page.locator('[data-test=turn-bar-text]').getByText('The battle is over').waitFor()
    await page.locator('[data-test=over-headline]').getByText('The Privateers won.').waitFor()
    await snap(page, 'over')

    // ── The Ships tab: each ship's card ──
    await page.locator('.qd-tabs .n-tabs-tab').getByText('Ships', { exact: true }).click()
    const card = (name: string) => page.locator(`[data-test=ship-card][data-ship="${name}"]`)
    await card('St. Barnabas').getByText('sunk').first().waitFor()
    await card('St. Barnabas').getByText('holed').waitFor()
    await card('Curacao').getByText('exploded').first().waitFor()
    await card('Clontarf').getByText('Lateen Rig').waitFor()
    await snap(page, 'ships')

    // ── The log: every procedure with its dice ──
    await page.locator('.qd-tabs .n-tabs-tab').getByText(/^Log/).click()
    const kinds = new Set(await page.locator('[data-test=log-event]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))))
    for (const k of ['weather', 'fire', 'critical', 'explosion', 'collision', 'damage', 'shot', 'move', 'grapple', 'fightFire', 'strike', 'activate']) expect(kinds.has(k), k).toBe(true)
    await page.locator('[data-test=log-event]', { hasText: 'is grappled to the burning Curacao: she catches fire' }).waitFor()
    await page.locator('[data-test=log-event]', { hasText: 'Curacao explodes and is removed from the table' }).waitFor()
    await page.locator('[data-test=log-event]', { hasText: 'she sinks (she is holed)' }).waitFor()
    await page.locator('[data-test=log-event]', { hasText: 'is backing' }).locator('[data-test=log-roll]').first().waitFor()
    // Every roll in the log is shown with its die, typed ones marked.
    v = await view()
    const rolls = v.log.flatMap((r) => r.events.flatMap((e) => e.rolls))
    expect(await page.locator('[data-test=log-roll]').count()).toBe(rolls.length)
    expect(await page.locator('[data-test=log-roll]', { hasText: '(typed)' }).count()).toBe(rolls.filter((r) => r.manual).length)
    expect(rolls.some((r) => !r.manual)).toBe(true)
    await page.locator('[data-test=replay-check]').click()
    await page.locator('[data-test=replay-result]').getByText('Replayed 20 steps from the log: the same state.').waitFor()
    await snap(page, 'log')

    // ── Review and conclude ──
    await page.locator('[data-test=banner-conclude]').click()
    const review = page.locator('[data-test=galleys-review]')
    await review.locator('[data-test=review-line][data-ship="St. Barnabas"]').getByText('Sunk').waitFor()
    await review.locator('[data-test=review-conclude]').click()
    await page.locator('[data-test=concluded-banner]').waitFor()
    expect(await apiOk<{ steps: number; same: boolean }>(host, 'battles.replay', { battleId })).toEqual({ steps: 20, same: true })
  }, 240_000)
})
