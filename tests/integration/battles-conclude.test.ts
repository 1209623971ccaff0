/**
 * Reviewing and concluding High Seas battles: what a battle writes back to the campaign (damage,
 * guns, crew and powder on the ship's state; sunk ships marked lost; prizes joining their captors'
 * owners; captured campaign ships changing hands), all in one undoable step; and a whole skirmish of
 * the sample campaign's Sea Dog against a heavily armed Montaigne Merchantman, AI on both sides.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import type { ReviewLine } from '../../src/shared/commands/battles'
import { replay } from '../../src/shared/highseas/engine'
import type { BattleSetup, TurnOrders } from '../../src/shared/highseas/types'
import { dumpCampaign } from '../helpers'
import { dropSample, openSample, seaDogVsMerchantman, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const DOG = () => `ship-${s.ids.seaDog}`
const LUCIA = () => `ship-${s.ids.santaLucia}`
const lastSummary = () => (s.db().prepare(`SELECT summary FROM journal ORDER BY seq DESC LIMIT 1`).get() as { summary: string }).summary
const shipRow = (id: number) =>
  s.db().prepare(`SELECT name, status, origin, hull_damage, rigging_damage, guns_lost, crew, powder_tons, design FROM ship WHERE id = ?`).get(id) as {
    name: string
    status: string
    origin: string
    hull_damage: number
    rigging_damage: number
    guns_lost: string
    crew: number
    powder_tons: number
    design: string
  }
const owners = (shipId: number) => s.db().prepare(`SELECT owner_id AS ownerId, share FROM ship_owner WHERE ship_id = ? ORDER BY owner_id`).all(shipId)
const events = (shipId: number) => (s.db().prepare(`SELECT text FROM ship_event WHERE ship_id = ? ORDER BY id`).all(shipId) as { text: string }[]).map((e) => e.text)

/** One turn in which `striker` (taken over by the GM) strikes her colours; everyone else holds course. */
async function strikeAt(battleId: number, striker: string) {
  const v = await s.call('battles.state', { battleId })
  for (const p of v.setup.participants) if (p.control === 'ai') await s.call('battles.control', { battleId, participantId: p.id, control: 'gm' })
  await s.call('battles.orders', { battleId, participantId: striker, orders: { tactic: 'circle', strike: true } })
  return s.call('battles.resolveTurn', { battleId })
}

describe('battles.review', () => {
  it('says what concluding would write: fates, damage totals, guns, crew and powder, and the prize owners by default', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'long' }))
    const out = await strikeAt(battleId, 'gen-1')
    expect(out.state.participants['gen-1']).toMatchObject({ status: 'struck', capturedBy: 'Tortuga' })
    const review = await s.call('battles.review', { battleId })
    expect(review.battleId).toBe(battleId)
    const [dog, merchant] = review.lines
    // A campaign ship's crew after is her hands: everyone aboard less her two named officers.
    expect(dog).toMatchObject({ participantId: DOG(), name: 'Sea Dog', side: 'Tortuga', shipId: s.ids.seaDog, fate: 'afloat', crewAfter: out.state.participants[DOG()]!.crew - 2, prizeOwners: [] })
    expect(dog!.crewLost).toBe(92 - out.state.participants[DOG()]!.crew)
    // A generated ship taken by the Tortuga side goes to the owners of its campaign ship, the Sea Dog (Marcel, 100%).
    expect(merchant).toMatchObject({ participantId: 'gen-1', shipId: null, fate: 'captured', prizeOwners: [{ ownerId: s.ids.marcel, share: 100 }] })
    const st = out.state.participants['gen-1']!
    expect(merchant).toMatchObject({ hullDamage: st.hullDamage, riggingDamage: st.riggingDamage, crewAfter: st.crew, crewLost: 160 - st.crew })
    expect(merchant!.powderAfter + merchant!.powderSpent).toBeCloseTo(2.5, 2)
  })
})

