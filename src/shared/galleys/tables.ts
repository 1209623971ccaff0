import { z } from 'zod'
import type { RuleTableDef } from '../rules/table-def'

/**
 * The Galleys & Galleons house rules (seed 000) as rule tables: data with the seed's values as
 * defaults, a source for each row, editable per campaign. The core book is not among the seeds
 * (rules guide §4): where a number belongs to it (stick lengths, the table's size, the in-irons
 * sector, a base's size, the encounter's length) the value here is a labelled house default. A
 * battle takes a snapshot of every table when it starts (`GalleysSetup.rules`), so editing one never
 * changes a battle fought.
 */

const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
const Die = Int(1, 6)

// ─── The table: size, sticks, gauge (house defaults, rules guide §4) ────────────────────────────

/** The sizes a table may have, each side in mm (house bounds): the rule table, a setup and the setup page read these. */
export const TABLE_MM = { min: 100, max: 5000 } as const
/** A table side within TABLE_MM. */
export const tableSideOk = (n: number): boolean => Number.isInteger(n) && n >= TABLE_MM.min && n <= TABLE_MM.max

export const GalleysTableSchema = z
  .object({
    /** The table in millimetres (the app's table unit). */
    width: Int(TABLE_MM.min, TABLE_MM.max),
    height: Int(TABLE_MM.min, TABLE_MM.max),
    /** The movement sticks, mm. */
    short: Int(1, 1000),
    medium: Int(1, 1000),
    long: Int(1, 1000),
    /** Points of the wind gauge (a "point" of wind change is one of them). */
    gaugePoints: Int(4, 64),
    /** The in-irons sector: degrees either side of dead into the wind. */
    inIronsHalfAngle: Int(0, 90),
    /** A ship's base, as a circle of this radius (mm): contact, explosions and grounding read it. */
    baseRadius: Int(1, 200),
    /** Turns a battle lasts at most unless its setup says otherwise. */
    turns: Int(1, 200),
    /** Players (or groups of ships) who throw the weather die each turn when there are more than two. */
    weatherPlayers: Int(1, 20)
  })
  .strict()
  .refine((t) => t.short <= t.medium && t.medium <= t.long, { message: 'Short must not be longer than Medium, nor Medium than Long', path: ['medium'] })
export type GalleysTable = z.output<typeof GalleysTableSchema>

export const GALLEYS_TABLE: GalleysTable = {
  width: 900,
  height: 900,
  short: 75,
  medium: 120,
  long: 180,
  gaugePoints: 16,
  inIronsHalfAngle: 45,
  baseRadius: 20,
  turns: 20,
  weatherPlayers: 2
}

export const GALLEYS_TABLE_DEF: RuleTableDef<typeof GalleysTableSchema> = {
  title: 'Galleys & Galleons table',
  description:
    'The table’s size, the Short / Medium / Long sticks, the points of the wind gauge, the in-irons sector, the size of a ship’s base, ' +
    'the turns a battle lasts and how many players throw the weather die.',
  source:
    'House default (rules guide §4): size 900 × 900 mm, Short 75, Medium 120, Long 180 mm, a 16-point gauge. House default (the core ' +
    'book is not among the seeds): the in-irons sector 45° either side of the wind, base radius 20 mm, 20 turns at most. Weather die ' +
    'for the first two players — seed 000, Weather Change ("only the first two to activate that turn throw a wind change dice").',
  seedValue: false,
  schema: GalleysTableSchema,
  defaults: GALLEYS_TABLE
}

// ─── Weather Change (seed 000) ──────────────────────────────────────────────────────────────────

export const WIND_MARKERS = ['veer', 'back', 'steady'] as const
export const WindMarker = z.enum(WIND_MARKERS)
export type WindMarker = z.infer<typeof WindMarker>

export const DirectionRow = z
  .object({
    /** Which way the wind goes round on the gauge. */
    turn: z.enum(['anticlockwise', 'clockwise']),
    /** The marker placed on the gauge, or none. */
    marker: WindMarker.nullable()
  })
  .strict()
export type DirectionRow = z.output<typeof DirectionRow>

/** How a GM reads a turn of the wind: a wind backs when it goes round anticlockwise, veers when clockwise. */
export const WIND_TURN_WORDS: Record<DirectionRow['turn'], string> = { anticlockwise: 'backs (anticlockwise)', clockwise: 'veers (clockwise)' }
/** The markers as the seed names them on the wind gauge. */
export const WIND_MARKER_NAMES: Record<WindMarker, string> = { back: 'Back −1', veer: 'Veer +1', steady: 'Steady' }

/** The direction die's faces in words, for the wind: "1: backs (anticlockwise), Back −1 marker; 2: …". */
export function directionFacesWords(rows: readonly DirectionRow[]): string {
  return rows
    .map((r, i) => `${i + 1}: ${WIND_TURN_WORDS[r.turn]}${r.marker ? `, ${WIND_MARKER_NAMES[r.marker]} marker` : ''}`)
    .join('; ')
}

