/**
 * Atrilian hex battles (seed 002 "Naval Rules") on the battle seam, through the one door (issue 17):
 * the preset "The first battle of al-Zabdiyat" started with the campaign's rule tables, orders saved
 * (illegal ones refused with the reason, nothing changed), steps resolved by hand and by the AI to the
 * end, faces typed by hand, a step undone by the campaign's undo, the replay, the odds, the list,
 * removal, review and conclusion. And High Seas unchanged: every stored battle of the six-voyage
 * campaign (played on the bundled sample) replays through the High Seas ruleset to its stored state.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHost, type Host } from '../../src/main/http/host'
import type { Door } from '../../src/main/door/door'
import type { CommandName, CommandOutput } from '../../src/shared/commands'
import type { AtriliaBattleView, AtriliaBattleReview } from '../../src/shared/commands/battles'
import { highSeasRuleset } from '../../src/shared/highseas/ruleset'
import type { BattleSetup, BattleState, TurnOrders } from '../../src/shared/highseas/types'
import { ATRILIA_RULES } from '../../src/shared/atrilia/tables'
import type { AtriliaReport, AtriliaState } from '../../src/shared/atrilia/types'
import { AL_ZABDIYAT_INPUT } from '../../src/shared/atrilia/preset'
import { parseLabel } from '../../src/shared/atrilia/hex'
import { ruleSource } from '../../src/shared/words'
import { ROOT } from '../helpers'
import { dropSample, openSample, seaDogVsMerchantman, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

/** Typed calls with the real (union) outputs of the battle commands. */
const call = <N extends CommandName>(name: N, input: unknown = {}): Promise<CommandOutput<N>> => (s.t.door as Door).call(name, input)
const view = async (battleId: number) => (await call('battles.state', { battleId })) as AtriliaBattleView
/** battles.resolveStep answers any ruleset's report and state: here an Atrilian one. */
const resolveStep = async (input: Record<string, unknown>) => (await call('battles.resolveStep', input)) as CommandOutput<'battles.resolveStep'> & { report: AtriliaReport; state: AtriliaState }
const start = (extra: Record<string, unknown> = {}) => call('battles.start', { ruleset: 'atrilia', preset: 'alZabdiyat', seed: 7, ...extra })
const lastSummary = () => (s.db().prepare(`SELECT summary FROM journal ORDER BY seq DESC LIMIT 1`).get() as { summary: string }).summary
const count = (table: string, battleId: number) => (s.db().prepare(`SELECT count(*) AS n FROM ${table} WHERE battle_id = ?`).get(battleId) as { n: number }).n

/** Resolve steps until the battle is over (at most `limit`), returning how many were resolved. */
async function playToEnd(battleId: number, limit = 400): Promise<number> {
  let n = 0
  while (n < limit) {
    const out = await resolveStep({ battleId })
    n++
    if (out.outcome) return n
  }
  return n
}

