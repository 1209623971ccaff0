/**
 * The Atrilian AI player (seed 002 "Naval Rules"): one constructed position per behaviour, where the
 * sensible order is plain, and a fuzz of many battles mixing random legal orders with the AI's.
 *
 * Positions are built from a started battle with the ships' marines, damage and commitments set by
 * hand, at the phase the behaviour belongs to (the AI reads only the state).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { aiOrders, lossRisk, sinkChance } from '../../src/shared/atrilia/ai'
import { checkOrders, cloneState, prep, resolveStep, stackLimit, startBattle } from '../../src/shared/atrilia/engine'
import { fastDice } from '../../src/shared/highseas/dice'
import { seedState } from '../../src/shared/dice/rng'
import { neighbour } from '../../src/shared/atrilia/hex'
import { alZabdiyat } from '../../src/shared/atrilia/preset'
import { AtriliaSetup, type AtriliaOrders, type AtriliaSetupInput, type AtriliaState, type Phase, type ShipSetupInput } from '../../src/shared/atrilia/types'
import { assertPossible, battle, chooser, faces, galley, hex, randomOrders } from './atrilia-helpers'

/** The state at `phase` of player `player` (movement roll `roll`), with the ships changed by `edit`. */
function at(setup: AtriliaSetup, phase: Phase, edit: (st: AtriliaState) => void, opts: { player?: 0 | 1; roll?: number } = {}): AtriliaState {
  const st = cloneState(startBattle(setup))
  st.phase = phase
  st.player = opts.player ?? 0
  st.roll = opts.roll ?? 3
  edit(st)
  return st
}
/** Put `n` marine points of `side` aboard ship `id`. */
function man(st: AtriliaState, id: string, side: string | null, n: number): void {
  st.ships[id]!.marines = n
  st.ships[id]!.marineSide = n > 0 ? side : null
}
function commit(st: AtriliaState, a: string, b: string): void {
  st.ships[a]!.committedWith.push(b)
  st.ships[b]!.committedWith.push(a)
}
const E8 = hex('E8')

describe('seed 002 §7.5 the AI scuttles a ship about to be lost', () => {
  // The prize (a Meshuesh ship) is held by one Pheacian marine; next to her a Meshuesh galley with a
  // corvus and two marines. Her crew would board with die + 1 (corvus) + 1 (crippled target): a B
  // on 4–6, so the two points retake her three times in four (§8.12: with no marine aboard she goes
  // back to her nation).
  const setup = battle([
    galley('wolf', 'a', hex('E7'), 1),
    galley('prize', 'b', E8, 1),
    galley('foe', 'b', hex('E9'), 1, { corvus: true, marines: 2 })
  ])
  const position = (crippled: boolean, corvus = true): [AtriliaSetup, AtriliaState] => {
    const s2 = corvus ? setup : battle(setup.ships.map((s) => (s.id === 'foe' ? { ...s, corvus } : s)))
    return [
      s2,
      at(s2, 'marines', (st) => {
        man(st, 'wolf', 'a', 1)
        man(st, 'prize', 'a', 1)
        st.ships.prize!.crippled = crippled
      })
    ]
  }

  it('a prize the enemy marines next to her would more likely than not retake: she is scuttled and her marine goes back to his own ship first', () => {
    const [, st] = position(true)
    expect(lossRisk(prep(setup), st, st.ships.prize!, 'a')).toBeCloseTo(0.75, 10)
    const o = aiOrders(setup, st)
    expect(o).toEqual({ phase: 'marines', scuttle: ['prize'], moves: [{ from: { ship: 'prize' }, to: { ship: 'wolf' }, points: 1, wizards: false }] })
    const next = resolveStep(setup, st, o, faces()).state
    expect(next.ships.prize).toMatchObject({ sinking: true, marines: 0 })
    expect(next.ships.wolf!.marines).toBe(2)
  })

  it('a prize that is less likely than not to be retaken (no corvus, not crippled: a B on a 6 only) is kept', () => {
    const [s2, st] = position(false, false)
    expect(lossRisk(prep(s2), st, st.ships.prize!, 'a')).toBeCloseTo(1 - (5 / 6) ** 2, 10)
    expect(aiOrders(s2, st).scuttle).toEqual([])
  })

  // One of her own ships, crippled and committed, one marine aboard, two enemy galleys beside her with
  // two marines each and corvi: four boardings at a B on 4–6 (an E on 3) capture her four times in five.
  const own = battle([
    galley('wolf', 'a', E8, 1),
    galley('foe1', 'b', neighbour(E8, 4), 1, { corvus: true, marines: 2 }),
    galley('foe2', 'b', neighbour(E8, 5), 2, { corvus: true, marines: 2 })
  ], { land: [neighbour(E8, 2)] })
  const ownAt = (crippled: boolean, committed: boolean) =>
    at(own, 'marines', (st) => {
      man(st, 'wolf', 'a', 1)
      st.ships.wolf!.crippled = crippled
      if (committed) commit(st, 'wolf', 'foe1')
    })

  it('her own crippled, committed ship the enemy would more likely than not capture: scuttled, and her marine lands on the coast beside her (§7.3)', () => {
    const st = ownAt(true, true)
    expect(lossRisk(prep(own), st, st.ships.wolf!, 'a')).toBeGreaterThan(0.75)
    const o = aiOrders(own, st)
    expect(o).toEqual({ phase: 'marines', scuttle: ['wolf'], moves: [{ from: { ship: 'wolf' }, to: { hex: neighbour(E8, 2) }, points: 1, wizards: false }] })
    const next = resolveStep(own, st, o, faces()).state
    expect(next.ships.wolf!.sinking).toBe(true)
    expect(next.land).toEqual([{ side: 'a', at: neighbour(E8, 2), points: 1, volley: 0 }])
  })

  it('a ship that can still row away (neither crippled nor committed) is not scuttled', () => {
    expect(aiOrders(own, ownAt(false, false)).scuttle).toEqual([])
  })
})

