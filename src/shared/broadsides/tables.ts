import { z } from 'zod'
import type { RuleTableDef } from '../rules/table-def'

/**
 * The Broadsides & Boarding Parties variant (seed 001) as rule tables: data with the seed's values as
 * defaults, each with its source, editable per campaign. Seed 001 is a variant of a board game whose own
 * parts it does not describe; the rules guide §5 fixes the board geometry, the wind, the deck building,
 * the hit-location roll, masts and surrender. Values in neither are labelled house defaults. A battle
 * takes a snapshot of every table when it starts (`BroadsidesSetup.rules`), so editing one never changes
 * a battle fought.
 */

const Int = (min: number, max: number) => z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
const Faces = <T extends z.ZodType>(t: T) => z.array(t).length(6, 'give a row for each face 1 to 6')

export const DECKS = ['fore', 'mid', 'aft'] as const
export const DeckName = z.enum(DECKS)
export type DeckName = z.infer<typeof DeckName>
export const OFFICERS = ['captain', 'firstMate', 'boatswain', 'masterGunner'] as const
export const Officer = z.enum(OFFICERS)
export type Officer = z.infer<typeof Officer>
export const OFFICER_NAMES: Record<Officer, string> = { captain: 'Captain', firstMate: 'First Mate', boatswain: 'Boatswain', masterGunner: 'Master Gunner' }
export const CARDS = ['forward', 'turnPort', 'turnStarboard', 'anchor', 'damage'] as const
export const Card = z.enum(CARDS)
export type Card = z.infer<typeof Card>
export const CARD_NAMES: Record<Card, string> = { forward: 'Forward', turnPort: 'Turn Port', turnStarboard: 'Turn Starboard', anchor: 'Anchor', damage: 'Damage' }

// ─── The board (rules guide §5; seed 001 "The Board") ──────────────────────────────────────────────

export const BoardSchema = z
  .object({
    /** The sea board in squares; its pips are the square corners and centres. */
    width: Int(2, 40),
    height: Int(2, 40),
    /** A ship's speed die at the start. */
    startSpeed: Int(0, 3),
    /** The fastest a ship may go. */
    maxSpeed: Int(1, 3),
    /** Ships within this many movement pips after a card may exchange fire. */
    fireRange: Int(0, 10),
    /** Turns a battle lasts at most before it ends undecided. */
    turns: Int(1, 200),
    /** Boarding rounds (one per side) at most before the action ends undecided. */
    boardingRounds: Int(1, 200),
    /** A ship sinks when this many rows along one side have hull tokens (a stack counts once). */
    sinkRows: Int(1, 16)
  })
  .strict()
  .refine((b) => b.startSpeed <= b.maxSpeed, { message: 'the starting speed must not be above the top speed', path: ['startSpeed'] })
export type BroadsidesBoard = z.output<typeof BoardSchema>
export const BROADSIDES_BOARD: BroadsidesBoard = { width: 12, height: 9, startSpeed: 3, maxSpeed: 3, fireRange: 2, turns: 30, boardingRounds: 40, sinkRows: 5 }
const BOARD_DEF: RuleTableDef<typeof BoardSchema> = {
  title: 'Broadsides: sea board and speed',
  description:
    'The sea board’s size in squares, the speed a ship starts at and its top speed, the range in pips at which ships may fire, how many rows holed along one side sink a ship, and how long a battle lasts at most.',
  source:
    'Seed 001, Speed ("each ship begins the game with a speed of 3 … max speed of 3 and a min speed of 0"), Ship Combat ("within 2 movement pips"; "If there are 5 or more rows with hull dmg tokens along a single side of a ship, it sinks"). ' +
    'House default: a board of 12 × 9 squares (the board game’s own board is not described), 30 turns and 40 boarding rounds at most, then the battle ends undecided.',
  seedValue: true,
  schema: BoardSchema,
  defaults: BROADSIDES_BOARD
}

