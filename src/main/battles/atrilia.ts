import type { OrderProblem } from '../../shared/battle/ruleset'
import { atriliaRuleset, emptyOrders } from '../../shared/atrilia/ruleset'
import { ATRILIA_PRESETS } from '../../shared/atrilia/preset'
import { AtriliaSetup, type AtriliaOrders, type AtriliaReport, type AtriliaState } from '../../shared/atrilia/types'
import { ATRILIA_ODDS_MAX_RUNS, type AtriliaStartInput } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import type { DiceBox } from '../../shared/dice/roll'
import { getRule } from '../campaign-core/rules'
import { registerHexBattleStarter } from '../campaign-core/battle-seam'
import type { Db } from '../campaign/sqlite'
import { seedFromDice } from './battles'
import { insertStepped, type SteppedDef } from './stepped'

/**
 * The Atrilian hex battle (seed 002 "Naval Rules") in the campaign, on the generic stepped battle
 * (./stepped.ts): its start from a preset or a setup with the campaign's rule tables snapshotted,
 * Its review and the write-back to an Atrilia campaign are the Atrilia × Atrilia campaign adapter
 * (./atrilia-review.ts, issue 18).
 */

export const ATRILIA_STEPPED: SteppedDef<AtriliaSetup, AtriliaState, AtriliaOrders, AtriliaReport> = {
  ruleset: atriliaRuleset as SteppedDef<AtriliaSetup, AtriliaState, AtriliaOrders, AtriliaReport>['ruleset'],
  emptyOrders: (_setup, state) => emptyOrders(state.phase),
  sides: (setup) => setup.sides.map((s) => ({ side: s.id, name: s.name, names: setup.ships.filter((x) => x.side === s.id).map((x) => x.name) })),
  // A turn is played once its last player's repair is done: the first player's roll of the next turn is due.
  turnsPlayed: (_setup, state) => (state.phase === 'roll' && state.player === 0 ? state.turn - 1 : state.turn),
  oddsMaxRuns: ATRILIA_ODDS_MAX_RUNS,
  checkToSave: (_db, setup, state, orders) => withFields(setup, orders, atriliaRuleset.check(setup, state, orders))
}

/**
 * The engine's problems with a step's orders placed at their field for the step commands' refusals:
 * "scuttle: …" at `scuttle`, orders of another phase at `phase`, "Thalassa: …" at her entry in `ships`
 * (the engine names what it checks, in words; a problem it cannot place stays at the orders).
 */
function withFields(setup: AtriliaSetup, orders: AtriliaOrders, problems: OrderProblem[]): OrderProblem[] {
  const list = 'ships' in orders ? orders.ships : []
  return problems.map((p) => {
    if (p.path.length) return p
    const key = /^([a-zA-Z]+): /.exec(p.message)?.[1]
    if (key && key in orders) return { ...p, path: [key] }
    if (/^these are orders for .*, but the next step is/.test(p.message)) return { ...p, path: ['phase'] }
    const i = list.findIndex((o) => {
      const name = setup.ships.find((x) => x.id === o.ship)?.name
      return name !== undefined && p.message.startsWith(`${name}: `)
    })
    return i >= 0 ? { ...p, path: ['ships', i] } : p
  })
}

export function beginAtriliaBattle(db: Db, input: AtriliaStartInput, dice: (given?: readonly number[]) => DiceBox): { battleId: number } {
  if ((input.preset === undefined) === (input.setup === undefined)) {
    const both = input.preset !== undefined
    throw new CommandError('invalid_input', `preset: give ${both ? 'either a preset or a setup, not both' : 'a preset or a setup'}.`, {
      field: 'preset',
      issues: [{ field: 'preset', message: both ? 'give a preset or a setup, not both' : 'give a preset or a setup' }]
    })
  }
  const seed = input.seed ?? seedFromDice(dice())
  const base = input.preset !== undefined ? ATRILIA_PRESETS.find((p) => p.id === input.preset)!.setup(seed) : input.setup!
  // The campaign's (possibly edited) Atrilian battle table, snapshotted: editing it later never changes this battle.
  const setup = AtriliaSetup.parse({ ...base, ...(input.name ? { name: input.name } : {}), seed, rules: getRule(db, 'atriliaBattle') })
  return insertStepped(db, ATRILIA_STEPPED, { name: setup.name, setup, seed, control: input.control })
}

// A voyage's Atrilian encounter fought on the hex board (issue 18) starts here, through the battle seam.
registerHexBattleStarter((db, r, dice) => beginAtriliaBattle(db, { ruleset: 'atrilia', name: r.name, setup: r.setup, control: r.control }, dice))