export const GalleysWeatherSchema = z
  .object({
    /** The weather die changes the wind on this score or more. */
    changeOn: Die,
    /** The amount die: up to this score the wind changes one point, above it two. */
    onePointUpTo: Die,
    /** Points of change on a high amount die. */
    bigChange: Int(1, 8),
    smallChange: Int(1, 8),
    /** The direction die, faces 1–6. */
    direction: z.array(DirectionRow).length(6, 'give a row for each face 1 to 6'),
    /** What a backing marker takes off and a veering marker adds to the next direction die. */
    backBy: Int(0, 5),
    veerBy: Int(0, 5)
  })
  .strict()
export type GalleysWeather = z.output<typeof GalleysWeatherSchema>

const WC = 'Seed 000, Weather Change'
export const GALLEYS_WEATHER: GalleysWeather = {
  changeOn: 6,
  onePointUpTo: 3,
  smallChange: 1,
  bigChange: 2,
  direction: [
    { turn: 'anticlockwise', marker: 'back' },
    { turn: 'anticlockwise', marker: null },
    { turn: 'anticlockwise', marker: 'steady' },
    { turn: 'clockwise', marker: 'steady' },
    { turn: 'clockwise', marker: null },
    { turn: 'clockwise', marker: 'veer' }
  ],
  backBy: 1,
  veerBy: 1
}

export const GALLEYS_WEATHER_DEF: RuleTableDef<typeof GalleysWeatherSchema> = {
  title: 'Galleys & Galleons weather change',
  description:
    'The weather die (the wind may change on a 6), the amount die (1–3 one point, 4–6 two points), the direction die with its ' +
    'backing, veering and steady markers.',
  source:
    `${WC}, every row: the weather die "On a score of 6"; the amount "1-3 – one point, 4-6 – two points"; the direction die 1 anticlockwise ` +
    'and backing, 2 anticlockwise, 3 anticlockwise and steady, 4 clockwise and steady, 5 clockwise, 6 clockwise and veering; backing ' +
    '"-1 … (down to a minimum score of 1)", veering "+1 … (up to a maximum score of 6)".',
  seedValue: true,
  schema: GalleysWeatherSchema,
  defaults: GALLEYS_WEATHER
}

// ─── Critical Hits (seed 000) ───────────────────────────────────────────────────────────────────

export const RED_EFFECTS = ['quarterdeck', 'hull', 'rigging', 'fire'] as const
export const RedEffect = z.enum(RED_EFFECTS)
export type RedEffect = z.infer<typeof RedEffect>

export const GalleysCriticalsSchema = z
  .object({
    /** The red die, faces 1–6. */
    red: z.array(z.object({ effect: RedEffect }).strict()).length(6, 'give a row for each face 1 to 6'),
    /** Quarterdeck: the white die up to this kills the captain, above it hits the rudder. */
    captainUpTo: Die,
    /** Hull: the white die from this holes a surface vessel, submersible or airship. */
    holedFrom: Die,
    /** Fire: the white die from this explodes. */
    explodesFrom: Die,
    /** Captain killed, the first time: added to her Q for the rest of the game. */
    captainQuality: Int(0, 5),
    /** Rudder: actions a turn costs after the first and the second rudder hit (the third stops her turning). */
    rudderTurnActions: z.array(Int(1, 6)).length(2),
    /** Fire at the start of the turn: added to the critical roll. */
    fireCriticalBonus: Int(0, 5)
  })
  .strict()
export type GalleysCriticals = z.output<typeof GalleysCriticalsSchema>

const CH = 'Seed 000, Critical Hits'
export const GALLEYS_CRITICALS: GalleysCriticals = {
  red: [
    { effect: 'quarterdeck' },
    { effect: 'hull' },
    { effect: 'hull' },
    { effect: 'rigging' },
    { effect: 'rigging' },
    { effect: 'fire' }
  ],
  captainUpTo: 3,
  holedFrom: 5,
  explodesFrom: 6,
  captainQuality: 1,
  rudderTurnActions: [2, 3],
  fireCriticalBonus: 1
}

export const GALLEYS_CRITICALS_DEF: RuleTableDef<typeof GalleysCriticalsSchema> = {
  title: 'Galleys & Galleons critical hits',
  description:
    'The red die for the effect (1 Quarterdeck, 2–3 Hull, 4–5 Rigging, 6 Fire) and the white die for the secondary roll ' +
    '(1–3 captain killed, 4–6 rudder; 5–6 holed; 6 explodes); the captain’s +1Q, the rudder’s actions to turn, the fire’s +1.',
  source:
    `${CH}: the red die's six rows, "(1-3: Captain killed, 4-6: Rudder hit)", "5-6 Holed", "(6: Explodes)", "+1Q for the rest of the game", ` +
    '"two actions in order to turn … three actions"; seed 000, Fire: "a +1 to the roll".',
  seedValue: true,
  schema: GalleysCriticalsSchema,
  defaults: GALLEYS_CRITICALS
}

// ─── Fire and explosions (seed 000) ─────────────────────────────────────────────────────────────