describe('battles.conclude', () => {
  it('writes damage to the campaign ship, makes a captured encounter ship a prize of her captors, and undo restores everything', async () => {
    s.db().prepare(`UPDATE ship SET crew = 90, hull_damage = 2 WHERE id = ?`).run(s.ids.seaDog)
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'short' }))
    await strikeAt(battleId, 'gen-1')
    const review = await s.call('battles.review', { battleId })
    const before = dumpCampaign(s.db())
    // The GM edits the review: the Sea Dog took 12 hull and 3 rigging, lost a port gun and 20 men, spent 0.4 t.
    const lines = review.lines.map((l) =>
      l.participantId === DOG()
        ? { ...l, hullDamage: 14, riggingDamage: 3, gunsLost: { port: 1, starboard: 0, chasers: 0, stern: 0 }, crewAfter: 70, crewLost: 20, powderAfter: 0.1, powderSpent: 0.4 }
        : l
    )
    const out = await s.call('battles.conclude', { battleId, lines })
    const name = (await s.call('battles.state', { battleId })).name
    const m0 = lines.find((l) => l.participantId === 'gen-1')!

    // Her prize crew (issue 16 point 10: the merchantman's minimum sail crew of 12, as the review proposed) went aboard the prize.
    expect(m0.prizeCrew).toBe(12)
    expect(shipRow(s.ids.seaDog)).toMatchObject({ status: 'port', hull_damage: 14, rigging_damage: 3, crew: 70 - 12, powder_tons: 0.1 })
    expect(JSON.parse(shipRow(s.ids.seaDog).guns_lost)).toEqual({ port: 1, starboard: 0, chasers: 0, stern: 0 })
    expect(events(s.ids.seaDog).slice(-2)).toEqual([`Fought the ${name}: 12 hull, 3 rigging damage, 1 gun and 20 crew lost, 0.4 t powder spent`, 'Put 12 hands aboard the Montaigne Merchantman as prize crew'])

    const prize = out.applied.find((a) => a.participantId === 'gen-1')!
    expect(prize.shipId).not.toBeNull()
    const row = shipRow(prize.shipId!)
    const m = lines.find((l) => l.participantId === 'gen-1')!
    expect(row).toMatchObject({ name: 'Montaigne Merchantman', status: 'sea', origin: 'prize', hull_damage: m.hullDamage, crew: 12 })
    expect(JSON.parse(row.design)).toMatchObject({ hull: 'merchantman', guns: { port: 12, starboard: 12, chasers: 2, stern: 4 } })
    expect(owners(prize.shipId!)).toEqual([{ ownerId: s.ids.marcel, share: 100 }])
    expect(events(prize.shipId!)).toEqual([`Taken as a prize in the ${name}, by Marcel du Sable; a prize crew of 12 hands from the Sea Dog`])
    // The prize is a ship of the fleet like any other.
    const sheet = await s.call('ships.get', { shipId: prize.shipId! })
    expect(sheet).toMatchObject({ origin: 'prize', status: 'sea', owners: [{ ownerId: s.ids.marcel, share: 100 }] })

    const v = await s.call('battles.state', { battleId })
    expect(v.status).toBe('concluded')
    expect(lastSummary()).toBe(`Concluded the ${name}, won by the Tortuga side: the Sea Dog damaged (14 hull, 3 rigging) and the Montaigne Merchantman taken as a prize`)

    const after = dumpCampaign(s.db())
    await s.call('history.undo')
    expect(dumpCampaign(s.db())).toEqual(before)
    await s.call('history.redo')
    expect(dumpCampaign(s.db())).toEqual(after)
  })

  it('a sunk campaign ship is marked lost; damage beyond her points is refused at its field (issue 16 point 4), never capped silently', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    const review = await s.call('battles.review', { battleId })
    const i = review.lines.findIndex((l) => l.participantId === DOG())
    const tooMuch = review.lines.map((l) => (l.participantId === DOG() ? { ...l, fate: 'sunk' as const, hullDamage: 999, riggingDamage: 999, crewAfter: 5 } : l))
    expect(await s.fail('battles.conclude', { battleId, lines: tooMuch })).toMatchObject({
      code: 'invalid_input',
      message: 'The Sea Dog: At most 25: her Hull points (she has 25 Hull points).',
      details: { field: `lines.${i}.hullDamage`, issues: [{ field: `lines.${i}.hullDamage` }, { field: `lines.${i}.riggingDamage` }] }
    })
    expect(shipRow(s.ids.seaDog)).toMatchObject({ status: 'port', hull_damage: 0 })
    const lines = review.lines.map((l) => (l.participantId === DOG() ? { ...l, fate: 'sunk' as const, hullDamage: 25, riggingDamage: 15, crewAfter: 5 } : l))
    await s.call('battles.conclude', { battleId, lines })
    expect(shipRow(s.ids.seaDog)).toMatchObject({ status: 'sunk', hull_damage: 25, rigging_damage: 15, crew: 5 })
    // Her company had 10 marines; 5 hands are left, so at most 5 marines.
    expect(s.db().prepare(`SELECT marines FROM ship_company WHERE ship_id = ?`).get(s.ids.seaDog)).toEqual({ marines: 5 })
    expect(events(s.ids.seaDog).at(-1)).toMatch(/^Sunk in the Battle of /)
    expect((await s.call('ships.list')).at(-1)).toMatchObject({ name: 'Sea Dog', status: 'sunk' })
    expect(await s.fail('battles.start', seaDogVsMerchantman(s))).toMatchObject({ code: 'rule', message: expect.stringContaining('she is sunk') })
  })

  it('a campaign ship that strikes to an encounter ship passes to the outside world', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    await strikeAt(battleId, DOG())
    const review = await s.call('battles.review', { battleId })
    expect(review.lines[0]).toMatchObject({ fate: 'captured', prizeOwners: [] })
    await s.call('battles.conclude', { battleId, lines: review.lines })
    expect(owners(s.ids.seaDog)).toEqual([{ ownerId: WORLD_OWNER_ID, share: 100 }])
    expect(events(s.ids.seaDog).at(-1)).toMatch(/^Captured in the Battle of .* by the Montaigne side: she now belongs to the outside world$/)
  })

  it("a campaign ship taken by another campaign side changes owners: the captors' ship's owners by default", async () => {
    const { battleId } = await s.call('battles.start', {
      participants: [
        { shipId: s.ids.seaDog, side: 'Marcel' },
        { shipId: s.ids.santaLucia, side: 'Allende' }
      ],
      range: 'medium',
      seed: 5
    })
    await strikeAt(battleId, DOG())
    const review = await s.call('battles.review', { battleId })
    expect(review.lines[0]).toMatchObject({
      fate: 'captured',
      prizeOwners: [
        { ownerId: s.ids.allende, share: 60 },
        { ownerId: s.ids.yngvild, share: 40 }
      ]
    })
    await s.call('battles.conclude', { battleId, lines: review.lines })
    expect(owners(s.ids.seaDog)).toEqual([
      { ownerId: s.ids.allende, share: 60 },
      { ownerId: s.ids.yngvild, share: 40 }
    ])
    // Her prize crew (issue 16 point 10) comes from the Santa Lucia: the Sea Dog's own hands are her prisoners.
    const crew = review.lines[0]!.prizeCrew!
    expect(crew).toBeGreaterThan(0)
    expect(events(s.ids.seaDog).at(-1)).toMatch(new RegExp(`by the Allende side: she now belongs to Allende de Zepeda \\(60%\\) and Yngvild Olafsdottir \\(40%\\), with a prize crew of ${crew} hands from the Santa Lucia$`))
    expect(shipRow(s.ids.seaDog).crew).toBe(crew)
    expect(events(s.ids.santaLucia).slice(-2)).toEqual([expect.stringMatching(/^Fought the /), `Put ${crew} hands aboard the Sea Dog as prize crew`])
  })

  it('checks every line first and refuses without changing anything', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    await strikeAt(battleId, 'gen-1')
    const review = await s.call('battles.review', { battleId })
    const [dog, merchant] = review.lines as [ReviewLine, ReviewLine]
    const before = s.snapshot()
    const cases: [unknown, string, string | RegExp][] = [
      [[dog, { ...merchant, participantId: 'nobody' }], 'not_found', /nobody/],
      [[{ ...dog, shipId: s.ids.santaLucia }, merchant], 'invalid_input', /lines\.0\.shipId: the Sea Dog is campaign ship/],
      [[dog, { ...merchant, shipId: s.ids.seaDog }], 'invalid_input', /not a campaign ship/],
      [[dog, { ...merchant, prizeOwners: [{ ownerId: s.ids.marcel, share: 60 }] }], 'invalid_input', /add up to 100%/],
      [[dog, { ...merchant, prizeOwners: [{ ownerId: 999, share: 100 }] }], 'not_found', /no owner with id 999/],
      [[dog, { ...merchant, prizeOwners: [] }], 'rule', /name the owners she passes to/],
      [[merchant], 'invalid_input', /give a line for every campaign ship \(the Sea Dog has none\)/],
      [[dog, dog, merchant], 'invalid_input', /two lines/]
    ]
    for (const [lines, code, message] of cases) {
      const err = await s.fail('battles.conclude', { battleId, lines })
      expect(err.code).toBe(code)
      expect(err.message).toMatch(message)
    }
    expect(s.snapshot()).toEqual(before)
  })
})

