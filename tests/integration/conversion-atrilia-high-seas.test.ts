/**
 * An Atrilia campaign's encounter fought in High Seas range bands (issue 21), and on the hex map (the
 * setting's own rules), through the same two commands of the one door: the preview (house default (issue 21)
 * conversion table `conversionAtriliaHighSeas`: hull, hull and rigging points, Size, Handling, Speed, Threat
 * Rating, crew, marines at 25 men a point, RULES.md §3), adjustments refused at their fields, the High Seas
 * battle started and linked to the voyage, played by the AI on both sides to its end, the review in Atrilian
 * lines with how each was converted, and concluding changes the campaign as the review said.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AtriliaBattleReview, AtriliaReviewLine, BattleReview } from '../../src/shared/commands/battles'
import type { AtrilianEncounterShip } from '../../src/shared/voyage/atrilia'
import { WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import { countRows, dumpCampaign, errorOf, makeSession, type TestSession } from '../helpers'

let t: TestSession
let port: Record<string, number>
let thalassa: number
let voyageId: number
const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as (name: string, input?: unknown) => Promise<unknown>
const fail = async (name: string, input: unknown) => errorOf(await t.door.invoke(name as never, input as never, 'internal'))
const snapshot = () => ({ tables: dumpCampaign(db() as never), steps: countRows(db() as never, 'undo_step') })

/** An Atrilian ship in a port with her crew (as tests/integration/atrilia-encounter-battle.test.ts makes one). */
function atrilianShip(name: string, design: object, portId: number, crew: number, quality = 2): number {
  const id = Number(db().prepare(`INSERT INTO ship (name, design, status, origin, crew, location) VALUES (?, ?, 'port', 'built', ?, NULL)`).run(name, JSON.stringify(design), crew).lastInsertRowid)
  db().prepare(`INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, 1, 100)`).run(id)
  db().prepare(`INSERT INTO ship_company (ship_id, port_id) VALUES (?, ?)`).run(id, portId)
  db().prepare(`INSERT INTO atrilian_ship (ship_id, nation, quality) VALUES (?, 'pheacian', ?)`).run(id, quality)
  return id
}

const raiders: AtrilianEncounterShip = { type: 'liburnianGalley', name: 'Sekhmet', nation: 'meshuesh', quality: 4, marines: 2, improvements: {}, wizards: 'none' }

beforeEach(async () => {
  t = makeSession()
  await t.door.call('campaigns.create', { name: 'Range bands', setting: 'atrilia', chart: 'atrilia' })
  port = Object.fromEntries((await t.door.call('ports.list')).map((p) => [p.name, p.id]))
  thalassa = atrilianShip('Thalassa', { type: 'smallGalley', improvements: {} }, port['al-Zabdiyat']!, 100)
  await t.door.call('crew.embark', { shipId: thalassa, marines: 1, wizards: { kind: 'sea', count: 1 } })
  const v = await t.door.call('voyages.start', { shipIds: [thalassa], route: [port['al-Zabdiyat']!, port['Meshuesh harbour']!] })
  voyageId = v.id
  await t.door.call('voyages.sail', { voyageId, days: 1 })
  await t.door.call('voyages.addEncounter', { voyageId, ships: [raiders] })
})
afterEach(async () => {
  await t.cleanup()
})

interface Preview {
  setting: string
  converted: boolean
  tableTitle: string
  tableSource: string
  notes: string[]
  ships: {
    ship: string
    shipId: number | null
    side: string
    fromAtrilia?: { type: string; size: number; crewQuality: number; marines: number }
    highSeas?: Record<string, { value: number; terms: { label: string; value: number }[] }>
    fights: Record<string, number>
    adjusted: string[]
  }[]
}

async function playOut(battleId: number, sides: string[], most: number): Promise<number> {
  for (const side of sides) await call('battles.sideControl', { battleId, side, control: 'ai' })
  for (let steps = 0; steps < most; steps++) {
    const out = (await call('battles.resolveStep', { battleId })) as { outcome: unknown }
    if (out.outcome) return steps + 1
  }
  throw new Error(`the battle was not decided in ${most} steps`)
}

