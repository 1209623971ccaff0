import { describe, expect, it } from 'vitest'
import { attack, repair } from '../../src/shared/atrilia/calc'
import { checkOrders, checkSetup, resolveStep, startBattle } from '../../src/shared/atrilia/engine'
import { alZabdiyat } from '../../src/shared/atrilia/preset'
import { shipProfile } from '../../src/shared/atrilia/profile'
import { ATRILIA_IMPROVEMENTS, ATRILIA_RULES, ATRILIA_SHIPS, CREW_QUALITY_NAMES, crewQualityName } from '../../src/shared/atrilia/tables'
import { AtriliaSetup, type AtriliaState } from '../../src/shared/atrilia/types'
import { advanceTo, atMove, battle, faces, galley, hex, step } from './atrilia-helpers'

const X = hex('F9')

describe('seed 002 §10 repair', () => {
  it('seed 002 Naval Repair Tables: die + size; On Fire 1–5 sinking, 6 burning, 7+ extinguished; Sinking 1–5 sinks, 6 still sinking, 7+ repaired', () => {
    const fire = [1, 2, 3, 4, 5, 6, 7, 8].map((t) => repair({ table: 'fire', roll: t, size: 0 }).result)
    expect(fire).toEqual(['sinking', 'sinking', 'sinking', 'sinking', 'sinking', 'burning', 'extinguished', 'extinguished'])
    const sink = [1, 2, 3, 4, 5, 6, 7, 8].map((t) => repair({ table: 'sinking', roll: t, size: 0 }).result)
    expect(sink).toEqual(['sinks', 'sinks', 'sinks', 'sinks', 'sinks', 'sinking', 'repaired', 'repaired'])
    expect(repair({ table: 'sinking', roll: 4, size: 3 })).toEqual({ total: 7, result: 'repaired', breakdown: [{ label: 'die', value: 4 }, { label: 'ship size', value: 3 }] })
  })
  it('seed 002 §10.1–10.2: each ship on fire or sinking the phasing player controls rolls; "sinks" removes her with her marines; §5.9 her committed partner is uncommitted', () => {
    const setup = battle([galley('leaky', 'a', X, 1, { marines: 2 }), galley('burning', 'a', step(X, 1, 3), 1, { size: 1 }), galley('foe', 'b', step(X, 3), 1), galley('other', 'b', hex('A18'), 1)])
    const s0 = advanceTo(setup, atMove(setup, 1), 'repair')
    const s: AtriliaState = {
      ...s0,
      ships: {
        ...s0.ships,
        leaky: { ...s0.ships.leaky!, sinking: true, committedWith: ['foe'] },
        foe: { ...s0.ships.foe!, committedWith: ['leaky'], sinking: true },
        burning: { ...s0.ships.burning!, fire: true }
      }
    }
    const r = resolveStep(setup, s, { phase: 'repair', scuttle: [] }, faces(3, 4)) // leaky 3+2 = 5 sinks; burning 4+1 = 5 starts sinking
    expect([r.state.ships.leaky!.status, r.state.ships.leaky!.marines, r.state.ships.foe!.committedWith]).toEqual(['sunk', 0, []])
    expect([r.state.ships.burning!.fire, r.state.ships.burning!.sinking]).toEqual([false, true])
    expect(r.state.ships.foe!.sinking).toBe(true) // not hers to roll for: the Meshuesh roll in their repair phase
    expect(r.report.events.map((e) => e.result)).toEqual(['sinks', 'sinking'])
  })
  it('seed 002 §10: a fire that turns into sinking, then a repair that saves her (crippled)', () => {
    const setup = battle([galley('ship', 'a', X, 1, { size: 3 }), galley('foe', 'b', hex('A18'), 1)])
    const s0 = advanceTo(setup, atMove(setup, 1), 'repair')
    const onFire = { ...s0, ships: { ...s0.ships, ship: { ...s0.ships.ship!, fire: true } } }
    const a = resolveStep(setup, onFire, { phase: 'repair', scuttle: [] }, faces(1)).state // 4: starts sinking
    expect([a.ships.ship!.fire, a.ships.ship!.sinking]).toEqual([false, true])
    const next = advanceTo(setup, a, 'repair', 0, faces(1, 1))
    const b = resolveStep(setup, next, { phase: 'repair', scuttle: [] }, faces(4)).state // 7: repaired
    expect([b.ships.ship!.sinking, b.ships.ship!.crippled, b.ships.ship!.status]).toEqual([false, true, 'afloat'])
  })
})

