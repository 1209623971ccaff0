import { describe, expect, it } from 'vitest'
import { ahead, bearing, inIrons, inIronsSector, measure, stickMove } from '../../src/shared/galleys/geometry'
import { GALLEYS_RULES } from '../../src/shared/galleys/tables'
import { battle, ship, start, turn, withShip } from './galleys-helpers'

const T = GALLEYS_RULES.table
const none = { captain: 0, rudder: 0, holed: false, rigging: 0, fires: 0 }

describe('Galleys & Galleons: traits, Knot and Splice, Superficial Damage, movement (seed 000; rules guide §4)', () => {
  it('seed 000 §Traits (Razee, Sweeps): lost after two rigging criticals; Razee sails a direction reduced to nothing that is not in irons', () => {
    const setup = battle([ship('x', 'a', 400, 500, { traits: [{ name: 'Razee' }, { name: 'Sweeps' }] }), ship('y', 'b', 800, 800)], { wind: { direction: 8, marker: null } })
    const one = withShip(start(setup), 'x', { criticals: { ...none, rigging: 1 } })
    // Short reduced to nothing; with Razee she moves Short.
    expect(() => turn(setup, one, [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'move', ship: 'x', stick: 'short' }], [1])).toThrow(/Short becomes nothing/)
    const r = turn(setup, one, [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'move', ship: 'x', stick: 'short', razee: true }], [1])
    expect(r.state.ships.x!.at.y).toBe(500 - T.short)
    // Two rigging hits on the table: the critical takes Razee and Sweeps away.
    const lost = turn(setup, one, [{ kind: 'damage', ship: 'x', cause: 'gunnery', hits: 0, criticals: 1 }], [1, 4, 2])
    expect(lost.state.ships.x!.lostTraits).toEqual(['Razee', 'Sweeps'])
    expect(() => turn(setup, { ...lost.state, index: 0 }, [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'move', ship: 'x', stick: 'short', razee: true }], [1])).toThrow(/cannot use Razee/)
  })

  it('seed 000 §Traits (Mutiny): hits from a Mutiny — a die, 1–2 a Captain Hit critical instead, unless already taken', () => {
    const setup = battle([ship('x', 'a', 100, 100), ship('y', 'b', 800, 800)])
    const a = turn(setup, start(setup), [{ kind: 'damage', ship: 'x', cause: 'smallArms', hits: 2, mutiny: true }], [1, 2])
    expect(a.state.ships.x).toMatchObject({ hits: 0, quality: 4, criticals: { captain: 1 } })
    const b = turn(setup, start(setup), [{ kind: 'damage', ship: 'x', cause: 'smallArms', hits: 2, mutiny: true }], [1, 3])
    expect(b.state.ships.x).toMatchObject({ hits: 2, criticals: { captain: 0 } })
    const dead = withShip(start(setup), 'x', { criticals: { ...none, captain: 1 }, quality: 4 })
    expect(turn(setup, dead, [{ kind: 'damage', ship: 'x', cause: 'smallArms', hits: 1, mutiny: true }], [1, 1]).state.ships.x!.hits).toBe(1)
  })

  it('seed 000 §Traits (Marksmen): a free Small Arms shot — it costs no action', () => {
    const setup = battle([ship('x', 'a', 100, 100, { traits: [{ name: 'Marksmen' }] }), ship('y', 'b', 200, 100), ship('z', 'a', 300, 300)])
    const acts = [
      { kind: 'activate' as const, ship: 'x', actions: 1 },
      { kind: 'shoot' as const, ship: 'x', target: 'y', weapon: 'smallArms' as const, beat: false },
      { kind: 'shoot' as const, ship: 'x', target: 'y', beat: false }
    ]
    expect(() => turn(setup, start(setup), acts, [1])).not.toThrow()
    expect(() => turn(setup, start(setup), [{ kind: 'activate', ship: 'z', actions: 1 }, { kind: 'shoot', ship: 'z', target: 'y', weapon: 'smallArms', beat: false }, { kind: 'shoot', ship: 'z', target: 'y', beat: false }], [1])).toThrow(/no actions left/)
  })

  it('seed 000 §New Rules (Knot and Splice): one action ignores one rigging critical for the rest of that activation, once', () => {
    const setup = battle([ship('x', 'a', 400, 600), ship('y', 'b', 800, 800)], { wind: { direction: 8, marker: null } })
    const st = withShip(start(setup), 'x', { criticals: { ...none, rigging: 2 } })
    const r = turn(setup, st, [{ kind: 'activate', ship: 'x', actions: 2 }, { kind: 'knotAndSplice', ship: 'x' }, { kind: 'move', ship: 'x', stick: 'long' }], [1])
    // Two rigging hits, one ignored: Long becomes Medium.
    expect(r.state.ships.x!.at.y).toBe(600 - T.medium)
    expect(r.state.ships.x!.criticals.rigging).toBe(2)
    expect(() => turn(setup, st, [{ kind: 'activate', ship: 'x', actions: 3 }, { kind: 'knotAndSplice', ship: 'x' }, { kind: 'knotAndSplice', ship: 'x' }], [1])).toThrow(/already made a Knot and Splice/)
    expect(() => turn(setup, start(setup), [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'knotAndSplice', ship: 'x' }], [1])).toThrow(/no rigging critical/)
  })

  it('seed 000 §New Rules (Superficial Damage): a winning odd score places the marker; the next shot removes it for +1; never more than one', () => {
    const setup = battle([ship('x', 'a', 100, 100), ship('y', 'b', 200, 100)])
    const r = turn(setup, start(setup), [{ kind: 'activate', ship: 'x', actions: 3 }, { kind: 'shoot', ship: 'x', target: 'y', beat: true, odd: true }], [1])
    expect(r.state.ships.y!.superficial).toBe(true)
    expect(r.state.ships.y!.hits).toBe(0)
    const next = turn(setup, { ...r.state, index: 0, turn: 2 }, [{ kind: 'activate', ship: 'x', actions: 3 }, { kind: 'shoot', ship: 'x', target: 'y', beat: false }], [1])
    const shot = next.report.events.find((e) => e.kind === 'shot')!
    expect(shot.terms).toEqual([{ label: 'superficial damage marker removed', value: 1 }])
    expect(next.state.ships.y!.superficial).toBe(false)
    // Removed then placed again by another winning odd score: still one marker.
    const again = turn(setup, r.state.index === 1 ? { ...r.state, index: 0 } : r.state, [{ kind: 'activate', ship: 'x', actions: 3 }, { kind: 'shoot', ship: 'x', target: 'y', beat: true, odd: true }], [1])
    expect(again.state.ships.y!.superficial).toBe(true)
    expect(() => turn(setup, start(setup), [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'shoot', ship: 'x', target: 'y', beat: true, odd: true, hits: 1 }], [1])).toThrow(/winning odd score does no damage/)
  })

  it('rules guide §4: Short 75, Medium 120, Long 180 mm; a turn then the stick; the ruler reads in S / M / L', () => {
    expect(stickMove(T, { x: 100, y: 500 }, 0, 'long', 0).at).toEqual({ x: 100, y: 320 })
    const m = stickMove(T, { x: 100, y: 500 }, 0, 'short', 90)
    expect(m).toEqual({ at: { x: 175, y: 500 }, facing: 90 })
    expect(stickMove(T, { x: 100, y: 500 }, 10, 'medium', -40).facing).toBe(330)
    expect(ahead({ x: 0, y: 0 }, 180, 10)).toEqual({ x: 0, y: 10 })
    expect(bearing({ x: 0, y: 0 }, { x: -10, y: 0 })).toBe(270)
    expect(measure(T, { x: 0, y: 0 }, { x: 75, y: 0 }).words).toBe('75 mm: within Short')
    expect(measure(T, { x: 0, y: 0 }, { x: 0, y: 120 }).band).toBe('medium')
    expect(measure(T, { x: 0, y: 0 }, { x: 150, y: 0 }).band).toBe('long')
    expect(measure(T, { x: 0, y: 0 }, { x: 360, y: 0 }).words).toBe('360 mm: beyond Long (2.0 Long sticks)')
  })

  it('rules guide §4: the in-irons sector is the wind’s point ± 45°; a sail ship may not head into it, Sweeps move Short; galleys ignore it', () => {
    // Wind from the north (point 0): heading 0 ± 44 is in irons; 45 is not.
    expect(inIronsSector(T, 0)).toEqual({ from: 315, to: 45, centre: 0 })
    expect(inIrons(T, 0, 20)).toBe(true)
    expect(inIrons(T, 0, 340)).toBe(true)
    expect(inIrons(T, 0, 45)).toBe(false)
    expect(inIrons(T, 4, 90)).toBe(true)
    const setup = battle(
      [ship('x', 'a', 400, 500), ship('oars', 'a', 600, 500, { propulsion: 'galley' }), ship('sw', 'a', 200, 500, { traits: [{ name: 'Sweeps' }] }), ship('y', 'b', 800, 800)],
      { wind: { direction: 0, marker: null } }
    )
    expect(() => turn(setup, start(setup), [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'move', ship: 'x', stick: 'short' }], [1])).toThrow(/in irons/)
    expect(() => turn(setup, start(setup), [{ kind: 'activate', ship: 'oars', actions: 1 }, { kind: 'move', ship: 'oars', stick: 'medium' }], [1])).not.toThrow()
    expect(() => turn(setup, start(setup), [{ kind: 'activate', ship: 'sw', actions: 1 }, { kind: 'move', ship: 'sw', stick: 'short' }], [1])).not.toThrow()
    expect(() => turn(setup, start(setup), [{ kind: 'activate', ship: 'sw', actions: 1 }, { kind: 'move', ship: 'sw', stick: 'medium' }], [1])).toThrow(/in irons/)
    expect(() => turn(setup, start(setup), [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'move', ship: 'x', stick: 'short', turn: 90 }], [1])).not.toThrow()
  })

  it('rules guide §4: a move may not run onto land or rocks, nor off the table; a ship leaves only from an exit zone open to her side', () => {
    const setup = battle([ship('x', 'a', 400, 500, { facing: 180 }), ship('y', 'b', 800, 800)], {
      wind: { direction: 0, marker: null },
      terrain: [
        { id: 'rock', kind: 'rocks', name: 'the Crim', points: [{ x: 380, y: 560 }, { x: 420, y: 560 }, { x: 420, y: 600 }, { x: 380, y: 600 }] },
        { id: 'out', kind: 'exit', player: 'a', points: [{ x: 0, y: 0 }, { x: 200, y: 0 }, { x: 200, y: 200 }, { x: 0, y: 200 }] }
      ]
    })
    expect(() => turn(setup, start(setup), [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'move', ship: 'x', stick: 'medium' }], [1])).toThrow(/run aground on the Crim/)
    expect(() => turn(setup, start(setup), [{ kind: 'exit', ship: 'x' }], [1])).toThrow(/not in an exit zone/)
    const inZone = withShip(start(setup), 'x', { at: { x: 50, y: 50 } })
    expect(turn(setup, inZone, [{ kind: 'exit', ship: 'x' }], [1]).state.ships.x!.status).toBe('exited')
    const edge = withShip(start(setup), 'x', { at: { x: 400, y: 850 } })
    expect(() => turn(setup, edge, [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'move', ship: 'x', stick: 'long' }], [1])).toThrow(/leave the table/)
  })
})