describe('a whole skirmish', () => {
  it("the Sea Dog against a heavily armed Montaigne Merchantman, AI captains on both sides, played to the end and concluded", async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { seaDogControl: 'ai', range: 'extreme', seed: 20260601 }))
    let turns = 0
    for (; turns < 60; turns++) {
      const v = await s.call('battles.state', { battleId })
      if (v.state.outcome !== 'ongoing') break
      expect(Object.keys(v.aiPreview).sort()).toEqual([DOG(), 'gen-1'].sort())
      await s.call('battles.resolveTurn', { battleId })
    }
    const v = await s.call('battles.state', { battleId })
    expect(v.state.outcome).not.toBe('ongoing')
    expect(v.turns).toHaveLength(turns)
    const stored = (s.db().prepare(`SELECT orders, dice FROM battle_turn WHERE battle_id = ? ORDER BY turn`).all(battleId) as { orders: string; dice: string | null }[]).map(
      (r) => ({ orders: JSON.parse(r.orders) as TurnOrders, ...(r.dice ? { dice: JSON.parse(r.dice) as number[] } : {}) })
    )
    expect(v.state).toEqual(replay(v.setup as BattleSetup, stored))

    const review = await s.call('battles.review', { battleId })
    const dogLine = review.lines.find((l) => l.participantId === DOG())!
    const before = dumpCampaign(s.db())
    const out = await s.call('battles.conclude', { battleId, lines: review.lines })
    const row = shipRow(s.ids.seaDog)
    expect(row.hull_damage).toBe(Math.min(dogLine.hullDamage, 25))
    expect(row.crew).toBe(dogLine.crewAfter)
    expect(row.powder_tons).toBeCloseTo(dogLine.powderAfter, 3)
    expect(row.status).toBe(dogLine.fate === 'sunk' ? 'sunk' : 'port')
    expect(events(s.ids.seaDog).some((e) => e.startsWith(`Fought the ${v.name}: `))).toBe(true)
    const merchantLine = review.lines.find((l) => l.participantId === 'gen-1')!
    const prize = out.applied.find((a) => a.participantId === 'gen-1')!
    if (merchantLine.fate === 'captured') expect(shipRow(prize.shipId!).origin).toBe('prize')
    else expect(prize.shipId).toBeNull()
    expect((await s.call('battles.list'))[0]).toMatchObject({ id: battleId, status: 'concluded', winner: v.state.winner })
    expect(lastSummary()).toMatch(new RegExp(`^Concluded the ${v.name}`))
    await s.call('history.undo')
    expect(dumpCampaign(s.db())).toEqual(before)
  })
})
