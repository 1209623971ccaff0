import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng } from '../../src/shared/dice/rng'
import { boxDice } from '../../src/shared/highseas/dice'
import { label, parseLabel, type Hex } from '../../src/shared/atrilia/hex'
import { alZabdiyat } from '../../src/shared/atrilia/preset'
import { atriliaRuleset } from '../../src/shared/atrilia/ruleset'
import type { AtriliaOrders, AtriliaOrdersInput, AtriliaState } from '../../src/shared/atrilia/types'
import { apiOk, openPage, openSample, ROOT, useHost } from './harness'

/**
 * The scripted play-through of "The first battle of al-Zabdiyat" (tests/fixtures/al-zabdiyat-script.json;
 * its walkthrough is at the top of tests/unit/atrilia-playthrough.test.ts) followed through the board as
 * a GM plays it: the battle page of the preset; every move ordered with the keys (↑ forward,
 * ↓ back, Q port, E starboard) on the ship selected in the orders panel; every marine attack and
 * engine shot by selecting the ship on the board, its mode, then the target; Nausikaa's archery at Horus
 * shown blocked by Phaiax (its Attack button disabled) before the clear shot at Sekhmet; the scuttle by
 * its checkbox; every die typed by hand before "End phase". After each step the battle's state is the
 * state the pure script reaches (the generator's state aside: every face is typed), and the battle ends
 * with the Pheacians' win; the replay from the log gives the same state.
 */

interface ScriptStep {
  orders: AtriliaOrdersInput
  dice?: number[]
  refused?: { orders: AtriliaOrdersInput; because: string }
}
const script = JSON.parse(readFileSync(join(ROOT, 'tests', 'fixtures', 'al-zabdiyat-script.json'), 'utf8')) as { seed: number; steps: ScriptStep[] }
const { start } = useHost()

interface View {
  state: AtriliaState
  pending: AtriliaOrders
  outcome: { winner: string | null; reason: string } | null
}

/** The pure script's states, step by step (every face typed). */
function pureStates(): AtriliaState[] {
  const setup = alZabdiyat(script.seed)
  let st = atriliaRuleset.start(setup, script.seed)
  const out = [st]
  for (const s of script.steps) {
    st = atriliaRuleset.resolve(setup, st, atriliaRuleset.ordersSchema.parse(s.orders), boxDice(new DiceBox(new Rng(st.rng), s.dice ?? [], 'manual'))).state
    out.push(st)
  }
  return out
}
const withoutRng = (s: AtriliaState) => ({ ...s, rng: [] })

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(join(ROOT, 'shots'), { recursive: true })
  await page.locator('.n-message-wrapper').evaluateAll((els) => els.forEach((e) => e.setAttribute('style', 'display: none')))
  await page.screenshot({ path: join(ROOT, 'shots', `${name}.png`) })
}

async function hexPoint(page: Page, h: Hex): Promise<{ x: number; y: number }> {
  const board = page.locator('[data-test=hex-board]')
  const geo = JSON.parse((await board.getAttribute('data-geo'))!) as { R: number; ox: number; oy: number }
  const box = (await board.locator('canvas').first().boundingBox())!
  return { x: box.x + geo.ox + 1.5 * geo.R * h.q, y: box.y + geo.oy + Math.sqrt(3) * geo.R * (h.r + h.q / 2) }
}
async function clickHex(page: Page, h: Hex): Promise<void> {
  const p = await hexPoint(page, h)
  await page.mouse.click(p.x, p.y)
}
const KEY: Record<string, string> = { forward: 'ArrowUp', back: 'ArrowDown', port: 'q', starboard: 'e' }

