/**
 * The Atrilian hex battle's calculators (seed 002 "Naval Rules", issue 17) over the local HTTP host,
 * with no campaign open (scope 'app', read-only): `atrilia.movement`, `atrilia.pathCost`,
 * `atrilia.ramKind`, `atrilia.ram`, `atrilia.attack`, `atrilia.repair`, `atrilia.lineOfSight`.
 * Each answer is checked against the seed's section; bad input is a 400 naming the field.
 *
 * Hexes: axial {q, r}, flat-topped; D11 (§11.2's set-up example) is {q: 3, r: 9}; facing 1 = (0, −1).
 */
import { describe, expect, it } from 'vitest'
import { neighbour, parseLabel, type Hex } from '../../src/shared/atrilia/hex'
import { calculatorHost } from '../helpers'

const { ok, refused } = calculatorHost('atrilia-calculators-token')

const at = (l: string): Hex => parseLabel(l)!
const D11 = at('D11')

describe('atrilia.movement (seed 002 §5.1–5.3)', () => {
  it('§5.13 example: crew quality 4, a roll of 3 → 7 points; crippled → 3 (the die only, §5.2); sinking → 0 (§5.3)', async () => {
    expect(await ok('atrilia.movement', { crewQuality: 4, roll: 3 })).toEqual({
      allowance: 7,
      breakdown: [
        { label: 'movement roll', value: 3 },
        { label: 'crew quality', value: 4 }
      ]
    })
    const crippled = await ok('atrilia.movement', { crewQuality: 4, roll: 3, crippled: true })
    expect(crippled.allowance).toBe(3)
    expect(crippled.breakdown).toEqual([
      { label: 'movement roll', value: 3 },
      { label: 'crew quality of a crippled ship (§5.2)', value: 0 }
    ])
    const sinking = await ok('atrilia.movement', { crewQuality: 4, roll: 6, sinking: true })
    expect(sinking.allowance).toBe(0)
    expect(sinking.breakdown[0].label).toContain('sinking')
  })

  it('bad input: a crew quality above elite (4), a face that is not on a die, an unknown field → 400 at the field', async () => {
    expect(await refused('atrilia.movement', { crewQuality: 5, roll: 3 }, 'crewQuality')).toBe('must be at most 4')
    expect(await refused('atrilia.movement', { crewQuality: 2, roll: 7 }, 'roll')).toBe('must be at most 6')
    expect(await refused('atrilia.movement', { crewQuality: 2, roll: 2.5 }, 'roll')).toBe('must be a whole number')
    await refused('atrilia.movement', { crewQuality: 2, roll: 3, speed: 4 }, '(input)')
  })
})

describe('atrilia.pathCost (seed 002 §5.4–5.6)', () => {
  it('§5.13 example with 7 points: ahead 3 hexes = 6, backward 2 = 6, change facing 1 hexside and move one = 7; a crippled ship with 3: forward 1 = 2 or back 1 = 3', async () => {
    expect((await ok('atrilia.pathCost', { steps: ['forward', 'forward', 'forward'] })).cost).toBe(6)
    expect((await ok('atrilia.pathCost', { steps: ['back', 'back'] })).cost).toBe(6)
    const turnAndGo = await ok('atrilia.pathCost', { steps: ['starboard', 'forward'] })
    expect(turnAndGo).toEqual({
      cost: 7,
      breakdown: [
        { label: 'one hexside to starboard', value: 5 },
        { label: 'forward one hex', value: 2 }
      ]
    })
    expect((await ok('atrilia.pathCost', { steps: ['forward'] })).cost).toBe(2)
    expect((await ok('atrilia.pathCost', { steps: ['back'] })).cost).toBe(3)
    expect((await ok('atrilia.pathCost', { steps: ['port'] })).cost).toBe(5)
    expect((await ok('atrilia.pathCost', { steps: [] })).cost).toBe(0)
  })

  it('bad input: a step that is not forward, back, port or starboard → 400 at that step', async () => {
    const message = await refused('atrilia.pathCost', { steps: ['forward', 'sideways'] }, 'steps.1')
    expect(message).toMatch(/forward/)
    await refused('atrilia.pathCost', { steps: Array(31).fill('forward') }, 'steps')
  })
})

