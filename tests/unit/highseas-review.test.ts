import { describe, expect, it } from 'vitest'
import { reviewProblems, type ReviewLineLike } from '../../src/shared/highseas/review'
import { fort, setup, ship } from './highseas-helpers'

/** Issue 16, point 4: a battle's review is checked against the limits the engine knows, each problem at its field. */

const su = setup([ship('a', 'corsair', 'A', { name: 'Sea Dog' }), ship('b', 'merchantman', 'B', { name: 'Fortune' }), fort('f', 'B', { name: 'San Felipe' })])
const a = su.participants[0]!
const f = su.participants[2]!
const line = (x: Partial<ReviewLineLike> & { participantId: string }): ReviewLineLike => ({
  fate: 'afloat',
  hullDamage: 0,
  riggingDamage: 0,
  crewAfter: 10,
  crewLost: 0,
  powderAfter: 0,
  ...x
})

describe('the battle review (issue 16, point 4)', () => {
  it('seed 003 IV DAMAGE: a review the engine could have left passes', () => {
    expect(reviewProblems(su, [line({ participantId: 'a', hullDamage: a.hullPoints - 1, riggingDamage: a.riggingPoints, crewAfter: a.crew, powderAfter: a.powderTons })])).toEqual([])
    expect(reviewProblems(su, [line({ participantId: 'a', fate: 'sunk', hullDamage: a.hullPoints })])).toEqual([])
  })
  it('seed 003 IV DAMAGE: hull damage beyond her Hull points, and all of them with fate Afloat, are refused at their fields', () => {
    const over = reviewProblems(su, [line({ participantId: 'b' }), line({ participantId: 'a', hullDamage: a.hullPoints + 1 })])
    expect(over).toEqual([{ line: 1, key: 'hullDamage', field: 'lines.1.hullDamage', message: `At most ${a.hullPoints}: her Hull points (she has ${a.hullPoints} Hull points).` }])
    const afloat = reviewProblems(su, [line({ participantId: 'a', hullDamage: a.hullPoints })])
    expect(afloat).toHaveLength(1)
    expect(afloat[0]).toMatchObject({ key: 'fate', field: 'lines.0.fate' })
    expect(afloat[0]!.message).toBe(`${a.hullPoints} hull damage takes all ${a.hullPoints} of her Hull points: she is sunk, not afloat. Choose Sunk, or less damage.`)
    // A town's Hull points are the damage at which it surrenders: taken at all of them, no problem.
    const town = setup([ship('a', 'corsair', 'A'), { ...f, id: 't', kind: 'town', name: 'Ciudad' }])
    expect(reviewProblems(town, [line({ participantId: 't', fate: 'captured', hullDamage: f.hullPoints })])).toEqual([])
    // A fort with no Structure left is destroyed, not afloat.
    expect(reviewProblems(su, [line({ participantId: 'f', hullDamage: f.hullPoints })])[0]!.message).toContain('she is destroyed, not afloat. Choose Destroyed')
  })
  it('rigging beyond her Rigging points, crew beyond those aboard, powder beyond what she carried: each at its field', () => {
    const p = reviewProblems(su, [
      line({ participantId: 'a', riggingDamage: a.riggingPoints + 1, crewAfter: a.crew + 1, crewLost: a.crew + 5, powderAfter: a.powderTons + 0.5 })
    ])
    expect(p.map((x) => x.field)).toEqual(['lines.0.riggingDamage', 'lines.0.crewAfter', 'lines.0.crewLost', 'lines.0.powderAfter'])
    expect(p[1]!.message).toBe(`At most ${a.crew}: ${a.crew} souls were aboard when the battle began.`)
  })
})
