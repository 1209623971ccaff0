import { describe, expect, it } from 'vitest'
import { startBattle } from '../../src/shared/highseas/engine'
import { runSeed, wilson } from '../../src/shared/battle/odds'
import { oddsRuns, playOut, simulate, type OddsResultData } from '../../src/shared/highseas/simulate'
import type { BattleSetup, BattleState } from '../../src/shared/highseas/types'
import { battle, corsairVsMerchant, fort, ship } from '../highseas-fixtures'

function sane(r: OddsResultData) {
  const within = (x: { p: number; low: number; high: number }) => {
    expect(x.p).toBeGreaterThanOrEqual(0)
    expect(x.p).toBeLessThanOrEqual(1)
    expect(x.low).toBeLessThanOrEqual(x.p + 1e-12)
    expect(x.high).toBeGreaterThanOrEqual(x.p - 1e-12)
  }
  within(r.undecided)
  let wins = 0
  for (const s of r.sides) {
    for (const x of [s.win, s.escape, s.sunk, s.struck]) within(x)
    wins += s.win.p
    // A side left fighting did not also run away with every ship.
    expect(s.win.p + s.escape.p).toBeLessThanOrEqual(1 + 1e-9)
  }
  // At most one side is left fighting in a run; undecided runs have no winner.
  expect(wins + r.undecided.p).toBeLessThanOrEqual(1 + 1e-9)
  // A win means an enemy was sunk or taken: a quarry that merely escaped is nobody's win.
  for (const s of r.sides) {
    const beatenEnemies = r.sides.filter((o) => o !== s).reduce((n, o) => n + o.sunk.p + o.struck.p, 0)
    expect(s.win.p).toBeLessThanOrEqual(beatenEnemies + 1e-9)
  }
  expect(r.meanTurns).toBeGreaterThan(0)
  expect(r.meanTurns).toBeLessThanOrEqual(r.maxTurns)
}

describe('the odds simulator', () => {
  it('Wilson intervals', () => {
    const w = wilson(50, 100)
    expect(w.p).toBe(0.5)
    expect(w.low).toBeCloseTo(0.4038, 3)
    expect(w.high).toBeCloseTo(0.5962, 3)
    expect(wilson(0, 20).low).toBe(0)
    expect(wilson(0, 20).high).toBeCloseTo(0.1611, 3)
    expect(wilson(20, 20).high).toBe(1)
  })

  it('every run gets its own stream from the seed and the run index', () => {
    const seen = new Set<number>()
    for (let i = 0; i < 1000; i++) seen.add(runSeed(42, i))
    expect(seen.size).toBe(1000)
    expect(runSeed(42, 0)).not.toBe(runSeed(43, 0))
    expect(runSeed(42, 5)).toBe(runSeed(42, 5))
  })

  it('is deterministic: the same seed gives the same result, another seed another', () => {
    const setup = corsairVsMerchant()
    const state = startBattle(setup)
    const a = simulate(setup, state, { runs: 300, seed: 7 })
    const b = simulate(setup, state, { runs: 300, seed: 7 })
    expect(b).toEqual(a)
    const c = simulate(setup, state, { runs: 300, seed: 8 })
    expect(c).not.toEqual(a)
    sane(a)
    expect(a.runs).toBe(300)
    expect(a.maxTurns).toBe(60)
    expect(a.sides.map((s) => s.side)).toEqual(['pirates', 'merchants'])
  })

  it('does not change the state it starts from, and reports progress up to the last run', () => {
    const setup = corsairVsMerchant()
    const state = startBattle(setup)
    const before = structuredClone(state)
    const progress: number[] = []
    simulate(setup, state, { runs: 120, seed: 1, onProgress: (done, runs) => { expect(runs).toBe(120); progress.push(done) } })
    expect(state).toEqual(before)
    expect(progress.at(-1)).toBe(120)
    expect(progress).toEqual([...progress].sort((x, y) => x - y))
  })

  it('maxTurns bounds a run: with one turn most runs are undecided (some merchantmen get away at once from Extreme)', () => {
    const setup = corsairVsMerchant()
    const r = simulate(setup, startBattle(setup), { runs: 200, seed: 3, maxTurns: 1 })
    sane(r)
    expect(r.maxTurns).toBe(1)
    expect(r.meanTurns).toBe(1)
    expect(r.undecided.p).toBeGreaterThan(0.5)
    expect(r.undecided.p).toBeLessThan(1)
  })

  it('a lopsided fight favours the strong side: a heavily armed Galleon against a lightly armed Corsair at Short', () => {
    const setup = battle(
      [
        ship('galleon', 'galleon', 'heavy', { side: 'crown', behaviour: 'warship', crewKind: 'naval' }),
        ship('corsair', 'corsair', 'light', { side: 'pirates', behaviour: 'corsair', crewKind: 'pirate' })
      ],
      { range: 'short' }
    )
    const r = simulate(setup, startBattle(setup), { runs: 400, seed: 11 })
    sane(r)
    const crown = r.sides.find((s) => s.side === 'crown')!
    const pirates = r.sides.find((s) => s.side === 'pirates')!
    expect(crown.win.p).toBeGreaterThan(pirates.win.p)
    expect(crown.sunk.p + crown.struck.p).toBeLessThan(pirates.sunk.p + pirates.struck.p + pirates.escape.p)
  })

  it('a merchantman caught at Close by a corsair is usually taken or sunk', () => {
    const setup = corsairVsMerchant(5, 'close')
    const r = simulate(setup, startBattle(setup), { runs: 300, seed: 5 })
    sane(r)
    const m = r.sides.find((s) => s.side === 'merchants')!
    const p = r.sides.find((s) => s.side === 'pirates')!
    expect(p.win.p).toBeGreaterThan(m.win.p)
  })

  it('issue 16 point 9: "this turn as ordered, then the AI" plays the orders given on the first turn of every run; "AI on every ship" does not', () => {
    const su = corsairVsMerchant(7, 'short')
    const st = startBattle(su)
    // The merchant's GM orders for this turn: strike her colours. As ordered, she strikes in every run.
    const firstTurn = { ships: { merchant: { tactic: 'circle' as const, circleAgainst: [], brilliantManeuver: true, fire: [], strike: true, clearAnchor: false } } }
    const ordered = simulate(su, st, { runs: 200, seed: 3, firstTurn })
    const ai = simulate(su, st, { runs: 200, seed: 3 })
    expect(ordered.mode).toBe('asOrdered')
    expect(ai.mode).toBe('ai')
    sane(ordered)
    sane(ai)
    const struck = (r: OddsResultData) => r.sides.find((x) => x.side === 'merchants')!.struck.p
    expect(struck(ordered)).toBe(1)
    expect(struck(ai)).toBeLessThan(1)
    // Every run as ordered ends on the first turn (she strikes), so a run lasts one turn.
    expect(ordered.meanTurns).toBe(1)
    // The same numbers for the same seed and orders.
    expect(simulate(su, st, { runs: 200, seed: 3, firstTurn })).toEqual(ordered)
  })
})

