/**
 * The odds simulator's fast path (turn.ts `fast`, simulate.ts playOut) against the full path (every turn
 * through `resolveTurn`, the orders checked, a new state each turn): for random set-ups and seeds both give
 * the same runs — the same final state (every participant, the ranges, the generator's state), the same
 * turns, the same decision — so the odds are those of the rules as the stepped battle plays them
 * (seed 003 IV–VI; the dice of the rules guide §1).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runSeed } from '../../src/shared/battle/odds'
import { startBattle } from '../../src/shared/highseas/engine'
import { playOut, simulate } from '../../src/shared/highseas/simulate'
import { BattleSetup, type Range, type Weather } from '../../src/shared/highseas/types'
import { battle, fort, ship } from '../highseas-fixtures'

const HULLS = ['corsair', 'smallWarship', 'merchantman', 'largeWarship', 'galleon'] as const
const BEHAVIOURS = ['merchant', 'corsair', 'patrol', 'warship', 'fleet'] as const
const CREWS = ['merchant', 'naval', 'privateer', 'pirate'] as const
const RANGES: Range[] = ['close', 'short', 'medium', 'long', 'far', 'extreme']
const WEATHERS: Weather[] = ['clear', 'rough', 'storm', 'fog']
const FORTS = ['small', 'medium', 'large'] as const

const participant = fc.record({
  hull: fc.constantFrom(...HULLS),
  heavy: fc.boolean(),
  behaviour: fc.constantFrom(...BEHAVIOURS),
  crewKind: fc.constantFrom(...CREWS),
  marines: fc.integer({ min: 0, max: 30 }),
  noCaptain: fc.boolean(),
  sideA: fc.boolean()
})

const setupArb = fc.record({
  parts: fc.array(participant, { minLength: 2, maxLength: 4 }),
  fort: fc.option(fc.constantFrom(...FORTS), { freq: 4 }),
  range: fc.constantFrom(...RANGES),
  weather: fc.constantFrom(...WEATHERS),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  addDamage: fc.boolean()
})

type Drawn = typeof setupArb extends fc.Arbitrary<infer T> ? T : never

function setupOf(a: Drawn): BattleSetup {
  const parts = a.parts.map((p, i) =>
    ship(`p${i}`, p.hull, p.heavy ? 'heavy' : 'light', {
      // The first two are on opposite sides: every battle has a fight in it.
      side: i === 0 ? 'A' : i === 1 ? 'B' : p.sideA ? 'A' : 'B',
      behaviour: p.behaviour,
      crewKind: p.crewKind,
      extra: p.noCaptain ? { captain: undefined, pontGuns: { port: 2, starboard: 1 } } : { marines: p.marines }
    })
  )
  if (a.fort) parts.push(fort('f', a.fort, { side: a.parts.length % 2 ? 'A' : 'B' }))
  const su = battle(parts, { range: a.range, weather: a.weather, seed: a.seed })
  return a.addDamage ? BattleSetup.parse({ ...su, rules: { ...su.rules, damageReading: 'add' } }) : su
}

describe('High Seas odds: the fast path plays the same runs as the full path', () => {
  it('random set-ups and run seeds: the same final state, turns and decision', () => {
    fc.assert(
      fc.property(setupArb, fc.integer({ min: 0, max: 1_000_000 }), (a, run) => {
        const setup = setupOf(a)
        const start = startBattle(setup)
        const seed = runSeed(a.seed, run)
        const full = playOut(setup, start, seed, 60, undefined, false)
        const fast = playOut(setup, start, seed, 60, undefined, true)
        expect(fast).toEqual(full)
      }),
      { numRuns: 300, seed: 22 }
    )
  })

  it('a run from a state the fast path made, and the start state, are left untouched by the runs after', () => {
    const setup = setupOf({ parts: [{ hull: 'corsair', heavy: true, behaviour: 'corsair', crewKind: 'pirate', marines: 0, noCaptain: false, sideA: true }, { hull: 'merchantman', heavy: true, behaviour: 'merchant', crewKind: 'merchant', marines: 0, noCaptain: false, sideA: false }], fort: null, range: 'medium', weather: 'clear', seed: 5, addDamage: false })
    const start = startBattle(setup)
    const before = structuredClone(start)
    const first = playOut(setup, start, runSeed(5, 0), 60)
    const copy = structuredClone(first)
    for (let i = 1; i < 20; i++) playOut(setup, start, runSeed(5, i), 60)
    expect(first).toEqual(copy)
    expect(start).toEqual(before)
    // And a run continued from the first run's end is the same on both paths.
    if (first.state.outcome === 'ongoing') expect(playOut(setup, first.state, 9, 60)).toEqual(playOut(setup, first.state, 9, 60, undefined, false))
  })

  it('the odds of random set-ups are the same as those of the full path, run by run', () => {
    fc.assert(
      fc.property(setupArb, (a) => {
        const setup = setupOf(a)
        const start = startBattle(setup)
        const odds = simulate(setup, start, { runs: 40, seed: a.seed })
        let turns = 0
        for (let i = 0; i < 40; i++) turns += playOut(setup, start, runSeed(a.seed, i), 60, undefined, false).turns
        expect(odds.meanTurns).toBeCloseTo(turns / 40, 12)
      }),
      { numRuns: 40, seed: 23 }
    )
  })
})