describe('seed 002 §7.3 the AI lands marines when it helps', () => {
  it('a sinking size 2 ship sinks on 1–3 (§10, die + 2 below 6): her marine goes ashore; a size 3 one sinks on 1–2 only: hers stays', () => {
    const setup = battle(
      [galley('small', 'a', E8, 1), galley('big', 'a', hex('H8'), 1, { size: 3 }), galley('foe', 'b', hex('E16'), 1)],
      { land: [neighbour(E8, 3), neighbour(hex('H8'), 3)] }
    )
    const st = at(setup, 'marines', (s) => {
      man(s, 'small', 'a', 1)
      man(s, 'big', 'a', 1)
      s.ships.small!.sinking = true
      s.ships.big!.sinking = true
    })
    expect(sinkChance(prep(setup), 'small')).toBe(0.5)
    expect(sinkChance(prep(setup), 'big')).toBeCloseTo(1 / 3, 10)
    expect(aiOrders(setup, st)).toEqual({ phase: 'marines', scuttle: [], moves: [{ from: { ship: 'small' }, to: { hex: neighbour(E8, 3) }, points: 1, wizards: false }] })
  })

  it('§11.4 "destroy all enemy marines" against it: one point goes ashore, where no attack reaches it, and stays there', () => {
    const shore = neighbour(E8, 3)
    const setup = battle([galley('wolf', 'a', E8, 1, { size: 3, marines: 2 }), galley('foe', 'b', hex('E16'), 1, { marines: 2 })], {
      land: [shore],
      options: { victory: [{ side: 'b', kind: 'destroyMarines' }] }
    })
    const st = at(setup, 'marines', () => {})
    const o = aiOrders(setup, st)
    expect(o).toEqual({ phase: 'marines', scuttle: [], moves: [{ from: { ship: 'wolf' }, to: { hex: shore }, points: 1, wizards: false }] })
    const next = at(setup, 'marines', (s) => {
      man(s, 'wolf', 'a', 1)
      s.land.push({ side: 'a', at: shore, points: 1, volley: 0 })
    })
    expect((aiOrders(setup, next) as Extract<AtriliaOrders, { phase: 'marines' }>).moves).toEqual([])
  })

  it('without that condition, marines ashore go back aboard a friendly ship next to them with room', () => {
    const shore = neighbour(E8, 3)
    const setup = battle([galley('wolf', 'a', E8, 1, { size: 3 }), galley('foe', 'b', hex('E16'), 1)], { land: [shore] })
    const st = at(setup, 'marines', (s) => {
      s.land.push({ side: 'a', at: shore, points: 2, volley: 0 })
    })
    expect((aiOrders(setup, st) as Extract<AtriliaOrders, { phase: 'marines' }>).moves).toEqual([{ from: { hex: shore }, to: { ship: 'wolf' }, points: 2, wizards: false }])
  })
})

