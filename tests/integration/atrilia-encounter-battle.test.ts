import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AtriliaSetup } from '../../src/shared/atrilia/types'
import type { AtrilianEncounterShip } from '../../src/shared/voyage/atrilia'
import { voyageBattleConcluded } from '../../src/main/theah/voyages'
import { errorOf, makeSession, type TestSession } from '../helpers'

/** An Atrilian ship in a port with her crew (as tests/integration/voyages-atrilia.test.ts makes one). */
function atrilianShip(t: TestSession, name: string, design: object, portId: number, crew: number): number {
  const db = t.session.campaign!.db
  const id = Number(db.prepare(`INSERT INTO ship (name, design, status, origin, crew, location) VALUES (?, ?, 'port', 'built', ?, NULL)`).run(name, JSON.stringify(design), crew).lastInsertRowid)
  db.prepare(`INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, 1, 100)`).run(id)
  db.prepare(`INSERT INTO ship_company (ship_id, port_id) VALUES (?, ?)`).run(id, portId)
  db.prepare(`INSERT INTO atrilian_ship (ship_id, nation, quality) VALUES (?, 'pheacian', 3)`).run(id)
  return id
}

/**
 * Battles from encounters (issue 18; seed 002 §3 "Set up", §11.2, §11.3): an Atrilian voyage's encounter is
 * fought on the hex board through voyages.fightEncounter, its set-up previewed by voyages.encounterSetup; the
 * voyage waits for the battle and takes its results (in the Atrilian write-back's shape) when it is concluded.
 */

const meshueshGalley: AtrilianEncounterShip = { type: 'gyptianLargeGalley', nation: 'meshuesh', quality: 3, marines: 2, improvements: { castle: true }, wizards: 'none' }

