import { describe, expect, it } from 'vitest'
import { trainedFighters } from '../../src/shared/highseas/calc'
import { checkOrders, currentStats, grappleNeed, IllegalOrders, resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import type { BattleState } from '../../src/shared/highseas/types'
import { faces, o, range, setup, ship, step, turn, withState } from './highseas-helpers'

const duel = () => setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B')], { range: 'close' })
const bd = (target: string, x = {}) => ({ tactic: 'bearDown' as const, target, ...x })
const lock = (s: BattleState, melee = false) => {
  s.participants.a!.grappledWith = ['b']
  s.participants.b!.grappledWith = ['a']
  if (melee) {
    s.participants.a!.meleeWith = ['b']
    s.participants.b!.meleeWith = ['a']
  }
}
/** Pirate crews: every man a Trained Fighter, so squads = crew / 6. */
const crews = (a: number, b: number, ax = {}, bx = {}) =>
  setup([ship('a', 'corsair', 'A', { crew: a, crewKind: 'pirate', ...ax }), ship('b', 'merchantman', 'B', { crew: b, crewKind: 'pirate', ...bx })], { range: 'close' })

describe('grappling (seed 003 V)', () => {
  it('seed 003 V: grappling needs 8+ when smaller, 6+ same size, 4+ larger', () => {
    expect(grappleNeed(1, 3)).toEqual({ needs: 8, chance: 0.3 })
    expect(grappleNeed(2, 2)).toEqual({ needs: 6, chance: 0.5 })
    expect(grappleNeed(4, 1)).toEqual({ needs: 4, chance: 0.7 })
  })
  it('seed 003 V: at Close a d10 against the table grapples; grappled ships stay at Close and do not move', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: bd('b', { grapple: 'b' }), b: bd('a') }, [8])
    expect(r.state.participants.a!.grappledWith).toEqual(['b'])
    expect(r.state.participants.b!.grappledWith).toEqual(['a'])
    const r2 = step(su, r.state, { a: { tactic: 'circle' }, b: { tactic: 'evade' } }, [])
    expect(range(r2.state, 'a', 'b')).toBe(0)
  })
  it('seed 003 V: a failed grapple leaves the grappler open to grapeshot (noted)', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: bd('b', { grapple: 'b' }), b: bd('a') }, [7])
    expect(r.state.participants.a!.grappledWith).toEqual([])
    expect(r.report.events.find((e) => e.kind === 'grappleFail')!.text).toMatch(/grapeshot/)
  })
  it('seed 003 V: grappling is only at Close', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B')], { range: 'long' })
    const r = step(su, startBattle(su), { a: bd('b', { grapple: 'b' }), b: { tactic: 'circle' } }, [5, 5, 5, 5, 5, 5])
    expect(r.report.events.some((e) => e.kind === 'grappleOutOfRange')).toBe(true)
  })
  it('seed 003 V: a grappled ship may only fire into the enemy hull', () => {
    const su = duel()
    const st = withState(su, (s) => lock(s))
    const r = step(su, st, { a: { tactic: 'circle', fire: [{ battery: 'port', target: 'b', aim: 'rigging' }] }, b: { tactic: 'circle' } }, [9, 9, 5, 5])
    expect(r.state.participants.b!.riggingDamage).toBe(0)
    expect(r.state.participants.b!.hullDamage).toBe(8)
    expect(checkOrders(su, st, 'a', o({ fire: [{ battery: 'port', target: 'b', aim: 'rigging' }] })).notes.join()).toMatch(/only into the enemy hull/)
  })
})

