/**
 * The odds simulator's duel kernel (src/shared/highseas/kernel.ts) against the full engine (every turn
 * through ai.ts `ordersForTurn` and engine.ts `resolveTurn`, the orders checked, a new state each turn):
 * for random two-ship battles — hulls, armament, behaviours, crews, marines, captains or none, party
 * leaders with Over the Side, pont guns, gunners, oars, the rule table's numbers, ranges, weather — and
 * for states part-way through a battle (grappled, in a boarding melee, sinking, struck, with fouled
 * sails, a dragging anchor, wet sails, a damaged rudder, becalmed), the kernel plays the same runs: the
 * same dice in the same order, so the same final state (every participant, the range, the generator's
 * state), the same turns and the same decision (seed 003 IV–VI as the engine reads them; the dice of
 * the rules guide §1).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runSeed } from '../../src/shared/battle/odds'
import { seedState } from '../../src/shared/dice/rng'
import { ordersForTurn } from '../../src/shared/highseas/ai'
import { battleOver, fastDice, resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { D10Stream } from '../../src/shared/highseas/dice'
import { duelRuns, kernelCovers, kernelEnd, kernelPlay, type DuelEnd } from '../../src/shared/highseas/kernel'
import { playOut } from '../../src/shared/highseas/simulate'
import { BattleSetup, PARTICIPANT_STATUSES, type BattleState, type Range, type Weather } from '../../src/shared/highseas/types'
import { battle, corsairVsMerchant, fort, ship } from '../highseas-fixtures'

const HULLS = ['corsair', 'smallWarship', 'merchantman', 'largeWarship', 'galleon'] as const
const BEHAVIOURS = ['merchant', 'corsair', 'patrol', 'warship', 'fleet', 'fort'] as const
const CREWS = ['merchant', 'naval', 'privateer', 'pirate'] as const
const RANGES: Range[] = ['close', 'short', 'medium', 'long', 'far', 'extreme']
const WEATHERS: Weather[] = ['clear', 'rough', 'storm', 'fog']

const rank = fc.integer({ min: 0, max: 5 })
const trait = fc.integer({ min: 1, max: 6 })
const participant = fc.record({
  hull: fc.constantFrom(...HULLS),
  heavy: fc.boolean(),
  behaviour: fc.constantFrom(...BEHAVIOURS),
  crewKind: fc.constantFrom(...CREWS),
  marines: fc.integer({ min: 0, max: 30 }),
  officers: fc.integer({ min: 0, max: 6 }),
  captain: fc.option(fc.record({ wits: trait, tactics: rank, strategy: rank, overTheSide: fc.boolean() }), { freq: 4 }),
  leaderOverTheSide: fc.option(fc.boolean(), { freq: 3 }),
  pont: fc.option(fc.record({ port: fc.integer({ min: 0, max: 4 }), starboard: fc.integer({ min: 0, max: 4 }) }), { freq: 3 }),
  gunners: fc.record({ port: rank, starboard: rank, chasers: rank, stern: rank }),
  threatRating: fc.integer({ min: 1, max: 6 }),
  oars: fc.boolean(),
  powderTons: fc.constantFrom(0, 0.2, 1, 6, 20),
  masterOfTops: fc.record({ finesse: trait, rigging: rank }),
  anchorHand: fc.record({ finesse: trait, climbing: rank, knotwork: rank }),
  control: fc.constantFrom('ai' as const, 'gm' as const)
})

const rulesArb = fc.record({
  damageReading: fc.constantFrom('multiply' as const, 'add' as const),
  wetSailsTearOn: fc.integer({ min: 1, max: 10 }),
  hardTurnsDamageOn: fc.integer({ min: 1, max: 10 }),
  chaseStepPoints: fc.integer({ min: 1, max: 15 }),
  circleWinMargin: fc.integer({ min: 1, max: 25 }),
  sinkingTurns: fc.integer({ min: 1, max: 3 }),
  squadSize: fc.integer({ min: 1, max: 8 }),
  surrenderRatio: fc.constantFrom(1, 2, 3, 4.5),
  reRigTN: fc.integer({ min: 0, max: 30 }),
  firepowerPerGun: fc.constantFrom(0.1, 0.25, 1)
})

const setupArb = fc.record({
  a: participant,
  b: participant,
  range: fc.constantFrom(...RANGES),
  weather: fc.constantFrom(...WEATHERS),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  rules: fc.option(rulesArb, { freq: 2 })
})
type Drawn = typeof setupArb extends fc.Arbitrary<infer T> ? T : never
type Part = Drawn['a']

function shipOf(id: string, side: string, p: Part) {
  return ship(id, p.hull, p.heavy ? 'heavy' : 'light', {
    side,
    behaviour: p.behaviour,
    crewKind: p.crewKind,
    control: p.control,
    extra: {
      marines: p.marines,
      officers: p.officers,
      captain: p.captain ? { name: `Captain ${id}`, ...p.captain } : undefined,
      partyLeader: p.leaderOverTheSide === null ? undefined : { name: `Bosun ${id}`, overTheSide: p.leaderOverTheSide },
      pontGuns: p.pont ?? { port: 0, starboard: 0 },
      gunners: p.gunners,
      threatRating: p.threatRating,
      oars: p.oars,
      powderTons: p.powderTons,
      masterOfTops: p.masterOfTops,
      anchorHand: p.anchorHand
    }
  })
}

function setupOf(d: Drawn): BattleSetup {
  const su = battle([shipOf('p0', 'A', d.a), shipOf('p1', 'B', d.b)], { range: d.range, weather: d.weather, seed: d.seed })
  return d.rules ? BattleSetup.parse({ ...su, rules: { ...su.rules, ...d.rules } }) : su
}

/** A state part-way through: `turns` turns played by the full engine (AI on both ships), then the perturbations. */
const midArb = fc.record({
  turns: fc.integer({ min: 0, max: 10 }),
  seed: fc.integer({ min: 0, max: 0x7fffffff }),
  anchor: fc.boolean(),
  fouled: fc.boolean(),
  wet: fc.integer({ min: 0, max: 2 }),
  half: fc.boolean(),
  rudder: fc.integer({ min: 0, max: 2 }),
  becalmed: fc.integer({ min: 0, max: 2 }),
  rigging: fc.constantFrom(0, 0.3, 0.6, 1),
  hull: fc.constantFrom(0, 0.3, 0.6, 0.9),
  which: fc.constantFrom(0, 1),
  /** 1: the two grappled (at Close); 2: grappled and in a boarding melee; 3: out of sight of each other. */
  hold: fc.constantFrom(0, 0, 0, 1, 2, 3),
  meleeRound: fc.integer({ min: 0, max: 2 })
})
type Mid = typeof midArb extends fc.Arbitrary<infer T> ? T : never

