import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { atriliaToTheah, theahToAtrilia } from '../../src/shared/conversion/theah-atrilia'
import { THEAH_ATRILIA, TheahAtriliaSchema } from '../../src/shared/conversion/tables'
import { generateShip } from '../../src/shared/highseas/generate'
import { DEFAULT_SHIP_RULES } from '../../src/shared/ship/quote'
import { HULLS } from '../../src/shared/ship/design'
import { CREW_KINDS, ParticipantSetup } from '../../src/shared/highseas/types'
import { GeneratedShip } from '../../src/shared/commands/battles'
import { ATRILIA_SHIPS } from '../../src/shared/atrilia/tables'
import { EncounterBattleChoices, encounterSetup } from '../../src/shared/atrilia/encounter-setup'
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

describe('Théah → Atrilian hex battle conversion: house default (issue 21)', () => {
  it('is a registered rule table with a house-default source; its types are the Atrilian catalogue’s', () => {
    expect(RULE_TABLES.conversionTheahAtrilia.source).toMatch(/House default: neither seed 00[0-3] nor seed 00[0-3] converts/)
    for (const k of Object.values(THEAH_ATRILIA.typeByHull)) expect(ATRILIA_SHIPS.map((x) => x.key)).toContain(k)
    expect(TheahAtriliaSchema.safeParse({ ...THEAH_ATRILIA, size2From: 5, size3From: 3 }).error!.issues[0]!.path).toEqual(['size3From'])
  })

  it('size from her Théah Size, quality from her crew, marines in strength points, a castle on a big hull', () => {
    const galleon = catalogue().find((s) => s.hull === 'galleon' && s.crewKind === 'naval')!
    // RULES.md §3 "Marines": one strength point = 25 men, so 110 marines are 4 points (rounded).
    const c = theahToAtrilia({ ...galleon, marines: 110 }, THEAH_ATRILIA)
    expect(c.size.value).toBe(galleon.size >= 4 ? 3 : galleon.size >= 2 ? 2 : 1)
    expect(c.crewQuality.value).toBe(3)
    expect(c.marines.value).toBe(4)
    expect(c.profile.castle).toBe(galleon.size >= 4)
  })

  it('is total over the catalogue: any two converted squadrons make a valid hex battle set-up (property)', () => {
    const ships = catalogue()
    fc.assert(
      fc.property(fc.constantFrom(...ships), fc.constantFrom(...ships), fc.nat(9999), (a, b, marines) => {
        const fleet = (name: string, s: typeof a, id: string) => ({ name, nation: 'other' as const, ships: [{ id, name: s.name, shipId: null, profile: theahToAtrilia(s, THEAH_ATRILIA).profile }] })
        const out = encounterSetup({
          name: 'Test',
          squadron: fleet('Ours', { ...a, marines: Math.min(marines, a.crew) }, 'a'),
          encounter: fleet('Theirs', b, 'b'),
          near: null,
          choices: EncounterBattleChoices.parse({}),
          seed: 1
        })
        expect(out.problems).toEqual([])
        expect(out.setup).not.toBeNull()
      }),
      { numRuns: 60 }
    )
  })

  it('back: sunk takes her hull, crippled half, held by the other side is captured, off the map escaped; marine points lost are hands (property: within her numbers)', () => {
    const ships = catalogue()
    const s = ships[0]!
    const base = { status: 'afloat' as const, crippled: true, taken: false, marinesAtStart: 3, marinesLeft: 1 }
    const b = atriliaToTheah(s, base, THEAH_ATRILIA)
    expect(b.fate).toBe('afloat')
    expect(b.hullDamage.value).toBe(s.hullDamage + Math.round(0.5 * s.hullPoints))
    expect(b.crewLost.value).toBe(Math.min(s.crew, 2 * 25))
    expect(atriliaToTheah(s, { ...base, taken: true }, THEAH_ATRILIA).fate).toBe('captured')
    expect(atriliaToTheah(s, { ...base, status: 'exited' }, THEAH_ATRILIA).fate).toBe('escaped')
    expect(atriliaToTheah(s, { ...base, status: 'sunk' }, THEAH_ATRILIA).hullDamage.value).toBe(s.hullPoints)
    // Crippled and taken under a table that reads crippled as her whole hull: she keeps her last hull point.
    const whole = atriliaToTheah(s, { ...base, taken: true }, { ...THEAH_ATRILIA, crippledShare: 1 })
    expect(whole.hullDamage.value).toBe(s.hullPoints - 1)
    expect(whole.hullDamage.terms.at(-1)!.label).toBe('she did not sink there: her last hull point kept (house default)')
    fc.assert(
      fc.property(fc.constantFrom(...ships), fc.constantFrom('afloat', 'sunk', 'exited'), fc.boolean(), fc.boolean(), fc.nat(20), fc.nat(20), (sh, status, crippled, taken, m0, m1) => {
        const x = atriliaToTheah(sh, { status, crippled, taken, marinesAtStart: m0, marinesLeft: Math.min(m0, m1) }, THEAH_ATRILIA)
        expect(x.hullDamage.value).toBeLessThanOrEqual(sh.hullPoints)
        // Only a ship that sank comes back with no hull left (house default).
        if (x.fate !== 'sunk') expect(x.hullDamage.value).toBeLessThan(sh.hullPoints)
        expect(x.riggingDamage.value).toBeLessThanOrEqual(sh.riggingPoints)
        expect(x.crewLost.value).toBeLessThanOrEqual(sh.crew)
      })
    )
  })
})