describe('seed 002 §11 optional rules', () => {
  it('seed 002 §11.1: Gyptians +1 in boardings, Pheacians +1 to naval repair, Liburnians +1 to sea wizards, Haranese +1 to fire wizards', () => {
    expect(attack({ column: 'boarding', roll: 4, modifiers: { nation: 'gyptian' } })).toMatchObject({ total: 5, result: 'E' })
    expect(attack({ column: 'archery', roll: 5, modifiers: { nation: 'gyptian' } }).total).toBe(5)
    expect(attack({ column: 'seaWizards', roll: 4, modifiers: { nation: 'liburnian' } }).result).toBe('M')
    expect(attack({ column: 'fireWizards', roll: 5, modifiers: { nation: 'haranese' } }).result).toBe('F')
    expect(attack({ column: 'fireWizards', roll: 5, modifiers: { nation: 'liburnian' } }).result).toBe('-')
    expect(repair({ table: 'sinking', roll: 3, size: 3, nation: 'pheacian' })).toMatchObject({ total: 7, result: 'repaired' })
    expect(repair({ table: 'sinking', roll: 3, size: 3, nation: 'gyptian' }).total).toBe(6)
  })
  it('seed 002 §11.1 in a battle: the characteristic applies only when the option is on', () => {
    const ships = [galley('g', 'a', X, 1, { marines: 2 }), galley('t', 'b', step(X, 3), 1, { marines: 2 }), galley('o', 'b', hex('A18'), 1)]
    const sides = [
      { id: 'a', name: 'Gyptians', nation: 'gyptian' as const },
      { id: 'b', name: 'Meshuesh', nation: 'meshuesh' as const }
    ]
    const boardWith = (on: boolean) => {
      const setup = battle(ships, { sides, options: { nationalCharacteristics: on } })
      const s = advanceTo(setup, atMove(setup, 1), 'marineAttacks')
      return resolveStep(setup, s, { phase: 'marineAttacks', scuttle: [], targets: [{ target: 't', attacks: [{ from: { ship: 'g' }, kind: 'board', ifEmpty: 'capture' }] }], uncommit: [] }, faces(4)).report.events[0]!.result
    }
    expect(boardWith(true)).toBe('E')
    expect(boardWith(false)).toBe('-')
  })
  it('seed 002 §11.3.1 "Even start": the first turn’s movement roll of each side is the one chosen; later turns are rolled', () => {
    const setup = battle([galley('x', 'a', X, 1), galley('y', 'b', hex('A18'), 1)], { options: { evenStart: 4 } })
    const s = resolveStep(setup, startBattle(setup), { phase: 'roll', scuttle: [] }, faces()).state
    expect(s.roll).toBe(4)
    const b = advanceTo(setup, s, 'move', 1, faces())
    expect(b.roll).toBe(4)
    const t2 = advanceTo(setup, b, 'roll', 0, faces())
    expect(resolveStep(setup, t2, { phase: 'roll', scuttle: [] }, faces(6)).state.roll).toBe(6)
  })
  it('seed 002 §11.3.2 "Ambush!": none of the surprised side’s ships may move on the first turn', () => {
    const setup = battle([galley('x', 'a', X, 1), galley('y', 'b', hex('A18'), 1)], { options: { ambush: 'a' } })
    const s = resolveStep(setup, startBattle(setup), { phase: 'roll', scuttle: [] }, faces()).state
    expect(s.roll).toBeNull()
    expect(checkOrders(setup, s, { phase: 'move', scuttle: [], ships: [{ ship: 'x', steps: ['forward'], through: false }] })[0]).toMatch(/Ambush!/)
    const b = advanceTo(setup, s, 'roll', 1, faces())
    expect(resolveStep(setup, b, { phase: 'roll', scuttle: [] }, faces(2)).state.roll).toBe(2)
  })
  it('seed 002 §11.4: the four one-off victory conditions; none in a campaign game (the encounter runs its turns)', () => {
    const ships = [galley('x', 'a', X, 1, { marines: 2 }), galley('y', 'b', step(X, 3), 1, { marines: 1 }), galley('z', 'a', hex('F2'), 1)]
    const mk = (victory: unknown[]) => AtriliaSetup.parse({ ...battle(ships), options: { victory } })
    // Exit 1 ship off the north edge.
    const ex = mk([{ side: 'a', kind: 'exit', ships: 1, edge: 'north' }])
    const gone = resolveStep(ex, atMove(ex, 6), { phase: 'move', scuttle: [], ships: [{ ship: 'z', steps: ['forward', 'forward'], through: false }] }, faces()).state
    expect(gone.outcome?.winner).toBe('a')
    // Destroy all enemy marines: a B takes y's last point.
    const dm = mk([{ side: 'a', kind: 'destroyMarines' }])
    const s = advanceTo(dm, atMove(dm, 1), 'marineAttacks')
    const board = { phase: 'marineAttacks' as const, scuttle: [], targets: [{ target: 'y', attacks: [{ from: { ship: 'x' }, kind: 'board' as const, ifEmpty: 'capture' as const }] }], uncommit: [] }
    expect(resolveStep(dm, s, board, faces(6)).state.outcome?.winner).toBe('a')
    // Destroy or capture all enemy units: the B kills the marine; the next boarding takes the ship.
    const da = mk([{ side: 'a', kind: 'destroyAll' }])
    const s2 = advanceTo(da, atMove(da, 1), 'marineAttacks')
    const two = { ...board, targets: [{ target: 'y', attacks: [board.targets[0]!.attacks[0]!, board.targets[0]!.attacks[0]!] }] }
    const won = resolveStep(da, s2, two, faces(6, 6)).state
    expect(won.outcome).toEqual({ winner: 'a', reason: 'the Pheacians destroyed or captured every enemy unit' })
    const dl = mk([{ side: 'a', kind: 'destroyAllLosingAtMost', ships: 0 }])
    const lost = { ...advanceTo(dl, atMove(dl, 1), 'marineAttacks') }
    lost.ships = { ...lost.ships, z: { ...lost.ships.z!, status: 'sunk' } }
    expect(resolveStep(dl, lost, two, faces(6, 6)).state.outcome?.winner).toBeNull()
    // A campaign game: 20 turns, then over with no winner.
    const camp = battle([galley('x', 'a', hex('A1'), 4), galley('y', 'b', hex('L18'), 1)])
    let st = startBattle(camp)
    st = { ...st, turn: 20, player: 1, phase: 'repair' }
    const end = resolveStep(camp, st, { phase: 'repair', scuttle: [] }, faces()).state
    expect(end.outcome).toEqual({ winner: null, reason: 'the encounter’s 20 turns are over' })
    expect(ATRILIA_RULES.encounterTurns).toBe(20)
    const short = battle([galley('x', 'a', hex('A1'), 4), galley('y', 'b', hex('L18'), 1)], { turns: 3 })
    expect(resolveStep(short, { ...startBattle(short), turn: 3, player: 1, phase: 'repair' }, { phase: 'repair', scuttle: [] }, faces()).state.outcome?.reason).toMatch(/3 turns are over/)
  })
  it('seed 002 TABLES Naval Crew Quality: 0 crippled, 1 slave, 2 green, 3 veteran, 4 elite', () => {
    expect(CREW_QUALITY_NAMES).toEqual(['crippled', 'slave', 'green', 'veteran', 'elite'])
    expect(crewQualityName(3)).toBe('veteran')
  })
})

