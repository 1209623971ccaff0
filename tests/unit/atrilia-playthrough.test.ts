/**
 * A scripted play-through of the preset "The first battle of al-Zabdiyat" (seed 002 §12; rules guide
 * §3) at the pure level: tests/fixtures/al-zabdiyat-script.json is the setup (the preset and its
 * seed) and, per step, the orders and the faces typed by hand. Every die of the battle is typed, so
 * the script is the same whatever the generator would roll; the test replays it with dice in hand
 * entry mode (a missing face would be an error) and checks each typed face is used.
 *
 * The walkthrough, step by step (for a browser test to follow it through the board). Each player's
 * turn is six steps (§4): roll for movement, ship movement and ramming, marine movement, marine
 * attacks, other attacks, repair; a step not named below has no orders (end the phase). The
 * Pheacians start in D4, F4 (facing 4, south), B3 and H3; the Meshuesh in E15, G15, C16 and I16
 * (facing 1, north); the island is columns K–L. Facing 1 is north, 2 north-east … 6 north-west.
 *
 * Turn 1, the Pheacians (steps 0–5)
 *   0 roll: type 6.
 *   1 move: Thalassa D4 → D5 → D6, then a hexside to starboard (now facing 5, south-west): 2 + 2 + 5 = 9
 *     of her 9 points. Nausikaa F4 → F8, Skylla B3 → B7, Phaiax H3 → H7 (four hexes forward, 8 points each).
 * Turn 1, the Meshuesh (steps 6–11)
 *   6 roll: type 6.
 *   7 move: Apophis C16 → C12, Sekhmet G15 → G11, Horus I16 → I12 (four hexes forward); Wadj-wer backs
 *     from E15 to E16 (3 points).
 * Turn 2, the Pheacians (steps 12–17)
 *   12 roll: type 6.
 *   13 move: Thalassa forward (south-west) to C7, a hexside to port (facing 4 again), forward to C8: 9
 *     points. Skylla B7 → B8; Nausikaa F8 → F9; Phaiax H7 → H10.
 * Turn 2, the Meshuesh (steps 18–23)
 *   18 roll: type 6.
 *   19 move: Apophis C12 → C11 → C10 → C9, then forward into C8: an OAR RAKE on Thalassa through her bow
 *     (§6.1). Type 1 (Apophis: 1 + crew 2 = 3, no effect) then 4 (Thalassa rakes back: 4 + crew 3 +
 *     1 larger = 8, CS: Apophis is crippled). Both turn one hexside clockwise (Thalassa faces 5,
 *     Apophis 2); Apophis stays in C9. Horus I12 → I11.
 * Turn 3, the Pheacians (steps 24–29)
 *   24 roll: type 6.
 *   25 move: Phaiax a hexside to port (facing 3, south-east), then forward into I11: a BROADSIDE RAM on
 *     Horus (§6.3); type 5 (5 + 2 = 7, S: Horus starts sinking); Phaiax stays in H10. Nausikaa a hexside
 *     to port and forward to G10 (7 points).
 *   27 marine attacks: first try archery from Nausikaa (G10) at Horus (I11), two hexes away: REFUSED,
 *     the line passes through H10 where Phaiax lies (§8.7). Instead: archery from Nausikaa at Sekhmet
 *     (G11, next to her), type 6: A, Sekhmet loses 1 point of marines. Thalassa's two points of
 *     marines board Apophis (C9), typed 6 and 6 (6 + corvus 1 + crippled target 1 − rammed 1 = 7: B
 *     each): Apophis loses both her points of marines.
 *   28 other attacks: Thalassa's flaming ballista at Apophis, type 6: F, Apophis is ON FIRE.
 * Turn 3, the Meshuesh (steps 30–35)
 *   30 roll: type 6.
 *   31 move: Wadj-wer backs E16 → E17 → E18 and off the map to the south (3 + 3 + 3 = 9): lost to this
 *     encounter (§5.11).
 *   35 repair: type 1 (Apophis fights the fire: 1 + size 2 = 3: she STARTS SINKING), then 1 (Horus
 *     fights the leaks: 1 + 2 = 3: she sinks).
 * Turn 4, the Pheacians (steps 36–41)
 *   36 roll: type 6.
 *   39 marine attacks: Thalassa boards Apophis, who has no marines, type 6 (6 + 1 + 1 = 8: B): the
 *     boarders TAKE HER (§8.11); one point of Thalassa's marines goes aboard.
 *   41 repair: Apophis, now Pheacian, fights the leaks: type 5 (5 + 2 = 7): REPAIRED, crippled (§10).
 * Turn 4, the Meshuesh (steps 42–47)
 *   42 roll: type 6.
 *   47 repair: the Meshuesh scuttle Sekhmet (§7.5), who then fights the leaks: type 1 (1 + 3 = 4): she
 *     sinks. The battle is over: no ship of the Meshuesh is left on the map; the Pheacians win.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng } from '../../src/shared/dice/rng'
import { boxDice } from '../../src/shared/highseas/dice'
import { controller, prep } from '../../src/shared/atrilia/engine'
import { label } from '../../src/shared/atrilia/hex'
import { ATRILIA_PRESETS } from '../../src/shared/atrilia/preset'
import { atriliaRuleset } from '../../src/shared/atrilia/ruleset'
import type { AtriliaEvent, AtriliaOrders, AtriliaOrdersInput, AtriliaReport, AtriliaState } from '../../src/shared/atrilia/types'

interface ScriptStep {
  orders: AtriliaOrdersInput
  dice?: number[]
  /** Orders tried first and refused by the check, with words its problem contains. */
  refused?: { orders: AtriliaOrdersInput; because: string }
}
const script = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'al-zabdiyat-script.json'), 'utf8')) as { preset: string; seed: number; steps: ScriptStep[] }
const preset = ATRILIA_PRESETS.find((p) => p.id === script.preset)!
const setup = preset.setup(script.seed)
const pre = prep(setup)

