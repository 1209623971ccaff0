/**
 * Pins the AI captains' decisions across performance work on src/shared/highseas/ai.ts: 30 seeded
 * battles (2–4 participants: ships of every behaviour including a ship-'fort', forts, towns; GM and
 * AI control; every weather; damaged rigging, oars) played with `ordersForTurn` (with and without
 * `allAi`) and resolved by the engine, every turn's orders, every participant's `aiOrders` and
 * `aiStats` serialised and hashed. The constants were computed with the AI before its
 * allocation-free rewrite; any change to a decision (or to the JSON of the orders) changes the hash.
 * Re-pinned deliberately for issue 13 (seed 003 III/VI: recognition remembered, the catch-up order,
 * surrender by Trained Fighters; battles end sooner under Large Battles rule 3 — 387 turns became 270).
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng } from '../../src/shared/dice/rng'
import { aiOrders, aiStats, ordersForTurn } from '../../src/shared/highseas/ai'
import { boxDice, checkOrders, fastDice, resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { townParticipant } from '../../src/shared/highseas/generate'
import { BattleSetup, ParticipantSetup, ShipOrders, type BattleState, type Range, type Weather } from '../../src/shared/highseas/types'
import { SHIP_HULLS } from '../../src/shared/ship/tables'
import { battle, fort, ship } from '../highseas-fixtures'

const HULLS = SHIP_HULLS.hulls.map((h) => h.hull)
const BEHAVIOURS = ['merchant', 'corsair', 'patrol', 'warship', 'fleet'] as const
const CREWS = ['merchant', 'naval', 'privateer', 'pirate'] as const
const RANGES: Range[] = ['close', 'short', 'medium', 'long', 'far', 'extreme']
const WEATHERS: Weather[] = ['clear', 'rough', 'storm', 'fog']

function setupOf(k: number): BattleSetup {
  const n = 2 + (k % 3)
  const parts: ParticipantSetup[] = []
  for (let i = 0; i < n; i++) {
    const side = i === 0 ? 'A' : i === 1 ? 'B' : (k + i) % 2 ? 'A' : 'B'
    if (i >= 1 && k % 7 === 3 && i === n - 1) {
      parts.push(ParticipantSetup.parse(townParticipant({ name: `Town ${i}`, guns: 2 + (k % 5) }, { id: `p${i}`, side, control: 'ai' }, 150)))
      continue
    }
    if (i >= 1 && k % 5 === 0 && i === n - 1) {
      parts.push(fort(`p${i}`, (['small', 'medium', 'large'] as const)[k % 3]!, { side }))
      continue
    }
    parts.push(
      ship(`p${i}`, HULLS[(k * 3 + i * 7) % HULLS.length]!, (k + i) % 2 ? 'heavy' : 'light', {
        side,
        behaviour: k % 11 === 4 && i === 1 ? 'fort' : BEHAVIOURS[(k + i * 2 + (k >> 3)) % BEHAVIOURS.length]!,
        crewKind: CREWS[(k * 5 + i + (k >> 2)) % CREWS.length]!,
        control: (k + i) % 9 === 0 ? 'gm' : 'ai',
        extra: (k + i) % 4 === 0 ? { captain: undefined, pontGuns: { port: 2, starboard: 1 }, oars: k % 3 === 0 } : { marines: (k * i) % 20, riggingDamage: k % 6 === 1 ? 5 : 0 }
      })
    )
  }
  const su = battle(parts, { range: RANGES[(k * 7) % 6]!, weather: k % 3 === 2 ? WEATHERS[(k >> 1) % 4]! : 'clear', seed: 2000 + k * 37 })
  return k % 10 === 7 ? BattleSetup.parse({ ...su, rules: { ...su.rules, damageReading: 'add' } }) : su
}

/** Every turn's orders (JSON), and each active participant's aiOrders and aiStats. */
function play(k: number): string[] {
  const su = setupOf(k)
  let st: BattleState = startBattle(su)
  const fd = fastDice(st.rng)
  const rec: string[] = []
  for (let t = 0; t < 50 && st.outcome === 'ongoing'; t++) {
    const orders = ordersForTurn(su, st, {}, { allAi: k % 4 !== 1 })
    const singles: Record<string, unknown> = {}
    for (const p of su.participants) if (st.participants[p.id]!.status === 'active') singles[p.id] = [aiOrders(su, st, p.id), aiStats(su, st, p.id)]
    rec.push(JSON.stringify(orders), JSON.stringify(singles))
    const r = k % 2 === 0 ? resolveTurn(su, st, orders, boxDice(new DiceBox(new Rng(st.rng))), { trace: true }) : resolveTurn(su, st, orders, fd, { trace: false })
    st = r.state
  }
  return rec
}

const sha = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex')

describe('High Seas AI: decisions pinned across performance work', () => {
  const all = Array.from({ length: 30 }, (_, k) => play(k))
  it('30 seeded battles give the same orders, aiOrders and aiStats', () => {
    expect(all.reduce((s, b) => s + b.length / 2, 0)).toBe(TURNS)
    expect(sha(all)).toBe(HASH)
  })
  it('orders are fresh objects: a later call never changes orders returned earlier', () => {
    const su = setupOf(2)
    const st = startBattle(su)
    const a = ordersForTurn(su, st, {}, { allAi: true })
    const before = JSON.stringify(a)
    const next = resolveTurn(su, st, a, fastDice(st.rng), { trace: false }).state
    const b = ordersForTurn(su, next, {}, { allAi: true })
    ordersForTurn(su, st, {}, { allAi: true })
    expect(JSON.stringify(a)).toBe(before)
    for (const id in a.ships) expect(a.ships[id]).not.toBe(b.ships[id])
  })
  it('AI orders pass the schema and the engine checks unchanged', () => {
    for (let k = 0; k < 30; k += 3) {
      const su = setupOf(k)
      const st = startBattle(su)
      const orders = ordersForTurn(su, st, {}, { allAi: true })
      for (const [id, o] of Object.entries(orders.ships)) {
        expect(ShipOrders.parse(o)).toEqual(o)
        expect(checkOrders(su, st, id, o).problems).toEqual([])
      }
    }
  })
})

const TURNS = 270
const HASH = '21dd54abf78459b1f5fd6e5a678ba7a175d164fab3dc3d361807adc09f3a61f9'
