/**
 * High Seas (seed 003 IV–VI) through the generic battle commands of the seam (issue 17): one step is
 * one whole turn, ordered by every side at once. `battles.checkOrders`, `battles.stepOrders`,
 * `battles.resolveStep`, `battles.sideControl` and `battles.replay` serve a High Seas battle with the
 * same results as its own commands (`battles.orders`, `battles.control`, `battles.resolveTurn`), which
 * are aliases onto the same path; refusals name the field; the list names each side and says a battle
 * is over after N turns; the odds runs are capped per ruleset.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Door } from '../../src/main/door/door'
import { highSeasSideName } from '../../src/main/battles/high-seas'
import type { CommandName, CommandOutput } from '../../src/shared/commands'
import { ATRILIA_ODDS_MAX_RUNS, ODDS_MAX_RUNS, type BattleView } from '../../src/shared/commands/battles'
import { aiOrders } from '../../src/shared/highseas/ai'
import type { BattleState, ShipOrders, TurnOrders, TurnReport } from '../../src/shared/highseas/types'
import { dropSample, openSample, seaDogVsMerchantman, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const call = <N extends CommandName>(name: N, input: unknown = {}): Promise<CommandOutput<N>> => (s.t.door as Door).call(name, input)
const view = async (battleId: number) => (await call('battles.state', { battleId })) as BattleView
const step = async (input: Record<string, unknown>) =>
  (await call('battles.resolveStep', input)) as CommandOutput<'battles.resolveStep'> & { report: TurnReport; state: BattleState }
const lastSummary = () => (s.db().prepare(`SELECT summary FROM journal ORDER BY seq DESC LIMIT 1`).get() as { summary: string }).summary
const DOG = () => `ship-${s.ids.seaDog}`
const turnRows = (battleId: number) =>
  s.db().prepare(`SELECT turn, orders, dice, report FROM battle_turn WHERE battle_id = ? ORDER BY turn`).all(battleId) as { turn: number; orders: string; dice: string | null; report: string }[]
/** The battle's rolls in the roll log, as the GM reads them (the command that rolled aside). */
const rollsOf = (name: string) =>
  (s.db().prepare(`SELECT day, kind, purpose, notation, faces, dice, kept, total, manual FROM roll_log WHERE purpose LIKE ? ORDER BY id`).all(`${name}, %`) as Record<string, unknown>[]).map(
    (r) => ({ ...r, purpose: String(r.purpose).slice(name.length) })
  )

/** The Sea Dog's orders for this turn: what the AI captain would give her (so the battle goes somewhere). */
const dogOrders = (v: BattleView): ShipOrders => aiOrders(v.setup, v.state, DOG())

