import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { atriliaToHighSeas, highSeasToAtrilia } from '../../src/shared/conversion/atrilia-high-seas'
import { ATRILIA_HIGH_SEAS, AtriliaHighSeasSchema } from '../../src/shared/conversion/tables'
import { ATRILIA_SHIPS } from '../../src/shared/atrilia/tables'
import { ParticipantSetup } from '../../src/shared/highseas/types'
import { ATRILIA_TABLES, RULE_TABLES } from '../../src/shared/rules/tables'

describe('Atrilian ship → High Seas conversion: house default (issue 21)', () => {
  it('is a registered rule table an Atrilia campaign lists as its own, with a house-default source', () => {
    expect(RULE_TABLES.conversionAtriliaHighSeas.source).toMatch(/House default: neither seed 00[0-3] nor seed 00[0-3] converts/)
    expect(ATRILIA_TABLES).toContain('conversionAtriliaHighSeas')
    expect(AtriliaHighSeasSchema.safeParse({ ...ATRILIA_HIGH_SEAS, kmhPerSpeed: 0 }).error!.issues[0]!.path).toEqual(['kmhPerSpeed'])
  })

  it('a small galley: size 2 numbers, oars, no cannon, Speed from her fastest km an hour', () => {
    const galley = ATRILIA_SHIPS.find((x) => x.key === 'smallGalley')!
    const n = atriliaToHighSeas({ size: 2, crewQuality: 3, marines: 4 }, galley, ATRILIA_HIGH_SEAS)
    expect(n.hull).toBe('smallWarship')
    expect(n.hullPoints.value).toBe(40)
    expect(n.speed.value).toBe(Math.ceil(galley.speedKmh.max / 3))
    expect(n.oars).toBe(true)
    // RULES.md §3 "Marines": 25 men a strength point.
    expect(n.marines.value).toBe(100)
    expect(n.threatRating.value).toBe(2)
  })

  it('is total over the Atrilian catalogue: every type, size, quality and marines make a valid High Seas participant (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ATRILIA_SHIPS), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 }), fc.nat(20), (type, size, q, marines) => {
        const n = atriliaToHighSeas({ size, crewQuality: q, marines }, type, ATRILIA_HIGH_SEAS)
        const parsed = ParticipantSetup.safeParse({
          id: 'a',
          name: type.name,
          side: 'ours',
          kind: 'ship',
          hull: n.hull,
          hullPoints: n.hullPoints.value,
          riggingPoints: n.riggingPoints.value,
          speed: n.speed.value,
          handling: n.handling.value,
          size: n.size.value,
          threatRating: n.threatRating.value,
          guns: n.guns,
          crew: n.crew.value,
          marines: n.marines.value,
          powderTons: 0,
          oars: n.oars
        })
        expect(parsed.success).toBe(true)
        expect(n.marines.value).toBeLessThanOrEqual(n.crew.value)
      })
    )
  })

  it('back: sunk, captured, escaped off the map, crippled at half her hull; marines lost with her crew (property: never more than she had)', () => {
    const base = { status: 'afloat' as const, hullDamage: 20, hullPoints: 40, crewLost: 50, crewAtStart: 100, marinePoints: 4 }
    expect(highSeasToAtrilia(base, ATRILIA_HIGH_SEAS)).toMatchObject({ fate: 'crippled', marinesLost: { value: 2 } })
    expect(highSeasToAtrilia({ ...base, hullDamage: 19 }, ATRILIA_HIGH_SEAS).fate).toBe('afloat')
    expect(highSeasToAtrilia({ ...base, status: 'captured' }, ATRILIA_HIGH_SEAS).fate).toBe('captured')
    expect(highSeasToAtrilia({ ...base, status: 'escaped' }, ATRILIA_HIGH_SEAS).fate).toBe('exited')
    expect(highSeasToAtrilia({ ...base, status: 'destroyed' }, ATRILIA_HIGH_SEAS).fate).toBe('sunk')
    fc.assert(
      fc.property(fc.constantFrom('afloat', 'sunk', 'captured', 'escaped', 'destroyed'), fc.nat(100), fc.nat(200), fc.nat(20), (status, hd, crew, mp) => {
        const b = highSeasToAtrilia({ status, hullDamage: hd, hullPoints: 60, crewLost: Math.min(crew, 150), crewAtStart: 150, marinePoints: mp }, ATRILIA_HIGH_SEAS)
        expect(b.marinesLost.value).toBeLessThanOrEqual(mp)
        expect(b.marinesLost.value).toBeGreaterThanOrEqual(0)
      })
    )
  })
})
