import { describe, expect, it } from 'vitest'
import { sideHolds, sideName, theShip } from '../../src/shared/words'

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
    expect(`Captain of ${theShip('Lark')}`).toBe('Captain of the Lark')
    expect(`Captain of ${theShip('Ostrich')}`).toBe('Captain of the Ostrich')
  })
})
