import { z } from 'zod'
import { Hull } from '../ship/design'
import { HIGH_SEAS_RULES, HighSeasRulesSchema } from './tables'

/**
 * High Seas battles (seed 003, IV. Of Naval Combat; V. Of Grappling and Boarding; VI. Of Special
 * Situations; the sighting rules of III. Of Encounters at Sea). The shapes a battle is made of:
 *
 *   BattleSetup  — who fights (participants, sides), the weather, the starting ranges, the seed.
 *   TurnOrders   — what every captain orders for one turn.
 *   BattleState  — a pure function of the setup and the orders of every turn so far (plus the dice
 *                  typed by hand): `replay(setup, turns)` always gives the same state.
 *   TurnReport   — what one turn did: every roll with its breakdown, every hit, every range change.
 *
 * Plain data throughout (JSON-safe), so the same shapes are stored in the campaign, sent over the
 * door, drawn by the board and simulated by the odds worker.
 */

// ─── Words of the seed ──────────────────────────────────────────────────────────────────────────

/** Range bands, nearest first (index 0 = Close … 5 = Extreme). Index 6 means out of sight. */
import { RANGES } from './ranges'
export { RANGES }
export const Range = z.enum(RANGES)
export type Range = z.infer<typeof Range>
/** A range as a step count: 0 = Close … 5 = Extreme, 6 = out of sight. */
export type RangeStep = number
export const OUT_OF_SIGHT = 6

export const WEATHERS = ['clear', 'rough', 'storm', 'fog'] as const
export const Weather = z.enum(WEATHERS)
export type Weather = z.infer<typeof Weather>

export const TACTICS = ['evade', 'bearDown', 'circle'] as const
export const Tactic = z.enum(TACTICS)
export type Tactic = z.infer<typeof Tactic>

export const DESPERATE_STRATEGIES = ['wetSails', 'hardTurns'] as const
export const DesperateStrategy = z.enum(DESPERATE_STRATEGIES)
export type DesperateStrategy = z.infer<typeof DesperateStrategy>

export const BATTERIES = ['port', 'starboard', 'chasers', 'stern'] as const
export const Battery = z.enum(BATTERIES)
export type Battery = z.infer<typeof Battery>
export const BROADSIDES: readonly Battery[] = ['port', 'starboard']

export const AIMS = ['hull', 'rigging'] as const
export const Aim = z.enum(AIMS)
export type Aim = z.infer<typeof Aim>

/** Round shot (at hull or rigging) or grapeshot (Close only: the damage is crew on deck killed). */
export const Shot = z.enum(['ball', 'grape'])
export type Shot = z.infer<typeof Shot>

/** Who the crew are, for Trained Fighters (seed 003 V): merchant ¼, naval/privateer ⅓, pirate all. */
export const CREW_KINDS = ['merchant', 'naval', 'privateer', 'pirate'] as const
export const CrewKind = z.enum(CREW_KINDS)
export type CrewKind = z.infer<typeof CrewKind>

/** How the AI captain behaves (seed 003 III, the paragraph after the encounter table). */
export const BEHAVIOURS = ['merchant', 'corsair', 'patrol', 'warship', 'fleet', 'fort'] as const
export const Behaviour = z.enum(BEHAVIOURS)
export type Behaviour = z.infer<typeof Behaviour>

export const Control = z.enum(['gm', 'ai'])
export type Control = z.infer<typeof Control>

export const FORT_SIZES = ['small', 'medium', 'large'] as const
export const FortSize = z.enum(FORT_SIZES)
export type FortSize = z.infer<typeof FortSize>

// ─── Setup ──────────────────────────────────────────────────────────────────────────────────────

const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
const Rank = Int(0, 5)
const TraitValue = Int(1, 6)
const Name = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters')
export const ParticipantId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'use letters, digits, - and _ only')
export type ParticipantId = z.infer<typeof ParticipantId>

export const Guns = z.object({ port: Int(0, 999), starboard: Int(0, 999), chasers: Int(0, 999), stern: Int(0, 999) }).strict()
export type Guns = z.infer<typeof Guns>