describe('the scripted play-through of al-Zabdiyat in Chromium', () => {
  it('follows the script through the board, step by step, to the Pheacians’ win, with every die typed by hand', async () => {
    const { host, page } = await start()
    const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)
    const pure = pureStates()
    await openSample(page)
    // Started as a GM starts it: Battles → New battle → the Atrilian hex battle's preset, both sides played by hand.
    await openPage(page, 'Battles', 'battles')
    await page.locator('[data-test=new-battle]').click()
    const dialog = page.locator('[data-test=new-battle-dialog]')
    await dialog.locator('[data-test=ruleset-atrilia]').click()
    await dialog.getByText('The first battle of al-Zabdiyat').waitFor()
    await dialog.locator('[data-test=new-battle-start]').click()
    await page.locator('[data-test=phase-label]').getByText('Turn 1 — the Pheacians: roll for movement').waitFor()
    const battleId = Number(/\/battles\/(\d+)/.exec(page.url())![1])
    await page.locator('[data-test=hex-board] canvas').first().waitFor()
    const view = () => api<View>('battles.state', { battleId })
    const names = Object.fromEntries(alZabdiyat().ships.map((s) => [s.id, s.name]))
    expect(withoutRng((await view()).state)).toEqual(withoutRng(pure[0]!))

    for (const [i, s] of script.steps.entries()) {
      const want = atriliaRuleset.ordersSchema.parse(s.orders)
      const v = await view()
      await page.locator('[data-test=phase-label]').getByText(atriliaRuleset.step(alZabdiyat(script.seed), v.state).label).waitFor()
      const at = (id: string) => v.state.ships[id]!.at
      if (want.phase === 'move') {
        for (const m of want.ships) {
          await page.locator(`[data-move="${names[m.ship]}"] .qd-at-name`).click()
          await page.locator(`[data-move="${names[m.ship]}"].qd-at-sel`).waitFor()
          for (let k = 0; k < m.steps.length; k++) {
            await page.locator('[data-test=battle-name]').click()
            await page.keyboard.press(KEY[m.steps[k]!]!)
            await expect.poll(async () => { const p = (await view()).pending; return p.phase === 'move' ? p.ships.find((x) => x.ship === m.ship)?.steps.length ?? 0 : -1 }).toBe(k + 1)
          }
        }
      }
      if (want.phase === 'marineAttacks') {
        if (s.refused) {
          // Nausikaa's archery at Horus: out of sight behind Phaiax, its Attack button disabled.
          const r = atriliaRuleset.ordersSchema.parse(s.refused.orders) as Extract<AtriliaOrders, { phase: 'marineAttacks' }>
          const a = r.targets[0]!
          const from = (a.attacks[0]!.from as { ship: string }).ship
          await clickHex(page, at(from))
          await page.locator('[data-test=mode-archery]').click()
          const row = page.locator('[data-test=attack-targets] li').filter({ hasText: `${names[a.target]} at ${label(at(a.target))}` })
          await row.getByText('blocked at H10').waitFor()
          expect(await row.locator('[data-test=add-attack]').isDisabled()).toBe(true)
          const checked = await api<{ problems: { message: string }[] }>('battles.checkOrders', { battleId, orders: s.refused.orders })
          expect(checked.problems.map((p) => p.message).join(' ')).toContain(s.refused.because)
        }
        let n = 0
        for (const g of want.targets)
          for (const a of g.attacks) {
            await clickHex(page, at((a.from as { ship: string }).ship))
            await page.locator(`[data-test=mode-${a.kind === 'board' ? 'board' : 'archery'}]`).click()
            await clickHex(page, at(g.target))
            n++
            await expect.poll(async () => { const p = (await view()).pending; return p.phase === 'marineAttacks' ? p.targets.reduce((x, t) => x + t.attacks.length, 0) : -1 }).toBe(n)
          }
      }
      if (want.phase === 'otherAttacks')
        for (const [k, a] of want.attacks.entries()) {
          const by = a.by as { ship: string; weapon: string }
          await clickHex(page, at(by.ship))
          await page.locator(`[data-test=mode-${by.weapon}]`).click()
          await clickHex(page, at(a.target))
          await expect.poll(async () => { const p = (await view()).pending; return p.phase === 'otherAttacks' ? p.attacks.length : -1 }).toBe(k + 1)
        }
      for (const id of want.scuttle) {
        await page.locator('.qd-at-scuttle').getByText(names[id]!, { exact: true }).click()
        await expect.poll(async () => (await view()).pending.scuttle).toContain(id)
      }
      expect((await view()).pending, `step ${i}: the orders given on the board are the script's`).toEqual(want)
      await page.locator('[data-test=hand-dice]').locator('input').fill((s.dice ?? []).join(' '))
      await page.locator('[data-test=end-phase]').click()
      await expect.poll(async () => (await view()).state.steps).toBe(i + 1)
      expect(withoutRng((await view()).state), `after step ${i}`).toEqual(withoutRng(pure[i + 1]!))
    }

    const end = await view()
    expect(end.outcome).toEqual({ winner: 'pheacians', reason: 'no ship of the Meshuesh is left on the map' })
    expect(end.state.ships.apophis).toMatchObject({ status: 'afloat', crippled: true, marineSide: 'pheacians' })
    expect(parseLabel('C9')).toEqual(end.state.ships.apophis!.at)
    const replay = await api<{ steps: number; same: boolean }>('battles.replay', { battleId })
    expect(replay).toEqual({ steps: script.steps.length, same: true })

    // ── The page once the battle is over: no phase to play, the outcome and the way to the review ──
    await page.locator('[data-test=phase-label]').getByText('The battle is over', { exact: true }).waitFor()
    expect(await page.locator('.qd-phase-on').count()).toBe(0) // no phase ("roll for movement") highlighted
    expect(await page.locator('[data-test=phase-bar]').textContent()).not.toContain('roll for movement')
    await expect.poll(() => page.locator('[data-test=battle-turn]').textContent()).toMatch(/^Over after \d+ turns? of 20$/)
    expect(await page.locator('[data-test=end-phase]').count()).toBe(0)
    const tabs = page.locator('.qd-tabs')
    await tabs.locator('.n-tabs-tab').getByText('Outcome', { exact: true }).click()
    const over = page.locator('[data-test=battle-over]')
    await over.locator('[data-test=over-headline]').getByText('Victory for the Pheacians.').waitFor()
    await over.getByText('The battle is over: no ship of the Meshuesh is left on the map.').waitFor()
    await over.locator('[data-test=over-sides]').getByText(/Meshuesh.*0 of 4 ships still on the map/).waitFor()
    await over.locator('[data-test=over-sides]').getByText(/Pheacians.*, and 1 prize/).waitFor()
    expect(await page.locator('[data-test=hand-dice]').count()).toBe(0) // no dice to type, no orders to give
    expect(await tabs.locator('.n-tabs-tab').getByText('Orders', { exact: true }).count()).toBe(0)
    await page.locator('[data-test=outcome-banner]').getByText('Victory for the Pheacians.').waitFor()
    await page.mouse.move(5, 5)
    await shot(page, 'atrilia-battle-over')

    // ── The review: who won and why, each side's ships, each ship's fate in a sentence ──
    await over.locator('[data-test=over-review]').click()
    const review = page.locator('[data-test=atrilia-review]')
    const summary = review.locator('[data-test=review-summary]')
    await summary.locator('[data-test=review-winner]').getByText('Victory for the Pheacians.').waitFor()
    await review.locator('[data-test=review-lines]').waitFor()
    await expect.poll(() => page.locator('.n-modal-container [class*=transition-enter-active]').count()).toBe(0)
    await shot(page, 'atrilia-review')
    await summary.getByText(/The battle is over: no ship of the Meshuesh is left on the map\./).waitFor()
    await summary.getByText(/Over after \d+ turns? of 20/).waitFor()
    await summary.locator('[data-side=Meshuesh]').getByText('Meshuesh: 4 ships — 1 captured, 2 sunk, 1 left the map.', { exact: true }).waitFor()
    await summary.locator('[data-side=Pheacians]').getByText('Pheacians: 4 ships — 4 afloat.', { exact: true }).waitFor()
    await review.locator('[data-line=Apophis]').getByText('Captured by the Pheacians: crippled, 1 point of marines aboard', { exact: true }).waitFor()
    await review.locator('[data-line=Wadj-wer]').getByText('Left the map by the south edge', { exact: true }).waitFor()
    const fates = await review.locator('[data-test=review-lines] tbody td:nth-child(3)').allTextContents()
    expect(fates.length).toBe(alZabdiyat().ships.length)
    for (const f of fates) expect(f).toMatch(/^(Afloat|Sunk|Captured by the|Left the map)/)
    await review.locator('[data-test=conclude]').click()
    await review.waitFor({ state: 'hidden' })
    await page.locator('[data-test=concluded-banner]').waitFor()
    await expect.poll(async () => (await api<{ status: string }>('battles.state', { battleId })).status).toBe('concluded')
    await page.locator('[data-test=battle-over]').getByText('This battle is concluded: nothing more to order.').waitFor()
    expect(await page.locator('[data-test=open-review]').count()).toBe(0)
    await page.locator('[data-test=concluded-banner]').getByText('This battle is concluded: the Pheacians won.', { exact: false }).waitFor()
    await page.mouse.move(5, 5)
    await shot(page, 'atrilia-concluded')
    // The review can still be read, with nothing left to conclude.
    await page.locator('[data-test=over-review]').getByText('See the review').click()
    await review.locator('[data-line=Sekhmet]').getByText('Sunk', { exact: true }).waitFor()
    expect(await review.locator('[data-test=conclude]').count()).toBe(0)
    await review.getByRole('button', { name: 'Close', exact: true }).click()
    await review.waitFor({ state: 'hidden' })
  }, 600_000)
})
