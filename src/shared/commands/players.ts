import { z } from 'zod'
import { RULESET_IDS } from '../battle/ruleset'
import { contract } from './contract'
import { NoInput } from './schemas'

/**
 * The players' screen (issue 21): what the table may see of a battle, built in the main process so
 * that nothing the players may not see leaves it. The GM chooses per battle how the enemy's numbers
 * show (exact, approximate words, hidden) and whether dice show as rolled or only their results; the
 * AI's intentions and the odds never leave. Every shape here is strict: the payload test checks each
 * ruleset's payload against it (the allow-list) and against a deny-list of GM-only fields.
 */

const Id = z.number().int().positive()

export const ENEMY_NUMBERS = ['exact', 'approximate', 'hidden'] as const
export const EnemyNumbers = z.enum(ENEMY_NUMBERS)
export const DICE_SHOWN = ['rolled', 'results'] as const
export const DiceShown = z.enum(DICE_SHOWN)

/** The GM's choices for one battle. */
export const PlayerBattleChoices = z
  .object({
    battleId: Id,
    /** The side the players fight on (its id): the others are the enemy. */
    playersSide: z.string().min(1).max(40),
    enemy: EnemyNumbers,
    dice: DiceShown
  })
  .strict()
export type PlayerBattleChoices = z.infer<typeof PlayerBattleChoices>

/** Millimetres of table per screen pixel: house default 0.2646 (a 96-dpi screen shows the board at 1:1 on paper). */
export const MM_PER_PX_DEFAULT = 0.2646

export const PlayerSettings = z
  .object({
    /** Follow the GM (the newest battle still being fought) or show one battle fixed. */
    follow: z.boolean(),
    /** The battle shown when not following (null: none chosen). */
    battleId: Id.nullable(),
    /** The voyage shown when not following and no battle is chosen (null: none chosen). */
    voyageId: Id.nullable(),
    /** Following: when no battle is being fought, show the chart of the newest voyage at sea. */
    showVoyage: z.boolean(),
    /** "The sea is hidden": the page shows nothing else. */
    blackout: z.boolean(),
    mmPerPx: z.number(),
    /** The battle the screen shows now (after following), with the GM's choices for it. */
    showing: PlayerBattleChoices.nullable(),
    /** The voyage whose chart the screen shows now (null: a battle or nothing). */
    showingVoyage: z.object({ voyageId: Id, name: z.string() }).strict().nullable(),
    /** The voyages the GM may fix the screen on (newest first). */
    voyages: z.array(z.object({ voyageId: Id, name: z.string(), atSea: z.boolean() }).strict()),
    /** The sides of the battle shown, to choose the players' side from. */
    sides: z.array(z.object({ side: z.string(), name: z.string() }).strict())
  })
  .strict()
export type PlayerSettings = z.infer<typeof PlayerSettings>

export const PlayerSettingsInput = z
  .object({
    follow: z.boolean().optional(),
    battleId: Id.nullable().optional(),
    voyageId: Id.nullable().optional(),
    showVoyage: z.boolean().optional(),
    blackout: z.boolean().optional(),
    mmPerPx: z.number().min(0.01, 'must be at least 0.01 mm a pixel').max(10, 'must be at most 10 mm a pixel').optional(),
    /** The choices for one battle (any of its fields). */
    battle: z
      .object({
        battleId: Id,
        playersSide: z.string().trim().min(1, 'must not be empty').max(40).optional(),
        enemy: EnemyNumbers.optional(),
        dice: DiceShown.optional()
      })
      .strict()
      .optional()
  })
  .strict()

// ─── The payload ────────────────────────────────────────────────────────────────────────────────

/** A number shown to the players: "Hull 12 of 20". */
const Line = z.object({ label: z.string(), value: z.number(), of: z.number().nullable() }).strict()

export const PlayerCondition = z.discriminatedUnion('shown', [
  z.object({ shown: z.literal('exact'), lines: z.array(Line), words: z.string() }).strict(),
  z.object({ shown: z.literal('approximate'), words: z.string() }).strict(),
  z.object({ shown: z.literal('hidden') }).strict()
])
export type PlayerCondition = z.infer<typeof PlayerCondition>

export const PlayerPiece = z
  .object({
    name: z.string(),
    side: z.string(),
    ours: z.boolean(),
    /** Afloat, sunk, struck… in words. */
    status: z.string(),
    /** Where she is on the board: table units (G&G millimetres, Broadsides pips), a hex, or none (High Seas ranges). */
    at: z.union([z.object({ x: z.number(), y: z.number() }).strict(), z.object({ q: z.number(), r: z.number() }).strict()]).nullable(),
    /** Facing in degrees clockwise from north, or null. */
    facing: z.number().nullable(),
    /** High Seas: the range to the nearest of the players' ships, in words. */
    range: z.string().nullable(),
    condition: PlayerCondition
  })
  .strict()
