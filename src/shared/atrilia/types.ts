import { z } from 'zod'
import { ATRILIA_RULES, AtriliaRulesSchema, Nation, RamKind, type CombatResult, type RamResult } from './tables'

/**
 * The Atrilian hex battle (seed 002 §3–§12): the shapes a battle is made of. Plain JSON data.
 *
 *   AtriliaSetup  — the map (land hexes), the two sides (the first moves first), the ships with
 *                   their hex, facing, crew quality, improvements, marines and wizards; the options.
 *   AtriliaOrders — the orders of one step: one phase of the phasing player (seed 002 §4).
 *   AtriliaState  — a pure function of the setup and each step's orders and typed faces.
 *   AtriliaReport — what a step did: every roll with its terms, every move, hit and marker.
 */

const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
const Name = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters')
export const Id = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'use letters, digits, - and _ only')

export const HexSchema = z.object({ q: Int(-40, 40), r: Int(-40, 40) }).strict()
export const FacingSchema = Int(1, 6)

export const PHASES = ['roll', 'move', 'marines', 'marineAttacks', 'otherAttacks', 'repair'] as const
export const Phase = z.enum(PHASES)
export type Phase = z.infer<typeof Phase>
export const PHASE_NAMES: Record<Phase, string> = {
  roll: 'roll for movement',
  move: 'ship movement and ramming',
  marines: 'marine movement',
  marineAttacks: 'marine attacks',
  otherAttacks: 'other attacks',
  repair: 'repair'
}

// ─── Setup ──────────────────────────────────────────────────────────────────────────────────────

export const SideSetup = z
  .object({
    id: Id,
    name: Name,
    nation: Nation
  })
  .strict()

export const ShipSetup = z
  .object({
    id: Id,
    name: Name,
    side: Id,
    /** The ship type (atriliaShips table key), for the board and the campaign. */
    type: z.string().max(40),
    /** Her crew's nation (§11.1): defaults to her side's. */
    nation: Nation.optional(),
    /** War gaming size 1–3 (size 0 ships are not used in naval battles, §2). */
    size: Int(1, 3),
    /** Crew quality 1 slave, 2 green, 3 veteran, 4 elite (TABLES "Naval Crew Quality"). */
    crewQuality: Int(1, 4),
    crippled: z.boolean().default(false),
    at: HexSchema,
    facing: FacingSchema,
    ram: z.boolean().default(true),
    corvus: z.boolean().default(false),
    castle: z.boolean().default(false),
    /** A ballista and what it fires for the whole encounter (§9.2), or none. */
    ballista: z.enum(['spear', 'flaming']).nullable().default(null),
    catapult: z.boolean().default(false),
    /** Marine strength points aboard at the start. */
    marines: Int(0, 20).default(0),
    /** Wizards amongst her marines (§9.1), or none. */
    wizards: z.enum(['sea', 'fire']).nullable().default(null),
    /** The campaign ship this is, if any. */
    shipId: z.number().int().positive().optional()
  })
  .strict()
export type ShipSetup = z.output<typeof ShipSetup>
export type ShipSetupInput = z.input<typeof ShipSetup>

export const LandMarinesSetup = z.object({ side: Id, at: HexSchema, points: Int(1, 99) }).strict()

export const Edge = z.enum(['north', 'south', 'west', 'east'])
export type Edge = z.infer<typeof Edge>

/** §11.4 one-off victory conditions (none in a campaign game). */
export const VictoryCondition = z.discriminatedUnion('kind', [
  z.object({ side: Id, kind: z.literal('destroyAll') }).strict(),
  z.object({ side: Id, kind: z.literal('destroyAllLosingAtMost'), ships: Int(0, 40) }).strict(),
  z.object({ side: Id, kind: z.literal('destroyMarines') }).strict(),
  z.object({ side: Id, kind: z.literal('exit'), ships: Int(1, 40), edge: Edge }).strict()
])
export type VictoryCondition = z.output<typeof VictoryCondition>

