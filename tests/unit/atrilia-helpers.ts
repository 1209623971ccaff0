/** Helpers for the Atrilian hex battle tests (seed 002). */
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { boxDice, type DiceSource } from '../../src/shared/highseas/dice'
import { expect } from 'vitest'
import { checkOrders, controller, prep, resolveStep, stackLimit, startBattle } from '../../src/shared/atrilia/engine'
import { emptyOrders } from '../../src/shared/atrilia/ruleset'
import { indexOf, neighbour, onMap, parseLabel, type Hex } from '../../src/shared/atrilia/hex'
import { AtriliaSetup, type AtriliaOrders, type AtriliaSetupInput, type AtriliaState, type MoveStep, type Phase, type Place, type ShipSetupInput } from '../../src/shared/atrilia/types'

/** Dice typed by hand, in order; running out is NeedsDice. */
export function faces(...f: number[]): DiceSource {
  return boxDice(new DiceBox(new Rng(seedState(1)), f, 'manual'))
}
export const hex = (l: string): Hex => parseLabel(l)!
/** The hex `n` steps from `h` in direction `facing`. */
export function step(h: Hex, facing: number, n = 1): Hex {
  let x = h
  for (let i = 0; i < n; i++) x = neighbour(x, facing)
  return x
}

export function galley(id: string, side: 'a' | 'b', at: Hex, facing: number, more: Partial<ShipSetupInput> = {}): ShipSetupInput {
  return { id, name: id.charAt(0).toUpperCase() + id.slice(1), side, type: 'smallGalley', size: 2, crewQuality: 2, at, facing, ...more }
}

export function battle(ships: ShipSetupInput[], more: Partial<AtriliaSetupInput> = {}): AtriliaSetup {
  return AtriliaSetup.parse({
    name: 'Test',
    sides: [
      { id: 'a', name: 'Pheacians', nation: 'pheacian' },
      { id: 'b', name: 'Meshuesh', nation: 'meshuesh' }
    ],
    ships,
    ...more
  })
}

/** Resolve empty orders (with these faces) until the next step is `phase` of `player`. */
export function advanceTo(setup: AtriliaSetup, state: AtriliaState, phase: Phase, player: 0 | 1 = state.player, dice: DiceSource = faces()): AtriliaState {
  let s = state
  let guard = 0
  while (!(s.phase === phase && s.player === player)) {
    s = resolveStep(setup, s, emptyOrders(s.phase), dice).state
    if (++guard > 40) throw new Error('advanceTo: phase not reached')
  }
  return s
}

/** Start and roll `roll` for the first player's movement: the state at his movement phase. */
export function atMove(setup: AtriliaSetup, roll: number): AtriliaState {
  const s = startBattle(setup)
  return resolveStep(setup, s, { phase: 'roll', scuttle: [] }, faces(roll)).state
}

export function orders(o: AtriliaOrders): AtriliaOrders {
  return o
}

/** A small deterministic generator for the choices of random orders. */
export function chooser(seed: number) {
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
export function randomOrders(setup: AtriliaSetup, st: AtriliaState, pick: (n: number) => number): AtriliaOrders {
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
export function assertPossible(setup: AtriliaSetup, st: AtriliaState, endOfMarinePhase: boolean): void {
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

