import type { AtrilianEncounter, DistanceUnit, Point, ShipSpeed, VoyageRoll } from '../../shared/commands/voyages'
import type { DiceBox } from '../../shared/dice/roll'
import type { Setting } from '../../shared/commands/schemas'
import type { Db } from '../campaign/sqlite'
import { campaignSetting } from './setting'

/**
 * The voyage rules of a setting (issue 18): what the day-by-day voyage (src/main/theah/voyages.ts)
 * asks of the campaign's setting, so the voyage code does not branch on the setting. Théah (seed 003
 * II–III) registers its own: speeds from the hull and its crew with one wind roll a voyage, Oars when
 * becalmed, food, the 5k5 encounter table and special events; Atrilia (seed 002, rules guide §3)
 * registers the midpoint of each ship's speed range for 12 hours a day, no wind, the GM's encounters
 * and the optional house table. A setting that registers none sails by Théah's.
 */
export interface VoyageRules {
  unit: DistanceUnit
  /** One die a voyage on the wind table (seed 003 II). */
  windRolled: boolean
  /** The 5k5 table by the water's checks, special events, Drama Dice (seed 003 II–III). */
  theahEncounters: boolean
  /** Ships with Oars row when becalmed (seed 003). */
  rowing: boolean
  /** A ship's distance a day with every term (`wind`: the voyage's wind, null in a plan; `cache`: the setting's own, kept by the caller for one command). */
  shipSpeed(db: Db, shipId: number, wind: number | null, cache?: Map<string, unknown>): ShipSpeed
  /** Why the squadron made its distance today, in words (Théah: the wind's label; absent: the wind's label). */
  dayReason?(slowest: ShipSpeed | null, ships: number): string
  /** Crew-weeks of food aboard (null: her food is not tracked by this setting's voyages). */
  foodOf(db: Db, shipId: number): { crewWeeks: number; weeksLeft: number | null } | null
  /** The words of how encounters come (for the plan), or null. */
  encounterNote(db: Db): string | null
  /** The encounter of the day at sea, when the setting rolls one of its own (null: nothing met). */
  dailyEncounter?(db: Db, at: { day: number; n: number; position: Point | null }, box: DiceBox, rolls: VoyageRoll[]): AtrilianEncounter | null
  /** Why a prize taken in battle cannot sail on with the squadron (too few hands), or null when she can (absent: Théah's rule). */
  prizeUnmanned?(db: Db, shipId: number): string | null
  /** Whether a day check falls (for the voyage's "next check" line): the next day, or never. */
  checksDaily?(db: Db): boolean
}

const registry = new Map<Setting, VoyageRules>()

export function registerVoyageRules(setting: Setting, rules: VoyageRules): void {
  registry.set(setting, rules)
}

export function settingOf(db: Db): Setting {
  return (campaignSetting(db) as Setting | undefined) ?? 'theah'
}

/** The voyage rules of the open campaign's setting (Théah's when its setting registered none). */
export function voyageRulesOf(db: Db): VoyageRules {
  const r = registry.get(settingOf(db)) ?? registry.get('theah')
  if (!r) throw new Error('No voyage rules are registered (the Théah setting is not loaded).')
  return r
}

/** The chart's unit of distance: nautical miles in Théah, kilometres in Atrilia. */
export function unitOf(db: Db): DistanceUnit {
  return settingOf(db) === 'atrilia' ? 'km' : 'nm'
}
