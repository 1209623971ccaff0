import { z } from 'zod'
import { Range, Weather } from '../highseas/types'
import { AtriliaSetupOut, BattleParticipantInput } from './battles'
import { EncounterBattleChoices } from '../atrilia/encounter-setup'
import { Edge } from '../atrilia/types'
import { contract } from './contract'
import { Term } from './core'
import { DisplayName, NoInput } from './schemas'
import { AtrilianEncounterShip } from '../voyage/atrilia'

/**
 * Contracts of voyages on the sea chart (issue 7; seed 003, II. Of Sea Travel, III. Of Encounters
 * at Sea, passengers in VIII. Of Sea Trade; rules guide §1-2): the chart (ports with positions, sea
 * areas with their water kind, routes), planning and sailing voyages day by day on the campaign
 * clock, the wind, special events, encounter checks and encounters that launch battles.
 */

const Id = z.number().int().positive()
/** A chart coordinate (chart units; the chart's scale gives nautical miles per unit). */
const Coord = z.number().finite().min(-100_000).max(100_000)
export const Point = z.object({ x: Coord, y: Coord }).strict()
export type Point = z.infer<typeof Point>

// ─── The chart ──────────────────────────────────────────────────────────────────────────────────

/**
 * The chart's unit of distance, by the campaign's setting: nautical miles in Théah (seed 003), kilometres
 * in Atrilia (seed 002 gives speeds in km/h). Every distance of the chart and its voyages (the fields
 * named `…Nm`, kept so for Théah's files and callers) is in this unit.
 */
export const DistanceUnit = z.enum(['nm', 'km'])
export type DistanceUnit = z.infer<typeof DistanceUnit>

/**
 * The water kind of a sea area, which sets how often an encounter check is made (seed 003 III):
 * daily in coastal, colonial or continental waters; weekly in major sea lanes; monthly in uncharted
 * or unexplored waters. Open sea outside every area counts as `defaultWater` (chart settings).
 */
export const WATER_KINDS = ['coastal', 'colonial', 'continental', 'seaLane', 'uncharted'] as const
export const WaterKind = z.enum(WATER_KINDS)
export type WaterKind = z.infer<typeof WaterKind>
export const CheckEvery = z.enum(['day', 'week', 'month'])
export type CheckEvery = z.infer<typeof CheckEvery>

export const ChartPort = z.object({
  portId: Id,
  name: z.string(),
  nation: z.string(),
  major: z.boolean(),
  colonial: z.boolean(),
  pirateHaven: z.boolean(),
  /** Null until placed on the chart. */
  x: z.number().nullable(),
  y: z.number().nullable()
})
export type ChartPort = z.infer<typeof ChartPort>

export const SeaArea = z.object({
  id: Id,
  name: z.string(),
  kind: WaterKind,
  /** How often an encounter check is made here. */
  checkEvery: CheckEvery,
  polygon: z.array(Point)
})
export type SeaArea = z.infer<typeof SeaArea>

/** Land on the chart (issue 18): a coast or an island, drawn under the sea areas. */
export const ChartLand = z.object({ id: Id, name: z.string(), polygon: z.array(Point) })
export type ChartLand = z.infer<typeof ChartLand>

export const Route = z.object({
  id: Id,
  fromPortId: Id,
  toPortId: Id,
  fromName: z.string(),
  toName: z.string(),
  /** Waypoints between the two ports (the polyline is from-port, via…, to-port). */
  via: z.array(Point),
  /** The whole polyline, ports included (empty when a port is not placed). */
  points: z.array(Point),
  /** The polyline's length × the chart scale (null when a port is not placed). */
  measuredNm: z.number().int().nullable(),
  /** A typed distance, which wins over the measured one. */
  distanceOverride: z.number().int().nullable(),
  /** The distance voyages use. */
  distanceNm: z.number().int()
})
export type Route = z.infer<typeof Route>

export const ChartSettings = z.object({
  /** Distance units (the chart's `unit`) per chart unit. */
  scaleNmPerUnit: z.number(),
  /** Nautical miles (Théah) or kilometres (Atrilia). */
  unit: DistanceUnit,
  width: z.number().int(),
  height: z.number().int(),
  /** The water kind of open sea outside every drawn area. */
  defaultWater: WaterKind
})
export type ChartSettings = z.infer<typeof ChartSettings>