/** A captain as the battle rolls them: Wits with the Tactics and Strategy knacks (7th Sea: (trait+knack)k(trait)). */
export const Captain = z
  .object({
    name: Name,
    /** The campaign character commanding, if any. */
    personId: z.number().int().positive().optional(),
    wits: TraitValue,
    tactics: Rank,
    strategy: Rank,
    /** Roger's Pirate trick "Over the Side": quick boarding kills on 8+ (seed 003 V). */
    overTheSide: z.boolean().default(false)
  })
  .strict()
export type Captain = z.infer<typeof Captain>

/**
 * Whoever leads her boarding party and her defence party (seed 003 V quick combat: "anyone leading
 * the boarding party or the defense party who has the Roger's Pirate trick of 'Over the Side'" makes
 * an 8 or higher a kill). Absent: her captain leads (and his overTheSide counts).
 */
export const PartyLeader = z
  .object({
    name: Name,
    /** The campaign character leading, if any (his trick comes from the People page). */
    personId: z.number().int().positive().optional(),
    overTheSide: z.boolean().default(false)
  })
  .strict()
export type PartyLeader = z.infer<typeof PartyLeader>

/**
 * A participant's fixed numbers at the start of the battle: the ship's full (undamaged) statistics
 * from its design, and what it carries now. Campaign ships take these from their quote and state;
 * generated ships from the encounter description ("lightly / heavily armed", rules guide §2).
 */
export const ParticipantSetup = z
  .object({
    id: ParticipantId,
    name: Name,
    /** Side id: ships of the same side never fight each other. */
    side: z.string().trim().min(1).max(40),
    kind: z.enum(['ship', 'fort', 'town']),
    /** The campaign ship this is, if any (write-back applies to it). */
    shipId: z.number().int().positive().optional(),
    /** For ships: the hull (drives size look-ups in the UI); forts and towns have none. */
    hull: Hull.optional(),
    fortSize: FortSize.optional(),
    nation: z.string().trim().max(40).default(''),
    crewKind: CrewKind.default('merchant'),
    /** Full statistics (seed 003 I; the rules guide's hull table with modifications and flaws). */
    hullPoints: Int(1, 9999),
    riggingPoints: Int(0, 9999),
    speed: Int(0, 99),
    /** How a campaign ship's Speed at the start was reached (the design's, an overdue careening: seed 003 I), for the Numbers tab. */
    speedTerms: z.array(z.object({ label: z.string().max(200), value: z.number() }).strict()).max(10).default([]),
    handling: Int(-20, 99),
    size: Int(0, 99),
    /** Crew Threat Rating: cannon dice and Brute Squad rating (2; 3 well trained; 1 poorly trained). */
    threatRating: Int(1, 10),
    /** Threat rating of boarders (3 for a trained boarding party). */
    boardingThreatRating: Int(1, 10).optional(),
    /** Long guns mounted now, by battery (the design's less the guns lost). */
    guns: Guns,
    pontGuns: z.object({ port: Int(0, 999), starboard: Int(0, 999) }).strict().default({ port: 0, starboard: 0 }),
    /** Everyone aboard (sailors, gun crews, marines, officers). */
    crew: Int(0, 9999),
    marines: Int(0, 9999).default(0),
    /** Officers, major NPCs and player characters aboard: all Trained Fighters. */
    officers: Int(0, 999).default(0),
    /** Crewmen trained as a boarding party (Threat Rating 3 boarders). */
    boardingParty: Int(0, 9999).default(0),
    powderTons: z.number().min(0).max(9999),
    /** Damage already taken before the battle. */
    hullDamage: Int(0, 9999).default(0),
    riggingDamage: Int(0, 9999).default(0),
    /** Handling lost to a damaged rudder (Hard Turns) and not yet repaired in port. */
    rudderDamage: Int(0, 99).default(0),
    shallowDraft: z.boolean().default(false),
    oars: z.boolean().default(false),
    captain: Captain.optional(),
    /** Who leads her boarding and defence parties (default: the captain). */
    partyLeader: PartyLeader.optional(),
    /** Gunnery rank of each battery's gunner (seed 003 IV: "an average Gunner will have 1 or 2 levels"). */
    gunners: z.object({ port: Rank, starboard: Rank, chasers: Rank, stern: Rank }).strict().default({ port: 1, starboard: 1, chasers: 1, stern: 1 }),
    /** Master-o'-tops' Finesse + Rigging, for re-rigging a fouled sail (chase mishap 1-2). */
    masterOfTops: z.object({ finesse: TraitValue, rigging: Rank }).strict().default({ finesse: 2, rigging: 1 }),
    /**
     * The hand who goes down to a dragging anchor (chase mishap 9-10): Finesse, Climbing, Knotwork.
     * House default when none is named: an average hand (Finesse 2, Climbing 1, Knotwork 1).
     */
    anchorHand: z.object({ finesse: TraitValue, climbing: Rank, knotwork: Rank }).strict().default({ finesse: 2, climbing: 1, knotwork: 1 }),
    control: Control.default('gm'),
    behaviour: Behaviour.default('merchant'),
    /** Cargo in the hold, carried to the prize (the booty rules use it later). */
    cargo: z.array(z.object({ type: z.string().max(40), tons: z.number().min(0).max(9999) }).strict()).max(40).default([])
  })
  .strict()