const atrilianRow = (id: number) =>
  db().prepare(`SELECT s.status, a.marines, a.wizards, a.wizard_count, a.quality, a.battles, a.needs_repair FROM ship s JOIN atrilian_ship a ON a.ship_id = s.id WHERE s.id = ?`).get(id) as {
    status: string
    marines: number
    wizards: string | null
    wizard_count: number
    quality: number
    battles: number
    needs_repair: number
  }

describe('an Atrilian encounter in High Seas range bands (issue 21)', () => {
  it('house default (issue 21): the preview measures each ship in High Seas numbers with their terms; adjustments are checked at their fields', async () => {
    const before = snapshot()
    const view = (await call('voyages.encounterConversion', { voyageId, ruleset: 'highseas' })) as Preview
    expect(snapshot()).toEqual(before)
    expect(view).toMatchObject({ setting: 'atrilia', converted: true, tableTitle: 'Conversion: Atrilian ship to High Seas' })
    expect(view.tableSource).toMatch(/House default: neither seed 002 nor seed 003.*RULES\.md §3/)
    expect(view.notes.join(' ')).toMatch(/medium range/)
    const ours = view.ships.find((x) => x.shipId === thalassa)!
    expect(ours.fromAtrilia).toMatchObject({ type: 'smallGalley', size: 2, crewQuality: 2, marines: 1 })
    // Seed 002 §2 small galley: size 2 → a small warship's 40 hull points; her fastest 10 km/h, one Speed a 3 km/h (rounded up) → 4.
    expect(ours.highSeas!.hullPoints!.value).toBe(40)
    expect(ours.highSeas!.speed!.value).toBe(4)
    expect(ours.highSeas!.marines!.value).toBe(25)
    expect(ours.highSeas!.threatRating!.terms[0]!.label).toBe('crew quality 2')
    expect(ours.fights).toMatchObject({ hullPoints: 40, speed: 4, marines: 25, crew: 100 })
    const met = view.ships.find((x) => x.side === 'them')!
    expect(met).toMatchObject({ ship: 'met-1', shipId: null })

    const adjusted = (await call('voyages.encounterConversion', { voyageId, ruleset: 'highseas', adjustments: [{ ship: ours.ship, speed: 6, hullPoints: 55 }] })) as Preview
    expect(adjusted.ships.find((x) => x.ship === ours.ship)).toMatchObject({ fights: { speed: 6, hullPoints: 55 }, adjusted: ['hullPoints', 'speed'] })
    const cases: [Record<string, unknown>, string][] = [
      [{ ship: ours.ship, combat: 3 }, 'adjustments.0.combat'],
      [{ ship: ours.ship, crewQuality: 2 }, 'adjustments.0.crewQuality'],
      [{ ship: 'nobody', speed: 3 }, 'adjustments.0.ship'],
      [{ ship: ours.ship, marines: 101 }, 'adjustments.0.marines']
    ]
    for (const [adj, field] of cases) {
      const e = await fail('voyages.fightEncounterUnder', { voyageId, ruleset: 'highseas', adjustments: [adj] })
      expect(e.code).toBe('invalid_input')
      expect(e.details).toMatchObject({ field })
    }
    // Galleys & Galleons and Broadsides have no conversion from Atrilian ships: refused at the ruleset, in words.
    for (const ruleset of ['galleys', 'broadsides']) {
      const e = await fail('voyages.fightEncounterUnder', { voyageId, ruleset })
      expect(e).toMatchObject({ code: 'rule', details: { field: 'ruleset' } })
      expect(e.message).toMatch(/^An Atrilian encounter is fought on the Atrilian hex map or in High Seas range bands/)
    }
    expect(snapshot()).toEqual(before)
  })

  it('started in range bands and linked to the voyage, played by the AI to its end, reviewed in Atrilian lines and concluded as the review said', async () => {
    const { battleId } = (await call('voyages.fightEncounterUnder', { voyageId, ruleset: 'highseas', note: 'under oars' })) as { battleId: number }
    const v = (await call('voyages.get', { voyageId })) as { battleId: number; stop: string; log: { text: string }[]; encounters: { answer: unknown }[] }
    expect(v.battleId).toBe(battleId)
    expect(v.stop).toBe('battle')
    expect(v.encounters[0]!.answer).toEqual({ choice: 'fight', note: 'under oars' })
    expect(v.log.at(-1)!.text).toMatch(/in High Seas range bands, the ships converted from their Atrilian numbers — under oars$/)
    const st = (await call('battles.state', { battleId })) as { ruleset: string; setup: { range: string; participants: { id: string; side: string; guns: Record<string, number>; behaviour: string; control: string; shipId?: number }[] } }
    expect(st.ruleset).toBe('highSeas')
    expect(st.setup.range).toBe('medium')
    expect(st.setup.participants.map((p) => [p.id, p.side, p.behaviour, p.control])).toEqual([
      [`ship-${thalassa}`, 'ours', 'merchant', 'gm'],
      ['met-1', 'them', 'corsair', 'ai']
    ])
    expect(st.setup.participants.every((p) => Object.values(p.guns).every((g) => g === 0) && p.shipId === undefined)).toBe(true)

    const turns = await playOut(battleId, ['ours', 'them'], 300)
    expect(turns).toBeGreaterThan(0)
    const review = (await call('battles.review', { battleId })) as BattleReview
    expect(review.lines).toEqual([])
    const lines = review.campaign!.lines
    expect(lines.map((l) => l.ship)).toEqual([`ship-${thalassa}`, 'met-1'])
    const ours = lines.find((l) => l.shipId === thalassa)!
    expect(ours.how![0]).toMatch(/^Fought in High Seas range bands: read back by the table “Conversion: Atrilian ship to High Seas”/)
    expect(ours.how!.join(' ')).toMatch(/Fate: (afloat|sunk|captured|escaped) in the High Seas battle/)
    expect(ours.how!.join(' ')).toMatch(/Marines: /)
    expect(ours.marinesCarried).toBe(1)
    expect(ours.wizardsCarried).toBe(1)

    // A bad line is refused at its field under campaign.lines; nothing changes.
    const before = snapshot()
    const i = lines.findIndex((l) => l.shipId === thalassa)
    const tooMany = lines.map((l, k) => (k === i ? { ...l, marinesLost: 5 } : l))
    const e = await fail('battles.conclude', { battleId, campaign: { lines: tooMany } })
    expect(e).toMatchObject({ code: 'invalid_input', details: { field: `campaign.lines.${i}.marinesLost` } })
    expect(snapshot()).toEqual(before)

    const row0 = atrilianRow(thalassa)
    const done = (await call('battles.conclude', { battleId })) as { applied: { shipId: number | null; text: string }[] }
    const row = atrilianRow(thalassa)
    if (ours.fate === 'sunk') expect(row.status).toBe('sunk')
    else if (ours.fate === 'captured') expect(db().prepare(`SELECT owner_id FROM ship_owner WHERE ship_id = ?`).get(thalassa)).toEqual({ owner_id: WORLD_OWNER_ID })
    else {
      expect(row.marines).toBe(row0.marines - ours.marinesLost)
      expect(row.quality).toBe(ours.qualityAfter)
      expect(row.battles).toBe(row0.battles + 1)
      expect(row.needs_repair).toBe(ours.needsRepair ? 1 : 0)
      expect(done.applied.find((a) => a.shipId === thalassa)!.text).toMatch(/fought in High Seas range bands/)
    }
    const after = (await call('voyages.get', { voyageId })) as { status: string; stop: string | null; log: { text: string }[] }
    // Her only ship sunk or taken, the voyage is lost; else it sails on.
    if (ours.fate === 'sunk' || ours.fate === 'captured') expect(after.status).not.toBe('atSea')
    else expect(after.stop).toBeNull()
    expect(after.log.some((e) => /^The Battle at sea: .* is over/.test(e.text))).toBe(true)
    const concluded = (await call('battles.review', { battleId })) as BattleReview
    expect(concluded.campaign!.lines.find((l) => l.shipId === thalassa)).toMatchObject({ fate: ours.fate, marinesLost: ours.marinesLost })
  })

  it('the GM’s edited line is written: crippled, the marine point and the wizard lost, the crew veteran; the voyage says she is crippled', async () => {
    const { battleId } = (await call('voyages.fightEncounterUnder', { voyageId, ruleset: 'highseas' })) as { battleId: number }
    const review = (await call('battles.review', { battleId })) as BattleReview
    const lines = review.campaign!.lines.map((l): AtriliaReviewLine =>
      l.shipId === thalassa ? { ...l, fate: 'crippled', needsRepair: true, marinesLost: 1, wizardsLost: 1, qualityAfter: 3 } : l
    )
    const before = snapshot()
    await call('battles.conclude', { battleId, campaign: { lines } })
    expect(atrilianRow(thalassa)).toMatchObject({ status: 'sea', marines: 0, wizards: null, wizard_count: 0, quality: 3, needs_repair: 1 })
    const after = (await call('voyages.get', { voyageId })) as { log: { text: string }[] }
    expect(after.log.at(-1)!.text).toMatch(/the Thalassa is crippled/)
    // One change: undo gives the campaign back as it was before concluding.
    await call('history.undo', {})
    expect(snapshot().tables).toEqual(before.tables)
  })
})

