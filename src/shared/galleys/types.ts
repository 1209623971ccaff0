import { z } from 'zod'
import { GALLEYS_RULES, GalleysRulesSchema, TABLE_MM, WindMarker, tableSideOk } from './tables'

/**
 * The Galleys & Galleons table (seed 000 house rules; rules guide §4): the shapes a battle is made of.
 * Plain JSON data.
 *
 *   GalleysSetup  — the table and its terrain, the players in their turn order, the ships (Q, C,
 *                   traits, hull kind, propulsion, where she stands and faces), the wind, the rules.
 *   GalleysOrders — one step: one player's turn, or the part of it given so far (endTurn false) — the moves and the outcomes the GM enters for what
 *                   the core book decides (activation, gunnery, boarding), in the order they happened.
 *   GalleysState  — a pure function of the setup and each step's orders and typed faces.
 *   GalleysReport — what a step did: every procedure with its dice and terms, in words.
 *
 * Positions are millimetres on the table, x to the right and y down from the top-left corner; a
 * facing is degrees clockwise from north (the top edge); the wind's direction is a point of the
 * gauge, 0–15 clockwise from north, the point it blows from.
 */

const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
const Name = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters')
export const Id = z
  .string()
  .min(1, 'must not be empty')
  .max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'use letters, digits, - and _ only')

export const Point = z.object({ x: z.number().min(-10000).max(10000), y: z.number().min(-10000).max(10000) }).strict()
export type Point = z.infer<typeof Point>
export const Facing = z.number().min(0, 'must be at least 0°').lt(360, 'must be less than 360°')

export const HULLS = ['surface', 'submersible', 'airship'] as const
export const Hull = z.enum(HULLS)
export type Hull = z.infer<typeof Hull>
export const PROPULSIONS = ['sail', 'galley', 'steam', 'unorthodox', 'ornithopter', 'gyrocopter'] as const
export const Propulsion = z.enum(PROPULSIONS)
export type Propulsion = z.infer<typeof Propulsion>

export const HULL_NAMES: Record<Hull, string> = { surface: 'surface vessel', submersible: 'submersible', airship: 'airship' }
export const PROPULSION_NAMES: Record<Propulsion, string> = {
  sail: 'sail',
  galley: 'oars (galley)',
  steam: 'steam engine',
  unorthodox: 'unorthodox',
  ornithopter: 'ornithopter',
  gyrocopter: 'gyrocopter'
}

/** A named trait with the GM's note (the seed's traits change procedures; the others are for the GM to apply). */
export const TraitSetup = z.object({ name: Name, note: z.string().max(300).default('') }).strict()
export type TraitSetup = z.output<typeof TraitSetup>

export const TERRAIN_KINDS = ['island', 'rocks', 'shore', 'exit'] as const
export const TerrainKind = z.enum(TERRAIN_KINDS)
export type TerrainKind = z.infer<typeof TerrainKind>
export const TERRAIN_NAMES: Record<TerrainKind, string> = { island: 'island', rocks: 'rocks', shore: 'shore', exit: 'exit zone' }

export const TerrainSetup = z
  .object({
    id: Id,
    kind: TerrainKind,
    name: z.string().max(80).default(''),
    /** The outline, corners in order (a polygon). */
    points: z.array(Point).min(3, 'an outline needs at least three corners').max(200, 'at most 200 corners'),
    /** An exit zone: the player whose ships leave the table through it (null: any player's). */
    player: Id.nullable().default(null)
  })
  .strict()
export type TerrainSetup = z.output<typeof TerrainSetup>

export const PlayerSetup = z.object({ id: Id, name: Name }).strict()