export type ParticipantSetup = z.output<typeof ParticipantSetup>
export type ParticipantSetupInput = z.input<typeof ParticipantSetup>

export const BattleSetup = z
  .object({
    name: Name,
    participants: z.array(ParticipantSetup).min(2, 'a battle needs at least two participants').max(40, 'at most 40 participants'),
    /** Range between every pair at the start (the encounter's range), unless `ranges` says otherwise. */
    range: Range,
    /** Starting range of particular pairs, keyed by `pairKey(a, b)`. */
    ranges: z.record(z.string(), Range).default({}),
    weather: Weather.default('clear'),
    seed: z.number().int(),
    /** The town under bombardment, if a participant is a town: damage that makes it surrender. */
    townSurrenderAt: Int(1, 99999).default(200),
    /** The High Seas rule table as it was when the battle started (src/shared/highseas/tables.ts). */
    rules: HighSeasRulesSchema.default(HIGH_SEAS_RULES)
  })
  .strict()
export type BattleSetup = z.output<typeof BattleSetup>
export type BattleSetupInput = z.input<typeof BattleSetup>

// ─── Orders ─────────────────────────────────────────────────────────────────────────────────────

export const FireOrder = z
  .object({
    battery: Battery,
    target: ParticipantId,
    aim: Aim.default('hull'),
    shot: Shot.default('ball')
  })
  .strict()
export type FireOrder = z.output<typeof FireOrder>

/** One ship's orders for one turn. */
export const ShipOrders = z
  .object({
    tactic: Tactic,
    /** Bear Down: the one ship she closes on (seed 003 VI, Large Battles). */
    target: ParticipantId.optional(),
    /** Circle: at most two enemies she circles against (none given = the nearest two). */
    circleAgainst: z.array(ParticipantId).max(2, 'a ship may Circle against two enemies at most').default([]),
    desperate: DesperateStrategy.optional(),
    /** Roll for a Brilliant Maneuver (seed 003 IV). */
    brilliantManeuver: z.boolean().default(true),
    /** Batteries to fire if the turn allows them. A battery that may not fire is reported, not an error. */
    fire: z.array(FireOrder).max(4).default([]),
    /** Throw grapnels at this ship if at Close range. */
    grapple: ParticipantId.optional(),
    /** Send boarders across to this grappled ship (quick combat, seed 003 V). */
    board: ParticipantId.optional(),
    /** Cut the grapples with this ship (only once the boarding melee is over). */
    cutFree: ParticipantId.optional(),
    /**
     * Large Battles rule 3 (seed 003 VI): catch up to sighting range with this ship, out of her sight
     * now, through a ship that sees both (a choice, never automatic).
     */
    catchUp: ParticipantId.optional(),
    /** Strike the colours. */
    strike: z.boolean().default(false),
    /**
     * Send a hand down to a dragging anchor (chase mishap 9-10): Finesse + Climbing TN 15 (or he
     * falls into the sea), then cut it loose or secure it (Finesse + Knotwork TN 15).
     */
    clearAnchor: z.boolean().default(false),
    /** How the anchor is cleared once the hand is down: cut loose (the default; the anchor is lost) or secured (a Knotwork roll). */
    anchorBy: z.enum(['cut', 'secure']).optional()
  })
  .strict()
