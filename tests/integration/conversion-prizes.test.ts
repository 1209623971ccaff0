/**
 * Prizes in converted battles (issue 21), through the one door: a campaign encounter (or a skirmish) fought
 * under other rules takes prizes as a native High Seas review does (seed 003 VII; issue 16 point 10). A
 * captured ship of the encounter becomes a new campaign ship (origin 'prize', at sea, sailing on with the
 * squadron) of the owners of the campaign ship that took her, in that ship's shares (editable: shares adding
 * up to 100%, each owner once, a known owner — each refused at its field with nothing changed), with a prize
 * crew moved from her captor (at least her minimum sail crew, at most the hands the captor has left); a
 * campaign ship taken by another campaign ship (a skirmish between campaign owners) passes to the captor's
 * owners; one taken by the enemy passes to the outside world. Concluding is one change, undone in one.
 *
 * House default (issue 21): when the battle names no ship that took her (nobody grappled with her when she
 * struck, or the GM makes her captured), her captor is the first campaign ship of another side still afloat,
 * else the first of another side.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import { dropSample, meetFrigate as meetFrigateOf, openSample, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const meetFrigate = () => meetFrigateOf(s)

type Owner = { ownerId: number; share: number }
type Line = {
  ship: string
  shipId: number | null
  fate: 'afloat' | 'sunk' | 'captured' | 'escaped'
  hullDamage: number
  riggingDamage: number
  crewLost: number
  gunsLost: { port: number; starboard: number; chasers: number; stern: number }
  prizeOwners: Owner[]
  prizeCrew?: number
  prizeCrewFrom?: number | null
  prizeCrewMin?: number
}
type IfCaptured = { prizeOwners: Owner[]; prizeCrewFrom: number | null; prizeCrew?: number; prizeCrewMin?: number; how: string }
type Campaign = { lines: (Line & { name: string; side: string; how: string[] })[]; ifCaptured?: Record<string, IfCaptured> }

const campaignOf = async (battleId: number): Promise<Campaign> => ((await s.call('battles.review', { battleId })) as unknown as { campaign: Campaign }).campaign
const shipRow = (id: number) => s.db().prepare(`SELECT name, status, origin, crew, hull_damage FROM ship WHERE id = ?`).get(id) as { name: string; status: string; origin: string; crew: number; hull_damage: number }
const ownersOf = (id: number) => s.db().prepare(`SELECT owner_id AS ownerId, share FROM ship_owner WHERE ship_id = ? ORDER BY owner_id`).all(id) as Owner[]
const captorOf = (id: number) => (s.db().prepare(`SELECT captor_id AS c, battle_id AS b FROM prize_captor WHERE ship_id = ?`).get(id) as { c: number; b: number } | undefined) ?? null
const count = (table: string) => (s.db().prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n
const sent = (c: Campaign): Line[] => c.lines.map(({ name: _n, side: _s, how: _h, ...l }) => l)

/** Each ruleset's conclude input for the lines (the hex map takes them as its `campaign` lines). */
const concludeInput = (ruleset: string, battleId: number, lines: Line[]) => (ruleset === 'atrilia' ? { ruleset, battleId, campaign: { lines } } : { ruleset, battleId, lines })
const at = (ruleset: string, field: string) => (ruleset === 'atrilia' ? `campaign.${field}` : field)

