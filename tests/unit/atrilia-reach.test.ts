import { describe, expect, it } from 'vitest'
import { checkOrders, resolveStep, startBattle } from '../../src/shared/atrilia/engine'
import { indexOf, label, sameHex } from '../../src/shared/atrilia/hex'
import { alZabdiyat } from '../../src/shared/atrilia/preset'
import { afterMoves, attackReach, cheapestByHex, moveOf, ramPreview, reach, type Reach } from '../../src/shared/atrilia/reach'
import { atriliaRuleset } from '../../src/shared/atrilia/ruleset'
import type { AtriliaSetup, AtriliaState, ShipMove } from '../../src/shared/atrilia/types'
import { advanceTo, atMove, battle, faces, galley, hex, step } from './atrilia-helpers'

const moveOrders = (ships: ShipMove[]) => ({ phase: 'move' as const, scuttle: [], ships })

/** Every option the reach returns is a move the engine's check accepts (alone, after the moves before). */
function everyOptionLegal(setup: AtriliaSetup, s: AtriliaState, r: Reach, before: ShipMove[] = []): void {
  for (const o of r.options) {
    const problems = atriliaRuleset.check(setup, s, moveOrders([...before, moveOf(r.ship, o)]))
    expect(problems, `${r.ship} to ${label(o.at)} facing ${o.facing} by ${o.steps.join(', ')}`).toEqual([])
  }
}

const at = (r: Reach, l: string) => r.options.filter((o) => !o.ram && !o.exit && sameHex(o.at, hex(l)))