export type PlayerPiece = z.infer<typeof PlayerPiece>

/**
 * A die (or dice) of the last step: what it was for, its faces (when the GM shows dice as rolled), its
 * total, and — on the last roll of a procedure the whole table sees (the weather, the wind) — what the
 * procedure made of it, in words; null for the rest (a ship's numbers stay as the GM chose to show them).
 */
export const PlayerRoll = z.object({ purpose: z.string(), dice: z.array(z.number()).nullable(), total: z.number(), means: z.string().nullable() }).strict()
export type PlayerRoll = z.infer<typeof PlayerRoll>

export const PlayerBoard = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bands') }).strict(),
  z.object({ kind: z.literal('hex'), cols: z.number(), rows: z.number() }).strict(),
  /** G&G: a table in millimetres; Broadsides: squares. */
  z.object({ kind: z.literal('table'), width: z.number(), height: z.number(), unit: z.enum(['mm', 'square']) }).strict()
])

export const PlayerBattle = z
  .object({
    kind: z.literal('battle'),
    ruleset: z.enum(RULESET_IDS),
    name: z.string(),
    turn: z.number(),
    /** Steps resolved so far: the page follows the battle by it. */
    steps: z.number(),
    board: PlayerBoard,
    sides: z.array(z.object({ name: z.string(), ours: z.boolean() }).strict()),
    pieces: z.array(PlayerPiece),
    /** The rolls of the last step resolved (faces only when the GM shows dice as rolled). */
    lastRolls: z.array(PlayerRoll),
    over: z.boolean(),
    winner: z.string().nullable(),
    mmPerPx: z.number()
  })
  .strict()
export type PlayerBattle = z.infer<typeof PlayerBattle>

const ChartPoint = z.object({ x: z.number(), y: z.number() }).strict()

/**
 * A voyage's chart as the players may see it: the coasts and the sea areas drawn (names and water only,
 * never how often encounters are checked), the ports placed (names only: no notes, nations or flags),
 * the squadron's track so far and where she is now, and the day. Never the encounter odds, the dice,
 * what waits for the GM, or the GM's notes.
 */
export const PlayerVoyage = z
  .object({
    kind: z.literal('voyage'),
    name: z.string(),
    /** The campaign's day, in words. */
    day: z.string(),
    daysAtSea: z.number().int(),
    /** At sea, arrived or lost, in words. */
    status: z.string(),
    from: z.string(),
    to: z.string(),
    ships: z.array(z.string()),
    chart: z
      .object({
        width: z.number(),
        height: z.number(),
        land: z.array(z.object({ name: z.string(), polygon: z.array(ChartPoint) }).strict()),
        areas: z.array(z.object({ name: z.string(), water: z.string(), polygon: z.array(ChartPoint) }).strict()),
        ports: z.array(z.object({ name: z.string(), x: z.number(), y: z.number() }).strict())
      })
      .strict(),
    track: z.array(ChartPoint),
    position: ChartPoint.nullable()
  })
  .strict()
export type PlayerVoyage = z.infer<typeof PlayerVoyage>

export const PlayerPayload = z.discriminatedUnion('kind', [
  PlayerBattle,
  PlayerVoyage,
  z.object({ kind: z.literal('blackout'), text: z.string() }).strict(),
  z.object({ kind: z.literal('nothing'), text: z.string() }).strict()
])
export type PlayerPayload = z.infer<typeof PlayerPayload>

export const playerContracts = {
  'players.settings': contract({
    summary: "The players' screen: what it shows (follow the GM or one battle or voyage), the blackout, its scale and the GM's choices for the battle shown.",
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: PlayerSettings
  }),
  'players.set': contract({
    summary: "Change the players' screen: follow the GM (and whether a voyage's chart shows when no battle is fought) or show one battle or one voyage, the blackout, the scale, and per battle the players' side, how the enemy's numbers show and whether dice show as rolled.",
    scope: 'campaign',
    mutates: true,
    input: PlayerSettingsInput,
    output: PlayerSettings
  }),
  'players.payload': contract({
    summary: "What the players' screen shows now: only what the players may see of the battle (never the AI's intentions or the odds) or of the voyage's chart (never its encounter odds, dice or notes), or the blackout.",
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: PlayerPayload
  }),
  'players.link': contract({
    summary: "The read-only link of the players' screen on this machine's local host: its token reaches only what the players may see (the payload and a change stream), never the GM's commands. Null where there is no local host.",
    scope: 'app',
    mutates: false,
    input: NoInput,
    output: z.object({ token: z.string().nullable() }).strict()
  }),
  'players.closeLan': contract({
    summary: "Close the players' screen on the local network (opened with --players-lan or the desktop menu): its link stops working at once.",
    scope: 'app',
    mutates: false,
    input: NoInput,
    output: z.object({ closed: z.boolean() }).strict()
  })
}
