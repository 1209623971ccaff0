import { afterEach, describe, expect, it } from 'vitest'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { apiOk, ROOT, SHOTS, browser, choose, noHorizontalOverflow, openPage, serve, settled, shot, type Browser, type Served } from './harness'

/**
 * A High Seas battle as a new GM plays it: the sample campaign's Corsair "Sea Dog" against a heavily
 * armed Merchantman under the AI, from the skirmish screen through turns (one with dice by hand),
 * grappling and boarding, to the review that writes damage and the prize back to the Fleet.
 */

let host: Served | undefined
let b: Browser | undefined
afterEach(async () => {
  await b?.close()
  await host?.stop()
  b = undefined
  host = undefined
})

interface BattleView {
  id: number
  status: string
  setup: { participants: { id: string; name: string; side: string; control: string; shipId?: number }[] }
  state: {
    turn: number
    outcome: string
    winner: string | null
    ranges: Record<string, number>
    participants: Record<string, { status: string; hullDamage: number; riggingDamage: number; crew: number; grappledWith: string[]; meleeWith: string[] }>
  }
  turns: { turn: number; events: { kind: string; text: string; rolls: { manual: boolean }[] }[] }[]
  pending: { ships: Record<string, unknown> }
}
interface ShipSummary {
  id: number
  name: string
  status: string
  origin: string
  owners: { name: string; share: number }[]
}
interface ShipDetail {
  name: string
  state: { hullDamage: number; riggingDamage: number; crew: number; hullNow: number }
  history: { text: string }[]
}

const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)

/** Let the board finish playing the turn back (or skip it), and draw where everyone is now. */
async function settle(page: Page): Promise<void> {
  const board = page.locator('[data-test=battle-board]')
  if ((await board.getAttribute('data-animating')) === 'yes') await page.locator('[data-test=skip-animation]').click({ timeout: 5000 }).catch(() => undefined)
  await expect.poll(() => board.getAttribute('data-animating')).toBe('no')
  await settled(page)
}

async function battleState(id: number): Promise<BattleView> {
  return api<BattleView>('battles.state', { battleId: id })
}

function idOf(v: BattleView, name: string): string {
  const p = v.setup.participants.find((x) => x.name === name || x.name.includes(name))
  if (!p) throw new Error(`no participant named ${name}: ${v.setup.participants.map((x) => x.name).join(', ')}`)
  return p.id
}

const rangeBetween = (v: BattleView, a: string, b: string) => v.state.ranges[a < b ? `${a}|${b}` : `${b}|${a}`] ?? 6

