import { describe, expect, it } from 'vitest'
import { reminderSourceText, ruleSource } from '../../src/shared/words'

describe('words a GM reads (issue 16, point 14)', () => {
  it('names the rule texts by their titles, not the project’s file numbers', () => {
    expect(ruleSource('Seed 003, IV. Of Naval Combat')).toBe('High Seas Combat, IV. Of Naval Combat')
    expect(ruleSource('House default (rules guide §2, "Time": the calendar is data)')).toBe(
      'House default (Quarterdeck\'s rule notes, "Time": the calendar is data)'
    )
    expect(ruleSource('Seed 002 (galleys); seed 003 I. Of Ship Construction')).toBe(
      'Naval Rules (Atrilia) (galleys); High Seas Combat I. Of Ship Construction'
    )
    expect(ruleSource('A Pilot check')).toBe('A Pilot check')
  })
  it('never shows a reminder’s internal source key', () => {
    expect(reminderSourceText('gm')).toBeNull()
    expect(reminderSourceText('ship:1')).toBe('set when she was commissioned')
    expect(reminderSourceText('ship:12')).not.toContain('ship:')
  })
})