// ─── Wind (seed 001 Wind; rules guide §5 Compass) ──────────────────────────────────────────────────

const Shift = Int(-1, 1)
export const WindSchema = z
  .object({
    /** Each later turn, by the d6's face: −1 backs one point (anticlockwise), 0 holds, +1 veers (clockwise). */
    shift: Faces(Shift)
  })
  .strict()
export type BroadsidesWind = z.output<typeof WindSchema>
export const BROADSIDES_WIND: BroadsidesWind = { shift: [-1, -1, 0, 0, 1, 1] }
const WIND_DEF: RuleTableDef<typeof WindSchema> = {
  title: 'Broadsides: wind',
  description:
    'The wind on an 8-point compass. Turn 1: the die picks one of the six directions that blow at neither ship (counted clockwise from the point after the first ship’s heading). Each later turn: the die backs, holds or veers it one point.',
  source:
    'Seed 001, Wind ("it may not be blowing directly at either ship … 6 possible opening positions"; "shift to the left or the right by 1 compass point or stay the same"). ' +
    'Rules guide §5, Compass (house default): 1–2 backs, 3–4 holds, 5–6 veers. Reading: the wind is named by the point it blows from; it blows at a ship when it comes from dead ahead of her.',
  seedValue: true,
  schema: WindSchema,
  defaults: BROADSIDES_WIND
}

// ─── The maneuver deck (seed 001 Maneuver Decks; rules guide §5) ──────────────────────────────────

export const DeckSchema = z
  .object({
    /** Cards in a deck: at most 6, since a card is drawn by a d6 re-rolled above the cards left. */
    size: z.number().int('must be a whole number').min(1, 'must be at least 1').max(6, 'must be at most 6: a card is drawn by a d6, re-rolled above the cards left'),
    /** Damage cards at most (one per destroyed mast). */
    maxDamage: Int(0, 10),
    /** Cards dealt in turn after the Damage and Forward cards until the deck is full. */
    fill: z.array(z.enum(['turnPort', 'turnStarboard', 'anchor'])).min(1, 'give at least one card to fill the deck with').max(10),
    /** Cards played each turn. */
    plays: Int(1, 10)
  })
  .strict()
export type BroadsidesDeck = z.output<typeof DeckSchema>
export const BROADSIDES_DECK: BroadsidesDeck = { size: 6, maxDamage: 3, fill: ['turnPort', 'turnStarboard', 'anchor'], plays: 3 }
const DECK_DEF: RuleTableDef<typeof DeckSchema> = {
  title: 'Broadsides: maneuver deck',
  description:
    'How each turn’s deck is built: one Damage card per destroyed mast (at most 3), Forward cards up to the speed, then Turn Port, Turn Starboard, Anchor in turn until there are 6; then one Turn Starboard out for each port-side row with hull damage and one Turn Port for each starboard-side row (a stack counts once). Three cards are played.',
  source:
    'Seed 001, Maneuver Decks ("a deck of 6 cards … After 3 cards have been played the turn ends"; "Damage cards … (up to 3 max)"; "a stack of 2 dmg tokens … only removes 1 card"). Rules guide §5, Building the maneuver deck: the order, and an Anchor for each missing play.',
  seedValue: true,
  schema: DeckSchema,
  defaults: BROADSIDES_DECK
}

// ─── Drift and the hit location (seed 001 Ship Combat; rules guide §5) ────────────────────────────