describe('battles.start {ruleset: "atrilia"}', () => {
  it('seed 002 §3, §3.3, §11.2: starts the preset with the first listed player moving first, every side the GM’s, the campaign’s rule table in its setup', async () => {
    const { battleId } = await start()
    const v = await view(battleId)
    expect(v).toMatchObject({ ruleset: 'atrilia', name: 'The first battle of al-Zabdiyat', status: 'active', turn: 1, winner: null, outcome: null, replayable: true })
    expect(v.sides).toEqual([
      { side: 'pheacians', name: 'Pheacians', names: ['Thalassa', 'Nausikaa', 'Skylla', 'Phaiax'] },
      { side: 'meshuesh', name: 'Meshuesh', names: ['Wadj-wer', 'Sekhmet', 'Apophis', 'Horus'] }
    ])
    expect(v.step).toEqual({ turn: 1, phase: 'roll', label: 'Turn 1 — the Pheacians: roll for movement', side: 'pheacians', diceOnly: true })
    expect(v.control).toEqual({ pheacians: 'gm', meshuesh: 'gm' })
    expect(v.pending).toEqual({ phase: 'roll', scuttle: [] })
    expect(v.problems).toEqual([])
    expect(v.aiPreview).toBeNull()
    expect(v.log).toEqual([])
    expect(v.setup.seed).toBe(7)
    expect(v.setup.rules).toEqual(ATRILIA_RULES)
    expect(v.setup.rules.encounterTurns).toBe(20)
    // Set-up by hex and facing (§11.2): the Thalassa at D4, facing 4 (south).
    expect(v.state.ships.thalassa).toMatchObject({ at: parseLabel('D4'), facing: 4, status: 'afloat', marines: 2 })
    expect(lastSummary()).toBe('Started the first battle of al-Zabdiyat: Thalassa, Nausikaa, Skylla, Phaiax against Wadj-wer, Sekhmet, Apophis, Horus')
    const list = await call('battles.list')
    expect(list.map((b) => [b.id, b.ruleset, b.name])).toEqual([[battleId, 'atrilia', 'The first battle of al-Zabdiyat']])
  })

  it('seed 002 §3: a battle snapshots the campaign’s (edited) Atrilian table — the Rules page lists and edits it with its source — and a battle already fought keeps its own', async () => {
    const tables = await call('rules.list')
    const atrilian = tables.filter((t) => t.name.startsWith('atrilia'))
    expect(atrilian.map((t) => t.name)).toEqual(['atriliaBattle', 'atriliaShips', 'atriliaImprovements'])
    for (const t of atrilian) {
      expect(t.source).toMatch(/seed 002/i)
      // As the Rules page shows it: the texts by their titles, no file numbers.
      expect(ruleSource(t.source)).toMatch(/^Naval Rules \(Atrilia\) §/)
      expect(ruleSource(t.source)).not.toMatch(/[Rr]ules guide|[Ss]eed 00\d/)
    }
    const first = await start()
    await call('rules.set', { table: 'atriliaBattle', value: { ...ATRILIA_RULES, encounterTurns: 2 } })
    const second = await start({ control: { pheacians: 'ai', meshuesh: 'ai' } })
    expect((await view(second.battleId)).setup.rules.encounterTurns).toBe(2)
    expect((await view(first.battleId)).setup.rules.encounterTurns).toBe(20)
    // Two game-turns of two players' six phases each: the encounter ends after 24 steps at most.
    const steps = await playToEnd(second.battleId)
    expect(steps).toBeLessThanOrEqual(24)
    const v = await view(second.battleId)
    expect(v.outcome).not.toBeNull()
    if (steps === 24) expect(v.outcome!.reason).toMatch(/2 turns/)
  })

  it('draws the seed from the campaign’s dice when none is given (logged as the battle seed); a setup starts as well as a preset', async () => {
    const rolls = () => (s.db().prepare(`SELECT count(*) AS n FROM roll_log WHERE purpose LIKE 'Battle seed%'`).get() as { n: number }).n
    const before = rolls()
    const { battleId } = await call('battles.start', { ruleset: 'atrilia', setup: AL_ZABDIYAT_INPUT, name: 'Off the island' })
    expect(rolls()).toBe(before + 1)
    const v = await view(battleId)
    expect(v.name).toBe('Off the island')
    expect(v.setup.seed).toBeGreaterThanOrEqual(0)
    expect(v.setup.ships).toHaveLength(8)
  })

  it('refuses, changing nothing: neither or both of preset and setup, an unknown side’s control, a ship set up on land (seed 002 §5.10), a ruleset not playable yet', async () => {
    const before = s.snapshot()
    expect(await s.fail('battles.start', { ruleset: 'atrilia' })).toMatchObject({ code: 'invalid_input', details: { field: 'preset' } })
    expect(await s.fail('battles.start', { ruleset: 'atrilia', preset: 'alZabdiyat', setup: AL_ZABDIYAT_INPUT })).toMatchObject({
      code: 'invalid_input',
      message: 'preset: give either a preset or a setup, not both.'
    })
    const ctl = await s.fail('battles.start', { ruleset: 'atrilia', preset: 'alZabdiyat', seed: 1, control: { romans: 'ai' } })
    expect(ctl).toMatchObject({ code: 'invalid_input', details: { field: 'control' } })
    expect(ctl.message).toContain('there is no side “romans”')
    const onLand = { ...AL_ZABDIYAT_INPUT, ships: AL_ZABDIYAT_INPUT.ships.map((x, i) => (i === 0 ? { ...x, at: parseLabel('L6')! } : x)) }
    const land = await s.fail('battles.start', { ruleset: 'atrilia', setup: onLand, seed: 1 })
    expect(land).toMatchObject({ code: 'invalid_input', details: { field: 'setup' } })
    expect(land.message).toContain('Thalassa: L6 is land (ships may not enter land hexes, §5.10)')
    expect(await s.fail('battles.start', { ruleset: 'broadsides' })).toMatchObject({ code: 'invalid_input' })
    expect(s.snapshot()).toEqual(before)
  })
})

