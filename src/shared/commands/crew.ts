import { z } from 'zod'
import { AtrilianCrewSheet, CrewQuality, WizardKind } from '../atrilia/crew'
import { Nation as AtrilianNation } from '../atrilia/tables'
import { CREW_ORIGINS, OFFICER_ROLES, SHIP_KINDS } from '../ship/upkeep-tables'
import { contract } from './contract'
import { ClockNow, Dice, RollRecord, StepRun, Term } from './core'
import { DisplayName, NoInput } from './schemas'

/**
 * Contracts of the life of a ship (issue 6; seed 003, I. Of Ship Construction: 2. CREW, maintenance,
 * repairs, careening; V: Trained Fighters; rules guide §2): ports, a ship's company and officers,
 * recruiting and press gangs, wages and food, provisions, repairs, careening and standing orders.
 */

const Id = z.number().int().positive()
const Count = z.number().int('must be a whole number').min(0, 'must not be negative').max(9999, 'is too many')
const Nation = z.string().trim().max(40, 'must be at most 40 characters')

export const ShipKind = z.enum(SHIP_KINDS)
export type ShipKind = z.infer<typeof ShipKind>
export const CrewOrigin = z.enum(CREW_ORIGINS)
export const OfficerRole = z.enum(OFFICER_ROLES)
export type OfficerRole = z.infer<typeof OfficerRole>
export const Battery = z.enum(['port', 'starboard', 'chasers', 'stern'])
/** Who bears a ship's crew costs (seed 003 I.2): the government, the next booty, or the owners by their shares. */
export const CrewPayer = z.enum(['government', 'booty', 'owners'])
export type CrewPayer = z.infer<typeof CrewPayer>

// ─── Ports ──────────────────────────────────────────────────────────────────────────────────────

export const FriendlyTo = z
  .object({
    owners: z.array(Id).max(200).default([]),
    nations: z.array(z.string().trim().min(1).max(40)).max(50).default([])
  })
  .strict()

export const Port = z.object({
  id: Id,
  name: z.string(),
  nation: z.string(),
  major: z.boolean(),
  colonial: z.boolean(),
  friendlyTo: z.object({ owners: z.array(z.object({ ownerId: Id, name: z.string() })), nations: z.array(z.string()) }),
  pirateHaven: z.boolean(),
  notes: z.string(),
  ships: z.array(z.object({ shipId: Id, name: z.string(), friendly: z.boolean() }))
})
export type Port = z.infer<typeof Port>

const PortFields = {
  name: DisplayName,
  nation: Nation.default(''),
  major: z.boolean().default(false),
  colonial: z.boolean().default(false),
  friendlyTo: FriendlyTo.default({ owners: [], nations: [] }),
  pirateHaven: z.boolean().default(false),
  notes: z.string().max(2000).default('')
}

// ─── Standing orders ────────────────────────────────────────────────────────────────────────────

export const StandingOrders = z.object({
  /** Recruit 1k1+2 hands a week in a friendly port. */
  recruit: z.boolean(),
  /** Send out press gangs: another 1k1+2 a week. */
  pressGang: z.boolean(),
  /** Stop recruiting at this many hands (none: the ship's maximum crew). */
  recruitUpTo: Count.nullable(),
  /** Have a friendly port's yard repair what the crew cannot (paid by the owners). */
  repair: z.boolean(),
  /** Careen in a friendly port when due (within the week) or overdue. */
  careen: z.boolean(),
  /** Keep this many months of provisions aboard while in a friendly port (0: buy none). */
  provisionMonths: z.number().int().min(0).max(24)
})
export type StandingOrders = z.infer<typeof StandingOrders>

// ─── A ship's company ───────────────────────────────────────────────────────────────────────────

export const Officer = z.object({
  personId: Id,
  ownerId: Id,
  name: z.string(),
  /** 'pc' or 'npc'. */
  kind: z.enum(['pc', 'npc']),
  role: OfficerRole,
  battery: Battery.nullable(),
  wage: z.number().int(),
  knacks: z.record(z.string(), z.number()),
  traits: z.record(z.string(), z.number())
})

export const Place = z.object({
  status: z.string(),
  portId: Id.nullable(),
  portName: z.string().nullable(),
  /** In port: whether the port is friendly to this ship (a port with no record — the yard she was built in — is). Null at sea. */
  friendly: z.boolean().nullable(),
  label: z.string()
})

