import { describe, expect, it } from 'vitest'
import { prizeOwnersProblem } from '../../src/shared/highseas/review'

/**
 * Seed 003 VII (Of the Rewards of a Pirate's Life: a prize is her captors'), issue 16 point 10 and issue 21:
 * a captured ship passes to owners by whole-percent shares; the one check every review's door and dialog share.
 */
describe('seed 003 VII prizes: a captured ship’s new owners as a whole', () => {
  it('shares adding up to 100%, each owner once, are right; no owners is no problem (she passes to nobody)', () => {
    expect(prizeOwnersProblem([])).toBeNull()
    expect(prizeOwnersProblem([{ ownerId: 1, share: 100 }])).toBeNull()
    expect(prizeOwnersProblem([{ ownerId: 1, share: 60 }, { ownerId: 2, share: 40 }])).toBeNull()
  })
  it('a total other than 100% says what it adds up to; an owner twice is refused', () => {
    expect(prizeOwnersProblem([{ ownerId: 1, share: 60 }])).toBe('shares must add up to 100% (they add up to 60%)')
    expect(prizeOwnersProblem([{ ownerId: 1, share: 70 }, { ownerId: 2, share: 40 }])).toBe('shares must add up to 100% (they add up to 110%)')
    expect(prizeOwnersProblem([{ ownerId: 1, share: 50 }, { ownerId: 1, share: 50 }])).toBe('each owner may appear once')
  })
})