describe('an Atrilian encounter fought on the hex board (issue 18)', () => {
  let t: TestSession
  let port: Record<string, number>
  let thalassa: number
  let nausikaa: number
  let voyageId: number
  beforeAll(async () => {
    t = makeSession()
    await t.door.call('campaigns.create', { name: 'Encounter battles', setting: 'atrilia', chart: 'atrilia' })
    port = Object.fromEntries((await t.door.call('ports.list')).map((p) => [p.name, p.id]))
    thalassa = atrilianShip(t, 'Thalassa', { type: 'pheacianLargeGalley', improvements: { corvus: true, castle: true } }, port['al-Zabdiyat']!, 150)
    nausikaa = atrilianShip(t, 'Nausikaa', { type: 'pheacianLargeGalley', improvements: {} }, port['al-Zabdiyat']!, 150)
    await t.door.call('crew.embark', { shipId: thalassa, marines: 2, wizards: { kind: 'sea', count: 1 } })
    const v = await t.door.call('voyages.start', { shipIds: [thalassa, nausikaa], route: [port['al-Zabdiyat']!, port['Meshuesh harbour']!] })
    voyageId = v.id
    await t.door.call('voyages.sail', { voyageId, days: 1 })
    await t.door.call('voyages.addEncounter', { voyageId, ships: [meshueshGalley, { ...meshueshGalley, name: 'Sekhmet', quality: 2, improvements: {} }] })
  })
  afterAll(async () => {
    await t.cleanup()
  })

  it('seed 002 §3, §11.2: the preview sets both squadrons up at opposite edges, the campaign ships linked by their ids, the encounter’s without; nothing changes', async () => {
    const before = await t.door.call('voyages.get', { voyageId })
    const p = await t.door.call('voyages.encounterSetup', { voyageId })
    expect(p.edges.squadron).not.toBe(p.edges.encounter)
    const ours = p.setup.ships.filter((s) => s.side === 'squadron')
    expect(ours.map((s) => s.shipId).sort()).toEqual([thalassa, nausikaa].sort())
    expect(ours.find((s) => s.shipId === thalassa)).toMatchObject({ name: 'Thalassa', type: 'pheacianLargeGalley', size: 3, corvus: true, castle: true })
    const theirs = p.setup.ships.filter((s) => s.side === 'encounter')
    expect(theirs.map((s) => s.name)).toEqual(['Meshuesh large galley', 'Sekhmet'])
    expect(theirs.every((s) => s.shipId === undefined)).toBe(true)
    expect(p.sides.map((s) => s.name)).toEqual(['Pheacian squadron', '2 × Meshuesh large galley'])
    expect(p.notes.some((n) => /coastline|open sea/.test(n))).toBe(true)
    expect(await t.door.call('voyages.get', { voyageId })).toEqual(before)
  })

  it('one command, one undo: the battle goes and the encounter waits again', async () => {
    const before = await t.door.call('voyages.get', { voyageId })
    const battles = (await t.door.call('battles.list')).length
    const out = await t.door.call('voyages.fightEncounter', { voyageId, evenStart: 3 })
    expect((await t.door.call('battles.list')).length).toBe(battles + 1)
    expect(out.voyage.battleId).toBe(out.battleId)
    await t.door.call('history.undo')
    expect((await t.door.call('battles.list')).length).toBe(battles)
    expect(await t.door.call('voyages.get', { voyageId })).toEqual(before)
  })

  it('bad set-up input is refused naming its field, and nothing changes', async () => {
    const before = await t.door.call('voyages.get', { voyageId })
    const battles = (await t.door.call('battles.list')).length
    const cases: [Record<string, unknown>, string][] = [
      [{ placements: [{ ship: 'met-1', at: 'Z40' }] }, 'placements.0.at'],
      [{ placements: [{ ship: 'nobody', at: 'D11' }] }, 'placements.0.ship'],
      [{ squadronEdge: 'north', encounterEdge: 'north' }, 'encounterEdge'],
      [{ squadronEdge: 'east', coastEdge: 'east' }, 'coastEdge']
    ]
    for (const [choices, field] of cases) {
      const e = errorOf(await t.door.invoke('voyages.fightEncounter', { voyageId, ...choices }, 'internal'))
      expect(e.code).toBe('invalid_input')
      expect(e.details).toMatchObject({ field })
      expect(e.message.startsWith(`${field}: `)).toBe(true)
    }
    const schema = errorOf(await t.door.invoke('voyages.fightEncounter', { voyageId, evenStart: 7 }, 'internal'))
    expect(schema.code).toBe('invalid_input')
    expect(JSON.stringify(schema)).toMatch(/evenStart/)
    expect(await t.door.call('voyages.get', { voyageId })).toEqual(before)
    expect((await t.door.call('battles.list')).length).toBe(battles)
    // Pass and parley stay with resolveEncounter; fighting needs the set-up.
    expect(errorOf(await t.door.invoke('voyages.resolveEncounter', { voyageId, choice: 'fight' }, 'internal')).code).toBe('rule')
  })

  it('fight: the hex battle starts with both squadrons, the GM’s adjustments and the seed’s "Ambush!"; the voyage waits for it', async () => {
    const out = await t.door.call('voyages.fightEncounter', { voyageId, ambush: 'encounter', placements: [{ ship: 'met-2', at: 'F9', facing: 4 }], note: 'they came out of the sun' })
    expect(out.voyage.battleId).toBe(out.battleId)
    expect(out.voyage.stop).toBe('battle')
    expect(out.voyage.pending).toBeNull()
    expect(out.voyage.encounters[0]!.answer).toEqual({ choice: 'fight', note: 'they came out of the sun' })
    expect(out.voyage.log.at(-1)!.text).toMatch(/^Fought .* on the hex board: 2 ships of the Pheacian squadron against 2/)
    const b = (await t.door.call('battles.state', { battleId: out.battleId })) as unknown as { ruleset: string; setup: AtriliaSetup; control: Record<string, string> }
    expect(b.ruleset).toBe('atrilia')
    expect(b.setup.ships.filter((s) => s.side === 'squadron').map((s) => s.shipId).sort()).toEqual([thalassa, nausikaa].sort())
    expect(b.setup.ships.filter((s) => s.side === 'encounter')).toHaveLength(2)
    expect(b.setup.options.ambush).toBe('encounter')
    expect(b.control).toEqual({ squadron: 'gm', encounter: 'ai' })
    expect(errorOf(await t.door.invoke('voyages.sail', { voyageId }, 'internal')).code).toBe('rule')
  })

  it('concluded (the Atrilian write-back’s result): sunk ships leave the squadron, ships off the map stay in it, a prize joins it; the log names the sides', async () => {
    const db = t.session.campaign!.db
    const v = await t.door.call('voyages.get', { voyageId })
    const battleId = v.battleId!
    const prize = Number(
      db
        .prepare(`INSERT INTO ship (name, design, status, origin, crew, location) VALUES ('Sekhmet', ?, 'sea', 'prize', 200, NULL)`)
        .run(JSON.stringify({ type: 'gyptianLargeGalley', improvements: {} })).lastInsertRowid
    )
    db.prepare(`INSERT INTO ship_company (ship_id, port_id) VALUES (?, NULL)`).run(prize)
    db.prepare(`INSERT INTO atrilian_ship (ship_id, nation, quality) VALUES (?, 'meshuesh', 2)`).run(prize)
    const result = {
      lines: [
        { shipId: thalassa, fate: 'exited', side: 'squadron', name: 'Thalassa' },
        { shipId: nausikaa, fate: 'sunk', side: 'squadron', name: 'Nausikaa' },
        { shipId: null, fate: 'sunk', side: 'encounter', name: 'Meshuesh large galley' },
        { shipId: null, fate: 'captured', side: 'encounter', name: 'Sekhmet' }
      ],
      applied: [{ shipId: thalassa }, { shipId: nausikaa }, { shipId: prize }],
      winner: 'Pheacian squadron'
    }
    db.prepare(`UPDATE battle SET status = 'concluded', result = ? WHERE id = ?`).run(JSON.stringify(result), battleId)
    db.prepare(`UPDATE ship SET status = 'sunk' WHERE id = ?`).run(nausikaa)
    voyageBattleConcluded(db, battleId)
    const after = await t.door.call('voyages.get', { voyageId })
    const state = Object.fromEntries(after.ships.map((s) => [s.name, s.state]))
    expect(state).toEqual({ Thalassa: 'sailing', Nausikaa: 'sunk', Sekhmet: 'sailing' })
    expect(after.stop).toBeNull()
    expect(after.status).toBe('atSea')
    const text = after.log.at(-1)!.text
    expect(text).toMatch(/is over, won by the Pheacian squadron/)
    expect(text).toContain('the Thalassa left the battle map and sails on with the squadron')
    expect(text).toContain('the Nausikaa was sunk and leaves the squadron')
    expect(text).toContain('the Sekhmet sails on with the squadron as a prize')
    expect(text).toContain('1 prize taken')
    expect(text).not.toMatch(/\bours\b/)
  })

  it('an Atrilian prize without the sailors to manoeuvre her lies where she is (seed 002 §2 crew), said in Atrilian words', async () => {
    const db = t.session.campaign!.db
    await t.door.call('voyages.addEncounter', { voyageId, ships: [meshueshGalley] })
    const out = await t.door.call('voyages.fightEncounter', { voyageId, coastline: false })
    const prize = Number(
      db.prepare(`INSERT INTO ship (name, design, status, origin, crew, location) VALUES ('Wadj-wer', ?, 'sea', 'prize', 10, NULL)`).run(JSON.stringify({ type: 'gyptianLargeGalley', improvements: {} })).lastInsertRowid
    )
    db.prepare(`INSERT INTO ship_company (ship_id, port_id) VALUES (?, NULL)`).run(prize)
    db.prepare(`INSERT INTO atrilian_ship (ship_id, nation, quality) VALUES (?, 'meshuesh', 2)`).run(prize)
    db.prepare(`UPDATE battle SET status = 'concluded', result = ? WHERE id = ?`).run(
      JSON.stringify({ lines: [{ shipId: null, fate: 'captured', side: 'encounter', name: 'Wadj-wer' }], applied: [{ shipId: prize }], winner: null }),
      out.battleId
    )
    voyageBattleConcluded(db, out.battleId)
    const after = await t.door.call('voyages.get', { voyageId })
    expect(after.ships.some((s) => s.name === 'Wadj-wer')).toBe(false)
    expect(after.log.at(-1)!.text).toMatch(/with no winner; the prize Wadj-wer lies where she is until she is manned \(the Wadj-wer has 10 sailors: a .*large galley needs 200 to manoeuvre her\)/)
    // The prize sails on with the squadron into port.
    const sail = await t.door.call('voyages.sail', { voyageId, days: 5 })
    expect(sail.voyage.ships.find((s) => s.name === 'Sekhmet')!.state).toBe('sailing')
  })
})
