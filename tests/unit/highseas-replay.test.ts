import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DiceBox, NeedsDice } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { parseNotation } from '../../src/shared/dice/notation'
import { boxDice, currentStats, fastDice, replay, resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { BattleState, type BattleSetup, type ShipOrders, type TurnOrders } from '../../src/shared/highseas/types'
import { faces, setup, ship, turn } from './highseas-helpers'

const cap = { captain: { name: 'C', wits: 2, tactics: 2, strategy: 1 } }
const battleOf = (seed: number, three: boolean): BattleSetup =>
  setup(
    [
      ship('a', 'corsair', 'A', { crewKind: 'pirate', ...cap }),
      ship('b', 'merchantman', 'B', cap),
      ...(three ? [ship('c', 'smallWarship', 'B', { pontGuns: { port: 2, starboard: 2 } })] : [])
    ],
    { range: 'long', seed }
  )

/** Legal random orders for every active ship, driven by a stream of choices. */
function randomOrders(su: BattleSetup, st: BattleState, pick: () => number): TurnOrders {
  const ships: Record<string, Partial<ShipOrders>> = {}
  for (const p of su.participants) {
    const me = st.participants[p.id]!
    if (me.status !== 'active') continue
    const enemies = su.participants.filter((q) => q.side !== p.side && st.participants[q.id]!.status === 'active').map((q) => q.id)
    const rk = (q: string) => st.ranges[p.id < q ? `${p.id}|${q}` : `${q}|${p.id}`]!
    const seen = enemies.filter((q) => rk(q) <= 5)
    const crippled = currentStats(su, st, p.id).crippled
    const t = crippled ? 2 : pick() % 3
    const o: Partial<ShipOrders> = { tactic: t === 0 ? 'evade' : t === 1 && seen.length ? 'bearDown' : 'circle', brilliantManeuver: pick() % 2 === 0 }
    if (o.tactic === 'bearDown') o.target = seen[pick() % seen.length]
    const d = pick() % 5
    if (d === 0 && !crippled) o.desperate = 'wetSails'
    if (d === 1) o.desperate = 'hardTurns'
    const fire: NonNullable<ShipOrders['fire']> = []
    const bats = ['port', 'starboard', 'chasers', 'stern'] as const
    const used = new Set<string>()
    for (const b of bats) {
      if (pick() % 2 || !enemies.length) continue
      const q = enemies[pick() % enemies.length]!
      if (used.has(q)) continue
      used.add(q)
      fire.push({ battery: b, target: q, aim: pick() % 3 === 0 ? 'rigging' : 'hull', shot: pick() % 4 === 0 ? 'grape' : 'ball' })
    }
    o.fire = fire
    const close = seen.filter((q) => rk(q) === 0)
    if (close.length && pick() % 2 === 0) o.grapple = close[0]
    const grappledEnemy = me.grappledWith.find((q) => enemies.includes(q))
    if (grappledEnemy && pick() % 2 === 0) o.board = grappledEnemy
    if (pick() % 40 === 0) o.strike = true
    if (me.anchorDragging) o.clearAnchor = true
    ships[p.id] = o
  }
  return turn(ships)
}

describe('replay and purity', () => {
  it('replay: the same setup and orders (and typed faces) give the identical state; trace on and off agree; fastDice = DiceBox', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.boolean(), fc.array(fc.nat(1000), { minLength: 50, maxLength: 400 }), (seed, three, choices) => {
        const su = battleOf(seed, three)
        let k = 0
        const pick = () => choices[k++ % choices.length]!
        let st = startBattle(su)
        let fast = startBattle(su)
        const fd = fastDice(fast.rng)
        const turns: { orders: TurnOrders; dice?: number[] }[] = []
        for (let t = 0; t < 25 && st.outcome === 'ongoing'; t++) {
          const orders = randomOrders(su, st, pick)
          const before = structuredClone(st)
          const traced = resolveTurn(su, st, orders, boxDice(new DiceBox(new Rng(st.rng))), { trace: true })
          const quiet = resolveTurn(su, st, orders, boxDice(new DiceBox(new Rng(st.rng))), { trace: false })
          expect(st).toEqual(before) // never mutates its input
          expect(quiet.state).toEqual(traced.state)
          fast = resolveTurn(su, fast, orders, fd, { trace: false }).state
          expect(fast).toEqual(traced.state)
          expect(BattleState.safeParse(traced.state).success).toBe(true)
          turns.push({ orders })
          st = traced.state
        }
        expect(replay(su, turns)).toEqual(st)
      }),
      { numRuns: 60 }
    )
  })

  it('replay: typed faces are used first, then the battle rng — the same faces give the same state', () => {
    const su = battleOf(7, false)
    const orders = turn({ a: { tactic: 'bearDown', target: 'b' }, b: { tactic: 'evade' } })
    const typed = [5, 5, 5, 5, 5, 5, 1]
    const st1 = replay(su, [{ orders, dice: typed }, { orders }])
    const s0 = startBattle(su)
    const r1 = resolveTurn(su, s0, orders, boxDice(new DiceBox(new Rng(s0.rng), typed, 'app')))
    const r2 = resolveTurn(su, r1.state, orders, boxDice(new DiceBox(new Rng(r1.state.rng))))
    expect(st1).toEqual(r2.state)
  })

  it('NeedsDice mid-turn propagates and leaves the input state untouched', () => {
    const su = battleOf(3, true)
    const st = startBattle(su)
    const before = structuredClone(st)
    const orders = turn({ a: { tactic: 'bearDown', target: 'b', brilliantManeuver: true }, b: { tactic: 'evade' }, c: { tactic: 'circle' } })
    expect(() => resolveTurn(su, st, orders, faces(5, 5, 5))).toThrow(NeedsDice)
    expect(st).toEqual(before)
    // And the same turn with enough faces resolves.
    expect(resolveTurn(su, st, orders, faces(...Array(60).fill(5))).state.turn).toBe(2)
  })

  it('rules guide §1: fastDice draws exactly what a DiceBox in app mode draws (keep, explode, sums)', () => {
    const specs = ['2k2', '3k2', '1k1n', '4d10!', '5d10', '11k3', '2d6'].map(parseNotation)
    const box = new DiceBox(new Rng(seedState(42)))
    const fd = fastDice(seedState(42))
    for (let i = 0; i < 500; i++) {
      const s = specs[i % specs.length]!
      const a = box.roll(s, 'x')
      const b = fd.roll(s, 'x')
      expect(b.dice).toEqual(a.dice)
      expect(b.total).toBe(a.total)
    }
    expect(fd.rngState()).toEqual(box.rngState())
  })
})