export const AtriliaSetup = z
  .object({
    name: Name,
    /** The two players, the first listed moves first (§3.3). */
    sides: z.array(SideSetup).length(2, 'an Atrilian battle has two players'),
    ships: z.array(ShipSetup).min(2, 'a battle needs at least two ships').max(60, 'at most 60 ships'),
    land: z.array(HexSchema).max(216).default([]),
    landMarines: z.array(LandMarinesSetup).max(100).default([]),
    /** Turns the encounter lasts (§3: 20 unless the Campaign Master says otherwise). */
    turns: Int(1, 200).optional(),
    options: z
      .object({
        /** §11.1 national characteristics. */
        nationalCharacteristics: z.boolean().default(false),
        /** §11.3.1 "Even start": the first turn's movement roll of each side, or none. */
        evenStart: z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).nullable().default(null),
        /** §11.3.2 "Ambush!": the surprised side (none of its ships may move on the first turn). */
        ambush: Id.nullable().default(null),
        /** §11.4: the one-off victory conditions (empty in a campaign game). */
        victory: z.array(VictoryCondition).max(4).default([])
      })
      .strict()
      .default({ nationalCharacteristics: false, evenStart: null, ambush: null, victory: [] }),
    seed: z.number().int().default(1),
    rules: AtriliaRulesSchema.default(ATRILIA_RULES)
  })
  .strict()
export type AtriliaSetup = z.output<typeof AtriliaSetup>
export type AtriliaSetupInput = z.input<typeof AtriliaSetup>

// ─── Orders ─────────────────────────────────────────────────────────────────────────────────────

export const MOVE_STEPS = ['forward', 'back', 'port', 'starboard'] as const
export const MoveStep = z.enum(MOVE_STEPS)
export type MoveStep = z.infer<typeof MoveStep>

/** Where marines are: aboard a ship, or on a land hex. */
export const Place = z.union([z.object({ ship: Id }).strict(), z.object({ hex: HexSchema }).strict()])
export type Place = z.infer<typeof Place>

/** §7.5: marines scuttle the ship they are on, at any point of their turn (applied before the phase). */
const Scuttle = z.array(Id).max(60).default([])

export const RollOrders = z.object({ phase: z.literal('roll'), scuttle: Scuttle }).strict()

export const ShipMove = z
  .object({
    ship: Id,
    /** Each step: forward 2, back 3, a hexside to port or starboard 5 (§5.4–5.6). */
    steps: z.array(MoveStep).max(30),
    /**
     * A forward step into an enemy ship's hex is a ram (§6); it ends her move. After an oar rake or
     * a rudder attack she may continue through (2 more points) and stop beyond; otherwise she stays
     * in the hex before (a broadside ram always does).
     */
    through: z.boolean().default(false)
  })
  .strict()
export type ShipMove = z.output<typeof ShipMove>
export const MoveOrders = z.object({ phase: z.literal('move'), scuttle: Scuttle, ships: z.array(ShipMove).max(60).default([]) }).strict()

export const MarineMove = z
  .object({
    from: Place,
    to: Place,
    points: Int(1, 99),
    /** §9.1: the wizards go with this unit (they follow the last marines to leave in any case). */
    wizards: z.boolean().default(false)
  })
  .strict()
export type MarineMove = z.output<typeof MarineMove>
export const MarineOrders = z.object({ phase: z.literal('marines'), scuttle: Scuttle, moves: z.array(MarineMove).max(200).default([]) }).strict()

export const MarineAttack = z
  .object({
    from: Place,
    kind: z.enum(['board', 'archery']),
    /** A boarding 'B' or 'E' against a ship with no marines: capture her, scuttle her ('B' only), or neither. */
    ifEmpty: z.enum(['capture', 'scuttle', 'none']).default('capture')
  })
  .strict()
export type MarineAttack = z.output<typeof MarineAttack>
/** §8.4–8.5: every attack on one target together, in the phasing player's order. */
export const TargetAttacks = z.object({ target: Id, attacks: z.array(MarineAttack).min(1).max(60) }).strict()
export const Uncommit = z.object({ ship: Id, from: Id }).strict()
export const MarineAttackOrders = z
  .object({
    phase: z.literal('marineAttacks'),
    scuttle: Scuttle,
    targets: z.array(TargetAttacks).max(60).default([]),
    /** §5.8: a committed ship's marine tries to uncommit her (a 'B' or 'E' on the Boarding column). */
    uncommit: z.array(Uncommit).max(60).default([])
  })
  .strict()

