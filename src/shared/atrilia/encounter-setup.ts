import { z } from 'zod'
import { COLUMNS, ROWS, fromOffset, label, parseLabel, type Hex } from './hex'
import { stackLimit } from './engine'
import { AtriliaSetup, Edge, FacingSchema, Id, type AtriliaSetupInput, type ShipSetupInput } from './types'
import { ATRILIA_RULES, type AtriliaRules, type Nation } from './tables'

/**
 * A battle set-up from a voyage's encounter (issue 18 "Battles from encounters"; seed 002 §3 "Set up",
 * §11.2 "Set-up", §11.3 "First-turn optional rules"). Pure: the caller gives the squadron's campaign ships
 * (their battle profiles, each with her campaign ship id), the encounter's ships (no campaign ship id), the
 * chart's land near where the voyage is, and the GM's choices; the answer is an `AtriliaSetup` with the words
 * of every choice made for the GM, or the problems with the choices, each naming its field.
 *
 * - The map is the seed's 12 × 18 hexes (§3). "Each player places his ships and marines as listed by the
 *   Campaign Master" (§3.1): here the GM's listing is this set-up. By default the two sides set up at
 *   opposite map edges (the issue's default; which edges is the GM's choice): the squadron along the south
 *   edge, the encounter along the north, facing inward (house default). Each side's ships stand in a line on
 *   the edge's own row of hexes, one empty hex between neighbours while the edge has room (house default), else
 *   side by side, then a second line one hex further in. The GM may move any ship to another hex and facing
 *   ("Set up in hex D11 facing direction 1", §11.2).
 * - "Some of these hexes may be impassable land hexes" (§3, by the Campaign Master's instructions): where the
 *   chart has land within `COAST_NEAR_KM` of the voyage, a coastline two hexes deep (`COAST_DEPTH`) runs along
 *   the map edge that faces that land (house defaults); with none near, the battle is in open sea. The sides
 *   then set up at the other two edges unless the GM says otherwise.
 * - "The first player listed by the Campaign Master moves first" (§3.3): the GM chooses; the squadron by
 *   default (house default). "Even start" (§11.3.1: "First turn movement roll for each side is the same (ie
 *   automatically '2', '3', '4' or '5')") and "Ambush!" (§11.3.2: "One of the sides is surprised. None of its
 *   ships may move on the first turn.") when the GM chooses them.
 * - Marines: a ship holds at most 1 point (small) or 2 (large) at the end of a turn (§7.4); marines beyond
 *   that stay out of the battle and the set-up says so (rules guide §3: the stacking limit still applies on
 *   the board). A size 0 ship is not used in naval battles (§2): left out, and said so.
 */

/** House default: the chart's land within this many kilometres of the voyage makes a coastline on the battle map. */
export const COAST_NEAR_KM = 20
/** House default: how many hexes deep the coastline is, from its map edge. */
export const COAST_DEPTH = 2

export const SQUADRON = 'squadron'
export const ENCOUNTER = 'encounter'
export const EncounterSide = z.enum([SQUADRON, ENCOUNTER])
export type EncounterSide = z.infer<typeof EncounterSide>

export const EDGE_NAMES: Record<Edge, string> = { north: 'north', south: 'south', west: 'west', east: 'east' }
const OPPOSITE: Record<Edge, Edge> = { north: 'south', south: 'north', west: 'east', east: 'west' }
/** Facing inward from each edge (hex.ts: 1 up the map, clockwise): north 4, south 1, west 3, east 6 (house default). */
export const INWARD: Record<Edge, number> = { north: 4, south: 1, west: 3, east: 6 }

