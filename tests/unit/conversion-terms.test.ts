/**
 * The conversions (issue 21, house defaults) say every limit they apply: a clamp is a term of the number's
 * breakdown ("capped at N (house default)"), a ship class the ship-deck table lacks is refused at its
 * field rather than sailed with no cannon, and a hull that is not known is a labelled default. The Théah
 * side is seed 003 I; the Broadsides decks seed 001 (rules guide §5); the Atrilian ship seed 002 §2.
 */
import { describe, expect, it } from 'vitest'
import { CalcInputError } from '../../src/shared/battle/calc-error'
import { ATRILIA_SHIPS } from '../../src/shared/atrilia/tables'
import { BROADSIDES_TEMPLATES } from '../../src/shared/broadsides/tables'
import { atriliaToHighSeas } from '../../src/shared/conversion/atrilia-high-seas'
import { ATRILIA_HIGH_SEAS, THEAH_BROADSIDES, THEAH_GALLEYS } from '../../src/shared/conversion/tables'
import { theahToBroadsides } from '../../src/shared/conversion/theah-broadsides'
import { theahToGalleys } from '../../src/shared/conversion/theah-galleys'
import type { TheahShip } from '../../src/shared/conversion/theah-galleys'

const ship: TheahShip & { hull?: 'smallWarship' } = {
  name: 'Sea Dog',
  crewKind: 'naval',
  handling: 3,
  size: 2,
  speed: 5,
  guns: { port: 6, starboard: 6, chasers: 2, stern: 2 },
  crew: 90,
  marines: 0,
  hullPoints: 60,
  riggingPoints: 20,
  hullDamage: 0,
  riggingDamage: 0,
  shallowDraft: false,
  oars: false
}
const refusal = (f: () => unknown): CalcInputError => {
  try {
    f()
  } catch (e) {
    if (e instanceof CalcInputError) return e
    throw e
  }
  throw new Error('not refused')
}

describe('Théah → Broadsides (seed 001 decks, rules guide §5): the class she sails as, in words', () => {
  it('seed 003 I hulls by their names: a small warship hull sails as the Frigate deck and has its 8 cannon', () => {
    const c = theahToBroadsides({ ...ship, hull: 'smallWarship' }, THEAH_BROADSIDES, BROADSIDES_TEMPLATES)
    expect(c.class).toEqual({ value: 'frigate', name: 'Frigate', why: 'a small warship hull sails as the Frigate deck' })
    expect(c.cannon.value).toBe(8)
  })

  it('a hull that is not known sails as a merchantman, said as a house default', () => {
    const c = theahToBroadsides(ship, THEAH_BROADSIDES, BROADSIDES_TEMPLATES)
    expect(c.class.value).toBe('merchantman')
    expect(c.class.why).toBe('her hull is not known, so she sails as a merchantman (house default): the Merchantman deck')
  })

  it('a class the ship-deck table lacks is refused at the conversion table’s entry (never 0 cannon); the GM’s choice is refused at her class', () => {
    const t = { ...THEAH_BROADSIDES, classByHull: { ...THEAH_BROADSIDES.classByHull, smallWarship: 'sloop' } }
    const e = refusal(() => theahToBroadsides({ ...ship, hull: 'smallWarship' }, t, BROADSIDES_TEMPLATES))
    expect(e.field).toBe('classByHull.smallWarship')
    expect(e.message).toMatch(/^the conversion table sails a small warship hull as the ship class “sloop”, which the ship-deck table does not have \(its classes: Frigate, Merchantman\)/)
    expect(refusal(() => theahToBroadsides({ ...ship, hull: 'smallWarship' }, THEAH_BROADSIDES, BROADSIDES_TEMPLATES, 'junk')).field).toBe('class')
    // The GM's class for this battle: her deck and its cannon are that class's, and the why says so.
    const chosen = theahToBroadsides({ ...ship, hull: 'smallWarship' }, t, BROADSIDES_TEMPLATES, 'merchantman')
    expect(chosen.class).toMatchObject({ value: 'merchantman', name: 'Merchantman', why: 'the GM’s choice for this battle, the Merchantman deck' })
    expect(chosen.cannon.value).toBe(4)
    expect(theahToBroadsides({ ...ship, hull: 'smallWarship' }, THEAH_BROADSIDES, BROADSIDES_TEMPLATES, 'merchantman').class.why).toBe(
      'the GM’s choice for this battle, the Merchantman deck (by the conversion table a small warship hull sails as the Frigate deck)'
    )
  })

  it('crew figures capped at 40 and at least 1, each a term', () => {
    const big = theahToBroadsides({ ...ship, crew: 900 }, THEAH_BROADSIDES, BROADSIDES_TEMPLATES).crew
    expect(big.value).toBe(40)
    expect(big.terms.at(-1)).toEqual({ label: 'capped at 40 (house default: the most crew a Broadsides ship carries)', value: 40 - Math.round(900 / 8) })
    expect(big.terms.reduce((n, x) => n + x.value, 0)).toBe(40)
  })
})