export type ShipOrders = z.output<typeof ShipOrders>
export type ShipOrdersInput = z.input<typeof ShipOrders>

/** The GM settles a boarding melee off the board (the full 7th Sea melee is out of scope). */
export const MeleeResult = z
  .object({
    a: ParticipantId,
    b: ParticipantId,
    /** Who won: the loser strikes (is captured by the winner's side). */
    winner: ParticipantId,
    crewLost: z.record(ParticipantId, Int(0, 9999)).default({})
  })
  .strict()
export type MeleeResult = z.output<typeof MeleeResult>

/** A heroic action (seed 003 VI), recorded with its reward for the booty rules. */
export const HeroicAction = z
  .object({
    participant: ParticipantId,
    hero: Name,
    personId: z.number().int().positive().optional(),
    action: z.enum(['cutRigging', 'lightMagazine', 'ungrapple', 'other']),
    /** For ungrapple: the enemy ship makes her one attempt to regrapple (by the size table) before the ships drift apart. */
    regrapple: z.boolean().default(true),
    /** Cut the Sails: the Panache roll succeeded (two enemy squads crushed) or not (one on each side). */
    success: z.boolean().default(true),
    /** For lightMagazine: the ship whose magazine blows (2k2 hull per ton; 1k1 to ships grappled to her). */
    target: ParticipantId.optional(),
    note: z.string().max(400).default('')
  })
  .strict()
export type HeroicAction = z.output<typeof HeroicAction>

export const TurnOrders = z
  .object({
    /** Orders of the ships the GM commands; AI ships' orders are filled in before the turn resolves. */
    ships: z.record(ParticipantId, ShipOrders),
    melee: z.array(MeleeResult).max(20).default([]),
    heroic: z.array(HeroicAction).max(20).default([])
  })
  .strict()
export type TurnOrders = z.output<typeof TurnOrders>
export type TurnOrdersInput = z.input<typeof TurnOrders>

// ─── State ──────────────────────────────────────────────────────────────────────────────────────

/** lostContact: out of sighting distance of every other ship without evading (seed 003 VI, Large Battles rule 3). */
export const PARTICIPANT_STATUSES = ['active', 'escaped', 'lostContact', 'sinking', 'sunk', 'struck', 'destroyed', 'surrendered'] as const
/** Each status's index in PARTICIPANT_STATUSES (the simulator's statuses as numbers). */
export const STATUS_INDEX: ReadonlyMap<string, number> = new Map(PARTICIPANT_STATUSES.map((s, i) => [s, i]))
export const ParticipantStatus = z.enum(PARTICIPANT_STATUSES)
export type ParticipantStatus = z.infer<typeof ParticipantStatus>

export const ParticipantState = z.object({
  id: ParticipantId,
  status: ParticipantStatus,
  hullDamage: z.number().int(),
  riggingDamage: z.number().int(),
  /** Long guns lost this battle and before, by battery. */
  gunsLost: Guns,
  crew: z.number().int(),
  marines: z.number().int(),
  powderTons: z.number(),
  /** Handling lost to rudder damage (Hard Turns) — until repaired in port. */
  rudderDamage: z.number().int(),
  /** The turn each battery last fired (it reloads during the next turn). */
  firedOnTurn: z.object({ port: z.number().int(), starboard: z.number().int(), chasers: z.number().int(), stern: z.number().int() }),
  /** Wet Sails: turns of +2 Speed left. */
  wetSailsTurns: z.number().int(),
  /** Half Speed next turn (torn wet sails). */
  halfSpeedNextTurn: z.boolean(),
  /** Chase mishap 1-2: Speed 1 until the master-o'-tops re-rigs (Rigging TN 15). */
  sailFouled: z.boolean(),
  /** Chase mishap 9-10: −1 Speed until hauled up or cut loose. */
  anchorDragging: z.boolean(),
  /** Turns left before a ship at 0 Hull goes down (the crew's two turns to get away). */
  sinkingIn: z.number().int().nullable(),
  /** Side that took her (struck or beaten in a boarding melee). */
  capturedBy: z.string().nullable(),
  /** The participant that took her (won the melee, or grappled with her when she struck), if any. */
  takenBy: ParticipantId.nullable().default(null),
  /** Ships she is grappled with. */
  grappledWith: z.array(ParticipantId),
  /** Ships she has recognised (came within recognition range, seed 003 III): she knows them from then on. */
  recognised: z.array(ParticipantId).default([]),
  /** Ships she is fighting a boarding melee with. */
  meleeWith: z.array(ParticipantId),
  /** Powder spent this battle (tons), guns fired, damage dealt: for the review. */
  powderSpent: z.number(),
  /** Town bombarded: damage taken towards its surrender. */
  bombardment: z.number().int(),
  /** Trained Fighters lost in boarding melees (6 per Brute Squad killed). */
  fightersLost: z.number().int().default(0),
  /** Quick-combat rounds fought in the current melee (pont guns fire in the first only). */
  meleeRound: z.number().int().default(0),
  /** Damage this participant's guns dealt (hull, rigging, crew), for the review. */
  damageDealt: z.number().default(0)
})
export type ParticipantState = z.infer<typeof ParticipantState>

