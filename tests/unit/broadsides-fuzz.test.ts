/**
 * The Broadsides duel (seed 001) under random legal orders: many games, no crash, no impossible state
 * (crew counts, hull tokens ≤ 2 a row, speed 0–3, squares within their room), every game ends; the AI's
 * orders are always legal; the same seed and orders give the same state (replay).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng } from '../../src/shared/dice/rng'
import { boxDice } from '../../src/shared/highseas/dice'
import { aiOrders, emptyOrders } from '../../src/shared/broadsides/ai'
import { cannonThatBear, checkOrders, prep, resolveStep, startBattle, stepSide } from '../../src/shared/broadsides/engine'
import { broadsidesPreset, type BroadsidesPreset } from '../../src/shared/broadsides/preset'
import { broadsidesRuleset, replayBroadsides } from '../../src/shared/broadsides/ruleset'
import { CARDS } from '../../src/shared/broadsides/tables'
import type { BroadsidesOrders, BroadsidesSetup, BroadsidesState, Place } from '../../src/shared/broadsides/types'
import { assertPossible } from './broadsides-helpers'

/** A small deterministic generator for the test's own choices. */
function chooser(seed: number) {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
}

function randomOrders(setup: BroadsidesSetup, st: BroadsidesState, rnd: () => number): BroadsidesOrders {
  const pre = prep(setup)
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!
  const legal = (o: BroadsidesOrders) => checkOrders(setup, st, o).length === 0
  const o = emptyOrders()
  const side = stepSide(st)
  if (st.phase === 'crew') {
    const g = pre.grids[side!]!
    const mine = st.units.filter((u) => u.side === side && u.ship === side)
    for (let k = 0; k < 6; k++) {
      const u = pick(mine)
      const path = []
      let at = { row: u.row, col: u.col }
      for (let n = 1 + Math.floor(rnd() * 2); n > 0; n--) {
        at = { row: Math.min(g.rows - 1, Math.max(0, at.row + pick([-1, 0, 1]))), col: Math.min(g.cols - 1, Math.max(0, at.col + pick([-1, 0, 1]))) }
        path.push(at)
      }
      const next = { ...o, crew: [...o.crew, { unit: u.id, path }] }
      if (legal(next)) o.crew = next.crew
    }
    const gun = st.ships[side!]!.cannon.length ? pick(st.ships[side!]!.cannon) : null
    if (gun) {
      const next = { ...o, cannon: [{ cannon: gun.id, to: { row: gun.row + pick([-1, 1, 0]), col: gun.col + pick([-1, 1, 0]) } }] }
      if (next.cannon[0]!.to.row >= 0 && next.cannon[0]!.to.col >= 0 && legal(next)) o.cannon = next.cannon
    }
    return o
  }
  if (st.phase === 'card') {
    const ship = st.ships[side!]!
    const tries: BroadsidesOrders[] = [
      { ...o, card: ship.deck.length && rnd() < 0.5 ? pick(ship.deck) : null, redraw: pick([null, 'captain', 'firstMate'] as const), redrawOn: rnd() < 0.5 ? null : [pick(CARDS)], reefSide: pick([null, 'port', 'starboard'] as const) },
      { ...o, card: ship.deck.length && rnd() < 0.5 ? pick(ship.deck) : null }
    ]
    return tries.find(legal) ?? o
  }
  if (st.phase === 'fire') {
    for (const id of st.order) {
      const rows = pre.grids[id === st.order[0] ? st.order[1] : st.order[0]]!.rows
      for (const gun of cannonThatBear(pre, st, id)) if (rnd() < 0.8) o.shots.push({ ship: id, cannon: gun.id, row: Math.floor(rnd() * rows), choice: rnd() < 0.3 ? Math.floor(rnd() * 3) : null })
    }
    return o
  }
  if (st.phase === 'boarding') {
    if (rnd() < 0.5) return aiOrders(setup, st)
    const mine = st.units.filter((u) => u.side === side)
    for (let k = 0; k < 4 && mine.length; k++) {
      const u = pick(mine)
      const ship = pick(st.order)
      const g = pre.grids[ship]!
      const to: Place = { ship, row: Math.min(g.rows - 1, Math.max(0, u.row + pick([-1, 0, 1]))), col: Math.floor(rnd() * g.cols) }
      const next = { ...o, boarding: [...o.boarding, { units: [u.id], path: [to] }] }
      if (legal(next)) o.boarding = next.boarding
    }
    return o
  }
  return o
}

const PRESETS: BroadsidesPreset[] = ['frigateMerchantman', 'frigates']

describe('seed 001: random legal orders, many games', () => {
  it('no crash, no impossible state, every game ends; the AI’s orders are always legal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(...PRESETS), fc.boolean(), (seed, choice, preset, aiHalf) => {
        const setup = broadsidesPreset(preset, seed)
        const first = startBattle(setup)
        let st = first
        const rnd = chooser(choice)
        let steps = 0
        while (!st.outcome) {
          expect(checkOrders(setup, st, aiOrders(setup, st))).toEqual([])
          const orders = aiHalf && rnd() < 0.5 ? aiOrders(setup, st) : randomOrders(setup, st, rnd)
          expect(checkOrders(setup, st, orders)).toEqual([])
          st = resolveStep(setup, st, orders, boxDice(new DiceBox(new Rng(st.rng), [], 'app'))).state
          assertPossible(setup, st, first)
          steps++
          expect(steps).toBeLessThan(5000)
        }
        expect(['sunk', 'struck', 'wiped', 'undecided']).toContain(st.outcome.kind)
      }),
      { numRuns: 12 }
    )
  })
})

describe('seed 001: replay', () => {
  it('the same seed, orders and typed faces give the same state', () => {
    const setup = broadsidesPreset('frigates', 7)
    let st = startBattle(setup)
    const steps: { orders: BroadsidesOrders; dice?: number[] }[] = []
    const rnd = chooser(99)
    while (!st.outcome && steps.length < 400) {
      const orders = aiOrders(setup, st)
      const dice = st.phase === 'wind' ? [1 + Math.floor(rnd() * 6)] : undefined
      st = resolveStep(setup, st, orders, boxDice(new DiceBox(new Rng(st.rng), dice ?? [], 'app'))).state
      steps.push(dice ? { orders, dice } : { orders })
    }
    expect(replayBroadsides(setup, steps)).toEqual(st)
    expect(broadsidesRuleset.replay(setup, steps, setup.seed)).toEqual(st)
  })
  it('the seam: the AI gives orders only for the sides asked for', () => {
    const setup = broadsidesPreset('frigates', 3)
    let st = broadsidesRuleset.start(setup, 3)
    expect(broadsidesRuleset.step(setup, st)).toMatchObject({ phase: 'wind', diceOnly: true, side: null })
    st = broadsidesRuleset.resolve(setup, st, emptyOrders(), boxDice(new DiceBox(new Rng(st.rng), [], 'app'))).state
    expect(broadsidesRuleset.step(setup, st).side).toBe('red')
    expect(broadsidesRuleset.aiOrders(setup, st, ['blue'])).toEqual(emptyOrders())
    const odds = broadsidesRuleset.simulate(setup, st, { runs: 4, seed: 1 })
    expect(odds.runs).toBe(4)
    expect(odds.sides.map((s) => s.side)).toEqual(['red', 'blue'])
  })
})
