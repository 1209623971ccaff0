import type { GeneratedShipParsed } from '../commands/battles'
import type { Hull, ShipDesign } from '../ship/design'
import { hasShallowDraft, hullStats, quoteDesign, type ShipRules } from '../ship/quote'
import type { Behaviour, Captain, Control, CrewKind, FortSize, ParticipantSetupInput } from './types'
import { theShip } from '../words'

/**
 * Ships, forts and towns that are not in the campaign, made for a battle (pure: rule tables in,
 * plain data out). Encounter ships follow the rules guide §2 "Encounter armament" (the seed's own
 * table is missing): "lightly armed" is half of each battery (rounded down) and 60% of the maximum
 * crew; "heavily armed" is every gun slot filled and the maximum crew. They are measured by the
 * campaign's ship rule tables (`quoteDesign`), so a GM's edit to a hull changes them too, and each
 * comes with a real `ShipDesign` so that a captured one can join the campaign as a prize.
 */

// ─── House defaults (the seed and the rules guide are silent) ──────────────────────────────────

/** "Lightly armed": this percentage of the maximum crew, rounded down (rules guide §2). */
export const LIGHT_CREW_PERCENT = 60
/**
 * House default: an encounter ship carries shot and powder for this many volleys of every long gun
 * (seed 003: guns × times fired / 120 tons), rounded up to tenths of a ton, never more than her hold
 * takes after the ton kept for food.
 */
export const POWDER_VOLLEYS = 10
/** House default: forts and towns have deep magazines (tons of shot and powder). */
export const FORT_POWDER_TONS = 99
/** House default: a fort or a town is a large target (Size, for the +5/−5 size term of a hit roll). */
export const FORT_SIZE = 9
/** An average captain (7th Sea: Wits 2, Tactics 1, Strategy 1) when none is named. */
export const AVERAGE_CAPTAIN = { wits: 2, tactics: 1, strategy: 1 } as const

/** Forts (rules guide §2, "Forts": default; the text's table is missing). Every garrison member is a Trained Fighter. */
export const FORTS: Record<FortSize, { structure: number; guns: number; garrison: number; freeRaises: number }> = {
  small: { structure: 60, guns: 8, garrison: 40, freeRaises: 1 },
  medium: { structure: 120, guns: 16, garrison: 80, freeRaises: 1 },
  large: { structure: 200, guns: 30, garrison: 150, freeRaises: 1 }
}

const FORT_LABEL: Record<FortSize, string> = { small: 'Small fort', medium: 'Medium fort', large: 'Large fort' }

// ─── Encounter ships ────────────────────────────────────────────────────────────────────────────

/** Tenths of a ton of powder for `volleys` of `guns` long guns (seed 003: guns × times / 120 t), rounded up. */
function powderTenths(guns: number, volleys: number): number {
  const num = guns * volleys * 10
  return Math.floor((num + 119) / 120)
}

/**
 * The design of an encountered ship (rules guide §2 "Encounter armament"): heavily armed fills
 * every long-gun and pont-gun slot the hull has; lightly armed mounts half of each battery, rounded
 * down. No boats, modifications or flaws; powder for POWDER_VOLLEYS volleys, capped by the hold.
 */
export function encounterDesign(g: { hull: Hull; frigate?: boolean; armament: 'light' | 'heavy' }, rules: ShipRules): ShipDesign {
  const row = hullStats(rules.shipHulls, g.hull)
  const pont = row.size * rules.shipOutfitting.pontGunsPerSizePerSide
  const arm = (n: number) => (g.armament === 'heavy' ? n : Math.floor(n / 2))
  const design: ShipDesign = {
    hull: g.hull,
    frigate: g.hull === 'smallWarship' && g.frigate === true,
    colonial: false,
    guns: { port: arm(row.gunsPerSide), starboard: arm(row.gunsPerSide), chasers: arm(row.chasers), stern: arm(row.sternGuns) },
    pontGuns: { port: arm(pont), starboard: arm(pont) },
    jollyBoats: 0,
    powderTons: 0,
    modifications: {},
    flaws: {}
  }
  const q = quoteDesign(design, rules)
  const longGuns = design.guns.port + design.guns.starboard + design.guns.chasers + design.guns.stern
  const holdTenths = Math.max(0, Math.floor((q.derived.cargoCapacity - q.derived.foodReserve - q.derived.cargoUsed) * 10 + 1e-9))
  design.powderTons = Math.min(powderTenths(longGuns, POWDER_VOLLEYS), holdTenths) / 10
  return design
}