export const ShipSetup = z
  .object({
    id: Id,
    name: Name,
    /** The player (or group of ships) she belongs to. */
    player: Id,
    points: Int(0, 10000),
    /** Quality: the activation number (lower is better). */
    quality: Int(2, 6),
    /** Combat. */
    combat: Int(0, 12),
    /** Hits she takes before more is excess damage (house default: her C; the core book decides). */
    hullPoints: Int(1, 30).optional(),
    traits: z.array(TraitSetup).max(30).default([]),
    hull: Hull.default('surface'),
    propulsion: Propulsion.default('sail'),
    /** A Boat (the collision modifier "collided with Boats +2"). */
    boat: z.boolean().default(false),
    at: Point,
    facing: Facing,
    /** The campaign ship this is, if any. */
    shipId: z.number().int().positive().optional()
  })
  .strict()
export type ShipSetup = z.output<typeof ShipSetup>
export type ShipSetupInput = z.input<typeof ShipSetup>

export const WindSchema = z.object({ direction: Int(0, 63), marker: WindMarker.nullable().default(null) }).strict()
export type Wind = z.output<typeof WindSchema>

export const GalleysSetup = z
  .object({
    name: Name,
    /** The players (or groups of ships) in the order they take their turns (the GM may change it each turn). */
    players: z.array(PlayerSetup).min(2, 'a battle needs at least two players').max(8, 'at most 8 players'),
    ships: z.array(ShipSetup).min(2, 'a battle needs at least two ships').max(40, 'at most 40 ships'),
    terrain: z.array(TerrainSetup).max(60, 'at most 60 pieces of terrain').default([]),
    wind: WindSchema,
    /** Turns the battle lasts at most (the table's default when absent). */
    turns: Int(1, 200).optional(),
    /** The table's size, when it is not the rules' default (a scenario may set its own). */
    size: z.object({ width: Int(TABLE_MM.min, TABLE_MM.max), height: Int(TABLE_MM.min, TABLE_MM.max) }).strict().optional(),
    seed: z.number().int().default(1),
    rules: GalleysRulesSchema.default(GALLEYS_RULES)
  })
  .strict()
  .superRefine((s, ctx) => {
    const players = new Set<string>()
    s.players.forEach((p, i) => {
      if (players.has(p.id)) ctx.addIssue({ code: 'custom', path: ['players', i, 'id'], message: `the player "${p.id}" is listed twice` })
      players.add(p.id)
    })
    const ships = new Set<string>()
    s.ships.forEach((sh, i) => {
      if (ships.has(sh.id)) ctx.addIssue({ code: 'custom', path: ['ships', i, 'id'], message: `the ship "${sh.id}" is listed twice` })
      ships.add(sh.id)
      if (!players.has(sh.player)) ctx.addIssue({ code: 'custom', path: ['ships', i, 'player'], message: `there is no player "${sh.player}" in this battle` })
    })
    s.terrain.forEach((t, i) => {
      if (t.player !== null && !players.has(t.player)) ctx.addIssue({ code: 'custom', path: ['terrain', i, 'player'], message: `there is no player "${t.player}" in this battle` })
    })
    // A ship starts on the table (its own size, else the rules' default).
    const size = s.size ?? { width: s.rules.table.width, height: s.rules.table.height }
    // (A size itself refused is said once, at its field, not again at every ship.)
    const sized = [size.width, size.height].every(tableSideOk)
    s.ships.forEach((sh, i) => {
      if (sized && (sh.at.x < 0 || sh.at.y < 0 || sh.at.x > size.width || sh.at.y > size.height))
        ctx.addIssue({ code: 'custom', path: ['ships', i, 'at'], message: `${sh.name} is off the table (${size.width} × ${size.height} mm)` })
    })
    if (s.wind.direction >= s.rules.table.gaugePoints) ctx.addIssue({ code: 'custom', path: ['wind', 'direction'], message: `the gauge has points 0 to ${s.rules.table.gaugePoints - 1}` })
  })
export type GalleysSetup = z.output<typeof GalleysSetup>
export type GalleysSetupInput = z.input<typeof GalleysSetup>

// ─── Orders: one player's turn ──────────────────────────────────────────────────────────────────

export const STICKS = ['short', 'medium', 'long'] as const
export const Stick = z.enum(STICKS)
export type Stick = z.infer<typeof Stick>
export const STICK_NAMES: Record<Stick, string> = { short: 'Short', medium: 'Medium', long: 'Long' }

