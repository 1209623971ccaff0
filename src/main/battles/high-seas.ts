import type { OrderProblem } from '../../shared/battle/ruleset'
import { ODDS_MAX_RUNS } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import { ordersForTurn } from '../../shared/highseas/ai'
import { highSeasRuleset } from '../../shared/highseas/ruleset'
import type { BattleSetup, BattleState, TurnOrders, TurnReport } from '../../shared/highseas/types'
import type { Db } from '../campaign/sqlite'
import { captainOf } from './participants'
import { NO_PENDING } from './rows'
import type { SteppedDef } from './stepped'

/**
 * High Seas (seed 003 IV–VI) on the generic battle (./stepped.ts): one step is one whole turn,
 * ordered by every side at once (`step.side` is null). What only High Seas knows:
 *
 *  - its turns are kept in `battle_turn` (one row a turn, as every stored battle has them);
 *  - control is per ship, in the setup (`participants[].control`): handing a side over sets each of
 *    its ships, and the ships the AI commands get the AI's orders when the turn resolves (ships the
 *    GM left without orders get the engine's default orders), exactly as `battles.resolveTurn` did;
 *  - orders saved for a turn are the GM ships' orders, the melee results and the heroic actions.
 *
 * The High Seas commands (`battles.orders`, `battles.control`, `battles.melee`, `battles.heroic`,
 * `battles.resolveTurn`) are thin aliases onto this path (./battles.ts).
 */

/** A High Seas side in words to show: the keys a voyage gives its sides read as words, a side the GM named as she named it. */
export function highSeasSideName(side: string): string {
  if (side === 'ours') return 'Our squadron'
  if (side === 'them') return 'The enemy'
  return side
}

/** The sides of a High Seas battle in the order their first ship is listed, with their ships' names. */
export function highSeasSides(setup: BattleSetup): { side: string; name: string; names: string[] }[] {
  const sides: { side: string; name: string; names: string[] }[] = []
  for (const p of setup.participants) {
    let s = sides.find((x) => x.side === p.side)
    if (!s) sides.push((s = { side: p.side, name: highSeasSideName(p.side), names: [] }))
    s.names.push(p.name)
  }
  return sides
}

const STATUS: Record<string, string> = {
  escaped: 'escaped',
  lostContact: 'out of sight',
  sinking: 'sinking',
  sunk: 'sunk',
  struck: 'struck',
  destroyed: 'destroyed',
  surrendered: 'surrendered'
}

/**
 * Every problem with the orders a GM saves for the next High Seas turn, each under its field: a ship's
 * orders under `ships.<her id>` (no such ship, out of the fight, commanded by the AI captain, or orders
 * she cannot carry out), a melee result's under `melee.<n>`, a heroic action's under `heroic.<n>`.
 * The per-item checks are those of `battles.orders`, `battles.melee` and `battles.heroic`; then the
 * engine's own check of the whole turn (a melee between ships neither grappled nor fighting, …).
 */
export function highSeasOrderProblems(db: Db, setup: BattleSetup, state: BattleState, orders: TurnOrders): OrderProblem[] {
  const problems: OrderProblem[] = []
  const byId = new Map(setup.participants.map((p) => [p.id, p]))
  for (const id of Object.keys(orders.ships)) {
    const p = byId.get(id)
    const st = state.participants[id]
    if (!p) problems.push({ path: ['ships', id], message: `there is no participant "${id}" in this battle` })
    else if (!st || st.status !== 'active') problems.push({ path: ['ships', id], message: `the ${p.name} is ${STATUS[st?.status ?? ''] ?? 'gone'}: she can no longer be given orders` })
    else if (p.control === 'ai') problems.push({ path: ['ships', id], message: `the AI captain commands the ${p.name}: take her over first, then give her orders` })
  }
  orders.melee.forEach((m, i) => {
    const a = byId.get(m.a)
    const b = byId.get(m.b)
    if (!a) problems.push({ path: ['melee', i, 'a'], message: `no participant "${m.a}" fights in this battle` })
    if (!b) problems.push({ path: ['melee', i, 'b'], message: `no participant "${m.b}" fights in this battle` })
    if (!a || !b) return
    if (a.id === b.id) problems.push({ path: ['melee', i, 'b'], message: 'a melee is fought between two participants' })
    else if (m.winner !== a.id && m.winner !== b.id) problems.push({ path: ['melee', i, 'winner'], message: `the winner is ${a.name} or ${b.name}` })
    else if (Object.keys(m.crewLost).some((id) => id !== a.id && id !== b.id)) problems.push({ path: ['melee', i, 'crewLost'], message: `only the ${a.name} and the ${b.name} lose men in this melee` })
  })
  orders.heroic.forEach((h, i) => {
    if (!byId.has(h.participant)) problems.push({ path: ['heroic', i, 'participant'], message: `no participant "${h.participant}" fights in this battle` })
    if (h.target !== undefined && !byId.has(h.target)) problems.push({ path: ['heroic', i, 'target'], message: `no participant "${h.target}" fights in this battle` })
    if (h.personId !== undefined) {
      try {
        captainOf(db, h.personId, `heroic.${i}.personId`)
      } catch (e) {
        if (!(e instanceof CommandError)) throw e
        problems.push({ path: ['heroic', i, 'personId'], message: e.message.replace(/^heroic\.\d+\.personId: /, '') })
      }
    }
  })
  if (problems.length) return problems
  // The engine's words already name the ship ("Sea Dog: Bear Down needs the ship she closes on").
  return highSeasRuleset.check(setup, state, orders)
}

export const HIGH_SEAS_STEPPED: SteppedDef<BattleSetup, BattleState, TurnOrders, TurnReport> = {
  ruleset: highSeasRuleset as SteppedDef<BattleSetup, BattleState, TurnOrders, TurnReport>['ruleset'],
  emptyOrders: () => NO_PENDING(),
  sides: highSeasSides,
  // The state's turn is the next one: a battle decided in turn 5 says turn 6.
  turnsPlayed: (_setup, state) => state.turn - 1,
  oddsMaxRuns: ODDS_MAX_RUNS,
  stepTable: 'battle_turn',
  readPending: (raw) => ({ ...NO_PENDING(), ...(raw as Partial<TurnOrders>) }),
  withSideControl: (setup, side, control) => ({ ...setup, participants: setup.participants.map((p) => (p.side === side ? { ...p, control } : p)) }),
  dropOrdersOf: (setup, _state, pending, side) => {
    const theirs = new Set(setup.participants.filter((p) => p.side === side).map((p) => p.id))
    return { ...pending, ships: Object.fromEntries(Object.entries(pending.ships).filter(([id]) => !theirs.has(id))) }
  },
  // The saved orders with every AI ship's filled in (GM ships without orders: the engine's default).
  ordersToResolve: (setup, state, pending) => ordersForTurn(setup, state, pending),
  checkToSave: highSeasOrderProblems,
  rollLabel: (step) => `turn ${step.turn}`
}
