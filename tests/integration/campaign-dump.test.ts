import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { playSixVoyages, type CampaignDump } from '../../scripts/campaign-dump'
import { ROOT } from '../helpers'

/**
 * Issue 15: the campaign layer is moved, not changed. A scripted six-voyage campaign (encounters
 * fought, a prize taken, its hold sold in a haven, booty divided, a company's trading ventures, upkeep,
 * careening, repairs, a special event) dumps every table of its file exactly as the saved fixture,
 * which was written by the code before the move (`npx tsx scripts/campaign-dump.ts
 * tests/fixtures/six-voyages.dump.json`). A change that means to change behaviour writes it anew.
 */
describe('the six-voyage campaign', () => {
  it('dumps every table of the campaign file exactly as the saved fixture', async () => {
    const fixture = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/six-voyages.dump.json'), 'utf8')) as CampaignDump
    const dump = await playSixVoyages()
    // What the script covers is really there (so the comparison is not of empty tables).
    const rows = (t: string) => dump[t]?.rows.length ?? 0
    expect(rows('voyage')).toBe(6)
    expect(rows('battle')).toBeGreaterThanOrEqual(3)
    expect(rows('booty_entry')).toBeGreaterThan(0)
    expect(rows('trade_venture')).toBe(2)
    expect(rows('company')).toBe(1)
    expect(rows('prize_captor')).toBe(1)
    expect(Object.keys(dump).sort()).toEqual(Object.keys(fixture).sort())
    for (const table of Object.keys(fixture)) expect({ table, ...dump[table] }).toEqual({ table, ...fixture[table] })
  })
})