export const CAUSES = ['gunnery', 'smallArms', 'ramming', 'collision', 'runAground', 'boarding'] as const
export const Cause = z.enum(CAUSES)
export type Cause = z.infer<typeof Cause>
export const CAUSE_NAMES: Record<Cause, string> = {
  gunnery: 'gunnery',
  smallArms: 'small arms',
  ramming: 'ramming',
  collision: 'a collision',
  runAground: 'running aground',
  boarding: 'boarding'
}

const Actions = Int(0, 3)

/** The GM's activation result (core book): how many actions she has this activation. */
export const Activate = z.object({ kind: z.literal('activate'), ship: Id, actions: Actions }).strict()
/** One action: a turn (degrees, + clockwise) then a stick straight ahead. */
export const Move = z
  .object({
    kind: z.literal('move'),
    ship: Id,
    stick: Stick,
    turn: z.number().min(-180).max(180).default(0),
    /** Razee (a sail ship with the trait): sail a direction the rigging has reduced to nothing, if not in irons. */
    razee: z.boolean().default(false)
  })
  .strict()
/** Dragged to a place (the GM's free move; one action). */
export const Place = z.object({ kind: z.literal('place'), ship: Id, at: Point, facing: Facing }).strict()
export const KnotAndSplice = z.object({ kind: z.literal('knotAndSplice'), ship: Id }).strict()
/** The whole activation fighting one fire; optionally cutting grapples to one ship. */
export const FightFire = z.object({ kind: z.literal('fightFire'), ship: Id, cutGrapplesWith: Id.nullable().default(null) }).strict()
/** A shot: the GM's gunnery (or small arms) result from the core book. */
export const Shoot = z
  .object({
    kind: z.literal('shoot'),
    ship: Id,
    target: Id,
    weapon: z.enum(['gunnery', 'smallArms']).default('gunnery'),
    /** Did her score beat the target's? */
    beat: z.boolean(),
    /** Her die's score was odd (a winning odd score places the superficial damage marker, seed 000). */
    odd: z.boolean().default(false),
    hits: Int(0, 12).default(0),
    /** Her total was doubled (an excess Hull hit then sinks her). */
    doubled: z.boolean().default(false),
    /** Critical rolls the core book gives for this shot. */
    criticals: Int(0, 6).default(0)
  })
  .strict()
/** Damage the GM enters from another cause (ramming, running aground, small arms, a mutiny …). */
export const Damage = z
  .object({
    kind: z.literal('damage'),
    ship: Id,
    cause: Cause,
    hits: Int(0, 12),
    doubled: z.boolean().default(false),
    criticals: Int(0, 6).default(0),
    /** Hits from a Mutiny (seed 000 Traits): a die, 1–2 a captain critical instead. */
    mutiny: z.boolean().default(false)
  })
  .strict()
export const Collide = z.object({ kind: z.literal('collide'), ship: Id, other: Id }).strict()
export const Grapple = z.object({ kind: z.literal('grapple'), ship: Id, other: Id }).strict()
export const Ungrapple = z.object({ kind: z.literal('ungrapple'), ship: Id, other: Id }).strict()
/** A boarding action's result (core book): the losing ship strikes. */
export const Board = z.object({ kind: z.literal('board'), ship: Id, target: Id, struck: z.enum(['none', 'target', 'ship']) }).strict()
/** The GM strikes her colours (All At Sea, abandoning ship …). */
export const Strike = z.object({ kind: z.literal('strike'), ship: Id }).strict()
/** She leaves the table through an exit zone. */
export const Exit = z.object({ kind: z.literal('exit'), ship: Id }).strict()
/** Airships and ornithopters: the altitude she flies at; submersibles: submerged or surfaced. */
export const Altitude = z.object({ kind: z.literal('altitude'), ship: Id, high: z.boolean() }).strict()
export const Submerge = z.object({ kind: z.literal('submerge'), ship: Id, submerged: z.boolean() }).strict()

