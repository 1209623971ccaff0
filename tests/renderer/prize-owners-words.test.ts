import { describe, expect, it } from 'vitest'
import { prizeOwnersWords } from '../../src/renderer/src/components/voyage/conversionText'

/** Seed 003 VII prizes (issue 21): the review dialogs say the door's prize-owners check at the field, as sentences. */
describe('seed 003 VII prizes: a captured ship’s new owners, in the review dialogs’ words', () => {
  it('the dialogs say the same at the field, as sentences', () => {
    expect(prizeOwnersWords([{ ownerId: 1, share: 60 }])).toBe('The shares must add up to 100% (they add up to 60%).')
    expect(prizeOwnersWords([{ ownerId: 1, share: 50 }, { ownerId: 1, share: 50 }])).toBe('Each owner may appear once.')
    expect(prizeOwnersWords([{ ownerId: 1, share: 100 }])).toBeNull()
  })
})
