/**
 * Participants for High Seas tests, built from the rules guide (RULES.md §2): the hull table (seed 003 I,
 * as `SHIP_HULLS` ships it) and the encounter armament default — "lightly armed": half of each battery
 * (rounded down) and 60% of the maximum crew; "heavily armed": every gun slot filled, maximum crew.
 * Forts from the forts default table (structure, guns that fire every turn, garrison).
 */
import type { Hull } from '../src/shared/ship/design'
import { SHIP_HULLS } from '../src/shared/ship/tables'
import { fortParticipant } from '../src/shared/highseas/generate'
import {
  BattleSetup,
  ParticipantSetup,
  type Behaviour,
  type BattleSetupInput,
  type CrewKind,
  type FortSize,
  type ParticipantSetupInput,
  type Range,
  type Weather
} from '../src/shared/highseas/types'

export type Armament = 'light' | 'heavy'

export interface ShipOptions {
  side?: string
  name?: string
  behaviour?: Behaviour
  crewKind?: CrewKind
  control?: 'gm' | 'ai'
  /** Anything else of ParticipantSetup to override (gunners, captain, damage…). */
  extra?: Partial<ParticipantSetupInput>
}

function hullRow(hull: Hull) {
  const row = SHIP_HULLS.hulls.find((h) => h.hull === hull)
  if (!row) throw new Error(`no hull ${hull}`)
  return row
}

/** A ship of the hull table, lightly or heavily armed per the encounter armament default. */
export function ship(id: string, hull: Hull, armament: Armament, opts: ShipOptions = {}): ParticipantSetup {
  const row = hullRow(hull)
  const battery = (n: number) => (armament === 'heavy' ? n : Math.floor(n / 2))
  const crew = armament === 'heavy' ? row.maxCrew : Math.floor(row.maxCrew * 0.6)
  const input: ParticipantSetupInput = {
    id,
    name: opts.name ?? `${armament === 'heavy' ? 'Heavy' : 'Light'} ${row.name} ${id}`,
    side: opts.side ?? id,
    kind: 'ship',
    hull,
    crewKind: opts.crewKind ?? 'merchant',
    hullPoints: row.hullPoints,
    riggingPoints: row.riggingPoints,
    speed: row.speed,
    handling: row.handling,
    size: row.size,
    threatRating: 2,
    guns: { port: battery(row.gunsPerSide), starboard: battery(row.gunsPerSide), chasers: battery(row.chasers), stern: battery(row.sternGuns) },
    crew,
    powderTons: 6,
    shallowDraft: row.draft === 'shallow',
    control: opts.control ?? 'ai',
    behaviour: opts.behaviour ?? 'merchant',
    captain: { name: `Captain ${id}`, wits: 2, tactics: 1, strategy: 1, overTheSide: false },
    ...opts.extra
  }
  return ParticipantSetup.parse(input)
}

/** A fort of the forts default table (the battle generator's own: all its guns in the 'port' battery). */
export function fort(id: string, size: FortSize, opts: ShipOptions = {}): ParticipantSetup {
  return ParticipantSetup.parse({
    ...fortParticipant({ size, name: opts.name ?? `Fort ${id}` }, { id, side: opts.side ?? id, control: opts.control ?? 'ai' }),
    ...opts.extra
  })
}

export interface BattleOptions {
  name?: string
  range?: Range
  weather?: Weather
  seed?: number
  ranges?: BattleSetupInput['ranges']
}

export function battle(participants: ParticipantSetup[], opts: BattleOptions = {}): BattleSetup {
  return BattleSetup.parse({
    name: opts.name ?? 'Test battle',
    participants,
    range: opts.range ?? 'extreme',
    ranges: opts.ranges ?? {},
    weather: opts.weather ?? 'clear',
    seed: opts.seed ?? 1
  } satisfies BattleSetupInput)
}

/** The bench duel: a heavily armed pirate Corsair against a heavily armed Merchantman, both AI, at Extreme range. */
export function corsairVsMerchant(seed = 1, range: Range = 'extreme'): BattleSetup {
  return battle(
    [
      ship('corsair', 'corsair', 'heavy', { side: 'pirates', behaviour: 'corsair', crewKind: 'pirate' }),
      ship('merchant', 'merchantman', 'heavy', { side: 'merchants', behaviour: 'merchant', crewKind: 'merchant' })
    ],
    { range, seed, name: 'Corsair vs Merchantman' }
  )
}
