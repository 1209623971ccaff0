/**
 * Galleys & Galleons battles (seed 000 house rules, issue 19) on the battle seam, through the one
 * door: each of the seed's three set-ups started with the campaign's Galleys & Galleons tables and
 * played to the end with the AI on every player; the replay; bad set-ups refused at their field with
 * nothing changed; illegal orders answered at their fields; the campaign's undo taking back one step;
 * the list, the state, the read-only review and the conclusion (its status only).
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Door } from '../../src/main/door/door'
import type { CommandName, CommandOutput } from '../../src/shared/commands'
import type { GalleysBattleReview, GalleysBattleView } from '../../src/shared/commands/battles'
import { ASSURANCE_INPUT, GALLEYS_PRESET_NAMES } from '../../src/shared/galleys/preset'
import { GALLEYS_RULES } from '../../src/shared/galleys/tables'
import type { GalleysReport, GalleysState } from '../../src/shared/galleys/types'
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
const view = async (battleId: number) => (await call('battles.state', { battleId })) as GalleysBattleView
const resolveStep = async (input: Record<string, unknown>) => (await call('battles.resolveStep', input)) as CommandOutput<'battles.resolveStep'> & { report: GalleysReport; state: GalleysState }
const count = (battleId: number) => (s.db().prepare(`SELECT count(*) AS n FROM battle_step WHERE battle_id = ?`).get(battleId) as { n: number }).n
const lastSummary = () => (s.db().prepare(`SELECT summary FROM journal ORDER BY seq DESC LIMIT 1`).get() as { summary: string }).summary

const PLAYERS = { assurance: ['commonwealth', 'royalists'], scillyLand: ['dutch', 'privateers'], scillyStrait: ['dutch', 'privateers'] } as const

describe('battles.start {ruleset: "galleys"}', () => {
  for (const preset of ['assurance', 'scillyLand', 'scillyStrait'] as const) {
    it(`seed 000: "${GALLEYS_PRESET_NAMES[preset]}" starts with the campaign's tables and, both players the AI's, is played to its end; the replay gives the stored state`, async () => {
      const control = Object.fromEntries(PLAYERS[preset].map((p) => [p, 'ai']))
      const { battleId } = await call('battles.start', { ruleset: 'galleys', preset, seed: 11, control })
      let v = await view(battleId)
      expect(v).toMatchObject({ ruleset: 'galleys', status: 'active', turn: 1, over: false, winner: null, outcome: null, replayable: true, control })
      expect(v.setup.rules).toEqual(GALLEYS_RULES)
      expect(v.setup.seed).toBe(11)
      expect(v.sides.map((x) => x.side)).toEqual([...PLAYERS[preset]])
      expect(v.step).toMatchObject({ turn: 1, phase: 'turn', side: PLAYERS[preset][0] })
      expect(v.aiPreview).not.toBeNull()
      let steps = 0
      let out: Awaited<ReturnType<typeof resolveStep>> | null = null
      while (steps < 400) {
        out = await resolveStep({ battleId })
        steps++
        if (out.outcome) break
      }
      expect(out!.outcome).not.toBeNull()
      // Played, not given up at once: every player had turns.
      expect(steps).toBeGreaterThan(PLAYERS[preset].length)
      expect(count(battleId)).toBe(steps)
      v = await view(battleId)
      expect(v.over).toBe(true)
      expect(v.outcome).toEqual(out!.outcome)
      expect(v.log).toHaveLength(steps)
      expect(v.replayable).toBe(true)
      expect(await call('battles.replay', { battleId })).toEqual({ steps, same: true })
      // Over: no more steps.
      expect(await s.fail('battles.resolveStep', { battleId })).toMatchObject({ code: 'rule' })
      // The review: every ship's fate as the table left her.
      const review = (await call('battles.review', { battleId })) as GalleysBattleReview
      expect(review).toMatchObject({ ruleset: 'galleys', battleId, concluded: false })
      expect(review.lines.map((l) => l.ship)).toEqual(v.setup.ships.map((x) => x.id))
      for (const l of review.lines) expect(l.fate).toBe(v.state.ships[l.ship]!.status)
      expect(review.winner).toBe(v.outcome!.winner ? v.setup.players.find((p) => p.id === v.outcome!.winner)!.name : null)
    })
  }

  it('refuses at its field, changing nothing: neither or both of preset and setup, an unknown preset, a ship of no player, an unknown player’s control, a ship off the table, a table size out of range', async () => {
    const before = s.snapshot()
    expect(await s.fail('battles.start', { ruleset: 'galleys' })).toMatchObject({ code: 'invalid_input', details: { field: 'preset' } })
    expect(await s.fail('battles.start', { ruleset: 'galleys', preset: 'assurance', setup: ASSURANCE_INPUT })).toMatchObject({
      code: 'invalid_input',
      message: 'preset: give either a preset or a setup, not both.'
    })
    expect(await s.fail('battles.start', { ruleset: 'galleys', preset: 'trafalgar' })).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'preset' }] } })
    const orphan = { ...ASSURANCE_INPUT, ships: ASSURANCE_INPUT.ships.map((x, i) => (i === 0 ? { ...x, player: 'dutch' } : x)) }
    const bad = await s.fail('battles.start', { ruleset: 'galleys', setup: orphan, seed: 1 })
    expect(bad).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'setup.ships.0.player' }] } })
    expect(bad.message).toContain('there is no player "dutch" in this battle')
    const ctl = await s.fail('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 1, control: { romans: 'ai' } })
    expect(ctl).toMatchObject({ code: 'invalid_input', details: { field: 'control' } })
    // The set-up page's table (issue 19): a ship off the table (its own size) and a size out of range, each at its field.
    const off = await s.fail('battles.start', { ruleset: 'galleys', setup: { ...ASSURANCE_INPUT, size: { width: 600, height: 900 } }, seed: 1 })
    expect(off).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'setup.ships.0.at', message: 'Assurance is off the table (600 × 900 mm)' }] } })
    const tiny = await s.fail('battles.start', { ruleset: 'galleys', setup: { ...ASSURANCE_INPUT, size: { width: 900, height: 50 } }, seed: 1 })
    expect(tiny).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'setup.size.height', message: 'must be at least 100' }] } })
    expect(s.snapshot()).toEqual(before)
  })

  it('a setup starts as well as a preset, its name given; the seed drawn from the campaign’s dice when none is given', async () => {
    const rolls = () => (s.db().prepare(`SELECT count(*) AS n FROM roll_log WHERE purpose LIKE 'Battle seed%'`).get() as { n: number }).n
    const before = rolls()
    const { battleId } = await call('battles.start', { ruleset: 'galleys', setup: ASSURANCE_INPUT, name: 'Off Kinsale' })
    expect(rolls()).toBe(before + 1)
    const v = await view(battleId)
    expect(v.setup.seed).toBeGreaterThanOrEqual(0)
    expect(v.name).toBe('Off Kinsale')
    expect(v.setup.ships.map((x) => x.name)).toEqual(['Assurance', 'Constant Reformation'])
    expect(lastSummary()).toBe('Started the Off Kinsale: Assurance against Constant Reformation')
  })
})

describe('orders and steps', () => {
  it('seed 000: checkOrders answers illegal orders’ problems at their fields; stepOrders refuses them, changing nothing, and saves legal ones', async () => {
    const { battleId } = await call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 3 })
    const notActivated = await call('battles.checkOrders', { battleId, orders: { actions: [{ kind: 'move', ship: 'assurance', stick: 'short' }] } })
    expect(notActivated.problems).toEqual([{ path: ['actions', 0], message: 'action 1: Assurance has not been activated: give her activation (the actions she rolled) first' }])
    const ghost = await call('battles.checkOrders', {
      battleId,
      orders: { actions: [{ kind: 'activate', ship: 'assurance', actions: 2 }, { kind: 'shoot', ship: 'assurance', target: 'ghost', beat: true, hits: 1 }] }
    })
    expect(ghost.problems).toEqual([{ path: ['actions', 1, 'target'], message: 'action 2: there is no ship "ghost" in this battle' }])
    const herself = await call('battles.checkOrders', {
      battleId,
      orders: { actions: [{ kind: 'activate', ship: 'assurance', actions: 2 }, { kind: 'shoot', ship: 'assurance', target: 'assurance', beat: true, hits: 1 }] }
    })
    expect(herself.problems).toEqual([{ path: ['actions', 1, 'target'], message: 'action 2: Assurance cannot shoot at herself' }])
    const badOrder = await call('battles.checkOrders', { battleId, orders: { order: ['royalists'], actions: [] } })
    expect(badOrder.problems.map((p) => p.path)).toEqual([['order']])
    // A bad shape is refused at its field under orders.
    expect(await s.fail('battles.checkOrders', { battleId, orders: { actions: [{ kind: 'sail', ship: 'assurance' }] } })).toMatchObject({ code: 'invalid_input' })

    const before = s.snapshot()
    const refused = await s.fail('battles.stepOrders', { battleId, orders: { actions: [{ kind: 'move', ship: 'assurance', stick: 'short' }] } })
    expect(refused).toMatchObject({ code: 'rule', details: { field: 'orders.actions.0' } })
    expect(s.snapshot()).toEqual(before)

    const legal = { order: null, actions: [{ kind: 'activate', ship: 'assurance', actions: 1 }, { kind: 'move', ship: 'assurance', stick: 'short', turn: 0 }] }
    await call('battles.stepOrders', { battleId, orders: legal })
    expect((await view(battleId)).pending).toMatchObject(legal)
    expect(lastSummary()).toBe('Orders for turn 1 — Commonwealth in the Assurance vs Constant Reformation')
  })

  it('a turn played step by step: orders that do not end the turn resolve what is given, the same player goes on with her activation carried; End turn passes to the next player; undo takes one step back; replay agrees', async () => {
    const { battleId } = await call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 5 })
    // The start of the turn alone (the weather die), typed by hand: a 2, no change.
    await call('battles.stepOrders', { battleId, orders: { actions: [], endTurn: false } })
    let out = await resolveStep({ battleId, dice: [2] })
    expect(out.report.events.map((e) => e.kind)).toEqual(['weather'])
    expect(out.step.side).toBe('commonwealth')
    expect(out.state.midTurn).toEqual({ act: null, activated: [] })
    // An empty step now would do nothing: refused at its field.
    expect(await s.fail('battles.stepOrders', { battleId, orders: { actions: [], endTurn: false } })).toMatchObject({ code: 'rule', details: { field: 'orders.endTurn' } })
    await call('battles.stepOrders', { battleId, orders: { actions: [{ kind: 'activate', ship: 'assurance', actions: 2 }, { kind: 'move', ship: 'assurance', stick: 'short' }], endTurn: false } })
    out = await resolveStep({ battleId })
    expect(out.report.events.map((e) => e.kind)).toEqual(['activate', 'move'])
    expect(out.state.midTurn?.act).toMatchObject({ ship: 'assurance', actions: 2, used: 1 })
    let v = await view(battleId)
    expect(v.step.side).toBe('commonwealth')
    expect(v.pending).toEqual({ order: null, actions: [], endTurn: true })
    // Her second action in the next step; ending the turn passes it to the Royalists.
    await call('battles.stepOrders', { battleId, orders: { actions: [{ kind: 'move', ship: 'assurance', stick: 'short' }] } })
    out = await resolveStep({ battleId })
    expect(out.step.side).toBe('royalists')
    expect(out.state.midTurn).toBeUndefined()
    expect(count(battleId)).toBe(3)
    expect(await call('battles.replay', { battleId })).toEqual({ steps: 3, same: true })
    await call('history.undo')
    v = await view(battleId)
    expect(v.step.side).toBe('commonwealth')
    expect(v.state.midTurn?.act).toMatchObject({ ship: 'assurance', used: 1 })
    expect(await call('battles.replay', { battleId })).toEqual({ steps: 2, same: true })
  })

  it('the campaign’s undo takes back one step (and gives back the orders it followed, saved again); redo puts it back', async () => {
    const { battleId } = await call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 5 })
    const fresh = s.snapshot() as { tables: unknown }
    await call('battles.stepOrders', { battleId, orders: { actions: [{ kind: 'activate', ship: 'assurance', actions: 1 }, { kind: 'move', ship: 'assurance', stick: 'short' }] } })
    const ordered = s.snapshot() as { tables: unknown }
    const out = await resolveStep({ battleId })
    expect(out.report.player).toBe('commonwealth')
    expect(out.step.side).toBe('royalists')
    expect(count(battleId)).toBe(1)
    const moved = (await view(battleId)).state.ships.assurance!.at
    expect(moved).not.toEqual(ASSURANCE_INPUT.ships[0]!.at)
    await call('history.undo')
    expect(count(battleId)).toBe(0)
    expect((s.snapshot() as { tables: unknown }).tables).toEqual(ordered.tables)
    const v = await view(battleId)
    expect(v.step.side).toBe('commonwealth')
    expect(v.pending.actions).toHaveLength(2)
    expect(v.state.ships.assurance!.at).toEqual(ASSURANCE_INPUT.ships[0]!.at)
    await call('history.undo')
    expect((s.snapshot() as { tables: unknown }).tables).toEqual(fresh.tables)
    await call('history.redo')
    await call('history.redo')
    expect((await view(battleId)).state.ships.assurance!.at).toEqual(moved)
    expect(await call('battles.replay', { battleId })).toEqual({ steps: 1, same: true })
  })

  it('a player handed to the AI and taken back; the AI orders its turn when it resolves', async () => {
    const { battleId } = await call('battles.start', { ruleset: 'galleys', preset: 'scillyStrait', seed: 9 })
    await call('battles.sideControl', { battleId, side: 'dutch', control: 'ai' })
    expect(lastSummary()).toBe('Handed the Dutch to the AI in the Scilly Privateers (the narrow strait)')
    expect((await view(battleId)).aiPreview).not.toBeNull()
    await resolveStep({ battleId })
    expect(lastSummary()).toMatch(/\(the AI’s orders\)$/)
    await call('battles.sideControl', { battleId, side: 'dutch', control: 'gm' })
    expect((await view(battleId)).control).toEqual({ dutch: 'gm', privateers: 'gm' })
  })
})

describe('list, odds, review and conclusion', () => {
  it('lists the battle with its ruleset; the odds play the AI on every player (mode "ai" only, at most 1,000 runs); the review reads each ship’s fate; conclude writes its status only', async () => {
    const { battleId } = await call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 2 })
    const list = await call('battles.list')
    expect(list.find((b) => b.id === battleId)).toMatchObject({ ruleset: 'galleys', name: 'Assurance vs Constant Reformation', over: false, turnsPlayed: 0 })
    const odds = await call('battles.odds', { battleId, runs: 50 })
    expect(odds).toMatchObject({ mode: 'ai', runs: 50 })
    expect(odds.sides.map((x) => x.side)).toEqual(['commonwealth', 'royalists'])
    expect(await s.fail('battles.odds', { battleId, runs: 1001 })).toMatchObject({ code: 'invalid_input', details: { field: 'runs', max: 1000 } })
    expect(await s.fail('battles.odds', { battleId, runs: 50, mode: 'asOrdered' })).toMatchObject({ code: 'invalid_input', details: { field: 'mode' } })

    const review = (await call('battles.review', { battleId })) as GalleysBattleReview
    expect(review).toEqual({
      ruleset: 'galleys',
      battleId,
      concluded: false,
      winner: null,
      // A battle of the table's own: no campaign review (issue 21 converts only a campaign encounter).
      campaign: null,
      lines: [
        { ship: 'assurance', name: 'Assurance', shipId: null, player: 'commonwealth', playerName: 'Commonwealth', fate: 'afloat', hits: 0, text: 'Afloat (0 hits)' },
        { ship: 'constantReformation', name: 'Constant Reformation', shipId: null, player: 'royalists', playerName: 'Royalists', fate: 'afloat', hits: 0, text: 'Afloat (0 hits)' }
      ]
    })
    // A High Seas conclusion (review lines) is refused for it, changing nothing.
    const before = s.snapshot()
    expect(await s.fail('battles.conclude', { battleId, lines: [] })).toMatchObject({ code: 'invalid_input' })
    expect(s.snapshot()).toEqual(before)
    const ships = s.db().prepare(`SELECT * FROM ship ORDER BY id`).all()
    const done = await call('battles.conclude', { ruleset: 'galleys', battleId })
    expect(done).toEqual({ battleId, applied: [] })
    expect(lastSummary()).toBe('Concluded the Assurance vs Constant Reformation (nothing written to the campaign)')
    expect(s.db().prepare(`SELECT * FROM ship ORDER BY id`).all()).toEqual(ships)
    expect(((await call('battles.review', { battleId })) as GalleysBattleReview).concluded).toBe(true)
    expect((await view(battleId)).status).toBe('concluded')
    expect(await s.fail('battles.resolveStep', { battleId })).toMatchObject({ code: 'rule' })
    expect(await s.fail('battles.conclude', { ruleset: 'galleys', battleId })).toMatchObject({ code: 'rule' })
    await call('history.undo')
    expect((await view(battleId)).status).toBe('active')
  })

  it('removes a battle not concluded with its steps; undo brings it back', async () => {
    const { battleId } = await call('battles.start', { ruleset: 'galleys', preset: 'scillyLand', seed: 8, control: { dutch: 'ai' } })
    await resolveStep({ battleId })
    expect(count(battleId)).toBe(1)
    await call('battles.remove', { battleId })
    expect(lastSummary()).toBe('Deleted the Scilly Privateers (against the land) (never concluded)')
    expect(count(battleId)).toBe(0)
    expect((await call('battles.list')).some((b) => b.id === battleId)).toBe(false)
    await call('history.undo')
    expect(count(battleId)).toBe(1)
    expect(await call('battles.replay', { battleId })).toEqual({ steps: 1, same: true })
  })

  it('a conclusion under the Galleys & Galleons ruleset is refused for a battle fought under other rules, at ruleset', async () => {
    const { battleId } = await call('battles.start', { ruleset: 'atrilia', preset: 'alZabdiyat', seed: 1 })
    const before = s.snapshot()
    expect(await s.fail('battles.conclude', { ruleset: 'galleys', battleId })).toMatchObject({ code: 'invalid_input', details: { field: 'ruleset' } })
    expect(s.snapshot()).toEqual(before)
  })
})
