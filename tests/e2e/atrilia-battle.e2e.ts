import { describe, expect, it } from 'vitest'
import { copyFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { parseLabel } from '../../src/shared/atrilia/hex'
import type { AtriliaOrders, AtriliaReport, AtriliaSetup, AtriliaSetupInput, AtriliaState } from '../../src/shared/atrilia/types'
import { apiOk, openPage, openSample, ROOT, useHost, type Served } from './harness'

/**
 * The Atrilian hex battle (seed 002) as a new GM plays it: "The first battle of al-Zabdiyat" started
 * from the Battles page, a movement roll typed by hand, a ship moved by clicking a reachable hex and
 * the move undone, a step by the keyboard, phases ended, the Meshuesh handed to the AI, the log read
 * and the battle replayed from it. Then two small set-ups for the board's ram preview and a line of
 * sight blocked by a ship. Screenshots go to shots/ (and one to docs/images/hex-board.png).
 */

const SHOTS = join(ROOT, 'shots')
const { start } = useHost()

interface View {
  id: number
  ruleset: 'atrilia'
  setup: AtriliaSetup
  state: AtriliaState
  step: { turn: number; phase: string; label: string; side: string | null }
  control: Record<string, 'gm' | 'ai'>
  pending: AtriliaOrders
  log: AtriliaReport[]
}

async function shot(page: Page, name: string, copyTo?: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  await page.locator('.n-message-wrapper').evaluateAll((els) => els.forEach((e) => e.setAttribute('style', 'display: none')))
  const path = join(SHOTS, `${name}.png`)
  await page.screenshot({ path })
  if (copyTo) copyFileSync(path, join(ROOT, copyTo))
}

/** Where the centre of hex `l` ("D6") is on the page (the board puts its geometry on its element). */
async function hexPoint(page: Page, l: string): Promise<{ x: number; y: number }> {
  const board = page.locator('[data-test=hex-board]')
  const geo = JSON.parse((await board.getAttribute('data-geo'))!) as { R: number; ox: number; oy: number }
  const box = (await board.locator('canvas').first().boundingBox())!
  const h = parseLabel(l)!
  return { x: box.x + geo.ox + 1.5 * geo.R * h.q, y: box.y + geo.oy + Math.sqrt(3) * geo.R * (h.r + h.q / 2) }
}
async function clickHex(page: Page, l: string, shift = false): Promise<void> {
  const p = await hexPoint(page, l)
  if (shift) await page.keyboard.down('Shift')
  await page.mouse.click(p.x, p.y)
  if (shift) await page.keyboard.up('Shift')
}
async function hoverHex(page: Page, l: string): Promise<void> {
  const p = await hexPoint(page, l)
  await page.mouse.move(p.x, p.y)
  await expect.poll(() => page.locator('[data-test=hex-board]').getAttribute('data-hover')).toBe(l)
}

const labelOf = (h: { q: number; r: number }) => {
  const col = h.q
  const row = h.r + ((h.q - (h.q & 1)) >> 1)
  return `${'ABCDEFGHIJKL'[col]}${row + 1}`
}

describe('the Atrilian hex battle in Chromium', () => {
  it('starts al-Zabdiyat from the Battles page, moves and undoes by clicking the board, ends phases with typed dice and the AI, and replays the log', async () => {
    const { host, page } = await start({ viewport: { width: 1440, height: 960 } })
    const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)
    await openSample(page)
    await openPage(page, 'Battles', 'battles')

    // ── New battle: the rule system and who plays each side ────────────────
    await page.locator('[data-test=new-battle]').click()
    const dialog = page.locator('[data-test=new-battle-dialog]')
    await dialog.locator('[data-test=ruleset-atrilia]').click()
    await dialog.getByText('The first battle of al-Zabdiyat').waitFor()
    await dialog.locator('[data-test=new-control-meshuesh-gm]').waitFor()
    await dialog.locator('[data-test=new-battle-start]').click()
    await page.locator('[data-test=phase-label]').getByText('Turn 1 — the Pheacians: roll for movement').waitFor()
    const battleId = Number(/\/battles\/(\d+)/.exec(page.url())![1])
    await page.locator('[data-test=hex-board] canvas').first().waitFor()
    let v = await api<View>('battles.state', { battleId })
    expect(v.ruleset).toBe('atrilia')
    expect(v.control).toEqual({ pheacians: 'gm', meshuesh: 'gm' })

    // ── Roll for movement with the table's die typed by hand ────────────────
    await page.locator('[data-test=hand-dice]').locator('input').fill('seven')
    await page.locator('[data-test=end-phase]').click()
    await page.locator('[data-test=hand-dice-error]').getByText('“seven” is not a face of a die').waitFor()
    expect((await api<View>('battles.state', { battleId })).state.steps).toBe(0) // nothing changed
    await page.locator('[data-test=hand-dice]').locator('input').fill('4')
    await page.locator('[data-test=end-phase]').click()
    await page.locator('[data-test=phase-label]').getByText('Turn 1 — the Pheacians: ship movement and ramming').waitFor()
    v = await api<View>('battles.state', { battleId })
    expect(v.state.roll).toBe(4)
    expect(v.log[0]!.events.some((e) => e.rolls.some((r) => r.manual && r.dice[0] === 4))).toBe(true)

    // ── Select Thalassa on the board: her reach with costs; hover a hex for the path ──
    const thalassa = labelOf(v.state.ships.thalassa!.at)
    expect(thalassa).toBe('D4')
    await clickHex(page, thalassa)
    await page.locator('[data-move=Thalassa].qd-at-sel').waitFor()
    await hoverHex(page, 'D6')
    await expect.poll(() => page.locator('[data-test=hex-path]').textContent()).toContain('forward 2, forward 2 = 4 of 7 points')
    await shot(page, 'hex-board-reach')

    // Clicking the reachable hex sets her move in the pending orders.
    await clickHex(page, 'D6')
    await expect.poll(async () => (await api<View>('battles.state', { battleId })).pending).toMatchObject({ phase: 'move', ships: [{ ship: 'thalassa', steps: ['forward', 'forward'] }] })
    await page.locator('[data-move=Thalassa] [data-test=planned-path]').getByText('forward 2, forward 2 = 4 of 7').waitFor()
    // Undo move: the pending orders without it.
    await page.locator('[data-move=Thalassa] [data-test=undo-move]').click()
    await expect.poll(async () => (await api<View>('battles.state', { battleId })).pending).toMatchObject({ phase: 'move', ships: [] })
    await page.locator('[data-move=Thalassa] [data-test=planned-path]').waitFor({ state: 'detached' })

    // The keyboard: ↑ steps the selected ship forward (the board has the focus, not a field).
    await page.locator('[data-move=Nausikaa] .qd-at-name').click()
    await page.locator('[data-move=Nausikaa].qd-at-sel').waitFor()
    await page.locator('[data-test=battle-name]').click()
    await page.keyboard.press('ArrowUp')
    await expect.poll(async () => (await api<View>('battles.state', { battleId })).pending).toMatchObject({ ships: [{ ship: 'nausikaa', steps: ['forward'] }] })
    // And Thalassa to D6 by a click again.
    await clickHex(page, thalassa)
    await page.locator('[data-move=Thalassa].qd-at-sel').waitFor()
    await clickHex(page, 'D6')
    await expect.poll(async () => (await api<View>('battles.state', { battleId })).pending).toMatchObject({ ships: [{ ship: 'nausikaa' }, { ship: 'thalassa', steps: ['forward', 'forward'] }] })

    // ── End the phase (Enter): the ships move ───────────────────────────────
    await page.locator('[data-test=battle-name]').click()
    await page.keyboard.press('Enter')
    await page.locator('[data-test=phase-label]').getByText('Turn 1 — the Pheacians: marine movement').waitFor()
    v = await api<View>('battles.state', { battleId })
    expect(labelOf(v.state.ships.thalassa!.at)).toBe('D6')
    expect(labelOf(v.state.ships.nausikaa!.at)).toBe('F5')

    // The other Pheacian phases, then the Meshuesh handed to the AI.
    for (const next of ['marine attacks', 'other attacks', 'repair']) {
      await page.locator('[data-test=end-phase]').click()
      await page.locator('[data-test=phase-label]').getByText(`Turn 1 — the Pheacians: ${next}`).waitFor()
    }
    await page.locator('[data-test=end-phase]').click()
    await page.locator('[data-test=phase-label]').getByText('Turn 1 — the Meshuesh: roll for movement').waitFor()
    await page.locator('.qd-tabs .n-tabs-tab').getByText('Sides', { exact: true }).click()
    await page.locator('[data-test=control-meshuesh-ai]').click()
    await expect.poll(async () => (await api<View>('battles.state', { battleId })).control.meshuesh).toBe('ai')
    await page.locator('[data-test=end-phase]').getByText('Let the AI play this phase').waitFor()
    const before = (await api<View>('battles.state', { battleId })).state.ships
    for (let i = 0; i < 6; i++) {
      const steps = (await api<View>('battles.state', { battleId })).state.steps
      await page.locator('[data-test=end-phase]').click()
      await expect.poll(async () => (await api<View>('battles.state', { battleId })).state.steps).toBe(steps + 1)
    }
    await page.locator('[data-test=phase-label]').getByText('Turn 2 — the Pheacians: roll for movement').waitFor()
    v = await api<View>('battles.state', { battleId })
    // The AI moved its galleys (off land, one per hex).
    const moved = ['wadjwer', 'sekhmet', 'apophis', 'horus'].filter((id) => labelOf(v.state.ships[id]!.at) !== labelOf(before[id]!.at))
    expect(moved.length).toBeGreaterThan(0)
    const land = new Set(v.setup.land.map(labelOf))
    for (const s of Object.values(v.state.ships)) if (s.status === 'afloat') expect(land.has(labelOf(s.at))).toBe(false)

    // ── The log: every step, its rolls and terms, in words ─────────────────
    await page.locator('.qd-tabs .n-tabs-tab').getByText(/^Log/).click()
    await expect.poll(() => page.locator('[data-test=log-step]').count()).toBe(v.log.length)
    expect(v.log.length).toBe(12)
    const text = (await page.locator('.qd-tabs').textContent())!
    expect(text).toContain('Turn 1 — the Pheacians: roll for movement')
    expect(text).toContain('Turn 1 — the Meshuesh: ship movement and ramming')
    expect(text).toContain('(typed)')
    expect(text).not.toMatch(/undefined|NaN|thalassa|meshuesh\b/)
    // Replay from the log.
    await page.locator('[data-test=replay-check]').click()
    await page.locator('[data-test=replay-result]').getByText('Replayed 12 steps from the log: the same state.').waitFor()
    await shot(page, 'hex-board-log')
  })

  it('shows a ram preview (bow, stern, broadsides, what the ram would be) and a line of sight blocked by a ship', async () => {
    const { host, page } = await start({ campaign: 'Hex board', viewport: { width: 1440, height: 960 } })
    const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)
    const at = (l: string) => parseLabel(l)!
    const galley = (id: string, name: string, side: string, l: string, facing: number, more: object = {}) => ({ id, name, side, type: 'smallGalley', size: 2, crewQuality: 3, at: at(l), facing, marines: 2, ...more })
    const setup: AtriliaSetupInput = {
      name: 'Off the point',
      sides: [
        { id: 'pheacians', name: 'Pheacians', nation: 'pheacian' },
        { id: 'meshuesh', name: 'Meshuesh', nation: 'meshuesh' }
      ],
      ships: [
        galley('argo', 'Argo', 'pheacians', 'E9', 1, { ballista: 'spear', size: 3 }),
        galley('kerkyra', 'Kerkyra', 'pheacians', 'G10', 1),
        galley('sobek', 'Sobek', 'meshuesh', 'E6', 3),
        galley('screen', 'Neith', 'meshuesh', 'C9', 1),
        galley('hidden', 'Bastet', 'meshuesh', 'B9', 1)
      ],
      land: [at('H6'), at('I6'), at('I7')]
    }
    const { battleId } = await api<{ battleId: number }>('battles.start', { ruleset: 'atrilia', name: 'Off the point', setup })
    await page.goto(`${host.url}#/campaign/battles/${battleId}`)
    await page.locator('[data-test=phase-label]').getByText('Turn 1 — the Pheacians: roll for movement').waitFor()
    await page.locator('[data-test=hand-dice]').locator('input').fill('6')
    await page.locator('[data-test=end-phase]').click()
    await page.locator('[data-test=phase-label]').getByText('ship movement and ramming').waitFor()

    // Argo selected, Sobek (beam-on, facing 3) hovered: her hexsides and the broadside ram from E7.
    await clickHex(page, 'E9')
    await page.locator('[data-move=Argo].qd-at-sel').waitFor()
    await hoverHex(page, 'E6')
    const preview = page.locator('[data-test=ram-preview]')
    await preview.getByText('Sobek: bow red, stern blue, broadsides amber.').waitFor()
    await preview.getByText(/^Broadside ram from E7 \(6 points\): /).waitFor()
    await shot(page, 'hex-board-ram-preview')
    // Clicking her sets the ram.
    await clickHex(page, 'E6')
    await expect.poll(async () => (await api<View>('battles.state', { battleId })).pending).toMatchObject({ ships: [{ ship: 'argo', steps: ['forward', 'forward', 'forward'], through: false }] })
    await page.locator('[data-move=Argo]').getByText('broadside ram on Sobek').waitFor()
    await page.locator('[data-move=Argo] [data-test=undo-move]').click()
    await expect.poll(async () => (await api<View>('battles.state', { battleId })).pending).toMatchObject({ ships: [] })

    // On to other attacks: Argo's ballista reaches Neith, Bastet behind her is out of sight.
    for (const next of ['marine movement', 'marine attacks', 'other attacks']) {
      await page.locator('[data-test=end-phase]').click()
      await page.locator('[data-test=phase-label]').getByText(`the Pheacians: ${next}`).waitFor()
    }
    await clickHex(page, 'E9')
    await page.locator('[data-test=mode-ballista]').waitFor()
    const targets = page.locator('[data-test=attack-targets]')
    await targets.getByText('Neith at C9, 2 hexes').waitFor()
    await targets.getByText('Bastet at B9, 3 hexes: blocked at C9').waitFor()
    await expect(targets.locator('li').filter({ hasText: 'Bastet' }).locator('[data-test=add-attack]').isDisabled()).resolves.toBe(true)
    await page.mouse.move(5, 5)
    await shot(page, 'hex-board-line-of-sight', 'docs/images/hex-board.png')
    // Clicking Neith orders the shot.
    await clickHex(page, 'C9')
    await expect.poll(async () => (await api<View>('battles.state', { battleId })).pending).toMatchObject({ phase: 'otherAttacks', attacks: [{ by: { ship: 'argo', weapon: 'ballista' }, target: 'screen' }] })
  })

  it('runs the odds of an Atrilian battle in the shell’s Odds tab, and once its turns are over shows the outcome, no phase to play and a review saying nobody won', async () => {
    const { host, page } = await start({ campaign: 'Short fight', viewport: { width: 1440, height: 960 } })
    const api = <T>(name: string, input: unknown = {}): Promise<T> => apiOk<T>(host, name, input)
    const at = (l: string) => parseLabel(l)!
    const setup: AtriliaSetupInput = {
      name: 'A short watch',
      turns: 2,
      sides: [
        { id: 'pheacians', name: 'Pheacians', nation: 'pheacian' },
        { id: 'meshuesh', name: 'Meshuesh', nation: 'meshuesh' }
      ],
      ships: [
        { id: 'argo', name: 'Argo of Scheria', side: 'pheacians', type: 'smallGalley', size: 2, crewQuality: 2, at: at('A1'), facing: 4, marines: 2 },
        { id: 'sobek', name: 'Sobek', side: 'meshuesh', type: 'smallGalley', size: 2, crewQuality: 2, at: at('L18'), facing: 1, marines: 2 }
      ],
      land: []
    }
    const { battleId } = await api<{ battleId: number }>('battles.start', { ruleset: 'atrilia', setup, control: { pheacians: 'ai', meshuesh: 'ai' } })
    await page.goto(`${host.url}#/campaign/battles/${battleId}`)
    await page.locator('[data-test=phase-label]').getByText('Turn 1 — the Pheacians: roll for movement').waitFor()
    await page.locator('[data-test=battle-turn]').getByText('Turn 1 of 2', { exact: true }).waitFor()
    await page.locator('[data-test=battle-ruleset]').getByText('Atrilian naval rules').waitFor()
    // The board names each counter in full when it fits two hexes, cut with "…" when not (in full on hover).
    // (The names are drawn on the canvas: the hover line says the full name.)
    await hoverHex(page, 'A1')
    await page.locator('[data-test=hex-ship]').getByText(/^Argo of Scheria: Pheacians, size 2/).waitFor()

    // ── The odds through the shell: battles.odds, the AI on both sides, each side by its name ──
    await page.locator('.qd-tabs .n-tabs-tab').getByText('Odds', { exact: true }).click()
    const odds = page.locator('[data-test=odds-panel]')
    // The field knows the Atrilian cap (fewer runs than High Seas'): more is refused at the field, not sent.
    await odds.getByLabel('Runs').fill('5000')
    await odds.getByText('Must be at most 3,000.').waitFor()
    await expect.poll(() => odds.locator('[data-test=run-odds]').isDisabled()).toBe(true)
    await odds.getByLabel('Runs').fill('60')
    await odds.locator('[data-test=run-odds]').click()
    const block = odds.locator('[data-odds=ai]')
    await block.locator('[data-test=odds-summary]').getByText(/60 runs in/).waitFor({ timeout: 60_000 })
    await block.locator('[data-side=Pheacians] [data-kind=win]').waitFor()
    await block.locator('[data-side=Meshuesh] [data-kind=struck] th').getByText('A ship is captured').waitFor()
    expect(await block.locator('h3').textContent()).toBe('The AI on both sides')

    // ── Both sides to the AI: every phase of two turns ──────────────────────
    await page.locator('.qd-tabs .n-tabs-tab').getByText('Orders', { exact: true }).click()
    for (let i = 0; i < 24; i++) {
      await page.locator('[data-test=end-phase]').click()
      await expect.poll(async () => (await api<View>('battles.state', { battleId })).state.steps).toBe(i + 1)
    }
    await page.locator('[data-test=phase-label]').getByText('The battle is over', { exact: true }).waitFor()
    await page.locator('[data-test=battle-turn]').getByText('Over after 2 turns of 2', { exact: true }).waitFor()
    expect(await page.locator('.qd-phase-on').count()).toBe(0)
    expect(await page.locator('[data-test=end-phase]').count()).toBe(0)
    const over = page.locator('[data-test=battle-over]')
    await over.locator('[data-test=over-headline]').getByText('Nobody wins.', { exact: true }).waitFor()
    await over.getByText('The battle is over: the encounter’s 2 turns are over.').waitFor()
    expect(await page.locator('[data-test=hand-dice]').count()).toBe(0)
    // The Undo of the header takes back the battle's last step (and the page follows), then it is redone.
    await page.locator('[data-test=battle-undo]').click()
    await page.locator('[data-test=phase-label]').getByText('Turn 2 — the Meshuesh: repair').waitFor()
    await page.locator('[data-test=battle-turn]').getByText('Turn 2 of 2', { exact: true }).waitFor()
    await page.locator('[data-test=end-phase]').click()
    await page.locator('[data-test=phase-label]').getByText('The battle is over', { exact: true }).waitFor()
    await page.mouse.move(5, 5)
    await shot(page, 'hex-board-over-by-turns')

    await over.locator('[data-test=over-review]').click()
    const review = page.locator('[data-test=atrilia-review]')
    await review.locator('[data-test=review-winner]').getByText('Nobody wins.', { exact: true }).waitFor()
    await review.locator('[data-test=review-summary]').getByText(/Over after 2 turns of 2/).waitFor()
    await review.locator('[data-line="Argo of Scheria"]').getByText(/^Afloat: 2 points of marines aboard$/).waitFor()
  })
})