describe('atrilia.ramKind (seed 002 §6)', () => {
  it('§6.1–6.3: a target in D11 facing 1 (§11.2) is oar-raked from her bow hex, rudder-attacked from her stern hex, broadside-rammed from each of the four others', async () => {
    const target = { ...D11, facing: 1 }
    expect(await ok('atrilia.ramKind', { attacker: at('D10'), target })).toBe('oarRake')
    expect(await ok('atrilia.ramKind', { attacker: at('D12'), target })).toBe('rudder')
    for (const f of [2, 3, 5, 6]) expect(await ok('atrilia.ramKind', { attacker: neighbour(D11, f), target })).toBe('broadside')
    // Facing 3 (to the south-east, clockwise from north): her bow hex is (+1, 0), her stern (−1, 0).
    expect(await ok('atrilia.ramKind', { attacker: neighbour(D11, 3), target: { ...D11, facing: 3 } })).toBe('oarRake')
    expect(await ok('atrilia.ramKind', { attacker: neighbour(D11, 6), target: { ...D11, facing: 3 } })).toBe('rudder')
  })

  it('bad input: an attacker not next to her target, a hex off the map, a facing of 7 → 400 at the field', async () => {
    const message = await refused('atrilia.ramKind', { attacker: at('D9'), target: { ...D11, facing: 1 } }, 'attacker')
    expect(message).toBe('must be a hex next to the target (D11); D9 is not')
    expect(await refused('atrilia.ramKind', { attacker: D11, target: { ...D11, facing: 1 } }, 'attacker')).toContain('next to the target')
    expect(await refused('atrilia.ramKind', { attacker: { q: 0, r: -5 }, target: { ...D11, facing: 1 } }, 'attacker')).toBe('must be a hex of the 12 × 18 map (columns A–L, rows 1–18)')
    expect(await refused('atrilia.ramKind', { attacker: at('D10'), target: { ...D11, facing: 7 } }, 'target.facing')).toBe('must be at most 6')
    expect(await refused('atrilia.ramKind', { attacker: at('D10'), target: { q: 12, r: 0, facing: 1 } }, 'target.q')).toBe('must be at most 11')
  })
})

describe('atrilia.ram (seed 002 §6, the Ramming Table)', () => {
  it('die + crew quality (+1 when larger), read on each column exactly: oar rake 7 C, 8+ CS; rudder 6 C, 7 CS; broadside 4 C, 5–6 CSE, 7+ S', async () => {
    const r = (kind: string, roll: number, crewQuality: number, attackerSize = 2, targetSize = 2) => ok('atrilia.ram', { kind, roll, crewQuality, attackerSize, targetSize })
    expect(await r('oarRake', 4, 2)).toEqual({ total: 6, result: '-', breakdown: [{ label: 'die', value: 4 }, { label: 'crew quality', value: 2 }] })
    expect((await r('oarRake', 5, 2)).result).toBe('C')
    expect((await r('oarRake', 6, 2)).result).toBe('CS')
    expect((await r('oarRake', 6, 4, 3, 2))).toMatchObject({ total: 11, result: 'CS' })
    expect((await r('rudder', 3, 2)).result).toBe('-')
    expect((await r('rudder', 4, 2)).result).toBe('C')
    expect((await r('rudder', 5, 2)).result).toBe('CS')
    expect((await r('broadside', 1, 2)).result).toBe('-')
    expect((await r('broadside', 2, 2)).result).toBe('C')
    expect((await r('broadside', 3, 2)).result).toBe('CSE')
    expect((await r('broadside', 4, 2)).result).toBe('CSE')
    expect((await r('broadside', 5, 2)).result).toBe('S')
    // "Ships larger than target have +1 in ramming": a size 3 ship on a size 2 one; not the other way round.
    const larger = await r('broadside', 1, 2, 3, 2)
    expect(larger).toMatchObject({ total: 4, result: 'C' })
    expect(larger.breakdown).toContainEqual({ label: 'larger than the target', value: 1 })
    expect((await r('broadside', 1, 2, 2, 3)).total).toBe(3)
    // A crippled rammer has crew quality 0 (TABLES "Naval Crew Quality").
    expect((await r('broadside', 3, 0)).result).toBe('-')
  })

  it('bad input: an unknown kind of ram, size 0 (size 0 ships are not used in naval battles, §2) → 400 at the field', async () => {
    await refused('atrilia.ram', { kind: 'ramming', roll: 3, crewQuality: 2, attackerSize: 2, targetSize: 2 }, 'kind')
    expect(await refused('atrilia.ram', { kind: 'rudder', roll: 3, crewQuality: 2, attackerSize: 0, targetSize: 2 }, 'attackerSize')).toBe('must be at least 1')
  })
})