export const Provisions = z.object({
  /** Crew-weeks of food aboard. */
  crewWeeks: z.number().int(),
  /** Hands and officers who eat. */
  eaters: z.number().int(),
  /** Whole weeks the food lasts for the company aboard (null with nobody aboard). */
  weeksLeft: z.number().int().nullable(),
  /** A month bought lasts this many weeks (fewer with Vermin). */
  weeksPerMonth: z.number().int(),
  /** The ton of the hold set aside for food on a voyage (seed 003 I.2), taken while any food is aboard. */
  holdTons: z.number()
})

/** A ship's food this month by the days eaten (seed 003 I.2: 4 G a month each, bought ashore in port; at sea, the provisions). */
export const FoodDays = z.object({
  /** Days counted so far this month in port and at sea (each weighted by those aboard for the food). */
  portDays: z.number().int(),
  seaDays: z.number().int(),
  monthDays: z.number().int(),
  /** Food bought ashore for the days in port so far. */
  foodSoFar: z.number().int(),
  /** What the next monthly upkeep charges for food if she lies where she is for the rest of the month. */
  foodDue: z.number().int(),
  restDays: z.number().int(),
  restAt: z.enum(['port', 'sea'])
})

export const CrewRoster = z.object({
  shipId: Id,
  shipName: z.string(),
  kind: ShipKind,
  nation: z.string(),
  origin: CrewOrigin,
  place: Place,
  /** Hands aboard (sailors and marines; the ship's `crew`). */
  hands: z.number().int(),
  sailors: z.number().int(),
  marines: z.number().int(),
  officers: z.array(Officer),
  /** Hands plus officers who are not player characters (seed 003: max crew does not count player characters). */
  countedTowardMax: z.number().int(),
  maxCrew: z.number().int(),
  room: z.number().int(),
  minSailCrew: z.number().int(),
  canSail: z.boolean(),
  guns: z.object({
    mounted: z.number().int(),
    lost: z.number().int(),
    working: z.number().int(),
    /** Guns the hands beyond the minimum sail crew can serve (3 a gun plus gunner's mates). */
    served: z.number().int(),
    cannotServe: z.number().int(),
    gunCrews: z.number().int(),
    gunnersMates: z.number().int(),
    /** Hands a full service of the working guns needs. */
    needed: z.number().int(),
    namedGunners: z.number().int(),
    breakdown: z.array(Term)
  }),
  trainedFighters: z.object({
    fromHands: z.number().int(),
    marines: z.number().int(),
    officers: z.number().int(),
    total: z.number().int(),
    bruteSquads: z.number().int(),
    rule: z.string()
  }),
  payer: CrewPayer,
  monthly: z.object({ wages: z.number().int(), food: z.number().int(), total: z.number().int(), breakdown: z.array(Term) }),
  provisions: Provisions,
  /** Food by the days eaten this month (seed 003 I.2). */
  foodDays: FoodDays,
  /** This week's recruiting in port (seed 003 I.2: 1k1+2 a week, press gangs another): rolled yet, hands found and not yet signed on. */
  recruiting: z.object({ rolled: z.boolean(), pressed: z.boolean(), left: z.number().int(), rolls: z.array(z.string()) }),
  /** Wages and food owed to the crew: pirates and privateers from the next booty; merchantmen what the owners could not pay. */
  owed: z.number().int(),
  /** Of `owed`, the named officers' wages owed to them (by the owner paid for each). */
  owedTo: z.array(z.object({ ownerId: Id, name: z.string(), amount: z.number().int() })),
  orders: StandingOrders
})
export type CrewRoster = z.infer<typeof CrewRoster>

const Charged = z.array(z.object({ ownerId: Id, name: z.string(), amount: z.number().int() }))