/** The GM's choices for fighting an encounter; every one optional (the defaults above). */
export const EncounterBattleChoices = z
  .object({
    /** The edge the squadron sets up along (default south, or the one facing away from the coast). */
    squadronEdge: Edge.optional(),
    /** The edge the encounter sets up along (default: opposite the squadron's). */
    encounterEdge: Edge.optional(),
    /** Who moves first (§3.3). */
    first: EncounterSide.default(SQUADRON),
    /** §11.3.1 "Even start": each side's first movement roll (2–5), or none. */
    evenStart: z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).nullable().default(null),
    /** §11.3.2 "Ambush!": the surprised side, or none. */
    ambush: EncounterSide.nullable().default(null),
    /** A coastline from the chart's land near the voyage (§3 land hexes). */
    coastline: z.boolean().default(true),
    /** The edge the coast runs along (default: the one facing the nearest land). */
    coastEdge: Edge.optional(),
    /** Ships moved by the GM: her set-up id, a hex ("D11") and a facing 1–6 (§11.2). */
    placements: z
      .array(z.object({ ship: Id, at: z.string().trim().min(1, 'give a hex such as D11').max(12), facing: FacingSchema.optional() }).strict())
      .max(60)
      .default([]),
    /** §9.2: what each ship's ballista fires for the whole encounter, by her set-up id (default spears). */
    ballistas: z.record(Id, z.enum(['spear', 'flaming'])).default({}),
    /** §11.1 national characteristics (optional rule, off by default). */
    nationalCharacteristics: z.boolean().default(false),
    /** Who orders the encounter's ships: the GM or the computer. */
    encounterControl: z.enum(['gm', 'ai']).default('ai')
  })
  .strict()
export type EncounterBattleChoices = z.output<typeof EncounterBattleChoices>
export type EncounterBattleChoicesInput = z.input<typeof EncounterBattleChoices>

/** What a ship brings to the battle (crew.ts `battleProfile`). */
export interface FleetProfile {
  type: string
  size: number
  crewQuality: number
  nation: Nation
  ram: boolean
  corvus: boolean
  castle: boolean
  catapult: boolean
  ballista: 'spear' | 'flaming' | null
  marines: number
  wizards: 'sea' | 'fire' | null
}

export interface FleetShip {
  /** Her id in the set-up (letters, digits, - and _). */
  id: string
  name: string
  /** The campaign ship (null: a ship of the encounter). */
  shipId: number | null
  /** Null: a size 0 ship, not used in naval battles (§2). */
  profile: FleetProfile | null
}

export interface Fleet {
  name: string
  nation: Nation
  ships: FleetShip[]
}

export interface LandShape {
  name: string
  polygon: { x: number; y: number }[]
}

/** The nearest land on the chart, how far and which way (the map edge facing it). */
export interface NearLand {
  name: string
  km: number
  edge: Edge
}

export interface SetupProblem {
  field: string
  message: string
}

export interface EncounterSetupResult {
  /** Null when a side has no ship to fight (see `problems`). */
  setup: AtriliaSetup | null
  /** The edges each side set up along, and the coast's (null: open sea). */
  edges: { squadron: Edge; encounter: Edge; coast: Edge | null }
  near: NearLand | null
  /** Every choice made for the GM, in words (the dialog shows them). */
  notes: string[]
  problems: SetupProblem[]
}

// ─── The coast ──────────────────────────────────────────────────────────────────────────────────

function nearestOnSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }) {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const len = dx * dx + dy * dy
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len))
  return { x: a.x + t * dx, y: a.y + t * dy }
}

function inside(p: { x: number; y: number }, poly: { x: number; y: number }[]): boolean {
  let c = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!
    const b = poly[j]!
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) c = !c
  }
  return c
}

/** The map edge that faces a direction on the chart (y runs down the chart, as south runs down the map). */
export function edgeToward(dx: number, dy: number): Edge {
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'east' : 'west'
  return dy > 0 ? 'south' : 'north'
}

/**
 * The chart's nearest land to where the voyage is, within `nearKm` (house default 20 km), and the map edge
 * facing it; null when none is near (open sea) or the voyage's place is not drawn.
 */