describe('atrilia.attack (seed 002 §8–§9, the Naval Combat Results Table)', () => {
  it('each column exactly: sea wizards 5–6 M; boarding 5 E, 6 B; archery 6 A; ballista (spear) or catapult 6 AS; fire wizards or ballista (flaming) 6 F', async () => {
    const a = (column: string, roll: number, modifiers = {}) => ok('atrilia.attack', { column, roll, modifiers })
    const row = async (column: string) => Promise.all([1, 2, 3, 4, 5, 6].map(async (roll) => (await a(column, roll)).result))
    expect(await row('seaWizards')).toEqual(['-', '-', '-', '-', 'M', 'M'])
    expect(await row('boarding')).toEqual(['-', '-', '-', '-', 'E', 'B'])
    expect(await row('archery')).toEqual(['-', '-', '-', '-', '-', 'A'])
    expect(await row('ballistaSpear')).toEqual(['-', '-', '-', '-', '-', 'AS'])
    expect(await row('catapult')).toEqual(['-', '-', '-', '-', '-', 'AS'])
    expect(await row('fireWizards')).toEqual(['-', '-', '-', '-', '-', 'F'])
    expect(await row('ballistaFlaming')).toEqual(['-', '-', '-', '-', '-', 'F'])
  })

  it('§8.8–8.9 and TABLES Notes: corvus +1, castle −1, crippled target +1, rammed −1 on boardings, each a term; they do not touch archery', async () => {
    const corvus = await ok('atrilia.attack', { column: 'boarding', roll: 4, modifiers: { corvus: true } })
    expect(corvus).toEqual({ total: 5, result: 'E', breakdown: [{ label: 'die', value: 4 }, { label: 'corvus', value: 1 }] })
    expect(await ok('atrilia.attack', { column: 'boarding', roll: 4, modifiers: { corvus: true, crippledTarget: true } })).toMatchObject({ total: 6, result: 'B' })
    expect(await ok('atrilia.attack', { column: 'boarding', roll: 6, modifiers: { castle: true } })).toMatchObject({ total: 5, result: 'E' })
    const rammed = await ok('atrilia.attack', { column: 'boarding', roll: 6, modifiers: { castle: true, rammed: true } })
    expect(rammed).toMatchObject({ total: 4, result: '-' })
    expect(rammed.breakdown).toEqual([
      { label: 'die', value: 6 },
      { label: 'the target’s castle', value: -1 },
      { label: 'rammed', value: -1 }
    ])
    expect(await ok('atrilia.attack', { column: 'archery', roll: 5, modifiers: { corvus: true, crippledTarget: true } })).toMatchObject({ total: 5, result: '-' })
  })

  it('§11.1: a nation given adds its characteristic to its own column only (Gyptians boarding, Liburnians sea wizards, Haranese fire wizards)', async () => {
    expect(await ok('atrilia.attack', { column: 'boarding', roll: 5, modifiers: { nation: 'gyptian' } })).toEqual({
      total: 6,
      result: 'B',
      breakdown: [{ label: 'die', value: 5 }, { label: 'Gyptians', value: 1 }]
    })
    expect(await ok('atrilia.attack', { column: 'seaWizards', roll: 4, modifiers: { nation: 'liburnian' } })).toMatchObject({ total: 5, result: 'M' })
    expect(await ok('atrilia.attack', { column: 'fireWizards', roll: 5, modifiers: { nation: 'haranese' } })).toMatchObject({ total: 6, result: 'F' })
    expect(await ok('atrilia.attack', { column: 'boarding', roll: 4, modifiers: { nation: 'haranese' } })).toMatchObject({ total: 4, result: '-' })
    expect(await ok('atrilia.attack', { column: 'archery', roll: 5, modifiers: { nation: 'gyptian' } })).toMatchObject({ total: 5, result: '-' })
  })

  it('bad input: an unknown column, an unknown nation, a modifier that is not yes or no → 400 at the field', async () => {
    await refused('atrilia.attack', { column: 'cannon', roll: 3 }, 'column')
    await refused('atrilia.attack', { column: 'boarding', roll: 3, modifiers: { nation: 'atlantean' } }, 'modifiers.nation')
    await refused('atrilia.attack', { column: 'boarding', roll: 3, modifiers: { corvus: 1 } }, 'modifiers.corvus')
  })
})

