import type { OrderProblem } from '../../shared/battle/ruleset'
import { emptyOrders, galleysRuleset } from '../../shared/galleys/ruleset'
import { GALLEYS_PRESETS } from '../../shared/galleys/preset'
import type { GalleysRules } from '../../shared/galleys/tables'
import { GalleysSetup, type Action, type GalleysOrders, type GalleysReport, type GalleysState } from '../../shared/galleys/types'
import { GALLEYS_ODDS_MAX_RUNS, type GalleysStartInput } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import type { DiceBox } from '../../shared/dice/roll'
import { getRule } from '../campaign-core/rules'
import type { Db } from '../campaign/sqlite'
import { seedFromDice } from './battles'
import { insertStepped, type SteppedDef } from './stepped'

/**
 * The Galleys & Galleons table (seed 000 house rules, issue 19) in the campaign, on the generic
 * stepped battle (./stepped.ts): a step is one player's (or group's) turn, ordered by that player;
 * control per player on the row. Its start from a preset or a setup, with the campaign's five
 * Galleys & Galleons tables snapshotted. No campaign adapter yet: the review (./galleys-review.ts)
 * only reads each ship's fate, and concluding writes the battle's status.
 */

type Def = SteppedDef<GalleysSetup, GalleysState, GalleysOrders, GalleysReport>

export const GALLEYS_STEPPED: Def = {
  ruleset: galleysRuleset as Def['ruleset'],
  emptyOrders: () => emptyOrders(),
  sides: (setup) => setup.players.map((p) => ({ side: p.id, name: p.name, names: setup.ships.filter((s) => s.player === p.id).map((s) => s.name) })),
  // A turn is played once its last player's step is done (the index is back at the first player); a turn begun counts (as Atrilia's).
  turnsPlayed: (_setup, state) => (state.index === 0 ? state.turn - 1 : state.turn),
  oddsMaxRuns: GALLEYS_ODDS_MAX_RUNS,
  checkToSave: (_db, setup, state, orders) => withFields(setup, orders, galleysRuleset.check(setup, state, orders))
}

/** The fields of an action naming another ship, in the order a problem may name them. */
const OTHER_FIELDS = ['target', 'other', 'cutGrapplesWith'] as const

/**
 * The engine's problems placed at their field: it names the action (`actions.i`); a problem about a
 * ship that is not in the battle goes to the field holding that id, one about the other ship of the
 * action (its target, the ship collided with or grappled, "cannot shoot at herself") to that field.
 */
function withFields(setup: GalleysSetup, orders: GalleysOrders, problems: OrderProblem[]): OrderProblem[] {
  return problems.map((p) => {
    if (p.path.length !== 2 || p.path[0] !== 'actions' || typeof p.path[1] !== 'number') return p
    const a = orders.actions[p.path[1]] as (Action & Record<string, unknown>) | undefined
    if (!a) return p
    const text = p.message.replace(/^action \d+: /, '')
    const missing = /^there is no ship "(.*)" in this battle$/.exec(text)?.[1]
    if (missing !== undefined) {
      const field = (['ship', ...OTHER_FIELDS] as const).find((f) => a[f] === missing)
      return field ? { ...p, path: [...p.path, field] } : p
    }
    if (/cannot (shoot at|collide with|grapple) herself$/.test(text)) {
      const field = OTHER_FIELDS.find((f) => typeof a[f] === 'string')
      return field ? { ...p, path: [...p.path, field] } : p
    }
    for (const f of OTHER_FIELDS) {
      const id = a[f]
      const name = typeof id === 'string' ? setup.ships.find((s) => s.id === id)?.name : undefined
      if (name !== undefined && id !== a.ship && text.startsWith(`${name} `)) return { ...p, path: [...p.path, f] }
    }
    return p
  })
}

/** The campaign's (possibly edited) Galleys & Galleons tables, snapshotted into a battle's setup. */
export function galleysRulesOf(db: Db): GalleysRules {
  return {
    table: getRule(db, 'galleysTable'),
    weather: getRule(db, 'galleysWeather'),
    criticals: getRule(db, 'galleysCriticals'),
    fire: getRule(db, 'galleysFire'),
    collisions: getRule(db, 'galleysCollisions')
  }
}

export function beginGalleysBattle(db: Db, input: GalleysStartInput, dice: (given?: readonly number[]) => DiceBox): { battleId: number } {
  if ((input.preset === undefined) === (input.setup === undefined)) {
    const both = input.preset !== undefined
    throw new CommandError('invalid_input', `preset: give ${both ? 'either a preset or a setup, not both' : 'a preset or a setup'}.`, {
      field: 'preset',
      issues: [{ field: 'preset', message: both ? 'give a preset or a setup, not both' : 'give a preset or a setup' }]
    })
  }
  const seed = input.seed ?? seedFromDice(dice())
  const base = input.preset !== undefined ? GALLEYS_PRESETS[input.preset] : input.setup!
  // The campaign's Galleys & Galleons tables, snapshotted: editing them later never changes this battle.
  const parsed = GalleysSetup.safeParse({ ...base, ...(input.name ? { name: input.name } : {}), seed, rules: galleysRulesOf(db) })
  if (!parsed.success) {
    // The campaign's tables may not fit a setup (a wind point beyond an edited gauge): say where.
    const issues = parsed.error.issues.map((i) => ({ field: ['setup', ...i.path.map(String)].join('.'), message: i.message }))
    throw new CommandError('invalid_input', issues.map((i) => `${i.field}: ${i.message}`).join('; '), { field: issues[0]!.field, issues })
  }
  return insertStepped(db, GALLEYS_STEPPED, { name: parsed.data.name, setup: parsed.data, seed, control: input.control })
}