describe('seed 002 §5.11 the AI leaves by the map edge when it should', () => {
  it('§11.4 "exit a given number of ships off the opposite side": a ship in D2 facing north sails off by D1 (2 + 2 of her 5 points) and the Pheacians win; another makes for that edge', () => {
    const setup = battle([galley('wolf', 'a', hex('D2'), 1), galley('hound', 'a', hex('H10'), 1), galley('foe', 'b', hex('E16'), 1)], {
      options: { victory: [{ side: 'a', kind: 'exit', ships: 2, edge: 'north' }] }
    })
    const st = at(setup, 'move', () => {})
    const o = aiOrders(setup, st)
    expect(o.phase === 'move' && o.ships.find((m) => m.ship === 'wolf')).toEqual({ ship: 'wolf', steps: ['forward', 'forward'], through: false })
    const next = resolveStep(setup, st, o, faces()).state
    expect(next.ships.wolf).toMatchObject({ status: 'exited', exitedBy: 'north', exitedSide: 'a' })
    expect(next.ships.hound!.at).toEqual(hex('H8'))
  })

  it('with one ship to take off, the battle ends in the Pheacians’ favour once she is off', () => {
    const setup = battle([galley('wolf', 'a', hex('D2'), 1), galley('foe', 'b', hex('E16'), 1)], { options: { victory: [{ side: 'a', kind: 'exit', ships: 1, edge: 'north' }] } })
    const st = at(setup, 'move', () => {})
    const next = resolveStep(setup, st, aiOrders(setup, st), faces()).state
    expect(next.outcome).toEqual({ winner: 'a', reason: 'the Pheacians took a ship off the opposite side' })
  })

  it('a crippled ship with no marines that can leave the map escapes (facing west in A10: one step, 2 of her 3 points); with marines aboard she stays to fight', () => {
    const setup = battle([galley('hulk', 'a', hex('A10'), 6), galley('foe', 'b', hex('C10'), 1, { marines: 2 })])
    const st = at(setup, 'move', (s) => {
      s.ships.hulk!.crippled = true
    })
    expect(aiOrders(setup, st)).toEqual({ phase: 'move', scuttle: [], ships: [{ ship: 'hulk', steps: ['forward'], through: false }] })
    expect(resolveStep(setup, st, aiOrders(setup, st), faces()).state.ships.hulk).toMatchObject({ status: 'exited', exitedBy: 'west' })
    const manned = at(setup, 'move', (s) => {
      s.ships.hulk!.crippled = true
      man(s, 'hulk', 'a', 1)
    })
    const o = aiOrders(setup, manned)
    expect(resolveStep(setup, manned, o, faces(1, 1)).state.ships.hulk!.status).toBe('afloat')
  })
})

describe('seed 002 §5.8 the AI uncommits when it should', () => {
  const setup = battle([galley('wolf', 'a', E8, 1), galley('foe', 'b', neighbour(E8, 1), 1), galley('far', 'b', hex('K16'), 1)])
  it('committed with an enemy whose marines outnumber hers: her marine tries to get her free instead of boarding', () => {
    const st = at(setup, 'marineAttacks', (s) => {
      man(s, 'wolf', 'a', 1)
      man(s, 'foe', 'b', 2)
      commit(s, 'wolf', 'foe')
    })
    expect(aiOrders(setup, st)).toEqual({ phase: 'marineAttacks', scuttle: [], targets: [], uncommit: [{ ship: 'wolf', from: 'foe' }] })
  })
  it('committed with an enemy ship with no marines: she stays committed and boards to take her', () => {
    const st = at(setup, 'marineAttacks', (s) => {
      man(s, 'wolf', 'a', 2)
      commit(s, 'wolf', 'foe')
    })
    const o = aiOrders(setup, st)
    expect(o.phase === 'marineAttacks' && o.uncommit).toEqual([])
    expect(o.phase === 'marineAttacks' && o.targets).toEqual([{ target: 'foe', attacks: [{ from: { ship: 'wolf' }, kind: 'board', ifEmpty: 'capture' }, { from: { ship: 'wolf' }, kind: 'board', ifEmpty: 'capture' }] }])
  })
  it('committed with a sinking enemy: she tries to get free (nothing to gain aboard a wreck)', () => {
    const st = at(setup, 'marineAttacks', (s) => {
      man(s, 'wolf', 'a', 1)
      man(s, 'foe', 'b', 1)
      s.ships.foe!.sinking = true
      commit(s, 'wolf', 'foe')
    })
    expect(aiOrders(setup, st).phase === 'marineAttacks' && (aiOrders(setup, st) as Extract<AtriliaOrders, { phase: 'marineAttacks' }>).uncommit).toEqual([{ ship: 'wolf', from: 'foe' }])
  })
})