export const DriftSchema = z.object({ rows: Faces(Shift) }).strict()
export type BroadsidesDrift = z.output<typeof DriftSchema>
export const BROADSIDES_DRIFT: BroadsidesDrift = { rows: [-1, -1, 0, 0, 1, 1] }
const DRIFT_DEF: RuleTableDef<typeof DriftSchema> = {
  title: 'Broadsides: drift',
  description:
    'Where a shot drifts, by the die: −1 one row to the left, 0 none, +1 one row to the right. Cannon on the Master Gunner’s deck do not roll. A shot that drifts off the end of the ship misses.',
  source:
    'Seed 001, Ship Combat ("On a roll of 1-2 it drifts one row to the left, 3-4 there is no drift, and on a 5-6 it drifts one row to the right … drift can cause the shot to miss the ship entirely"). ' +
    'Reading: the rows are numbered bow to stern, and "left" is one row towards the bow.',
  seedValue: true,
  schema: DriftSchema,
  defaults: BROADSIDES_DRIFT
}

export const HIT_LOCATIONS = ['miss', 'hull', 'deck', 'mast', 'choice'] as const
export const HitLocation = z.enum(HIT_LOCATIONS)
export type HitLocation = z.infer<typeof HitLocation>
export const HitSchema = z.object({ location: Faces(HitLocation) }).strict()
export type BroadsidesHit = z.output<typeof HitSchema>
export const BROADSIDES_HIT: BroadsidesHit = { location: ['miss', 'hull', 'deck', 'deck', 'mast', 'choice'] }
const HIT_DEF: RuleTableDef<typeof HitSchema> = {
  title: 'Broadsides: where the shot hits',
  description:
    'Where a cannonball hits in its row, by the die: a miss, the hull by that row, a deck square (the outer square facing the gun), the mast square (a deck square if the row has none), or a square of the firer’s choice.',
  source:
    'Rules guide §5 (house default; the board game’s table is not in seed 001): 1 miss, 2 hull hit on that row, 3–4 deck, 5 mast square in that row (deck if none), 6 the GM’s choice. ' +
    'Seed 001, Ship Combat: "On a roll of 2 you score a hull hit". Reading: a deck hit falls on the outer square of the row on the side facing the firer.',
  seedValue: false,
  schema: HitSchema,
  defaults: BROADSIDES_HIT
}

// ─── Reefs (seed 001 Reefs) ───────────────────────────────────────────────────────────────────────

export const ReefSchema = z.object({ hullTokens: z.array(Int(0, 5)).length(4, 'give the hull tokens for speed 0, 1, 2 and 3') }).strict()
export type BroadsidesReefs = z.output<typeof ReefSchema>
export const BROADSIDES_REEFS: BroadsidesReefs = { hullTokens: [0, 0, 1, 2] }
const REEF_DEF: RuleTableDef<typeof ReefSchema> = {
  title: 'Broadsides: reefs',
  description: 'Hull tokens a ship takes moving into a reef, by her speed 0, 1, 2, 3 (on the side her player chooses).',
  source:
    'Seed 001, Reefs ("takes 2 hull damage tokens (player may choose which side) if speed is 3, 1 hull dmg if speed is 2, and no damage If speed is 1"). House default: none at speed 0. ' +
    'Reading: a ship moves into a reef when a step ends on the centre pip of a reef square; the tokens go on the bow-most rows of that side without a token, then stack.',
  seedValue: true,
  schema: ReefSchema,
  defaults: BROADSIDES_REEFS
}

// ─── Melee and officers (seed 001 Boarding Action, Crew; rules guide §5 Surrender) ───────────────

export const MeleeSchema = z
  .object({
    perCrew: Int(0, 5),
    topOfLadder: Int(0, 5),
    higherDeck: Int(0, 5),
    /** Units a square holds; a mast or cannon square holds fewer. */
    perSquare: Int(1, 10),
    perMastOrCannon: Int(1, 10),
    /** How high each deck stands (a higher deck is defended at +1 from a boarding). */
    heights: z.object({ fore: Int(0, 5), mid: Int(0, 5), aft: Int(0, 5) }).strict(),
    /** A side strikes when its units aboard its ship fall below this fraction of the enemy's there (in thirds). */
    strikeBelowThirds: Int(0, 3)
  })
  .strict()
