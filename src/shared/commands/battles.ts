import { z } from 'zod'
import { Hull } from '../ship/design'
import {
  Aim,
  BattleSetup,
  BattleState,
  Behaviour,
  Control,
  CrewKind,
  FortSize,
  HeroicAction,
  MeleeResult,
  ParticipantId,
  Range,
  ShipOrders,
  TurnOrders,
  TurnReport,
  Weather,
  type BattleState as BattleStateT,
  type TurnOrders as TurnOrdersT,
  type TurnOrdersInput as TurnOrdersInputT,
  type TurnReport as TurnReportT
} from '../highseas/types'
import { contract } from './contract'
import { Term } from './core'
import { DisplayName, NoInput } from './schemas'
import { RULESET_IDS, type OrderProblem as OrderProblemT, type StepInfo as StepInfoT } from '../battle/ruleset'
import {
  AtriliaOrders as AtriliaOrdersSchema,
  AtriliaSetup as AtriliaSetupSchema,
  Id as AtriliaId,
  type AtriliaOrders as AtriliaOrdersT,
  type AtriliaOrdersInput as AtriliaOrdersInputT,
  type AtriliaReport as AtriliaReportT,
  type AtriliaSetup as AtriliaSetupT,
  type AtriliaState as AtriliaStateT
} from '../atrilia/types'
import {
  GalleysOrders as GalleysOrdersSchema,
  GalleysSetup as GalleysSetupSchema,
  Id as GalleysId,
  type GalleysOrders as GalleysOrdersT,
  type GalleysOrdersInput as GalleysOrdersInputT,
  type GalleysReport as GalleysReportT,
  type GalleysSetup as GalleysSetupT,
  type GalleysState as GalleysStateT
} from '../galleys/types'
import {
  BroadsidesOrders as BroadsidesOrdersSchema,
  BroadsidesSetup as BroadsidesSetupSchema,
  Id as BroadsidesId,
  type BroadsidesOrders as BroadsidesOrdersT,
  type BroadsidesOrdersInput as BroadsidesOrdersInputT,
  type BroadsidesReport as BroadsidesReportT,
  type BroadsidesSetup as BroadsidesSetupT,
  type BroadsidesState as BroadsidesStateT
} from '../broadsides/types'

/** Contracts of High Seas battles (seed 003, IV–VI) and their calculators. */

const Id = z.number().int().positive()
const Rank = z.number().int().min(0).max(5)
const Size = z.number().int().min(0).max(99)


// ─── Who fights ─────────────────────────────────────────────────────────────────────────────────

const Side = z.string().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters')
const Gunners = z.object({ port: Rank, starboard: Rank, chasers: Rank, stern: Rank }).strict()

/**
 * A campaign ship taking part: her numbers come from her design and current state, and her company
 * (crew kind, nation, marines, named officers: the captain commands, gunners serve their batteries,
 * the master-o'-tops re-rigs) from the ship's crew roster, unless given here.
 */
export const CampaignParticipant = z
  .object({
    shipId: Id,
    side: Side,
    control: Control.default('gm'),
    behaviour: Behaviour.optional(),
    /** Default: the ship's company kind (crew.configure), merchant if none. */
    crewKind: CrewKind.optional(),
    /** Default: the ship's company nation. */
    nation: z.string().trim().max(40).optional(),
    /** The character commanding (Wits, Tactics, Strategy). Default: her captain on the roster, else an average captain (Wits 2, Tactics 1, Strategy 1). */
    captainId: Id.optional(),
    /**
     * The character who leads her boarding and defence parties (seed 003 V quick combat: his trick
     * "Over the Side" makes an 8 a kill). Default: her captain.
     */
    partyLeaderId: Id.optional(),
    /** Gunnery rank per battery. Default: her named gunners' Gunnery knack, 1 where none serves. */
    gunners: Gunners.optional(),
    /** Marines among the hands. Default: the ship's company marines. */
    marines: z.number().int().min(0).max(9999).optional(),
    /** Officers, major NPCs and player characters aboard besides the hands (Trained Fighters). Default: her named officers. */
    officers: z.number().int().min(0).max(999).optional(),
    /** Hands aboard (sailors, gun crews, marines; officers come on top). Default: the ship's crew as the campaign keeps it. */
    crew: z.number().int().min(0).max(9999).optional()
  })
  .strict()
export type CampaignParticipant = z.input<typeof CampaignParticipant>

/** A ship made from the seed's encounter description ("a heavily armed Montaigne Merchantman", rules guide §2). */
export const GeneratedShip = z
  .object({
    hull: Hull,
    /** A Small Warship built as a frigate ("a lightly armed Vendel Frigate (Small Warship)"). */
    frigate: z.boolean().default(false),
    armament: z.enum(['light', 'heavy']),
    nation: z.string().trim().max(40).default(''),
    crewKind: CrewKind.default('merchant'),
    behaviour: Behaviour.optional(),
    name: DisplayName.optional(),
    gunnery: Rank.default(1),
    captain: z.object({ wits: z.number().int().min(1).max(6), tactics: Rank, strategy: Rank }).strict().optional(),
    /** Her captain, who leads her boarding and defence parties, has Roger's Pirate trick "Over the Side" (quick combat kills on 8+, seed 003 V). Absent: no. */
    overTheSide: z.boolean().optional()
  })
  .strict()
export type GeneratedShip = z.input<typeof GeneratedShip>
export type GeneratedShipParsed = z.output<typeof GeneratedShip>

export const BattleParticipantInput = z.union([
  CampaignParticipant,
  z.object({ generate: GeneratedShip, side: Side, control: Control.default('ai') }).strict(),
  z.object({ fort: z.object({ size: FortSize, name: DisplayName, nation: z.string().trim().max(40).default('') }).strict(), side: Side, control: Control.default('ai') }).strict(),
  z.object({ town: z.object({ name: DisplayName, guns: z.number().int().min(0).max(10).default(2) }).strict(), side: Side, control: Control.default('ai') }).strict()
])
export type BattleParticipantInput = z.input<typeof BattleParticipantInput>

