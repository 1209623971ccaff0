import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { galleysToTheah, theahToGalleys, totalGuns } from '../../src/shared/conversion/theah-galleys'
import { THEAH_GALLEYS, TheahGalleysSchema } from '../../src/shared/conversion/tables'
import { generateShip } from '../../src/shared/highseas/generate'
import { DEFAULT_SHIP_RULES } from '../../src/shared/ship/quote'
import { HULLS } from '../../src/shared/ship/design'
import { CREW_KINDS, ParticipantSetup } from '../../src/shared/highseas/types'
import { GeneratedShip } from '../../src/shared/commands/battles'
import { ShipSetup, STATUS_NAMES, type ShipStatus } from '../../src/shared/galleys/types'
import { RULE_TABLES } from '../../src/shared/rules/tables'

const sum = (terms: { value: number }[]) => terms.reduce((n, t) => n + t.value, 0)

/** Every ship the seed's encounter descriptions can generate (seed 003 III; rules guide §2): each hull, armament and crew. */
function catalogue() {
  const out = []
  for (const hull of HULLS)
    for (const armament of ['light', 'heavy'] as const)
      for (const crewKind of CREW_KINDS)
        for (const frigate of hull === 'smallWarship' ? [false, true] : [false]) {
          const g = GeneratedShip.parse({ hull, armament, crewKind, frigate })
          out.push(ParticipantSetup.parse(generateShip(g, { id: 'x', side: 'them', control: 'ai' }, DEFAULT_SHIP_RULES).participant))
        }
  return out
}

