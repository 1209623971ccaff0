import { describe, expect, it } from 'vitest'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { boxDice } from '../../src/shared/highseas/dice'
import { aiOrders } from '../../src/shared/galleys/ai'
import { checkOrders, dryRun, resolveStep } from '../../src/shared/galleys/engine'
import { galleysPreset } from '../../src/shared/galleys/preset'
import { galleysRuleset, replayGalleys } from '../../src/shared/galleys/ruleset'
import { GALLEYS_RULES } from '../../src/shared/galleys/tables'
import { GalleysOrders, type ActionInput, type GalleysSetup, type GalleysState } from '../../src/shared/galleys/types'
import { battle, ship, start, turn, withShip } from './galleys-helpers'

const T = GALLEYS_RULES.table
const none = { captain: 0, rudder: 0, holed: false, rigging: 0, fires: 0 }

/** A step of the player's turn that does not end it, with exactly these faces. */
function part(setup: GalleysSetup, state: GalleysState, actions: ActionInput[], dice: number[], order: string[] | null = null) {
  const box = new DiceBox(new Rng(seedState(1)), dice, 'manual')
  const r = resolveStep(setup, state, GalleysOrders.parse({ order, actions, endTurn: false }), boxDice(box))
  expect(box.unused(), 'every typed face is used').toBe(0)
  return r
}