export type BroadsidesMelee = z.output<typeof MeleeSchema>
export const BROADSIDES_MELEE: BroadsidesMelee = {
  perCrew: 1,
  topOfLadder: 1,
  higherDeck: 1,
  perSquare: 3,
  perMastOrCannon: 2,
  heights: { fore: 1, mid: 0, aft: 1 },
  strikeBelowThirds: 1
}
const MELEE_DEF: RuleTableDef<typeof MeleeSchema> = {
  title: 'Broadsides: melee',
  description:
    'Hand to hand: a die, +1 for each unit in the space, +1 defending the top of a ladder, +1 defending a higher deck from a boarding, and the officers’ bonuses; the loser removes units equal to the difference. How many a square holds, how high each deck stands, and when a side strikes.',
  source:
    'Seed 001, Boarding Action ("+1 for each attacking crew … +1 if defending top of a ladder, +1 if defending a higher deck … Up to 3 crew may occupy a space (2 in a mast or cannon space)"). ' +
    'Rules guide §5, Surrender: below a third of the enemy’s crew aboard the same ship, or the captain killed with no first mate left. House default: the fore and aft decks stand higher than the mid deck.',
  seedValue: true,
  schema: MeleeSchema,
  defaults: BROADSIDES_MELEE
}

export const OfficersSchema = z
  .object({
    melee: z.object({ captain: Int(0, 5), firstMate: Int(0, 5), boatswain: Int(0, 5), masterGunner: Int(0, 5) }).strict(),
    captainRedraw: z.boolean(),
    firstMateReshuffle: z.boolean(),
    /** Unstacked hull tokens the Boatswain repairs on an Anchor card. */
    boatswainRepairs: Int(0, 3),
    masterGunnerNoDrift: z.boolean()
  })
  .strict()
export type BroadsidesOfficers = z.output<typeof OfficersSchema>
export const BROADSIDES_OFFICERS: BroadsidesOfficers = {
  melee: { captain: 2, firstMate: 1, boatswain: 0, masterGunner: 1 },
  captainRedraw: true,
  firstMateReshuffle: true,
  boatswainRepairs: 1,
  masterGunnerNoDrift: true
}
const OFFICERS_DEF: RuleTableDef<typeof OfficersSchema> = {
  title: 'Broadsides: officers',
  description:
    'The officers’ melee bonuses and powers: the Captain’s redraw and the First Mate’s reshuffle (once a turn, never a Damage card), the Boatswain’s repair of an unstacked hull token on an Anchor card when on that row’s deck, and the Master Gunner’s shots that do not drift from his deck.',
  source: 'Seed 001, Crew (Captain +2, First Mate +1, Master Gunner +1; the Boatswain "may repair 1 damaged hull token"). The Boatswain adds nothing in melee (the seed gives him no bonus).',
  seedValue: true,
  schema: OfficersSchema,
  defaults: BROADSIDES_OFFICERS
}

// ─── Firing arcs (seed 001 Ship Combat: "Create firing arcs for each deck") ──────────────────────

/** Relative points from the ship's heading: 0 dead ahead, 2 the starboard beam, 4 astern, 6 the port beam. */
const Arc = z.array(Int(0, 7)).max(8).refine((a) => new Set(a).size === a.length, 'each point may appear once')
export const ArcsSchema = z
  .object({
    /** Units on a cannon's square it needs to fire. */
    gunCrew: Int(1, 3),
    fore: z.object({ port: Arc, starboard: Arc }).strict(),
    mid: z.object({ port: Arc, starboard: Arc }).strict(),
    aft: z.object({ port: Arc, starboard: Arc }).strict()
  })
  .strict()