describe('High Seas through the generic step commands', () => {
  it('seed 003 IV: the same seed and orders give identical states, reports, stored turns and rolls by battles.stepOrders/resolveStep as by battles.orders/resolveTurn', async () => {
    const a = (await call('battles.start', seaDogVsMerchantman(s, { range: 'long', seed: 4242, name: 'By the turn commands' }))).battleId
    const b = (await call('battles.start', seaDogVsMerchantman(s, { range: 'long', seed: 4242, name: 'By the step commands' }))).battleId
    let turns = 0
    for (let i = 0; i < 8; i++) {
      const va = await view(a)
      if (va.state.outcome !== 'ongoing') break
      const orders = dogOrders(va)
      // Turn 2's first faces typed by hand (the rest from the battle's own generator), in both battles.
      const dice = i === 1 ? { dice: [7, 3] } : {}
      await call('battles.orders', { battleId: a, participantId: DOG(), orders })
      const saved = await call('battles.stepOrders', { battleId: b, orders: { ships: { [DOG()]: orders } } })
      expect(saved.pending).toEqual((await view(a)).pending)
      expect(lastSummary()).toBe(`Orders for turn ${i + 1} in the By the step commands`)
      const byTurn = await call('battles.resolveTurn', { battleId: a, ...dice })
      const saidByTurn = lastSummary()
      const byStep = await step({ battleId: b, ...dice })
      expect(byStep.report).toEqual(byTurn.report)
      expect(byStep.state).toEqual(byTurn.state)
      expect(saidByTurn.startsWith(`Resolved turn ${i + 1} of the By the turn commands`)).toBe(true)
      expect(lastSummary()).toBe(saidByTurn.replace('By the turn commands', 'By the step commands'))
      expect(byStep.step).toEqual({ turn: byTurn.state.turn, phase: 'turn', label: `Turn ${byTurn.state.turn}`, side: null, diceOnly: false })
      expect(byStep.outcome === null).toBe(byTurn.state.outcome === 'ongoing')
      turns++
    }
    expect(turns).toBeGreaterThanOrEqual(3)
    const [va, vb] = [await view(a), await view(b)]
    expect(vb.state).toEqual(va.state)
    expect(vb.turns).toEqual(va.turns)
    expect(vb.pending).toEqual(va.pending)
    expect(vb.setup).toEqual({ ...va.setup, name: 'By the step commands' })
    const [ta, tb] = [turnRows(a), turnRows(b)]
    expect(tb).toHaveLength(turns)
    expect(tb).toEqual(ta)
    expect(tb[1]!.dice).toBe('[7,3]')
    expect(s.db().prepare(`SELECT count(*) AS n FROM battle_step`).get()).toEqual({ n: 0 })
    expect(rollsOf('By the step commands')).toEqual(rollsOf('By the turn commands'))
    expect(rollsOf('By the step commands').length).toBeGreaterThan(turns)
    // Replay through the generic command, for a battle played either way.
    expect(await call('battles.replay', { battleId: a })).toEqual({ steps: turns, same: true })
    expect(await call('battles.replay', { battleId: b })).toEqual({ steps: turns, same: true })
    // Undo takes back one turn.
    if (vb.state.outcome === 'ongoing') {
      await step({ battleId: b })
      await call('history.undo')
      expect(await view(b)).toEqual(vb)
    }
  })

  it('checkOrders and stepOrders refuse a High Seas turn’s orders naming the field, and nothing changes', async () => {
    const { battleId } = await call('battles.start', seaDogVsMerchantman(s))
    const before = s.snapshot()
    // The AI captain commands the merchantman.
    const ai = await s.fail('battles.stepOrders', { battleId, orders: { ships: { 'gen-1': { tactic: 'evade' } } } })
    expect(ai).toMatchObject({ code: 'rule', details: { field: 'orders.ships.gen-1' } })
    expect(ai.message).toContain('the AI captain commands the Montaigne Merchantman: take her over first')
    // Orders she cannot carry out: every reason, under her id.
    const bad = { ships: { [DOG()]: { tactic: 'bearDown', board: 'gen-1' } } }
    const refused = await s.fail('battles.stepOrders', { battleId, orders: bad })
    expect(refused).toMatchObject({ code: 'rule', details: { field: `orders.ships.${DOG()}` } })
    expect(refused.message).toMatch(/^Turn 1 cannot be ordered so: Sea Dog: Bear Down needs the ship she closes on; Sea Dog: boarding Montaigne Merchantman needs the ships grappled/)
    const checked = await call('battles.checkOrders', { battleId, orders: bad })
    expect(checked.problems).toHaveLength(2)
    for (const p of checked.problems) expect(p.path).toEqual(['ships', DOG()])
    expect((refused.details as { problems: unknown }).problems).toEqual(checked.problems)
    // A shape the schema refuses, a ship not in the battle, a melee result with a stranger as winner.
    expect(await s.fail('battles.stepOrders', { battleId, orders: { ships: { [DOG()]: { tactic: 'fly' } } } })).toMatchObject({
      code: 'invalid_input',
      details: { field: `orders.ships.${DOG()}.tactic` }
    })
    expect(await s.fail('battles.stepOrders', { battleId, orders: { ships: { nobody: { tactic: 'evade' } } } })).toMatchObject({
      code: 'rule',
      details: { field: 'orders.ships.nobody' }
    })
    expect(await s.fail('battles.stepOrders', { battleId, orders: { ships: {}, melee: [{ a: DOG(), b: 'gen-1', winner: 'nobody' }] } })).toMatchObject({
      code: 'rule',
      details: { field: 'orders.melee.0.winner' }
    })
    // A melee between ships that are not grappled: the engine's own check of the turn, under melee.
    const melee = await s.fail('battles.stepOrders', { battleId, orders: { ships: {}, melee: [{ a: DOG(), b: 'gen-1', winner: DOG() }] } })
    expect(melee).toMatchObject({ code: 'rule', details: { field: 'orders.melee' } })
    expect(melee.message).toContain('are neither grappled nor fighting a boarding melee')
    expect(await s.fail('battles.stepOrders', { battleId, orders: { ships: {}, heroic: [{ participant: DOG(), hero: 'Nobody', personId: 99999, action: 'other', note: 'x' }] } })).toMatchObject({
      code: 'rule',
      details: { field: 'orders.heroic.0.personId' }
    })
    expect(await s.fail('battles.checkOrders', { battleId, orders: [] })).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'orders' }] } })
    expect(s.snapshot()).toEqual(before)
    // Legal orders are saved, and checkOrders finds nothing wrong with them.
    const good = { ships: { [DOG()]: { tactic: 'evade' } } }
    expect(await call('battles.checkOrders', { battleId, orders: good })).toEqual({ problems: [] })
    const saved = await call('battles.stepOrders', { battleId, orders: good })
    expect((saved.pending as TurnOrders).ships[DOG()]).toMatchObject({ tactic: 'evade' })
    expect((await view(battleId)).pending.ships[DOG()]).toMatchObject({ tactic: 'evade' })
  })

  it('seed 002 §4, §7.5: an Atrilian step’s orders are refused at their field: a bad shape by the schema of its ruleset, another phase’s orders at phase, a scuttle at scuttle', async () => {
    const { battleId } = await call('battles.start', { ruleset: 'atrilia', preset: 'alZabdiyat', seed: 3 })
    const before = s.snapshot()
    const bad = await s.fail('battles.checkOrders', { battleId, orders: { phase: 'sail' } })
    expect(bad).toMatchObject({ code: 'invalid_input' })
    expect(bad.message).toMatch(/^orders\.phase: /)
    // Orders of another phase (the roll for movement comes first) at phase; a ship not afloat to scuttle at scuttle.
    expect(await s.fail('battles.stepOrders', { battleId, orders: { phase: 'move', ships: [{ ship: 'horus', steps: ['forward'] }] } })).toMatchObject({
      code: 'rule',
      details: { field: 'orders.phase' }
    })
    const scuttle = await s.fail('battles.stepOrders', { battleId, orders: { phase: 'roll', scuttle: ['nobody'] } })
    expect(scuttle).toMatchObject({ code: 'rule', details: { field: 'orders.scuttle', issues: [{ field: 'orders.scuttle', message: 'scuttle: there is no ship "nobody" afloat' }] } })
    expect(s.snapshot()).toEqual(before)
  })

  it('seed 003 IV: sideControl hands a High Seas side’s ships to the AI captains (as battles.control does one), the turn resolves with their orders, and taking it back gives the GM the side', async () => {
    const a = (await call('battles.start', seaDogVsMerchantman(s, { range: 'medium', seed: 77, name: 'By ship' }))).battleId
    const b = (await call('battles.start', seaDogVsMerchantman(s, { range: 'medium', seed: 77, name: 'By side' }))).battleId
    await call('battles.stepOrders', { battleId: b, orders: { ships: { [DOG()]: { tactic: 'evade' } } } })
    expect(await call('battles.sideControl', { battleId: b, side: 'Tortuga', control: 'ai' })).toEqual({ side: 'Tortuga', control: 'ai' })
    expect(lastSummary()).toBe('Handed the Tortuga side to the AI captains in the By side')
    await call('battles.control', { battleId: a, participantId: DOG(), control: 'ai' })
    const [va, vb] = [await view(a), await view(b)]
    expect(vb.setup.participants.map((p) => p.control)).toEqual(['ai', 'ai'])
    // The GM's orders for her no longer stand; the AI's preview shows what she will do.
    expect(vb.pending.ships).toEqual({})
    expect(Object.keys(vb.aiPreview).sort()).toEqual([DOG(), 'gen-1'].sort())
    expect(vb.aiPreview).toEqual(va.aiPreview)
    // Ordering her now is refused: the AI captain commands her.
    expect(await s.fail('battles.stepOrders', { battleId: b, orders: { ships: { [DOG()]: { tactic: 'evade' } } } })).toMatchObject({ details: { field: `orders.ships.${DOG()}` } })
    const byStep = await step({ battleId: b })
    const byTurn = await call('battles.resolveTurn', { battleId: a })
    expect(byStep.state).toEqual(byTurn.state)
    expect(byStep.report.orders[DOG()]).toEqual(vb.aiPreview[DOG()])
    // Taking the side back: the GM commands the Sea Dog again; an unknown side is refused at its field.
    await call('battles.sideControl', { battleId: b, side: 'Tortuga', control: 'gm' })
    expect(lastSummary()).toBe('Took over the Tortuga side from the AI captains in the By side')
    expect((await view(b)).setup.participants.map((p) => p.control)).toEqual(['gm', 'ai'])
    const before = s.snapshot()
    expect(await s.fail('battles.sideControl', { battleId: b, side: 'Castille', control: 'ai' })).toMatchObject({ code: 'not_found', details: { field: 'side' } })
    expect(s.snapshot()).toEqual(before)
    // Undo takes back the hand-over, one command at a time.
    await call('history.undo')
    expect((await view(b)).setup.participants.map((p) => p.control)).toEqual(['ai', 'ai'])
  })

  it('a High Seas battle played to its end by the AI on both sides through resolveStep: the list says it is over after N turns and names the winner’s side', async () => {
    const { battleId } = await call('battles.start', seaDogVsMerchantman(s, { range: 'close', seed: 5 }))
    await call('battles.sideControl', { battleId, side: 'Tortuga', control: 'ai' })
    let n = 0
    let out = await step({ battleId })
    for (n = 1; !out.outcome && n < 60; n++) out = await step({ battleId })
    expect(out.outcome).not.toBeNull()
    const v = await view(battleId)
    // The view names the next step and the outcome as the step commands do.
    expect(v.outcome).toEqual(out.outcome)
    expect(v.step).toEqual(out.step)
    expect(v.outcome!.reason).toMatch(/holds the sea|every ship got away|the battle is decided/)
    const line = (await call('battles.list')).find((x) => x.id === battleId)!
    expect(line).toMatchObject({ ruleset: 'highSeas', over: true, turnsPlayed: n, turn: n + 1, winner: v.state.winner })
    expect(line.sides).toEqual([
      { side: 'Tortuga', name: 'Tortuga', names: ['Sea Dog'] },
      { side: 'Montaigne', name: 'Montaigne', names: ['Montaigne Merchantman'] }
    ])
    expect(await s.fail('battles.resolveStep', { battleId })).toMatchObject({ code: 'rule' })
    expect(await call('battles.replay', { battleId })).toEqual({ steps: n, same: true })
  })

  it('a battle just begun is not over, has played no turn, and an Atrilian one names its sides as its setup does', async () => {
    const hs = await call('battles.start', seaDogVsMerchantman(s))
    const at = await call('battles.start', { ruleset: 'atrilia', preset: 'alZabdiyat', seed: 3 })
    const list = await call('battles.list')
    expect(list.find((x) => x.id === hs.battleId)).toMatchObject({ over: false, turnsPlayed: 0, turn: 1 })
    expect(list.find((x) => x.id === at.battleId)).toMatchObject({ over: false, turnsPlayed: 0, turn: 1 })
    expect(list.find((x) => x.id === at.battleId)!.sides.map((x) => [x.side, x.name])).toEqual([
      ['pheacians', 'Pheacians'],
      ['meshuesh', 'Meshuesh']
    ])
    // A voyage's sides are keys: shown as words.
    expect(['ours', 'them', 'Castille'].map(highSeasSideName)).toEqual(['Our squadron', 'The enemy', 'Castille'])
  })
})