export function nearestLand(at: { x: number; y: number } | null, land: readonly LandShape[], kmPerUnit: number, nearKm = COAST_NEAR_KM): NearLand | null {
  if (!at || kmPerUnit <= 0) return null
  let best: { name: string; d: number; to: { x: number; y: number } } | null = null
  for (const l of land) {
    if (l.polygon.length < 3) continue
    let to = l.polygon[0]!
    let d = Infinity
    for (let i = 0; i < l.polygon.length; i++) {
      const q = nearestOnSegment(at, l.polygon[i]!, l.polygon[(i + 1) % l.polygon.length]!)
      const dq = Math.hypot(q.x - at.x, q.y - at.y)
      if (dq < d) {
        d = dq
        to = q
      }
    }
    if (inside(at, l.polygon)) d = 0
    if (!best || d < best.d) best = { name: l.name, d, to }
  }
  if (!best) return null
  const km = Math.round(best.d * kmPerUnit * 10) / 10
  if (km > nearKm) return null
  let dx = best.to.x - at.x
  let dy = best.to.y - at.y
  if (dx === 0 && dy === 0) {
    // On the shore itself (or inland): the coast lies toward the land's middle.
    const poly = land.find((l) => l.name === best!.name)!.polygon
    dx = poly.reduce((n, p) => n + p.x, 0) / poly.length - at.x
    dy = poly.reduce((n, p) => n + p.y, 0) / poly.length - at.y
  }
  return { name: best.name, km, edge: edgeToward(dx, dy) }
}

/** The hexes of the line `k` hexes in from an edge, in order along it. */
export function edgeLine(edge: Edge, k: number): Hex[] {
  const out: Hex[] = []
  if (edge === 'north' || edge === 'south') for (let col = 0; col < COLUMNS; col++) out.push(fromOffset(col, edge === 'north' ? k : ROWS - 1 - k))
  else for (let row = 0; row < ROWS; row++) out.push(fromOffset(edge === 'west' ? k : COLUMNS - 1 - k, row))
  return out
}

/** The coastline: every hex within `depth` hexes of the edge (house default two). */
export function coastHexes(edge: Edge, depth = COAST_DEPTH): Hex[] {
  const out: Hex[] = []
  for (let k = 0; k < depth; k++) out.push(...edgeLine(edge, k))
  return out
}

// ─── Placing a side ─────────────────────────────────────────────────────────────────────────────

/**
 * `n` hexes for a side's line along its edge, free of land and of ships already placed: on the edge's row,
 * centred, one empty hex between neighbours while there is room, else side by side, then the next line in.
 */
export function lineAlong(edge: Edge, n: number, blocked: (h: Hex) => boolean): Hex[] {
  const out: Hex[] = []
  const depth = edge === 'north' || edge === 'south' ? ROWS : COLUMNS
  for (let k = 0; k < depth && out.length < n; k++) {
    const free = edgeLine(edge, k).filter((h) => !blocked(h))
    const want = n - out.length
    if (free.length === 0) continue
    if (want * 2 - 1 <= free.length) {
      const start = Math.floor((free.length - (want * 2 - 1)) / 2)
      for (let i = 0; i < want; i++) out.push(free[start + i * 2]!)
    } else if (want <= free.length) {
      const start = Math.floor((free.length - want) / 2)
      for (let i = 0; i < want; i++) out.push(free[start + i]!)
    } else out.push(...free)
  }
  return out
}

const key = (h: Hex) => `${h.q},${h.r}`
const the = (name: string) => (/^the /i.test(name) ? name : `the ${name}`)

// ─── The set-up ─────────────────────────────────────────────────────────────────────────────────

/**
 * The set-up of a battle between the squadron and an encounter (see the module's words). `problems` lists
 * every choice that cannot be set up, each at its field; `setup` is then the set-up without those choices.
 */
