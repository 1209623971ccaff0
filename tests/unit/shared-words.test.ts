import { describe, expect, it } from 'vitest'
import { fieldWords, problemWords, ruleSource, sideHolds, sideName, theShip, theSide, waterWords } from '../../src/shared/words'

describe('words built from names (issue 16, point 14)', () => {
  it('a voyage’s sides read as words, not as their keys', () => {
    expect(`won by ${sideName('ours')}`).toBe('won by our squadron')
    expect(`won by ${sideName('them')}`).toBe('won by the enemy')
    expect(`won by ${sideName('English')}`).toBe('won by the English side')
    expect(`${sideHolds('ours')} the sea`).toBe('our squadron holds the sea')
    expect(`${sideHolds('Pirates')} the sea`).toBe('Pirates hold the sea')
  })
  it('a ship whose name brings its own article is not given a second one', () => {
    expect(`Captain of ${theShip('Le Marchand Doré')}`).toBe('Captain of Le Marchand Doré')
    expect(`Captain of ${theShip('The Black Pearl')}`).toBe('Captain of The Black Pearl')
    expect(`Captain of ${theShip("L'Étoile")}`).toBe("Captain of L'Étoile")
    expect(`Captain of ${theShip('Swan')}`).toBe('Captain of the Swan')
    expect(`Captain of ${theShip('Las Golondrinas')}`).toBe('Captain of Las Golondrinas')
    expect(`Captain of ${theShip('Lesser Auk')}`).toBe('Captain of the Lesser Auk')
    expect(`Captain of ${theShip('Lark')}`).toBe('Captain of the Lark')
    expect(`Captain of ${theShip('Ostrich')}`).toBe('Captain of the Ostrich')
  })
  it('a battle side named with its own article or possessive keeps it, lower-cased, in a sentence', () => {
    expect(`won by ${theSide('Privateers')}`).toBe('won by the Privateers')
    expect(`won by ${theSide('The squadron')}`).toBe('won by the squadron')
    expect(`won by ${theSide('A lightly armed Vendel Frigate (Small Warship)')}`).toBe('won by a lightly armed Vendel Frigate (Small Warship)')
    expect(`won by ${theSide('Our side')}`).toBe('won by our side')
    expect(`won by ${theSide('Theban raiders')}`).toBe('won by the Theban raiders')
    // An article of another tongue is kept as it is, as a ship's name keeps it.
    expect(`won by ${theSide('Les Corsaires')}`).toBe('won by Les Corsaires')
  })
})

describe('rule sources, fields and waters in words (issue 16, point 14)', () => {
  it('a bare chapter of seed 003 is named by its title', () => {
    expect(ruleSource('every marine and officer (seed 003 V)')).toBe('every marine and officer (High Seas Combat, V. Of Grappling and Boarding)')
    expect(ruleSource('Winds for the voyage (seed 003 II)')).toBe('Winds for the voyage (High Seas Combat, II. Of Sea Travel)')
    expect(ruleSource('Seed 003, V. Of Grappling and Boarding (¼ merchantman)')).toBe('High Seas Combat, V. Of Grappling and Boarding (¼ merchantman)')
    expect(ruleSource('Seed 003, I.2 Crew')).toBe('High Seas Combat, I.2 Crew')
    // The project's work items are not a GM's sources.
    expect(ruleSource('House default (issue 21): from seed 000, the squadron along the bottom edge')).toBe('House default: from Galleys & Galleons house rules, the squadron along the bottom edge')
    expect(ruleSource('House default (issues 18 and 21)')).toBe('House default')
  })
  it('a field of a rule table and a zod problem read as words', () => {
    expect(fieldWords(['maxPerCharacter'])).toBe('Max per character')
    expect(fieldWords(['hulls', 'sloop', 'baseCost'])).toBe('Hulls, sloop, base cost')
    expect(fieldWords(['towns', 0])).toBe('Towns, entry 1')
    expect(problemWords('Invalid input: expected number, received null')).toBe('a number is needed')
    expect(problemWords('Number must be less than or equal to 1000')).toBe('Number must be less than or equal to 1000')
  })
  it('a kind of water reads as part of a sentence', () => {
    expect(`open sea counts as ${waterWords('seaLane')}`).toBe('open sea counts as a major sea lane')
    expect(`open sea counts as ${waterWords('coastal')}`).toBe('open sea counts as coastal waters')
  })
})