describe('a High Seas battle in Chromium', () => {
  it('sets up a skirmish, plays turns to a boarding, concludes it and finds the prize in the Fleet', async () => {
    host = await serve()
    b = await browser()
    const { page } = b
    await page.goto(host.url)
    await page.locator('[data-test=open-sample]').click()
    await page.locator('[data-test=campaign-title]').getByText('The Tortuga Run').waitFor()

    // ── Battles: nothing yet ────────────────────────────────────────────────
    await openPage(page, 'Battles', 'battles')
    await page.locator('[data-test=battles-empty]').waitFor()
    await page.locator('[data-test=new-skirmish]').click()
    await page.waitForURL(/#\/campaign\/battles\/new$/)

    // ── The Sea Dog, GM-commanded, on our side ───────────────────────────────
    const ours = page.locator('[data-side="Our side"]')
    await ours.locator('[data-test=add-participant]').click()
    const modal = page.locator('[data-test=add-modal]')
    await modal.waitFor()
    await choose(page, modal.locator('[data-test=pick-ship]'), 'Sea Dog (Corsair)')
    await choose(page, modal.locator('[data-test=pick-crew]'), 'Privateers (⅓ fighters)')
    await modal.locator('[data-test=confirm-add]').click()
    await modal.waitFor({ state: 'hidden' })
    await ours.getByText('Sea Dog').waitFor()

    // ── A heavily armed Merchantman under the AI on theirs ──────────────────
    const theirs = page.locator('[data-side="Their side"]')
    await theirs.locator('[data-test=add-participant]').click()
    await modal.waitFor()
    await modal.getByText('From the encounter table', { exact: true }).click()
    await choose(page, modal.locator('[data-test=gen-hull]'), 'Merchantman')
    await modal.locator('[data-test=gen-armament]').getByText('Heavily armed').click()
    await modal.getByLabel('Generated ship name').fill('Fortune')
    await modal.locator('[data-test=confirm-add]').click()
    await modal.waitFor({ state: 'hidden' })
    await theirs.getByText('Fortune').waitFor()

    await choose(page, page.locator('[data-test=start-range]'), 'Long')
    // A fixed seed: the same chase every run (the campaign would draw one otherwise).
    await page.getByLabel('Seed').fill('10')
    await page.getByLabel('Battle name').fill('The action off Cabora')
    const preview = page.locator('[data-test=skirmish-preview]')
    await preview.getByText('Sea Dog', { exact: true }).waitFor()
    await preview.getByText('Fortune', { exact: true }).waitFor()
    await settled(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'battle-skirmish')

    await page.locator('[data-test=start-battle]').click()
    await page.waitForURL(/#\/campaign\/battles\/\d+$/)
    const battleId = Number(/battles\/(\d+)$/.exec(page.url())![1])
    await page.locator('[data-test=battle-name]').getByText('The action off Cabora').waitFor()
    let v = await battleState(battleId)
    const dog = idOf(v, 'Sea Dog')
    const fortune = idOf(v, 'Fortune')
    expect(rangeBetween(v, dog, fortune)).toBe(3)
    expect(v.setup.participants.find((p) => p.id === fortune)!.control).toBe('ai')

    const board = page.locator('[data-test=battle-board]')
    await expect.poll(() => board.getAttribute('data-selected')).toBe(dog)
    const orders = page.locator('[data-test=orders-panel]')
    await orders.getByText('Sea Dog').first().waitFor()
    await settled(page)
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0)
    await shot(page, 'battle-board-start')

    // The odds from here, two ways: this turn as ordered then the AI, and the AI on every ship — a
    // progress bar, then each side's chances under each, labelled.
    const tabs = page.locator('.qd-tabs')
    await tabs.getByText('Odds', { exact: true }).click()
    const odds = page.locator('[data-test=odds-panel]')
    await odds.getByLabel('Runs').fill('500')
    await odds.locator('[data-test=run-odds]').click()
    for (const mode of ['asOrdered', 'ai']) {
      const block = odds.locator(`[data-odds=${mode}]`)
      await block.locator('[data-test=odds-summary]').waitFor({ timeout: 60_000 })
      await expect(block.locator('[data-test=odds-summary]').textContent()).resolves.toContain('500 runs')
      await block.locator('[data-side="Our side"] [data-kind=win]').waitFor()
      await block.locator('[data-side="Their side"] [data-kind=escape]').waitFor()
    }
    await expect(odds.locator('[data-odds=asOrdered] h3').textContent()).resolves.toBe('This turn as ordered, then the AI')
    await expect(odds.locator('[data-odds=ai] h3').textContent()).resolves.toBe('The AI on every ship')
    const oddsResult = await api<{ sides: { side: string; win: { p: number } }[] }>('battles.odds', { battleId, runs: 100 })
    expect(oddsResult.sides.map((s) => s.side).sort()).toEqual(['Our side', 'Their side'])
    await shot(page, 'battle-odds')

    // Her numbers, each with its terms.
    await tabs.getByText('Numbers', { exact: true }).click()
    const card = page.locator('[data-test=ship-card]')
    await expect(card.locator('[data-test=hull-now]').textContent()).resolves.toBe('25 / 25')
    await card.locator('[data-test=speed]').hover()
    await page.locator('.n-popover:visible [data-test=breakdown]').first().waitFor()
    await settled(page)
    await shot(page, 'battle-numbers')
    await page.mouse.move(5, 790)
    await tabs.getByText('Orders', { exact: true }).click()

    // The merchantman is AI: her captain's intention is shown, and she can be taken over.
    await page.locator('[data-chip="Fortune"]').click()
    await expect.poll(() => board.getAttribute('data-selected')).toBe(fortune)
    await orders.locator('[data-test=ai-intent]').waitFor()
    await expect(orders.locator('[data-test=toggle-control]').textContent()).resolves.toContain('Take over')
    await page.locator('[data-chip="Sea Dog"]').click()
    await expect.poll(() => board.getAttribute('data-selected')).toBe(dog)

    /** Bear Down on the Fortune, chasers at her rigging; at Close, grapple and board. */
    async function giveOrders(): Promise<void> {
      v = await battleState(battleId)
      const r = rangeBetween(v, dog, fortune)
      await orders.locator('[data-test=tactic-bearDown]').click()
      await choose(page, orders.locator('[data-test=beardown-target]'), `Fortune — ${['Close', 'Short', 'Medium', 'Long', 'Far', 'Extreme', 'Out of sight'][r]}`)
      const chasers = orders.locator('[data-battery=chasers]')
      const grappled = v.state.participants[dog]!.grappledWith.includes(fortune)
      if (!grappled) {
        if ((await chasers.textContent())?.includes('· loaded')) {
          const current = await chasers.locator('[data-test=fire-chasers]').textContent()
          if (!current?.includes('Fortune')) await choose(page, chasers.locator('[data-test=fire-chasers]'), `Fortune — ${['Close', 'Short', 'Medium', 'Long', 'Far', 'Extreme'][r]}`)
          await chasers.locator('[data-test=aim-chasers]').getByText('Rigging').click()
        }
      }
      if (r <= 1 && !grappled) await choose(page, orders.locator('[data-test=grapple]'), r === 0 ? 'Fortune' : 'Fortune (if she reaches Close)')
      if (r <= 1) await choose(page, orders.locator('[data-test=board]'), grappled ? 'Fortune' : 'Fortune (if the grapple holds)')
      await orders.locator('[data-test=save-orders]').click()
      await orders.locator('[data-test=orders-state]').getByText('Saved', { exact: true }).waitFor()
    }

    // ── Turn 1 by the app's dice ───────────────────────────────────────────
    await giveOrders()
    await orders.locator('[data-test=tn-chasers]').waitFor()
    await orders.locator('[data-test=tn-chasers]').hover()
    await page.locator('.n-popover:visible [data-test=breakdown]').getByText('TN').first().waitFor()
    await settled(page)
    await shot(page, 'battle-orders-tn')
    await page.mouse.move(5, 790)
    v = await battleState(battleId)
    expect(v.pending.ships[dog]).toMatchObject({ tactic: 'bearDown', target: fortune, fire: [{ battery: 'chasers', target: fortune, aim: 'rigging' }] })
    // The board plays the turn back (1.8 s): watched every frame from before the click, so a busy machine cannot miss it.
    await Promise.all([
      page.waitForFunction(
        () => {
          const doc = (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null; getAttribute(a: string): string | null } | null } }).document
          return !!doc.querySelector('[data-test=battle-turn]')?.textContent?.includes('Turn 2') && doc.querySelector('[data-test=battle-board]')?.getAttribute('data-animating') === 'yes'
        },
        undefined,
        { polling: 'raf' }
      ),
      page.locator('[data-test=resolve-turn]').click()
    ])
    await shot(page, 'battle-board-animating')
    await settle(page)
    v = await battleState(battleId)
    expect(v.turns).toHaveLength(1)
    expect(v.turns[0]!.events.length).toBeGreaterThan(0)

    // ── More turns, the app rolling, until she is within grappling reach ────
    for (let turn = 0; turn < 15 && rangeBetween(v, dog, fortune) > 1; turn++) {
      expect(v.state.participants[fortune]!.status, 'the Fortune got away').toBe('active')
      expect(v.state.participants[dog]!.status).toBe('active')
      await giveOrders()
      const before = v.state.turn
      // N from the page picks the next ship, Shift+N the one before; Enter resolves (neither fires while typing).
      await page.locator('[data-test=battle-name]').click()
      await page.keyboard.press('n')
      await expect.poll(() => board.getAttribute('data-selected')).toBe(fortune)
      await page.keyboard.press('Shift+N')
      await expect.poll(() => board.getAttribute('data-selected')).toBe(dog)
      await page.keyboard.press('Enter')
      await page.locator('[data-test=battle-turn]').getByText(`Turn ${before + 1}`).waitFor()
      await settle(page)
      v = await battleState(battleId)
    }
    expect(rangeBetween(v, dog, fortune)).toBeLessThanOrEqual(1)
    expect(v.state.turn).toBeGreaterThan(2)
    await quiet(page)
    await shot(page, 'battle-board-close')
    copyBoardShot('battle-board-close')

    // ── The decisive turn with the table's dice, typed in by hand ───────────
    await page.locator('[data-test=dice-mode-manual]').click()
    await page.locator('[data-test=dice-mode-manual].n-radio-button--checked').waitFor()
    await giveOrders() // Bear Down, grapple and board
    v = await battleState(battleId)
    expect(v.pending.ships[dog]).toMatchObject({ grapple: fortune, board: fortune })
    const decisive = v.state.turn
    await page.locator('[data-test=resolve-turn]').click()
    const prompt = page.locator('[data-test=dice-prompt]')
    const purposes: string[] = []
    const promptText = async (): Promise<string> => ((await prompt.isVisible().catch(() => false)) ? ((await prompt.textContent().catch(() => '')) ?? '') : '')
    let last = ''
    for (let i = 0; i < 200 && purposes.length < 60; i++) {
      // Wait for the next thing to do: the turn over, or a prompt other than the one just answered.
      let over = false
      let text = ''
      await expect
        .poll(async () => (over = !!(await page.locator('[data-test=battle-turn]').textContent())?.includes(`Turn ${decisive + 1}`)) || ((text = await promptText()) !== '' && text !== last))
        .toBe(true)
      if (over) break
      const purpose = await prompt.locator('[data-test=dice-purpose]').textContent({ timeout: 1000 }).catch(() => null)
      if (purpose === null) continue
      last = text
      const need = Number(/at least (\d+) more/.exec(text)?.[1] ?? '1')
      purposes.push(purpose)
      // The Sea Dog's helmsman, grapnels and boarders roll well today; the Fortune's people do not.
      const face = purpose.startsWith('Sea Dog') ? 9 : 5
      // As many faces as the prompt says it takes (its status counts them: it may have changed since it was read).
      const field = page.getByLabel('Faces rolled')
      const status = prompt.locator('[data-test=dice-status]')
      let typed = need
      await field.fill(Array.from({ length: typed }, () => String(face)).join(' '))
      for (let k = 0; k < 10; k++) {
        const st = (await status.textContent().catch(() => '')) ?? ''
        if (st.startsWith('Ready')) break
        const more = /(\d+) more face/.exec(st)
        const over = /(\d+) faces? too many/.exec(st)
        if (!more && !over) break
        typed += more ? Number(more[1]) : -Number(over![1])
        await field.fill(Array.from({ length: typed }, () => String(face)).join(' '))
      }
      if (purposes.length === 2) await shot(page, 'battle-dice-prompt')
      await prompt.locator('[data-test=dice-submit]').click({ timeout: 5000 })
    }
    await page.locator('[data-test=battle-turn]').getByText(`Turn ${decisive + 1}`).waitFor()
    expect(purposes.length).toBeGreaterThan(2)
    expect(purposes.some((p) => /grapnel|grapple/i.test(p))).toBe(true)
    await settle(page)
    v = await battleState(battleId)
    expect(v.turns.at(-1)!.events.some((e) => e.rolls.some((r) => r.manual))).toBe(true)
    await page.locator('[data-test=dice-mode-app]').click()
    await page.locator('[data-test=dice-mode-app].n-radio-button--checked').waitFor()

    // If her crew held out, settle the melee at the table and enter its result.
    if (v.state.participants[fortune]!.status === 'active' && v.state.participants[dog]!.grappledWith.includes(fortune)) {
      await page.locator('[data-test=open-melee]').click()
      const melee = page.locator('[data-test=melee-dialog]')
      await melee.locator('[data-test=melee-winner]').getByText('Sea Dog').click()
      await melee.locator('[data-test=melee-save]').click()
      await melee.waitFor({ state: 'hidden' })
      await page.locator('[data-test=resolve-turn]').click()
      await settle(page)
      v = await battleState(battleId)
    }
    expect(['struck', 'surrendered']).toContain(v.state.participants[fortune]!.status)
    expect(v.state.outcome).toBe('decided')
    await page.locator('[data-test=outcome-banner]').getByText('The battle is decided').waitFor()
    await page.locator('[data-chip="Sea Dog"]').click()
    await settle(page)
    await shot(page, 'battle-board-decided')

    // ── The log: every turn, newest first, with numbers ─────────────────────
    await page.locator('.qd-tabs').getByText(/^Log/).click()
    const log = page.locator('[data-test=battle-log]')
    await log.locator(`[data-turn="${v.turns.length}"]`).waitFor()
    const firstNumbers = log.getByRole('button', { name: /^The numbers of/ }).first()
    await firstNumbers.click()
    await log.locator('[data-test=event-numbers]').first().waitFor()
    await shot(page, 'battle-log')

    // ── Conclude through the review ─────────────────────────────────────────
    await page.locator('[data-test=banner-conclude]').click()
    const review = page.locator('[data-test=review-dialog]')
    await review.locator('[data-line="Fortune"]').waitFor()
    await expect(review.locator('[data-line="Fortune"]').textContent()).resolves.toContain('Captured')
    await review.locator('[data-line="Fortune"]').getByText('Marcel', { exact: false }).first().waitFor()
    await shot(page, 'battle-review')
    await review.locator('[data-test=conclude-go]').click()
    await review.waitFor({ state: 'hidden' })
    await page.locator('[data-test=concluded-banner]').waitFor()
    v = await battleState(battleId)
    expect(v.status).toBe('concluded')

    // ── The Fleet: the prize and the Sea Dog's damage ───────────────────────
    await page.locator('[data-test=to-fleet]').click()
    await page.waitForURL(/#\/campaign\/fleet$/)
    const fleet = page.locator('[data-test=fleet-table]')
    await fleet.locator('[data-ship="Fortune"]').waitFor()
    await fleet.locator('[data-ship="Fortune"]').getByText('prize').waitFor()
    const ships = await api<ShipSummary[]>('ships.list')
    const prize = ships.find((s) => s.name === 'Fortune')!
    expect(prize.origin).toBe('prize')
    expect(prize.owners.map((o) => o.name).join(' ')).toContain('Marcel')
    const seaDog = ships.find((s) => s.name === 'Sea Dog')!
    const detail = await api<ShipDetail>('ships.get', { shipId: seaDog.id })
    const fought = v.state.participants[dog]!
    expect(detail.state.hullDamage).toBe(fought.hullDamage)
    expect(detail.state.riggingDamage).toBe(fought.riggingDamage)
    await shot(page, 'battle-fleet-prize')
    await fleet.locator('[data-ship="Sea Dog"]').click()
    await page.locator('[data-test=ship-sheet]').waitFor()
    await shot(page, 'battle-sea-dog-after')

    // The battle is listed as concluded, won by our side.
    await openPage(page, 'Battles', 'battles')
    const done = page.locator('[data-test=battles-concluded]')
    await done.getByText('The action off Cabora').waitFor()
    await done.getByText('Our side').first().waitFor()
    await shot(page, 'battle-list')
  }, 300_000)
})

/** The README's picture of the board. */
function copyBoardShot(name: string): void {
  mkdirSync(join(ROOT, 'docs', 'images'), { recursive: true })
  copyFileSync(join(SHOTS, `${name}.png`), join(ROOT, 'docs', 'images', 'battle.png'))
}

/** Wait for the toasts to go, for a clean picture. */
async function quiet(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.n-message').count(), { timeout: 10_000 }).toBe(0)
}