function midState(setup: BattleSetup, m: Mid): BattleState {
  let s = startBattle(setup)
  const dice = fastDice(seedState(m.seed))
  for (let t = 0; t < m.turns && !battleOver(s); t++) s = resolveTurn(setup, s, ordersForTurn(setup, s, {}, { allAi: true }), dice, { trace: false }).state
  s = structuredClone(s)
  const ps = setup.participants[m.which]!
  const p = s.participants[ps.id]!
  if (p.status === 'active') {
    p.anchorDragging = m.anchor
    p.sailFouled = m.fouled
    p.wetSailsTurns = m.wet
    p.halfSpeedNextTurn = m.half
    p.rudderDamage = m.rudder
    p.riggingDamage = Math.max(p.riggingDamage, Math.floor(ps.riggingPoints * m.rigging))
    p.hullDamage = Math.max(p.hullDamage, Math.min(ps.hullPoints - 1, Math.floor(ps.hullPoints * m.hull)))
  }
  s.becalmedTurns = m.becalmed
  const [a, b] = setup.participants.map((x) => s.participants[x.id]!)
  const key = Object.keys(s.ranges)[0]!
  if (a!.status === 'active' && b!.status === 'active') {
    if (m.hold === 1 || m.hold === 2) {
      a!.grappledWith = [b!.id]
      b!.grappledWith = [a!.id]
      s.ranges[key] = 0
    }
    if (m.hold === 2) {
      a!.meleeWith = [b!.id]
      b!.meleeWith = [a!.id]
    }
    if (m.hold === 3 && a!.grappledWith.length === 0) s.ranges[key] = 6
  }
  for (const x of [a!, b!]) if (x.meleeWith.length === 0) x.meleeRound = m.meleeRound
  return s
}

