/**
 * Starting High Seas battles through the one door (seed 003, IV–VI): campaign ships measured from
 * their design and state, encounter ships armed as the rules guide §2 "Encounter armament" says,
 * forts and towns from the §2 Forts table; refusals; the list, the state, removal; the calculators.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { currentStats, replay } from '../../src/shared/highseas/engine'
import { withStartSpeed } from '../../src/shared/numbers'
import { makeSession } from '../helpers'
import { dropSample, openSample, seaDogVsMerchantman, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const lastSummary = () => (s.db().prepare(`SELECT summary FROM journal ORDER BY seq DESC LIMIT 1`).get() as { summary: string }).summary

describe('battles.start', () => {
  it('seed 003 V Trained Fighters: a battle counts boarders by the same Trained Fighters table as the Crew tab, edits included', async () => {
    await s.call('rules.set', { table: 'trainedFighters', value: { merchant: 2, naval: 3, privateer: 3, pirate: 1, avalon: 2, vesten: 1 } })
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    const v = await s.call('battles.state', { battleId })
    expect(v.setup.rules.fighters.merchant).toBe(0.5)
    expect(v.setup.rules.fighters.pirate).toBe(1)
    expect(v.setup.rules.nationFighters).toEqual([
      { nation: 'Avalon', fraction: 0.5 },
      { nation: 'Vesten', fraction: 1 }
    ])
  })

  it("measures a campaign ship from her design's quote and her state, and arms an encounter ship as the rules guide says", async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    const v = await s.call('battles.state', { battleId })
    const [dog, merchant] = v.setup.participants
    expect(dog).toMatchObject({
      id: `ship-${s.ids.seaDog}`,
      name: 'Sea Dog',
      side: 'Tortuga',
      kind: 'ship',
      shipId: s.ids.seaDog,
      hull: 'corsair',
      crewKind: 'pirate',
      // Seed 003 I: a Corsair is Hull 25, Rigging 15, Speed 4, Handling 4, Size 1; crew Threat Rating 2.
      hullPoints: 25,
      riggingPoints: 15,
      speed: 4,
      handling: 4,
      size: 1,
      threatRating: 2,
      guns: { port: 4, starboard: 4, chasers: 2, stern: 0 },
      pontGuns: { port: 1, starboard: 1 },
      // Her company (the sample's roster): 90 hands, 10 of them marines, and two named officers aboard.
      crew: 92,
      marines: 10,
      officers: 2,
      // Marcel, her gunner, serves every battery with Gunnery 3.
      gunners: { port: 3, starboard: 3, chasers: 3, stern: 3 },
      powderTons: 0.5,
      hullDamage: 0,
      shallowDraft: true,
      oars: false,
      captain: { name: 'Marcel du Sable', personId: s.ids.marcelPerson, wits: 2, tactics: 0, strategy: 0 },
      control: 'gm',
      behaviour: 'corsair'
    })
    expect(merchant).toMatchObject({
      id: 'gen-1',
      name: 'Montaigne Merchantman',
      side: 'Montaigne',
      hullPoints: 40,
      guns: { port: 12, starboard: 12, chasers: 2, stern: 4 },
      crew: 160,
      control: 'ai',
      behaviour: 'merchant'
    })
    expect(v).toMatchObject({ id: battleId, status: 'active', turn: 1, winner: null, turns: [], pending: { ships: {}, melee: [], heroic: [] } })
    expect(v.sides).toEqual([
      { side: 'Tortuga', name: 'Tortuga', names: ['Sea Dog'] },
      { side: 'Montaigne', name: 'Montaigne', names: ['Montaigne Merchantman'] }
    ])
    expect(v.state).toEqual(replay(v.setup, []))
    // The AI's merchantman shows what she would order now; the GM's Sea Dog does not.
    expect(Object.keys(v.aiPreview)).toEqual(['gen-1'])
    expect(lastSummary()).toBe(`Started the ${v.name}: Sea Dog against Montaigne Merchantman`)
    // The design of the generated ship is kept, so she can become a prize.
    const designs = JSON.parse((s.db().prepare(`SELECT designs FROM battle WHERE id = ?`).get(battleId) as { designs: string }).designs)
    expect(designs['gen-1']).toMatchObject({ hull: 'merchantman', guns: { port: 12, starboard: 12, chasers: 2, stern: 4 }, powderTons: 2.5 })
  })

  it("takes the ship's damage, guns lost, crew and powder from her row, her company from the roster, and an average captain when none is aboard", async () => {
    s.db().prepare(`UPDATE ship SET hull_damage = 7, rigging_damage = 3, guns_lost = '{"port":1,"starboard":0,"chasers":2,"stern":0}', crew = 80, powder_tons = 0.3 WHERE id = ?`).run(s.ids.seaDog)
    const { battleId } = await s.call('battles.start', {
      participants: [
        { shipId: s.ids.seaDog, side: 'A', gunners: { port: 3, starboard: 2, chasers: 1, stern: 0 }, marines: 5, officers: 2, crewKind: 'merchant' },
        { shipId: s.ids.santaLucia, side: 'B', crew: 50 }
      ],
      seed: 7
    })
    const v = await s.call('battles.state', { battleId })
    expect(v.setup.participants[0]).toMatchObject({
      guns: { port: 3, starboard: 4, chasers: 0, stern: 0 },
      hullDamage: 7,
      riggingDamage: 3,
      crew: 82,
      powderTons: 0.3,
      marines: 5,
      officers: 2,
      gunners: { port: 3, starboard: 2, chasers: 1, stern: 0 },
      captain: { wits: 2, tactics: 1, strategy: 1 },
      crewKind: 'merchant',
      behaviour: 'corsair'
    })
    // The Santa Lucia's roster: Allende commands (Wits 3, Tactics 2, no Strategy), Yngvild is master-o'-tops
    // (Finesse 2, Rigging 3); 50 hands and the two of them; a Castillian merchant company.
    expect(v.setup.participants[1]).toMatchObject({
      crew: 52,
      officers: 2,
      hullPoints: 40,
      crewKind: 'merchant',
      nation: 'Castille',
      captain: { name: 'Allende de Zepeda', personId: s.ids.allendePerson, wits: 3, tactics: 2, strategy: 0 },
      masterOfTops: { finesse: 2, rigging: 3 },
      gunners: { port: 1, starboard: 1, chasers: 1, stern: 1 },
      behaviour: 'merchant'
    })
    // The Sea Dog's Marcel is her gunner, not her captain.
    expect(v.setup.participants[0]!.captain).toMatchObject({ name: 'Captain of the Sea Dog' })
    expect(v.setup.seed).toBe(7)
    expect(v.name).toMatch(/^Battle of \d+ \w+ \d+/)
  })

  it('draws the seed from the campaign generator (logged as the battle seed) unless given, and the same seed gives the same battle', async () => {
    const a = await s.call('battles.start', { ...seaDogVsMerchantman(s), seed: undefined })
    const roll = s.db().prepare(`SELECT kind, purpose, notation, command FROM roll_log ORDER BY id DESC LIMIT 1`).get()
    expect(roll).toEqual({ kind: 'battles', purpose: 'Battle seed (nine d10, each a digit)', notation: '9d10', command: 'battles.start' })
    const seed = (await s.call('battles.state', { battleId: a.battleId })).setup.seed
    expect(seed).toBeGreaterThanOrEqual(0)
    expect(seed).toBeLessThan(1_000_000_000)
    const b = await s.call('battles.start', { ...seaDogVsMerchantman(s), seed })
    const [va, vb] = [await s.call('battles.state', { battleId: a.battleId }), await s.call('battles.state', { battleId: b.battleId })]
    expect(vb.state).toEqual(va.state)
  })

  it('with dice entered by hand, the seed roll asks for its faces (needs_dice), then takes them', async () => {
    await s.call('settings.set', { diceMode: 'manual' })
    const input = { ...seaDogVsMerchantman(s), seed: undefined }
    const err = await s.fail('battles.start', input)
    expect(err.code).toBe('needs_dice')
    expect(err.details).toMatchObject({ notation: '9d10', sides: 10, atLeast: 9 })
    const { battleId } = await s.call('battles.start', { ...input, dice: [1, 2, 3, 4, 5, 6, 7, 8, 10] })
    expect((await s.call('battles.state', { battleId })).setup.seed).toBe(123456780)
  })

  it('numbers repeated encounter ships, and takes forts and towns from the rules guide tables', async () => {
    const { battleId } = await s.call('battles.start', {
      participants: [
        { shipId: s.ids.seaDog, side: 'Tortuga' },
        { generate: { hull: 'galleon', armament: 'light', nation: 'Castillian' }, side: 'Castille' },
        { generate: { hull: 'galleon', armament: 'light', nation: 'Castillian' }, side: 'Castille' },
        { fort: { size: 'small', name: 'Fuerte San Juan' }, side: 'Castille' },
        { town: { name: 'San Juan', guns: 3 }, side: 'Castille' }
      ],
      range: 'extreme',
      seed: 3
    })
    const v = await s.call('battles.state', { battleId })
    expect(v.setup.participants.map((p) => [p.id, p.name, p.kind])).toEqual([
      [`ship-${s.ids.seaDog}`, 'Sea Dog', 'ship'],
      ['gen-1', 'Castillian Galleon 1', 'ship'],
      ['gen-2', 'Castillian Galleon 2', 'ship'],
      ['fort-1', 'Fuerte San Juan', 'fort'],
      ['town-1', 'San Juan', 'town']
    ])
    expect(v.setup.participants[3]).toMatchObject({ hullPoints: 60, guns: { port: 8 }, crew: 40, marines: 40, speed: 0 })
    expect(v.setup.participants[4]).toMatchObject({ hullPoints: 200, guns: { port: 3 } })
  })

  it('battles.preview shows the participants without starting anything', async () => {
    const before = s.snapshot()
    const ps = await s.call('battles.preview', { participants: seaDogVsMerchantman(s).participants })
    expect(ps.map((p) => p.name)).toEqual(['Sea Dog', 'Montaigne Merchantman'])
    expect(s.snapshot()).toEqual(before)
  })

  it('refuses a ship not afloat (naming her and why), a ship twice, a single side, unknown ships and people — changing nothing', async () => {
    const before = s.snapshot()
    const twice = await s.fail('battles.start', {
      participants: [
        { shipId: s.ids.seaDog, side: 'A' },
        { shipId: s.ids.seaDog, side: 'B' }
      ]
    })
    expect(twice).toMatchObject({ code: 'rule', message: expect.stringContaining('Sea Dog is named twice') })
    const oneSide = await s.fail('battles.start', {
      participants: [
        { shipId: s.ids.seaDog, side: 'A' },
        { generate: { hull: 'corsair', armament: 'light' }, side: 'A' }
      ]
    })
    expect(oneSide).toMatchObject({ code: 'rule', message: expect.stringContaining('two sides') })
    expect(await s.fail('battles.start', { participants: [{ shipId: 99, side: 'A' }, { generate: { hull: 'corsair', armament: 'light' }, side: 'B' }] })).toMatchObject({ code: 'not_found' })
    const person = await s.fail('battles.start', {
      participants: [
        { shipId: s.ids.seaDog, side: 'A', captainId: 999 },
        { generate: { hull: 'corsair', armament: 'light' }, side: 'B' }
      ]
    })
    expect(person).toMatchObject({ code: 'not_found', message: 'participants.0.captainId: there is no character with id 999.' })
    expect(await s.fail('battles.start', { participants: [{ shipId: s.ids.seaDog, side: 'A' }] })).toMatchObject({ code: 'invalid_input' })
    expect(s.snapshot()).toEqual(before)

    await s.call('ships.scuttle', { shipId: s.ids.seaDog })
    const scuttled = await s.fail('battles.start', seaDogVsMerchantman(s))
    expect(scuttled).toMatchObject({ code: 'rule', message: 'The Sea Dog cannot fight: she is scuttled (only ships in port or at sea can).', details: { status: 'scuttled' } })
  })
})

describe('battles.list and battles.remove', () => {
  it('lists battles newest first; removes an active battle whole, and undo brings it back', async () => {
    const a = await s.call('battles.start', seaDogVsMerchantman(s, { name: 'First' }))
    const b = await s.call('battles.start', seaDogVsMerchantman(s, { name: 'Second' }))
    await s.call('battles.resolveTurn', { battleId: b.battleId })
    const list = await s.call('battles.list')
    expect(list.map((x) => [x.id, x.name, x.status, x.turn])).toEqual([
      [b.battleId, 'Second', 'active', 2],
      [a.battleId, 'First', 'active', 1]
    ])
    const before = s.snapshot() as { tables: unknown }
    await s.call('battles.remove', { battleId: b.battleId })
    expect(lastSummary()).toBe('Deleted the Second (never concluded)')
    expect((await s.call('battles.list')).map((x) => x.name)).toEqual(['First'])
    expect(s.db().prepare(`SELECT count(*) AS n FROM battle_turn`).get()).toEqual({ n: 0 })
    await s.call('history.undo')
    expect((s.snapshot() as { tables: unknown }).tables).toEqual(before.tables)
    expect(await s.fail('battles.state', { battleId: 99 })).toMatchObject({ code: 'not_found' })
  })
})

describe('the calculators (app scope: no campaign needed)', () => {
  it('highseas.cannonTN and highseas.grapple', async () => {
    const t = makeSession()
    try {
      const tn = await t.door.call('highseas.cannonTN', { attacker: { size: 1, gunnery: 1 }, target: { handling: 2, size: 3 }, range: 'medium' })
      // Rules guide §2 "Cannon hit roll": 5 × Handling 2 = 10, +5 per step beyond Close (2) = +10, −5 Gunnery 1, +5 larger target.
      expect(tn.tn).toBe(20)
      expect(tn.breakdown.length).toBeGreaterThan(1)
      // Seed 003 V: a smaller ship grapples on 8+, the same size on 6+, a larger one on 4+.
      expect(await t.door.call('highseas.grapple', { grapplerSize: 1, targetSize: 3 })).toEqual({ needs: 8, chance: 0.3 })
      expect((await t.door.call('highseas.grapple', { grapplerSize: 3, targetSize: 3 })).needs).toBe(6)
      expect((await t.door.call('highseas.grapple', { grapplerSize: 4, targetSize: 3 })).needs).toBe(4)
    } finally {
      await t.cleanup()
    }
  })
})

describe('seed 003 I, careening: "for each month after the fourth that a ship goes without careening, its speed is reduced by one"', () => {
  it('a campaign ship starts a battle at her Speed now (the ship sheet’s), with the careening term in her Numbers', async () => {
    // The Sea Dog last careened 200 days ago: two months past due by the Théah calendar.
    const today = (await s.call('clock.now', {})).day
    s.db().prepare(`INSERT OR IGNORE INTO ship_company (ship_id) VALUES (?)`).run(s.ids.seaDog)
    s.db().prepare(`UPDATE ship_company SET careened_day = ? WHERE ship_id = ?`).run(today - 200, s.ids.seaDog)
    const cond = await s.call('ships.condition', { shipId: s.ids.seaDog })
    expect(cond.careening.monthsPastDue).toBeGreaterThanOrEqual(2)
    expect(cond.speed.now).toBe(Math.max(1, 4 - cond.careening.monthsPastDue))

    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    const v = await s.call('battles.state', { battleId })
    const dog = v.setup.participants[0]!
    expect(dog.speed).toBe(cond.speed.now)
    expect(dog.speedTerms).toEqual(cond.speed.breakdown)
    // The Numbers tab reads the engine's terms, its first opened into how her Speed was reached.
    const c = currentStats(v.setup, v.state, dog.id)
    expect(c.speed).toBe(cond.speed.now)
    const terms = withStartSpeed(dog, c.terms.speed ?? [])
    expect(terms[0]).toEqual({ label: 'Speed of her design', value: 4 })
    expect(terms[1]!.label).toMatch(/^Careening \d+ months overdue/)
    expect(terms[1]!.value).toBe(cond.speed.now - 4)
  })
})