export const BattleStatus = z.enum(['active', 'concluded'])

/** The rule system a battle is fought under (issue 17: High Seas the default). */
export const RulesetId = z.enum(RULESET_IDS)

export const BattleSummary = z.object({
  id: Id,
  /** The rule system it is fought under. */
  ruleset: RulesetId,
  name: z.string(),
  status: BattleStatus,
  /** The turn of the next step (a High Seas battle decided in turn 5 says 6: read `over` and `turnsPlayed`). */
  turn: z.number().int(),
  /** Whole turns played so far (an Atrilian turn begun counts when it ends the battle). */
  turnsPlayed: z.number().int(),
  /** The battle is decided (or ran out of turns), whether or not it is concluded yet: "over after `turnsPlayed` turns". */
  over: z.boolean(),
  startedDay: z.number().int(),
  startedLabel: z.string(),
  /** Each side: its id (`winner` names one), the name to show ("Pheacians", "Our squadron"), and its ships' names. */
  sides: z.array(z.object({ side: z.string(), name: z.string(), names: z.array(z.string()) })),
  /** For a decided battle: the side left fighting (a side id, as in `sides[].side`). */
  winner: z.string().nullable()
})
export type BattleSummary = z.infer<typeof BattleSummary>

export const PendingOrders = z.object({
  ships: z.record(ParticipantId, ShipOrders),
  melee: z.array(MeleeResult),
  heroic: z.array(HeroicAction)
})

export const StepInfo = z.object({
  turn: z.number().int(),
  phase: z.string(),
  label: z.string(),
  side: z.string().nullable(),
  diceOnly: z.boolean()
}) satisfies z.ZodType<StepInfoT>
export const OrderProblem = z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }) satisfies z.ZodType<OrderProblemT>
export const StepOutcome = z.object({ winner: z.string().nullable(), reason: z.string() }).nullable()

export const BattleView = BattleSummary.extend({
  ruleset: z.literal('highSeas'),
  setup: BattleSetup,
  state: BattleState,
  /** Every resolved turn, oldest first. */
  turns: z.array(TurnReport),
  /** Orders given for the next turn (GM ships; AI ships' are filled in when it resolves). */
  pending: PendingOrders,
  /** What the AI captain would order now, for each AI ship (shown on the board). */
  aiPreview: z.record(ParticipantId, ShipOrders),
  /** The next step as the seam names it (a whole turn, ordered by every side at once: `side` is null). */
  step: StepInfo,
  /** Once the battle is decided: the side left fighting and why, in words (null while it goes on). */
  outcome: StepOutcome
})
export type BattleView = z.infer<typeof BattleView>

// ─── Atrilian hex battles (seed 002 "Naval Rules", issue 17) ────────────────────────────────────

/** Who orders an Atrilian side's steps: the GM, or the AI (its orders are made when the step resolves). */
export const SideControl = z.enum(['gm', 'ai'])
export type SideControl = z.infer<typeof SideControl>

/** The presets a battle may start from. */
export const AtriliaPresetId = z.enum(['alZabdiyat'])

/** An Atrilian side's id (as in `setup.sides[].id`). */
const AtriliaSideId = AtriliaId

/** Plain JSON values passed through as the pure ruleset makes them (their shapes: src/shared/atrilia/types.ts). */
const json = <T>(what: string) => z.custom<T>((v) => typeof v === 'object' && v !== null, { message: `must be ${what}` })

export const AtriliaSetupOut = json<AtriliaSetupT>('an Atrilian battle setup')
export const AtriliaStateOut = json<AtriliaStateT>('an Atrilian battle state')
export const AtriliaOrdersOut = json<AtriliaOrdersT>('the orders of one step')
export const AtriliaReportOut = json<AtriliaReportT>('the report of one step')

/**
 * The orders of one step under the battle's ruleset, checked by the handler against that ruleset's
 * schema (fields named under `orders`): an Atrilian phase's orders (`AtriliaOrders`, with its `phase`),
 * or a High Seas turn's (`TurnOrders`: `ships` — the orders of the ships the GM commands, by
 * participant id —, `melee` results and `heroic` actions), which replace the orders saved for the turn.
 */
export const StepOrdersIn = z
  .custom<AtriliaOrdersInputT | GalleysOrdersInputT | BroadsidesOrdersInputT | TurnOrdersInputT>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), { message: 'must be the orders of one step (an object)' })
  .meta({
    description:
      "The orders of one step under the battle's ruleset: Atrilia's AtriliaOrders (with its phase), Galleys & Galleons' GalleysOrders ({order, actions}: one player's turn), Broadsides' BroadsidesOrders (crew and cannon moves, a card, shots or boarding moves: one step) or High Seas' TurnOrders ({ships, melee, heroic}) for the whole turn.",
    // For the API's JSON schema: the four shapes (the handler checks the one of the battle's ruleset).
    anyOf: [AtriliaOrdersSchema, GalleysOrdersSchema, BroadsidesOrdersSchema, TurnOrders].map((t) => {
      const { $schema: _, ...rest } = z.toJSONSchema(t, { io: 'input', unrepresentable: 'any' })
      return rest
    })
  })
export const StepOrdersOut = json<AtriliaOrdersT | GalleysOrdersT | BroadsidesOrdersT | TurnOrdersT>('the orders of one step')
export const StepReportOut = json<AtriliaReportT | GalleysReportT | BroadsidesReportT | TurnReportT>('the report of one step')
export const StepStateOut = json<AtriliaStateT | GalleysStateT | BroadsidesStateT | BattleStateT>('the state of a battle')


