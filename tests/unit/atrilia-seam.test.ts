import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { boxDice, fastDice } from '../../src/shared/highseas/dice'
import { aiOrders } from '../../src/shared/atrilia/ai'
import { assertPossible, chooser, randomOrders } from './atrilia-helpers'
import { checkOrders, prep, resolveStep, startBattle } from '../../src/shared/atrilia/engine'
import { indexOf, type Hex } from '../../src/shared/atrilia/hex'
import { alZabdiyat } from '../../src/shared/atrilia/preset'
import { atriliaRuleset, replayAtrilia } from '../../src/shared/atrilia/ruleset'
import { playOut, simulate } from '../../src/shared/atrilia/simulate'
import { runSeed } from '../../src/shared/battle/odds'
import { simulate as hsSimulate } from '../../src/shared/highseas/simulate'
import type { AtriliaOrders, AtriliaSetup } from '../../src/shared/atrilia/types'
import { ordersForTurn } from '../../src/shared/highseas/ai'
import { replay as hsReplay, resolveTurn, startBattle as hsStart } from '../../src/shared/highseas/engine'
import { highSeasRuleset } from '../../src/shared/highseas/ruleset'
import { TurnOrders } from '../../src/shared/highseas/types'
import { setup as hsSetup, ship as hsShip } from './highseas-helpers'

const withCoast = (seed: number): AtriliaSetup => {
  const base = alZabdiyat(seed)
  return { ...base, ships: base.ships.map((s, i) => (i === 0 ? { ...s, wizards: 'sea' as const } : i === 4 ? { ...s, wizards: 'fire' as const } : s)), landMarines: [] }
}

describe('Atrilian hex battle: fuzz, replay and the AI (seed 002 §4–§11)', () => {
  it('seed 002 §3–§10 fuzz: random legal orders, many battles: no crash, no impossible state, each ends within the encounter length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (seed, choice) => {
        const setup = withCoast(seed)
        const pick = chooser(choice)
        let st = startBattle(setup)
        const dice = boxDice(new DiceBox(new Rng(seedState(seed))))
        let steps = 0
        while (!st.outcome) {
          const o = randomOrders(setup, st, pick)
          const wasMarines = st.phase === 'marines'
          st = resolveStep(setup, st, o, dice).state
          assertPossible(setup, st, wasMarines)
          steps++
          expect(steps).toBeLessThanOrEqual(20 * 12)
        }
        expect(st.turn).toBeLessThanOrEqual(21)
      }),
      { numRuns: 12 }
    )
  }, 120_000)

  it('seed 002 replay: the setup and each step’s orders and typed faces give the same state; the trace does not change it', () => {
    for (const seed of [3, 17]) {
      const setup = withCoast(seed)
      const pick = chooser(seed * 7)
      let st = startBattle(setup)
      const steps: { orders: AtriliaOrders; dice?: number[] }[] = []
      let quiet = startBattle(setup)
      while (!st.outcome && steps.length < 120) {
        const orders = pick(3) === 0 ? randomOrders(setup, st, pick) : aiOrders(setup, st)
        const typed = pick(4) === 0 ? Array.from({ length: 1 + pick(3) }, () => 1 + pick(6)) : undefined
        const r = resolveStep(setup, st, orders, boxDice(new DiceBox(new Rng(st.rng), typed ?? [], 'app')))
        quiet = resolveStep(setup, quiet, orders, boxDice(new DiceBox(new Rng(quiet.rng), typed ?? [], 'app')), { trace: false }).state
        st = r.state
        steps.push(typed ? { orders, dice: typed } : { orders })
        expect(quiet).toEqual(st)
      }
      expect(replayAtrilia(setup, steps)).toEqual(st)
      expect(atriliaRuleset.replay(setup, steps, setup.seed)).toEqual(st)
    }
  })

  it('seed 002 AI: its orders for either side always pass the check, and whole AI battles end', () => {
    for (const seed of [1, 2, 5, 9]) {
      const setup = withCoast(seed)
      let st = startBattle(setup)
      const dice = fastDice(seedState(seed))
      const kinds = new Set<string>()
      while (!st.outcome) {
        const o = aiOrders(setup, st)
        expect(checkOrders(setup, st, o)).toEqual([])
        // The AI left to itself gives the same orders as after its safety check.
        expect(aiOrders(setup, st, { verify: false })).toEqual(o)
        const r = resolveStep(setup, st, o, dice)
        for (const e of r.report.events) kinds.add(e.kind)
        st = r.state
        assertPossible(setup, st, false)
      }
      expect(kinds.has('move')).toBe(true)
      expect(kinds.has('boarding') || kinds.has('archery') || kinds.has('ram')).toBe(true)
    }
  })

  it('seed 002 AI stays off land: no AI move ends on or passes through land', () => {
    const setup = alZabdiyat(4)
    const pre = prep(setup)
    let st = startBattle(setup)
    const dice = fastDice(seedState(4))
    while (!st.outcome) {
      const r = resolveStep(setup, st, aiOrders(setup, st), dice)
      for (const e of r.report.events) for (const h of e.path ?? []) expect(pre.land[indexOf(h as Hex)] ?? 0).toBe(0)
      st = r.state
    }
  })

  it('seed 002 odds: the simulator is deterministic and agrees with playing the AI battle step by step', () => {
    const setup = alZabdiyat(1)
    const st = startBattle(setup)
    const a = simulate(setup, st, { runs: 6, seed: 11 })
    const b = simulate(setup, st, { runs: 6, seed: 11 })
    expect(a).toEqual(b)
    expect(a.sides.map((s) => s.side)).toEqual(['pheacians', 'meshuesh'])
    const total = a.sides[0]!.win.p + a.sides[1]!.win.p + a.undecided.p
    expect(total).toBeCloseTo(1, 10)
    // Run 0 of the fast path is the battle played step by step with the AI and the same dice.
    const dice = fastDice(seedState(runSeed(11, 0)))
    let s = st
    while (!s.outcome) s = resolveStep(setup, s, aiOrders(setup, s), dice).state
    expect(playOut(setup, st, runSeed(11, 0)).state).toEqual(s)
  })

  it('the seam: the Atrilian ruleset names its step by player and phase, and checks orders as the engine does', () => {
    const setup = alZabdiyat()
    const st = atriliaRuleset.start(setup, 5)
    expect(atriliaRuleset.step(setup, st)).toEqual({ turn: 1, phase: 'roll', label: 'Turn 1 — the Pheacians: roll for movement', side: 'pheacians', diceOnly: true })
    expect(atriliaRuleset.check(setup, st, { phase: 'move', scuttle: [], ships: [] })[0]!.message).toMatch(/the next step is roll for movement/)
    expect(atriliaRuleset.aiOrders(setup, st, ['meshuesh'])).toEqual({ phase: 'roll', scuttle: [] })
    expect(atriliaRuleset.ordersSchema.safeParse({ phase: 'move', ships: [{ ship: 'thalassa', steps: ['sideways'] }] }).success).toBe(false)
    expect(atriliaRuleset.outcome(setup, st)).toBeNull()
  })
})