export const ChartShip = z.object({
  shipId: Id,
  name: z.string(),
  status: z.string(),
  /** In port (null at sea). */
  portId: Id.nullable(),
  /** Where she is drawn (null: in a port that is not placed, or at sea on no voyage). */
  x: z.number().nullable(),
  y: z.number().nullable(),
  voyageId: Id.nullable()
})

export const VoyageTrack = z.object({
  voyageId: Id,
  name: z.string(),
  status: z.string(),
  /** The planned course, port to port (the ports' polylines, legs joined). */
  course: z.array(Point),
  /** Where the squadron has been, day by day (blown off course included). */
  track: z.array(Point),
  position: Point.nullable()
})

export const Chart = z.object({
  settings: ChartSettings,
  ports: z.array(ChartPort),
  areas: z.array(SeaArea),
  /** Coasts and islands (issue 18). */
  land: z.array(ChartLand),
  routes: z.array(Route),
  ships: z.array(ChartShip),
  voyages: z.array(VoyageTrack)
})
export type Chart = z.infer<typeof Chart>

const Polygon = z.array(Point).min(3, 'a sea area needs at least three corners').max(500, 'at most 500 corners')

// ─── Speeds, wind, events ───────────────────────────────────────────────────────────────────────

/** The voyage's winds (seed 003 II: one die a voyage on the wind table). */
export const Wind = z.object({ roll: z.number().int(), label: z.string(), nmPerDay: z.number().int() })
export type Wind = z.infer<typeof Wind>

export const ShipSpeed = z.object({
  shipId: Id,
  name: z.string(),
  /** Every term: base by hull, streamlined, well trained, master-o'-tops, pilot, rigging lost, careening, sluggish (and the wind once rolled). */
  breakdown: z.array(Term),
  /** Nautical miles a day before the wind (never below the floor). */
  withoutWind: z.number().int(),
  /** With the worst and best wind of the table (the plan shows the range). */
  min: z.number().int(),
  max: z.number().int(),
  /** With the voyage's wind, once rolled (null in a plan). */
  nmPerDay: z.number().int().nullable(),
  /** Why she cannot sail (no minimum sail crew, no food aboard, not in the first port…). */
  problems: z.array(z.string())
})
export type ShipSpeed = z.infer<typeof ShipSpeed>

export const Leg = z.object({
  fromPortId: Id,
  toPortId: Id,
  fromName: z.string(),
  toName: z.string(),
  /** The route drawn on the chart; null: the direct course across open sea (a sea lane), no route drawn. */
  routeId: Id.nullable(),
  distanceNm: z.number().int()
})

export const VoyagePlan = z.object({
  /** The unit of every distance here (nm in Théah, km in Atrilia). */
  unit: DistanceUnit,
  /** Whether the winds change the squadron's speed (Théah: one die a voyage; Atrilia: no wind table). */
  windRolled: z.boolean(),
  /** How encounters come on this voyage, in words (Atrilia: the GM's, and the house table when filled). */
  encounterNote: z.string().nullable(),
  legs: z.array(Leg),
  distanceNm: z.number().int(),
  ships: z.array(ShipSpeed),
  /** The squadron sails at its slowest ship. */
  squadron: z.object({ slowestShipId: Id.nullable(), withoutWind: z.number().int(), min: z.number().int(), max: z.number().int() }),
  /** Days at sea: with moderate winds, the best and the worst wind. */
  expectedDays: z.object({ moderate: z.number().int(), fastest: z.number().int(), slowest: z.number().int() }),
  /** The water kinds crossed and how often encounters are checked. */
  waters: z.array(z.object({ kind: WaterKind, checkEvery: CheckEvery, nm: z.number().int() })),
  /** Food aboard, in days for the slowest-lasting ship (null: nobody aboard). */
  foodDays: z.number().int().nullable(),
  problems: z.array(z.string()),
  canSail: z.boolean()
})
export type VoyagePlan = z.infer<typeof VoyagePlan>

/** The ten results of the special events table (seed 003 II). */
export const SPECIAL_EVENTS = ['becalmed', 'fog', 'disease', 'squalls', 'wreck', 'storm'] as const
export const SpecialEventKind = z.enum(SPECIAL_EVENTS)
export type SpecialEventKind = z.infer<typeof SpecialEventKind>