/** Play the script step by step through the ruleset, every face typed (hand entry: none generated). */
function play(): { states: AtriliaState[]; reports: AtriliaReport[]; orders: AtriliaOrders[]; refusals: string[][] } {
  let state = atriliaRuleset.start(setup, setup.seed)
  const states = [state]
  const reports: AtriliaReport[] = []
  const orders: AtriliaOrders[] = []
  const refusals: string[][] = []
  script.steps.forEach((s, i) => {
    expect(state.outcome, `step ${i}: the battle is already over`).toBeNull()
    if (s.refused) refusals[i] = atriliaRuleset.check(setup, state, atriliaRuleset.ordersSchema.parse(s.refused.orders)).map((p) => p.message)
    const o = atriliaRuleset.ordersSchema.parse(s.orders)
    expect(atriliaRuleset.check(setup, state, o), `step ${i} (${atriliaRuleset.step(setup, state).label})`).toEqual([])
    const box = new DiceBox(new Rng(state.rng), s.dice ?? [], 'manual')
    const r = atriliaRuleset.resolve(setup, state, o, boxDice(box))
    expect(box.unused(), `step ${i}: every typed face is used`).toBe(0)
    state = r.state
    states.push(state)
    reports.push(r.report)
    orders.push(o)
  })
  return { states, reports, orders, refusals }
}
const run = play()
const events = (i: number): AtriliaEvent[] => run.reports[i]!.events
const find = (pred: (e: AtriliaEvent) => boolean) => {
  for (let i = 0; i < run.reports.length; i++) {
    const e = events(i).find(pred)
    if (e) return { step: i, e, before: run.states[i]!, after: run.states[i + 1]! }
  }
  return null
}
const final = run.states.at(-1)!