describe('boarding (seed 003 V, quick combat)', () => {
  it('seed 003 V: Trained Fighters — merchant ¼, naval and privateer ⅓, Avalon ½, pirate and Vesten all, plus marines and officers', () => {
    const base = { kind: 'ship' as const, nation: '', crew: 120, marines: 0, officers: 0 }
    expect(trainedFighters({ ...base, crewKind: 'merchant' })).toBe(30)
    expect(trainedFighters({ ...base, crewKind: 'naval' })).toBe(40)
    expect(trainedFighters({ ...base, crewKind: 'privateer' })).toBe(40)
    expect(trainedFighters({ ...base, crewKind: 'merchant', nation: 'Avalon' })).toBe(60)
    expect(trainedFighters({ ...base, crewKind: 'merchant', nation: 'Vesten' })).toBe(120)
    expect(trainedFighters({ ...base, crewKind: 'pirate' })).toBe(120)
    expect(trainedFighters({ ...base, crewKind: 'merchant', marines: 20, officers: 4 })).toBe(24 + 24)
    expect(trainedFighters({ ...base, kind: 'fort', crewKind: 'merchant' })).toBe(120)
  })
  it('seed 003 V: Brute Squads = Trained Fighters / 6, shown in the stats', () => {
    const su = duel()
    expect(currentStats(su, startBattle(su), 'b').squads).toBe(6) // 160 / 4 = 40 → 6
    expect(currentStats(su, startBattle(su), 'a').squads).toBe(4) // 100 / 4 = 25 → 4
  })
  it('seed 003 V quick combat: each side rolls a die per squad; each 9-10 kills an enemy squad; a side left with none strikes', () => {
    const su = crews(18, 12)
    const st = withState(su, (s) => lock(s))
    const r = step(su, st, { a: { tactic: 'circle', board: 'b' }, b: { tactic: 'circle' } }, [9, 10, 1, 9, 1])
    expect(r.state.participants.b!.status).toBe('struck')
    expect(r.state.participants.b!.capturedBy).toBe('A')
    expect(r.state.participants.a!.crew).toBe(12)
    expect(r.state.participants.a!.fightersLost).toBe(6)
    expect(r.state.outcome).toBe('decided')
    const ev = r.report.events.find((e) => e.kind === 'melee')!
    expect(ev.rolls.map((x) => x.notation)).toEqual(['3d10', '2d10'])
    expect(r.report.events.find((e) => e.kind === 'board')!.text).toMatch(/Threat 2/)
  })
  it('seed 003 V quick combat: with Over the Side the leader kills on 8+', () => {
    const su = crews(18, 18, { captain: { name: 'Roger', wits: 2, tactics: 1, strategy: 1, overTheSide: true } })
    const st = withState(su, (s) => lock(s))
    const r = step(su, st, { a: { tactic: 'circle', board: 'b' }, b: { tactic: 'circle' } }, [8, 8, 1, 1, 1, 1])
    expect(r.state.participants.b!.fightersLost).toBe(12)
  })
  it('seed 003 V: a crew outnumbered three to one in Trained Fighters after the kills surrenders', () => {
    const su = crews(36, 18)
    const st = withState(su, (s) => lock(s))
    const r = step(su, st, { a: { tactic: 'circle', board: 'b' }, b: { tactic: 'circle' } }, [9, 1, 1, 1, 1, 1, 1, 1, 1])
    expect(r.state.participants.b!.status).toBe('struck')
  })
  it('seed 003 V: pont guns fire once before the melee (the first round only)', () => {
    const su = crews(18, 18, { pontGuns: { port: 2, starboard: 1 } })
    const st = withState(su, (s) => lock(s))
    const r = step(su, st, { a: { tactic: 'circle', board: 'b' }, b: { tactic: 'circle' } }, [1, 1, 1, 1, 1, 1, 1, 1])
    expect(r.report.events.find((e) => e.kind === 'melee')!.rolls.map((x) => x.notation)).toEqual(['5d10', '3d10'])
    const r2 = step(su, r.state, { a: { tactic: 'circle' }, b: { tactic: 'circle' } }, [1, 1, 1, 1, 1, 1])
    expect(r2.report.events.find((e) => e.kind === 'melee')!.rolls.map((x) => x.notation)).toEqual(['3d10', '3d10'])
  })
  it('seed 003 V: boarding needs the ships grappled', () => {
    const su = duel()
    expect(checkOrders(su, startBattle(su), 'a', o({ board: 'b' })).problems[0]).toMatch(/grappled/)
    expect(checkOrders(su, startBattle(su), 'a', o({ grapple: 'b', board: 'b' })).problems).toEqual([])
  })
  it('seed 003 V: a melee the GM settled off the board: the loser strikes to the winner', () => {
    const su = duel()
    const st = withState(su, (s) => lock(s, true))
    const r = resolveTurn(su, st, turn({ a: { tactic: 'circle' }, b: { tactic: 'circle' } }, { melee: [{ a: 'a', b: 'b', winner: 'b', crewLost: { a: 30, b: 12 } }] }), faces())
    expect(r.state.participants.a!.status).toBe('struck')
    expect(r.state.participants.a!.capturedBy).toBe('B')
    expect(r.state.participants.a!.crew).toBe(70)
    expect(r.state.participants.b!.crew).toBe(148)
  })
  it('seed 003 V: once the melee is over the ships may be cut free (in one turn), not before', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'merchantman', 'B')], { range: 'close' })
    const st = withState(su, (s) => lock(s, true))
    expect(checkOrders(su, st, 'a', o({ cutFree: 'b' })).problems[0]).toMatch(/melee is over/)
    const st2 = withState(su, (s) => lock(s))
    const r = step(su, st2, { a: { tactic: 'circle', circleAgainst: ['b'], cutFree: 'b' }, b: { tactic: 'circle', circleAgainst: ['a'] }, c: { tactic: 'circle', circleAgainst: ['a'] } }, [])
    expect(r.state.participants.a!.grappledWith).toEqual([])
    expect(r.state.participants.b!.grappledWith).toEqual([])
  })
  it('seed 003 VI heroic Cut the Sails: success crushes two enemy squads, failure one of each side', () => {
    const su = crews(36, 36)
    const st = withState(su, (s) => lock(s, true))
    const ok = resolveTurn(su, st, turn({ a: { tactic: 'circle' }, b: { tactic: 'circle' } }, { heroic: [{ participant: 'a', hero: 'Anne', action: 'cutRigging', success: true }] }), faces(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
    expect(ok.state.participants.b!.fightersLost).toBe(12)
    expect(ok.state.participants.a!.fightersLost).toBe(0)
    const ko = resolveTurn(su, st, turn({ a: { tactic: 'circle' }, b: { tactic: 'circle' } }, { heroic: [{ participant: 'a', hero: 'Anne', action: 'cutRigging', success: false }] }), faces(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1))
    expect(ko.state.participants.b!.fightersLost).toBe(6)
    expect(ko.state.participants.a!.fightersLost).toBe(6)
    expect(() => resolveTurn(su, startBattle(su), turn({}, { heroic: [{ participant: 'a', hero: 'Anne', action: 'cutRigging' }] }), faces())).toThrow(IllegalOrders)
  })
  it('seed 003 VI heroic Ungrapple: the enemy fails her one regrapple (d10 by the size table): the ships drift to Short, the boarders fight on', () => {
    const su = crews(36, 36)
    const st = withState(su, (s) => lock(s, true))
    // b (a Merchantman, larger than the Corsair) regrapples on 4+: she rolls 3; then the melee goes on (6 dice a side).
    const r = resolveTurn(su, st, turn({ a: { tactic: 'circle' }, b: { tactic: 'circle' } }, { heroic: [{ participant: 'a', hero: 'Anne', action: 'ungrapple' }] }), faces(3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5))
    expect(range(r.state, 'a', 'b')).toBe(1)
    expect(r.state.participants.a!.grappledWith).toEqual([])
    expect(r.state.participants.b!.grappledWith).toEqual([])
    expect(r.state.participants.b!.meleeWith).toEqual(['a'])
    expect(r.report.events.find((e) => e.kind === 'regrappleFail')!.rolls[0]!.purpose).toMatch(/regrapple/)
    expect(r.report.events.some((e) => e.kind === 'melee')).toBe(true)
  })
  it('seed 003 VI heroic Ungrapple: "the enemy ship may make one attempt to regrapple" — a success holds the ships at Close', () => {
    const su = crews(36, 36)
    const st = withState(su, (s) => lock(s, true))
    const r = resolveTurn(su, st, turn({ a: { tactic: 'circle' }, b: { tactic: 'circle' } }, { heroic: [{ participant: 'a', hero: 'Anne', action: 'ungrapple' }] }), faces(4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5))
    expect(range(r.state, 'a', 'b')).toBe(0)
    expect(r.state.participants.a!.grappledWith).toEqual(['b'])
    expect(r.report.events.some((e) => e.kind === 'regrapple')).toBe(true)
    // The GM may say the enemy does not try: no roll, the ships drift apart.
    const no = resolveTurn(su, st, turn({ a: { tactic: 'circle' }, b: { tactic: 'circle' } }, { heroic: [{ participant: 'a', hero: 'Anne', action: 'ungrapple', regrapple: false }] }), faces(5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5))
    expect(range(no.state, 'a', 'b')).toBe(1)
    expect(no.report.events.some((e) => e.kind === 'regrapple' || e.kind === 'regrappleFail')).toBe(false)
  })
  it('seed 003 V: striking the colours — captured by the side of the nearest enemy', () => {
    const su = duel()
    const r = step(su, startBattle(su), { a: { tactic: 'circle', strike: true }, b: { tactic: 'circle' } }, [])
    expect(r.state.participants.a!.status).toBe('struck')
    expect(r.state.participants.a!.capturedBy).toBe('B')
    expect(r.state.winner).toBe('B')
  })
  it('seed 003 V: ships in a boarding melee are shot at with −15 TN and the damage is split between them', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B'), ship('c', 'smallWarship', 'A')], { range: 'close' })
    const st = withState(su, (s) => lock(s, true))
    const r = resolveTurn(
      su,
      st,
      turn({ a: { tactic: 'circle' }, b: { tactic: 'circle' }, c: { tactic: 'circle', circleAgainst: ['b'], fire: [{ battery: 'port', target: 'b' }] } }),
      faces(/* melee a 4 squads, b 6 */ 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, /* c's hit: TN 10 − 5 + 5 − 15 = −5 */ 1, 2, /* 2k2 */ 5, 5)
    )
    const hit = r.report.events.find((e) => e.kind === 'hit')!
    expect(hit.terms).toContainEqual({ label: 'target locked in a boarding melee', value: -15 })
    // 16 guns: ceil(1.6 × 10) = 16, split 8 / 8.
    expect(r.state.participants.b!.hullDamage).toBe(8)
    expect(r.state.participants.a!.hullDamage).toBe(8)
  })
})