/** Start an Atrilian hex battle: from a preset or a full setup (exactly one), each side GM or AI. */
export const AtriliaStartInput = z
  .object({
    ruleset: z.literal('atrilia'),
    name: DisplayName.optional(),
    preset: AtriliaPresetId.optional(),
    /** The full setup (its `rules` are replaced by the campaign's Atrilian rule tables). */
    setup: AtriliaSetupSchema.optional(),
    /** Per side id: 'gm' (the default) or 'ai'. */
    control: z.record(AtriliaSideId, SideControl).optional(),
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional()
  })
  .strict()
export type AtriliaStartInput = z.output<typeof AtriliaStartInput>

export const AtriliaBattleView = BattleSummary.extend({
  ruleset: z.literal('atrilia'),
  setup: AtriliaSetupOut,
  state: AtriliaStateOut,
  /** The next step: its turn, phase, label and phasing side. */
  step: StepInfo,
  /** Per side id: who orders its steps. */
  control: z.record(z.string(), SideControl),
  /** The orders saved for the next step (empty orders of its phase when none). */
  pending: AtriliaOrdersOut,
  /** The check of `pending` (always empty: only legal orders are saved). */
  problems: z.array(OrderProblem),
  /** What the AI would order for the next step when the phasing side is the AI's, else null. */
  aiPreview: AtriliaOrdersOut.nullable(),
  /** Every resolved step, oldest first. */
  log: z.array(AtriliaReportOut),
  outcome: StepOutcome,
  /** The stored steps replay to the stored state. */
  replayable: z.boolean()
})
export type AtriliaBattleView = z.infer<typeof AtriliaBattleView>

// ─── Galleys & Galleons (seed 000 house rules, issue 19) ────────────────────────────────────────

/** The presets a Galleys & Galleons battle may start from (src/shared/galleys/preset.ts). */
export const GalleysPresetId = z.enum(['assurance', 'scillyLand', 'scillyStrait'])

export const GalleysSetupOut = json<GalleysSetupT>('a Galleys & Galleons battle setup')
export const GalleysStateOut = json<GalleysStateT>('a Galleys & Galleons battle state')
export const GalleysOrdersOut = json<GalleysOrdersT>('the orders of one player’s turn')
export const GalleysReportOut = json<GalleysReportT>('the report of one player’s turn')

/** Start a Galleys & Galleons battle: from a preset or a full setup (exactly one), each player GM or AI. */
export const GalleysStartInput = z
  .object({
    ruleset: z.literal('galleys'),
    name: DisplayName.optional(),
    preset: GalleysPresetId.optional(),
    /** The full setup (its `rules` are replaced by the campaign's Galleys & Galleons tables). */
    setup: GalleysSetupSchema.optional(),
    /** Per player id: 'gm' (the default) or 'ai'. */
    control: z.record(GalleysId, SideControl).optional(),
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional()
  })
  .strict()
export type GalleysStartInput = z.output<typeof GalleysStartInput>

export const GalleysBattleView = BattleSummary.extend({
  ruleset: z.literal('galleys'),
  setup: GalleysSetupOut,
  state: GalleysStateOut,
  /** The next step: its turn, the player whose turn it is, its label. */
  step: StepInfo,
  /** Per player id: who orders its turns. */
  control: z.record(z.string(), SideControl),
  /** The orders saved for the next player's turn (no actions when none). */
  pending: GalleysOrdersOut,
  /** The check of `pending` (always empty: only legal orders are saved). */
  problems: z.array(OrderProblem),
  /** What the AI would order for the next turn when its player is the AI's, else null. */
  aiPreview: GalleysOrdersOut.nullable(),
  /** Every resolved player's turn, oldest first, with every procedure and its dice. */
  log: z.array(GalleysReportOut),
  outcome: StepOutcome,
  /** The stored steps replay to the stored state. */
  replayable: z.boolean()
})
export type GalleysBattleView = z.infer<typeof GalleysBattleView>

// ─── Broadsides & Boarding Parties (seed 001 variant, issue 20) ─────────────────────────────────

/** The presets a Broadsides duel may start from (src/shared/broadsides/preset.ts). */
export const BroadsidesPresetId = z.enum(['frigateMerchantman', 'frigates'])

export const BroadsidesSetupOut = json<BroadsidesSetupT>('a Broadsides duel setup')
export const BroadsidesStateOut = json<BroadsidesStateT>('a Broadsides duel state')
export const BroadsidesOrdersOut = json<BroadsidesOrdersT>('the orders of one step')
export const BroadsidesReportOut = json<BroadsidesReportT>('the report of one step')

/** Start a Broadsides duel: from a preset or a full setup (exactly one), each ship GM or AI. */
export const BroadsidesStartInput = z
  .object({
    ruleset: z.literal('broadsides'),
    name: DisplayName.optional(),
    preset: BroadsidesPresetId.optional(),
    /** The full setup (its `rules` are replaced by the campaign's Broadsides tables). */
    setup: BroadsidesSetupSchema.optional(),
    /** Per ship id: 'gm' (the default) or 'ai'. */
    control: z.record(BroadsidesId, SideControl).optional(),
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional()
  })
  .strict()
export type BroadsidesStartInput = z.output<typeof BroadsidesStartInput>

export const BroadsidesBattleView = BattleSummary.extend({
  ruleset: z.literal('broadsides'),
  setup: BroadsidesSetupOut,
  state: BroadsidesStateOut,
  /** The next step: the wind, a ship's crew step or card, an exchange of fire, a boarding step. */
  step: StepInfo,
  /** Per ship id: who orders her steps. */
  control: z.record(z.string(), SideControl),
  /** The orders saved for the next step (nothing ordered when none). */
  pending: BroadsidesOrdersOut,
  /** The check of `pending` (always empty: only legal orders are saved). */
  problems: z.array(OrderProblem),
  /** What the AI would order for the next step when its ship is the AI's, else null. */
  aiPreview: BroadsidesOrdersOut.nullable(),
  /** Every resolved step, oldest first, with its dice and terms. */
  log: z.array(BroadsidesReportOut),
  outcome: StepOutcome,
  /** The stored steps replay to the stored state. */
  replayable: z.boolean()
})
export type BroadsidesBattleView = z.infer<typeof BroadsidesBattleView>