/** A die roll with what it decided. */
export const VoyageRoll = z.object({
  purpose: z.string(),
  notation: z.string(),
  dice: z.array(z.number()),
  total: z.number(),
  tn: z.number().nullable(),
  success: z.boolean().nullable()
})
export type VoyageRoll = z.infer<typeof VoyageRoll>

export const VoyageLogEntry = z.object({
  id: Id,
  day: z.number().int(),
  label: z.string(),
  kind: z.enum(['start', 'day', 'check', 'encounter', 'event', 'battle', 'choice', 'port', 'arrival', 'passengers', 'ship', 'note', 'end']),
  text: z.string(),
  miles: z.number().int(),
  rolls: z.array(VoyageRoll)
})
export type VoyageLogEntry = z.infer<typeof VoyageLogEntry>

// ─── Encounters ─────────────────────────────────────────────────────────────────────────────────

export const EncounterChoice = z.enum(['pass', 'evade', 'parley', 'fight'])
export type EncounterChoice = z.infer<typeof EncounterChoice>

export const PendingEncounter = z.object({
  kind: z.literal('encounter'),
  /** The 5k5 roll (5-50). */
  entry: z.number().int(),
  /** The seed's line. */
  label: z.string(),
  /** A special entry (sirens, island, the 7th Sea, leviathan, ghost ship, a major pirate, the Black Freighter): the GM plays it. */
  special: z.boolean(),
  /** What the GM is asked to do for a special entry, or a reading the line needed. */
  prompt: z.string().nullable(),
  /** The ships met, as battle participant inputs (side 'them', AI). */
  ships: z.array(BattleParticipantInput),
  /** Their names, for the card. */
  names: z.array(z.string()),
  weather: Weather,
  /** Where it appears (Extreme, closer in rough weather, fog or storm). */
  appearsAt: Range,
  /** The lookouts' Observation check: when it is seen and recognised (null: not seen before Close). */
  sighting: z.object({ observer: z.string(), roll: VoyageRoll, seenAt: Range.nullable() }),
  /** The range a fight or chase starts at. */
  range: Range,
  behaviour: z.object({ theirs: z.string(), ours: z.string() }),
  choices: z.array(EncounterChoice)
})
export type PendingEncounter = z.infer<typeof PendingEncounter>

export const PendingEvent = z.object({
  kind: z.literal('event'),
  /** The d10 (1-10). */
  roll: z.number().int(),
  event: SpecialEventKind,
  label: z.string(),
  text: z.string(),
  /** How it came: a Drama Die the GM spent, or the weekly chance. */
  cause: z.enum(['drama', 'chance']),
  /** Players may spend Drama Dice (one each, all must agree) to avoid it. */
  avoidable: z.boolean()
})
export type PendingEvent = z.infer<typeof PendingEvent>

/**
 * An encounter of an Atrilia voyage (seed 002 has no encounter table; rules guide §3): added by the GM on
 * the day the voyage is at, or met on the house encounter table. Its ships carry everything a hex battle
 * needs of them (type, nation, crew quality, marines, improvements, wizards).
 */
export const AtrilianEncounter = z.object({
  kind: z.literal('atrilianEncounter'),
  /** The number of this encounter on the voyage (1, 2…). */
  n: z.number().int().positive(),
  day: z.number().int(),
  label: z.string(),
  source: z.enum(['gm', 'houseTable']),
  /** The house table's roll (null when the GM added it). */
  roll: VoyageRoll.nullable(),
  ships: z.array(AtrilianEncounterShip),
  /** Each ship in words, for the card and the log. */
  names: z.array(z.string()),
  note: z.string().nullable(),
  /** Where on the chart (null when the course is not drawn). */
  position: Point.nullable(),
  choices: z.array(EncounterChoice),
  /** How the GM answered it (null while it waits). */
  answer: z.object({ choice: EncounterChoice, note: z.string().nullable() }).nullable()
})
export type AtrilianEncounter = z.infer<typeof AtrilianEncounter>

export const VoyageStop = z.enum(['encounter', 'event', 'battle', 'port', 'arrival', 'days', 'wrecked', 'lost'])
export type VoyageStop = z.infer<typeof VoyageStop>