describe('atrilia.repair (seed 002 §10, the Naval Repair Tables)', () => {
  it("'On Fire': die + size 1–5 starts sinking, 6 still burning, 7+ extinguished; 'Sinking': 1–5 sinks, 6 still sinking, 7+ repaired", async () => {
    const r = (table: string, roll: number, size: number, nation?: string) => ok('atrilia.repair', { table, roll, size, ...(nation ? { nation } : {}) })
    expect(await r('fire', 2, 3)).toEqual({ total: 5, result: 'sinking', breakdown: [{ label: 'die', value: 2 }, { label: 'ship size', value: 3 }] })
    expect((await r('fire', 4, 2)).result).toBe('burning')
    expect((await r('fire', 5, 2)).result).toBe('extinguished')
    expect((await r('sinking', 3, 2)).result).toBe('sinks')
    expect((await r('sinking', 3, 3)).result).toBe('sinking')
    expect((await r('sinking', 4, 3)).result).toBe('repaired')
    expect(await r('sinking', 6, 3)).toMatchObject({ total: 9, result: 'repaired' })
  })

  it('§11.1: Pheacians have +1 to naval repair (a nation given); other nations nothing', async () => {
    const ph = await ok('atrilia.repair', { table: 'sinking', roll: 4, size: 2, nation: 'pheacian' })
    expect(ph).toEqual({ total: 7, result: 'repaired', breakdown: [{ label: 'die', value: 4 }, { label: 'ship size', value: 2 }, { label: 'Pheacians', value: 1 }] })
    expect(await ok('atrilia.repair', { table: 'sinking', roll: 4, size: 2, nation: 'meshuesh' })).toMatchObject({ total: 6, result: 'sinking' })
  })

  it('bad input: an unknown table, size 4 → 400 at the field', async () => {
    await refused('atrilia.repair', { table: 'leaks', roll: 3, size: 2 }, 'table')
    expect(await refused('atrilia.repair', { table: 'fire', roll: 3, size: 4 }, 'size')).toBe('must be at most 3')
  })
})

describe('atrilia.lineOfSight (seed 002 §8.7)', () => {
  it('a line from D11 to D9 passes through D10: clear when D10 is open sea, blocked when a ship or land is there', async () => {
    const open = await ok('atrilia.lineOfSight', { from: D11, to: at('D9'), blocking: [at('E10'), at('C10')] })
    expect(open).toEqual({ clear: true, through: [{ ...at('D10'), label: 'D10' }], along: [], blockedBy: [] })
    const blocked = await ok('atrilia.lineOfSight', { from: D11, to: at('D9'), blocking: [at('D10')] })
    expect(blocked.clear).toBe(false)
    expect(blocked.blockedBy).toEqual([{ ...at('D10'), label: 'D10' }])
  })

  it('a line along a hexside is blocked only if both hexes beside it block', async () => {
    // D11 → (+1, +1) runs along the hexside between D11's neighbours 3 (+1, 0) and 4 (0, +1).
    const to = { q: D11.q + 1, r: D11.r + 1 }
    const [a, b] = [neighbour(D11, 3), neighbour(D11, 4)]
    const one = await ok('atrilia.lineOfSight', { from: D11, to, blocking: [a] })
    expect(one.clear).toBe(true)
    expect(one.through).toEqual([])
    expect(one.along).toHaveLength(1)
    expect(one.along[0].map((h: Hex) => `${h.q},${h.r}`).sort()).toEqual([`${a.q},${a.r}`, `${b.q},${b.r}`].sort())
    const both = await ok('atrilia.lineOfSight', { from: D11, to, blocking: [a, b] })
    expect(both.clear).toBe(false)
    expect(both.blockedBy).toHaveLength(2)
  })

  it('the two ends never block (the firing unit and the target are ships themselves)', async () => {
    expect((await ok('atrilia.lineOfSight', { from: D11, to: at('D9'), blocking: [D11, at('D9')] })).clear).toBe(true)
  })

  it('bad input: a hex off the map in the blocking list → 400 at that hex', async () => {
    expect(await refused('atrilia.lineOfSight', { from: D11, to: at('D9'), blocking: [at('D10'), { q: 0, r: -1 }] }, 'blocking.1')).toBe(
      'must be a hex of the 12 × 18 map (columns A–L, rows 1–18)'
    )
    await refused('atrilia.lineOfSight', { from: D11, blocking: [] }, 'to')
  })
})