export const AnyBattleView = z.discriminatedUnion('ruleset', [BattleView, AtriliaBattleView, GalleysBattleView, BroadsidesBattleView])
export type AnyBattleView = z.infer<typeof AnyBattleView>

// ─── Review and write-back ──────────────────────────────────────────────────────────────────────

export const Fate = z.enum(['afloat', 'escaped', 'sunk', 'captured', 'destroyed'])
export type Fate = z.infer<typeof Fate>

/** A prize's new owners by whole-percent shares (the shares' sum and each owner once are checked by the review: prizeOwnersProblem). */
const PrizeOwners = z.array(z.object({ ownerId: Id, share: z.number().int().min(1).max(100) }).strict()).max(40)

export const ReviewLine = z
  .object({
    participantId: ParticipantId,
    name: z.string().max(200),
    side: z.string().max(200),
    /** The campaign ship, if any (write-back applies to it); generated ships have none. */
    shipId: Id.nullable(),
    fate: Fate,
    /** Damage after the battle (totals, not the change). */
    hullDamage: z.number().int().min(0).max(9999),
    riggingDamage: z.number().int().min(0).max(9999),
    gunsLost: z.object({ port: z.number().int().min(0), starboard: z.number().int().min(0), chasers: z.number().int().min(0), stern: z.number().int().min(0) }).strict(),
    crewAfter: z.number().int().min(0).max(9999),
    crewLost: z.number().int().min(0).max(9999),
    powderAfter: z.number().min(0).max(9999),
    powderSpent: z.number().min(0).max(9999),
    /** Handling lost to a rudder strained by Hard Turns, kept until repaired in port (absent: as the battle left it). */
    rudderDamage: z.number().int().min(0).max(99).optional(),
    /** Captured: the owners she passes to, by whole-percent shares (the capturing ship's owners by default). */
    prizeOwners: PrizeOwners.default([]),
    /**
     * Captured and passing to owners with a campaign captor: the hands moved from the captor as her prize crew
     * (at least her minimum sail crew, at most what the captor has left). Absent: her minimum sail crew when the
     * captor can spare it, else none (she cannot sail until manned).
     */
    prizeCrew: z.number().int().min(0).max(9999).optional(),
    /** The captor the prize crew comes from (the review says; null: none in the campaign). Given back, it must be the same ship. */
    prizeCrewFrom: Id.nullable().optional(),
    /** The prize crew's floor: her minimum sail crew (the review says; not read by conclude). */
    prizeCrewMin: z.number().int().min(0).max(9999).optional(),
    /** Captured: the day her careening clock starts from (absent: the day of capture, for a new prize; a campaign ship keeps her own). */
    careenedDay: z.number().int().min(0).optional()
  })
  .strict()
export type ReviewLine = z.input<typeof ReviewLine>


/** What the battle left of an Atrilian ship (seed 002 §5.11 exited, §8.11 captured, §10 sunk). */
export const AtriliaFate = z.enum(['afloat', 'sunk', 'captured', 'exited'])
/**
 * What the write-back makes of her (issue 18): the battle's fate, with 'crippled' for a ship afloat at
 * the end with her crippled side up (seed 002 §5.2, the counter "full strength on one side, crippled on
 * the other").
 */
export const AtriliaWriteFate = z.enum(['afloat', 'crippled', 'sunk', 'captured', 'exited'])
export type AtriliaWriteFate = z.infer<typeof AtriliaWriteFate>

/**
 * One ship's line of an Atrilian battle's review (issue 18): her fate and what concluding writes to the
 * campaign. The GM may change `fate`, `needsRepair`, `marinesLost`, `wizardsLost`, `qualityAfter` and
 * `prizeOwners`; the other fields are what the battle and the campaign say (given back, they are read
 * again from the battle, never trusted). `how` says in words how each proposal was worked out.
 */
export const AtriliaReviewLine = z
  .object({
    /** The ship's id in the battle setup. */
    ship: z.string().max(40),
    name: z.string().max(200),
    /** Her side's id. */
    side: z.string().max(40),
    /** The campaign ship, if any (null for a ship that is not a campaign ship: a preset's or an encounter's). */
    shipId: Id.nullable(),
    fate: AtriliaWriteFate,
    /** What the battle left: afloat, sunk, captured, exited (read from the battle). */
    battleFate: AtriliaFate.optional(),
    /** She was crippled at the end of the battle (read from the battle). */
    crippledAtEnd: z.boolean().optional(),
    /** She needs repair: RULES.md §3, two weeks in a friendly port and 10% of her price, done by the clock. */
    needsRepair: z.boolean(),
    /** Marine strength points she carried into the battle (the setup), and those lost. */
    marinesCarried: z.number().int().min(0).max(999).optional(),
    marinesLost: z.number().int().min(0).max(999),
    /** Wizards she carried (a campaign ship's count) and those lost (§9.1). */
    wizardsCarried: z.number().int().min(0).max(999).optional(),
    wizardsLost: z.number().int().min(0).max(999),
    /** Her crew quality before (the campaign's, or the battle's for a ship new to the campaign) and after (1 slave … 4 elite). */
    qualityBefore: z.number().int().min(1).max(4).optional(),
    qualityAfter: z.number().int().min(1).max(4),
    /** Captured by a campaign side: the campaign ship that took her (§8.11; read from the battle). */
    captorShipId: Id.nullable().optional(),
    /** Captured: the owners she passes to (the capturing ship's owners in her shares by default); none: she leaves the campaign's owners. */
    prizeOwners: PrizeOwners.default([]),
    /** A prize: the captor's marine points aboard her at the end, who stay aboard as her marines. */
    prizeMarines: z.number().int().min(0).max(999).optional(),
    /**
     * A ship not captured in the battle whom a campaign ship would take should the GM make her captured (a
     * High Seas battle of an Atrilian encounter names one for every ship of the encounter): the owners she
     * would pass to, her captor's in his shares (not read by conclude; the review shows them when she is made captured).
     */
    ownersIfCaptured: PrizeOwners.optional(),
    /** How each proposal was worked out, in words. */
    how: z.array(z.string().max(1000)).max(20).optional(),
    /** Once concluded: the campaign ship a prize became (not read by conclude). */
    prizeShipId: Id.nullable().optional()
  })
  .strict()
