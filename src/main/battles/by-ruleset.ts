import type { RulesetId } from '../../shared/battle/ruleset'
import type { BattleSummary } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'
import { labelOf } from '../campaign-core/clock-state'
import { ATRILIA_STEPPED } from './atrilia'
import { GALLEYS_STEPPED } from './galleys'
import { BROADSIDES_STEPPED } from './broadsides'
import { HIGH_SEAS_STEPPED } from './high-seas'
import { RULESET_NAMES, requireRow } from './rows'
import { loadStepped, steppedSummary, type SteppedDef } from './stepped'

/**
 * Which SteppedDef serves a stored battle (issue 17): every battle is served by the generic code of
 * ./stepped.ts with its ruleset's SteppedDef — High Seas (./high-seas.ts: one step a whole turn, its
 * turns in `battle_turn`, control per ship), the Atrilian hex battle (./atrilia.ts), the Galleys &
 * Galleons table (./galleys.ts) and the Broadsides & Boarding Parties duel (./broadsides.ts).
 */

const STEPPED: Partial<Record<RulesetId, SteppedDef>> = { highSeas: HIGH_SEAS_STEPPED, atrilia: ATRILIA_STEPPED, galleys: GALLEYS_STEPPED, broadsides: BROADSIDES_STEPPED }

/** The SteppedDef of a ruleset; one not playable yet is refused. */
export function steppedDefOf(ruleset: RulesetId): SteppedDef {
  const def = STEPPED[ruleset]
  if (!def) throw new CommandError('rule', `Battles under ${RULESET_NAMES[ruleset]} cannot be played yet.`, { ruleset })
  return def
}

/** The SteppedDef of a stored battle. */
export function defOfBattle(db: Db, battleId: number): SteppedDef {
  return steppedDefOf(requireRow(db, battleId).ruleset)
}

export function anySummary(db: Db, battleId: number, label = labelOf(db)): BattleSummary {
  const def = defOfBattle(db, battleId)
  return steppedSummary(def, loadStepped(db, def, battleId), label)
}

/** Every battle, newest first, under any ruleset. */
export function listAllBattles(db: Db): BattleSummary[] {
  const ids = stmt(db, `SELECT id FROM battle ORDER BY id DESC`).all() as { id: number }[]
  const label = labelOf(db)
  return ids.map((r) => anySummary(db, r.id, label))
}
