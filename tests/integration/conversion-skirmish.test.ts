/**
 * A skirmish of the Skirmish screen fought under other rules (issue 21), through the one door: its
 * participant list (campaign ships and ships made from the encounter table; no voyage) previewed as the
 * encounter's conversion is, refused at `ruleset` where those rules cannot fight it (a fort; a duel of more
 * than one ship a side), started under Galleys & Galleons, a Broadsides duel and the Atrilian hex map,
 * played by the computer to the end, reviewed in Théah numbers and concluded: the campaign ships written
 * back as the review said, in one undoable change.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dropSample, openSample, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const shipRow = (id: number) =>
  s.db().prepare(`SELECT hull_damage, rigging_damage, crew, status FROM ship WHERE id = ?`).get(id) as { hull_damage: number; rigging_damage: number; crew: number; status: string }

/** The Sea Dog (GM) on "Tortuga" against a heavily armed Castillian merchantman (the AI) on "Castille". */
const duel = () => [
  { shipId: s.ids.seaDog, side: 'Tortuga', crewKind: 'pirate', control: 'gm' },
  { generate: { hull: 'merchantman', frigate: false, armament: 'heavy', nation: 'Castille', crewKind: 'merchant', behaviour: 'merchant' }, side: 'Castille', control: 'ai' }
]

type Line = { ship: string; shipId: number | null; fate: string; hullDamage: number; riggingDamage: number; crewLost: number; name?: string; side?: string; how?: string[] }

/** Every step resolved by the computer (both sides handed to it) until the battle is decided. */
async function playOut(battleId: number, sides: string[], most: number): Promise<number> {
  for (const side of sides) await s.call('battles.sideControl', { battleId, side, control: 'ai' })
  for (let steps = 0; steps < most; steps++) {
    const out = (await s.call('battles.resolveStep', { battleId })) as { outcome: unknown }
    if (out.outcome) return steps + 1
  }
  throw new Error(`the battle was not decided in ${most} steps`)
}

describe('a skirmish fought under other rules (issue 21)', () => {
  it('house default (issue 21): the preview of a participant list is the encounter’s, its sides by their names; what those rules cannot fight is refused at ruleset, nothing changed', async () => {
    const before = s.snapshot()
    const view = await s.call('battles.skirmishConversion', { participants: duel(), ruleset: 'galleys' })
    expect(s.snapshot()).toEqual(before)
    expect(view).toMatchObject({ converted: true, voyageId: null, rulesetName: 'Galleys & Galleons' })
    expect(view.ships.map((x) => x.side)).toEqual(['Tortuga', 'Castille'])
    expect(view.ships[0]!.shipId).toBe(s.ids.seaDog)
    expect(view.notes.join(' ')).toMatch(/starting range and the weather are High Seas Combat’s/)
    // A fort has no place on the table.
    const withFort = [...duel(), { fort: { size: 'small', name: 'Fort Bravo', nation: '' }, side: 'Castille', control: 'ai' }]
    expect(await s.fail('battles.skirmishConversion', { participants: withFort, ruleset: 'galleys' })).toMatchObject({ code: 'rule', details: { field: 'ruleset' } })
    expect((await s.fail('battles.skirmishConversion', { participants: withFort, ruleset: 'galleys' })).message).toMatch(/Fort Bravo cannot fight under .* only ships are converted/)
    // A duel is one ship a side.
    const three = [...duel(), { shipId: s.ids.santaLucia, side: 'Tortuga', control: 'gm' }]
    expect((await s.fail('battles.skirmishConversion', { participants: three, ruleset: 'broadsides' })).message).toMatch(/two ships, one a side: here “Tortuga” has 2 ships and “Castille” has 1 ship/)
    // High Seas is the skirmish's own: battles.start, not a conversion.
    expect(await s.fail('battles.startSkirmishUnder', { participants: duel(), ruleset: 'highseas' })).toMatchObject({ details: { field: 'ruleset' } })
    // An adjustment beyond the table's limits is refused at its field.
    expect(await s.fail('battles.startSkirmishUnder', { participants: duel(), ruleset: 'galleys', adjustments: [{ ship: view.ships[0]!.ship, quality: 9 }] })).toMatchObject({
      details: { issues: [expect.objectContaining({ field: 'adjustments.0.quality' })] }
    })
    expect(s.snapshot()).toEqual(before)
  })

  for (const c of [
    { ruleset: 'galleys' as const, sides: ['side1', 'side2'], most: 600, lines: (r: { campaign: { lines: Line[] } }) => r.campaign.lines, conclude: (lines: Line[]) => ({ lines }) },
    { ruleset: 'broadsides' as const, sides: null, most: 2000, lines: (r: { campaign: { lines: Line[] } }) => r.campaign.lines, conclude: (lines: Line[]) => ({ lines }) },
    { ruleset: 'atrilia' as const, sides: ['squadron', 'encounter'], most: 3000, lines: (r: { campaign: { lines: Line[] } }) => r.campaign.lines, conclude: (lines: Line[]) => ({ campaign: { lines } }) }
  ]) {
    it(`under the ${c.ruleset} rules: started with no voyage, played by the computer to the end, concluded as the GM edited the review, undone in one change`, async () => {
      const preview = await s.call('battles.skirmishConversion', { participants: duel(), ruleset: c.ruleset })
      const dog = preview.ships.find((x) => x.shipId === s.ids.seaDog)!
      const { battleId } = await s.call('battles.startSkirmishUnder', { participants: duel(), ruleset: c.ruleset, name: 'The action off Cabora', seed: 7 })
      const state = (await s.call('battles.state', { battleId })) as unknown as { ruleset: string; name?: string }
      expect(state.ruleset).toBe(c.ruleset)
      const steps = await playOut(battleId, c.sides ?? preview.ships.map((x) => x.ship), c.most)
      expect(steps).toBeGreaterThan(1)
      const review = (await s.call('battles.review', { battleId })) as unknown as { campaign: { lines: Line[]; skirmish?: boolean } }
      expect(review.campaign.skirmish).toBe(true)
      const lines = c.lines(review)
      expect(lines).toHaveLength(2)
      expect(lines.map((l) => l.side)).toEqual(['Tortuga', 'Castille'])
      const dogLine = lines.find((l) => l.shipId === s.ids.seaDog)!
      expect(dogLine.how!.join(' ')).toMatch(/read back by the table/)

      // The GM writes the Sea Dog back afloat with 6 hull and 2 rigging damage and 4 hands lost.
      const given = lines.map(({ name: _n, side: _s, how: _h, ...l }) => (l.ship === dog.ship ? { ...l, fate: 'afloat', hullDamage: 6, riggingDamage: 2, crewLost: 4 } : l))
      const before = s.snapshot() as { tables: unknown }
      const dogBefore = shipRow(s.ids.seaDog)
      const done = await s.call('battles.conclude', { ruleset: c.ruleset, battleId, ...c.conclude(given as Line[]) } as never)
      expect((done as { applied: { shipId: number | null; text: string }[] }).applied.find((a) => a.shipId === s.ids.seaDog)!.text).toMatch(/^Fought the action off Cabora (on|as) /)
      expect(shipRow(s.ids.seaDog)).toMatchObject({ hull_damage: 6, rigging_damage: 2, crew: dogBefore.crew - 4, status: dogBefore.status })
      await s.call('history.undo', {})
      expect(s.snapshot()).toMatchObject({ tables: before.tables })
    })
  }
})