describe('orders and steps', () => {
  it('seed 002 §5.1, §5.2, §5.4, §5.7: orders are checked and saved for the next step; illegal ones are refused with the reason and nothing changes', async () => {
    const { battleId } = await start()
    // A phase mismatch is a problem too (§4: the roll for movement comes first).
    const mismatch = await call('battles.checkOrders', { battleId, orders: { phase: 'move' } })
    expect(mismatch.problems).toEqual([{ path: ['phase'], message: 'these are orders for ship movement and ramming, but the next step is roll for movement' }])
    // The movement roll typed by hand: a 4 (§5.1).
    const rolled = await resolveStep({ battleId, dice: [4] })
    expect(rolled.report.events[0]!.rolls[0]).toMatchObject({ notation: '1d6', dice: [4], total: 4, manual: true })
    expect(rolled.state.roll).toBe(4)
    expect(rolled.step).toMatchObject({ phase: 'move', side: 'pheacians', diceOnly: false })
    // The Thalassa's allowance is the roll + her veteran crew quality 3 = 7 (§5.2); eight hexes forward cost 16 (§5.4) — a maximum (§5.7).
    const far = { phase: 'move', ships: [{ ship: 'thalassa', steps: Array(8).fill('forward') }] }
    const checked = await call('battles.checkOrders', { battleId, orders: far })
    // Each problem at its field: the Thalassa's move is the first of the ships' orders.
    expect(checked.problems).toEqual([{ path: ['ships', 0], message: 'Thalassa: the move costs 16 points but her allowance is 7 (§5.7)' }])
    const before = s.snapshot()
    const refused = await s.fail('battles.stepOrders', { battleId, orders: far })
    expect(refused).toMatchObject({ code: 'rule', details: { field: 'orders.ships.0', issues: [{ field: 'orders.ships.0' }] } })
    expect(refused.message).toBe('Turn 1 — the Pheacians: ship movement and ramming cannot be ordered so: Thalassa: the move costs 16 points but her allowance is 7 (§5.7).')
    expect(s.snapshot()).toEqual(before)
    // Three hexes forward: 6 points of 7.
    const near = { phase: 'move', ships: [{ ship: 'thalassa', steps: ['forward', 'forward', 'forward'] }] }
    const saved = await call('battles.stepOrders', { battleId, orders: near })
    expect(saved.pending).toEqual({ phase: 'move', scuttle: [], ships: [{ ship: 'thalassa', steps: ['forward', 'forward', 'forward'], through: false }] })
    expect(lastSummary()).toBe('Orders for turn 1 — the Pheacians: ship movement and ramming in the first battle of al-Zabdiyat')
    expect((await view(battleId)).pending).toEqual(saved.pending)
    const moved = await resolveStep({ battleId })
    expect(moved.state.ships.thalassa).toMatchObject({ at: parseLabel('D7'), facing: 4 })
    expect(moved.report.events[0]!.text).toBe('Thalassa moves to D7 facing 4 (6 of 7 points).')
    const v = await view(battleId)
    expect(v.pending).toEqual({ phase: 'marines', scuttle: [], moves: [] })
    expect(v.log.map((r) => r.phase)).toEqual(['roll', 'move'])
    expect(count('battle_step', battleId)).toBe(2)
  })

  it('seed 002 §4: the AI orders the steps of a side handed to it (its preview is what the step follows); the GM cannot order for it; taking it back returns the orders', async () => {
    const { battleId } = await start()
    await resolveStep({ battleId, dice: [5] })
    await call('battles.stepOrders', { battleId, orders: { phase: 'move', ships: [{ ship: 'skylla', steps: ['forward'] }] } })
    const handed = await call('battles.sideControl', { battleId, side: 'pheacians', control: 'ai' })
    expect(handed).toEqual({ side: 'pheacians', control: 'ai' })
    expect(lastSummary()).toBe('Handed the Pheacians to the AI in the first battle of al-Zabdiyat')
    const v = await view(battleId)
    // The orders the GM saved for the step the AI now orders no longer stand.
    expect(v.pending).toEqual({ phase: 'move', scuttle: [], ships: [] })
    expect(v.aiPreview).not.toBeNull()
    expect(v.aiPreview!.phase).toBe('move')
    const refused = await s.fail('battles.stepOrders', { battleId, orders: { phase: 'move' } })
    expect(refused).toMatchObject({ code: 'rule', message: 'The AI orders the Pheacians: take them over first, then give their orders.' })
    const out = await resolveStep({ battleId })
    expect(out.report.orders).toEqual(v.aiPreview)
    expect(lastSummary()).toBe('Resolved turn 1 — the Pheacians: ship movement and ramming of the first battle of al-Zabdiyat (the AI’s orders)')
    await call('battles.sideControl', { battleId, side: 'pheacians', control: 'gm' })
    expect((await view(battleId)).aiPreview).toBeNull()
    expect(await s.fail('battles.sideControl', { battleId, side: 'romans', control: 'ai' })).toMatchObject({ code: 'not_found', details: { field: 'side' } })
  })

  it('seed 002 §3, §4: resolved by hand for a turn and then by the AI on both sides to the end of the encounter; the replay gives the same state', async () => {
    const { battleId } = await start()
    // Turn 1 by hand: every step of both players in the order of §4.
    const phases: string[] = []
    for (let i = 0; i < 12; i++) {
      const out = await resolveStep({ battleId })
      phases.push(`${out.report.side}:${out.report.phase}`)
    }
    expect(phases).toEqual(
      ['pheacians', 'meshuesh'].flatMap((side) => ['roll', 'move', 'marines', 'marineAttacks', 'otherAttacks', 'repair'].map((p) => `${side}:${p}`))
    )
    expect((await view(battleId)).step).toMatchObject({ turn: 2, phase: 'roll', side: 'pheacians' })
    await call('battles.sideControl', { battleId, side: 'pheacians', control: 'ai' })
    await call('battles.sideControl', { battleId, side: 'meshuesh', control: 'ai' })
    const steps = await playToEnd(battleId)
    const v = await view(battleId)
    expect(v.outcome).not.toBeNull()
    expect(v.log).toHaveLength(12 + steps)
    // At most 20 turns of 12 steps (§3).
    expect(v.log.length).toBeLessThanOrEqual(240)
    expect(v.winner).toBe(v.outcome!.winner)
    expect(v.aiPreview).toBeNull()
    expect(v.replayable).toBe(true)
    expect(await call('battles.replay', { battleId })).toEqual({ steps: 12 + steps, same: true })
    expect(await s.fail('battles.resolveStep', { battleId })).toMatchObject({ code: 'rule' })
    // Every ship has a fate in the review.
    const review = (await call('battles.review', { battleId })) as AtriliaBattleReview
    expect(review.lines).toHaveLength(8)
    for (const line of review.lines) {
      const st = v.state.ships[line.ship]!
      if (st.status === 'sunk') expect(line.fate).toBe('sunk')
      else if (st.status === 'exited') expect(line.fate).toBe('exited')
      else expect(['afloat', 'captured']).toContain(line.fate)
      expect(line.shipId).toBeNull()
    }
  })

  it('a stored step whose state was changed does not replay to it (battles.replay same: false)', async () => {
    const { battleId } = await start()
    await resolveStep({ battleId, dice: [3] })
    expect(await call('battles.replay', { battleId })).toEqual({ steps: 1, same: true })
    const row = s.db().prepare(`SELECT state FROM battle WHERE id = ?`).get(battleId) as { state: string }
    const st = JSON.parse(row.state)
    st.roll = 6
    s.db().prepare(`UPDATE battle SET state = ? WHERE id = ?`).run(JSON.stringify(st), battleId)
    expect(await call('battles.replay', { battleId })).toEqual({ steps: 1, same: false })
    expect((await view(battleId)).replayable).toBe(false)
  })
})

