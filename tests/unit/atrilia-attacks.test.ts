import { describe, expect, it } from 'vitest'
import { attack } from '../../src/shared/atrilia/calc'
import { checkOrders, controller, prep, resolveStep } from '../../src/shared/atrilia/engine'
import { COLUMNS } from '../../src/shared/atrilia/tables'
import type { AtriliaState, MarineAttack, OtherAttack } from '../../src/shared/atrilia/types'
import { advanceTo, atMove, battle, faces, galley, hex, step } from './atrilia-helpers'

const X = hex('F9')
const A = (target: string, ...attacks: MarineAttack[]) => ({ target, attacks })
const mAtt = (targets: ReturnType<typeof A>[], uncommit: { ship: string; from: string }[] = []) => ({ phase: 'marineAttacks' as const, scuttle: [], targets, uncommit })
const board = (ship: string, ifEmpty: MarineAttack['ifEmpty'] = 'capture'): MarineAttack => ({ from: { ship }, kind: 'board', ifEmpty })
const arch = (ship: string): MarineAttack => ({ from: { ship }, kind: 'archery', ifEmpty: 'none' })
const other = (...attacks: OtherAttack[]) => ({ phase: 'otherAttacks' as const, scuttle: [], attacks })

describe('seed 002 Naval Combat Results Table', () => {
  it('seed 002 TABLES: every column for every die total exactly (1- … 6+)', () => {
    const col = (c: (typeof COLUMNS)[number]) => [0, 1, 2, 3, 4, 5, 6, 7].map((t) => attack({ column: c, roll: t }).result)
    expect(col('seaWizards')).toEqual(['-', '-', '-', '-', '-', 'M', 'M', 'M'])
    expect(col('boarding')).toEqual(['-', '-', '-', '-', '-', 'E', 'B', 'B'])
    expect(col('archery')).toEqual(['-', '-', '-', '-', '-', '-', 'A', 'A'])
    expect(col('ballistaSpear')).toEqual(['-', '-', '-', '-', '-', '-', 'AS', 'AS'])
    expect(col('catapult')).toEqual(['-', '-', '-', '-', '-', '-', 'AS', 'AS'])
    expect(col('fireWizards')).toEqual(['-', '-', '-', '-', '-', '-', 'F', 'F'])
    expect(col('ballistaFlaming')).toEqual(['-', '-', '-', '-', '-', '-', 'F', 'F'])
  })
  it('seed 002 §8.8–8.9 and TABLES notes: corvus +1, castle −1, crippled target +1, rammed −1, on boardings only', () => {
    const r = attack({ column: 'boarding', roll: 4, modifiers: { corvus: true, castle: true, crippledTarget: true, rammed: true } })
    expect(r.breakdown).toEqual([
      { label: 'die', value: 4 },
      { label: 'corvus', value: 1 },
      { label: 'the target’s castle', value: -1 },
      { label: 'crippled target', value: 1 },
      { label: 'rammed', value: -1 }
    ])
    expect(attack({ column: 'boarding', roll: 4, modifiers: { corvus: true } })).toMatchObject({ total: 5, result: 'E' })
    expect(attack({ column: 'boarding', roll: 5, modifiers: { castle: true } })).toMatchObject({ total: 4, result: '-' })
    expect(attack({ column: 'archery', roll: 5, modifiers: { corvus: true, crippledTarget: true } })).toMatchObject({ total: 5, result: '-' })
  })
})