describe('seed 002 §5 reach: every hex and facing a ship can reach this phase', () => {
  it('seed 002 §5.13 example: quality 4 rolls 3 (7 points): ahead 3 hexes, back 2, or one hexside and one hex; crippled: forward 1 or back 1', () => {
    const setup = battle([
      galley('elite', 'a', hex('F9'), 1, { crewQuality: 4 }),
      galley('cripple', 'a', hex('B9'), 1, { crewQuality: 4, crippled: true }),
      galley('foe', 'b', hex('J18'), 1)
    ])
    const s = atMove(setup, 3)
    const r = reach(setup, s, 'elite')
    expect(r.allowance).toBe(7)
    // Ahead 3 hexes (6 points), not 4.
    expect(at(r, 'F6').map((o) => o.cost)).toEqual([6])
    expect(at(r, 'F5')).toEqual([])
    // Back 2 (6 points), not 3.
    expect(at(r, 'F11').map((o) => o.cost)).toEqual([6])
    expect(at(r, 'F12')).toEqual([])
    // One hexside and one hex (5 + 2 = 7): facing 2 one hex north-east.
    const turned = r.options.find((o) => !o.ram && sameHex(o.at, step(hex('F9'), 2)) && o.facing === 2)!
    expect(turned.steps).toEqual(['starboard', 'forward'])
    expect(turned.path.map((p) => p.cost)).toEqual([5, 2])
    expect(turned.cost).toBe(7)
    // Never more than the allowance.
    expect(Math.max(...r.options.map((o) => o.cost))).toBeLessThanOrEqual(7)
    const c = reach(setup, s, 'cripple')
    expect(c.allowance).toBe(3)
    expect(c.options.map((o) => `${label(o.at)}:${o.steps.join(',')}:${o.cost}`).sort()).toEqual(['B10:back:3', 'B8:forward:2'])
    everyOptionLegal(setup, s, r)
    everyOptionLegal(setup, s, c)
  })

  it('seed 002 §5.4–5.6: each step of the path carries its cost 2 / 3 / 5 and the cheapest path is kept', () => {
    const setup = battle([galley('x', 'a', hex('F9'), 1, { crewQuality: 4 }), galley('y', 'b', hex('J18'), 1)])
    const s = atMove(setup, 6)
    const r = reach(setup, s, 'x')
    expect(r.allowance).toBe(10)
    for (const o of r.options) expect(o.cost).toBe(o.path.reduce((n, p) => n + p.cost, 0))
    for (const o of r.options) for (const p of o.path) expect(p.cost).toBe(p.step === 'forward' ? 2 : p.step === 'back' ? 3 : 5)
    // Five hexes ahead (10) is the cheapest way to F4; facing about (two turns, 10) stays in F9.
    expect(at(r, 'F4').map((o) => o.steps)).toEqual([['forward', 'forward', 'forward', 'forward', 'forward']])
    expect(r.options.some((o) => sameHex(o.at, hex('F9')) && o.facing === 3 && o.cost === 10)).toBe(true)
    const painted = cheapestByHex(r)
    expect(painted.get(indexOf(hex('F8')))!.cost).toBe(2)
    everyOptionLegal(setup, s, r)
  })

  it('seed 002 §5.10 and §5.12: no land; through friends but never ending on another ship', () => {
    const setup = battle(
      [galley('x', 'a', hex('F9'), 1, { crewQuality: 4 }), galley('friend', 'a', hex('F8'), 1), galley('y', 'b', hex('J18'), 1)],
      { land: [hex('F6')] }
    )
    const s = atMove(setup, 6)
    const r = reach(setup, s, 'x')
    expect(at(r, 'F8')).toEqual([]) // the friend's hex: passed through, never an end
    expect(at(r, 'F7').filter((o) => o.facing === 1).map((o) => o.cost)).toEqual([4])
    expect(r.options.some((o) => o.path.some((p) => sameHex(p.at, hex('F6'))))).toBe(false) // land
    expect(at(r, 'F5')).toEqual([]) // only reachable across the land ahead: a longer way round costs too much
    everyOptionLegal(setup, s, r)
  })

  it('seed 002 §6: entering an enemy hex moving forward is a ram with its kind; an oar rake or rudder attack may continue through, a broadside ram not', () => {
    // The foe two hexes ahead, facing us (bow to bow): an oar rake.
    const setup = battle([galley('x', 'a', hex('F9'), 1, { crewQuality: 4 }), galley('bow', 'b', hex('F7'), 4), galley('side', 'b', hex('C9'), 1)])
    const s = atMove(setup, 6)
    const r = reach(setup, s, 'x')
    const rake = r.options.filter((o) => o.ram?.target === 'bow' && sameHex(o.ram.from, hex('F8')) && o.facing === 1)
    expect(rake.map((o) => [o.ram!.kind, o.ram!.through, label(o.at), o.cost])).toEqual([
      ['oarRake', false, 'F8', 4],
      ['oarRake', true, 'F6', 6]
    ])
    // Backing into an enemy is never a ram.
    expect(r.options.some((o) => o.ram && o.path.at(-1)!.step === 'back')).toBe(false)
    // Every ram is against an adjacent enemy entered forward; kinds follow calc.ramKind.
    for (const o of r.options.filter((x) => x.ram)) {
      const t = s.ships[o.ram!.target]!
      expect(ramPreview(s, o.ram!.target, o.ram!.from).kind).toBe(o.ram!.kind)
      expect(sameHex(step(o.ram!.from, o.facing), t.at)).toBe(true)
      if (o.ram!.kind === 'broadside') expect(o.ram!.through).toBe(false)
    }
    everyOptionLegal(setup, s, r)
    // A foe beam-on ahead: a broadside ram from the hex before, never through.
    const beam = battle([galley('x', 'a', hex('F9'), 1, { crewQuality: 4 }), galley('t', 'b', hex('F7'), 2)])
    const sb = atMove(beam, 6)
    const rb = reach(beam, sb, 'x')
    const br = rb.options.filter((o) => o.ram?.target === 't' && sameHex(o.ram.from, hex('F8')))
    expect(br.map((o) => [o.ram!.kind, o.ram!.through, label(o.at), o.cost])).toEqual([['broadside', false, 'F8', 4]])
    everyOptionLegal(beam, sb, rb)
    // The ram resolves as the reach says.
    const rakeMove = moveOf('x', rake[1]!)
    const out = resolveStep(setup, s, moveOrders([rakeMove]), faces(1, 1)).report
    expect(out.events[0]!.ramKind).toBe('oarRake')
    expect(label(resolveStep(setup, s, moveOrders([rakeMove]), faces(1, 1)).state.ships.x!.at)).toBe('F6')
  })

  it('seed 002 §6: what a ram from a hex would be: bow, stern and the four broadside hexsides', () => {
    const setup = battle([galley('x', 'a', hex('F9'), 1), galley('t', 'b', hex('F7'), 1)])
    const s = atMove(setup, 6)
    const p = ramPreview(s, 't', step(hex('F7'), 1))
    expect(p).toEqual({ bow: 1, stern: 4, broadsides: [2, 3, 5, 6], kind: 'oarRake' })
    expect(ramPreview(s, 't', hex('F8')).kind).toBe('rudder')
    expect(ramPreview(s, 't', step(hex('F7'), 2)).kind).toBe('broadside')
    expect(ramPreview(s, 't', hex('F9')).kind).toBeNull()
  })

  it('seed 002 §5.11: leaving the map is a last step and loses her to the encounter', () => {
    const setup = battle([galley('x', 'a', hex('F2'), 1, { crewQuality: 4 }), galley('y', 'b', hex('J18'), 1)])
    const s = atMove(setup, 6)
    const r = reach(setup, s, 'x')
    const exits = r.options.filter((o) => o.exit)
    expect(exits.some((o) => o.exit === 'north' && o.steps.join(',') === 'forward,forward')).toBe(true)
    everyOptionLegal(setup, s, r)
    const out = resolveStep(setup, s, moveOrders([moveOf('x', exits.find((o) => o.steps.length === 2)!)]), faces()).state
    expect(out.ships.x!.status).toBe('exited')
  })

  it('seed 002 §5.3, §5.8: a sinking or committed ship has no reach, and says why', () => {
    const setup = battle([galley('x', 'a', hex('F9'), 1), galley('y', 'b', hex('J18'), 1)])
    const s = atMove(setup, 6)
    expect(reach(setup, { ...s, ships: { ...s.ships, x: { ...s.ships.x!, sinking: true } } }, 'x')).toMatchObject({ options: [], reason: expect.stringMatching(/sinking/) })
    expect(reach(setup, { ...s, ships: { ...s.ships, x: { ...s.ships.x!, committedWith: ['y'] } } }, 'x').reason).toMatch(/committed/)
    expect(reach(setup, s, 'y').reason).toMatch(/not the phasing player/)
  })

  it('seed 002 §5.12: ships move in order: the next ship reaches from the map the earlier moves leave', () => {
    const setup = battle([galley('x', 'a', hex('F9'), 1, { crewQuality: 4 }), galley('z', 'a', hex('G9'), 1, { crewQuality: 4 }), galley('y', 'b', hex('J18'), 1)])
    const s = atMove(setup, 6)
    const first = moveOf('x', at(reach(setup, s, 'x'), 'F7')[0]!)
    expect(label(afterMoves(setup, s, [first]).ships.x!.at)).toBe('F7')
    const r = reach(setup, s, 'z', [first])
    expect(r.options.some((o) => !o.ram && sameHex(o.at, hex('F7')))).toBe(false)
    everyOptionLegal(setup, s, r, [first])
  })

  it('seed 002 §5, §6: in the preset every reach path of every ship is accepted by the ruleset check (after each movement roll)', () => {
    const setup = alZabdiyat()
    let s = startBattle(setup)
    for (const roll of [1, 4, 6]) {
      s = resolveStep(setup, startBattle(setup), { phase: 'roll', scuttle: [] }, faces(roll)).state
      for (const id of ['thalassa', 'nausikaa', 'skylla', 'phaiax']) {
        const r = reach(setup, s, id)
        expect(r.options.length).toBeGreaterThan(0)
        everyOptionLegal(setup, s, r)
      }
    }
    // After the ships close, with rams on offer (the AI's moves bring them together).
    s = resolveStep(setup, startBattle(setup), { phase: 'roll', scuttle: [] }, faces(6)).state
    let guard = 0
    let checked = 0
    while (!s.outcome && guard++ < 80) {
      if (s.phase === 'move') {
        for (const id of Object.keys(s.ships)) {
          const r = reach(setup, s, id)
          if (r.reason) continue
          everyOptionLegal(setup, s, r)
          checked += r.options.filter((o) => o.ram).length
        }
      }
      s = resolveStep(setup, s, atriliaRuleset.aiOrders(setup, s), faces(...Array(40).fill(4))).state
    }
    expect(checked).toBeGreaterThan(0)
  })
})

