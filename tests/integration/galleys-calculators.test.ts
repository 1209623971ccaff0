/**
 * The Galleys & Galleons calculators (seed 000, issue 19) over the local HTTP host, with no campaign
 * open (scope 'app', read-only): `galleys.weather`, `galleys.critical`, `galleys.fire`,
 * `galleys.collision`, `galleys.fate`. Each answer is checked against the seed's section; bad input is
 * a 400 naming the field.
 */
import { describe, expect, it } from 'vitest'
import { calculatorHost } from '../helpers'

const { ok, refused } = calculatorHost('galleys-calculators-token')

describe('galleys.* calculators (seed 000)', () => {
  it('seed 000 §Weather Change: galleys.weather — a 6, two points, direction 1 with a Veer marker reads 2: anticlockwise', async () => {
    expect(await ok('galleys.weather', { wind: { direction: 0, marker: 'veer' }, dice: [6, 4, 1] })).toMatchObject({ wind: { direction: 14, marker: null }, changed: true })
    expect(await ok('galleys.weather', { wind: { direction: 3, marker: 'steady' }, dice: [] })).toMatchObject({ wind: { direction: 3, marker: null }, changed: false })
    expect(await refused('galleys.weather', { wind: { direction: 3, marker: null }, dice: [6] }, 'dice')).toMatch(/needs die 2/)
    expect(await refused('galleys.weather', { wind: { direction: 16, marker: null }, dice: [1] }, 'wind.direction')).toMatch(/points 0 to 15/)
    expect(await refused('galleys.weather', { wind: { direction: 3, marker: 'gusty' }, dice: [1] }, 'wind.marker')).toBeTruthy()
  })

  it('seed 000 §Critical Hits: galleys.critical — red and white by hull kind; a later captain critical is a hit; Lucky’s double is ignored', async () => {
    const vessel = { hull: 'submersible', propulsion: 'steam', traits: [], criticals: { captain: 0, rudder: 0, holed: false, rigging: 0, fires: 0 } }
    expect(await ok('galleys.critical', { vessel, dice: [2, 6] })).toMatchObject({ effect: 'holed', criticals: { holed: true } })
    expect(await ok('galleys.critical', { vessel: { ...vessel, criticals: { ...vessel.criticals, captain: 1 } }, dice: [1, 2] })).toMatchObject({ effect: 'hit', criticals: { captain: 2 } })
    expect(await ok('galleys.critical', { vessel: { ...vessel, propulsion: 'gyrocopter', hull: 'airship' }, dice: [3, 6] })).toMatchObject({ effect: 'hull' })
    expect((await ok('galleys.critical', { vessel: { ...vessel, traits: ['Lucky'] }, dice: [4, 4] })).effect).toBe('ignored')
    expect(await refused('galleys.critical', { vessel, dice: [7, 1] }, 'dice.0')).toMatch(/1 to 6/)
    expect(await refused('galleys.critical', { vessel: { ...vessel, hull: 'raft' }, dice: [1, 1] }, 'vessel.hull')).toBeTruthy()
  })

  it('seed 000 §Critical Hits (Fire): galleys.fire — no 6, a critical at +1, two actions put the fire out on a 4', async () => {
    const vessel = { hull: 'surface', propulsion: 'sail', criticals: { captain: 0, rudder: 0, holed: false, rigging: 0, fires: 1 } }
    const r = await ok('galleys.fire', { vessel, actions: 2, dice: [3, 3, 1, 4] })
    expect(r).toMatchObject({ explodes: false, critical: { effect: 'rigging' }, putOut: 1, cutGrapples: true, criticals: { fires: 0, rigging: 1 } })
    expect((await ok('galleys.fire', { vessel, actions: 2, dice: [6] })).explodes).toBe(true)
    expect(await refused('galleys.fire', { vessel: { ...vessel, criticals: { ...vessel.criticals, fires: 0 } }, actions: 1, dice: [] }, 'vessel.criticals.fires')).toMatch(/not on fire/)
  })

  it('seed 000 §Collisions and §Sinking: galleys.collision and galleys.fate', async () => {
    expect(await ok('galleys.collision', { roll: 1, reinforcedHull: false, againstBoats: false, againstLowerC: false })).toMatchObject({ result: 'significant', hits: 2 })
    expect(await ok('galleys.collision', { roll: 3, againstBoats: true })).toMatchObject({ result: 'superficial', hits: 0 })
    expect(await ok('galleys.fate', { cause: 'gunnery', holed: true, doubled: false })).toBe('sink')
    expect(await ok('galleys.fate', { cause: 'boarding' })).toBe('strike')
    expect(await ok('galleys.fate', { cause: 'collision', roll: 3, lowerC: true })).toBe('sink')
    expect(await refused('galleys.fate', { cause: 'collision' }, 'roll')).toMatch(/sinking roll/)
    expect(await refused('galleys.fate', { cause: 'lightning' }, 'cause')).toBeTruthy()
  })
})
