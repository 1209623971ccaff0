import { describe, expect, it } from 'vitest'
import { rollWords } from '../../src/renderer/src/players/playersText'
import { playersRefusal } from '../../src/renderer/src/composables/usePlayersScreen'
import { CommandFailure } from '../../src/renderer/src/door'

/** The words of the players' screen (issue 21): a roll of the last step. */
describe("the players' screen: a roll in words", () => {
  it('one die reads "rolled 3" (never "3 = 3"); dice summed show their sum; a total not their sum is given apart; results only, the number', () => {
    expect(rollWords({ purpose: 'Weather change', dice: [3], total: 3 })).toBe('Weather change: rolled 3')
    expect(rollWords({ purpose: 'Gunnery', dice: [2, 5], total: 7 })).toBe('Gunnery: rolled 2 + 5 = 7')
    expect(rollWords({ purpose: 'Broadside', dice: [7, 3, 9], total: 16 })).toBe('Broadside: rolled 7, 3, 9 — 16')
    expect(rollWords({ purpose: 'Weather change', dice: null, total: 3 })).toBe('Weather change: 3')
    expect(rollWords({ purpose: 'Weather change', dice: [], total: 3 })).toBe('Weather change: 3')
    expect(rollWords({ purpose: 'the opening wind', dice: [3], total: 3 })).toBe('The opening wind: rolled 3')
  })
})

describe("the players' screen dialogs: a refusal in words", () => {
  it('the door’s words for the field without its key, as a sentence; a refusal with no issues keeps its sentence, any key at its head taken off', () => {
    const scale = new CommandFailure({ code: 'invalid_input', message: 'mmPerPx: must be at least 0.01 mm a pixel', details: { issues: [{ field: 'mmPerPx', message: 'must be at least 0.01 mm a pixel' }] } })
    expect(playersRefusal(scale)).toBe('Must be at least 0.01 mm a pixel.')
    expect(playersRefusal(new CommandFailure({ code: 'not_found', message: 'There is no such voyage.', details: { field: 'voyageId' } }))).toBe('There is no such voyage.')
    expect(playersRefusal(new CommandFailure({ code: 'invalid_input', message: 'voyageId: choose a battle or a voyage to show, not both.' }))).toBe('Choose a battle or a voyage to show, not both.')
  })
})
