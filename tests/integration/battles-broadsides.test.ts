/**
 * Broadsides & Boarding Parties duels (seed 001 variant, issue 20) on the battle seam, through the one
 * door: a preset started with the campaign's Broadsides tables and played to its end by the AI on both
 * ships; the replay; a duel the GM orders step by step with dice typed by hand (the wind, a crew step
 * refused at its field, the Captain's redraw); the campaign's undo taking back one card; the mixed exchange
 * of fire (the GM's shots and the AI's); refusals at their fields; odds; the read-only review and the
 * conclusion (its status only).
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Door } from '../../src/main/door/door'
import type { CommandName, CommandOutput } from '../../src/shared/commands'
import type { BroadsidesBattleReview, BroadsidesBattleView } from '../../src/shared/commands/battles'
import { BROADSIDES_RULES } from '../../src/shared/broadsides/tables'
import type { BroadsidesReport, BroadsidesState } from '../../src/shared/broadsides/types'
import { dropSample, openSample, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const call = <N extends CommandName>(name: N, input: unknown = {}): Promise<CommandOutput<N>> => (s.t.door as Door).call(name, input)
const view = async (battleId: number) => (await call('battles.state', { battleId })) as BroadsidesBattleView
const resolveStep = async (input: Record<string, unknown>) => (await call('battles.resolveStep', input)) as CommandOutput<'battles.resolveStep'> & { report: BroadsidesReport; state: BroadsidesState }
const count = (battleId: number) => (s.db().prepare(`SELECT count(*) AS n FROM battle_step WHERE battle_id = ?`).get(battleId) as { n: number }).n

describe('battles.start {ruleset: "broadsides"}', () => {
  it('seed 001: "A frigate overhauls a merchantman" starts with the campaign’s tables and, both ships the AI’s, is played to its end; the replay gives the stored state; review and conclusion', async () => {
    const control = { frigate: 'ai', merchant: 'ai' }
    const { battleId } = await call('battles.start', { ruleset: 'broadsides', preset: 'frigateMerchantman', seed: 11, control })
    let v = await view(battleId)
    expect(v).toMatchObject({ ruleset: 'broadsides', status: 'active', turn: 1, over: false, winner: null, outcome: null, replayable: true, control })
    expect(v.setup.rules).toEqual(BROADSIDES_RULES)
    expect(v.sides.map((x) => x.side)).toEqual(['frigate', 'merchant'])
    expect(v.step).toMatchObject({ turn: 1, phase: 'wind', side: null, diceOnly: true })
    let steps = 0
    let out: Awaited<ReturnType<typeof resolveStep>> | null = null
    while (steps < 2000) {
      out = await resolveStep({ battleId })
      steps++
      if (out.outcome) break
    }
    expect(out!.outcome).not.toBeNull()
    expect(count(battleId)).toBe(steps)
    v = await view(battleId)
    expect(v.over).toBe(true)
    expect(v.replayable).toBe(true)
    expect(await call('battles.replay', { battleId })).toEqual({ steps, same: true })
    expect(await s.fail('battles.resolveStep', { battleId })).toMatchObject({ code: 'rule' })
    const review = (await call('battles.review', { battleId })) as BroadsidesBattleReview
    expect(review).toMatchObject({ ruleset: 'broadsides', battleId, concluded: false })
    for (const l of review.lines) expect(l.fate).toBe(v.state.ships[l.ship]!.status)
    expect(review.winner).toBe(v.outcome!.winner ? v.setup.ships.find((x) => x.id === v.outcome!.winner)!.name : null)
    expect(await s.fail('battles.conclude', { ruleset: 'galleys', battleId })).toMatchObject({ code: 'invalid_input', details: { field: 'ruleset' } })
    await call('battles.conclude', { ruleset: 'broadsides', battleId })
    expect((await view(battleId)).status).toBe('concluded')
  })

  it('the GM’s duel: the wind typed by hand, a crew step refused at its field, the Captain’s redraw; undo takes back one card', async () => {
    const { battleId } = await call('battles.start', { ruleset: 'broadsides', preset: 'frigates', seed: 5 })
    // The opening wind: a 1 is the first point clockwise of the first ship's heading (east) that blows at neither ship.
    const w = await resolveStep({ battleId, dice: [1] })
    expect(w.state.wind).toBe(3)
    expect(w.step).toMatchObject({ phase: 'crew', side: 'red' })
    const bad = await s.fail('battles.stepOrders', { battleId, orders: { crew: [{ unit: 'red-boatswain', path: [{ row: 3, col: 1 }, { row: 4, col: 2 }] }] } })
    expect(bad).toMatchObject({ code: 'rule', details: { field: 'orders.crew.0.path' } })
    expect(await s.fail('battles.stepOrders', { battleId, orders: { crew: [{ unit: 'red-boatswain', path: [{ row: 3, col: 1 }, { row: 4, col: 1 }, { row: 5, col: 1 }] }] } })).toMatchObject({
      code: 'invalid_input',
      details: { field: 'orders.crew.0.path' }
    })
    await call('battles.stepOrders', { battleId, orders: { crew: [{ unit: 'red-boatswain', path: [{ row: 3, col: 1 }] }] } })
    await resolveStep({ battleId })
    await resolveStep({ battleId })
    expect((await view(battleId)).step).toMatchObject({ phase: 'card', side: 'red' })
    const before = s.snapshot() as { tables: unknown }
    await call('battles.stepOrders', { battleId, orders: { card: 'anchor', redraw: 'captain', newCard: 'forward' } })
    const ordered = s.snapshot() as { tables: unknown }
    const card = await resolveStep({ battleId })
    expect(card.state.ships.red).toMatchObject({ played: ['forward'], captainUsed: true, at: { x: 6, y: 6 } })
    await call('history.undo')
    expect((s.snapshot() as { tables: unknown }).tables).toEqual(ordered.tables)
    await call('history.undo')
    expect((s.snapshot() as { tables: unknown }).tables).toEqual(before.tables)
    await call('history.redo')
    await call('history.redo')
    expect((await view(battleId)).state.ships.red!.played).toEqual(['forward'])
    expect(await call('battles.replay', { battleId })).toMatchObject({ same: true })
  })

  it('an exchange of fire with one ship the GM’s and the other the AI’s: the GM’s shots and the AI’s both fire', async () => {
    const setup = {
      name: 'Close action',
      ships: [
        { id: 'red', name: 'Intrepid', class: 'frigate', at: { x: 8, y: 8 }, heading: 0 },
        { id: 'blue', name: 'Fortune', class: 'frigate', at: { x: 12, y: 8 }, heading: 0 }
      ]
    }
    const { battleId } = await call('battles.start', { ruleset: 'broadsides', setup, seed: 3 })
    // The wind from the south (face 4 of the seven open points), both crew steps, and both ships anchor: they stay 2 pips apart.
    await resolveStep({ battleId, dice: [4] })
    await resolveStep({ battleId })
    await resolveStep({ battleId })
    await call('battles.stepOrders', { battleId, orders: { card: 'anchor' } })
    await resolveStep({ battleId })
    await call('battles.stepOrders', { battleId, orders: { card: 'anchor' } })
    await resolveStep({ battleId })
    await call('battles.sideControl', { battleId, side: 'blue', control: 'ai' })
    let v = await view(battleId)
    if (v.step.phase !== 'fire') return expect.fail(`expected an exchange of fire, the step is ${v.step.label}`)
    await call('battles.stepOrders', { battleId, orders: { shots: [{ ship: 'red', cannon: 'red-gun4', row: 3 }] } })
    expect(await s.fail('battles.stepOrders', { battleId, orders: { shots: [{ ship: 'red', cannon: 'red-gun1', row: 3 }] } })).toMatchObject({ code: 'rule', details: { field: 'orders.shots.0.cannon' } })
    const r = await resolveStep({ battleId })
    const shots = r.report.events.filter((e) => e.kind === 'shot')
    expect(shots.some((e) => e.who[0] === 'red')).toBe(true)
    expect(shots.some((e) => e.who[0] === 'blue')).toBe(true)
    v = await view(battleId)
    expect(v.replayable).toBe(true)
  })

  it('seed 001: a duel snapshots the campaign’s (edited) Broadsides tables, listed on the Rules page for any campaign; a duel already begun keeps its own', async () => {
    const tables = await call('rules.list')
    const ours = tables.filter((t) => t.name.startsWith('broadsides'))
    expect(ours.map((t) => t.name)).toEqual(['broadsidesBoard', 'broadsidesWind', 'broadsidesDeck', 'broadsidesDrift', 'broadsidesHit', 'broadsidesReefs', 'broadsidesMelee', 'broadsidesOfficers', 'broadsidesArcs', 'broadsidesShips'])
    expect(ours.every((t) => t.setting === 'any')).toBe(true)
    const first = await call('battles.start', { ruleset: 'broadsides', preset: 'frigates', seed: 1 })
    await call('rules.set', { table: 'broadsidesBoard', value: { ...BROADSIDES_RULES.board, turns: 5 } })
    const second = await call('battles.start', { ruleset: 'broadsides', preset: 'frigates', seed: 1 })
    expect((await view(second.battleId)).setup.rules.board.turns).toBe(5)
    expect((await view(first.battleId)).setup.rules.board.turns).toBe(30)
    // An edit that does not fit the preset (a board too small for its ships) is refused at the setup's field.
    await call('rules.set', { table: 'broadsidesBoard', value: { ...BROADSIDES_RULES.board, width: 4, height: 4 } })
    const e = await s.fail('battles.start', { ruleset: 'broadsides', preset: 'frigates' })
    expect(e).toMatchObject({ code: 'invalid_input', details: { field: 'setup.ships.1.at' } })
  })

  it('refuses at its field, changing nothing; odds play the AI on both ships (at most 100 runs)', async () => {
    const before = s.snapshot()
    expect(await s.fail('battles.start', { ruleset: 'broadsides' })).toMatchObject({ code: 'invalid_input', details: { field: 'preset' } })
    expect(await s.fail('battles.start', { ruleset: 'broadsides', preset: 'armada' })).toMatchObject({ code: 'invalid_input' })
    const clash = { ships: [{ id: 'a', name: 'A', class: 'galleon', at: { x: 4, y: 4 }, heading: 2 }, { id: 'b', name: 'B', class: 'frigate', at: { x: 5, y: 4 }, heading: 6 }] }
    const e = await s.fail('battles.start', { ruleset: 'broadsides', setup: clash })
    expect(e.code).toBe('invalid_input')
    expect((e.details as { issues: { field: string }[] }).issues.map((i: { field: string }) => i.field)).toEqual(expect.arrayContaining(['setup.ships.0.class', 'setup.ships.1.at']))
    expect(s.snapshot()).toEqual(before)
    const { battleId } = await call('battles.start', { ruleset: 'broadsides', preset: 'frigates', seed: 2 })
    const odds = await call('battles.odds', { battleId, runs: 10 })
    expect(odds).toMatchObject({ mode: 'ai', runs: 10 })
    expect(odds.sides.map((x) => x.side)).toEqual(['red', 'blue'])
    expect(await s.fail('battles.odds', { battleId, runs: 101 })).toMatchObject({ code: 'invalid_input', details: { field: 'runs', max: 100 } })
    expect((await call('battles.list')).map((b) => b.ruleset)).toContain('broadsides')
  })
})