describe('dice typed by hand', () => {
  it('seed 002 §5.1: in hand-entry mode a step with too few faces is refused (400, how many more) and nothing changes; too many faces are refused; the right faces resolve it', async () => {
    const { battleId } = await start()
    await call('settings.set', { diceMode: 'manual' })
    const before = s.snapshot()
    const none = await s.fail('battles.resolveStep', { battleId })
    expect(none).toMatchObject({ code: 'invalid_input', details: { field: 'dice', issues: [{ field: 'dice', message: 'needs one more face at least' }] } })
    expect(none.message).toBe('dice: no faces were given: movement roll for the Pheacians needs one more die (1d6, d6): enter the faces you rolled.')
    const many = await s.fail('battles.resolveStep', { battleId, dice: [2, 5] })
    expect(many).toMatchObject({ code: 'invalid_input', message: 'dice: 1 of the faces given was not needed (this step used 1).' })
    const bad = await s.fail('battles.resolveStep', { battleId, dice: [7] })
    expect(bad).toMatchObject({ code: 'invalid_input' })
    expect(s.snapshot()).toEqual(before)
    const out = await resolveStep({ battleId, dice: [2] })
    expect(out.state.roll).toBe(2)
    const logged = s.db().prepare(`SELECT purpose, manual, command FROM roll_log ORDER BY id DESC LIMIT 1`).get()
    expect(logged).toEqual({ purpose: 'The first battle of al-Zabdiyat, Turn 1 — the Pheacians: roll for movement: movement roll for the Pheacians', manual: 1, command: 'battles.resolveStep' })
    const stored = s.db().prepare(`SELECT dice FROM battle_step WHERE battle_id = ?`).get(battleId)
    expect(stored).toEqual({ dice: '[2]' })
    expect(await call('battles.replay', { battleId })).toEqual({ steps: 1, same: true })
  })
})