describe('seed 002 §2 ships and improvements', () => {
  it('seed 002 §2.1–2.4: prices, sizes, crews and holds; all galleys have rams, baghlas cannot; the improved baghla is size 1', () => {
    const by = Object.fromEntries(ATRILIA_SHIPS.map((s) => [s.key, s]))
    expect(by.pheacianLargeGalley).toMatchObject({ price: 15000, buildDays: 28, crew: 150, holdsMen: 150, size: 3, ram: 'included' })
    expect(by.gyptianLargeGalley).toMatchObject({ price: 12500, buildDays: 35, crew: 200, holdsMen: 100, size: 3 })
    expect(by.smallGalley).toMatchObject({ price: 7500, crew: 100, size: 2 })
    expect(by.liburnianGalley).toMatchObject({ price: 7500, crew: 50, holdsCargoTons: 30, holdsMen: 60, size: 1, speedKmh: { min: 5, max: 15 } })
    expect(by.baghla).toMatchObject({ price: 10000, size: 0, ram: 'never', improved: { price: 2500, size: 1, holdsCargoTons: 50, holdsMen: 120 } })
    expect(ATRILIA_SHIPS.filter((s) => s.kind === 'galley').every((s) => s.ram === 'included')).toBe(true)
    expect(ATRILIA_SHIPS.filter((s) => s.kind !== 'galley').every((s) => s.size === 0)).toBe(true)
    expect(by.kleshiteSmallPirogue).toMatchObject({ price: 5, buildDays: 3, crew: 4, holdsCargoTons: 0.25 })
    expect(ATRILIA_IMPROVEMENTS).toEqual({ corvus: 300, ballista: 600, catapult: 800, ramPerSize: 500, castlePerSize: 1000 })
  })
  it('seed 002 §2: size 0 ships are not used in naval battles; §5.12 and §7.4 hold at set-up', () => {
    expect(() => battle([galley('x', 'a', X, 1, { size: 0 }), galley('y', 'b', hex('A18'), 1)])).toThrow(/at least 1/)
    expect(checkSetup(battle([galley('x', 'a', X, 1), galley('y', 'b', X, 1)]))[0]).toMatch(/already holds X/)
    expect(checkSetup(battle([galley('x', 'a', X, 1, { size: 1, marines: 2 }), galley('y', 'b', hex('A18'), 1)]))[0]).toMatch(/holds at most 1 point/)
    expect(checkSetup(battle([galley('x', 'a', X, 1), galley('y', 'b', hex('A18'), 1)], { land: [X] }))[0]).toMatch(/F9 is land/)
  })
  it('seed 002 §12 and rules guide §3: "The first battle of al-Zabdiyat": Pheacian galleys against Meshuesh galleys of equal war-gaming size, the Pheacians first', () => {
    const setup = alZabdiyat()
    expect(setup.name).toBe('The first battle of al-Zabdiyat')
    expect(checkSetup(setup)).toEqual([])
    expect(setup.sides.map((s) => s.nation)).toEqual(['pheacian', 'meshuesh'])
    const size = (side: string) => setup.ships.filter((s) => s.side === side).reduce((n, s) => n + s.size, 0)
    expect(size('pheacians')).toBe(size('meshuesh'))
    const kinds = Object.fromEntries(ATRILIA_SHIPS.map((s) => [s.key, s]))
    for (const s of setup.ships) {
      expect(kinds[s.type]!.kind).toBe('galley')
      expect(kinds[s.type]!.size).toBe(s.size)
    }
    expect(setup.ships.filter((s) => s.side === 'meshuesh').every((s) => s.type !== 'pheacianLargeGalley')).toBe(true)
    expect(startBattle(setup).player).toBe(0)
  })
})