export type BroadsidesArcs = z.output<typeof ArcsSchema>
export const BROADSIDES_ARCS: BroadsidesArcs = {
  gunCrew: 2,
  fore: { port: [7, 6, 0], starboard: [0, 1, 2] },
  mid: { port: [5, 6, 7], starboard: [1, 2, 3] },
  aft: { port: [4, 5, 6], starboard: [2, 3, 4] }
}
const ARCS_DEF: RuleTableDef<typeof ArcsSchema> = {
  title: 'Broadsides: firing arcs',
  description:
    'The units a cannon needs on its square to fire, and which way each deck’s cannon bear, as compass points relative to the ship’s heading (0 dead ahead, 2 the starboard beam, 4 astern, 6 the port beam), for the port-side and starboard-side guns of the fore, mid and aft decks.',
  source:
    'Seed 001, Ship Combat ("Create firing arcs for each deck (fore, aft, mid) to determine which cannon may fire"); Crew ("A cannon (with its 2 crewman)"): a cannon fires with two units on its square (reading). House default: the beam and the two points either side, the fore deck’s guns also dead ahead, the aft deck’s also astern.',
  seedValue: false,
  schema: ArcsSchema,
  defaults: BROADSIDES_ARCS
}

// ─── Deck templates (rules guide §5) ──────────────────────────────────────────────────────────────

/**
 * A deck row, bow to stern, as one character a square from port to starboard: '.' open deck, 'C' a
 * cannon, 'M' a mast, 'L' a ladder (up to the square across the nearest deck boundary in the same column).
 */
export const TemplateRow = z
  .object({ deck: DeckName, squares: z.string().regex(/^[.CML]{3,5}$/, 'write 3 to 5 squares, each . (deck), C (cannon), M (mast) or L (ladder)') })
  .strict()
export const MastName = z.enum(['fore', 'main', 'mizzen'])
export type MastName = z.infer<typeof MastName>
export const Template = z
  .object({
    name: z.string().trim().min(1).max(40),
    /** Bow to stern; a battle refuses a class with fewer rows than the sea board table's rows that sink a ship (she could never sink). */
    rows: z.array(TemplateRow).min(3, 'a ship needs at least 3 rows').max(16),
    crew: Int(0, 40),
    /** Hits each mast (bow to stern) takes to fall. */
    mastHits: z.object({ fore: Int(1, 5), main: Int(1, 5), mizzen: Int(1, 5) }).strict()
  })
  .strict()
  .superRefine((t, ctx) => {
    const width = t.rows[0]?.squares.length ?? 0
    t.rows.forEach((r, i) => {
      if (r.squares.length !== width) ctx.addIssue({ code: 'custom', message: `every row must have ${width} squares`, path: ['rows', i, 'squares'] })
      const inner = r.squares.slice(1, -1)
      if (inner.includes('C')) ctx.addIssue({ code: 'custom', message: 'cannon stand on the outer squares', path: ['rows', i, 'squares'] })
    })
    const masts = t.rows.reduce((n, r) => n + [...r.squares].filter((c) => c === 'M').length, 0)
    if (masts !== 3) ctx.addIssue({ code: 'custom', message: 'a ship has three masts (fore, main, mizzen)', path: ['rows'] })
    for (let i = 1; i < t.rows.length; i++) {
      const order = DECKS.indexOf(t.rows[i]!.deck) - DECKS.indexOf(t.rows[i - 1]!.deck)
      if (order < 0) ctx.addIssue({ code: 'custom', message: 'the decks run fore, mid, aft from bow to stern', path: ['rows', i, 'deck'] })
    }
  })
export type Template = z.output<typeof Template>
export const TemplatesSchema = z
  .record(z.string().regex(/^[a-z][a-zA-Z0-9]{0,30}$/, 'a ship class key is a short word'), Template)
  .refine((r) => Object.keys(r).length >= 1 && Object.keys(r).length <= 20, 'give 1 to 20 ship classes')