export const OtherAttack = z
  .object({
    by: z.union([z.object({ ship: Id, weapon: z.enum(['ballista', 'catapult']) }).strict(), z.object({ wizard: Id }).strict()]),
    target: Id
  })
  .strict()
export type OtherAttack = z.output<typeof OtherAttack>
export const OtherAttackOrders = z.object({ phase: z.literal('otherAttacks'), scuttle: Scuttle, attacks: z.array(OtherAttack).max(120).default([]) }).strict()

export const RepairOrders = z.object({ phase: z.literal('repair'), scuttle: Scuttle }).strict()

export const AtriliaOrders = z.discriminatedUnion('phase', [RollOrders, MoveOrders, MarineOrders, MarineAttackOrders, OtherAttackOrders, RepairOrders])
export type AtriliaOrders = z.output<typeof AtriliaOrders>
export type AtriliaOrdersInput = z.input<typeof AtriliaOrders>

// ─── State ──────────────────────────────────────────────────────────────────────────────────────

export interface Hex {
  q: number
  r: number
}

export type ShipStatus = 'afloat' | 'sunk' | 'exited'

export interface ShipState {
  id: string
  status: ShipStatus
  at: Hex
  facing: number
  crippled: boolean
  fire: boolean
  sinking: boolean
  /** Ships she is committed with (§5.8, §8.10). */
  committedWith: string[]
  /** Marine points aboard, and whose they are (null when none). */
  marines: number
  marineSide: string | null
  /** Marine points aboard that fired archery this turn (volley markers, §8.7; removed at repair). */
  volley: number
  /** The player-turn (turn × 2 + player) she was last rammed in, −10 never (boardings −1, TABLES Notes). */
  rammedAt: number
  /** The map edge she left by (§5.11), if she left, and the side she left for. */
  exitedBy: Edge | null
  exitedSide: string | null
}

export interface LandMarines {
  side: string
  at: Hex
  points: number
  volley: number
}

export interface WizardState {
  id: string
  kind: 'sea' | 'fire'
  side: string
  /** Where they are (with marines of their side), or null once lost (§9.1). */
  at: Place | null
}

export interface AtriliaOutcome {
  winner: string | null
  reason: string
}

export interface AtriliaState {
  /** The game-turn (1…), the phasing player (0 first, 1 second) and the phase next to resolve. */
  turn: number
  player: 0 | 1
  phase: Phase
  /** Steps resolved so far. */
  steps: number
  /** This player-turn's movement roll (§5.1), once rolled; null when his ships may not move (Ambush!). */
  roll: number | null
  ships: Record<string, ShipState>
  land: LandMarines[]
  wizards: WizardState[]
  /** The battle's own dice generator (its state after the last roll). */
  rng: number[]
  outcome: AtriliaOutcome | null
}

// ─── Report ─────────────────────────────────────────────────────────────────────────────────────

export interface Term {
  label: string
  value: number
}

export interface AtriliaRoll {
  purpose: string
  notation: string
  dice: number[]
  total: number
  manual: boolean
}

export interface AtriliaEvent {
  kind: string
  text: string
  /** Ships it concerns (actor first). */
  who: string[]
  rolls: AtriliaRoll[]
  terms: Term[]
  result?: CombatResult | RamResult | string
  ramKind?: RamKind
  path?: Hex[]
}

export interface AtriliaReport {
  turn: number
  player: 0 | 1
  side: string
  phase: Phase
  orders: AtriliaOrders
  events: AtriliaEvent[]
}

/** The orders of a phase with nothing ordered (always legal). */
export function emptyOrders(phase: Phase): AtriliaOrders {
  switch (phase) {
    case 'roll':
    case 'repair':
      return { phase, scuttle: [] }
    case 'move':
      return { phase, scuttle: [], ships: [] }
    case 'marines':
      return { phase, scuttle: [], moves: [] }
    case 'marineAttacks':
      return { phase, scuttle: [], targets: [], uncommit: [] }
    case 'otherAttacks':
      return { phase, scuttle: [], attacks: [] }
  }
}
