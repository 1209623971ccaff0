import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { boxDice, fastDice } from '../../src/shared/highseas/dice'
import { aiOrders } from '../../src/shared/atrilia/ai'
import { checkOrders, controller, prep, resolveStep, stackLimit, startBattle } from '../../src/shared/atrilia/engine'
import { indexOf, onMap, type Hex } from '../../src/shared/atrilia/hex'
import { alZabdiyat } from '../../src/shared/atrilia/preset'
import { atriliaRuleset, replayAtrilia } from '../../src/shared/atrilia/ruleset'
import { playOut, simulate } from '../../src/shared/atrilia/simulate'
import { runSeed, simulate as hsSimulate } from '../../src/shared/highseas/simulate'
import type { AtriliaOrders, AtriliaSetup, AtriliaState, MoveStep, Place } from '../../src/shared/atrilia/types'
import { ordersForTurn } from '../../src/shared/highseas/ai'
import { replay as hsReplay, resolveTurn, startBattle as hsStart } from '../../src/shared/highseas/engine'
import { highSeasRuleset } from '../../src/shared/highseas/ruleset'
import { setup as hsSetup, ship as hsShip } from './highseas-helpers'

/** A small deterministic generator for the choices of random orders. */
function chooser(seed: number) {
  let x = seed >>> 0 || 1
  return (n: number) => {
    x ^= x << 13
    x >>>= 0
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    return x % n
  }
}

/** Random orders for the next step, each item kept only if the orders stay legal (seed 002 §4–§9). */
function randomOrders(setup: AtriliaSetup, st: AtriliaState, pick: (n: number) => number): AtriliaOrders {
  const pre = prep(setup)
  const side = pre.sides[st.player]
  const mine = pre.ids.filter((id) => st.ships[id]!.status === 'afloat' && controller(pre, st.ships[id]!) === side)
  const enemies = pre.ids.filter((id) => st.ships[id]!.status === 'afloat' && controller(pre, st.ships[id]!) !== side)
  const scuttle = pick(60) === 0 ? mine.filter((id) => st.ships[id]!.marineSide === side).slice(0, 1) : []
  const grow = <T,>(base: AtriliaOrders, key: string, items: T[]): AtriliaOrders => {
    let o = base
    for (const it of items) {
      const trial = { ...o, [key]: [...((o as unknown as Record<string, T[]>)[key] ?? []), it] } as AtriliaOrders
      if (checkOrders(setup, st, trial).length === 0) o = trial
    }
    return o
  }
  const base = (o: AtriliaOrders) => (checkOrders(setup, st, o).length === 0 ? o : { ...o, scuttle: [] })
  switch (st.phase) {
    case 'roll':
    case 'repair':
      return base({ phase: st.phase, scuttle })
    case 'move': {
      const STEPS: MoveStep[] = ['forward', 'forward', 'forward', 'back', 'port', 'starboard']
      const items = mine.map((ship) => ({ ship, steps: Array.from({ length: pick(6) }, () => STEPS[pick(STEPS.length)]!), through: pick(2) === 0 }))
      return grow(base({ phase: 'move', scuttle, ships: [] }), 'ships', items)
    }
    case 'marines': {
      const places: Place[] = [...mine.map((ship) => ({ ship })), ...st.land.filter((l) => l.side === side).map((l) => ({ hex: l.at }))]
      const targets: Place[] = [...mine.map((ship) => ({ ship })), ...setup.land.map((h) => ({ hex: h }))]
      const items = Array.from({ length: 4 }, () => ({ from: places[pick(Math.max(1, places.length))] ?? { ship: 'none' }, to: targets[pick(targets.length)]!, points: 1 + pick(2), wizards: pick(2) === 0 }))
      return grow(base({ phase: 'marines', scuttle, moves: [] }), 'moves', items)
    }
    case 'marineAttacks': {
      const places: Place[] = [...mine.map((ship) => ({ ship })), ...st.land.filter((l) => l.side === side).map((l) => ({ hex: l.at }))]
      const items = enemies.map((target) => ({
        target,
        attacks: Array.from({ length: 1 + pick(3) }, () => ({ from: places[pick(Math.max(1, places.length))] ?? { ship: 'none' }, kind: pick(2) === 0 ? ('board' as const) : ('archery' as const), ifEmpty: (['capture', 'scuttle', 'none'] as const)[pick(3)]! }))
      }))
      const o = grow(base({ phase: 'marineAttacks', scuttle, targets: [], uncommit: [] }), 'targets', items)
      const un = mine.filter((id) => st.ships[id]!.committedWith.length).map((id) => ({ ship: id, from: st.ships[id]!.committedWith[0]! }))
      return grow(o, 'uncommit', un.filter(() => pick(2) === 0))
    }
    case 'otherAttacks': {
      const items = [
        ...mine.flatMap((ship) => [{ by: { ship, weapon: 'ballista' as const }, target: enemies[pick(Math.max(1, enemies.length))] ?? 'none' }, { by: { ship, weapon: 'catapult' as const }, target: enemies[pick(Math.max(1, enemies.length))] ?? 'none' }]),
        ...st.wizards.filter((w) => w.side === side).map((w) => ({ by: { wizard: w.id }, target: enemies[pick(Math.max(1, enemies.length))] ?? 'none' }))
      ]
      return grow(base({ phase: 'otherAttacks', scuttle, attacks: [] }), 'attacks', items)
    }
  }
}

/** No impossible state: ships on the map, off land, one a hex; marines whole and stacked; commitments paired. */
function assertPossible(setup: AtriliaSetup, st: AtriliaState, endOfMarinePhase: boolean): void {
  const pre = prep(setup)
  const seen = new Set<number>()
  for (const id of pre.ids) {
    const s = st.ships[id]!
    expect(s.marines).toBeGreaterThanOrEqual(0)
    expect(s.marineSide === null).toBe(s.marines === 0)
    expect(s.volley).toBeLessThanOrEqual(s.marines)
    if (s.status !== 'afloat') {
      expect(s.committedWith).toEqual([])
      if (s.status === 'sunk') expect(s.marines).toBe(0)
      continue
    }
    expect(onMap(s.at)).toBe(true)
    const i = indexOf(s.at)
    expect(pre.land[i]).toBe(0)
    expect(seen.has(i)).toBe(false)
    seen.add(i)
    expect(s.facing >= 1 && s.facing <= 6).toBe(true)
    if (endOfMarinePhase) expect(s.marines).toBeLessThanOrEqual(stackLimit(pre.rules, pre.ships.get(id)!.size))
    for (const p of s.committedWith) expect(st.ships[p]!.committedWith).toContain(id)
  }
  for (const l of st.land) expect(l.points).toBeGreaterThan(0)
  for (const w of st.wizards) if (w.at && 'ship' in w.at) expect(st.ships[w.at.ship]!.marineSide).toBe(w.side)
  expect(st.turn).toBeLessThanOrEqual((setup.turns ?? setup.rules.encounterTurns) + 1)
}

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
})
