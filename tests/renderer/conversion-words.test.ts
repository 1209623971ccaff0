import { describe, expect, it } from 'vitest'
import { CONVERSION_RULESETS, CONVERSION_RULESET_NAMES, numberName, withoutField } from '../../src/renderer/src/components/voyage/conversionText'
import { theName } from '../../src/renderer/src/components/galleys/galleysText'

// The words of fighting an encounter under other rules (issue 21): the card's list comes from the words map,
// a converted number is named in words (never its key), the door's field path is taken off its message, and
// a converted battle's players ("The squadron") read in a sentence without a doubled article.
describe('the words of a converted battle', () => {
  it('offers every ruleset of the words map, by name', () => {
    expect(CONVERSION_RULESETS).toEqual(expect.arrayContaining(['galleys', 'broadsides']))
    expect(CONVERSION_RULESET_NAMES.galleys).toBe('Galleys & Galleons table')
    expect(CONVERSION_RULESET_NAMES.broadsides).toBe('Broadsides & Boarding Parties duel')
    // A ruleset the door adds is offered by its name in words, never its key.
    for (const r of CONVERSION_RULESETS) expect(CONVERSION_RULESET_NAMES[r]).toMatch(/^[A-Z][^]* [a-z]+$/)
  })
  it('names a converted number in words, one it does not know from its key split into words', () => {
    expect(numberName('hullPoints')).toBe('Hull points')
    expect(numberName('class')).toBe('Deck')
    expect(numberName('marinePoints')).toBe('Marine points')
  })
  it('takes the field path off the door’s words', () => {
    expect(withoutField('adjustments.0.quality: must be at most 6')).toBe('Must be at most 6')
    expect(withoutField('lines.1.hullDamage: the Sea Dog has 25 hull points: her damage cannot be more.')).toBe('The Sea Dog has 25 hull points: her damage cannot be more.')
  })
  it('puts a player in a sentence: "the English", "the squadron", "a lightly armed Vendel Frigate"', () => {
    expect(theName('English')).toBe('the English')
    expect(theName('The squadron')).toBe('the squadron')
    expect(theName('A lightly armed Vendel Frigate (Small Warship)')).toBe('a lightly armed Vendel Frigate (Small Warship)')
  })
})

// An Atrilian ship in the conversion dialog (issue 21): crew quality and improvements by the Atrilian pages' words (seed 002 §2, §7).
describe('the words of an Atrilian ship converted', () => {
  it('says her crew quality and improvements as the Atrilian ship sheet and shipyard do, never a key', async () => {
    const { crewQualityWord, improvementWord } = await import('../../src/renderer/src/components/voyage/conversionText')
    expect([1, 2, 3, 4].map(crewQualityWord)).toEqual(['Slave', 'Green', 'Veteran', 'Elite'])
    expect(crewQualityWord(7)).toBe('Not a crew quality')
    expect(improvementWord('ram')).toBe('Ram')
    expect(improvementWord('castle')).toBe('Castle')
    expect(improvementWord('somethingNew')).toBe('An improvement')
    expect(numberName('crewQuality')).toBe('Crew quality')
    expect(numberName('threatRating')).toBe('Threat Rating')
    expect(numberName('type')).toBe('Ship type')
  })
})
