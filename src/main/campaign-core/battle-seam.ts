/**
 * The seam between a campaign procedure that meets a fight (a voyage's encounter) and the battle
 * system that plays it (High Seas, in src/main/battles). Neither imports the other: the battle system
 * registers how a battle is started, the voyage registers what it does when a battle is concluded, and
 * each calls the other only through here. A second battle system registers its own starter.
 */
import type { z } from 'zod'
import type { BattleParticipantInput } from '../../shared/commands/battles'
import type { DiceBox } from '../../shared/dice/roll'
import type { Range, Weather } from '../../shared/highseas/types'
import type { AtriliaSetup } from '../../shared/atrilia/types'
import type { Db } from '../campaign/sqlite'

/** A battle started for a voyage: its name, who fights on which side, the range and the weather. */
export interface BattleForVoyage {
  voyageId: number
  name: string
  participants: z.output<typeof BattleParticipantInput>[]
  range: Range
  weather: Weather
}

export type BattleStarter = (db: Db, request: BattleForVoyage, dice: (given?: readonly number[]) => DiceBox) => { battleId: number }
export type BattleConcludedHook = (db: Db, battleId: number) => void

/** A hex battle (seed 002) started for a voyage: its set-up (ships carry their campaign ship ids) and who orders each side. */
export interface HexBattleForVoyage {
  voyageId: number
  name: string
  setup: AtriliaSetup
  control: Record<string, 'gm' | 'ai'>
}
export type HexBattleStarter = (db: Db, request: HexBattleForVoyage, dice: (given?: readonly number[]) => DiceBox) => { battleId: number }

let starter: BattleStarter | null = null
let hexStarter: HexBattleStarter | null = null
const concludedHooks: BattleConcludedHook[] = []

/** The battle system says how a battle is started (called once, when its module loads). */
export function registerBattleStarter(start: BattleStarter): void {
  starter = start
}

/** Start a battle for a voyage; the voyage keeps the id it answers. */
export function startBattleFor(db: Db, request: BattleForVoyage, dice: (given?: readonly number[]) => DiceBox): { battleId: number } {
  if (!starter) throw new Error('No battle system is loaded to start a battle for the voyage.')
  return starter(db, request, dice)
}

/** The Atrilian battle system says how a hex battle is started (called once, when its module loads). */
export function registerHexBattleStarter(start: HexBattleStarter): void {
  hexStarter = start
}

/** Start an Atrilian hex battle for a voyage's encounter; the voyage keeps the id it answers. */
export function startHexBattleFor(db: Db, request: HexBattleForVoyage, dice: (given?: readonly number[]) => DiceBox): { battleId: number } {
  if (!hexStarter) throw new Error('No hex battle system is loaded to start a battle for the voyage.')
  return hexStarter(db, request, dice)
}

/** A campaign procedure that starts battles says what it does when one of them is concluded. */
export function onBattleConcluded(hook: BattleConcludedHook): void {
  if (!concludedHooks.includes(hook)) concludedHooks.push(hook)
}

/** Called by the battle system once a battle's results are written to the campaign. */
export function battleConcluded(db: Db, battleId: number): void {
  for (const hook of concludedHooks) hook(db, battleId)
}