export const Action = z.discriminatedUnion('kind', [Activate, Move, Place, KnotAndSplice, FightFire, Shoot, Damage, Collide, Grapple, Ungrapple, Board, Strike, Exit, Altitude, Submerge])
export type Action = z.output<typeof Action>
export type ActionInput = z.input<typeof Action>

export const GalleysOrders = z
  .object({
    /** The turn order from this turn on (only at a turn's first player): the players' ids. */
    order: z.array(Id).max(8).nullable().default(null),
    actions: z.array(Action).max(200).default([]),
    /**
     * Does the player's turn end with this step? A step may resolve only the actions given so far
     * (the page resolves at once an action that rolls dice) and leave her turn going on: the next
     * step is hers again, her activation carried over. Default true: a step is her whole turn.
     */
    endTurn: z.boolean().default(true)
  })
  .strict()
export type GalleysOrders = z.output<typeof GalleysOrders>
export type GalleysOrdersInput = z.input<typeof GalleysOrders>

// ─── State ──────────────────────────────────────────────────────────────────────────────────────

export type ShipStatus = 'afloat' | 'struck' | 'sunk' | 'exploded' | 'crashed' | 'exited'
export const STATUS_NAMES: Record<ShipStatus, string> = {
  afloat: 'afloat',
  struck: 'struck',
  sunk: 'sunk',
  exploded: 'exploded',
  crashed: 'crashed',
  exited: 'left the table'
}

export interface Criticals {
  /** Captain criticals taken (the first kills the captain). */
  captain: number
  rudder: number
  holed: boolean
  /** Rigging criticals taken (read by her propulsion). */
  rigging: number
  fires: number
}

export interface ShipState {
  id: string
  status: ShipStatus
  at: Point
  facing: number
  hits: number
  criticals: Criticals
  /** Her Q now (her setup's, +1 once her captain is killed). */
  quality: number
  /** Traits lost in the game (Flagship, Dread Pirate with the captain; Razee, Sweeps after two rigging hits). */
  lostTraits: string[]
  superficial: boolean
  /** Airship or ornithopter at high altitude; submersible submerged. */
  high: boolean
  submerged: boolean
  /** A steam engine's speed once her first rigging critical fixes it. */
  fixedStick: Stick | null
  /** The last stick she moved (for the steam engine's fixed speed). */
  lastStick: Stick | null
}

export interface Activation {
  ship: string
  actions: number
  used: number
  /** Knot and Splice this activation. */
  spliced: boolean
  moves: number
  fighting: boolean
}

export interface GalleysOutcome {
  winner: string | null
  reason: string
}

export interface GalleysState {
  turn: number
  /** Index into `order` of the player whose turn is next. */
  index: number
  /** The players' turn order this turn. */
  order: string[]
  wind: Wind
  ships: Record<string, ShipState>
  /** Grapples as pairs of ship ids (sorted within a pair). */
  grapples: [string, string][]
  steps: number
  rng: number[]
  outcome: GalleysOutcome | null
  /**
   * Present only between two steps of the same player's turn (a step that did not end it): her
   * start-of-turn procedures are done, and the activation going on carries over to the next step.
   */
  midTurn?: {
    act: Activation | null
    /** Her ships activated at the steps of this turn so far, in order (absent in a state saved before it was kept). */
    activated?: string[]
  }
}

// ─── Report ─────────────────────────────────────────────────────────────────────────────────────

export interface Term {
  label: string
  value: number
}

export interface GalleysRoll {
  purpose: string
  dice: number[]
  total: number
  manual: boolean
}

export interface GalleysEvent {
  /** The procedure: weather, fire, spread, critical, explosion, fate, collision, move, shot … */
  kind: string
  text: string
  who: string[]
  rolls: GalleysRoll[]
  terms: Term[]
}

export interface GalleysReport {
  turn: number
  player: string
  orders: GalleysOrders
  events: GalleysEvent[]
}