/** The crew of an encountered ship: the maximum (heavily armed) or 60% of it, rounded down (lightly armed). */
export function encounterCrew(maxCrew: number, armament: 'light' | 'heavy'): number {
  return armament === 'heavy' ? maxCrew : Math.floor((maxCrew * LIGHT_CREW_PERCENT) / 100)
}

/**
 * How the AI captain behaves by default (seed 003 III, after the encounter table): Merchantmen and
 * Galleons evade; Corsairs prey on merchants (naval Corsairs are patrol ships); Small Warships of a
 * navy patrol, Large ones hunt pirates as warships; pirate and privateer warships act as corsairs.
 */
export function defaultBehaviour(hull: Hull, crewKind: CrewKind): Behaviour {
  const raider = crewKind === 'pirate' || crewKind === 'privateer'
  switch (hull) {
    case 'merchantman':
    case 'galleon':
      return 'merchant'
    case 'corsair':
      return crewKind === 'naval' ? 'patrol' : 'corsair'
    case 'smallWarship':
      return raider ? 'corsair' : crewKind === 'naval' ? 'patrol' : 'warship'
    case 'largeWarship':
      return raider ? 'corsair' : 'warship'
  }
}

/** "Montaigne Merchantman", "Pirate Corsair", "Vendel Frigate"; the hull's name from the campaign's table. */
export function encounterName(g: { hull: Hull; frigate?: boolean; nation?: string; crewKind?: CrewKind }, rules: ShipRules): string {
  const hull = g.hull === 'smallWarship' && g.frigate ? 'Frigate' : hullStats(rules.shipHulls, g.hull).name
  const who = g.nation?.trim() || (g.crewKind === 'pirate' ? 'Pirate' : g.crewKind === 'privateer' ? 'Privateer' : '')
  return who ? `${who} ${hull}` : hull
}

/** Names that occur more than once are numbered: ["A", "B", "A"] → ["A 1", "B", "A 2"]. */
export function numberNames(names: readonly string[]): string[] {
  const total = new Map<string, number>()
  for (const n of names) total.set(n, (total.get(n) ?? 0) + 1)
  const seen = new Map<string, number>()
  return names.map((n) => {
    if ((total.get(n) ?? 0) < 2) return n
    const k = (seen.get(n) ?? 0) + 1
    seen.set(n, k)
    return `${n} ${k}`.slice(0, 80)
  })
}

/** The captain of a generated ship; he leads her boarding and defence parties (with "Over the Side" if the GM says so). */
function captainFor(name: string, c?: { wits: number; tactics: number; strategy: number }, overTheSide = false): Captain {
  const stats = c ?? AVERAGE_CAPTAIN
  return { name: `Captain of ${theShip(name)}`.slice(0, 80), wits: stats.wits, tactics: stats.tactics, strategy: stats.strategy, overTheSide }
}

export interface Placement {
  id: string
  side: string
  control: Control
  /** The name to use (already numbered); default: encounterName. */
  name?: string
}

/** A battle participant and her design from an encounter description ("a heavily armed Montaigne Merchantman"). */
export function generateShip(g: GeneratedShipParsed, at: Placement, rules: ShipRules): { participant: ParticipantSetupInput; design: ShipDesign } {
  const design = encounterDesign(g, rules)
  const q = quoteDesign(design, rules)
  const name = at.name ?? g.name ?? encounterName(g, rules)
  const participant: ParticipantSetupInput = {
    id: at.id,
    name,
    side: at.side,
    kind: 'ship',
    hull: g.hull,
    nation: g.nation,
    crewKind: g.crewKind,
    hullPoints: q.derived.hull,
    riggingPoints: q.derived.rigging,
    speed: q.derived.speed,
    handling: q.derived.handling,
    size: q.derived.size,
    threatRating: q.derived.threatRating,
    guns: { ...design.guns },
    pontGuns: { ...design.pontGuns },
    crew: encounterCrew(q.derived.maxCrew, g.armament),
    marines: 0,
    officers: 0,
    boardingParty: 0,
    powderTons: design.powderTons,
    // Seed 003 I: Corsairs and Small Warships (except Frigates) have shallow drafts — the hull
    // table the shipyard uses (and its frigate draft) says which.
    shallowDraft: hasShallowDraft(design, rules.shipHulls),
    oars: false,
    captain: captainFor(name, g.captain, g.overTheSide === true),
    gunners: { port: g.gunnery, starboard: g.gunnery, chasers: g.gunnery, stern: g.gunnery },
    control: at.control,
    behaviour: g.behaviour ?? defaultBehaviour(g.hull, g.crewKind)
  }
  return { participant, design }
}

