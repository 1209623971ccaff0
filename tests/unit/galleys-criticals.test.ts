import { describe, expect, it } from 'vitest'
import { criticalCalc } from '../../src/shared/galleys/calculators'
import { criticalHit, type Vessel } from '../../src/shared/galleys/procedures'
import { GALLEYS_RULES } from '../../src/shared/galleys/tables'
import type { Hull, Propulsion } from '../../src/shared/galleys/types'
import { battle, ship, start, turn, withShip } from './galleys-helpers'

const C = GALLEYS_RULES.criticals
const none = { captain: 0, rudder: 0, holed: false, rigging: 0, fires: 0 }
const v = (hull: Hull = 'surface', propulsion: Propulsion = 'sail', traits: string[] = [], criticals = none): Vessel => ({ hull, propulsion, traits, criticals })
const crit = (vessel: Vessel, red: number, white: number, excess = false) => criticalHit(C, vessel, [red, white], { excess })

describe('Galleys & Galleons: Critical Hits (seed 000)', () => {
  it('seed 000 §Critical Hits: the red die reads 1 Quarterdeck, 2–3 Hull, 4–5 Rigging, 6 Fire; the white die decides the secondary rolls', () => {
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [1, 3] }).effect).toBe('captainKilled')
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [1, 4] }).effect).toBe('rudder')
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [2, 4] }).effect).toBe('hull')
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [3, 5] }).effect).toBe('holed')
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [4, 1] }).effect).toBe('rigging')
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [5, 6] }).effect).toBe('rigging')
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [6, 5] })).toMatchObject({ effect: 'fire', criticals: { fires: 1 } })
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [6, 6] }).effect).toBe('explodes')
    expect(() => criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [6] })).toThrow()
  })

  it('seed 000 §Critical Hits (Captain killed): the first time +1Q and Flagship / Dread Pirate lost; later a hit, and on excess damage the crew strike', () => {
    const first = crit(v('surface', 'sail', ['Flagship', 'Dread Pirate', 'Yare']), 1, 2)
    expect(first).toMatchObject({ effect: 'captainKilled', quality: 1, damage: 0, strikes: false, lostTraits: ['Flagship', 'Dread Pirate'] })
    const later = crit(v('surface', 'sail', [], { ...none, captain: 1 }), 1, 1)
    expect(later).toMatchObject({ effect: 'hit', damage: 1, strikes: false, quality: 0 })
    expect(crit(v('surface', 'sail', [], { ...none, captain: 1 }), 1, 1, true).strikes).toBe(true)
    // On the table: her Q goes from 3 to 4 and her traits lose Flagship.
    const setup = battle([ship('x', 'a', 100, 100, { traits: [{ name: 'Flagship' }] }), ship('y', 'b', 300, 100)])
    const r = turn(setup, start(setup), [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'damage', ship: 'y', cause: 'gunnery', hits: 0, criticals: 1 }], [1, 1, 2])
    expect(r.state.ships.y!.quality).toBe(4)
    const r2 = turn(setup, start(setup), [{ kind: 'damage', ship: 'x', cause: 'gunnery', hits: 0, criticals: 1 }], [1, 1, 2])
    expect(r2.state.ships.x!.lostTraits).toEqual(['Flagship'])
  })

  it('seed 000 §Critical Hits (Rudder hit): two actions to turn, then three, then no turning, then a Hull hit', () => {
    let c = { ...none }
    const effects: string[] = []
    for (let i = 0; i < 4; i++) {
      const r = crit(v('surface', 'sail', [], c), 1, 5)
      effects.push(r.effect)
      c = r.criticals
    }
    expect(effects).toEqual(['rudder', 'rudder', 'rudder', 'hull'])
    expect(c.rudder).toBe(3)
    // On the table: a turn costs 2 actions after one hit, and is refused after three.
    const setup = battle([ship('x', 'a', 400, 400), ship('y', 'b', 800, 800)], { wind: { direction: 0, marker: null } })
    const one = withShip(start(setup), 'x', { criticals: { ...none, rudder: 1 } })
    const ok = turn(setup, one, [{ kind: 'activate', ship: 'x', actions: 2 }, { kind: 'move', ship: 'x', stick: 'short', turn: 90 }], [1])
    expect(ok.state.ships.x!.facing).toBe(90)
    expect(ok.report.events.find((e) => e.kind === 'move')!.text).toMatch(/2 actions \(rudder hit\)/)
    expect(() => turn(setup, one, [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'move', ship: 'x', stick: 'short', turn: 90 }], [1])).toThrow(/this move costs 2/)
    const three = withShip(start(setup), 'x', { criticals: { ...none, rudder: 3 } })
    expect(() => turn(setup, three, [{ kind: 'activate', ship: 'x', actions: 3 }, { kind: 'move', ship: 'x', stick: 'short', turn: 90 }], [1])).toThrow(/can no longer turn/)
  })

  it('seed 000 §Critical Hits (Hull, Holed): 5–6 holes a surface vessel, submersible or airship, with its effects on each; a second hole is a Hull critical; a Sluggish vessel takes the point but the hole is recorded', () => {
    expect(crit(v('surface'), 2, 5)).toMatchObject({ effect: 'holed', damage: 0, criticals: { holed: true } })
    expect(crit(v('submersible', 'steam'), 3, 6)).toMatchObject({ effect: 'holed', noSubmerge: true })
    expect(crit(v('submersible', 'steam'), 3, 6).text).toMatch(/can no longer submerge/)
    const air = crit(v('airship', 'unorthodox'), 2, 6)
    expect(air).toMatchObject({ effect: 'holed', drops: true })
    expect(air.text).toMatch(/drops to sea level/)
    expect(crit(v('surface', 'sail', [], { ...none, holed: true }), 2, 5)).toMatchObject({ effect: 'hull', damage: 1 })
    expect(crit(v('surface', 'sail', ['Sluggish']), 2, 5)).toMatchObject({ effect: 'holed', damage: 1, criticals: { holed: true } })
    expect(crit(v('surface'), 2, 4)).toMatchObject({ effect: 'hull', damage: 1 })
  })

  it('seed 000 §Critical Hits (Hull): ornithopters and gyrocopters never test for holes; they always take a Hull critical', () => {
    expect(crit(v('surface', 'ornithopter'), 2, 6)).toMatchObject({ effect: 'hull', damage: 1, criticals: { holed: false } })
    expect(crit(v('airship', 'gyrocopter'), 3, 5)).toMatchObject({ effect: 'hull', damage: 1, criticals: { holed: false } })
  })

  it('seed 000 §Critical Hits (Rigging): each propulsion as written, the crew striking on excess damage where the text says so', () => {
    const nth = (p: Propulsion, n: number, excess = false) => crit(v('surface', p, ['Razee', 'Sweeps'], { ...none, rigging: n - 1 }), 4, 1, excess)
    // Sail: one step, two steps, no movement (strike on excess); Razee and Sweeps lost from two.
    expect(nth('sail', 1).text).toMatch(/one step less/)
    expect(nth('sail', 2)).toMatchObject({ lostTraits: ['Razee', 'Sweeps'], strikes: false })
    expect(nth('sail', 3).text).toMatch(/cannot move at all/)
    expect(nth('sail', 2, true).strikes).toBe(false)
    expect(nth('sail', 3, true).strikes).toBe(true)
    // Galley: Medium to Short, then no movement, then nothing unless excess.
    expect(nth('galley', 1).text).toMatch(/Medium to Short/)
    expect(nth('galley', 2).text).toMatch(/cannot move/)
    expect(nth('galley', 3).strikes).toBe(false)
    expect(nth('galley', 3, true).strikes).toBe(true)
    // Steam: speed fixed, then no movement, then strike on excess.
    expect(nth('steam', 1).text).toMatch(/fixed/)
    expect(nth('steam', 2).text).toMatch(/may no longer move/)
    expect(nth('steam', 4, true).strikes).toBe(true)
    // Unorthodox: −2, −4, then no movement and strike on excess.
    expect(nth('unorthodox', 1).text).toMatch(/−2/)
    expect(nth('unorthodox', 2).text).toMatch(/−4/)
    expect(nth('unorthodox', 3, true).strikes).toBe(true)
    // Ornithopter: no high altitude (drops), then crashes. Gyrocopter: once a turn, then crashes.
    expect(nth('ornithopter', 1)).toMatchObject({ drops: true, crashes: false })
    expect(nth('ornithopter', 2).crashes).toBe(true)
    expect(nth('gyrocopter', 1).text).toMatch(/only move once per turn/)
    expect(nth('gyrocopter', 2).crashes).toBe(true)
  })

  it('seed 000 §Critical Hits (Rigging) on the table: a sail ship’s sticks are reduced, a galley’s Medium becomes Short, a steam engine’s speed is fixed, a gyrocopter moves once', () => {
    const setup = battle(
      [
        ship('sail', 'a', 200, 600),
        ship('oars', 'a', 400, 600, { propulsion: 'galley' }),
        ship('steam', 'a', 600, 600, { propulsion: 'steam' }),
        ship('gyro', 'a', 800, 600, { propulsion: 'gyrocopter', hull: 'airship' }),
        ship('y', 'b', 450, 100)
      ],
      { wind: { direction: 8, marker: null } }
    )
    let st = start(setup)
    for (const id of ['sail', 'oars', 'gyro']) st = withShip(st, id, { criticals: { ...none, rigging: 1 } })
    st = withShip(st, 'steam', { criticals: { ...none, rigging: 1 }, fixedStick: 'short' })
    const r = turn(
      setup,
      st,
      [
        { kind: 'activate', ship: 'sail', actions: 1 },
        { kind: 'move', ship: 'sail', stick: 'long' },
        { kind: 'activate', ship: 'oars', actions: 1 },
        { kind: 'move', ship: 'oars', stick: 'medium' },
        { kind: 'activate', ship: 'steam', actions: 1 },
        { kind: 'move', ship: 'steam', stick: 'short' },
        { kind: 'activate', ship: 'gyro', actions: 2 },
        { kind: 'move', ship: 'gyro', stick: 'long' }
      ],
      [1]
    )
    expect(r.state.ships.sail!.at.y).toBe(600 - 120)
    expect(r.state.ships.oars!.at.y).toBe(600 - 75)
    expect(r.state.ships.steam!.at.y).toBe(600 - 75)
    expect(() => turn(setup, st, [{ kind: 'activate', ship: 'steam', actions: 1 }, { kind: 'move', ship: 'steam', stick: 'long' }], [1])).toThrow(/speed is fixed at Short/)
    expect(() => turn(setup, st, [{ kind: 'activate', ship: 'gyro', actions: 2 }, { kind: 'move', ship: 'gyro', stick: 'short' }, { kind: 'move', ship: 'gyro', stick: 'short' }], [1])).toThrow(/only move once per turn/)
    const three = withShip(st, 'sail', { criticals: { ...none, rigging: 3 } })
    expect(() => turn(setup, three, [{ kind: 'activate', ship: 'sail', actions: 1 }, { kind: 'move', ship: 'sail', stick: 'long' }], [1])).toThrow(/cannot move/)
  })

  it('seed 000 §Critical Hits (Fire): a 6 on the white die explodes her; otherwise she catches fire, or receives another', () => {
    expect(crit(v(), 6, 6).effect).toBe('explodes')
    expect(crit(v('surface', 'sail', [], { ...none, fires: 1 }), 6, 2)).toMatchObject({ effect: 'fire', criticals: { fires: 2 } })
  })

  it('seed 000 §Critical Hits (note): excess damage scores one critical however many hits; an excess Hull critical decides strike or sink', () => {
    const setup = battle([ship('x', 'a', 100, 100, { combat: 2 }), ship('y', 'b', 400, 100, { combat: 2 })])
    // Five hits on a C2 ship: 2 taken, 3 excess → exactly one critical (red 2, white 1: Hull) → strike (gunnery, not holed, not doubled).
    const r = turn(setup, start(setup), [{ kind: 'damage', ship: 'y', cause: 'gunnery', hits: 5 }], [1, 2, 1])
    expect(r.report.events.filter((e) => e.kind === 'critical')).toHaveLength(1)
    expect(r.state.ships.y).toMatchObject({ hits: 2, status: 'struck' })
    // Doubled: she sinks.
    const d = turn(setup, start(setup), [{ kind: 'damage', ship: 'y', cause: 'gunnery', hits: 3, doubled: true }], [1, 2, 1])
    expect(d.state.ships.y!.status).toBe('sunk')
    // An excess Rigging critical on a sail ship with no earlier rigging hits: she fights on.
    const g = turn(setup, start(setup), [{ kind: 'damage', ship: 'y', cause: 'gunnery', hits: 4 }], [1, 4, 1])
    expect(g.state.ships.y).toMatchObject({ hits: 2, status: 'afloat', criticals: { rigging: 1 } })
  })

  it('seed 000 §Traits (Lucky): a double on the two critical dice ignores the critical', () => {
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail', traits: ['Lucky'] }, dice: [6, 6] }).effect).toBe('ignored')
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail', traits: ['Lucky'] }, dice: [2, 2] })).toMatchObject({ effect: 'ignored', criticals: none })
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail', traits: ['Lucky'] }, dice: [2, 3] }).effect).toBe('hull')
    expect(criticalCalc({ vessel: { hull: 'surface', propulsion: 'sail' }, dice: [6, 6] }).effect).toBe('explodes')
  })
})