export type AtriliaReviewLine = z.output<typeof AtriliaReviewLine>
export type AtriliaReviewLineInput = z.input<typeof AtriliaReviewLine>

const Count = z.number().int('must be a whole number').min(0, 'must be at least 0').max(9999, 'must be at most 9999')
/** One ship's line of a converted battle's review (issue 21), in the setting's (Théah's) numbers. */
export const ConvertedReviewLine = z
  .object({
    /** Her id in the battle. */
    ship: z.string().min(1).max(40),
    shipId: Id.nullable(),
    fate: z.enum(['afloat', 'sunk', 'captured', 'escaped']),
    /** Her hull and rigging damage after the battle (all of it, what she had before included). */
    hullDamage: Count,
    riggingDamage: Count,
    crewLost: Count,
    /** Guns lost in this battle, by battery. */
    gunsLost: z.object({ port: Count, starboard: Count, chasers: Count, stern: Count }).strict(),
    /**
     * Captured by a campaign ship: the owners she passes to, by whole-percent shares (her captor's owners in
     * the captor's shares by default); none: a campaign ship passes to the outside world. As a High Seas review's.
     */
    prizeOwners: z.array(z.object({ ownerId: Id, share: z.number().int('must be a whole number').min(1, 'must be at least 1%').max(100, 'must be at most 100%') }).strict()).max(40).default([]),
    /**
     * Captured, passing to owners, with a campaign captor: the hands moved from the captor as her prize crew (0, or
     * at least her minimum sail crew, at most what the captor has left). Absent: her minimum sail crew when the
     * captor can spare it, else none.
     */
    prizeCrew: Count.optional(),
    /** The campaign ship that took her, whose hands her prize crew are (the review says; given back, it must be the same ship). */
    prizeCrewFrom: Id.nullable().optional(),
    /** Her prize crew's floor, her minimum sail crew (the review says; not read by conclude). */
    prizeCrewMin: Count.optional()
  })
  .strict()
const ConvertedReviewLineOut = ConvertedReviewLine.extend({ name: z.string(), side: z.string(), how: z.array(z.string()) })
/**
 * What a converted battle's review proposes should the GM make a ship captured: the owners she would pass to,
 * her prize crew and its floor, from the campaign ship that would have taken her (null: none), in words.
 */
const IfCaptured = z.object({
  prizeOwners: z.array(z.object({ ownerId: Id, share: z.number().int() })),
  prizeCrewFrom: Id.nullable(),
  prizeCrew: z.number().int().optional(),
  prizeCrewMin: z.number().int().optional(),
  /** The campaign ship that would take her, and her hands before the battle's losses (null: none). */
  captor: z.object({ shipId: Id, name: z.string(), hands: z.number().int() }).nullable(),
  how: z.string()
})
/**
 * The Théah review of a converted battle: the conversion table's title and each ship's line; `skirmish` true
 * when it was a skirmish of the Skirmish screen (each line's `side` is then the side's name as the GM gave
 * it; otherwise 'ours', the squadron, or 'them', the encounter).
 */
const ConvertedCampaign = z.object({
  tableTitle: z.string(),
  skirmish: z.boolean().optional(),
  lines: z.array(ConvertedReviewLineOut),
  /** By ship (her id in the battle): what the review proposes should the GM make her captured (absent once concluded). */
  ifCaptured: z.record(z.string(), IfCaptured).optional()
})

export const AtriliaBattleReview = z.object({
  ruleset: z.literal('atrilia'),
  battleId: Id,
  /** Concluded: `lines` are what was written (battle.result), with what it did in `applied`. */
  concluded: z.boolean(),
  /** The winning side's name, or null. */
  winner: z.string().nullable(),
  lines: z.array(AtriliaReviewLine),
  applied: z.array(z.object({ ship: z.string(), shipId: Id.nullable(), text: z.string() })),
  /**
   * A Théah encounter fought on the hex map by conversion (issue 21): each ship's result read back as the
   * Théah review (hull and rigging damage, crew and guns lost, her fate), each line with how it was
   * converted; concluding takes them as `campaign.lines` (then `lines` is empty). Absent: a battle of the
   * hex map's own.
   */
  campaign: ConvertedCampaign.optional()
})
export type AtriliaBattleReview = z.infer<typeof AtriliaBattleReview>

export const BattleReview = z.object({
  battleId: Id,
  /** The High Seas write-back (a Théah battle); empty for an Atrilian encounter fought in range bands (see `campaign`). */
  lines: z.array(ReviewLine),
  heroic: z.array(HeroicAction),
  /**
   * An Atrilia campaign's encounter fought in High Seas range bands by conversion (issue 21): each ship's
   * result read back as the Atrilian review's line (her fate, repair, marines and wizards lost, crew quality
   * after), each with how it was converted; concluding takes them as `campaign.lines`. Absent: a High Seas
   * battle of its own.
   */
  campaign: z.object({ tableTitle: z.string(), lines: z.array(AtriliaReviewLine) }).optional()
})
export type BattleReview = z.infer<typeof BattleReview>


/** What a Galleys & Galleons battle left of a ship (seed 000 Sinking or striking, Explosions; exited by an exit zone). */
export const GalleysFate = z.enum(['afloat', 'struck', 'sunk', 'exploded', 'crashed', 'exited'])