// ─── Forts and towns ────────────────────────────────────────────────────────────────────────────

/**
 * A fort (rules guide §2 "Forts"): Structure as its Hull points, all its guns in one battery (the
 * 'port' battery; a fort fires every turn), its garrison as crew, every one a Trained Fighter
 * (marines = garrison), a large immovable target (Size FORT_SIZE, Handling 0, Speed 0).
 */
export function fortParticipant(f: { size: FortSize; name: string; nation?: string }, at: Placement): ParticipantSetupInput {
  const row = FORTS[f.size]
  const name = at.name ?? f.name
  return {
    id: at.id,
    name,
    side: at.side,
    kind: 'fort',
    fortSize: f.size,
    nation: f.nation ?? '',
    crewKind: 'naval',
    hullPoints: row.structure,
    riggingPoints: 0,
    speed: 0,
    handling: 0,
    size: FORT_SIZE,
    threatRating: 2,
    guns: { port: row.guns, starboard: 0, chasers: 0, stern: 0 },
    crew: row.garrison,
    marines: row.garrison,
    powderTons: FORT_POWDER_TONS,
    captain: { ...captainFor(name), name: `Commander of ${name}`.slice(0, 80) },
    control: at.control,
    behaviour: 'fort'
  }
}

/** The label of a fort size ("Medium fort"). */
export const fortLabel = (size: FortSize) => FORT_LABEL[size]

/**
 * A town under bombardment (seed 003 VI): its guns in one battery, Hull points = the damage that
 * makes it surrender (the battle's townSurrenderAt), gun crews only (house default: 3 per gun).
 */
export function townParticipant(t: { name: string; guns: number }, at: Placement, surrenderAt: number): ParticipantSetupInput {
  const name = at.name ?? t.name
  return {
    id: at.id,
    name,
    side: at.side,
    kind: 'town',
    nation: '',
    crewKind: 'merchant',
    hullPoints: Math.min(Math.max(1, surrenderAt), 9999),
    riggingPoints: 0,
    speed: 0,
    handling: 0,
    size: FORT_SIZE,
    threatRating: 2,
    guns: { port: t.guns, starboard: 0, chasers: 0, stern: 0 },
    crew: 3 * t.guns,
    powderTons: FORT_POWDER_TONS,
    captain: { ...captainFor(name), name: `Governor of ${name}`.slice(0, 80) },
    control: at.control,
    behaviour: 'fort'
  }
}

// ─── The encounter table (seed 003, III. Of Encounters at Sea, rolled on 5K5) ───────────────────

/** How many ships: a number, "3 to 6" (rules guide §2: a d6 re-rolling 1 and 2), "1K1+2", or as many as another group. */
export type EncounterCount =
  | { kind: 'fixed'; n: number }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'roll'; notation: string }
  | { kind: 'same'; as: number }

export interface EncounterGroup {
  count: EncounterCount
  hull: Hull
  frigate: boolean
  armament: 'light' | 'heavy'
  /** Adjective used in names ("Castillian"); empty = for the GM to say (the nearest sea power…). */
  nation: string
  crewKind: CrewKind
  behaviour: Behaviour
}

export interface EncounterEntry {
  /** The 5K5 roll (5-50). */
  roll: number
  /** The seed's line, verbatim. */
  label: string
  groups: EncounterGroup[]
  /** A reading the line needed (a missing armament, a nation left to the GM). */
  note?: string
}

const one: EncounterCount = { kind: 'fixed', n: 1 }
const n = (k: number): EncounterCount => ({ kind: 'fixed', n: k })
const threeToSix: EncounterCount = { kind: 'range', min: 3, max: 6 }
const k1plus2: EncounterCount = { kind: 'roll', notation: '1k1+2' }

function grp(count: EncounterCount, armament: 'light' | 'heavy', hull: Hull, nation: string, crewKind: CrewKind, extra: { behaviour?: Behaviour; frigate?: boolean } = {}): EncounterGroup {
  return { count, hull, frigate: extra.frigate ?? false, armament, nation, crewKind, behaviour: extra.behaviour ?? defaultBehaviour(hull, crewKind) }
}

const NEAREST = 'The nation is the nearest sea power: the GM names it.'
const FLEET_ARMS = 'The seed does not say how a fleet is armed: heavily armed (house reading).'