describe('Galleys & Galleons: a player’s turn played step by step (seed 000)', () => {
  it('orders end the turn unless they say not (existing callers keep a step = a whole turn)', () => {
    expect(GalleysOrders.parse({ actions: [] }).endTurn).toBe(true)
    const setup = battle([ship('x', 'a', 100, 100), ship('y', 'b', 700, 700)])
    const r = turn(setup, start(setup), [], [2])
    expect(r.state).toMatchObject({ index: 1, turn: 1 })
    expect(r.state.midTurn).toBeUndefined()
  })

  it('seed 000 §Weather Change: the weather die is thrown once, at the first step of the player’s turn, however many steps the turn takes', () => {
    const setup = battle([ship('x', 'a', 400, 600), ship('y', 'b', 900, 900)])
    // First step: only the start of the turn — the weather die (6, then 2 points, direction die 1: a backing marker per the gauge rules).
    const a = part(setup, start(setup), [], [6, 5, 1])
    expect(a.report.events.map((e) => e.kind)).toEqual(['weather'])
    expect(a.state).toMatchObject({ index: 0, turn: 1, midTurn: { act: null, activated: [] } })
    const wind = a.state.wind
    // Later steps of the same turn throw no weather die.
    const b = part(setup, a.state, [{ kind: 'activate', ship: 'x', actions: 2 }, { kind: 'move', ship: 'x', stick: 'short' }], [])
    expect(b.report.events.map((e) => e.kind)).toEqual(['activate', 'move'])
    expect(b.state.wind).toEqual(wind)
    const c = turn(setup, b.state, [{ kind: 'move', ship: 'x', stick: 'short' }], [])
    expect(c.report.events.map((e) => e.kind)).toEqual(['move'])
    expect(c.state).toMatchObject({ index: 1, turn: 1 })
    expect(c.state.midTurn).toBeUndefined()
    expect(c.state.ships.x!.at.y).toBeCloseTo(600 - 2 * T.short)
    // The next player's turn begins with its own weather die.
    expect(turn(setup, c.state, [], [3]).report.events[0]).toMatchObject({ kind: 'weather' })
  })

  it('seed 000 §Critical Hits (Fire): the fire dice are thrown once, before any ship activates, at the first step of her turn', () => {
    const setup = battle([ship('x', 'a', 400, 600), ship('y', 'b', 900, 900)])
    const st = withShip(start(setup), 'x', { criticals: { ...none, fires: 1 } })
    // Weather 1; fire die 2 (no explosion), the critical at +1: red 3 + 1 = 4 (rigging), white 1.
    const a = part(setup, st, [{ kind: 'activate', ship: 'x', actions: 1 }], [1, 2, 3, 1])
    expect(a.report.events.map((e) => e.kind)).toEqual(['weather', 'fire', 'critical', 'activate'])
    // Fighting the fire in a later step rolls only the fight's die.
    const b = turn(setup, a.state, [{ kind: 'fightFire', ship: 'x' }], [2])
    expect(b.report.events.map((e) => e.kind)).toEqual(['fightFire'])
    expect(b.state.ships.x!.criticals.fires).toBe(0)
  })

  it('the activation carries over between steps of the same turn: the actions used count, and she is not activated again', () => {
    const setup = battle([ship('x', 'a', 400, 600), ship('y', 'b', 500, 600)])
    const a = part(setup, start(setup), [{ kind: 'activate', ship: 'x', actions: 2 }, { kind: 'shoot', ship: 'x', target: 'y', beat: true, hits: 1 }], [1])
    expect(a.state.midTurn).toEqual({ act: { ship: 'x', actions: 2, used: 1, spliced: false, moves: 0, fighting: false }, activated: ['x'] })
    expect(a.state.ships.y!.hits).toBe(1)
    // One action left: a second shot is legal, a third is not.
    const two = { kind: 'shoot' as const, ship: 'x', target: 'y', beat: false }
    expect(checkOrders(setup, a.state, GalleysOrders.parse({ actions: [two] }))).toEqual([])
    expect(checkOrders(setup, a.state, GalleysOrders.parse({ actions: [two, two] }))[0]!.message).toMatch(/no actions left/)
    expect(checkOrders(setup, a.state, GalleysOrders.parse({ actions: [{ kind: 'activate', ship: 'x', actions: 3 }] }))[0]!.message).toMatch(/already activated/)
    expect(dryRun(setup, a.state, GalleysOrders.parse({ actions: [] })).act).toMatchObject({ ship: 'x', used: 1 })
    // Ending the turn clears it: the next player's ships have nothing carried.
    const b = turn(setup, a.state, [], [])
    expect(b.state.midTurn).toBeUndefined()
    expect(dryRun(setup, b.state, GalleysOrders.parse({ actions: [] })).act).toBeNull()
  })

  it('the AI taking over a turn part-played finishes the activation going on first, and activates no ship twice (house AI; the activation carried in state.midTurn)', () => {
    // The GM played two of the Royalists' three ships at a first step: x (done), then z, with 2 of her 3 actions left.
    const setup = battle([ship('x', 'a', 200, 600, { quality: 2 }), ship('w', 'a', 400, 600, { quality: 2 }), ship('z', 'a', 600, 600, { quality: 2 }), ship('y', 'b', 600, 150)])
    const a = part(setup, start(setup), [
      { kind: 'activate', ship: 'x', actions: 1 },
      { kind: 'move', ship: 'x', stick: 'short' },
      { kind: 'activate', ship: 'z', actions: 3 },
      { kind: 'move', ship: 'z', stick: 'short' }
    ], [2])
    expect(a.state.midTurn).toMatchObject({ act: { ship: 'z', actions: 3, used: 1 }, activated: ['x', 'z'] })
    const orders = aiOrders(setup, a.state)
    expect(checkOrders(setup, a.state, orders)).toEqual([])
    const activations = orders.actions.filter((o) => o.kind === 'activate').map((o) => o.ship)
    // z goes on with her activation (her two actions used) before any other ship activates; x is not activated again; w, not yet activated, is.
    expect(activations).toEqual(['w'])
    const first = orders.actions.findIndex((o) => o.kind === 'activate')
    expect(orders.actions.slice(0, first).every((o) => o.ship === 'z')).toBe(true)
    expect(orders.actions.slice(0, first).length).toBe(2)
    const run = resolveStep(setup, a.state, orders, boxDice(new DiceBox(new Rng(a.state.rng), [], 'app')))
    expect(run.report.events.filter((e) => e.kind === 'move' && e.who[0] === 'z').length).toBe(2)
    // An old saved state (no list): only the activation going on is known to have been made.
    const old = { ...a.state, midTurn: { act: a.state.midTurn!.act } }
    expect(aiOrders(setup, old).actions.filter((o) => o.kind === 'activate').map((o) => o.ship)).toEqual(['x', 'w'])
  })

  it('seed 000 §New Rules (Knot and Splice): the splice lasts the rest of that activation, across the steps of the turn', () => {
    const setup = battle([ship('x', 'a', 400, 600), ship('y', 'b', 900, 900)])
    const st = withShip(start(setup), 'x', { criticals: { ...none, rigging: 2 } })
    const a = part(setup, st, [{ kind: 'activate', ship: 'x', actions: 2 }, { kind: 'knotAndSplice', ship: 'x' }], [1])
    expect(a.state.midTurn?.act?.spliced).toBe(true)
    // Two rigging hits, one ignored: Long becomes Medium in the next step too.
    const b = turn(setup, a.state, [{ kind: 'move', ship: 'x', stick: 'long' }], [])
    expect(b.state.ships.x!.at.y).toBeCloseTo(600 - T.medium)
  })

  it('a step that does not end the turn: the turn order only before its first step; an empty one only as that first step', () => {
    const setup = battle([ship('x', 'a', 400, 600), ship('y', 'b', 900, 900)])
    const a = part(setup, start(setup), [], [2], ['b', 'a'])
    expect(a.state.order).toEqual(['b', 'a'])
    expect(checkOrders(setup, a.state, GalleysOrders.parse({ order: ['a', 'b'], actions: [] }))[0]).toMatchObject({ path: ['order'] })
    expect(checkOrders(setup, a.state, GalleysOrders.parse({ actions: [], endTurn: false }))).toEqual([{ path: ['endTurn'], message: 'give an action, or end the turn' }])
    expect(checkOrders(setup, a.state, GalleysOrders.parse({ actions: [] }))).toEqual([])
  })

  it('seed 000 replay: a battle played in steps finer than a turn replays to the same state; the AI’s orders end the turn', () => {
    const setup = galleysPreset('scillyLand', 4)
    let st = galleysRuleset.start(setup, setup.seed)
    const steps: { orders: GalleysOrders; dice?: number[] }[] = []
    for (let i = 0; i < 12 && !st.outcome; i++) {
      // Each AI turn split in two: the start of the turn alone, then its actions (given after the weather is known).
      for (const first of [true, false]) {
        const orders: GalleysOrders = first ? { order: null, actions: [], endTurn: false } : aiOrders(setup, st)
        if (!first) expect(orders.endTurn).toBe(true)
        st = resolveStep(setup, st, orders, boxDice(new DiceBox(new Rng(st.rng), [], 'app'))).state
        steps.push({ orders })
      }
    }
    expect(replayGalleys(setup, steps)).toEqual(st)
  })
})