export function encounterSetup(input: {
  name: string
  squadron: Fleet
  encounter: Fleet
  near: NearLand | null
  choices: EncounterBattleChoices
  seed: number
  rules?: AtriliaRules
}): EncounterSetupResult {
  const c = input.choices
  const rules = input.rules ?? ATRILIA_RULES
  const notes: string[] = []
  const problems: SetupProblem[] = []

  // The coast.
  let coast: Edge | null = null
  if (c.coastline) {
    if (c.coastEdge) {
      coast = c.coastEdge
      notes.push(`A coastline ${COAST_DEPTH} hexes deep runs along the ${coast} edge, where the GM put it.`)
    } else if (input.near) {
      coast = input.near.edge
      notes.push(
        `${input.near.name} is ${input.near.km} km away, to the ${coast}: a coastline ${COAST_DEPTH} hexes deep runs along the ${coast} edge of the map (land within ${COAST_NEAR_KM} km makes a coast, house default).`
      )
    } else notes.push(`No land on the chart within ${COAST_NEAR_KM} km of the voyage: the battle is fought in open sea.`)
  } else notes.push('No coastline: the battle is fought in open sea.')

  // The edges.
  const defaultSquadron: Edge = coast === 'south' || coast === 'north' ? 'west' : 'south'
  const squadronEdge = c.squadronEdge ?? (c.encounterEdge ? OPPOSITE[c.encounterEdge] : defaultSquadron)
  const encounterEdge = c.encounterEdge ?? OPPOSITE[squadronEdge]
  if (squadronEdge === encounterEdge) problems.push({ field: 'encounterEdge', message: `the two sides cannot both set up along the ${squadronEdge} edge: choose another edge for one of them` })
  if (coast && (coast === squadronEdge || coast === encounterEdge)) {
    const who = coast === squadronEdge ? 'the squadron' : 'the encounter'
    problems.push({
      field: c.coastEdge ? 'coastEdge' : coast === squadronEdge && c.squadronEdge ? 'squadronEdge' : coast === encounterEdge && c.encounterEdge ? 'encounterEdge' : 'coastline',
      message: `the coast runs along the ${coast} edge, where ${who} would set up: choose other edges for the sides, another edge for the coast, or no coastline`
    })
    coast = null
  }
  const land = coast ? coastHexes(coast) : []
  const landSet = new Set(land.map(key))

  // The ships.
  type Placed = { ship: FleetShip; side: EncounterSide; at: Hex | null; facing: number }
  const all: Placed[] = []
  for (const [side, fleet] of [[SQUADRON, input.squadron], [ENCOUNTER, input.encounter]] as const) {
    for (const s of fleet.ships) {
      if (!s.profile) {
        notes.push(`${the(s.name)} is too small to fight (a size 0 ship is not used in naval battles, seed 002 §2): she stays out of the battle.`)
        continue
      }
      all.push({ ship: s, side, at: null, facing: INWARD[side === SQUADRON ? squadronEdge : encounterEdge] })
    }
  }
  const taken = new Map<string, string>()
  c.placements.forEach((p, i) => {
    const x = all.find((a) => a.ship.id === p.ship)
    if (!x) {
      problems.push({ field: `placements.${i}.ship`, message: `there is no ship “${p.ship}” in this battle` })
      return
    }
    const h = parseLabel(p.at)
    if (!h) {
      problems.push({ field: `placements.${i}.at`, message: `“${p.at}” is not a hex of the map: give a column A–L and a row 1–18, such as D11` })
      return
    }
    if (landSet.has(key(h))) {
      problems.push({ field: `placements.${i}.at`, message: `${label(h)} is land: ships may not enter land hexes (seed 002 §5.10)` })
      return
    }
    const other = taken.get(key(h))
    if (other) {
      problems.push({ field: `placements.${i}.at`, message: `${label(h)} already holds ${the(other)}: one ship to a hex (seed 002 §5.12)` })
      return
    }
    taken.set(key(h), x.ship.name)
    x.at = h
    if (p.facing) x.facing = p.facing
  })
  for (const side of [SQUADRON, ENCOUNTER] as const) {
    const edge = side === SQUADRON ? squadronEdge : encounterEdge
    const left = all.filter((a) => a.side === side && !a.at)
    const hexes = lineAlong(edge, left.length, (h) => landSet.has(key(h)) || taken.has(key(h)))
    left.forEach((a, i) => {
      const h = hexes[i]
      if (!h) return
      a.at = h
      taken.set(key(h), a.ship.name)
    })
  }
  for (const id of Object.keys(c.ballistas)) {
    const x = all.find((a) => a.ship.id === id)
    if (!x) problems.push({ field: `ballistas.${id}`, message: `there is no ship “${id}” in this battle` })
    else if (!x.ship.profile!.ballista) problems.push({ field: `ballistas.${id}`, message: `${the(x.ship.name)} has no ballista` })
  }
  const squadronShips = all.filter((a) => a.side === SQUADRON)
  const encounterShips = all.filter((a) => a.side === ENCOUNTER)
  if (squadronShips.length === 0) problems.push({ field: 'voyageId', message: 'none of the squadron’s ships can fight on the hex board (each is size 0, or none is sailing)' })
  if (encounterShips.length === 0) problems.push({ field: 'voyageId', message: 'none of the encounter’s ships can fight on the hex board (each is size 0)' })
  notes.push(`The squadron sets up along the ${squadronEdge} edge, the encounter along the ${encounterEdge} edge, facing inward (the GM may move any ship, seed 002 §11.2).`)

  const ships: ShipSetupInput[] = []
  for (const a of all) {
    const p = a.ship.profile!
    const lim = stackLimit(rules, p.size)
    const marines = Math.min(p.marines, lim)
    if (p.marines > lim) {
      notes.push(
        `${the(a.ship.name)} carries ${p.marines} points of marines; ${marines === 1 ? '1 point' : `${marines} points`} may be aboard a size ${p.size} ship on the board (seed 002 §7.4), the rest stay out of the battle.`
      )
    }
    if (!a.at) continue
    ships.push({
      id: a.ship.id,
      name: a.ship.name.slice(0, 80),
      side: a.side,
      type: p.type,
      nation: p.nation,
      size: p.size,
      crewQuality: p.crewQuality,
      at: a.at,
      facing: a.facing,
      ram: p.ram,
      corvus: p.corvus,
      castle: p.castle,
      ballista: p.ballista ? (c.ballistas[a.ship.id] ?? p.ballista) : null,
      catapult: p.catapult,
      marines,
      wizards: marines > 0 ? p.wizards : null,
      ...(a.ship.shipId !== null ? { shipId: a.ship.shipId } : {})
    })
  }

  const firstFleet = c.first === SQUADRON ? input.squadron : input.encounter
  notes.push(`${firstFleet === input.squadron ? 'The squadron' : 'The encounter'} is listed first and moves first (seed 002 §3.3).`)
  if (c.evenStart !== null) notes.push(`Even start: each side's first movement roll is ${c.evenStart} (seed 002 §11.3.1).`)
  if (c.nationalCharacteristics) notes.push('National characteristics are in play (seed 002 §11.1).')
  if (c.ambush !== null) notes.push(`Ambush! ${c.ambush === SQUADRON ? 'The squadron' : 'The encounter'} is surprised: none of its ships may move on the first turn (seed 002 §11.3.2).`)

  const sides = [
    { id: SQUADRON, name: input.squadron.name.slice(0, 80), nation: input.squadron.nation },
    { id: ENCOUNTER, name: input.encounter.name.slice(0, 80), nation: input.encounter.nation }
  ]
  if (c.first === ENCOUNTER) sides.reverse()
  const setupInput: AtriliaSetupInput = {
    name: input.name.slice(0, 80),
    sides,
    ships,
    land,
    options: { nationalCharacteristics: c.nationalCharacteristics, evenStart: c.evenStart, ambush: c.ambush, victory: [] },
    seed: input.seed,
    rules
  }
  const setup = squadronShips.length && encounterShips.length ? AtriliaSetup.parse(setupInput) : null
  return { setup, edges: { squadron: squadronEdge, encounter: encounterEdge, coast }, near: input.near, notes, problems }
}