describe('Théah → Galleys & Galleons: each clamp a term', () => {
  it('Combat capped at 12, points capped at 10000, Quality never better than 2: each shown in the breakdown', () => {
    const c = theahToGalleys({ ...ship, guns: { port: 90, starboard: 90, chasers: 0, stern: 0 } }, THEAH_GALLEYS)
    expect(c.combat.value).toBe(12)
    expect(c.combat.terms.at(-1)!.label).toBe('capped at 12 (house default: the most Combat a ship has on the table)')
    // The points cap is beyond what the table's ranges reach; a table outside them shows it as a term.
    const p = theahToGalleys(ship, { ...THEAH_GALLEYS, pointsPerCombat: 5000 }).points
    expect(p.value).toBe(10000)
    expect(p.terms.at(-1)!.label).toBe('capped at 10000 (house default: the most points a ship has on the table)')
    expect(p.terms.reduce((n, x) => n + x.value, 0)).toBe(10000)
    const best = theahToGalleys({ ...ship, handling: 9 }, { ...THEAH_GALLEYS, qualityByCrew: { ...THEAH_GALLEYS.qualityByCrew, naval: 2 } }).quality
    expect(best.value).toBe(2)
    expect(best.terms.at(-1)).toEqual({ label: 'Handling 9 (5 or more): one better, capped at 2 (the best Quality)', value: 0 })
  })
})

describe('Atrilian ship (seed 002 §2) → High Seas: each clamp a term', () => {
  const galley = ATRILIA_SHIPS.find((x) => x.key === 'smallGalley')!
  it('a war gaming size or crew quality beyond the table’s grades is read within them, said in the term', () => {
    const n = atriliaToHighSeas({ size: 5, crewQuality: 6, marines: 0 }, galley, ATRILIA_HIGH_SEAS)
    expect(n.hullPoints).toEqual({ value: ATRILIA_HIGH_SEAS.hullPointsBySize.s3, terms: [{ label: 'war gaming size 5, read as 3 (capped at 1 to 3, house default: the table’s grades)', value: ATRILIA_HIGH_SEAS.hullPointsBySize.s3 }] })
    expect(n.threatRating.terms[0]!.label).toBe('crew quality 6, read as 4 (capped at 1 to 4, house default: the table’s grades)')
    expect(atriliaToHighSeas({ size: 2, crewQuality: 3, marines: 0 }, galley, ATRILIA_HIGH_SEAS).hullPoints.terms[0]!.label).toBe('war gaming size 2')
  })
  it('Speed at least 1 is a term of its own', () => {
    const n = atriliaToHighSeas({ size: 1, crewQuality: 2, marines: 0 }, { ...galley, speedKmh: { min: 0, max: 0 } }, ATRILIA_HIGH_SEAS)
    expect(n.speed).toEqual({ value: 1, terms: [{ label: 'her fastest 0 km an hour, one Speed for each 3 (rounded up)', value: 0 }, { label: 'at least 1 (house default: every ship moves)', value: 1 }] })
  })
})