describe('prizes of an Atrilian encounter fought in range bands (issue 21)', () => {
  it('the Sekhmet made captured: a new Atrilian ship of her type, the Thalassa’s owners’ in her shares, her rowers aboard, crippled; bad owners refused at the field; undone in one change', async () => {
    // The Thalassa belongs to two captains, 70/30.
    const owner = (name: string) => Number(db().prepare(`INSERT INTO owner (kind, name) VALUES ('company', ?)`).run(name).lastInsertRowid)
    const nikos = owner('Nikos the Elder')
    const ione = owner('Ione of Thera')
    db().prepare(`DELETE FROM ship_owner WHERE ship_id = ?`).run(thalassa)
    db().prepare(`INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, ?, 70), (?, ?, 30)`).run(thalassa, nikos, thalassa, ione)
    const { battleId } = (await call('voyages.fightEncounterUnder', { voyageId, ruleset: 'highseas' })) as { battleId: number }
    const review = (await call('battles.review', { battleId })) as BattleReview
    const lines = review.campaign!.lines
    const i = lines.findIndex((l) => l.ship === 'met-1')
    // House default (issue 21): the High Seas battle names no ship that took her, so the squadron's first campaign ship would.
    expect(lines[i]!.captorShipId).toBe(thalassa)
    const owners = [
      { ownerId: nikos, share: 70 },
      { ownerId: ione, share: 30 }
    ]
    // Not captured in the battle: no prize owners, but the review names whom she would pass to should the GM make her captured.
    expect(lines[i]!.fate).not.toBe('captured')
    expect(lines[i]!.prizeOwners).toEqual([])
    expect(lines[i]!.ownersIfCaptured).toEqual(owners)
    // A campaign ship is nobody's prize to pass on: none named for her.
    for (const l of lines.filter((x) => x.shipId !== null)) expect(l.ownersIfCaptured).toBeUndefined()
    const captured = (o: { ownerId: number; share: number }[]) => lines.map((l, k): AtriliaReviewLine => (k === i ? { ...l, fate: 'captured', needsRepair: true, prizeOwners: o } : l))
    const before = snapshot()
    const ships = countRows(db() as never, 'ship')
    for (const [o, field] of [
      [[{ ownerId: nikos, share: 70 }], `campaign.lines.${i}.prizeOwners`],
      [[{ ownerId: nikos, share: 50 }, { ownerId: nikos, share: 50 }], `campaign.lines.${i}.prizeOwners`],
      [[{ ownerId: 9999, share: 100 }], `campaign.lines.${i}.prizeOwners.0.ownerId`]
    ] as const) {
      expect(await fail('battles.conclude', { battleId, campaign: { lines: captured([...o]) } })).toMatchObject({ details: { field } })
      expect(snapshot()).toEqual(before)
    }

    const done = (await call('battles.conclude', { battleId, campaign: { lines: captured(owners) } })) as { applied: { participantId: string; shipId: number | null; text: string }[] }
    const taken = done.applied.find((a) => a.participantId === 'met-1')!
    expect(countRows(db() as never, 'ship')).toBe(ships + 1)
    expect(taken.text).toMatch(/^Taken as a prize in the .* \(fought in High Seas range bands\) by the Thalassa, for Nikos the Elder \(70%\) and Ione of Thera \(30%\): a Meshuesh ship with \d+ rowers; crippled, she needs repair$/)
    const prize = db().prepare(`SELECT s.name, s.origin, s.status, s.design, a.nation, a.quality, a.marines, a.needs_repair FROM ship s JOIN atrilian_ship a ON a.ship_id = s.id WHERE s.id = ?`).get(taken.shipId) as Record<string, unknown>
    expect(prize).toMatchObject({ name: 'Sekhmet', origin: 'prize', status: 'sea', nation: 'meshuesh', quality: 4, marines: 0, needs_repair: 1 })
    expect(JSON.parse(prize.design as string)).toMatchObject({ type: 'liburnianGalley' })
    expect(db().prepare(`SELECT owner_id AS ownerId, share FROM ship_owner WHERE ship_id = ? ORDER BY share DESC`).all(taken.shipId)).toEqual(owners)
    expect(db().prepare(`SELECT captor_id AS c FROM prize_captor WHERE ship_id = ?`).get(taken.shipId)).toEqual({ c: thalassa })
    // The concluded review names the ship she became.
    const concluded = (await call('battles.review', { battleId })) as BattleReview
    expect(concluded.campaign!.lines[i]).toMatchObject({ fate: 'captured', prizeShipId: taken.shipId })
    await call('history.undo', {})
    expect(snapshot().tables).toEqual(before.tables)
  })
})