export const Condition = z.object({
  shipId: Id,
  shipName: z.string(),
  place: Place,
  hull: z.object({
    points: z.number().int(),
    damage: z.number().int(),
    now: z.number().int(),
    /** What the crew may still repair (at sea or in port). */
    crewRepairable: z.number().int(),
    /** What only a friendly port's yard can repair. */
    portOnly: z.number().int(),
    /** Lost to a missed careening: not repairable until careened. */
    unrepairable: z.number().int()
  }),
  rigging: z.object({ points: z.number().int(), damage: z.number().int(), now: z.number().int() }),
  careening: z.object({
    intervalMonths: z.number().int(),
    lastDay: z.number().int(),
    lastLabel: z.string(),
    dueDay: z.number().int(),
    dueLabel: z.string(),
    inDays: z.number().int(),
    monthsSince: z.number().int(),
    monthsPastDue: z.number().int(),
    /** Careening now: until this day (null when not). */
    untilDay: z.number().int().nullable(),
    untilLabel: z.string().nullable(),
    beached: z.boolean(),
    /** Beached on a deserted shore: vulnerable until done. */
    vulnerable: z.boolean(),
    hullLossActive: z.boolean(),
    canBeach: z.boolean(),
    portFee: z.number().int()
  }),
  speed: z.object({ design: z.number().int(), now: z.number().int(), breakdown: z.array(Term) }),
  travelSpeed: z.object({ design: z.number().int(), now: z.number().int(), breakdown: z.array(Term) }),
  penalties: z.array(z.string()),
  repairsPerWeek: z.object({ crewRigging: z.number().int(), crewHull: z.number().int(), portPoints: z.number().int(), portCostPerPoint: z.number().int() }),
  hold: z.object({
    capacity: z.number(),
    powderTons: z.number(),
    boatTons: z.number(),
    foodTons: z.number(),
    /** Room before cargo: the hold less powder, boats and the food ton. */
    free: z.number(),
    /** Cargo aboard (the Trade tab's). */
    cargoTons: z.number(),
    /** Room left after cargo too: what any more load (plunder, provisions' food ton) must fit in. */
    freeAfterCargo: z.number()
  })
})
export type Condition = z.infer<typeof Condition>

export const Warning = z.object({
  shipId: Id,
  shipName: z.string(),
  kind: z.enum(['careening', 'provisions', 'crew', 'owed']),
  severity: z.enum(['info', 'warning', 'danger']),
  message: z.string()
})

export const UpkeepSummary = z.object({
  /** The next monthly upkeep: the first day of the next month (today's, on the first, has run). */
  nextDay: z.number().int(),
  nextLabel: z.string(),
  owners: z.array(
    z.object({
      ownerId: Id,
      name: z.string(),
      cash: z.number().int(),
      due: z.number().int(),
      short: z.number().int(),
      ships: z.array(z.object({ shipId: Id, shipName: z.string(), share: z.number().int(), amount: z.number().int() }))
    })
  ),
  /** Naval ships: paid by their government (no ledger charge). */
  government: z.array(z.object({ shipId: Id, shipName: z.string(), nation: z.string(), amount: z.number().int() })),
  /** Pirates and privateers: owed to the crew, paid from the next booty. */
  booty: z.array(z.object({ shipId: Id, shipName: z.string(), owedNow: z.number().int(), accruesThisMonth: z.number().int() })),
  /** Each ship's food this month by the days eaten (in the amounts above). */
  food: z.array(FoodDays.extend({ shipId: Id, shipName: z.string() })),
  warnings: z.array(Warning)
})
export type UpkeepSummary = z.infer<typeof UpkeepSummary>

const ShipRef = { shipId: Id }