describe('the play-through of "The first battle of al-Zabdiyat" (seed 002 §12)', () => {
  it('the script is the preset, and it follows the turn sequence (§4): six steps a player-turn, the Pheacians first', () => {
    expect(setup.name).toBe('The first battle of al-Zabdiyat')
    const phases = ['roll', 'move', 'marines', 'marineAttacks', 'otherAttacks', 'repair']
    run.reports.forEach((r, i) => {
      expect(r.phase).toBe(phases[i % 6])
      expect(r.side).toBe(Math.floor(i / 6) % 2 === 0 ? 'pheacians' : 'meshuesh')
      expect(r.turn).toBe(Math.floor(i / 12) + 1)
    })
  })

  it('§6.1 oar rake: Apophis enters Thalassa’s hex through her bow; both roll (Apophis 3: no effect; Thalassa 8: CS), both turn one hexside clockwise', () => {
    const rake = find((e) => e.kind === 'ram' && e.ramKind === 'oarRake')!
    expect(rake.step).toBe(19)
    expect(rake.e.who).toEqual(['apophis', 'thalassa'])
    expect(rake.e.rolls.map((r) => [r.total, r.manual])).toEqual([
      [1, true],
      [4, true]
    ])
    expect(rake.before.ships.thalassa!.facing).toBe(4)
    expect(rake.after.ships.thalassa).toMatchObject({ facing: 5, crippled: false })
    expect(rake.after.ships.apophis).toMatchObject({ facing: 2, crippled: true })
    expect(label(rake.after.ships.thalassa!.at)).toBe('C8')
    expect(label(rake.after.ships.apophis!.at)).toBe('C9')
  })

  it('§6.3 broadside ram: Phaiax enters Horus’s hex through a broadside hexside, stays in the hex before, and her S sets Horus sinking; Horus sinks at her repair (§10.2)', () => {
    const ram = find((e) => e.kind === 'ram' && e.ramKind === 'broadside')!
    expect(ram.step).toBe(25)
    expect(ram.e).toMatchObject({ who: ['phaiax', 'horus'], result: 'S' })
    expect(label(ram.after.ships.phaiax!.at)).toBe('H10')
    expect(ram.after.ships.horus!.sinking).toBe(true)
    const sank = find((e) => e.kind === 'repair' && e.who[0] === 'horus' && e.result === 'sinks')!
    expect(sank.after.ships.horus).toMatchObject({ status: 'sunk', marines: 0 })
  })

  it('§8.7 archery blocked by a ship: Nausikaa’s archery at Horus is refused by the check (the line passes through Phaiax in H10), and a clear shot at Sekhmet is taken instead', () => {
    const i = script.steps.findIndex((s) => s.refused)
    expect(i).toBe(27)
    expect(run.refusals[i]).toHaveLength(1)
    expect(run.refusals[i]![0]).toContain(script.steps[i]!.refused!.because)
    expect(run.refusals[i]![0]).toBe('attack 1 on Horus: no line of sight to Horus (blocked at H10, §8.7)')
    const shot = events(i).find((e) => e.kind === 'archery')!
    expect(shot).toMatchObject({ who: ['nausikaa', 'sekhmet'], result: 'A' })
    expect(run.states[i]!.ships.sekhmet!.marines).toBe(2)
    expect(run.states[i + 1]!.ships.sekhmet!.marines).toBe(1)
  })

  it('§8.10–8.12 a boarding that captures a ship: Thalassa’s boarders clear Apophis of marines (two Bs, corvus +1, crippled target +1, rammed −1), then take her: she is Pheacian, crippled, committed with Thalassa', () => {
    const clear = events(27).filter((e) => e.kind === 'boarding')
    expect(clear.map((e) => [e.result, e.terms.map((t) => t.value)])).toEqual([
      ['B', [6, 1, 1, -1]],
      ['B', [6, 1, 1, -1]]
    ])
    expect(run.states[28]!.ships.apophis).toMatchObject({ marines: 0, marineSide: null })
    const take = find((e) => e.kind === 'boarding' && e.text.includes('the boarders take her'))!
    expect(take.step).toBe(39)
    expect(controller(pre, take.before.ships.apophis!)).toBe('meshuesh')
    expect(controller(pre, take.after.ships.apophis!)).toBe('pheacians')
    expect(take.after.ships.apophis).toMatchObject({ marines: 1, marineSide: 'pheacians', crippled: true, committedWith: ['thalassa'] })
    expect(take.after.ships.thalassa!.marines).toBe(1)
  })

  it('§9.2 and §10 a fire that turns into sinking, and a repair that saves her: Thalassa’s flaming ballista sets Apophis on fire; her fire table roll (1 + 2) sets her sinking; once taken, her sinking table roll (5 + 2 = 7) repairs her, crippled', () => {
    const fire = find((e) => e.kind === 'fire' && e.result === 'F')!
    expect(fire.step).toBe(28)
    expect(fire.e.who).toEqual(['thalassa', 'apophis'])
    expect(fire.after.ships.apophis).toMatchObject({ fire: true, sinking: false })
    const worse = find((e) => e.kind === 'repair' && e.who[0] === 'apophis' && e.result === 'sinking')!
    expect(worse.step).toBe(35)
    expect(worse.e.terms).toEqual([
      { label: 'die', value: 1 },
      { label: 'ship size', value: 2 }
    ])
    expect(worse.after.ships.apophis).toMatchObject({ fire: false, sinking: true })
    const saved = find((e) => e.kind === 'repair' && e.who[0] === 'apophis' && e.result === 'repaired')!
    expect(saved.step).toBe(41)
    expect(saved.e.terms.reduce((s, t) => s + t.value, 0)).toBe(7)
    expect(saved.after.ships.apophis).toMatchObject({ status: 'afloat', fire: false, sinking: false, crippled: true })
    expect(final.ships.apophis!.status).toBe('afloat')
  })

  it('§5.11 and §7.5 on the way: Wadj-wer backs off the map to the south (lost to this encounter); the Meshuesh scuttle Sekhmet, who sinks at her repair', () => {
    const exit = find((e) => e.kind === 'exit')!
    expect(exit.step).toBe(31)
    expect(exit.after.ships.wadjwer).toMatchObject({ status: 'exited', exitedBy: 'south', exitedSide: 'meshuesh' })
    const scuttle = find((e) => e.kind === 'scuttle')!
    expect(scuttle.step).toBe(47)
    expect(scuttle.e.who).toEqual(['sekhmet'])
    expect(final.ships.sekhmet!.status).toBe('sunk')
  })

  it('§11.4 the battle ends with an outcome on the script’s last step: no ship of the Meshuesh is left on the map, the Pheacians win', () => {
    expect(run.states.at(-2)!.outcome).toBeNull()
    expect(final.outcome).toEqual({ winner: 'pheacians', reason: 'no ship of the Meshuesh is left on the map' })
    expect(atriliaRuleset.outcome(setup, final)).toEqual(final.outcome)
    expect(events(run.reports.length - 1).at(-1)).toMatchObject({ kind: 'end', text: 'The battle is over: no ship of the Meshuesh is left on the map.' })
    expect(Object.values(final.ships).filter((s) => s.status === 'afloat').map((s) => s.id)).toEqual(['thalassa', 'nausikaa', 'skylla', 'phaiax', 'apophis'])
  })

  it('replay: atriliaRuleset.replay of the script (setup, orders and typed faces) equals the state reached step by step, at the end and at every step on the way', () => {
    const stored = script.steps.map((s) => ({ orders: atriliaRuleset.ordersSchema.parse(s.orders), ...(s.dice ? { dice: s.dice } : {}) }))
    expect(atriliaRuleset.replay(setup, stored, script.seed)).toEqual(final)
    for (const n of [1, 20, 28, 36, 42]) expect(atriliaRuleset.replay(setup, stored.slice(0, n), script.seed)).toEqual(run.states[n])
  })
})