describe('Galleys & Galleons: the traits catalogue (seed 000 §Traits and the scenarios)', () => {
  it('seed 000 §Traits: every trait the section changes and every trait the scenarios name exists, with a note where the seed gives its rule', async () => {
    const { GALLEYS_TRAITS, traitInfo } = await import('../../src/shared/galleys/traits')
    for (const n of ['Chasers', 'Razee', 'Sweeps', 'Ornithopter', 'Lucky', 'Unorthodox', 'Marksmen', 'Mutiny']) {
      expect(traitInfo(n)!.source).toBe('Seed 000, Traits')
      expect(traitInfo(n)!.note.length).toBeGreaterThan(10)
    }
    expect(traitInfo('chasers')!.note).toMatch(/only 2 points/)
    for (const n of ['Square Rig', 'Galleon Rig', 'Lateen Rig', 'Drilled Soldiers', 'Trained Gun Crews', 'Charismatic', 'Merchantman', 'Shallow Draft', 'Swashbucklers', 'Yare', 'Flagship', 'Dread Pirate']) {
      expect(traitInfo(n), n).not.toBeNull()
    }
    expect(traitInfo('Boarding Nets')).toBeNull()
    expect(new Set(GALLEYS_TRAITS.map((t) => t.name)).size).toBe(GALLEYS_TRAITS.length)
  })
})