export const crewContracts = {
  'ports.create': contract({
    summary: 'Record a port: nation, major or colonial, friendly to which owners or nations, pirate haven.',
    scope: 'campaign',
    mutates: true,
    input: z.object(PortFields).strict(),
    output: Port
  }),
  'ports.update': contract({
    summary: "Change a port's name, nation, standing or friendliness.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        portId: Id,
        name: DisplayName.optional(),
        nation: Nation.optional(),
        major: z.boolean().optional(),
        colonial: z.boolean().optional(),
        friendlyTo: FriendlyTo.optional(),
        pirateHaven: z.boolean().optional(),
        notes: z.string().max(2000).optional()
      })
      .strict(),
    output: Port
  }),
  'ports.list': contract({
    summary: 'Every port, with the ships lying in it.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: z.array(Port)
  }),
  'ports.get': contract({
    summary: "A port's page: the port, the ships in it with their standing orders, and what they cost this week and this month.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ portId: Id }).strict(),
    output: z.object({
      port: Port,
      ships: z.array(
        z.object({
          shipId: Id,
          name: z.string(),
          friendly: z.boolean(),
          hands: z.number().int(),
          orders: StandingOrders,
          /** Expected costs of the standing orders this week (average recruits' gear, yard repairs, provisions). */
          week: z.object({ total: z.number().int(), breakdown: z.array(Term) }),
          /** The monthly wages and food, and who bears them. */
          month: z.object({ total: z.number().int(), payer: CrewPayer })
        })
      )
    })
  }),
  'ships.moveTo': contract({
    summary: 'Place a ship in a port, or at sea (portId null): the GM moves ships until voyages exist.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, portId: Id.nullable() }).strict(),
    output: Place
  }),
  'ships.orders': contract({
    summary: "Set a ship's standing orders in port (recruit, press gangs, yard repairs, careen when due, keep provisions), carried out by the clock.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        ...ShipRef,
        recruit: z.boolean().optional(),
        pressGang: z.boolean().optional(),
        recruitUpTo: Count.nullable().optional(),
        repair: z.boolean().optional(),
        careen: z.boolean().optional(),
        provisionMonths: z.number().int().min(0).max(24).optional()
      })
      .strict(),
    output: StandingOrders
  }),
  'crew.configure': contract({
    summary: "Set a ship's kind (naval, merchant, privateer, pirate: who pays and how many are Trained Fighters), nation and an Avalon or Vesten crew.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, kind: ShipKind.optional(), nation: Nation.optional(), origin: CrewOrigin.optional() }).strict(),
    output: CrewRoster
  }),
  'crew.hire': contract({
    summary:
      'Sign on hands (16 G of gear each, 5% less with a Disgruntled Crew; borne by the ship kind’s payer) and named officers at their wage, in a friendly port, up to the maximum crew.',
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        ...ShipRef,
        sailors: Count.default(0),
        marines: Count.default(0),
        officers: z
          .array(z.object({ role: OfficerRole, personId: Id, battery: Battery.optional(), wage: z.number().int().min(0).max(100_000).optional() }).strict())
          .max(40)
          .default([]),
        /** Send out press gangs this week: another 1k1+2 hands found (seed 003 I.2). */
        pressGang: z.boolean().default(false),
        /** Hire now, house rule: sign on the hands whatever this week's recruiting found (the log says so). */
        houseRule: z.boolean().default(false),
        dice: Dice
      })
      .strict(),
    output: z.object({
      roster: CrewRoster,
      recruits: z.number().int(),
      gear: z.number().int(),
      payer: CrewPayer,
      charged: Charged,
      breakdown: z.array(Term),
      /** Signed on now as a house rule, beyond the week's recruiting. */
      houseRule: z.boolean(),
      /** This week's recruiting after this hire: the hands still to be found and the week's rolls (null: none needed). */
      week: z.object({ left: z.number().int(), rolls: z.array(z.string()) }).nullable()
    })
  }),
  'crew.settle': contract({
    summary:
      "Pay what a merchantman's (or naval ship's) crew is owed — wages and food her owners could not pay — from the owners' cash by their shares: the named officers their wages, the rest to the hands. An Atrilian ship's crew: what her owners could not pay of her monthly upkeep, in dinars (`roster` null).",
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, amount: z.number().int().min(1, 'must be at least 1').max(10_000_000).optional() }).strict(),
    output: z.object({
      amount: z.number().int(),
      paidTo: z.array(z.object({ ownerId: Id, name: z.string(), amount: z.number().int() })),
      charged: Charged,
      /** Her company after paying (null for an Atrilian ship: her sheet has her crew). */
      roster: CrewRoster.nullable()
    })
  }),
  'crew.discharge': contract({
    summary: 'Pay off hands and officers: they leave the ship (no refund of their gear).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, sailors: Count.default(0), marines: Count.default(0), officers: z.array(Id).max(40).default([]) }).strict(),
    output: CrewRoster
  }),
  'crew.get': contract({
    summary:
      "A ship's company: sailors, gun crews served and guns that cannot be served, marines, officers with their knacks, Trained Fighters, the minimum sail crew, monthly wages and food, provisions and standing orders.",
    scope: 'campaign',
    mutates: false,
    input: z.object(ShipRef).strict(),
    output: CrewRoster
  }),
  'ships.condition': contract({
    summary:
      "A ship's condition: hull and rigging with what the crew, a port, or only careening can repair; the careening clock with its due date and the penalties in effect; speed now; the hold.",
    scope: 'campaign',
    mutates: false,
    input: z.object(ShipRef).strict(),
    output: Condition
  }),
  'ships.provision': contract({
    summary: 'Buy provisions in a friendly port for some months (4 G a crew member a month; a month lasts three weeks with Vermin).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, months: z.number().int().min(1, 'must be at least 1').max(24, 'at most 24 months') }).strict(),
    output: z.object({ cost: z.number().int(), payer: CrewPayer, charged: Charged, provisions: Provisions, breakdown: z.array(Term) })
  }),
  'ships.repair': contract({
    summary:
      "Spend some weeks on repairs: the clock moves those weeks and its weekly steps do the work — the crew's (rigging 4 a week, their half of the hull 2 a week, 4 with a carpenter) and, in a friendly port, the yard's (10 points a week at 50 G a point). Not while she is on a voyage.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, weeks: z.number().int().min(1).max(52).default(1), yard: z.boolean().optional(), dice: Dice }).strict(),
    output: z.object({
      hullByCrew: z.number().int(),
      riggingByCrew: z.number().int(),
      hullByYard: z.number().int(),
      riggingByYard: z.number().int(),
      cost: z.number().int(),
      charged: Charged,
      condition: Condition,
      /** The days the clock moved (7 a week), the day it reached, and what its steps did meanwhile. */
      days: z.number().int(),
      to: ClockNow,
      steps: z.array(StepRun),
      rolls: z.array(RollRecord)
    })
  }),
  'ships.careen': contract({
    summary:
      'Careen a ship: in a friendly port for 10% of the hull’s base cost, or beached on a deserted shore for free (shallow drafts only; vulnerable while beached). About three days; lifts the overdue penalties.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, where: z.enum(['port', 'beach']) }).strict(),
    output: z.object({ cost: z.number().int(), charged: Charged, condition: Condition })
  }),
  // ─── An Atrilian ship's people (seed 002 §2, §7, §9.1, §11.1, the FAQ; issue 18) ──────────────
  'crew.embark': contract({
    summary:
      'Embark marines (strength points of 25 men, within what her hold takes besides the cargo aboard) and/or wizards (sea or fire, one kind a ship, amongst her marines) onto an Atrilian ship.',
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        ...ShipRef,
        marines: z.number().int('must be a whole number').min(0, 'must not be negative').max(100, 'is too many').optional(),
        wizards: z.object({ kind: WizardKind, count: z.number().int('must be a whole number').min(1, 'must be at least 1').max(20, 'is too many') }).strict().optional()
      })
      .strict(),
    output: AtrilianCrewSheet
  }),
  'crew.land': contract({
    summary: "Land marines and/or wizards from an Atrilian ship; landing her last marines lands her wizards with them (§9.1).",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        ...ShipRef,
        marines: z.number().int('must be a whole number').min(0, 'must not be negative').max(100, 'is too many').optional(),
        wizards: z.number().int('must be a whole number').min(0, 'must not be negative').max(20, 'is too many').optional()
      })
      .strict(),
    output: AtrilianCrewSheet
  }),
  'crew.man': contract({
    summary: "Record the sailors aboard an Atrilian ship (her catalogue crew manoeuvres her; fewer leaves her short-handed).",
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, sailors: Count }).strict(),
    output: AtrilianCrewSheet
  }),
  'crew.setNationality': contract({
    summary: "Set an Atrilian crew's nation, which gives its optional national characteristic in battle (§11.1).",
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, nation: AtrilianNation }).strict(),
    output: AtrilianCrewSheet
  }),
  'crew.setQuality': contract({
    summary:
      "Set an Atrilian crew's quality (1 slave, 2 green, 3 veteran, 4 elite), the battles behind it, and whether the GM holds it (then battles no longer change it).",
    scope: 'campaign',
    mutates: true,
    input: z.object({ ...ShipRef, quality: CrewQuality, battles: z.number().int('must be a whole number').min(0, 'must not be negative').max(999, 'is too many').optional(), held: z.boolean().optional() }).strict(),
    output: AtrilianCrewSheet
  }),
  'upkeep.summary': contract({
    summary: 'The Dashboard’s upkeep: what each owner pays at the next monthly upkeep, what governments and booty bear, and careening, provisions and crew warnings.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: UpkeepSummary
  })
} as const
