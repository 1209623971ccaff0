import { describe, expect, it } from 'vitest'
import { checkOrders, fireArcs, resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { batteryName, count, tnText } from '../../src/shared/words'
import { o, recorded, setup, ship, turn } from './highseas-helpers'

/** Issue 16, point 14: the battle's words read as a GM writes them — "1 gun", "the bow chasers", no "TN -5", ships by name. */

describe('battle texts (issue 16, point 14)', () => {
  it('words: a count in the right number, a TN met by any roll, batteries by name', () => {
    expect(count(1, 'gun')).toBe('1 gun')
    expect(count(3, 'gun')).toBe('3 guns')
    expect(count(0, 'gun')).toBe('0 guns')
    expect(tnText(15)).toBe('TN 15')
    expect(tnText(-5)).toBe('any roll hits')
    expect(tnText(1)).toBe('any roll hits')
    expect(batteryName('chasers')).toBe('bow chasers')
    expect(batteryName('stern')).toBe('stern guns')
    expect(batteryName('port')).toBe('port battery')
  })

  it('seed 003 IV CANNON FIRE: a battery of one gun fires "1 gun"; the log never says "1 guns", "TN -" or "chasers battery"', () => {
    const su = setup(
      [ship('gen-1', 'corsair', 'A', { name: 'Sea Dog', guns: { port: 1, starboard: 1, chasers: 1, stern: 1 } }), ship('gen-2', 'merchantman', 'B', { name: 'Fortune' })],
      { range: 'close' }
    )
    let st = startBattle(su)
    const texts: string[] = []
    for (let t = 0; t < 4; t++) {
      const r = resolveTurn(
        su,
        st,
        turn({
          'gen-1': { tactic: 'bearDown', target: 'gen-2', fire: [{ battery: t % 2 ? 'port' : 'chasers', target: 'gen-2' }] },
          'gen-2': { tactic: 'circle', fire: [{ battery: 'port', target: 'gen-1' }] }
        }),
        recorded(11 + t)
      )
      texts.push(...r.report.events.map((e) => e.text))
      st = r.state
      if (st.outcome !== 'ongoing') break
    }
    expect(texts.filter((x) => x.startsWith("Sea Dog's bow chasers (1 gun)")).length).toBeGreaterThan(0)
    for (const x of texts) {
      expect(x).not.toMatch(/\b1 guns\b/)
      expect(x).not.toMatch(/TN -\d/)
      expect(x).not.toMatch(/chasers battery|stern battery/)
    }
  })

  it('seed 003 IV CANNON FIRE: the order checks name the ship, never her id', () => {
    const su = setup([ship('gen-1', 'corsair', 'A', { name: 'Sea Dog' }), ship('gen-2', 'merchantman', 'B', { name: 'Fortune' })], { range: 'short' })
    const st = startBattle(su)
    const c = checkOrders(su, st, 'gen-1', o({ fire: [{ battery: 'port', target: 'gen-2' }, { battery: 'starboard', target: 'gen-2' }] }))
    expect(c.problems.join(' ')).toContain('no two batteries may fire at the same ship (Fortune)')
    expect(c.problems.join(' ')).not.toMatch(/gen-\d/)
    const cut = checkOrders(su, st, 'gen-1', o({ cutFree: 'gen-2' }))
    expect(cut.problems.join(' ')).toContain('is not grappled with Fortune')
  })

  it('seed 003 IV CANNON FIRE: the fire arcs her own orders give her, read before the maneuvers', () => {
    const su = setup([ship('a', 'corsair', 'A'), ship('b', 'merchantman', 'B', { name: 'Fortune' })], { range: 'long' })
    const st = startBattle(su)
    const fire = [
      { battery: 'port' as const, target: 'b' },
      { battery: 'chasers' as const, target: 'b' }
    ]
    // Bearing down at Long: the chasers bear; a broadside only if she reaches Close (or Fortune circles against her).
    const bear = fireArcs(su, st, 'a', o({ tactic: 'bearDown', target: 'b', fire }))
    expect(bear).toEqual([{ battery: 'port', target: 'b', unless: expect.stringContaining('a ship bearing down fires only her chasers until Close') }])
    // Evading: the chasers never bear; the stern guns do.
    const evade = fireArcs(su, st, 'a', o({ tactic: 'evade', fire: [{ battery: 'chasers', target: 'b' }, { battery: 'stern', target: 'b' }] }))
    expect(evade).toEqual([{ battery: 'chasers', target: 'b', never: 'an evading ship fires only her stern guns' }])
    // Circling against her: the broadsides bear.
    expect(fireArcs(su, st, 'a', o({ tactic: 'circle', circleAgainst: ['b'], fire: [{ battery: 'port', target: 'b' }] }))).toEqual([])
  })
})
