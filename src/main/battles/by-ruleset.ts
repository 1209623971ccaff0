import type { RulesetId } from '../../shared/battle/ruleset'
import type { BattleSummary } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'
import { labelOf } from '../campaign-core/clock-state'
import { ATRILIA_STEPPED } from './atrilia'
import { battleSummary } from './battles'
import { RULESET_NAMES, requireRow } from './rows'
import { loadStepped, steppedSummary, type SteppedDef } from './stepped'

/**
 * Which code serves a stored battle (issue 17): High Seas (./battles.ts, its own turns) or a stepped
 * ruleset (./stepped.ts with the ruleset's SteppedDef). Galleys & Galleons and Broadsides add their
 * SteppedDef here when they come.
 */

const STEPPED: Partial<Record<RulesetId, SteppedDef>> = { atrilia: ATRILIA_STEPPED }

/** The SteppedDef of a ruleset played in steps, or null (High Seas). */
export function steppedDefOf(ruleset: RulesetId): SteppedDef | null {
  if (ruleset === 'highSeas') return null
  const def = STEPPED[ruleset]
  if (!def) throw new CommandError('rule', `Battles under ${RULESET_NAMES[ruleset]} cannot be played yet.`, { ruleset })
  return def
}

/** The stepped ruleset a battle is fought under; a High Seas battle is refused with the command to use instead. */
export function requireStepped(db: Db, battleId: number, doing: string, instead: string): SteppedDef {
  const row = requireRow(db, battleId)
  const def = steppedDefOf(row.ruleset)
  if (!def) throw new CommandError('rule', `The ${row.name} is a High Seas battle, played in whole turns: ${doing} is for battles played in steps (${instead}).`, { field: 'battleId', ruleset: row.ruleset })
  return def
}

export function anySummary(db: Db, battleId: number, label = labelOf(db)): BattleSummary {
  const def = steppedDefOf(requireRow(db, battleId).ruleset)
  return def ? steppedSummary(def, loadStepped(db, def, battleId), label) : battleSummary(db, battleId)
}

/** Every battle, newest first, under any ruleset. */
export function listAllBattles(db: Db): BattleSummary[] {
  const ids = stmt(db, `SELECT id FROM battle ORDER BY id DESC`).all() as { id: number }[]
  const label = labelOf(db)
  return ids.map((r) => anySummary(db, r.id, label))
}