/** A Galleys & Galleons battle's review (issue 19): read-only, each ship's fate; nothing is written back to the campaign yet. */
export const GalleysBattleReview = z.object({
  ruleset: z.literal('galleys'),
  battleId: Id,
  concluded: z.boolean(),
  /** The winning player's name, or null (a draw, or not over). */
  winner: z.string().nullable(),
  lines: z.array(
    z.object({
      ship: z.string(),
      name: z.string(),
      /** The campaign ship she is, if any (nothing is written to it yet). */
      shipId: Id.nullable(),
      /** Her player's id and name. */
      player: z.string(),
      playerName: z.string(),
      fate: GalleysFate,
      hits: z.number().int(),
      /** Her fate and damage in words ("Sunk (3 hits, holed)"). */
      text: z.string()
    })
  ),
  /**
   * A campaign encounter fought on the table by conversion (issue 21): each ship's result read back as
   * the setting's review (hull and rigging damage, crew and guns lost, her fate), each line with how it
   * was converted; the GM may edit it before concluding. Null: a battle of the table's own.
   */
  campaign: ConvertedCampaign.nullable()
})
export type GalleysBattleReview = z.infer<typeof GalleysBattleReview>

/** A Broadsides duel's review (issue 20): read-only, each ship's fate, hull tokens, masts, guns and crew left. */
export const BroadsidesBattleReview = z.object({
  ruleset: z.literal('broadsides'),
  battleId: Id,
  concluded: z.boolean(),
  /** The winning ship's name, or null (undecided, or not over). */
  winner: z.string().nullable(),
  lines: z.array(
    z.object({
      ship: z.string(),
      name: z.string(),
      /** The campaign ship she is (none yet: a duel's ships are the setup's own). */
      shipId: Id.nullable(),
      fate: z.enum(['afloat', 'sunk', 'struck', 'wiped']),
      /** Her fate and damage in words ("Struck (3 rows holed, the main mast down, 4 of 8 guns, 6 of 20 crew)"). */
      text: z.string()
    })
  ),
  /** A campaign encounter fought as a duel by conversion (issue 21): the Théah review, each line with how it was converted. Null: a duel of its own. */
  campaign: ConvertedCampaign.nullable()
})
export type BroadsidesBattleReview = z.infer<typeof BroadsidesBattleReview>

// ─── Odds ───────────────────────────────────────────────────────────────────────────────────────

/** The most runs one odds request may ask for (High Seas): about 2.5 s of a duel at the bench's 20,000 duels a second (issue 14). */
export const ODDS_MAX_RUNS = 50_000
/**
 * The most runs one odds request may ask for in an Atrilian hex battle: about 5 s in one worker at the
 * 584 runs a second bench/atrilia.bench.ts measured for "The first battle of al-Zabdiyat" from its start
 * with the 2-core machine loaded (load 9); 846 a second when lightly loaded (about 3.5 s). A fresh
 * worker measured 1,000 runs in 3.3 s at load 9.
 */
export const ATRILIA_ODDS_MAX_RUNS = 3_000
/**
 * The most runs one odds request may ask for in a Galleys & Galleons battle: about 5 s in one worker at
 * the slowest preset's rate measured from its start ("Scilly Privateers (against the land)": 192 runs a
 * second at load 3.5 on the 2-core machine; the Assurance duel 904, the strait 362).
 */
export const GALLEYS_ODDS_MAX_RUNS = 1_000
/**
 * The most runs one odds request may ask for in a Broadsides duel: about 5 s in one worker at the
 * 18 runs a second bench/broadsides.bench.ts measured for "A frigate overhauls a merchantman" from its start
 * with the 2-core machine loaded (load 10); a run that reaches a boarding action is the slow one.
 */
export const BROADSIDES_ODDS_MAX_RUNS = 100

const Probability = z.object({ p: z.number(), low: z.number(), high: z.number() })
/**
 * What the odds play (issue 16 point 9): 'ai' — the AI captain on every ship from now; 'asOrdered' —
 * this turn with the orders given (melee results and heroic actions recorded too; AI ships and GM ships
 * without orders as the turn fills them in), then the AI on every ship.
 */
export const OddsMode = z.enum(['ai', 'asOrdered'])
export type OddsMode = z.infer<typeof OddsMode>

export const OddsResult = z.object({
  mode: OddsMode,
  runs: z.number().int(),
  /** Turns played per run at most before a run counts as undecided. */
  maxTurns: z.number().int(),
  sides: z.array(
    z.object({
      side: z.string(),
      /** The side is left fighting, having sunk or taken at least one enemy (an enemy that only escaped is no win). */
      win: Probability,
      /** Every ship of the side escaped. */
      escape: Probability,
      /** Probability that at least one of the side's ships is sunk / strikes. */
      sunk: Probability,
      struck: Probability
    })
  ),
  undecided: Probability,
  /** Mean turns a run lasted. */
  meanTurns: z.number(),
  ms: z.number()
})
export type OddsResult = z.infer<typeof OddsResult>

/** Start a High Seas battle (the input `battles.start` always took; `ruleset` may now name it). */
export const HighSeasStartInput = z
  .object({
    ruleset: z.literal('highSeas').optional(),
    name: DisplayName.optional(),
    participants: z.array(BattleParticipantInput).min(2, 'a battle needs at least two participants').max(40),
    range: Range.default('extreme'),
    weather: Weather.default('clear'),
    seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
    /** Faces for the seed roll (9d10, each face a digit) when dice are entered by hand. */
    dice: z.array(z.number().int()).max(20).optional()
  })
  .strict()

/** Conclude a High Seas battle with its (GM-edited) review lines (as `battles.conclude` always took). */
export const HighSeasConcludeInput = z
  .object({
    ruleset: z.literal('highSeas').optional(),
    battleId: Id,
    /** The review's lines (required for a High Seas battle of its own). */
    lines: z.array(ReviewLine).min(1).max(40, 'at most 40 lines: a battle has at most 40 participants').optional(),
    /** An Atrilian encounter fought in range bands by conversion (issue 21): the Atrilian lines of the review's `campaign` (absent: as proposed). */
    campaign: z.object({ lines: z.array(AtriliaReviewLine).max(40, 'at most 40 lines: a battle has at most 40 participants') }).strict().optional()
  })
  .strict()

