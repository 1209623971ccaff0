import { describe, expect, it } from 'vitest'
import { weatherCalc } from '../../src/shared/galleys/calculators'
import { weatherChange } from '../../src/shared/galleys/procedures'
import { directionFacesWords, GALLEYS_RULES, GALLEYS_WEATHER } from '../../src/shared/galleys/tables'
import { battle, ship, start, turn } from './galleys-helpers'

const W = GALLEYS_RULES.weather
const T = GALLEYS_RULES.table

describe('Galleys & Galleons: Weather Change (seed 000)', () => {
  it('seed 000 §Weather Change: only a 6 on the weather die may change the wind; otherwise no more dice', () => {
    for (const d of [1, 2, 3, 4, 5]) {
      const r = weatherCalc({ wind: { direction: 4, marker: null }, dice: [d] })
      expect(r).toMatchObject({ wind: { direction: 4, marker: null }, changed: false })
    }
    expect(() => weatherCalc({ wind: { direction: 4, marker: null }, dice: [3, 2, 2] })).toThrow(/rolls 1 die here, but 3 were given/)
    expect(() => weatherCalc({ wind: { direction: 4, marker: null }, dice: [6] })).toThrow(/needs die 2/)
  })

  it('seed 000 §Weather Change: 1–3 one point, 4–6 two points; the direction die’s six faces turn it and place the markers as written', () => {
    const cases: [number, number, number, string | null][] = [
      // amount, direction die, expected direction from 4, marker
      [1, 1, 3, 'back'],
      [3, 2, 3, null],
      [2, 3, 3, 'steady'],
      [4, 4, 6, 'steady'],
      [5, 5, 6, null],
      [6, 6, 6, 'veer']
    ]
    for (const [amount, dir, to, marker] of cases) {
      const r = weatherCalc({ wind: { direction: 4, marker: null }, dice: [6, amount, dir] })
      expect(r.changed).toBe(true)
      expect(r.wind).toEqual({ direction: to, marker })
    }
    // The gauge wraps: two points anticlockwise from 1 is 15 on a 16-point gauge.
    expect(weatherCalc({ wind: { direction: 1, marker: null }, dice: [6, 4, 2] }).wind.direction).toBe(15)
    expect(weatherCalc({ wind: { direction: 15, marker: null }, dice: [6, 1, 5] }).wind.direction).toBe(0)
  })

  it('seed 000 §Weather Change: backing −1 to the next direction die (minimum 1), veering +1 (maximum 6); the marker is then removed or replaced', () => {
    // Backing: a 4 reads as 3 (anticlockwise, steady).
    expect(weatherCalc({ wind: { direction: 4, marker: 'back' }, dice: [6, 1, 4] }).wind).toEqual({ direction: 3, marker: 'steady' })
    // Backing on a 1 stays 1 (minimum): anticlockwise and backing again.
    const min = weatherChange(W, T, { direction: 4, marker: 'back' }, [6, 1, 1])
    expect(min.wind).toEqual({ direction: 3, marker: 'back' })
    expect(min.log.join(' ')).toMatch(/minimum 1/)
    // Veering: a 3 reads as 4 (clockwise, steady); a 6 stays 6 (maximum).
    expect(weatherCalc({ wind: { direction: 4, marker: 'veer' }, dice: [6, 1, 3] }).wind).toEqual({ direction: 5, marker: 'steady' })
    expect(weatherChange(W, T, { direction: 4, marker: 'veer' }, [6, 1, 6]).log.join(' ')).toMatch(/maximum 6/)
    // Veering on a 2 → 3: anticlockwise and steady; the Veer marker is gone.
    expect(weatherCalc({ wind: { direction: 4, marker: 'veer' }, dice: [6, 1, 2] }).wind).toEqual({ direction: 3, marker: 'steady' })
    // A marker that has not yet met a direction die stays (no change this time).
    expect(weatherCalc({ wind: { direction: 4, marker: 'back' }, dice: [5] }).wind).toEqual({ direction: 4, marker: 'back' })
  })

  it('seed 000 §Weather Change: the log and the rule table say the way the wind goes round as a GM reads it (backs anticlockwise, veers clockwise) and name the markers', () => {
    const back = weatherChange(W, T, { direction: 4, marker: 'veer' }, [6, 1, 1]).log.join(' ')
    expect(back).toContain('Direction die 1 + 1 veering = 2: the wind backs (anticlockwise) from point 4 to 3.')
    expect(back).toContain('The Veer +1 marker is removed.')
    expect(back).not.toMatch(/changes anticlockwise|anticlockwise back/)
    const veer = weatherChange(W, T, { direction: 4, marker: null }, [6, 4, 6]).log.join(' ')
    expect(veer).toContain('Direction die 6: the wind veers (clockwise) from point 4 to 6 and is veering (+1 to the next direction die).')
    expect(directionFacesWords(GALLEYS_WEATHER.direction)).toBe(
      '1: backs (anticlockwise), Back −1 marker; 2: backs (anticlockwise); 3: backs (anticlockwise), Steady marker; ' +
        '4: veers (clockwise), Steady marker; 5: veers (clockwise); 6: veers (clockwise), Veer +1 marker'
    )
  })

  it('seed 000 §Weather Change: a steady wind ignores the next weather change roll (no die), and the Steady marker is removed', () => {
    const r = weatherCalc({ wind: { direction: 7, marker: 'steady' }, dice: [] })
    expect(r).toMatchObject({ wind: { direction: 7, marker: null }, changed: false })
    expect(r.log[0]).toMatch(/ignored/)
    expect(() => weatherCalc({ wind: { direction: 7, marker: 'steady' }, dice: [6] })).toThrow(/rolls 0 dice/)
  })

  it('seed 000 §Weather Change: at the start of each player’s turn a die; with more than two players only the first two to activate throw', () => {
    const two = battle([ship('x', 'a', 100, 100), ship('y', 'b', 700, 700)])
    let st = start(two)
    // Both players of a two-player game throw: one die each here (no change).
    const r1 = turn(two, st, [], [2])
    expect(r1.report.events[0]).toMatchObject({ kind: 'weather' })
    const r2 = turn(two, r1.state, [], [6, 5, 6])
    expect(r2.state.wind).toEqual({ direction: 10, marker: 'veer' })
    expect(r2.report.events[0]!.rolls.map((r) => r.dice[0])).toEqual([6, 5, 6])
    // Three players: the third throws nothing.
    const three = battle([ship('x', 'a', 100, 100), ship('y', 'b', 700, 700), ship('z', 'c' as 'a', 400, 100)], {
      players: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
        { id: 'c', name: 'C' }
      ]
    })
    st = start(three)
    st = turn(three, st, [], [1]).state
    st = turn(three, st, [], [1]).state
    const third = turn(three, st, [], [])
    expect(third.report.events.some((e) => e.kind === 'weather')).toBe(false)
    expect(third.state.turn).toBe(2)
  })
})