describe('seed 002 §8 marine attacks', () => {
  // Attackers (a): "boarder" next to the target, "archer" two hexes away, marines ashore next to her.
  const T = X
  const mk = (targetMarines: number, more: Record<string, unknown> = {}) =>
    battle(
      [
        galley('target', 'b', T, 1, { marines: targetMarines, ...more }),
        galley('boarder', 'a', step(T, 3), 1, { marines: 2 }),
        galley('archer', 'a', step(T, 5, 2), 1, { marines: 2 }),
        galley('far', 'a', step(T, 1, 3), 1, { marines: 2 }),
        galley('reserve', 'b', hex('L18'), 1)
      ],
      { land: [step(T, 6), step(T, 6, 2)], landMarines: [{ side: 'a', at: step(T, 6), points: 2 }, { side: 'a', at: step(T, 6, 2), points: 1 }] }
    )
  const at = (setup: ReturnType<typeof mk>): AtriliaState => advanceTo(setup, atMove(setup, 1), 'marineAttacks')

  it('seed 002 §8.1–8.3: each point attacks once, boarding adjacent or archery at 1–2 hexes; marines on land only shoot at adjacent ships', () => {
    const setup = mk(2)
    const s = at(setup)
    expect(checkOrders(setup, s, mAtt([A('target', board('boarder'), arch('boarder'))]))).toEqual([])
    expect(checkOrders(setup, s, mAtt([A('target', board('boarder'), arch('boarder'), board('boarder'))]))[0]).toMatch(/each attacks once a turn/)
    expect(checkOrders(setup, s, mAtt([A('target', board('archer'))]))[0]).toMatch(/boarding reaches an adjacent hex/)
    expect(checkOrders(setup, s, mAtt([A('target', arch('archer'))]))).toEqual([])
    expect(checkOrders(setup, s, mAtt([A('target', arch('far'))]))[0]).toMatch(/archery reaches 1 to 2 hexes; Target is 3 hexes away/)
    expect(checkOrders(setup, s, mAtt([A('target', { from: { hex: step(T, 6) }, kind: 'board', ifEmpty: 'none' })]))[0]).toMatch(/marines on land may only shoot/)
    expect(checkOrders(setup, s, mAtt([A('target', { from: { hex: step(T, 6) }, kind: 'archery', ifEmpty: 'none' })]))).toEqual([])
    expect(checkOrders(setup, s, mAtt([A('target', { from: { hex: step(T, 6, 2) }, kind: 'archery', ifEmpty: 'none' })]))[0]).toMatch(/from land reaches adjacent ships only/)
  })
  it('seed 002 §8.4: every attack on one target is announced together', () => {
    const setup = mk(2)
    expect(checkOrders(setup, at(setup), mAtt([A('target', board('boarder')), A('target', arch('archer'))]))[0]).toMatch(/announce every attack on one target together/)
  })
  it('seed 002 §8.7: archery needs a line of sight: a ship between blocks it; after firing the unit has a volley marker, removed at repair (§10.3)', () => {
    const base = mk(2)
    const blocked = battle([...base.ships, galley('between', 'b', step(T, 5), 1)], { land: base.land, landMarines: base.landMarines })
    expect(checkOrders(blocked, at(blocked), mAtt([A('target', arch('archer'))]))[0]).toMatch(/no line of sight to Target \(blocked at /)
    const s = at(base)
    const r = resolveStep(base, s, mAtt([A('target', arch('archer'), arch('archer'))]), faces(1, 2)).state
    expect(r.ships.archer!.volley).toBe(2)
    const repaired = advanceTo(base, r, 'roll', 1, faces())
    expect(repaired.ships.archer!.volley).toBe(0)
  })
  it('seed 002 §8.10: a B or E commits both ships; B costs the target 1 point of marines', () => {
    const setup = mk(2)
    const e = resolveStep(setup, at(setup), mAtt([A('target', board('boarder'))]), faces(5)).state
    expect([e.ships.target!.marines, e.ships.target!.committedWith, e.ships.boarder!.committedWith]).toEqual([2, ['boarder'], ['target']])
    const b = resolveStep(setup, at(setup), mAtt([A('target', board('boarder'))]), faces(6)).state
    expect(b.ships.target!.marines).toBe(1)
  })
  it('seed 002 §8.11–8.12: against a ship with no marines a B or E lets the boarders take her (flipped to crippled; control follows the marines); a B may scuttle her instead', () => {
    const setup = mk(0)
    const pre = prep(setup)
    const took = resolveStep(setup, at(setup), mAtt([A('target', board('boarder'))]), faces(5)).state
    expect([took.ships.target!.marines, took.ships.target!.marineSide, took.ships.target!.crippled, took.ships.boarder!.marines]).toEqual([1, 'a', true, 1])
    expect(controller(pre, took.ships.target!)).toBe('a')
    const sc = resolveStep(setup, at(setup), mAtt([A('target', board('boarder', 'scuttle'))]), faces(6)).state
    expect([sc.ships.target!.sinking, sc.ships.target!.marines, controller(pre, sc.ships.target!)]).toEqual([true, 0, 'b'])
    const eScuttle = resolveStep(setup, at(setup), mAtt([A('target', board('boarder', 'scuttle'))]), faces(5)).state
    expect([eScuttle.ships.target!.sinking, eScuttle.ships.target!.committedWith]).toEqual([false, ['boarder']])
    // A crippled target is +1: a 4 becomes an E.
    const crippled = mk(0, { crippled: true })
    expect(resolveStep(crippled, at(crippled), mAtt([A('target', board('boarder'))]), faces(4)).state.ships.target!.marineSide).toBe('a')
  })
  it('seed 002 §8.13 example: 1 boarding then 2 archery on a ship with 1 marine: B kills the marine, C cripples her, the last is wasted', () => {
    const setup = mk(1)
    const pre = prep(setup)
    const r = resolveStep(setup, at(setup), mAtt([A('target', board('boarder'), arch('archer'), arch('archer'))]), faces(6, 6, 6))
    const t = r.state.ships.target!
    expect([t.marines, t.crippled, t.sinking, t.committedWith, controller(pre, t)]).toEqual([0, true, false, ['boarder'], 'b'])
    expect(r.report.events.map((e) => e.result)).toEqual(['B', 'A', 'A'])
    expect(r.report.events[2]!.text).toMatch(/already crippled: no more damage/)
    // "If the boarding attempt had been second, the unprotected ship could have been captured instead."
    const r2 = resolveStep(setup, at(setup), mAtt([A('target', arch('archer'), board('boarder'), arch('archer'))]), faces(6, 6))
    const t2 = r2.state.ships.target!
    expect([t2.marines, t2.marineSide, t2.crippled, controller(pre, t2)]).toEqual([1, 'a', true, 'a'])
    expect(r2.report.events.map((e) => e.kind)).toEqual(['archery', 'boarding', 'wasted'])
  })
  it('seed 002 §5.8: a committed ship uncommits with a B or E on the Boarding column in her attack phase; the other ship suffers nothing', () => {
    const setup = mk(2)
    const s0 = at(setup)
    const s: AtriliaState = { ...s0, ships: { ...s0.ships, boarder: { ...s0.ships.boarder!, committedWith: ['target'] }, target: { ...s0.ships.target!, committedWith: ['boarder'] } } }
    const r = resolveStep(setup, s, mAtt([], [{ ship: 'boarder', from: 'target' }]), faces(5)).state
    expect([r.ships.boarder!.committedWith, r.ships.target!.committedWith, r.ships.target!.marines]).toEqual([[], [], 2])
    const no = resolveStep(setup, s, mAtt([], [{ ship: 'boarder', from: 'target' }]), faces(4)).state
    expect(no.ships.boarder!.committedWith).toEqual(['target'])
  })
})

describe('seed 002 §9 other attacks', () => {
  const T = X
  const mk = (more: Record<string, unknown>, targetMore: Record<string, unknown> = {}) =>
    battle([galley('target', 'b', T, 1, { marines: 0, ...targetMore }), galley('gun', 'a', step(T, 4, 1), 1, { marines: 2, ...more }), galley('cat', 'a', step(T, 1, 4), 4, { catapult: true }), galley('spear', 'a', step(T, 3, 3), 1, { ballista: 'spear' })])
  const at = (setup: ReturnType<typeof mk>) => advanceTo(setup, atMove(setup, 1), 'otherAttacks')

  it('seed 002 §9.1: wizards cast at 1 hex; Fire wizards: F sets her on fire, a second F starts her sinking', () => {
    const setup = mk({ wizards: 'fire' })
    const s = at(setup)
    const w = { wizard: 'gun-wizards' }
    const r1 = resolveStep(setup, s, other({ by: w, target: 'target' }), faces(6)).state
    expect(r1.ships.target!.fire).toBe(true)
    const again = resolveStep(setup, { ...s, ships: { ...s.ships, target: { ...s.ships.target!, fire: true } } }, other({ by: w, target: 'target' }), faces(6)).state
    expect([again.ships.target!.fire, again.ships.target!.sinking]).toEqual([false, true])
    const far = mk({ wizards: 'sea' })
    const moved = { ...at(far), ships: { ...at(far).ships, gun: { ...at(far).ships.gun!, at: step(T, 4, 2) } } }
    expect(checkOrders(far, moved, other({ by: w, target: 'target' }))[0]).toMatch(/spells reach 1 hex/)
  })
  it('seed 002 §9.1.2: wizards are lost with the last marines, and follow marines that leave for another ship', () => {
    const setup = battle([galley('w', 'a', X, 1, { marines: 2, wizards: 'sea' }), galley('mate', 'a', step(X, 3), 1), galley('foe', 'b', hex('A18'), 1)])
    const s = advanceTo(setup, atMove(setup, 1), 'marines')
    const one = resolveStep(setup, s, { phase: 'marines', scuttle: [], moves: [{ from: { ship: 'w' }, to: { ship: 'mate' }, points: 1, wizards: true }] }, faces()).state
    expect(one.wizards[0]!.at).toEqual({ ship: 'mate' })
    const both = resolveStep(setup, s, { phase: 'marines', scuttle: [], moves: [{ from: { ship: 'w' }, to: { ship: 'mate' }, points: 2, wizards: false }] }, faces()).state
    expect(both.wizards[0]!.at).toEqual({ ship: 'mate' })
    const stay = resolveStep(setup, s, { phase: 'marines', scuttle: [], moves: [{ from: { ship: 'w' }, to: { ship: 'mate' }, points: 1, wizards: false }] }, faces()).state
    expect(stay.wizards[0]!.at).toEqual({ ship: 'w' })
  })
  it('seed 002 §9.1.3 and M: a sea wizards hit removes a point of marines, or cripples a ship with none', () => {
    const setup = mk({ wizards: 'sea' }, { marines: 1 })
    const s = at(setup)
    const r = resolveStep(setup, s, other({ by: { wizard: 'gun-wizards' }, target: 'target' }), faces(5)).state
    expect([r.ships.target!.marines, r.ships.target!.crippled]).toEqual([0, false])
    const none = { ...s, ships: { ...s.ships, target: { ...s.ships.target!, marines: 0, marineSide: null } } }
    const r2 = resolveStep(setup, none, other({ by: { wizard: 'gun-wizards' }, target: 'target' }), faces(6)).state
    expect([r2.ships.target!.crippled, r2.ships.target!.sinking]).toEqual([true, false])
  })
  it('seed 002 §9.2–9.3: ballista 1–3 hexes, catapult 3–5 (rules guide §3), both in line of sight and lost when crippled; AS removes a marine or cripples (CS)', () => {
    const setup = mk({ ballista: 'spear' })
    const s = at(setup)
    expect(checkOrders(setup, s, other({ by: { ship: 'gun', weapon: 'ballista' }, target: 'target' }))).toEqual([])
    expect(checkOrders(setup, s, other({ by: { ship: 'spear', weapon: 'ballista' }, target: 'target' }))).toEqual([])
    expect(checkOrders(setup, s, other({ by: { ship: 'cat', weapon: 'catapult' }, target: 'target' }))).toEqual([])
    const near = mk({ catapult: true })
    expect(checkOrders(near, at(near), other({ by: { ship: 'gun', weapon: 'catapult' }, target: 'target' }))[0]).toMatch(/catapult reaches 3 to 5 hexes; Target is 1 hex away/)
    expect(checkOrders(setup, s, other({ by: { ship: 'cat', weapon: 'ballista' }, target: 'target' }))[0]).toMatch(/Cat has no ballista/)
    const crip = { ...s, ships: { ...s.ships, spear: { ...s.ships.spear!, crippled: true } } }
    expect(checkOrders(setup, crip, other({ by: { ship: 'spear', weapon: 'ballista' }, target: 'target' }))[0]).toMatch(/crippled and has lost her ballista/)
    const walled = battle(setup.ships, { land: [step(T, 3, 2)] })
    expect(checkOrders(walled, at(walled), other({ by: { ship: 'spear', weapon: 'ballista' }, target: 'target' }))[0]).toMatch(/no line of sight/)
    const hit = resolveStep(setup, s, other({ by: { ship: 'spear', weapon: 'ballista' }, target: 'target' }), faces(6)).state
    expect(hit.ships.target!.crippled).toBe(true)
    const hit2 = resolveStep(setup, { ...s, ships: { ...s.ships, target: { ...s.ships.target!, crippled: true } } }, other({ by: { ship: 'spear', weapon: 'ballista' }, target: 'target' }), faces(6)).state
    expect(hit2.ships.target!.sinking).toBe(true)
    const marines = mk({}, { marines: 2 })
    const hit3 = resolveStep(marines, at(marines), other({ by: { ship: 'spear', weapon: 'ballista' }, target: 'target' }), faces(6)).state
    expect([hit3.ships.target!.marines, hit3.ships.target!.crippled]).toEqual([1, false])
  })
})