/**
 * Conclude an Atrilian battle with its (GM-edited) review lines (issue 18): absent, the review as
 * `battles.review` proposes it. A battle with no campaign ship writes nothing but its status and result.
 */
export const AtriliaConcludeInput = z
  .object({
    ruleset: z.literal('atrilia'),
    battleId: Id,
    lines: z.array(AtriliaReviewLine).max(60, 'at most 60 lines: a battle has at most 60 ships').optional(),
    /** A Théah encounter fought on the hex map by conversion (issue 21): the Théah lines of the review's `campaign` (absent: as proposed). */
    campaign: z.object({ lines: z.array(ConvertedReviewLine).max(60, 'at most 60 lines: a battle has at most 60 ships') }).strict().optional()
  })
  .strict()


/**
 * Conclude a Galleys & Galleons battle: a battle of the table's own writes its status; a campaign
 * encounter fought by conversion (issue 21) writes its review back, the lines given (absent: as proposed).
 */
export const GalleysConcludeInput = z
  .object({ ruleset: z.literal('galleys'), battleId: Id, lines: z.array(ConvertedReviewLine).max(40, 'at most 40 lines: a battle has at most 40 ships').optional() })
  .strict()

/** Conclude a Broadsides duel: its status only; a campaign encounter fought as a duel by conversion (issue 21) writes its review back, the lines given (absent: as proposed). */
export const BroadsidesConcludeInput = z
  .object({ ruleset: z.literal('broadsides'), battleId: Id, lines: z.array(ConvertedReviewLine).max(2, 'a duel has two ships').optional() })
  .strict()