describe('seed 002 §4 turn sequence', () => {
  it('seed 002 §4: each player rolls, moves and rams, moves marines, makes marine attacks, other attacks, repairs; then his opponent; then the next turn', () => {
    const setup = battle([galley('x', 'a', X, 1, { marines: 2, crippled: true }), galley('y', 'b', hex('A18'), 1)])
    let s = startBattle(setup)
    const seen: string[] = []
    for (let i = 0; i < 13; i++) {
      seen.push(`${s.turn}${s.player === 0 ? 'a' : 'b'}:${s.phase}`)
      if (s.phase === 'move' && s.player === 0) expect(shipProfile(setup, s, 'x')).toMatchObject({ allowance: 5, crewQuality: 0, crewQualityName: 'crippled', marineLimit: 2, controlledBy: 'a' })
      s = resolveStep(setup, s, s.phase === 'roll' || s.phase === 'repair' ? { phase: s.phase, scuttle: [] } : s.phase === 'move' ? { phase: 'move', scuttle: [], ships: [] } : s.phase === 'marines' ? { phase: 'marines', scuttle: [], moves: [] } : s.phase === 'marineAttacks' ? { phase: 'marineAttacks', scuttle: [], targets: [], uncommit: [] } : { phase: 'otherAttacks', scuttle: [], attacks: [] }, faces(5, 5)).state
    }
    expect(seen).toEqual([
      '1a:roll', '1a:move', '1a:marines', '1a:marineAttacks', '1a:otherAttacks', '1a:repair',
      '1b:roll', '1b:move', '1b:marines', '1b:marineAttacks', '1b:otherAttacks', '1b:repair',
      '2a:roll'
    ])
  })
})