export type BroadsidesTemplates = z.output<typeof TemplatesSchema>
export const BROADSIDES_TEMPLATES: BroadsidesTemplates = {
  frigate: {
    name: 'Frigate',
    rows: [
      { deck: 'fore', squares: '.M.' },
      { deck: 'fore', squares: 'C.C' },
      { deck: 'mid', squares: '.L.' },
      { deck: 'mid', squares: 'C.C' },
      { deck: 'mid', squares: '.M.' },
      { deck: 'mid', squares: 'C.C' },
      { deck: 'mid', squares: '.L.' },
      { deck: 'aft', squares: 'C.C' },
      { deck: 'aft', squares: '.M.' }
    ],
    crew: 16,
    mastHits: { fore: 1, main: 2, mizzen: 1 }
  },
  merchantman: {
    name: 'Merchantman',
    rows: [
      { deck: 'fore', squares: '.M.' },
      { deck: 'fore', squares: '...' },
      { deck: 'mid', squares: 'CLC' },
      { deck: 'mid', squares: '.M.' },
      { deck: 'mid', squares: 'CLC' },
      { deck: 'aft', squares: '...' },
      { deck: 'aft', squares: '.M.' }
    ],
    crew: 10,
    mastHits: { fore: 1, main: 2, mizzen: 1 }
  }
}
const TEMPLATES_DEF: RuleTableDef<typeof TemplatesSchema> = {
  title: 'Broadsides: ship decks',
  description:
    'The deck of each ship class, rows bow to stern split into fore, mid and aft decks, squares port to starboard: . open deck, C cannon (outer squares only), M mast, L ladder up to the next deck. Her crew besides the four officers, and the hits each mast takes to fall.',
  source:
    'Rules guide §5 (house default: seed 001 does not describe the board game’s ships): a grid of rows bow to stern, fore / mid / aft decks with ladders, three masts, cannon on the outer squares; fore and mizzen masts fall at 1 hit, the main mast at 2. ' +
    'House default: a frigate of 9 rows and 8 cannon with 16 crew, a merchantman of 7 rows and 4 cannon with 10 crew.',
  seedValue: false,
  schema: TemplatesSchema,
  defaults: BROADSIDES_TEMPLATES
}

export const BROADSIDES_TABLE_DEFS = {
  broadsidesBoard: BOARD_DEF,
  broadsidesWind: WIND_DEF,
  broadsidesDeck: DECK_DEF,
  broadsidesDrift: DRIFT_DEF,
  broadsidesHit: HIT_DEF,
  broadsidesReefs: REEF_DEF,
  broadsidesMelee: MELEE_DEF,
  broadsidesOfficers: OFFICERS_DEF,
  broadsidesArcs: ARCS_DEF,
  broadsidesShips: TEMPLATES_DEF
}

/** Every table a Broadsides battle reads, as the battle's snapshot holds them. */
export interface BroadsidesRules {
  board: BroadsidesBoard
  wind: BroadsidesWind
  deck: BroadsidesDeck
  drift: BroadsidesDrift
  hit: BroadsidesHit
  reefs: BroadsidesReefs
  melee: BroadsidesMelee
  officers: BroadsidesOfficers
  arcs: BroadsidesArcs
  ships: BroadsidesTemplates
}
export const BroadsidesRulesSchema = z
  .object({
    board: BoardSchema,
    wind: WindSchema,
    deck: DeckSchema,
    drift: DriftSchema,
    hit: HitSchema,
    reefs: ReefSchema,
    melee: MeleeSchema,
    officers: OfficersSchema,
    arcs: ArcsSchema,
    ships: TemplatesSchema
  })
  .strict()
export const BROADSIDES_RULES: BroadsidesRules = {
  board: BROADSIDES_BOARD,
  wind: BROADSIDES_WIND,
  deck: BROADSIDES_DECK,
  drift: BROADSIDES_DRIFT,
  hit: BROADSIDES_HIT,
  reefs: BROADSIDES_REEFS,
  melee: BROADSIDES_MELEE,
  officers: BROADSIDES_OFFICERS,
  arcs: BROADSIDES_ARCS,
  ships: BROADSIDES_TEMPLATES
}