describe('Théah → Galleys & Galleons conversion: house default (issue 21)', () => {
  it('is a registered, editable rule table with a house-default source', () => {
    expect(RULE_TABLES.conversionTheahGalleys.source).toMatch(/House default: neither seed 00[0-3] nor seed 00[0-3] converts/)
    expect(TheahGalleysSchema.parse(THEAH_GALLEYS)).toEqual(THEAH_GALLEYS)
    expect(TheahGalleysSchema.safeParse({ ...THEAH_GALLEYS, gunsPerCombat: 0 }).success).toBe(false)
  })

  it('a naval galleon: Quality from her crew and Handling, Combat from her guns, every number the sum of its terms', () => {
    const ship = catalogue().find((s) => s.hull === 'galleon' && s.crewKind === 'naval')!
    const c = theahToGalleys(ship, THEAH_GALLEYS)
    expect(c.quality.value).toBe(sum(c.quality.terms))
    expect(c.combat.value).toBe(Math.min(12, Math.ceil(totalGuns(ship) / 8)))
    expect(c.combat.value).toBe(sum(c.combat.terms))
    expect(c.hullPoints.value).toBe(sum(c.hullPoints.terms))
    expect(c.points.value).toBe(sum(c.points.terms))
    expect(c.quality.terms[0]!.label).toMatch(/naval crew/)
  })

  it('traits: a pirate crew are Swashbucklers; oars give Sweeps', () => {
    const pirate = catalogue().find((s) => s.crewKind === 'pirate')!
    expect(theahToGalleys(pirate, THEAH_GALLEYS).traits.map((t) => t.name)).toContain('Swashbucklers')
    expect(theahToGalleys({ ...pirate, oars: true }, THEAH_GALLEYS).traits.map((t) => t.name)).toContain('Sweeps')
  })

  it('is total over the catalogue of generated ships: every conversion is a valid table ship (property)', () => {
    const ships = catalogue()
    expect(ships.length).toBeGreaterThan(30)
    fc.assert(
      fc.property(fc.constantFrom(...ships), fc.integer({ min: -20, max: 99 }), fc.integer({ min: 0, max: 9999 }), (s, handling, guns) => {
        const ship = { ...s, handling, guns: { ...s.guns, port: guns } }
        const c = theahToGalleys(ship, THEAH_GALLEYS)
        const parsed = ShipSetup.safeParse({
          id: 'a',
          name: s.name,
          player: 'p',
          points: c.points.value,
          quality: c.quality.value,
          combat: c.combat.value,
          hullPoints: c.hullPoints.value,
          traits: c.traits.map((t) => ({ name: t.name })),
          at: { x: 0, y: 0 },
          facing: 0
        })
        expect(parsed.success).toBe(true)
        expect(c.quality.value).toBe(sum(c.quality.terms))
        expect(c.hullPoints.value).toBe(sum(c.hullPoints.terms))
      })
    )
  })

  it('back: hits become hull damage, rigging criticals rigging, struck is captured, sunk takes her whole hull', () => {
    const ship = { ...catalogue().find((s) => s.hull === 'merchantman')!, hullDamage: 2 }
    const hp = theahToGalleys(ship, THEAH_GALLEYS).hullPoints.value
    const crit = { captain: 0, rudder: 0, holed: false, rigging: 2, fires: 0 }
    const struck = galleysToTheah(ship, hp, { status: 'struck', hits: 1, criticals: crit }, THEAH_GALLEYS)
    expect(struck.fate).toBe('captured')
    expect(struck.hullDamage.value).toBe(2 + Math.round(ship.hullPoints / hp))
    expect(struck.riggingDamage.value).toBe(Math.round(0.5 * ship.riggingPoints))
    expect(struck.how.join(' ')).toMatch(/struck her colours/)
    const sunk = galleysToTheah(ship, hp, { status: 'exploded', hits: 0, criticals: crit }, THEAH_GALLEYS)
    expect(sunk.fate).toBe('sunk')
    expect(sunk.hullDamage.value).toBe(ship.hullPoints)
    expect(galleysToTheah(ship, hp, { status: 'exited', hits: 0, criticals: crit }, THEAH_GALLEYS).fate).toBe('escaped')
    // Struck at all her hits (seed 000: excess damage strikes or sinks her): she did not sink, so she comes back
    // with her last hull point (house default), a prize that can be taken; the breakdown says so.
    const beaten = galleysToTheah(ship, hp, { status: 'struck', hits: hp, criticals: crit }, THEAH_GALLEYS)
    expect(beaten.hullDamage.value).toBe(ship.hullPoints - 1)
    expect(beaten.hullDamage.value).toBe(sum(beaten.hullDamage.terms))
    expect(beaten.hullDamage.terms.at(-1)!.label).toBe('she did not sink there: her last hull point kept (house default)')
    expect(beaten.how.join(' ')).toMatch(/she did not sink on the table, so her last hull point is kept/)
    expect(galleysToTheah(ship, hp, { status: 'afloat', hits: hp, criticals: crit }, THEAH_GALLEYS).hullDamage.value).toBe(ship.hullPoints - 1)
  })

  it('back is total over the catalogue and every table result: damage never beyond her points, never below what she had (property)', () => {
    const ships = catalogue()
    fc.assert(
      fc.property(
        fc.constantFrom(...ships),
        fc.constantFrom(...(Object.keys(STATUS_NAMES) as ShipStatus[])),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 6 }),
        (s, status, hits, rigging) => {
          const hp = theahToGalleys(s, THEAH_GALLEYS).hullPoints.value
          const b = galleysToTheah(s, hp, { status, hits, criticals: { captain: 0, rudder: 0, holed: false, rigging, fires: 0 } }, THEAH_GALLEYS)
          expect(b.hullDamage.value).toBeLessThanOrEqual(s.hullPoints)
          // Only a ship that sank comes back with no hull left.
          if (b.fate !== 'sunk') expect(b.hullDamage.value).toBeLessThan(s.hullPoints)
          expect(b.hullDamage.value).toBe(sum(b.hullDamage.terms))
          expect(b.riggingDamage.value).toBeLessThanOrEqual(s.riggingPoints)
          expect(b.crewLost.value).toBeLessThanOrEqual(s.crew)
          for (const k of Object.keys(b.gunsLost) as (keyof typeof b.gunsLost)[]) expect(b.gunsLost[k]).toBeLessThanOrEqual(s.guns[k])
        }
      )
    )
  })
})
