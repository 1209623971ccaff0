import { emptyOrders } from '../../shared/broadsides/ai'
import { stepInfo } from '../../shared/broadsides/engine'
import { aiOrders } from '../../shared/broadsides/ai'
import { broadsidesRuleset } from '../../shared/broadsides/ruleset'
import { BROADSIDES_PRESETS } from '../../shared/broadsides/preset'
import type { BroadsidesRules } from '../../shared/broadsides/tables'
import { BroadsidesSetup, setupProblemWords, type BroadsidesOrders, type BroadsidesReport, type BroadsidesState } from '../../shared/broadsides/types'
import { BROADSIDES_ODDS_MAX_RUNS, type BroadsidesStartInput, type SideControl } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import type { DiceBox } from '../../shared/dice/roll'
import { getRule } from '../campaign-core/rules'
import type { Db } from '../campaign/sqlite'
import { seedFromDice } from './battles'
import { insertStepped, type SteppedDef } from './stepped'

/**
 * The Broadsides & Boarding Parties duel (seed 001 variant, issue 20) in the campaign, on the generic
 * stepped battle (./stepped.ts): a step is the wind, one ship's crew step or card, an exchange of fire
 * (both ships at once) or one side's boarding step; control per ship on the row. Its start from a preset
 * or a setup, with the campaign's ten Broadsides tables snapshotted. No campaign adapter yet: the review
 * (./broadsides-review.ts) only reads each ship's fate, and concluding writes the battle's status.
 */

type Def = SteppedDef<BroadsidesSetup, BroadsidesState, BroadsidesOrders, BroadsidesReport>

/**
 * The orders a step resolves with: a ship's own step, the AI's when she is the AI's, else the saved ones;
 * an exchange of fire (both ships at once), the GM's saved shots for her ships and the AI's for the others.
 */
function ordersToResolve(setup: BroadsidesSetup, state: BroadsidesState, pending: BroadsidesOrders, control: Record<string, SideControl>): BroadsidesOrders {
  const side = stepInfo(setup, state).side
  if (side !== null) return control[side] === 'ai' ? aiOrders(setup, state) : pending
  const ai = state.order.filter((id) => control[id] === 'ai')
  if (!ai.length) return pending
  const mine = pending.shots.filter((s) => control[s.ship] !== 'ai')
  const theirs = aiOrders(setup, state).shots.filter((s) => ai.includes(s.ship))
  return { ...pending, shots: [...mine, ...theirs] }
}

export const BROADSIDES_STEPPED: Def = {
  ruleset: broadsidesRuleset as Def['ruleset'],
  emptyOrders: () => emptyOrders(),
  sides: (setup) => setup.ships.map((s) => ({ side: s.id, name: s.name, names: [s.name] })),
  // A turn is played once its wind has been rolled for the next one; a turn begun counts (as Atrilia's).
  turnsPlayed: (setup, state) => (state.outcome || state.phase !== 'wind' ? Math.min(state.turn, setup.rules.board.turns) : state.turn - 1),
  oddsMaxRuns: BROADSIDES_ODDS_MAX_RUNS,
  ordersToResolve,
  checkToSave: (_db, setup, state, orders) => {
    const problems = broadsidesRuleset.check(setup, state, orders)
    return problems
  },
  dropOrdersOf: (setup, state, pending, side) => {
    const step = stepInfo(setup, state)
    if (step.side === side) return emptyOrders()
    if (step.side === null) return { ...pending, shots: pending.shots.filter((s) => s.ship !== side) }
    return pending
  }
}

/** The campaign's (possibly edited) Broadsides tables, snapshotted into a battle's setup. */
export function broadsidesRulesOf(db: Db): BroadsidesRules {
  return {
    board: getRule(db, 'broadsidesBoard'),
    wind: getRule(db, 'broadsidesWind'),
    deck: getRule(db, 'broadsidesDeck'),
    drift: getRule(db, 'broadsidesDrift'),
    hit: getRule(db, 'broadsidesHit'),
    reefs: getRule(db, 'broadsidesReefs'),
    melee: getRule(db, 'broadsidesMelee'),
    officers: getRule(db, 'broadsidesOfficers'),
    arcs: getRule(db, 'broadsidesArcs'),
    ships: getRule(db, 'broadsidesShips')
  }
}

export function beginBroadsidesBattle(db: Db, input: BroadsidesStartInput, dice: (given?: readonly number[]) => DiceBox): { battleId: number } {
  if ((input.preset === undefined) === (input.setup === undefined)) {
    const both = input.preset !== undefined
    throw new CommandError('invalid_input', `preset: give ${both ? 'either a preset or a setup, not both' : 'a preset or a setup'}.`, {
      field: 'preset',
      issues: [{ field: 'preset', message: both ? 'give a preset or a setup, not both' : 'give a preset or a setup' }]
    })
  }
  const seed = input.seed ?? seedFromDice(dice())
  const base = input.preset !== undefined ? BROADSIDES_PRESETS[input.preset] : input.setup!
  // The campaign's Broadsides tables, snapshotted: editing them later never changes this battle.
  const parsed = BroadsidesSetup.safeParse({ ...base, ...(input.name ? { name: input.name } : {}), seed, rules: broadsidesRulesOf(db) })
  if (!parsed.success) {
    // The campaign's tables may not fit a setup (a ship class taken out, a smaller board): say where.
    const issues = parsed.error.issues.map((i) => ({ field: ['setup', ...i.path.map(String)].join('.'), message: i.message }))
    const words = parsed.error.issues.map((i) => setupProblemWords(base, i.path, i.message)).join('; ')
    throw new CommandError('invalid_input', `${words}.`, { field: issues[0]!.field, issues })
  }
  return insertStepped(db, BROADSIDES_STEPPED, { name: parsed.data.name, setup: parsed.data, seed, control: input.control })
}