describe('odds runs, capped per ruleset', () => {
  it('an Atrilian battle takes at most ATRILIA_ODDS_MAX_RUNS runs (refused at runs above it); High Seas keeps its cap', async () => {
    const at = await call('battles.start', { ruleset: 'atrilia', preset: 'alZabdiyat', seed: 3 })
    const hs = await call('battles.start', seaDogVsMerchantman(s))
    const over = await s.fail('battles.odds', { battleId: at.battleId, runs: ATRILIA_ODDS_MAX_RUNS + 1 })
    expect(over).toMatchObject({ code: 'invalid_input', details: { field: 'runs', max: ATRILIA_ODDS_MAX_RUNS, issues: [{ field: 'runs' }] } })
    expect(over.message).toBe(`runs: at most ${ATRILIA_ODDS_MAX_RUNS.toLocaleString('en')} runs for a battle under the Atrilian naval rules (about five seconds of play); ask for ${ATRILIA_ODDS_MAX_RUNS.toLocaleString('en')} or fewer.`)
    expect(await s.fail('battles.odds', { battleId: hs.battleId, runs: ODDS_MAX_RUNS + 1 })).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'runs' }] } })
    // Within the caps: a small request of each is played.
    expect((await call('battles.odds', { battleId: at.battleId, runs: 20 })).runs).toBe(20)
    expect((await call('battles.odds', { battleId: hs.battleId, runs: ATRILIA_ODDS_MAX_RUNS + 1 })).runs).toBe(ATRILIA_ODDS_MAX_RUNS + 1)
  })
})