export const VoyageShip = z.object({
  shipId: Id,
  name: z.string(),
  /** sailing; taken, sunk or wrecked: out of the squadron. */
  state: z.enum(['sailing', 'taken', 'sunk', 'wrecked', 'escaped']),
  speed: ShipSpeed
})

export const VoyageStatus = z.enum(['atSea', 'arrived', 'lost'])

export const Voyage = z.object({
  id: Id,
  name: z.string(),
  status: VoyageStatus,
  startedDay: z.number().int(),
  startedLabel: z.string(),
  /** Days at sea so far. */
  daysAtSea: z.number().int(),
  route: z.array(z.object({ portId: Id, name: z.string() })),
  legs: z.array(Leg),
  distanceNm: z.number().int(),
  /** Miles made along the course. */
  sailedNm: z.number(),
  /** Which leg she is on (0-based) and the miles into it. */
  leg: z.number().int(),
  legNm: z.number(),
  position: Point.nullable(),
  /** Blown off course: the offset from the course, chart units (steered back as she sails). */
  offset: Point,
  wind: Wind,
  weather: Weather,
  /** The squadron's miles a day (its slowest ship). */
  nmPerDay: z.number().int(),
  ships: z.array(VoyageShip),
  /** Days still lost to an event: becalmed, fog, lost, storm, squalls' delay. */
  delays: z.object({ becalmed: z.number().int(), fog: z.number().int(), lost: z.number().int(), storm: z.number().int(), squalls: z.number().int() }),
  passengers: z.object({ count: z.number().int(), farePer40Nm: z.number(), fare: z.number().int(), paid: z.boolean() }),
  /** The water under her keel now and when the next encounter check falls. */
  water: WaterKind,
  nextCheckDay: z.number().int().nullable(),
  pending: z.discriminatedUnion('kind', [PendingEncounter, PendingEvent, AtrilianEncounter]).nullable(),
  /** Atrilia: every encounter of this voyage, answered or waiting (Théah: none listed here; see the log). */
  encounters: z.array(AtrilianEncounter),
  /** The unit of every distance here (nm in Théah, km in Atrilia). */
  unit: DistanceUnit,
  /** Whether the winds were rolled for this voyage (Théah) or not (Atrilia). */
  windRolled: z.boolean(),
  battleId: Id.nullable(),
  /** Why the last sail stopped. */
  stop: VoyageStop.nullable(),
  endedDay: z.number().int().nullable()
})
export type Voyage = z.infer<typeof Voyage>

export const VoyageView = Voyage.extend({ log: z.array(VoyageLogEntry) })
export type VoyageView = z.infer<typeof VoyageView>

export const VoyageSummary = z.object({
  id: Id,
  name: z.string(),
  status: VoyageStatus,
  startedLabel: z.string(),
  from: z.string(),
  to: z.string(),
  ships: z.array(z.string()),
  sailedNm: z.number().int(),
  distanceNm: z.number().int(),
  unit: DistanceUnit,
  stop: VoyageStop.nullable()
})
export type VoyageSummary = z.infer<typeof VoyageSummary>

export const DramaPool = z.object({
  /** The GM's Drama Dice. */
  gm: z.number().int(),
  /** Percent chance a week at sea of a special event (0: only when the GM spends a Drama Die). */
  eventChancePerWeek: z.number().int()
})

const VoyageRef = { voyageId: Id }

/** A hex battle's set-up for an Atrilian encounter, with the words of every choice made for the GM. */
export const EncounterSetupView = z.object({
  voyageId: Id,
  setup: AtriliaSetupOut,
  edges: z.object({ squadron: Edge, encounter: Edge, coast: Edge.nullable() }),
  /** The chart's nearest land within reach of a coastline (null: open sea). */
  near: z.object({ name: z.string(), km: z.number(), edge: Edge }).nullable(),
  notes: z.array(z.string()),
  sides: z.array(z.object({ id: z.string(), name: z.string(), control: z.enum(['gm', 'ai']) }))
})
export type EncounterSetupView = z.infer<typeof EncounterSetupView>
const Dice = z.array(z.number().int()).max(2000).optional()
const ShipIds = z
  .array(Id)
  .min(1, 'choose at least one ship')
  .max(20, 'at most 20 ships')
  .refine((a) => new Set(a).size === a.length, 'each ship once')