describe('seed 002 §8–§9 attack reach: range and line of sight', () => {
  it('seed 002 §8.2, §8.7: archery reaches 1–2 hexes; a ship between blocks the line (marked)', () => {
    const setup = battle([
      galley('archer', 'a', hex('F9'), 1, { marines: 2 }),
      galley('screen', 'b', hex('F8'), 1),
      galley('behind', 'b', hex('F7'), 1),
      galley('far', 'b', hex('F4'), 1)
    ])
    const s = advanceTo(setup, atMove(setup, 3), 'marineAttacks')
    const a = attackReach(setup, s, { kind: 'archery', from: { ship: 'archer' } })
    expect(a.range).toEqual({ min: 1, max: 2 })
    expect(a.hexes.length).toBe(18)
    const by = Object.fromEntries(a.targets.map((t) => [t.target, t]))
    expect(by.screen).toMatchObject({ distance: 1, inRange: true, clear: true, possible: true })
    expect(by.behind).toMatchObject({ distance: 2, inRange: true, clear: false, possible: false })
    expect(by.behind!.blockedBy.map(label)).toEqual(['F8'])
    expect(by.far).toMatchObject({ inRange: false, possible: false })
    // The engine agrees.
    const problems = checkOrders(setup, s, { phase: 'marineAttacks', scuttle: [], uncommit: [], targets: [{ target: 'behind', attacks: [{ from: { ship: 'archer' }, kind: 'archery', ifEmpty: 'capture' }] }] })
    expect(problems[0]).toMatch(/no line of sight.*F8/)
    expect(checkOrders(setup, s, { phase: 'marineAttacks', scuttle: [], uncommit: [], targets: [{ target: 'screen', attacks: [{ from: { ship: 'archer' }, kind: 'archery', ifEmpty: 'capture' }] }] })).toEqual([])
  })

  it('seed 002 §8.2–8.3: boarding reaches an adjacent hex; marines on land only shoot at adjacent ships', () => {
    const setup = battle([galley('b', 'a', hex('F9'), 1, { marines: 2 }), galley('t', 'b', hex('F8'), 1), galley('u', 'b', hex('D9'), 1)], {
      land: [hex('E9')],
      landMarines: [{ side: 'a', at: hex('E9'), points: 2 }]
    })
    const s = advanceTo(setup, atMove(setup, 3), 'marineAttacks')
    const board = attackReach(setup, s, { kind: 'board', from: { ship: 'b' } })
    expect(board.range).toEqual({ min: 1, max: 1 })
    expect(board.targets.filter((t) => t.possible).map((t) => t.target)).toEqual(['t'])
    expect(attackReach(setup, s, { kind: 'board', from: { hex: hex('E9') } }).reason).toMatch(/on land may only shoot/)
    expect(attackReach(setup, s, { kind: 'archery', from: { hex: hex('E9') } }).range).toEqual({ min: 1, max: 1 })
  })

  it('seed 002 §9.2–9.3: ballista 1–3 and catapult 3–5 with line of sight; lost when crippled', () => {
    const setup = battle([
      galley('gun', 'a', hex('F12'), 1, { ballista: 'spear', catapult: true }),
      galley('t3', 'b', hex('F9'), 1),
      galley('t5', 'b', hex('F7'), 1)
    ])
    const s = advanceTo(setup, atMove(setup, 3), 'otherAttacks')
    const b = attackReach(setup, s, { kind: 'ballista', ship: 'gun' })
    expect(b.range).toEqual({ min: 1, max: 3 })
    expect(b.targets.find((t) => t.target === 't3')).toMatchObject({ distance: 3, possible: true })
    const c = attackReach(setup, s, { kind: 'catapult', ship: 'gun' })
    expect(c.range).toEqual({ min: 3, max: 5 })
    expect(c.targets.find((t) => t.target === 't5')).toMatchObject({ distance: 5, clear: false, blockedBy: [hex('F9')] })
    const crippled = { ...s, ships: { ...s.ships, gun: { ...s.ships.gun!, crippled: true } } }
    expect(attackReach(setup, crippled, { kind: 'catapult', ship: 'gun' }).reason).toMatch(/crippled/)
  })
})
