import { describe, expect, it } from 'vitest'
import { collisionCalc, fateCalc, fireCalc } from '../../src/shared/galleys/calculators'
import { battle, ship, start, turn, withShip } from './galleys-helpers'

const none = { captain: 0, rudder: 0, holed: false, rigging: 0, fires: 0 }

describe('Galleys & Galleons: Fire, Explode, Sinking, Collisions (seed 000)', () => {
  it('seed 000 §Critical Hits (Fire): a die for each fire at the start of her turn, any 6 explodes; otherwise one critical at +1, no holes, no explosion', () => {
    const vessel = { hull: 'surface' as const, propulsion: 'sail' as const, criticals: { ...none, fires: 2 } }
    expect(fireCalc({ vessel, actions: 1, dice: [3, 6] })).toMatchObject({ explodes: true, critical: null })
    // No 6: red 5 + 1 = 6 → Fire, and no explosion test (white 6 is ignored): another fire.
    const r = fireCalc({ vessel, actions: 3, dice: [1, 2, 5, 6] })
    expect(r).toMatchObject({ explodes: false, critical: { effect: 'fire', criticals: { fires: 3 } }, putOut: 1, criticals: { fires: 2 } })
    // Red 2 + 1 = 3 → Hull, with no test for holes even on a white 6.
    expect(fireCalc({ vessel, actions: 3, dice: [1, 1, 2, 6] }).critical).toMatchObject({ effect: 'hull', criticals: { holed: false } })
    // Red 6 + 1 reads as 6.
    expect(fireCalc({ vessel: { ...vessel, criticals: { ...none, fires: 1 } }, actions: 3, dice: [1, 6, 1] }).critical!.effect).toBe('fire')
  })

  it('seed 000 §Critical Hits (Fire): fighting one fire puts it out on 1–2 with one action, 1–4 with two, always with three; two actions also cut grapples for free', () => {
    const vessel = { hull: 'surface' as const, propulsion: 'sail' as const, criticals: { ...none, fires: 1 } }
    // Fire die 1, critical red 4 white 1 (rigging), then the fight.
    expect(fireCalc({ vessel, actions: 1, dice: [1, 4, 1, 2] }).putOut).toBe(1)
    expect(fireCalc({ vessel, actions: 1, dice: [1, 4, 1, 3] }).putOut).toBe(0)
    expect(fireCalc({ vessel, actions: 2, dice: [1, 4, 1, 4] }).putOut).toBe(1)
    expect(fireCalc({ vessel, actions: 2, dice: [1, 4, 1, 5] })).toMatchObject({ putOut: 0, cutGrapples: true })
    expect(fireCalc({ vessel, actions: 3, dice: [1, 4, 1] }).putOut).toBe(1)
    expect(fireCalc({ vessel, actions: 1, dice: [1, 4, 1, 1] }).cutGrapples).toBe(false)
    // On the table: a burning ship may only fight the fire; with two actions she cuts her grapples to one ship.
    const setup = battle([ship('x', 'a', 100, 100), ship('y', 'b', 130, 100)])
    let st = withShip(start(setup), 'x', { criticals: { ...none, fires: 1 } })
    st = { ...st, grapples: [['x', 'y']] }
    expect(() => turn(setup, st, [{ kind: 'activate', ship: 'x', actions: 2 }, { kind: 'move', ship: 'x', stick: 'short' }], [1, 1, 4, 1])).toThrow(/on fire: all her actions/)
    const r = turn(setup, st, [{ kind: 'activate', ship: 'x', actions: 2 }, { kind: 'fightFire', ship: 'x', cutGrapplesWith: 'y' }], [1, 1, 4, 1, 3])
    expect(r.state.ships.x!.criticals.fires).toBe(0)
    expect(r.state.grapples).toEqual([])
  })

  it('seed 000 §Critical Hits (Fire): at the start of her turn a ship in contact with a burning one catches fire on 1–3; grappled to it, always', () => {
    const setup = battle([ship('x', 'a', 100, 100), ship('y', 'b', 135, 100), ship('z', 'a', 135, 140), ship('w', 'a', 600, 600)])
    const st = withShip(start(setup), 'y', { criticals: { ...none, fires: 1 } })
    // Player a's turn: weather 1; x grappled → always; z in contact → a die: 3 catches.
    const r = turn(setup, { ...st, grapples: [['x', 'y']] }, [], [1, 3])
    expect(r.state.ships.x!.criticals.fires).toBe(1)
    expect(r.state.ships.z!.criticals.fires).toBe(1)
    expect(r.state.ships.w!.criticals.fires).toBe(0)
    expect(r.report.events.filter((e) => e.kind === 'fire').map((e) => e.text)).toEqual([
      'X is grappled to the burning Y: she catches fire.',
      'Z is in contact with the burning Y: 3, she catches fire (1–3 catches).'
    ])
    const plain = turn(setup, st, [], [1, 5, 4]).state
    expect(plain.ships.x!.criticals.fires).toBe(0)
    expect(plain.ships.z!.criticals.fires).toBe(0)
  })

  it('seed 000 §Critical Hits (Explode): removed; each vessel within Short catches a Fire critical on a 6; grappled vessels a hull hit on ≤ her C', () => {
    const setup = battle([ship('x', 'a', 100, 100, { combat: 3 }), ship('y', 'b', 140, 100), ship('z', 'b', 100, 200), ship('far', 'b', 800, 800)])
    let st = withShip(start(setup), 'x', { criticals: { ...none, fires: 1 } })
    st = { ...st, grapples: [['x', 'y']] }
    // Weather 1; fire die 6: explodes. Within Short: y (6 → Fire critical, white 2: fire), z (5: nothing). Grappled y: 3 ≤ C3 → hull hit.
    const r = turn(setup, st, [], [1, 6, 6, 2, 5, 3])
    expect(r.state.ships.x!.status).toBe('exploded')
    expect(r.state.ships.y).toMatchObject({ hits: 1, criticals: { fires: 1 } })
    expect(r.state.ships.z).toMatchObject({ hits: 0, criticals: { fires: 0 } })
    expect(r.state.ships.far!.criticals.fires).toBe(0)
    expect(r.state.grapples).toEqual([])
    // A grappled vessel rolling above her C takes nothing.
    expect(turn(setup, st, [], [1, 6, 1, 1, 4]).state.ships.y!.hits).toBe(0)
  })

  it('seed 000 §Sinking: strike or sink on excess Hull hits by cause', () => {
    expect(fateCalc({ cause: 'gunnery' })).toBe('strike')
    expect(fateCalc({ cause: 'gunnery', holed: true })).toBe('sink')
    expect(fateCalc({ cause: 'gunnery', doubled: true })).toBe('sink')
    expect(fateCalc({ cause: 'smallArms', holed: true, doubled: true })).toBe('strike')
    expect(fateCalc({ cause: 'ramming' })).toBe('sink')
    expect(fateCalc({ cause: 'runAground' })).toBe('sink')
    expect(fateCalc({ cause: 'boarding', holed: true })).toBe('strike')
    expect(fateCalc({ cause: 'collision', roll: 2 })).toBe('sink')
    expect(fateCalc({ cause: 'collision', roll: 3 })).toBe('strike')
    expect(fateCalc({ cause: 'collision', roll: 3, lowerC: true })).toBe('sink')
    expect(() => fateCalc({ cause: 'collision' })).toThrow(/sinking roll/)
    // On the table: a holed ship that takes excess gunnery damage sinks.
    const setup = battle([ship('x', 'a', 100, 100), ship('y', 'b', 300, 100, { combat: 1 })])
    const holed = withShip(start(setup), 'y', { criticals: { ...none, holed: true } })
    const r = turn(setup, holed, [{ kind: 'activate', ship: 'x', actions: 1 }, { kind: 'shoot', ship: 'x', target: 'y', beat: true, hits: 2 }], [1, 2, 1])
    expect(r.state.ships.y!.status).toBe('sunk')
  })

  it('seed 000 §Collisions: the adjusted table (1 Significant, 2–4 Hull, 5+ Superficial) with Reinforced Hull +1, against Boats +2, against non-Boats of lower C +1', () => {
    expect(collisionCalc({ roll: 1 })).toMatchObject({ result: 'significant', hits: 2 })
    expect(collisionCalc({ roll: 2 })).toMatchObject({ result: 'hull', hits: 1 })
    expect(collisionCalc({ roll: 4 })).toMatchObject({ result: 'hull', hits: 1 })
    expect(collisionCalc({ roll: 5 })).toMatchObject({ result: 'superficial', hits: 0 })
    expect(collisionCalc({ roll: 1, reinforcedHull: true })).toMatchObject({ result: 'hull', total: 2 })
    expect(collisionCalc({ roll: 3, againstBoats: true })).toMatchObject({ result: 'superficial', total: 5 })
    expect(collisionCalc({ roll: 4, againstLowerC: true })).toMatchObject({ result: 'superficial', total: 5 })
    expect(collisionCalc({ roll: 1, reinforcedHull: true, againstBoats: true, againstLowerC: true }).total).toBe(5)
    // On the table: both ships roll; a C3 against a C1 gets +1; damage beyond her hull points ends with the collision's sinking roll.
    const setup = battle([ship('big', 'a', 100, 100, { combat: 3 }), ship('small', 'b', 140, 100, { combat: 1 })])
    // Weather 1; big: 4 + 1 = 5 superficial; small: 1 → 2 damage on 1 hull point → excess → critical red 2 white 1 (Hull) → sinking roll 3 − 1 (lower C) = 2: sinks.
    const r = turn(setup, start(setup), [{ kind: 'collide', ship: 'big', other: 'small' }], [1, 4, 1, 2, 1, 3])
    expect(r.state.ships.big!.hits).toBe(0)
    expect(r.state.ships.small!.status).toBe('sunk')
    const texts = r.report.events.map((e) => e.text).join(' ')
    expect(texts).toMatch(/Big: collision total 5 — Superficial/)
    expect(texts).toMatch(/collision, die 3 -1 = 2: she sinks/)
  })
})