describe('undo', () => {
  it('the campaign’s undo takes back one step at a time (and the orders saved for it), redo puts it back', async () => {
    const { battleId } = await start()
    const fresh = s.snapshot() as { tables: unknown }
    await resolveStep({ battleId, dice: [6] })
    const rolled = s.snapshot() as { tables: unknown }
    await call('battles.stepOrders', { battleId, orders: { phase: 'move', ships: [{ ship: 'thalassa', steps: ['forward'] }] } })
    await resolveStep({ battleId })
    expect(count('battle_step', battleId)).toBe(2)
    await call('history.undo')
    // Back before the move: its orders saved again, waiting.
    let v = await view(battleId)
    expect(v.step.phase).toBe('move')
    expect(v.pending).toMatchObject({ phase: 'move', ships: [{ ship: 'thalassa', steps: ['forward'] }] })
    expect(count('battle_step', battleId)).toBe(1)
    await call('history.undo')
    expect((s.snapshot() as { tables: unknown }).tables).toEqual(rolled.tables)
    await call('history.undo')
    expect((s.snapshot() as { tables: unknown }).tables).toEqual(fresh.tables)
    v = await view(battleId)
    expect(v.step.phase).toBe('roll')
    expect(v.log).toEqual([])
    await call('history.redo')
    expect((await view(battleId)).state.roll).toBe(6)
    expect(await call('battles.replay', { battleId })).toEqual({ steps: 1, same: true })
  })
})

describe('odds', () => {
  it('plays the battle from its current state many times with the AI on both sides (in the worker); the same step gives the same odds; "asOrdered" is refused', async () => {
    const { battleId } = await start()
    await resolveStep({ battleId, dice: [4] })
    const a = await call('battles.odds', { battleId, runs: 200 })
    expect(a).toMatchObject({ mode: 'ai', runs: 200, maxTurns: 20 })
    expect(a.sides.map((x) => x.side)).toEqual(['pheacians', 'meshuesh'])
    // A run is won by one side or undecided.
    expect(a.sides[0]!.win.p + a.sides[1]!.win.p + a.undecided.p).toBeCloseTo(1, 10)
    for (const x of a.sides) for (const p of [x.win, x.escape, x.sunk, x.struck]) expect(p.low - 1e-9 <= p.p && p.p <= p.high + 1e-9).toBe(true)
    expect(a.meanTurns).toBeGreaterThan(0)
    const b = await call('battles.odds', { battleId, runs: 200 })
    expect({ ...b, ms: 0 }).toEqual({ ...a, ms: 0 })
    const refused = await s.fail('battles.odds', { battleId, runs: 100, mode: 'asOrdered' })
    expect(refused).toMatchObject({ code: 'invalid_input', details: { field: 'mode' } })
  })
})