const RoutePorts = z.array(Id).min(2, 'a voyage needs a port to leave and one to reach').max(30)

export const voyageContracts = {
  'chart.get': contract({
    summary: 'The sea chart: ports with their positions, sea areas with their water kinds, routes with distances, ships where they are and the track of each voyage.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: Chart
  }),
  'chart.configure': contract({
    summary: "Set the chart's scale (nautical miles per unit), size, and the water kind of open sea outside every area.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        scaleNmPerUnit: z.number().positive('must be more than 0').max(10_000).optional(),
        width: z.number().int().min(100).max(100_000).optional(),
        height: z.number().int().min(100).max(100_000).optional(),
        defaultWater: WaterKind.optional()
      })
      .strict(),
    output: ChartSettings
  }),
  'chart.placePort': contract({
    summary: 'Place (or move) a port on the chart.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ portId: Id, x: Coord, y: Coord }).strict(),
    output: ChartPort
  }),
  'chart.saveArea': contract({
    summary: 'Draw a sea area (a polygon) with its water kind, which sets how often encounters are checked; with an id, redraw it.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ id: Id.optional(), name: DisplayName, kind: WaterKind, polygon: Polygon }).strict(),
    output: SeaArea
  }),
  'chart.removeArea': contract({
    summary: 'Remove a sea area from the chart.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ areaId: Id }).strict(),
    output: z.object({ areaId: Id })
  }),
  'chart.saveLand': contract({
    summary: 'Draw land on the chart (a coast or an island, a polygon under the sea areas); with an id, redraw it.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ id: Id.optional(), name: DisplayName, polygon: Polygon }).strict(),
    output: ChartLand
  }),
  'chart.removeLand': contract({
    summary: 'Remove land from the chart.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ landId: Id }).strict(),
    output: z.object({ landId: Id })
  }),
  'chart.saveRoute': contract({
    summary: 'Draw a route between two ports (a polyline through waypoints); its distance is measured on the chart unless typed. With an id, redraw it.',
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        id: Id.optional(),
        fromPortId: Id,
        toPortId: Id,
        via: z.array(Point).max(500).default([]),
        distanceNm: z.number().int().min(1).max(100_000).nullable().default(null)
      })
      .strict()
      .refine((r) => r.fromPortId !== r.toPortId, { message: 'a route joins two different ports', path: ['toPortId'] }),
    output: Route
  }),
  'chart.removeRoute': contract({
    summary: 'Remove a route from the chart.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ routeId: Id }).strict(),
    output: z.object({ routeId: Id })
  }),

  'drama.get': contract({
    summary: "The GM's Drama Dice and the weekly chance of a special event at sea.",
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: DramaPool
  }),
  'drama.set': contract({
    summary: "Set the GM's Drama Dice and the weekly chance (percent) of a special event at sea.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ gm: z.number().int().min(0).max(99).optional(), eventChancePerWeek: z.number().int().min(0).max(100).optional() }).strict(),
    output: DramaPool
  }),

  'voyages.plan': contract({
    summary: "Plan a voyage: legs and distance by the chart's routes, each ship's miles a day with every term, the squadron's speed (its slowest), expected days, and why it cannot sail.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ shipIds: ShipIds, route: RoutePorts }).strict(),
    output: VoyagePlan
  }),
  'voyages.start': contract({
    summary: 'Set sail: the ships leave port, the wind is rolled (one die on the wind table), passengers come aboard at their fare.',
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        shipIds: ShipIds,
        route: RoutePorts,
        name: DisplayName.optional(),
        passengers: z.number().int().min(0).max(9999).default(0),
        /** The campaign's money per passenger per 40 of the chart's unit (nm in Théah, km in Atrilia; default: the passengers rule table, 1). */
        farePer40Nm: z.number().min(0).max(1000).optional(),
        dice: Dice
      })
      .strict(),
    output: VoyageView
  }),
  'voyages.sail': contract({
    summary: 'Sail on day by day on the campaign clock (upkeep and rations run as usual): miles, food, encounter checks when due; stops when the GM is needed (encounter, special event, arrival) or after the days asked.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...VoyageRef, days: z.number().int().min(1).max(366).optional(), dice: Dice }).strict(),
    output: z.object({
      /** The voyage as the sail left it (without its log: see `log`). */
      voyage: Voyage,
      /** The log entries this sail wrote, oldest first: the voyage's log is what it was before, then these. */
      log: z.array(VoyageLogEntry),
      days: z.number().int(),
      stop: VoyageStop,
      /** The clock's periodic steps that ran (upkeep, rations…). */
      steps: z.array(z.object({ day: z.number().int(), label: z.string(), step: z.string(), title: z.string(), effects: z.array(z.string()) }))
    })
  }),
  'voyages.get': contract({
    summary: 'A voyage with its log: every day’s miles, food, encounter checks, events and battles with their rolls.',
    scope: 'campaign',
    mutates: false,
    input: z.object(VoyageRef).strict(),
    output: VoyageView
  }),
  'voyages.list': contract({
    summary: 'Every voyage, newest first.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: z.array(VoyageSummary)
  }),
  'voyages.specialEvent': contract({
    summary: 'The GM spends a Drama Die for a special event on a voyage (one die on the seed’s table); it waits for the players to avoid it or the GM to resolve it.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...VoyageRef, spendDramaDie: z.boolean().default(true), dice: Dice }).strict(),
    output: VoyageView
  }),
  'voyages.avoidEvent': contract({
    summary: 'The players spend Drama Dice (one each, all agreeing) to avoid the pending special event.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...VoyageRef, players: z.number().int().min(1).max(20).default(1), note: z.string().max(2000).optional() }).strict(),
    output: VoyageView
  }),
  'voyages.resolveEvent': contract({
    summary: 'Let the pending special event happen: its days, damage, checks (Navigation, Pilot, Resolve, Wits) and being blown off course are rolled and applied.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...VoyageRef, dice: Dice }).strict(),
    output: VoyageView
  }),
  'voyages.resolveEncounter': contract({
    summary: 'Answer the pending encounter: let it pass, parley (the GM writes the outcome), evade (a chase on the battle board) or fight (a battle at the current range, linked to the voyage).',
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        ...VoyageRef,
        choice: EncounterChoice,
        note: z.string().max(2000).optional(),
        /** The range a fight or chase starts at (default: when seen). */
        range: Range.optional(),
        dice: Dice
      })
      .strict(),
    output: z.object({ voyage: VoyageView, battleId: Id.nullable() })
  }),
  'voyages.addEncounter': contract({
    summary:
      'Atrilia: the GM adds an encounter on the day the voyage is at (seed 002 has no encounter table): ships from the Atrilian catalogue with nation, crew quality 1–4, marines in strength points, improvements and wizards. The voyage waits for it to be answered.',
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        ...VoyageRef,
        label: z.string().trim().max(120).optional(),
        ships: z.array(AtrilianEncounterShip).min(1, 'add at least one ship').max(20, 'at most 20 ships'),
        note: z.string().max(2000).optional()
      })
      .strict(),
    output: VoyageView
  }),
  'voyages.encounterSetup': contract({
    summary:
      'Atrilia: the hex battle set-up for the encounter the voyage waits on, for the GM to see and adjust before starting it (seed 002 §3, §11.2, §11.3): both squadrons along opposite map edges by default, a coastline from the chart\'s land near the voyage, who moves first, "Even start" or "Ambush!", ships moved by hand. Nothing changes.',
    scope: 'campaign',
    mutates: false,
    input: EncounterBattleChoices.extend({ ...VoyageRef }).strict(),
    output: EncounterSetupView
  }),
  'voyages.fightEncounter': contract({
    summary:
      'Atrilia: fight the encounter the voyage waits on, on the hex board, with the set-up voyages.encounterSetup shows for the same choices. The battle is linked to the voyage, which waits for it and takes its results when it is concluded.',
    scope: 'campaign',
    mutates: true,
    input: EncounterBattleChoices.extend({ ...VoyageRef, note: z.string().max(2000).optional(), dice: Dice }).strict(),
    output: z.object({ voyage: VoyageView, battleId: Id })
  }),
  'voyages.end': contract({
    summary: 'End a voyage at sea where she is (the ships stay at sea), or in a port (they enter it).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...VoyageRef, portId: Id.nullable().default(null), note: z.string().max(2000).optional() }).strict(),
    output: VoyageView
  })
} as const