export const battleContracts = {
  'highseas.cannonTN': contract({
    summary: 'The TN to hit with a battery (seed 003 IV, rules guide §2): 5 × Handling, range, aim, Gunnery, size, forts — with every term.',
    scope: 'app',
    mutates: false,
    input: z
      .object({
        attacker: z.object({ size: Size, gunnery: Rank }).strict(),
        target: z.object({ handling: z.number().int().min(-20).max(99), size: Size }).strict(),
        range: Range,
        aim: Aim.default('hull'),
        /** 'atFort': two free raises for the ships; 'fromFort': one for the fort. */
        fort: z.enum(['none', 'atFort', 'fromFort']).default('none'),
        /** The target is locked in a boarding melee (−15). */
        meleeTarget: z.boolean().default(false)
      })
      .strict(),
    output: z.object({ tn: z.number().int(), breakdown: z.array(Term) })
  }),
  'highseas.grapple': contract({
    summary: 'What a d10 must show to grapple (seed 003 V: smaller 8+, same size 6+, larger 4+) and the chance of it.',
    scope: 'app',
    mutates: false,
    input: z.object({ grapplerSize: Size, targetSize: Size }).strict(),
    output: z.object({ needs: z.number().int(), chance: z.number() })
  }),
  'battles.list': contract({
    summary: 'Every battle, newest first, with its sides and turn.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: z.array(BattleSummary)
  }),
  'battles.preview': contract({
    summary: 'The participants a battle would start with (campaign ships measured, generated ships armed as the encounter says), without starting it.',
    scope: 'campaign',
    mutates: false,
    input: z.object({ participants: z.array(BattleParticipantInput).min(1).max(40) }).strict(),
    output: z.array(BattleSetup.shape.participants.element)
  }),
  'battles.start': contract({
    summary: 'Start a battle. High Seas (the default): campaign ships, generated ships, forts and towns, the starting range and weather. Atrilian hex battle (ruleset "atrilia"), Galleys & Galleons (ruleset "galleys") or a Broadsides & Boarding Parties duel (ruleset "broadsides"): a preset or a full setup, each side GM or AI. The seed is drawn from the campaign unless given.',
    scope: 'campaign',
    mutates: true,
    input: z.discriminatedUnion(
      'ruleset',
      [
        HighSeasStartInput,
        AtriliaStartInput,
        GalleysStartInput,
        BroadsidesStartInput
      ],
      { error: 'ruleset: a battle is fought under "highSeas" (the default), "atrilia", "galleys" or "broadsides"' }
    ),
    output: z.object({ battleId: Id })
  }),
  'battles.state': contract({
    summary: "A battle's setup, current state, every resolved turn (or step) with its rolls, and the orders given for the next one.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ battleId: Id }).strict(),
    output: AnyBattleView
  }),
  'battles.checkOrders': contract({
    summary: "Check the orders of a battle's next step without saving them (an Atrilian phase, or a whole High Seas turn): every problem, in words, with its field.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ battleId: Id, orders: StepOrdersIn }).strict(),
    output: z.object({ problems: z.array(OrderProblem) })
  }),
  'battles.stepOrders': contract({
    summary: "Save the orders of a battle's next step (Atrilia: one phase of the phasing player; High Seas: the whole turn's orders of the GM's ships, melee results and heroic actions); refused with every problem and its field if illegal.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ battleId: Id, orders: StepOrdersIn }).strict(),
    output: z.object({ pending: StepOrdersOut })
  }),
  'battles.resolveStep': contract({
    summary: "Resolve a battle's next step (Atrilia: one phase; High Seas: a whole turn, as battles.resolveTurn): the AI's orders for what the AI commands, else the saved orders; faces typed by hand first, then the battle's own dice.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ battleId: Id, dice: z.array(z.number().int()).max(2000).optional() }).strict(),
    output: z.object({ report: StepReportOut, state: StepStateOut, step: StepInfo, outcome: StepOutcome })
  }),
  'battles.sideControl': contract({
    summary: 'Hand a side to the AI or take it over (the GM orders it). A High Seas side: each of its ships (as battles.control does one).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ battleId: Id, side: Side, control: SideControl }).strict(),
    output: z.object({ side: z.string(), control: SideControl })
  }),
  'battles.replay': contract({
    summary: 'Rebuild a battle from its setup and each stored step (orders and typed faces) and say whether it gives the stored state.',
    scope: 'campaign',
    mutates: false,
    input: z.object({ battleId: Id }).strict(),
    output: z.object({ steps: z.number().int(), same: z.boolean() })
  }),
  'battles.orders': contract({
    summary: "Give one ship her orders for the next turn (tactic, desperate strategy, targets and aim per battery, grapple, board); refused with the reason if illegal.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ battleId: Id, participantId: ParticipantId, orders: ShipOrders }).strict(),
    output: z.object({ participantId: ParticipantId, orders: ShipOrders, notes: z.array(z.string()) })
  }),
  'battles.control': contract({
    summary: 'Hand a ship to the AI captain or take her over (the GM gives her orders).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ battleId: Id, participantId: ParticipantId, control: Control }).strict(),
    output: z.object({ participantId: ParticipantId, control: Control })
  }),
  'battles.melee': contract({
    summary: 'Enter the result of a boarding melee the GM resolved off the board (applied when the turn resolves).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ battleId: Id, result: MeleeResult }).strict(),
    output: PendingOrders
  }),
  'battles.heroic': contract({
    summary: 'Record a heroic action (seed 003 VI) with its effect and reward (applied when the turn resolves).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ battleId: Id, action: HeroicAction }).strict(),
    output: PendingOrders
  }),
  'battles.resolveTurn': contract({
    summary: 'Resolve the next turn: AI captains order, then ranges, tactics, brilliant maneuvers, grappling, boarding, cannon fire and damage, simultaneously.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ battleId: Id, dice: z.array(z.number().int()).max(2000).optional() }).strict(),
    output: z.object({ report: TurnReport, state: BattleState })
  }),
  'battles.odds': contract({
    summary: 'Play the battle from its current state many times — the AI on every ship, or this turn as ordered and then the AI — (in a worker thread) and report each side’s chances with 95% intervals. An Atrilian or Galleys & Galleons battle plays the AI on every side (mode "ai" only).',
    scope: 'campaign',
    mutates: false,
    // At most ODDS_MAX_RUNS: what the bench (npm run bench, highseas) plays in a few seconds on one core of a 2-core machine.
    input: z
      .object({
        battleId: Id,
        runs: z
          .number()
          .int()
          .min(10)
          .max(ODDS_MAX_RUNS, `at most ${ODDS_MAX_RUNS.toLocaleString('en')} runs`)
          .default(2000)
          .meta({
            description: `Runs to play: at most what finishes in a few seconds on one core — ${ODDS_MAX_RUNS.toLocaleString('en')} for High Seas, ${ATRILIA_ODDS_MAX_RUNS.toLocaleString('en')} for an Atrilian hex battle (about 5 s at the bench's 584 runs a second on a loaded machine), ${GALLEYS_ODDS_MAX_RUNS.toLocaleString('en')} for Galleys & Galleons, ${BROADSIDES_ODDS_MAX_RUNS.toLocaleString('en')} for a Broadsides duel; more is refused at runs.`
          }),
        /** 'ai' (the default): the AI on every ship; 'asOrdered': this turn as ordered, then the AI. */
        mode: OddsMode.default('ai')
      })
      .strict(),
    output: OddsResult
  }),
  'battles.review': contract({
    summary: 'What concluding the battle would write to the campaign: damage, guns and crew lost, powder spent, ships sunk, struck or captured. An Atrilian battle: each ship’s fate (afloat, crippled, sunk, captured, exited) and what concluding writes back — repair, marines and wizards lost, crew quality after, prizes and their owners — each line saying how it was worked out; once concluded, what was written. A Galleys & Galleons battle: each ship’s fate (afloat, struck, sunk, exploded, exited). A Broadsides duel: each ship’s fate (afloat, sunk, struck, wiped out) and damage. Either, fought by conversion from a campaign encounter (issue 21): its campaign part, each ship’s line in the setting’s numbers with how it was converted; once concluded, the lines as written.',
    scope: 'campaign',
    mutates: false,
    input: z.object({ battleId: Id }).strict(),
    output: z.union([BattleReview, AtriliaBattleReview, GalleysBattleReview, BroadsidesBattleReview])
  }),
  'battles.conclude': contract({
    summary: 'Apply the (GM-edited) review to the campaign in one step: ships take their damage, prizes join their captors’ owners, sunk ships are marked lost. An Atrilian battle (ruleset "atrilia", its review lines or none for the review as proposed): sunk ships lost, crippled ships to repair in a friendly port, captured ships to their captors’ owners, marines and wizards lost, crew quality raised. A Galleys & Galleons battle ({ruleset: "galleys", battleId}) or a Broadsides duel ({ruleset: "broadsides", battleId}): its status only; a campaign encounter fought under them by conversion (issue 21) also writes its review’s campaign lines (lines: the GM-edited lines of battles.review’s campaign part, or none for them as proposed) to the campaign’s ships.',
    scope: 'campaign',
    mutates: true,
    input: z.discriminatedUnion('ruleset', [HighSeasConcludeInput, AtriliaConcludeInput, GalleysConcludeInput, BroadsidesConcludeInput]),
    output: z.object({ battleId: Id, applied: z.array(z.object({ participantId: ParticipantId, shipId: Id.nullable(), text: z.string() })) })
  }),
  'ships.repairRudder': contract({
    summary: "Mend a rudder strained by Hard Turns (seed 003 IV: lost Handling comes back only when repaired in port): in a friendly port, at the yard's price per point.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ shipId: Id }).strict(),
    output: z.object({
      shipId: Id,
      name: z.string(),
      mended: z.number().int(),
      cost: z.number().int(),
      charged: z.array(z.object({ ownerId: Id, name: z.string(), amount: z.number().int() })),
      port: z.string().nullable()
    })
  }),
  'battles.remove': contract({
    summary: 'Delete a battle that has not been concluded (nothing was written to the campaign).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ battleId: Id }).strict(),
    output: z.object({ battleId: Id })
  })
} as const