describe('list, remove, review and conclude', () => {
  it('lists Atrilian and High Seas battles together; removes an Atrilian battle with its steps, and undo brings it back', async () => {
    const hs = await call('battles.start', seaDogVsMerchantman(s, { name: 'Off Tortuga' }))
    const { battleId } = await start()
    await resolveStep({ battleId, dice: [1] })
    const list = await call('battles.list')
    expect(list.map((b) => [b.id, b.ruleset, b.name, b.turn])).toEqual([
      [battleId, 'atrilia', 'The first battle of al-Zabdiyat', 1],
      [hs.battleId, 'highSeas', 'Off Tortuga', 1]
    ])
    expect(((await call('battles.state', { battleId: hs.battleId })) as { ruleset: string }).ruleset).toBe('highSeas')
    const before = s.snapshot() as { tables: unknown }
    await call('battles.remove', { battleId })
    expect(lastSummary()).toBe('Deleted the first battle of al-Zabdiyat (never concluded)')
    expect(count('battle_step', battleId)).toBe(0)
    expect((await call('battles.list')).map((b) => b.id)).toEqual([hs.battleId])
    await call('history.undo')
    expect((s.snapshot() as { tables: unknown }).tables).toEqual(before.tables)
  })

  it('High Seas commands refuse an Atrilian battle, saying which rules it is fought under; the step commands serve a High Seas battle too (one step a turn), but it is concluded with its review lines', async () => {
    const hs = await call('battles.start', seaDogVsMerchantman(s))
    const { battleId } = await start()
    const a = await s.fail('battles.resolveTurn', { battleId })
    expect(a).toMatchObject({ code: 'rule' })
    expect(a.message).toContain('is fought under the Atrilian naval rules')
    expect(await s.fail('battles.orders', { battleId, participantId: 'thalassa', orders: { tactic: 'evade' } })).toMatchObject({ code: 'rule', details: { field: 'battleId' } })
    const b = await call('battles.resolveStep', { battleId: hs.battleId })
    expect(b.step).toMatchObject({ turn: 2, phase: 'turn', side: null })
    expect(count('battle_turn', hs.battleId)).toBe(1)
    const c = await s.fail('battles.conclude', { battleId: hs.battleId, ruleset: 'atrilia' })
    expect(c).toMatchObject({ code: 'rule', details: { field: 'ruleset' } })
    expect(c.message).toContain('is a High Seas battle: conclude it with its review lines')
  })

  it('the review gives each ship’s fate; concluding a battle of no campaign ships writes nothing but the battle’s status and result, and the battle takes no more orders', async () => {
    const { battleId } = await start()
    await resolveStep({ battleId, dice: [2] })
    const review = (await call('battles.review', { battleId })) as AtriliaBattleReview
    expect(review).toMatchObject({ ruleset: 'atrilia', battleId })
    expect(review.lines.map((l) => [l.ship, l.name, l.side, l.shipId, l.fate])).toEqual([
      ['thalassa', 'Thalassa', 'pheacians', null, 'afloat'],
      ['nausikaa', 'Nausikaa', 'pheacians', null, 'afloat'],
      ['skylla', 'Skylla', 'pheacians', null, 'afloat'],
      ['phaiax', 'Phaiax', 'pheacians', null, 'afloat'],
      ['wadjwer', 'Wadj-wer', 'meshuesh', null, 'afloat'],
      ['sekhmet', 'Sekhmet', 'meshuesh', null, 'afloat'],
      ['apophis', 'Apophis', 'meshuesh', null, 'afloat'],
      ['horus', 'Horus', 'meshuesh', null, 'afloat']
    ])
    const before = s.snapshot() as { tables: Record<string, Record<string, unknown>[]> }
    expect(await call('battles.conclude', { battleId, ruleset: 'atrilia' })).toEqual({ battleId, applied: [] })
    expect(lastSummary()).toBe('Concluded the first battle of al-Zabdiyat (nothing written to the campaign)')
    const after = s.snapshot() as typeof before
    for (const table of Object.keys(before.tables)) if (table !== 'battle') expect({ table, rows: after.tables[table] }).toEqual({ table, rows: before.tables[table] })
    const [was, now] = [before.tables.battle![0]!, after.tables.battle![0]!]
    // With no campaign ship in it, the battle keeps only its result (each ship's fate, issue 18's contract).
    expect(Object.keys(was).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]))).toEqual(['status', 'concluded_day', 'result'])
    const result = JSON.parse(now.result as string) as { lines: { shipId: number | null; fate: string }[]; applied: unknown[]; winner: string | null }
    expect(result.applied).toEqual([])
    expect(result.lines.map((l) => [l.shipId, l.fate])).toEqual(review.lines.map(() => [null, 'afloat']))
    expect(now.status).toBe('concluded')
    expect((await view(battleId)).status).toBe('concluded')
    expect(await s.fail('battles.resolveStep', { battleId })).toMatchObject({ code: 'rule' })
    expect(await s.fail('battles.conclude', { battleId, ruleset: 'atrilia' })).toMatchObject({ code: 'rule' })
    expect(await s.fail('battles.remove', { battleId })).toMatchObject({ code: 'rule' })
  })
})

