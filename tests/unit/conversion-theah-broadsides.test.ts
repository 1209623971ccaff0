import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { broadsidesToTheah, theahToBroadsides } from '../../src/shared/conversion/theah-broadsides'
import { THEAH_BROADSIDES, TheahBroadsidesSchema } from '../../src/shared/conversion/tables'
import { generateShip } from '../../src/shared/highseas/generate'
import { DEFAULT_SHIP_RULES } from '../../src/shared/ship/quote'
import { HULLS } from '../../src/shared/ship/design'
import { CREW_KINDS, ParticipantSetup } from '../../src/shared/highseas/types'
import { GeneratedShip } from '../../src/shared/commands/battles'
import { BROADSIDES_TEMPLATES } from '../../src/shared/broadsides/tables'
import { BroadsidesSetup } from '../../src/shared/broadsides/types'
import { RULE_TABLES } from '../../src/shared/rules/tables'

function catalogue() {
  const out = []
  for (const hull of HULLS)
    for (const armament of ['light', 'heavy'] as const)
      for (const crewKind of CREW_KINDS) {
        const g = GeneratedShip.parse({ hull, armament, crewKind })
        out.push(ParticipantSetup.parse(generateShip(g, { id: 'x', side: 'them', control: 'ai' }, DEFAULT_SHIP_RULES).participant))
      }
  return out
}

describe('Théah → Broadsides & Boarding Parties conversion: house default (issue 21)', () => {
  it('is a registered rule table with a house-default source, refused at its field when bad', () => {
    expect(RULE_TABLES.conversionTheahBroadsides.source).toMatch(/House default: neither seed 00[0-3] nor seed 00[0-3] converts/)
    const bad = TheahBroadsidesSchema.safeParse({ ...THEAH_BROADSIDES, crewPerFigure: 0 })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0]!.path).toEqual(['crewPerFigure'])
  })

  it('a galleon sails as the frigate deck; a merchant crew has no Master Gunner; crew figures one for each 8 aboard', () => {
    const ships = catalogue()
    const galleon = ships.find((s) => s.hull === 'galleon' && s.crewKind === 'naval')!
    const c = theahToBroadsides(galleon, THEAH_BROADSIDES, BROADSIDES_TEMPLATES)
    expect(c.class.value).toBe('frigate')
    expect(c.cannon.value).toBe(8)
    expect(c.officers).toHaveLength(4)
    expect(c.crew.value).toBe(Math.min(40, Math.max(1, Math.round(galleon.crew / 8))))
    const merchant = ships.find((s) => s.hull === 'merchantman' && s.crewKind === 'merchant')!
    const m = theahToBroadsides(merchant, THEAH_BROADSIDES, BROADSIDES_TEMPLATES)
    expect(m.class.value).toBe('merchantman')
    expect(m.officers).not.toContain('masterGunner')
  })

  it('is total over the catalogue: any two converted ships make a valid duel (property)', () => {
    const ships = catalogue()
    fc.assert(
      fc.property(fc.constantFrom(...ships), fc.constantFrom(...ships), fc.integer({ min: 0, max: 9999 }), (a, b, crew) => {
        const ca = theahToBroadsides({ ...a, crew }, THEAH_BROADSIDES, BROADSIDES_TEMPLATES)
        const cb = theahToBroadsides(b, THEAH_BROADSIDES, BROADSIDES_TEMPLATES)
        const duel = BroadsidesSetup.safeParse({
          ships: [
            { id: 'a', name: 'A', class: ca.class.value, crew: ca.crew.value, officers: ca.officers, at: { x: 4, y: 8 }, heading: 2 },
            { id: 'b', name: 'B', class: cb.class.value, crew: cb.crew.value, officers: cb.officers, at: { x: 20, y: 10 }, heading: 6 }
          ]
        })
        expect(duel.success).toBe(true)
      })
    )
  })

  it('back: rows holed, masts down, cannon and figures lost become her shares; struck or wiped out is captured (property: never beyond her numbers)', () => {
    const ships = catalogue()
    const s = ships[0]!
    const r = { status: 'struck' as const, rows: 9, rowsHoled: 3, mastsDown: 1, cannonAtStart: 8, cannonLeft: 4, figuresAtStart: 20, figuresLeft: 10 }
    const b = broadsidesToTheah(s, r, THEAH_BROADSIDES)
    expect(b.fate).toBe('captured')
    expect(b.hullDamage.value).toBe(s.hullDamage + Math.round((3 / 9) * s.hullPoints))
    expect(b.crewLost.value).toBe(Math.round(s.crew / 2))
    expect(broadsidesToTheah(s, { ...r, status: 'wiped' }, THEAH_BROADSIDES).fate).toBe('captured')
    expect(broadsidesToTheah(s, { ...r, status: 'sunk' }, THEAH_BROADSIDES).hullDamage.value).toBe(s.hullPoints)
    // Every row holed and a table that reads that as her whole hull: struck, she keeps her last hull point.
    const holed = broadsidesToTheah(s, { ...r, rowsHoled: 9 }, { ...THEAH_BROADSIDES, hullAtAllRows: 1 })
    expect(holed.hullDamage.value).toBe(s.hullPoints - 1)
    expect(holed.hullDamage.value).toBe(holed.hullDamage.terms.reduce((n, t) => n + t.value, 0))
    fc.assert(
      fc.property(
        fc.constantFrom(...ships),
        fc.constantFrom('afloat', 'sunk', 'struck', 'wiped'),
        fc.nat(12),
        fc.nat(12),
        fc.nat(3),
        fc.nat(8),
        fc.nat(8),
        fc.nat(40),
        fc.nat(40),
        (sh, status, rows, holed, masts, c0, c1, f0, f1) => {
          const x = broadsidesToTheah(sh, { status, rows, rowsHoled: Math.min(holed, rows), mastsDown: masts, cannonAtStart: c0, cannonLeft: Math.min(c0, c1), figuresAtStart: f0, figuresLeft: Math.min(f0, f1) }, THEAH_BROADSIDES)
          expect(x.hullDamage.value).toBeLessThanOrEqual(sh.hullPoints)
          // Only a ship that sank comes back with no hull left (house default).
          if (x.fate !== 'sunk') expect(x.hullDamage.value).toBeLessThan(sh.hullPoints)
          expect(x.riggingDamage.value).toBeLessThanOrEqual(sh.riggingPoints)
          expect(x.crewLost.value).toBeLessThanOrEqual(sh.crew)
          expect(x.hullDamage.value).toBe(x.hullDamage.terms.reduce((n, t) => n + t.value, 0))
        }
      )
    )
  })
})