/**
 * The entries of the encounter table that name ships (seed 003 III; the others — Sirens, an island,
 * the 7th Sea, a Leviathan, a ghost ship, a major pirate's ship of no stated hull, the Black
 * Freighter — are for the GM to play). "Pirate/Privateer" ships are pirates (the GM may make them
 * privateers); the spelling "Vodocce" is the seed's, the nation is Vodacce.
 */
const ENCOUNTERS: EncounterEntry[] = [
  { roll: 5, label: 'A heavily armed Eisen mercenary Small Warship', groups: [grp(one, 'heavy', 'smallWarship', 'Eisen', 'privateer', { behaviour: 'warship' })] },
  { roll: 6, label: 'A lightly armed Montaigne Merchantman', groups: [grp(one, 'light', 'merchantman', 'Montaigne', 'merchant')] },
  {
    roll: 7,
    label: 'A lightly armed patrol ship (Small Warship) belonging to the nearest sea power.',
    groups: [grp(one, 'light', 'smallWarship', '', 'naval', { behaviour: 'patrol' })],
    note: NEAREST
  },
  { roll: 8, label: 'A heavily armed Castillian Galleon', groups: [grp(one, 'heavy', 'galleon', 'Castillian', 'merchant')] },
  { roll: 9, label: 'A heavily armed Pirate/Privateer Corsair', groups: [grp(one, 'heavy', 'corsair', '', 'pirate')] },
  { roll: 10, label: 'A lightly armed Vendel Frigate (Small Warship)', groups: [grp(one, 'light', 'smallWarship', 'Vendel', 'naval', { frigate: true })] },
  { roll: 11, label: 'A heavily armed Avalon Merchantman', groups: [grp(one, 'heavy', 'merchantman', 'Avalon', 'merchant')] },
  {
    roll: 12,
    label: 'A Castillian convoy of 2 lightly armed Merchantmen and 2 heavily armed Small Warships.',
    groups: [grp(n(2), 'light', 'merchantman', 'Castillian', 'merchant'), grp(n(2), 'heavy', 'smallWarship', 'Castillian', 'naval', { behaviour: 'warship' })]
  },
  { roll: 13, label: 'Two heavily armed Castillian Galleons', groups: [grp(n(2), 'heavy', 'galleon', 'Castillian', 'merchant')] },
  { roll: 14, label: 'Two lightly armed Pirate/Privateer Corsairs', groups: [grp(n(2), 'light', 'corsair', '', 'pirate')] },
  { roll: 15, label: 'A heavily armed Vesten Small Warship', groups: [grp(one, 'heavy', 'smallWarship', 'Vesten', 'naval')] },
  { roll: 16, label: 'A heavily armed Castillian Merchantman', groups: [grp(one, 'heavy', 'merchantman', 'Castillian', 'merchant')] },
  {
    roll: 17,
    label: 'A heavily armed Large Warship belonging to the nearest nation searching for Pirates/Enemy Privateers',
    groups: [grp(one, 'heavy', 'largeWarship', '', 'naval', { behaviour: 'warship' })],
    note: NEAREST
  },
  { roll: 18, label: 'A lightly armed Avalon Corsair', groups: [grp(one, 'light', 'corsair', 'Avalon', 'privateer')] },
  { roll: 19, label: 'A heavily armed Vodocce Galleon', groups: [grp(one, 'heavy', 'galleon', 'Vodacce', 'merchant')] },
  {
    roll: 20,
    label: 'A small Avalon fleet (3 to 6 Small Warships)',
    groups: [grp(threeToSix, 'heavy', 'smallWarship', 'Avalon', 'naval', { behaviour: 'fleet' })],
    note: FLEET_ARMS
  },
  { roll: 21, label: 'A heavily armed Montaigne Merchantman', groups: [grp(one, 'heavy', 'merchantman', 'Montaigne', 'merchant')] },
  { roll: 22, label: 'A heavily armed Pirate/Privateer Small Warship', groups: [grp(one, 'heavy', 'smallWarship', '', 'pirate')] },
  {
    roll: 23,
    label: 'Two heavily armed patrol ships (Corsairs) belonging to the nearest nation',
    groups: [grp(n(2), 'heavy', 'corsair', '', 'naval', { behaviour: 'patrol' })],
    note: NEAREST
  },
  { roll: 24, label: 'A heavily armed Vendel Merchantman', groups: [grp(one, 'heavy', 'merchantman', 'Vendel', 'merchant')] },
  {
    roll: 25,
    label: 'A small Montaigne fleet (3 to 6 Small Warships)',
    groups: [grp(threeToSix, 'heavy', 'smallWarship', 'Montaigne', 'naval', { behaviour: 'fleet' })],
    note: FLEET_ARMS
  },
  { roll: 26, label: 'Two lightly armed Castillian Merchantmen', groups: [grp(n(2), 'light', 'merchantman', 'Castillian', 'merchant')] },
  { roll: 27, label: 'A heavily armed Pirate/Privateer Corsair', groups: [grp(one, 'heavy', 'corsair', '', 'pirate')] },
  { roll: 28, label: 'A lightly armed Vodocce Merchantman', groups: [grp(one, 'light', 'merchantman', 'Vodacce', 'merchant')] },
  { roll: 29, label: 'A lightly armed Vesten Merchantman', groups: [grp(one, 'light', 'merchantman', 'Vesten', 'merchant')] },
  {
    roll: 30,
    label: 'A small Vendel fleet (3 to 6 Small Warships)',
    groups: [grp(threeToSix, 'heavy', 'smallWarship', 'Vendel', 'naval', { behaviour: 'fleet' })],
    note: FLEET_ARMS
  },
  { roll: 31, label: 'A heavily armed Castillian Large Warship', groups: [grp(one, 'heavy', 'largeWarship', 'Castillian', 'naval')] },
  {
    roll: 32,
    label: 'Two heavily armed patrol ships (Small Warships) belonging to the nearest major naval power (i.e. Avalon, Castille, or Montaigne)',
    groups: [grp(n(2), 'heavy', 'smallWarship', '', 'naval', { behaviour: 'patrol' })],
    note: 'The nation is the nearest of Avalon, Castille or Montaigne: the GM names it.'
  },
  { roll: 33, label: 'A lightly armed Montaigne Merchantman', groups: [grp(one, 'light', 'merchantman', 'Montaigne', 'merchant')] },
  { roll: 34, label: 'A heavily armed Avalon Large Warship', groups: [grp(one, 'heavy', 'largeWarship', 'Avalon', 'naval')] },
  {
    roll: 35,
    label: 'A Castillian convoy of 2 lightly armed Galleons and 2 heavily armed Large Warships',
    groups: [grp(n(2), 'light', 'galleon', 'Castillian', 'merchant'), grp(n(2), 'heavy', 'largeWarship', 'Castillian', 'naval')]
  },
  {
    roll: 36,
    label: 'An Avalon fleet of 1K1+2 Small Warships',
    groups: [grp(k1plus2, 'heavy', 'smallWarship', 'Avalon', 'naval', { behaviour: 'fleet' })],
    note: FLEET_ARMS
  },
  {
    roll: 37,
    label: 'A Montaigne fleet of 1K1+2 Small Warships',
    groups: [grp(k1plus2, 'heavy', 'smallWarship', 'Montaigne', 'naval', { behaviour: 'fleet' })],
    note: FLEET_ARMS
  },
  {
    roll: 38,
    label: 'A Pirate/Privateer fleet of 1K1+2 Corsairs',
    groups: [grp(k1plus2, 'heavy', 'corsair', '', 'pirate', { behaviour: 'fleet' })],
    note: FLEET_ARMS
  },
  {
    roll: 39,
    label: 'A Pirate/Privateer fleet of 3 to 6 Small Warships',
    groups: [grp(threeToSix, 'heavy', 'smallWarship', '', 'pirate', { behaviour: 'fleet' })],
    note: FLEET_ARMS
  },
  { roll: 40, label: 'A heavily armed Montaigne Merchantman', groups: [grp(one, 'heavy', 'merchantman', 'Montaigne', 'merchant')] },
  {
    roll: 41,
    label: 'A Castillian treasure fleet of 3 to 6 heavily armed Galleons guarded by an equal number of heavily armed Large Warships',
    groups: [grp(threeToSix, 'heavy', 'galleon', 'Castillian', 'merchant', { behaviour: 'fleet' }), grp({ kind: 'same', as: 0 }, 'heavy', 'largeWarship', 'Castillian', 'naval', { behaviour: 'fleet' })]
  },
  {
    roll: 44,
    label: "A heavily armed Inquisition Small Warship (Their mission is up to the GM)",
    groups: [grp(one, 'heavy', 'smallWarship', 'Inquisition', 'naval', { behaviour: 'warship' })]
  },
  { roll: 45, label: 'A heavily armed Crescent Corsair', groups: [grp(one, 'heavy', 'corsair', 'Crescent', 'privateer')] }
]

/** The encounter table's ship entries (a fresh copy). */
export function encounterTable(): EncounterEntry[] {
  return structuredClone(ENCOUNTERS)
}
