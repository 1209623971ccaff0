import type { z } from 'zod'
import type { BattleParticipantInput } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import { BattleSetup, type BattleState, type HeroicAction, type MeleeResult, type ShipOrders } from '../../shared/highseas/types'
import type { ShipDesign } from '../../shared/ship/design'
import { stmt, type Db } from '../campaign/sqlite'
import type { RulesetId } from '../../shared/battle/ruleset'

/** Each rule system's name in words a GM reads. */
export const RULESET_NAMES: Record<RulesetId, string> = {
  highSeas: 'the High Seas rules',
  atrilia: 'the Atrilian naval rules',
  galleys: 'the Galleys & Galleons rules',
  broadsides: 'the Broadsides & Boarding Parties rules'
}

/** A battle as stored (table `battle`): its row, setup, state and the orders waiting for the next turn. */

export type ParticipantInput = z.output<typeof BattleParticipantInput>
type Pending = { ships: Record<string, ShipOrders>; melee: MeleeResult[]; heroic: HeroicAction[] }
export const NO_PENDING = (): Pending => ({ ships: {}, melee: [], heroic: [] })
export const GUNS_NONE = { port: 0, starboard: 0, chasers: 0, stern: 0 }
export type Guns = typeof GUNS_NONE

export interface BattleRow {
  id: number
  name: string
  /** The rule system (migration 0015): 'highSeas' for every battle of this module. */
  ruleset: RulesetId
  /** Per-side control of a battle played by sides (JSON); '{}' for High Seas. */
  control: string
  status: 'active' | 'concluded'
  started_day: number
  concluded_day: number | null
  setup: string
  state: string
  pending: string
  designs: string
  result: string | null
}

export interface Battle {
  row: BattleRow
  setup: BattleSetup
  state: BattleState
  pending: Pending
  designs: Record<string, ShipDesign>
}

export const fmt = (n: number) => n.toLocaleString('en')
export const tons = (t: number) => {
  const r = Math.round(t * 10) / 10
  return Number.isInteger(r) ? String(r) : r.toFixed(1)
}
export const round3 = (x: number) => Math.round(x * 1000) / 1000
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

// ─── Loading and storing ────────────────────────────────────────────────────────────────────────

export function requireRow(db: Db, battleId: number): BattleRow {
  const row = stmt(db, `SELECT * FROM battle WHERE id = ?`).get(battleId) as BattleRow | undefined
  if (!row) throw new CommandError('not_found', `There is no battle with id ${battleId}.`, { field: 'battleId' })
  return row
}

/** The ruleset of a stored battle (for the handlers that serve every ruleset). */
export function rulesetOf(db: Db, battleId: number): RulesetId {
  return requireRow(db, battleId).ruleset
}

/** A High Seas battle (this module's): any other ruleset is refused, naming the system it is fought under. */
export function loadBattle(db: Db, battleId: number): Battle {
  const row = requireRow(db, battleId)
  if (row.ruleset !== 'highSeas') {
    throw new CommandError('rule', `The ${row.name} is fought under ${RULESET_NAMES[row.ruleset]}: this is a High Seas command (its steps are ordered and resolved step by step).`, {
      field: 'battleId',
      ruleset: row.ruleset
    })
  }
  return {
    row,
    setup: JSON.parse(row.setup) as BattleSetup,
    state: JSON.parse(row.state) as BattleState,
    pending: { ...NO_PENDING(), ...(JSON.parse(row.pending) as Partial<Pending>) },
    designs: JSON.parse(row.designs) as Record<string, ShipDesign>
  }
}

export function requireActive(b: Battle, doing: string): void {
  if (b.row.status !== 'active') {
    throw new CommandError('rule', `The ${b.row.name} is concluded: ${doing} is no longer possible.`, { status: b.row.status })
  }
}

export function participant(b: Battle, id: string, field = 'participantId') {
  const p = b.setup.participants.find((x) => x.id === id)
  if (!p) {
    throw new CommandError('not_found', `${field}: no participant "${id}" fights in the ${b.row.name}.`, {
      field,
      issues: [{ field, message: `unknown participant ${id}` }]
    })
  }
  return p
}


/** "the Battle of 8 Quartus", or the name itself when it starts with "the" ("The first battle of al-Zabdiyat"). */
export function theBattle(name: string, capital = false): string {
  if (/^the\s/i.test(name)) return (capital ? name.charAt(0).toUpperCase() : name.charAt(0).toLowerCase()) + name.slice(1)
  return `${capital ? 'The' : 'the'} ${name}`
}