export const GalleysFireSchema = z
  .object({
    /** A fire's die at the start of the turn explodes the vessel on this or more. */
    explodesOn: Die,
    /** Fighting a fire: extinguished on this or less with one action, two actions; automatic with this many actions. */
    oneActionUpTo: Die,
    twoActionsUpTo: Die,
    automaticAt: Int(1, 6),
    /** Actions rolled that let her cut grapples to one ship for free while fighting the fire. */
    cutGrapplesAt: Int(1, 6),
    /** A ship in contact with a burning one catches fire on this or less (grappled: always). */
    contactUpTo: Die,
    /** Explosion: vessels within Short catch a Fire critical on this or more. */
    explosionFireOn: Die
  })
  .strict()
export type GalleysFire = z.output<typeof GalleysFireSchema>

export const GALLEYS_FIRE: GalleysFire = {
  explodesOn: 6,
  oneActionUpTo: 2,
  twoActionsUpTo: 4,
  automaticAt: 3,
  cutGrapplesAt: 2,
  contactUpTo: 3,
  explosionFireOn: 6
}

export const GALLEYS_FIRE_DEF: RuleTableDef<typeof GalleysFireSchema> = {
  title: 'Galleys & Galleons fire and explosions',
  description:
    'A fire explodes the vessel on a 6 at the start of her turn; fighting it puts one out on 1–2 with one action, 1–4 with two, always ' +
    'with three, and two actions cut grapples to one ship; a ship in contact catches fire on 1–3; an explosion sets vessels within Short on fire on a 6.',
  source:
    'Seed 000, Critical Hits — Fire: "If any of them score a 6", "1-2 if the ship rolled one action, 1-4 if it rolled two actions and automatically if ' +
    'it rolled three", "if it rolls 2 actions or more", "catches fire on a 1-3"; Explode: "on a 6 the vessel receives a Fire critical".',
  seedValue: true,
  schema: GalleysFireSchema,
  defaults: GALLEYS_FIRE
}

// ─── Collisions and sinking (seed 000) ──────────────────────────────────────────────────────────

export const GalleysCollisionsSchema = z
  .object({
    /** The adjusted collision die: up to this is Significant (2), up to the next Hull (1), above Superficial (0). */
    significantUpTo: Int(0, 12),
    hullUpTo: Int(0, 12),
    significantHits: Int(0, 6),
    hullHits: Int(0, 6),
    reinforcedHull: Int(-6, 6),
    againstBoats: Int(-6, 6),
    againstLowerC: Int(-6, 6),
    /** Sinking after a collision: the die sinks her on this or less … */
    sinksUpTo: Int(0, 6),
    /** … with this added when her C is lower than the other ship's. */
    lowerCModifier: Int(-6, 6)
  })
  .strict()
  .refine((c) => c.significantUpTo <= c.hullUpTo, { message: 'the Significant band must not end above the Hull band', path: ['hullUpTo'] })
export type GalleysCollisions = z.output<typeof GalleysCollisionsSchema>

export const GALLEYS_COLLISIONS: GalleysCollisions = {
  significantUpTo: 1,
  hullUpTo: 4,
  significantHits: 2,
  hullHits: 1,
  reinforcedHull: 1,
  againstBoats: 2,
  againstLowerC: 1,
  sinksUpTo: 2,
  lowerCModifier: -1
}

export const GALLEYS_COLLISIONS_DEF: RuleTableDef<typeof GalleysCollisionsSchema> = {
  title: 'Galleys & Galleons collisions and sinking',
  description:
    'The adjusted collision table (1 Significant, 2 damage; 2–4 Hull, 1; 5+ Superficial, none) with its modifiers, and the collision row of the sinking chart.',
  source:
    'Seed 000, Collisions: "1 - Significant (2) damage, 2-4 - Hull (1) damage, 5+ - Superficial", "Reinforced Hull +1", "collided with Boats +2", ' +
    '"non-Boats with lower C value +1"; seed 000, Sinking: "Collision: Roll a D6. On a 2 or less the ship sinks (-1 if C value is lower …)".',
  seedValue: true,
  schema: GalleysCollisionsSchema,
  defaults: GALLEYS_COLLISIONS
}

/** Every table a battle snapshots. */
export const GalleysRulesSchema = z
  .object({
    table: GalleysTableSchema,
    weather: GalleysWeatherSchema,
    criticals: GalleysCriticalsSchema,
    fire: GalleysFireSchema,
    collisions: GalleysCollisionsSchema
  })
  .strict()
export type GalleysRules = z.output<typeof GalleysRulesSchema>

export const GALLEYS_RULES: GalleysRules = {
  table: GALLEYS_TABLE,
  weather: GALLEYS_WEATHER,
  criticals: GALLEYS_CRITICALS,
  fire: GALLEYS_FIRE,
  collisions: GALLEYS_COLLISIONS
}

export const GALLEYS_TABLE_DEFS = {
  galleysTable: GALLEYS_TABLE_DEF,
  galleysWeather: GALLEYS_WEATHER_DEF,
  galleysCriticals: GALLEYS_CRITICALS_DEF,
  galleysFire: GALLEYS_FIRE_DEF,
  galleysCollisions: GALLEYS_COLLISIONS_DEF
}
