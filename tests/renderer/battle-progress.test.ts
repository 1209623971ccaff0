import { describe, expect, it } from 'vitest'
import { battleProgress } from '../../src/renderer/src/components/battle/battleText'

// The words the battles list and the dashboard's "Under way" card both give a battle (issue 17: a decided
// battle says how long it lasted, not the turn after its last).
describe('where a listed battle stands', () => {
  it('the turn being fought while it is fought', () => {
    expect(battleProgress({ over: false, status: 'active', turn: 3, turnsPlayed: 2 })).toBe('Turn 3')
  })
  it('once decided (concluded or not): over after the turns played', () => {
    expect(battleProgress({ over: true, status: 'active', turn: 5, turnsPlayed: 4 })).toBe('Over after 4 turns')
    expect(battleProgress({ over: true, status: 'concluded', turn: 2, turnsPlayed: 1 })).toBe('Over after 1 turn')
    expect(battleProgress({ over: true, status: 'active', turn: 1, turnsPlayed: 0 })).toBe('Over before the first turn')
  })
  it('concluded before it was decided: broken off', () => {
    expect(battleProgress({ over: false, status: 'concluded', turn: 3, turnsPlayed: 2 })).toBe('Broken off after 2 turns')
  })
})