describe('High Seas odds: the duel kernel plays the same runs as the full engine', () => {
  it('random duels from the start and from states part-way through: the same final state, turns and decision', () => {
    fc.assert(
      fc.property(setupArb, midArb, fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(60, 60, 60, 1, 3), (d, m, run, maxTurns) => {
        const setup = setupOf(d)
        expect(kernelCovers(setup)).toBe(true)
        const start = midState(setup, m)
        const seed = runSeed(d.seed, run)
        const full = playOut(setup, start, seed, maxTurns, undefined, false)
        if (battleOver(start)) return
        const kernel = kernelPlay(setup, start, seedState(seed), 0, maxTurns)
        expect(kernel).not.toBeNull()
        expect(kernel).toEqual(full)
        // And through playOut as the simulator calls it.
        expect(playOut(setup, start, seed, maxTurns)).toEqual(full)
        // The odds' reading of the same run, with no final state built: what the full engine's state says.
        const end: DuelEnd = { turns: -1, decided: false, winner: 'nobody', status: [-1, -1], taken: [true, true] }
        expect(kernelEnd(setup, start, seedState(seed), 0, maxTurns, end)).toBe(true)
        const [p0, p1] = setup.participants.map((p) => full.state.participants[p.id]!)
        expect(end).toEqual({
          turns: full.turns,
          decided: full.decided,
          winner: full.state.winner,
          status: [PARTICIPANT_STATUSES.indexOf(p0!.status), PARTICIPANT_STATUSES.indexOf(p1!.status)],
          taken: [p0!.capturedBy !== null, p1!.capturedBy !== null]
        })
      }),
      { numRuns: 600, seed: 2201 }
    )
  })

  it('"this turn as ordered, then the AI": the first turn through the engine (GM ships on their default orders), then the kernel', () => {
    fc.assert(
      fc.property(setupArb, midArb, fc.integer({ min: 0, max: 1_000_000 }), (d, m, run) => {
        const setup = setupOf(d)
        const start = midState(setup, m)
        const seed = runSeed(d.seed, run)
        expect(playOut(setup, start, seed, 60, {})).toEqual(playOut(setup, start, seed, 60, {}, false))
      }),
      { numRuns: 200, seed: 2202 }
    )
  })

  it('the odds\' runs from one state read once (duelRuns): each run as kernelEnd plays it from its seed, whatever ran before', () => {
    fc.assert(
      fc.property(setupArb, midArb, midArb, fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 2, maxLength: 5 }), fc.constantFrom(60, 60, 2), (d, m, other, runs, maxTurns) => {
        const setup = setupOf(d)
        const start = midState(setup, m)
        const elsewhere = midState(setup, other)
        if (battleOver(start)) return
        const play = duelRuns(setup, start)
        expect(play).not.toBeNull()
        const fresh = (): DuelEnd => ({ turns: -1, decided: false, winner: 'nobody', status: [-1, -1], taken: [true, true] })
        for (const run of runs) {
          const seed = runSeed(d.seed, run)
          const got = fresh()
          play!(seed, maxTurns, got)
          const want = fresh()
          expect(kernelEnd(setup, start, seedState(seed), 0, maxTurns, want)).toBe(true)
          expect(got).toEqual(want)
          // Another state of the same setup played in between: the next run still starts from `start`.
          if (!battleOver(elsewhere)) kernelEnd(setup, elsewhere, seedState(seed + 1), 0, 60, fresh())
        }
      }),
      { numRuns: 300, seed: 2203 }
    )
  })

  it('the kernel\'s generator seeded from a 32-bit seed is in the state seedState gives, and draws the same faces', () => {
    fc.assert(
      fc.property(fc.integer({ min: -0x80000000, max: 0x7fffffff }), (seed) => {
        const seeded = new D10Stream()
        seeded.seed(seed)
        expect(seeded.state()).toEqual(seedState(seed))
        const loaded = D10Stream.fromState(seedState(seed))!
        const dice = fastDice(seedState(seed))
        for (let i = 0; i < 20; i++) {
          const f = seeded.face()
          expect(f).toBe(loaded.face())
          expect(f).toBe(dice.roll({ kind: 'sum', count: 1, sides: 10, explode: false, modifier: 0 }, 'face').total)
        }
      }),
      { numRuns: 300, seed: 2204 }
    )
  })

  it('the bench duel: the same 2,000 runs as the engine', () => {
    const setup = corsairVsMerchant(1)
    const start = startBattle(setup)
    for (let i = 0; i < 2000; i++) {
      const seed = runSeed(12345, i)
      expect(kernelPlay(setup, start, seedState(seed), 0, 60)).toEqual(playOut(setup, start, seed, 60, undefined, false))
    }
  })

  it('what it does not cover is left to the engine: a fort, a third ship, a state it cannot hold', () => {
    const duel = corsairVsMerchant(1)
    const withFort = battle([duel.participants[0]!, fort('f', 'small', { side: 'merchants' })])
    const three = battle([...duel.participants, ship('x', 'corsair', 'light', { side: 'merchants' })])
    const sameSide = battle([duel.participants[0]!, { ...duel.participants[1]!, side: duel.participants[0]!.side }])
    expect([kernelCovers(duel), kernelCovers(withFort), kernelCovers(three), kernelCovers(sameSide)]).toEqual([true, false, false, false])
    expect(kernelPlay(withFort, startBattle(withFort), seedState(1), 0, 60)).toBeNull()
    const end: DuelEnd = { turns: 0, decided: false, winner: null, status: [0, 0], taken: [false, false] }
    expect(kernelEnd(withFort, startBattle(withFort), seedState(1), 0, 60, end)).toBe(false)
    // A grapple recorded on one ship only is not a state the engine makes: the engine plays it as it is.
    const odd = structuredClone(startBattle(duel))
    odd.participants.corsair!.grappledWith = ['merchant']
    expect(kernelPlay(duel, odd, seedState(1), 0, 60)).toBeNull()
    expect(playOut(duel, odd, 7, 60)).toEqual(playOut(duel, odd, 7, 60, undefined, false))
  })
})