describe('the seam: High Seas through its adapter gives exactly the engine’s states', () => {
  const battleOf = (seed: number) =>
    hsSetup([hsShip('a', 'corsair', 'A', { crewKind: 'pirate', captain: { name: 'C', wits: 2, tactics: 2, strategy: 1 } }), hsShip('b', 'merchantman', 'B'), hsShip('c', 'smallWarship', 'B')], { range: 'long', seed })
  it('seed 003 through the seam: start, AI orders, check, resolve, replay and odds equal the High Seas engine on several seeds', () => {
    for (const seed of [1, 7, 42]) {
      const setup = battleOf(seed)
      let direct = hsStart(setup)
      let seam = highSeasRuleset.start(setup, seed)
      expect(seam).toEqual(direct)
      const turns: { orders: ReturnType<typeof ordersForTurn> }[] = []
      for (let t = 0; t < 12 && direct.outcome === 'ongoing'; t++) {
        const orders = ordersForTurn(setup, direct, {}, { allAi: true })
        expect(highSeasRuleset.aiOrders(setup, seam)).toEqual(orders)
        expect(highSeasRuleset.check(setup, seam, orders)).toEqual([])
        direct = resolveTurn(setup, direct, orders, boxDice(new DiceBox(new Rng(direct.rng)))).state
        seam = highSeasRuleset.resolve(setup, seam, orders, boxDice(new DiceBox(new Rng(seam.rng)))).state
        expect(seam).toEqual(direct)
        turns.push({ orders })
      }
      expect(highSeasRuleset.replay(setup, turns, seed)).toEqual(hsReplay(setup, turns))
      expect(highSeasRuleset.outcome(setup, direct) === null).toBe(direct.outcome === 'ongoing')
    }
    const setup = battleOf(3)
    const st = hsStart(setup)
    expect(highSeasRuleset.simulate(setup, st, { runs: 5, seed: 2 })).toEqual(hsSimulate(setup, st, { runs: 5, seed: 2 }))
    const bad = { ships: { a: { tactic: 'bearDown' as const, target: 'nobody', circleAgainst: [], brilliantManeuver: false, fire: [], strike: false, clearAnchor: false } }, melee: [], heroic: [] }
    expect(highSeasRuleset.check(setup, st, bad).length).toBeGreaterThan(0)
    expect(highSeasRuleset.step(setup, st)).toMatchObject({ turn: 1, phase: 'turn', side: null })
  })

  it('seed 003 IV–V through the seam: check places each of the engine’s reasons at its field (a ship’s under ships.<id>, a melee result’s under melee, a heroic action’s under heroic)', () => {
    const setup = battleOf(3)
    const st = hsStart(setup)
    const ship = { circleAgainst: [], brilliantManeuver: false, fire: [], strike: false, clearAnchor: false }
    const orders = TurnOrders.parse({
      ships: { a: { ...ship, tactic: 'bearDown', target: 'nobody' }, b: { ...ship, tactic: 'evade' } },
      melee: [{ a: 'a', b: 'b', winner: 'a', crewLost: {} }],
      heroic: [{ participant: 'c', hero: 'Someone', action: 'ungrapple', note: '' }]
    })
    const problems = highSeasRuleset.check(setup, st, orders)
    expect(problems.map((p) => p.path)).toEqual([['ships', 'a'], ['melee'], ['heroic']])
    expect(problems[1]!.message).toContain('neither grappled nor fighting a boarding melee')
    expect(problems[2]!.message).toContain('is not grappled')
    // The same reasons as the engine gives, in its words.
    expect(problems.map((p) => p.message).sort()).toEqual(
      (() => {
        try {
          resolveTurn(setup, st, orders, boxDice(new DiceBox(new Rng(st.rng))))
        } catch (e) {
          return ((e as { reasons: string[] }).reasons ?? []).slice().sort()
        }
        return []
      })()
    )
  })
})