describe('seed 002 §8.11 the AI scuttles an empty enemy ship it cannot hold', () => {
  it('the one marine holding a prize boards an empty enemy ship: on a B he scuttles her rather than leave the prize (she would go back to her nation)', () => {
    const setup = battle([galley('prize', 'b', E8, 1), galley('empty', 'b', neighbour(E8, 1), 1), galley('wolf', 'a', hex('A1'), 1, { marines: 1 })])
    const st = at(setup, 'marineAttacks', (s) => man(s, 'prize', 'a', 1))
    const o = aiOrders(setup, st)
    expect(o.phase === 'marineAttacks' && o.targets).toEqual([{ target: 'empty', attacks: [{ from: { ship: 'prize' }, kind: 'board', ifEmpty: 'scuttle' }] }])
    const next = resolveStep(setup, st, o, faces(6)).state
    expect(next.ships.empty!.sinking).toBe(true)
    expect(next.ships.prize!.marines).toBe(1)
  })
})

// ─── Fuzz ───────────────────────────────────────────────────────────────────────────────────────

/** Random one-off setups around the preset: options, victory conditions, wizards, marines ashore. */
function randomSetup(seed: number, pick: (n: number) => number): AtriliaSetup {
  const base = alZabdiyat(seed)
  const victory: AtriliaSetupInput['options'] = {
    nationalCharacteristics: pick(2) === 0,
    evenStart: ([null, 2, 3, 4, 5] as const)[pick(5)]!,
    ambush: ([null, 'pheacians', 'meshuesh'] as const)[pick(3)]!,
    victory: [
      ...(pick(3) === 0 ? [{ side: 'pheacians', kind: 'exit' as const, ships: 1 + pick(3), edge: 'south' as const }] : []),
      ...(pick(3) === 0 ? [{ side: 'meshuesh', kind: 'destroyMarines' as const }] : []),
      ...(pick(4) === 0 ? [{ side: 'meshuesh', kind: 'destroyAllLosingAtMost' as const, ships: pick(3) }] : [])
    ]
  }
  const ships: ShipSetupInput[] = base.ships.map((s, i) => ({ ...s, wizards: i === 0 ? ('sea' as const) : i === 5 ? ('fire' as const) : s.wizards, crippled: pick(8) === 0, crewQuality: 1 + pick(4) }))
  return AtriliaSetup.parse({ ...base, ships, options: victory, turns: 4 + pick(17), landMarines: pick(2) === 0 ? [{ side: 'meshuesh', at: base.land[4]!, points: 1 + pick(3) }] : [] })
}

/** Stacking holds after every step (§7.4 at the end of a marine phase, and nothing adds marines after it). */
function assertStacked(setup: AtriliaSetup, st: AtriliaState): void {
  const pre = prep(setup)
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (s.status === 'afloat') expect(s.marines).toBeLessThanOrEqual(stackLimit(pre.rules, pre.ships.get(id)!.size))
  }
  for (const l of st.land) expect(pre.land[l.at.q * 18 + l.at.r + ((l.at.q - (l.at.q & 1)) >> 1)]).toBe(1)
}

describe('seed 002 AI fuzz', () => {
  it('§3–§11: many random battles, random legal orders mixed with the AI’s for either side: the AI’s orders are always legal (never trimmed by its safety check), no crash, no impossible state, each battle ends within its encounter length', () => {
    const kinds = new Set<string>()
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (seed, choice) => {
        const pick = chooser(choice)
        const setup = randomSetup(seed, pick)
        const turns = setup.turns!
        let st = startBattle(setup)
        const dice = fastDice(seedState(seed))
        let steps = 0
        // Each side plays by hand (random legal orders) or by the AI, changing now and then.
        const ai = [pick(2) === 0, pick(2) === 0]
        while (!st.outcome) {
          if (pick(10) === 0) ai[st.player] = !ai[st.player]
          let o: AtriliaOrders
          if (ai[st.player]) {
            o = aiOrders(setup, st)
            expect(checkOrders(setup, st, o)).toEqual([])
            expect(aiOrders(setup, st, { verify: false })).toEqual(o)
          } else o = randomOrders(setup, st, pick)
          const r = resolveStep(setup, st, o, dice)
          if (ai[st.player]) {
            for (const e of r.report.events) kinds.add(e.kind)
            if (o.scuttle.length) kinds.add('ai scuttle')
            if (o.phase === 'marineAttacks' && o.uncommit.length) kinds.add('ai uncommit')
            if (o.phase === 'marines' && o.moves.some((m) => 'hex' in m.to)) kinds.add('ai lands')
          }
          st = r.state
          assertPossible(setup, st, true)
          assertStacked(setup, st)
          steps++
          expect(steps).toBeLessThanOrEqual(turns * 12)
        }
        expect(st.turn).toBeLessThanOrEqual(turns + 1)
      }),
      { numRuns: 40, seed: 17 }
    )
    // The fuzz reaches the behaviours (so its checks are not empty).
    for (const k of ['move', 'ram', 'boarding', 'archery', 'repair', 'exit', 'ai scuttle', 'ai uncommit']) expect(kinds.has(k), k).toBe(true)
  }, 240_000)
})