/** Each side's fate read plainly from a run's final state (the reading the odds describe), as a reference. */
function fatesOf(setup: BattleSetup, end: BattleState, decided: boolean, sides: string[]) {
  const sunk = (st: string) => st === 'sunk' || st === 'sinking' || st === 'destroyed'
  const struck = (st: string, taken: boolean) => st === 'struck' || st === 'surrendered' || taken
  const members = sides.map((side) => setup.participants.filter((p) => p.side === side && end.participants[p.id] !== undefined))
  const beaten = members.map((ms) => ms.some((p) => sunk(end.participants[p.id]!.status) || struck(end.participants[p.id]!.status, end.participants[p.id]!.capturedBy !== null)))
  return sides.map((side, k) => {
    const ships = members[k]!.filter((p) => p.kind === 'ship')
    return {
      win: decided && end.winner === side && beaten.some((b, j) => b && j !== k),
      escape: ships.length > 0 && ships.every((p) => end.participants[p.id]!.status === 'escaped'),
      sunk: members[k]!.some((p) => sunk(end.participants[p.id]!.status)),
      struck: members[k]!.some((p) => struck(end.participants[p.id]!.status, end.participants[p.id]!.capturedBy !== null))
    }
  })
}

describe('the odds read each run as its final state says', () => {
  const setups: [string, BattleSetup][] = [
    ['a duel at Extreme (the kernel)', corsairVsMerchant(3)],
    ['a duel at Close (the kernel)', corsairVsMerchant(4, 'close')],
    [
      'three ships (the engine)',
      battle(
        [
          ship('galleon', 'galleon', 'heavy', { side: 'crown', behaviour: 'warship', crewKind: 'naval' }),
          ship('corsair', 'corsair', 'light', { side: 'pirates', behaviour: 'corsair', crewKind: 'pirate' }),
          ship('brig', 'merchantman', 'light', { side: 'pirates', behaviour: 'corsair', crewKind: 'pirate' })
        ],
        { range: 'short' }
      )
    ],
    [
      'a ship against a fort (the engine)',
      battle([ship('galleon', 'galleon', 'heavy', { side: 'crown', behaviour: 'warship', crewKind: 'naval' }), fort('fort', 'small', { side: 'rebels' })], { range: 'medium' })
    ]
  ]
  for (const [name, setup] of setups) {
    it(`${name}: every run's fates, turns and decision are those of its final state (the engine's full path)`, () => {
      const start = startBattle(setup)
      const runs = oddsRuns(setup, start, 60)
      for (let i = 0; i < 150; i++) {
        const seed = runSeed(99, i)
        const full = playOut(setup, start, seed, 60, undefined, false)
        const end = runs.play(seed)
        expect({ turns: end.turns, decided: end.decided, sides: end.sides.map((f) => ({ ...f })) }).toEqual({
          turns: full.turns,
          decided: full.decided,
          sides: fatesOf(setup, full.state, full.decided, runs.sides)
        })
      }
    })
  }
})