/** One term of a computed number: the UI shows every term. */
export const BTerm = z.object({ label: z.string(), value: z.number() })
export type BTerm = z.infer<typeof BTerm>

/** A roll made during a turn (a subset of the campaign roll log record). */
export const BattleRoll = z.object({
  purpose: z.string(),
  notation: z.string(),
  dice: z.array(z.number()),
  total: z.number(),
  manual: z.boolean()
})
export type BattleRoll = z.infer<typeof BattleRoll>

/**
 * One thing that happened in a turn, in order. `kind` groups them for the board's animation
 * (chase, range, fire, damage, grapple, boarding…); `text` is the sentence the log shows;
 * `rolls` and `terms` the numbers behind it.
 */
export const BattleEvent = z.object({
  phase: z.enum(['orders', 'desperate', 'brilliant', 'maneuver', 'grapple', 'boarding', 'fire', 'damage', 'end']),
  kind: z.string(),
  text: z.string(),
  /** The participants it concerns (actor first). */
  who: z.array(ParticipantId),
  rolls: z.array(BattleRoll).default([]),
  /** TN terms, damage terms… */
  terms: z.array(BTerm).default([]),
  /** For fire: 'hit' | 'miss'; for damage: points; for range: the new step. */
  value: z.number().optional(),
  /** A rule the GM must play out at the table (a man overboard, an anchor to secure…). */
  prompt: z.string().optional()
})
export type BattleEvent = z.infer<typeof BattleEvent>

export const TurnReport = z.object({
  turn: z.number().int(),
  /** The orders every ship followed (AI orders filled in). */
  orders: z.record(ParticipantId, ShipOrders),
  events: z.array(BattleEvent),
  /** Ranges after the turn, keyed by pairKey. */
  ranges: z.record(z.string(), z.number().int())
})
export type TurnReport = z.infer<typeof TurnReport>

export const BattleOutcome = z.enum(['ongoing', 'decided', 'allEscaped'])
export const BattleState = z.object({
  /** The next turn to resolve (1 for a fresh battle). */
  turn: z.number().int(),
  weather: Weather,
  /** Range step of every pair of participants, keyed by pairKey(a, b) (0 Close … 6 out of sight). */
  ranges: z.record(z.string(), z.number().int()),
  participants: z.record(ParticipantId, ParticipantState),
  /** Turns the wind stays becalmed (chase mishap 5-6). */
  becalmedTurns: z.number().int(),
  rng: z.array(z.number()),
  heroic: z.array(HeroicAction),
  outcome: BattleOutcome,
  /** The side still fighting when the battle is decided, if one is. */
  winner: z.string().nullable()
})
export type BattleState = z.infer<typeof BattleState>

/** The key of a pair of participants in `ranges`: the two ids sorted, joined by '|'. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`
}

export { HIGH_SEAS_RULES, HighSeasRulesSchema } from './tables'
export type { HighSeasRules } from './tables'