describe('an Atrilian encounter on the hex map, the setting’s own rules, through the same commands (issue 21)', () => {
  it('seed 002: nothing converted; the voyage’s own hex fight, played by the AI to its end and concluded with its own review', async () => {
    const view = (await call('voyages.encounterConversion', { voyageId, ruleset: 'atrilia' })) as Preview
    expect(view).toMatchObject({ setting: 'atrilia', converted: false })
    const e = await fail('voyages.encounterConversion', { voyageId, ruleset: 'atrilia', adjustments: [{ ship: `ship-${thalassa}`, size: 2 }] })
    expect(e).toMatchObject({ code: 'invalid_input', details: { field: 'adjustments.0.size' } })
    const { battleId } = (await call('voyages.fightEncounterUnder', { voyageId, ruleset: 'atrilia' })) as { battleId: number }
    const v = (await call('voyages.get', { voyageId })) as { battleId: number; log: { text: string }[] }
    expect(v.battleId).toBe(battleId)
    expect(v.log.at(-1)!.text).toMatch(/on the hex board: 1 ship of the Pheacian squadron against 1/)
    const steps = await playOut(battleId, ['squadron', 'encounter'], 3000)
    expect(steps).toBeGreaterThan(2)
    const review = (await call('battles.review', { battleId })) as AtriliaBattleReview
    expect(review.campaign).toBeUndefined()
    const ours = review.lines.find((l) => l.shipId === thalassa)!
    const row0 = atrilianRow(thalassa)
    await call('battles.conclude', { ruleset: 'atrilia', battleId })
    const row = atrilianRow(thalassa)
    if (ours.fate === 'sunk') expect(row.status).toBe('sunk')
    else if (ours.fate !== 'captured') {
      expect(row.marines).toBe(row0.marines - ours.marinesLost)
      expect(row.quality).toBe(ours.qualityAfter)
      expect(row.needs_repair).toBe(ours.needsRepair ? 1 : 0)
    }
    expect(((await call('voyages.get', { voyageId })) as { log: { text: string }[] }).log.at(-1)!.text).toMatch(/is over/)
  })
})