describe('over the HTTP host', () => {
  let host: Host
  const TOKEN = 'atrilia-test-token-0123456789'
  beforeEach(async () => {
    host = await startHost({ door: s.t.door, token: TOKEN, port: 0 })
  })
  afterEach(async () => {
    await host.close()
  })
  const post = async (name: string, body: unknown) => {
    const r = await fetch(`http://127.0.0.1:${host.port}/api/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    return { status: r.status, json: (await r.json()) as Record<string, unknown> }
  }

  it('starts, orders, resolves, replays and reads an Atrilian battle; an illegal order and a short hand of dice are refused with their statuses', async () => {
    const started = await post('battles.start', { ruleset: 'atrilia', preset: 'alZabdiyat', seed: 11 })
    expect(started.status).toBe(200)
    const battleId = started.json.battleId as number
    expect((await post('settings.set', { diceMode: 'manual' })).status).toBe(200)
    const short = await post('battles.resolveStep', { battleId })
    expect(short.status).toBe(400)
    expect(short.json).toMatchObject({ error: { code: 'invalid_input', details: { field: 'dice' } } })
    expect((await post('battles.resolveStep', { battleId, dice: [3] })).status).toBe(200)
    const illegal = await post('battles.stepOrders', { battleId, orders: { phase: 'move', ships: [{ ship: 'horus', steps: ['forward'] }] } })
    expect(illegal.status).toBe(409)
    expect(illegal.json).toMatchObject({ error: { code: 'rule', details: { field: 'orders' } } })
    expect((await post('battles.stepOrders', { battleId, orders: { phase: 'move', ships: [{ ship: 'nausikaa', steps: ['forward'] }] } })).status).toBe(200)
    expect((await post('battles.resolveStep', { battleId })).status).toBe(200)
    expect((await post('battles.replay', { battleId })).json).toEqual({ steps: 2, same: true })
    const v = await post('battles.state', { battleId })
    expect(v.json).toMatchObject({ ruleset: 'atrilia', step: { phase: 'marines', side: 'pheacians' } })
  })
})

describe('High Seas on the seam', () => {
  it('every stored battle of the six-voyage campaign (played on the bundled sample) replays through highSeasRuleset.replay to its stored state', () => {
    const dump = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/six-voyages.dump.json'), 'utf8')) as Record<string, { columns: string[]; rows: unknown[][] }>
    const col = (table: string, name: string) => dump[table]!.columns.indexOf(name)
    const battles = dump.battle!.rows
    // The bundled sample itself has no battle; the six-voyage campaign fights three on it.
    expect(battles.length).toBeGreaterThanOrEqual(3)
    for (const b of battles) {
      const id = b[col('battle', 'id')]
      const setup = JSON.parse(b[col('battle', 'setup')] as string) as BattleSetup
      const stored = JSON.parse(b[col('battle', 'state')] as string) as BattleState
      const turns = dump
        .battle_turn!.rows.filter((t) => t[col('battle_turn', 'battle_id')] === id)
        .sort((x, y) => (x[col('battle_turn', 'turn')] as number) - (y[col('battle_turn', 'turn')] as number))
      expect(turns.length).toBeGreaterThan(0)
      const steps = turns.map((t) => {
        const dice = t[col('battle_turn', 'dice')] as string | null
        return { orders: JSON.parse(t[col('battle_turn', 'orders')] as string) as TurnOrders, ...(dice ? { dice: JSON.parse(dice) as number[] } : {}) }
      })
      expect(highSeasRuleset.replay(setup, steps, setup.seed)).toEqual(stored)
    }
  })
})
