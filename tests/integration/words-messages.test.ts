/**
 * Words a GM reads in the journal and in error messages name fields and waters in words, not by their
 * keys (issue 16, point 14).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { failureOf, makeSession, openSeededCampaign, type TestSession } from '../helpers'

let t: TestSession
beforeEach(async () => {
  t = makeSession()
  await openSeededCampaign(t, { seed: 7, name: 'Words Test' })
})
afterEach(async () => {
  await t.cleanup()
})

describe('messages in words (issue 16, point 14)', () => {
  it('a refused rule table value names the field in words, not its key', async () => {
    const err = await failureOf(t.door, 'rules.set', { table: 'heroPoints', value: { guildersPerPoint: 600, maxPerCharacter: null } })
    expect(err.code).toBe('invalid_input')
    expect(err.message).toBe('Max per character: a number is needed')
    expect(err.message).not.toMatch(/maxPerCharacter|value\./)
  })
  it('the chart settings and sea areas in the journal say what the open sea counts as', async () => {
    await t.door.call('chart.configure', { defaultWater: 'seaLane' })
    const { entries } = await t.door.call('history.list', { limit: 5 })
    const summary = entries.find((e) => e.command === 'chart.configure')!.summary
    expect(summary).toMatch(/open sea counts as a major sea lane$/)
    expect(summary).not.toMatch(/seaLane/)
  })
})
