/**
 * Battle rules checked against seed 003 IV–VI (issue 13, points 1–6 and 9): each test names the
 * section it checks and fails on the engine as it was before the fix.
 */
import { describe, expect, it } from 'vitest'
import { aiOrders } from '../../src/shared/highseas/ai'
import { outnumbered } from '../../src/shared/highseas/calc'
import { resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { generateShip } from '../../src/shared/highseas/generate'
import { GeneratedShip } from '../../src/shared/commands/battles'
import { DEFAULT_SHIP_RULES } from '../../src/shared/ship/quote'
import type { BattleState } from '../../src/shared/highseas/types'
import { faces, range, setup, ship, step, texts, turn, withState } from './highseas-helpers'

const captain = { name: 'Anne', wits: 2, tactics: 1, strategy: 1, overTheSide: false }
const lock = (s: BattleState, a = 'a', b = 'b', melee = false) => {
  s.participants[a]!.grappledWith.push(b)
  s.participants[b]!.grappledWith.push(a)
  if (melee) {
    s.participants[a]!.meleeWith.push(b)
    s.participants[b]!.meleeWith.push(a)
  }
}
/** Pirate crews: every man a Trained Fighter. */
const crews = (a: number, b: number, ax = {}, bx = {}) =>
  setup([ship('a', 'corsair', 'A', { crew: a, crewKind: 'pirate', ...ax }), ship('b', 'merchantman', 'B', { crew: b, crewKind: 'pirate', ...bx })], { range: 'close' })

describe('seed 003 IV Brilliant Maneuver and V Grappling', () => {
  it('seed 003 IV Brilliant Maneuver: the winner’s free raise (+5) counts on her grapple roll against that opponent', () => {
    // a (Corsair, smaller) needs 8+ to grapple the Merchantman; her captain wins the Brilliant Maneuver (b has none).
    const su = setup([ship('a', 'corsair', 'A', { captain }), ship('b', 'merchantman', 'B')], { range: 'close' })
    const orders = { a: { tactic: 'bearDown' as const, target: 'b', grapple: 'b', brilliantManeuver: true }, b: { tactic: 'bearDown' as const, target: 'a' } }
    const r = step(su, startBattle(su), orders, [/* 3k2 */ 5, 5, 5, /* grapnels */ 3])
    expect(r.state.participants.a!.grappledWith).toEqual(['b'])
    const ev = r.report.events.find((e) => e.kind === 'grapple')!
    expect(ev.text).toMatch(/3 \+ 5 free raise = 8, needs 8\+/)
    expect(ev.terms).toContainEqual({ label: 'free raise (Brilliant Maneuver)', value: 5 })
    // Without the maneuver the same 3 fails.
    const r2 = step(su, startBattle(su), { ...orders, a: { ...orders.a, brilliantManeuver: false } }, [3])
    expect(r2.state.participants.a!.grappledWith).toEqual([])
  })
})

describe('seed 003 V surrender: Trained Fighters outnumbered three to one', () => {
  it('seed 003 V: 58 fighters against 20 (2.9 : 1) is no surrender, though the squads are 9 against 3', () => {
    const su = crews(58, 20)
    const st = withState(su, (s) => lock(s, 'a', 'b', true))
    const r = step(su, st, { a: { tactic: 'circle' }, b: { tactic: 'circle' } }, [1, 1, 1, 1, 1, 1, 1, 1, 1, /* b */ 1, 1, 1])
    expect(r.state.participants.b!.status).toBe('active')
    expect(r.state.participants.a!.meleeWith).toEqual(['b'])
    expect(outnumbered(20, 58)).toBe(false)
    expect(outnumbered(20, 60)).toBe(true)
  })
  it('seed 003 V: "during any turn" — a crew outnumbered 3 : 1 at the start of the melee turn strikes before a die is rolled', () => {
    const su = crews(60, 20)
    const st = withState(su, (s) => lock(s, 'a', 'b', true))
    // No faces given: any roll would be a NeedsDice error.
    const r = step(su, st, { a: { tactic: 'circle' }, b: { tactic: 'circle' } }, [])
    expect(r.state.participants.b!.status).toBe('struck')
    expect(r.state.participants.b!.capturedBy).toBe('A')
    expect(r.report.events.find((e) => e.kind === 'surrender')!.text).toMatch(/\(20\).*outnumbered 3 to 1.*\(60\).*start of the melee turn/)
  })
  it('seed 003 V: the AI’s striking rule asks the same question (a crew with no fighters left against any strikes)', () => {
    const mk = (mine: number, theirs: number) => {
      const su = setup(
        [
          ship('a', 'corsair', 'A', { crew: theirs, crewKind: 'pirate', control: 'ai', behaviour: 'corsair' }),
          ship('b', 'merchantman', 'B', { crew: mine, control: 'ai', behaviour: 'merchant', crewKind: 'merchant' })
        ],
        { range: 'close' }
      )
      return aiOrders(su, withState(su, (s) => lock(s)), 'b').strike
    }
    // Merchant crews: a quarter fight. 80 → 20 against 60: strikes; 84 → 21: does not.
    expect(mk(80, 60)).toBe(outnumbered(20, 60))
    expect(mk(80, 60)).toBe(true)
    expect(mk(84, 60)).toBe(false)
    // 3 hands → no fighter against 2 pirates: outnumbered (the old rule needed three).
    expect(mk(3, 2)).toBe(true)
  })
})

describe('seed 003 I drafts of encounter ships', () => {
  it('seed 003 I: Corsairs and Small Warships (except Frigates) generated for an encounter have shallow drafts', () => {
    const at = { id: 'gen-1', side: 'X', control: 'ai' as const }
    const draft = (g: Parameters<typeof GeneratedShip.parse>[0]) => generateShip(GeneratedShip.parse(g), at, DEFAULT_SHIP_RULES).participant.shallowDraft
    expect(draft({ hull: 'corsair', armament: 'heavy', crewKind: 'pirate' })).toBe(true)
    expect(draft({ hull: 'smallWarship', armament: 'heavy', crewKind: 'naval' })).toBe(true)
    expect(draft({ hull: 'smallWarship', frigate: true, armament: 'light', crewKind: 'naval' })).toBe(false)
    expect(draft({ hull: 'merchantman', armament: 'light' })).toBe(false)
    expect(draft({ hull: 'largeWarship', armament: 'light' })).toBe(false)
  })
})

describe('seed 003 V grapples to a ship out of the fight', () => {
  it('seed 003 V: when a grappled ship strikes, every grapple to her is cut and her captor may move', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B')], { range: 'close' })
    const st = withState(su, (s) => lock(s))
    const r = step(su, st, { a: { tactic: 'circle', circleAgainst: ['c'] }, b: { tactic: 'circle', strike: true }, c: { tactic: 'circle' } }, [5, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    expect(r.state.participants.b!.status).toBe('struck')
    expect(r.state.participants.b!.takenBy).toBe('a')
    expect(r.state.participants.a!.grappledWith).toEqual([])
    expect(r.state.participants.b!.grappledWith).toEqual([])
    const r2 = step(su, r.state, { a: { tactic: 'evade' }, c: { tactic: 'circle' } }, [])
    expect(range(r2.state, 'a', 'c')).toBe(1)
  })
  it('seed 003 V: when a grappled ship goes down, every grapple to her is cut', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B')], { range: 'close' })
    const st = withState(su, (s) => {
      lock(s)
      s.participants.b!.status = 'sinking'
      s.participants.b!.sinkingIn = 1
      s.participants.b!.hullDamage = su.participants[1]!.hullPoints
    })
    const r = step(su, st, { a: { tactic: 'circle', circleAgainst: ['c'] }, c: { tactic: 'circle' } }, [5, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    expect(r.state.participants.b!.status).toBe('sunk')
    expect(r.state.participants.a!.grappledWith).toEqual([])
    expect(r.report.events.some((e) => e.kind === 'grapplesCut')).toBe(true)
  })
  it('seed 003 IV EVASION: ships that escape leave no grapple behind', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B')], { range: 'close' })
    const st = withState(su, (s) => lock(s))
    const r = step(su, st, { a: { tactic: 'evade' }, b: { tactic: 'evade' } }, [])
    expect(r.state.outcome).toBe('allEscaped')
    expect(r.state.participants.a!.grappledWith).toEqual([])
  })
})

describe('seed 003 VI Large Battles rule 3: out of sight of every other ship', () => {
  const three = () => setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B')], { range: 'extreme', ranges: { 'b|c': 'close' } })
  it('seed 003 VI Large Battles 3: a ship out of sight of every other ship leaves at the end of the turn — "lost contact" if she did not evade', () => {
    const su = three()
    const st = withState(su, (s) => {
      s.ranges['a|b'] = 6
      s.ranges['a|c'] = 6
    })
    const r = step(su, st, { a: { tactic: 'circle' }, b: { tactic: 'circle' }, c: { tactic: 'circle' } }, [])
    expect(r.state.participants.a!.status).toBe('lostContact')
    expect(r.state.outcome).toBe('decided')
    expect(r.state.winner).toBe('B')
    expect(texts(r)).toMatch(/lost contact/)
    const e = step(su, st, { a: { tactic: 'evade' }, b: { tactic: 'circle' }, c: { tactic: 'circle' } }, [])
    expect(e.state.participants.a!.status).toBe('escaped')
  })
  it('seed 003 VI Large Battles 3: a ship that still sees another stays, even with every enemy out of sight', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('d', 'corsair', 'A'), ship('b', 'merchantman', 'B')], { range: 'extreme', ranges: { 'a|d': 'close' } })
    const st = withState(su, (s) => (s.ranges['a|b'] = 6))
    const r = step(su, st, { a: { tactic: 'circle' }, d: { tactic: 'circle', circleAgainst: ['b'] }, b: { tactic: 'circle' } }, [5, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    expect(r.state.participants.a!.status).toBe('active')
  })
  it('seed 003 III/VI: an AI corsair that has recognised a warship keeps evading her beyond recognition range (no flip back to Bear Down)', () => {
    const su = setup(
      [
        ship('c', 'corsair', 'P', { crewKind: 'pirate', behaviour: 'corsair', control: 'ai' }),
        ship('w', 'smallWarship', 'N', { crewKind: 'naval', behaviour: 'patrol', control: 'ai' })
      ],
      { range: 'extreme' }
    )
    const unseen = startBattle(su) // Extreme: not yet recognised (clear weather: Far)
    expect(aiOrders(su, unseen, 'c').tactic).toBe('bearDown')
    const seen = withState(su, (s) => {
      s.participants.c!.recognised = ['w']
      s.participants.w!.recognised = ['c']
    })
    expect(aiOrders(su, seen, 'c').tactic).toBe('evade')
    // The engine remembers: within Far the two recognise each other, and it stays so.
    const r = resolveTurn(su, withState(su, (s) => (s.ranges['c|w'] = 4)), turn({ c: { tactic: 'circle' }, w: { tactic: 'circle' } }), faces(5, 5, 5, 5, 5, 5, 5, 5, 5, 5))
    expect(r.state.participants.c!.recognised).toEqual(['w'])
  })
  it('seed 003 VI Large Battles 3: the AI catches up with an enemy out of sight (when it wants the fight) through a ship that sees both', () => {
    const su = setup(
      [
        ship('w', 'smallWarship', 'N', { crewKind: 'naval', behaviour: 'warship', control: 'ai' }),
        ship('f', 'smallWarship', 'N', { crewKind: 'naval', behaviour: 'warship', control: 'ai' }),
        ship('p', 'corsair', 'P', { crewKind: 'pirate', behaviour: 'corsair', control: 'ai' }),
        ship('m', 'merchantman', 'M', { crewKind: 'merchant', behaviour: 'merchant', control: 'ai' })
      ],
      { range: 'medium' }
    )
    const st = withState(su, (s) => {
      s.ranges['p|w'] = 6
      s.ranges['m|w'] = 6
      s.ranges['f|m'] = 6
    })
    expect(aiOrders(su, st, 'w').catchUp).toBe('p')
    const merchant = setup([ship('m1', 'merchantman', 'M', { behaviour: 'merchant', control: 'ai' }), ship('m2', 'merchantman', 'M', { behaviour: 'merchant', control: 'ai' }), ship('p', 'corsair', 'P', { behaviour: 'corsair', control: 'ai' })], {
      range: 'medium'
    })
    expect(aiOrders(merchant, withState(merchant, (s) => (s.ranges['m1|p'] = 6)), 'm1').catchUp).toBeUndefined()
  })
})

describe('seed 003 IV chase mishap 9-10: clearing a dragging anchor', () => {
  const dragging = () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B')], { range: 'medium' })
    return { su, st: withState(su, (s) => (s.participants.b!.anchorDragging = true)) }
  }
  const both = (b: object) => ({ a: { tactic: 'circle' as const }, b: { tactic: 'circle' as const, ...b } })
  it('seed 003 IV mishap 9-10: clearing the anchor is a Finesse + Climbing roll, TN 15 — a failure drops the hand into the sea and the anchor still drags', () => {
    const { su, st } = dragging()
    const r = step(su, st, both({ clearAnchor: true }), [/* 3k2 */ 5, 5, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    expect(r.state.participants.b!.anchorDragging).toBe(true)
    const ev = r.report.events.find((e) => e.kind === 'anchorFall')!
    expect(ev.prompt).toMatch(/drowning/)
    expect(ev.rolls[0]!.notation).toBe('3k2')
  })
  it('seed 003 IV mishap 9-10: down safely, the hand cuts the anchor loose — or secures it with Finesse + Knotwork, TN 15', () => {
    const { su, st } = dragging()
    const cut = step(su, st, both({ clearAnchor: true }), [9, 9, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    expect(cut.state.participants.b!.anchorDragging).toBe(false)
    expect(texts(cut)).toMatch(/cuts the dragging anchor loose/)
    const knotFails = step(su, st, both({ clearAnchor: true, anchorBy: 'secure' }), [9, 9, 1, /* knot 3k2 */ 5, 4, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    expect(knotFails.state.participants.b!.anchorDragging).toBe(true)
    const knot = step(su, st, both({ clearAnchor: true, anchorBy: 'secure' }), [9, 9, 1, 8, 7, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    expect(knot.state.participants.b!.anchorDragging).toBe(false)
    expect(texts(knot)).toMatch(/secures the anchor/)
    // A named hand's numbers count (Finesse 3, Climbing 2 → 5k3).
    const su2 = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B', { anchorHand: { finesse: 3, climbing: 2, knotwork: 0 } })], { range: 'medium' })
    const r = step(su2, withState(su2, (s) => (s.participants.b!.anchorDragging = true)), both({ clearAnchor: true }), [5, 5, 5, 1, 1, 5, 5, 5, 5, 5, 5, 5, 5, 5])
    expect(r.report.events.find((e) => e.kind === 'anchor')!.rolls[0]!.notation).toBe('5k3')
  })
})

describe('seed 003 V quick combat: the log and the marines', () => {
  it('seed 003 V quick combat: the log says "kills N squads" only up to the squads there were', () => {
    // 36 against 14 (6 squads against 2): no surrender at the start; six kills on two squads kill two.
    const su = crews(36, 14)
    const st = withState(su, (s) => lock(s, 'a', 'b', true))
    const r = step(su, st, { a: { tactic: 'circle' }, b: { tactic: 'circle' } }, [9, 9, 9, 9, 9, 9, /* b */ 1, 1])
    const ev = r.report.events.find((e) => e.kind === 'melee')!
    expect(ev.text).toMatch(/kills 2 squads/)
    expect(ev.terms).toContainEqual({ label: 'Heavy Corsair a dice showing a kill', value: 6 })
  })
  it('seed 003 V: marines lost in a melee come off the ship’s marines (their share of her Trained Fighters)', () => {
    // b: 24 merchant hands of whom 12 marines → 3 + 12 = 15 fighters... use pirates: 36 fighters, 18 marines.
    const su = crews(36, 36, {}, { marines: 18 })
    const st = withState(su, (s) => lock(s, 'a', 'b', true))
    const r = step(su, st, { a: { tactic: 'circle' }, b: { tactic: 'circle' } }, [9, 9, 1, 1, 1, 1, /* b */ 1, 1, 1, 1, 1, 1])
    expect(r.state.participants.b!.fightersLost).toBe(12)
    expect(r.state.participants.b!.marines).toBe(12)
  })
})