describe('prizes in converted battles (issue 21)', () => {
  for (const ruleset of ['galleys', 'broadsides', 'atrilia'] as const) {
    it(`under the ${ruleset} rules: the frigate made captured becomes the Sea Dog's owners' prize with a prize crew from her; bad shares and crews refused at the field; undone in one change`, async () => {
      const voyageId = await meetFrigate()
      const { battleId } = await s.call('voyages.fightEncounterUnder', { voyageId, ruleset })
      const c = await campaignOf(battleId)
      const fi = c.lines.findIndex((l) => l.shipId === null)
      const frigate = c.lines[fi]!
      const dogLine = c.lines.find((l) => l.shipId === s.ids.seaDog)!
      const dogOwners = ownersOf(s.ids.seaDog)
      // What the review proposes should the GM make her captured: the Sea Dog's owners in her shares, her minimum sail crew from the Sea Dog.
      const proposal = c.ifCaptured![frigate.ship]!
      expect(proposal.prizeOwners.map((o) => ({ ownerId: o.ownerId, share: o.share })).sort((a, b) => a.ownerId - b.ownerId)).toEqual(dogOwners)
      expect(proposal.prizeCrewFrom).toBe(s.ids.seaDog)
      expect(proposal.prizeCrewMin).toBeGreaterThan(0)
      expect(proposal.prizeCrew).toBe(proposal.prizeCrewMin)
      expect(proposal.how).toMatch(
        ruleset === 'broadsides'
          ? /^Taken by the Sea Dog: she is the other ship of the duel\. She passes to the Sea Dog’s owners in the Sea Dog’s shares \(/
          : /^Taken by the Sea Dog: no ship is recorded taking her, so the first campaign ship of another side takes her, one still afloat first \(a house default\)\. She passes to the Sea Dog’s owners/
      )
      // A campaign ship the enemy would take passes to the outside world.
      expect(c.ifCaptured![dogLine.ship]).toMatchObject({ prizeOwners: [], prizeCrewFrom: null, how: 'No campaign ship took her: she passes to the outside world.' })

      const captured = (l: Line, extra: Partial<Line> = {}): Line => ({ ...l, fate: 'captured', prizeOwners: proposal.prizeOwners, prizeCrewFrom: proposal.prizeCrewFrom, prizeCrew: proposal.prizeCrew!, ...extra })
      const lines = (extra: Partial<Line> = {}, dog: Partial<Line> = {}) => sent(c).map((l, k) => (k === fi ? captured(l, extra) : l.shipId === s.ids.seaDog ? { ...l, ...dog } : l))
      const dogBefore = shipRow(s.ids.seaDog)
      const before = s.snapshot() as { tables: unknown }
      const ships = count('ship')
      const refusals: [Partial<Line>, string][] = [
        [{ prizeOwners: [{ ownerId: s.ids.marcel, share: 90 }] }, `lines.${fi}.prizeOwners`],
        [{ prizeOwners: [{ ownerId: s.ids.marcel, share: 50 }, { ownerId: s.ids.marcel, share: 50 }] }, `lines.${fi}.prizeOwners`],
        [{ prizeOwners: [{ ownerId: 99999, share: 100 }] }, `lines.${fi}.prizeOwners.0.ownerId`],
        [{ prizeCrew: dogBefore.crew + 1 }, `lines.${fi}.prizeCrew`],
        [{ prizeCrew: 1 }, `lines.${fi}.prizeCrew`],
        [{ prizeOwners: [] }, `lines.${fi}.prizeOwners`]
      ]
      for (const [extra, field] of refusals) {
        const out = await s.fail('battles.conclude', concludeInput(ruleset, battleId, lines(extra)))
        expect(out.details, JSON.stringify(extra)).toMatchObject({ field: at(ruleset, field) })
        expect((out.details as { issues: { field: string }[] }).issues.map((i) => i.field)).toContain(at(ruleset, field))
        expect(s.snapshot()).toEqual(before)
      }
      // Owners given to a ship not captured are refused at her line.
      const notCaptured = sent(c).map((l, k) => (k === fi ? { ...l, prizeOwners: proposal.prizeOwners } : l))
      expect((await s.fail('battles.conclude', concludeInput(ruleset, battleId, notCaptured))).details).toMatchObject({ field: at(ruleset, `lines.${fi}.prizeOwners`) })
      expect(s.snapshot()).toEqual(before)

      // The GM shares her 60/40 between Marcel and Yngvild, and sends 12 hands across; the Sea Dog loses 3 in the fight.
      const owners = [
        { ownerId: s.ids.marcel, share: 60 },
        { ownerId: s.ids.yngvild, share: 40 }
      ]
      const crew = Math.max(12, proposal.prizeCrewMin!)
      const done = (await s.call('battles.conclude', concludeInput(ruleset, battleId, lines({ prizeOwners: owners, prizeCrew: crew }, { crewLost: 3 })) as never)) as {
        applied: { participantId: string; shipId: number | null; text: string }[]
      }
      const taken = done.applied.find((a) => a.participantId === frigate.ship)!
      expect((s.db().prepare(`SELECT summary FROM journal ORDER BY seq DESC LIMIT 1`).get() as { summary: string }).summary).toMatch(new RegExp(`; the ${frigate.name} taken as a prize$`))
      expect(taken.shipId).not.toBeNull()
      expect(count('ship')).toBe(ships + 1)
      const prize = shipRow(taken.shipId!)
      expect(prize).toMatchObject({ name: frigate.name, origin: 'prize', status: 'sea', crew, hull_damage: frigate.hullDamage })
      expect(ownersOf(taken.shipId!)).toEqual([...owners].sort((a, b) => a.ownerId - b.ownerId))
      expect(captorOf(taken.shipId!)).toEqual({ c: s.ids.seaDog, b: battleId })
      expect(taken.text).toMatch(new RegExp(`^Taken as a prize in the .*, by .* \\(60%\\) and .* \\(40%\\); a prize crew of ${crew} hands from the Sea Dog$`))
      // The Sea Dog: her 3 lost and the prize crew gone aboard her.
      expect(shipRow(s.ids.seaDog).crew).toBe(dogBefore.crew - 3 - crew)
      expect(done.applied.find((a) => a.shipId === s.ids.seaDog)!.text).toMatch(new RegExp(`Put ${crew} hands aboard the ${frigate.name} as prize crew`))
      // Ownership only: nothing is bought or paid for a prize.
      const ledger = (t: unknown) => Object.fromEntries(['ledger_tx', 'ledger_line', 'ledger_balance'].map((k) => [k, (t as Record<string, unknown>)[k]]))
      expect(ledger((before.tables as Record<string, unknown>))['ledger_tx']).toBeDefined()
      expect(ledger((s.snapshot() as { tables: unknown }).tables)).toEqual(ledger(before.tables))
      // She sails on with the squadron (the voyage takes her), and the concluded review shows what was written.
      const v = await s.call('voyages.get', { voyageId })
      expect(v.ships.map((x) => x.shipId)).toContain(taken.shipId)
      expect(v.log.at(-1)!.text).toMatch(new RegExp(`the ${frigate.name} sails on with the squadron as a prize`))
      const after = await campaignOf(battleId)
      expect(after.lines[fi]).toMatchObject({ fate: 'captured', prizeOwners: owners, prizeCrew: crew })
      expect(after.ifCaptured).toBeUndefined()

      await s.call('history.undo', {})
      expect(s.snapshot()).toMatchObject({ tables: before.tables })
    })
  }

  it('a Sea Dog made captured in an encounter passes to the outside world (no campaign ship took her); owners named for her are refused', async () => {
    const voyageId = await meetFrigate()
    const { battleId } = await s.call('voyages.fightEncounterUnder', { voyageId, ruleset: 'galleys' })
    const c = await campaignOf(battleId)
    const di = c.lines.findIndex((l) => l.shipId === s.ids.seaDog)
    const before = s.snapshot()
    const withOwners = sent(c).map((l, k) => (k === di ? { ...l, fate: 'captured' as const, prizeOwners: [{ ownerId: s.ids.marcel, share: 100 }] } : l))
    expect((await s.fail('battles.conclude', { ruleset: 'galleys', battleId, lines: withOwners })).details).toMatchObject({ field: `lines.${di}.prizeOwners` })
    expect(s.snapshot()).toEqual(before)
    await s.call('battles.conclude', { ruleset: 'galleys', battleId, lines: sent(c).map((l, k) => (k === di ? { ...l, fate: 'captured' as const } : l)) })
    expect(ownersOf(s.ids.seaDog)).toEqual([{ ownerId: WORLD_OWNER_ID, share: 100 }])
    expect(captorOf(s.ids.seaDog)).toBeNull()
  })

  for (const ruleset of ['galleys', 'broadsides'] as const) {
    it(`a skirmish between campaign owners under the ${ruleset} rules: the Santa Lucia taken by the Sea Dog passes to the Sea Dog's owners, manned by a prize crew from her`, async () => {
      const participants = [
        { shipId: s.ids.seaDog, side: 'Tortuga', crewKind: 'pirate', control: 'gm' },
        { shipId: s.ids.santaLucia, side: 'Castille', crewKind: 'naval', control: 'gm' }
      ]
      const { battleId } = await s.call('battles.startSkirmishUnder', { participants, ruleset, name: 'The quarrel off Cabora', seed: 7 })
      const c = await campaignOf(battleId)
      const li = c.lines.findIndex((l) => l.shipId === s.ids.santaLucia)
      const lucia = c.lines[li]!
      const proposal = c.ifCaptured![lucia.ship]!
      const dogOwners = ownersOf(s.ids.seaDog)
      expect(ownersOf(s.ids.santaLucia)).not.toEqual(dogOwners)
      expect([...proposal.prizeOwners].sort((a, b) => a.ownerId - b.ownerId)).toEqual(dogOwners)
      expect(proposal.prizeCrewFrom).toBe(s.ids.seaDog)
      const dogBefore = shipRow(s.ids.seaDog)
      const before = s.snapshot() as { tables: unknown }
      const lines = sent(c).map((l, k) => (k === li ? { ...l, fate: 'captured' as const, prizeOwners: proposal.prizeOwners, prizeCrewFrom: proposal.prizeCrewFrom } : l))
      // Absent, her prize crew is her minimum sail crew (the Sea Dog has the hands).
      const done = (await s.call('battles.conclude', { ruleset, battleId, lines } as never)) as { applied: { shipId: number | null; text: string }[] }
      expect(ownersOf(s.ids.santaLucia)).toEqual(dogOwners)
      expect(captorOf(s.ids.santaLucia)).toEqual({ c: s.ids.seaDog, b: battleId })
      expect(shipRow(s.ids.santaLucia).crew).toBe(proposal.prizeCrewMin)
      expect(shipRow(s.ids.seaDog).crew).toBe(dogBefore.crew - proposal.prizeCrewMin!)
      expect(done.applied.find((a) => a.shipId === s.ids.santaLucia)!.text).toMatch(new RegExp(`Captured in the quarrel off Cabora by the Sea Dog: she now belongs to .*, with a prize crew of ${proposal.prizeCrewMin} hands from the Sea Dog`))
      await s.call('history.undo', {})
      expect(s.snapshot()).toMatchObject({ tables: before.tables })
    })
  }

  it('on the table the ship grappled with her when she struck took her (seed 000 boarding), not the first campaign ship of another side: the Santa Lucia’s prize, in the Santa Lucia’s shares', async () => {
    const participants = [
      { shipId: s.ids.seaDog, side: 'Tortuga', crewKind: 'pirate', control: 'gm' },
      { shipId: s.ids.santaLucia, side: 'Castille', crewKind: 'naval', control: 'gm' },
      { generate: { hull: 'merchantman', frigate: false, armament: 'light', nation: 'Montaigne', crewKind: 'merchant', behaviour: 'merchant' }, side: 'Montaigne', control: 'gm' }
    ]
    const { battleId } = await s.call('battles.startSkirmishUnder', { participants, ruleset: 'galleys', name: 'The scramble off Cabora', seed: 7 })
    const lucia = (await campaignOf(battleId)).lines.find((l) => l.shipId === s.ids.santaLucia)!.ship
    // The table as the GM played it: the merchantman struck while grappled with the Santa Lucia (boarding: strike).
    const row = s.db().prepare(`SELECT state FROM battle WHERE id = ?`).get(battleId) as { state: string }
    const state = JSON.parse(row.state) as { ships: Record<string, { status: string }>; grapples: [string, string][] }
    state.ships['gen-1']!.status = 'struck'
    state.grapples = [[lucia, 'gen-1'].sort() as [string, string]]
    s.db().prepare(`UPDATE battle SET state = ? WHERE id = ?`).run(JSON.stringify(state), battleId)

    const c = await campaignOf(battleId)
    const merchant = c.lines.find((l) => l.ship === 'gen-1')!
    expect(merchant.fate).toBe('captured')
    expect(merchant.how.at(-1)).toMatch(/^Taken by the Santa Lucia: she was grappled with her when she struck \(seed 000 boarding\)\. She passes to the Santa Lucia’s owners/)
    expect([...merchant.prizeOwners].sort((a, b) => a.ownerId - b.ownerId)).toEqual(ownersOf(s.ids.santaLucia))
    expect(merchant.prizeCrewFrom).toBe(s.ids.santaLucia)
    const luciaBefore = shipRow(s.ids.santaLucia)
    const done = (await s.call('battles.conclude', { ruleset: 'galleys', battleId })) as { applied: { participantId: string; shipId: number | null }[] }
    const prize = done.applied.find((a) => a.participantId === 'gen-1')!
    expect(captorOf(prize.shipId!)).toEqual({ c: s.ids.santaLucia, b: battleId })
    expect(ownersOf(prize.shipId!)).toEqual(ownersOf(s.ids.santaLucia))
    expect(shipRow(prize.shipId!)).toMatchObject({ origin: 'prize', status: 'sea', crew: merchant.prizeCrew })
    const luciaLost = c.lines.find((l) => l.shipId === s.ids.santaLucia)!.crewLost
    expect(merchant.prizeCrew).toBeGreaterThan(0)
    expect(shipRow(s.ids.santaLucia).crew).toBe(luciaBefore.crew - luciaLost - merchant.prizeCrew!)
  })
})
