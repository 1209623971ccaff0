import { BattleParticipantInput, type GalleysBattleReview } from '../../shared/commands/battles'
import type { z } from 'zod'
import type { ConversionView, GalleysAdjustment } from '../../shared/commands/conversion'
import type { ConvertedReviewLine } from '../../shared/commands/battles'
import { galleysToTheah, theahToGalleys, totalGuns, type TheahShip } from '../../shared/conversion/theah-galleys'
import { THEAH_ATRILIA_DEF, THEAH_BROADSIDES_DEF, THEAH_GALLEYS_DEF, type TheahAtrilia, type TheahBroadsides, type TheahGalleys } from '../../shared/conversion/tables'
import { atriliaToTheah, theahToAtrilia, type AtriliaConversion } from '../../shared/conversion/theah-atrilia'
import { ENCOUNTER, EncounterBattleChoices, SQUADRON, encounterSetup, type FleetShip } from '../../shared/atrilia/encounter-setup'
import { shipTypeOf } from '../../shared/atrilia/shipyard'
import { controller, prep } from '../../shared/atrilia/engine'
import type { AtriliaSetup, AtriliaState } from '../../shared/atrilia/types'
import { ATRILIA_STEPPED } from './atrilia'
import { broadsidesToTheah, theahToBroadsides, type BroadsidesConversion } from '../../shared/conversion/theah-broadsides'
import { CalcInputError } from '../../shared/battle/calc-error'
import type { Officer } from '../../shared/broadsides/tables'
import { BroadsidesSetup, setupProblemWords, type BroadsidesState } from '../../shared/broadsides/types'
import { damagedRows } from '../../shared/broadsides/cannon-fire'
import { BROADSIDES_STEPPED, broadsidesRulesOf } from './broadsides'
import { GalleysSetup, type GalleysState, type ShipSetupInput } from '../../shared/galleys/types'
import { BATTERIES, type ParticipantSetup } from '../../shared/highseas/types'
import type { ShipDesign } from '../../shared/ship/design'
import { CommandError } from '../../shared/errors'
import { fieldWords } from '../../shared/words'
import type { DiceBox } from '../../shared/dice/roll'
import { stmt, type Db } from '../campaign/sqlite'
import { getRule } from '../campaign-core/rules'
import { currentDay } from '../campaign-core/clock-state'
import { WORLD_OWNER_ID } from '../campaign-core/ledger'
import { battleConcluded } from '../campaign-core/battle-seam'
import { fightTheahEncounterUnder, resolveEncounter, waitingTheahEncounter } from '../theah/voyages'
import { addShipEvent, listing, quoteFor, requireShip, shipOwners } from '../theah/shipyard'
import { recordCaptor } from '../theah/prizes'
import { grappledWith } from '../../shared/galleys/engine'
import { assignPrizeCrews, prizeCrewProblems, type ReviewLineLike } from '../../shared/highseas/review'
import { captorOf as hexCaptorOf } from './atrilia-review'
import { checkPrizeOwners, ownersWords, setOwners, takePrize } from './review'
import { buildParticipants } from './participants'
import { GALLEYS_STEPPED, galleysRulesOf } from './galleys'
import { insertStepped, loadStepped } from './stepped'
import { seedFromDice } from './battles'
import { GUNS_NONE, type Guns, type ParticipantInput, fmt, plural, theBattle } from './rows'

/**
 * A Théah encounter fought under another rule system (issue 21): on the Galleys & Galleons table, as a
 * Broadsides & Boarding Parties duel or on the Atrilian hex map. The squadron's ships and the encounter's
 * are measured as High Seas measures them (./participants.ts), converted by the campaign's conversion
 * table for those rules (src/shared/conversion) with the GM's adjustments for this battle, the battle
 * started on the stepped seam and linked to the voyage; the conversion kept on the battle row
 * (`battle.conversion`, migration 0020) so concluding reads the rules' result back into the Théah review:
 * hull and rigging damage, crew and guns lost, sunk / captured / escaped, and prizes as a High Seas review
 * takes them (./review.ts: the captor's owners in its shares, a prize crew from the captor), the captor read
 * as the rules fought under name her (`takersOf`, `campaignCaptor`). Under High Seas (the setting's own
 * rules) nothing is converted: the fight is the voyage's own. An Atrilia campaign's encounter is
 * ./conversion-atrilia.ts.
 */

type Adjustment = z.output<typeof GalleysAdjustment>
type Line = z.output<typeof ConvertedReviewLine>
type Ruleset = 'galleys' | 'broadsides' | 'atrilia'
type AnyRuleset = Ruleset | 'highseas'
export const RULES_NAME: Record<AnyRuleset, string> = {
  galleys: 'Galleys & Galleons',
  broadsides: 'Broadsides & Boarding Parties',
  atrilia: 'Atrilian hex map',
  highseas: 'High Seas Combat'
}
const HOW: Record<Ruleset, string> = { galleys: 'on the Galleys & Galleons table', broadsides: 'as a Broadsides & Boarding Parties duel', atrilia: 'on the Atrilian hex map' }
const DEFS = { galleys: THEAH_GALLEYS_DEF, broadsides: THEAH_BROADSIDES_DEF, atrilia: THEAH_ATRILIA_DEF } as const

/**
 * A side of a converted battle: `id` is the participants' side (the voyage's 'ours' / 'them', a
 * skirmish's side name), `key` the player id the table battle gives it (letters and digits only),
 * `name` its name on the board, `called` the words a message names it by, `control` who commands it
 * (the computer when every ship of it is the AI's).
 */
interface Side {
  id: string
  key: string
  name: string
  called: string
  control: 'gm' | 'ai'
}

/** What the battle row keeps of the conversion. */
interface Stored {
  from: 'theah'
  ruleset: Ruleset
  /** The voyage whose encounter it is (null: a skirmish of the Skirmish screen). */
  voyageId: number | null
  table: TheahGalleys | TheahBroadsides | TheahAtrilia
  ships: { ship: string; participant: ParticipantSetup; tableHullPoints: number; marinesAtStart?: number }[]
  designs: Record<string, ShipDesign>
  /** The sides (absent on a battle stored before skirmishes were converted: the squadron and the encounter). */
  sides?: Side[]
}

const SIDE_NAMES = { ours: 'The squadron' } as const

/** An encounter's sides: the squadron (the GM's), then the encounter (the computer's), named `label` on the board. */
const encounterSides = (label: string): Side[] => [
  { id: 'ours', key: 'ours', name: SIDE_NAMES.ours, called: 'the squadron', control: 'gm' },
  { id: 'them', key: 'them', name: label, called: 'the encounter', control: 'ai' }
]

/**
 * The ships to convert, measured as High Seas measures them, and their sides in the order the converted
 * battle sets them up: an encounter's (the squadron, then the encounter) or a skirmish's (its sides in the
 * order its participants name them).
 */
interface Measured {
  participants: ParticipantSetup[]
  designs: Record<string, ShipDesign>
  sides: Side[]
  /** The battle's name, and what was fought in words (the encounter's ships, or the skirmish's sides). */
  name: string
  names: string[]
  label: string
  voyageId: number | null
}

/** The participants measured and checked for the rules chosen: only ships convert, a duel is one ship a side, the hex map two sides. */
function convertible(built: ReturnType<typeof buildParticipants>, sides: Side[], ruleset: AnyRuleset): void {
  const notShips = built.participants.filter((p) => p.kind !== 'ship')
  if (notShips.length && ruleset !== 'highseas') {
    throw new CommandError('rule', `${listing(notShips.map((p) => `the ${p.name}`))} cannot fight under the ${RULES_NAME[ruleset]} rules: only ships are converted (those rules have no forts or towns).`, { field: 'ruleset' })
  }
  const n = (side: Side) => built.participants.filter((p) => p.side === side.id).length
  if (ruleset === 'broadsides' && (sides.length !== 2 || sides.some((s) => n(s) !== 1))) {
    throw new CommandError('rule', `A Broadsides & Boarding Parties duel is fought by two ships, one a side: here ${listing(sides.map((s) => `${s.called} has ${plural(n(s), 'ship')}`))}.`, {
      field: 'ruleset'
    })
  }
  if (ruleset === 'atrilia' && sides.length !== 2) {
    throw new CommandError('rule', `The Atrilian hex map is fought by two sides: here there are ${sides.length}.`, { field: 'ruleset' })
  }
  if (ruleset === 'galleys' && sides.length > GALLEYS_SIDES) {
    throw new CommandError('rule', `On the Galleys & Galleons table a converted battle has at most ${GALLEYS_SIDES} sides, one along each edge: here there are ${sides.length}.`, { field: 'ruleset' })
  }
}
/** House default: a converted table battle sets each side along an edge of the table, so at most four. */
const GALLEYS_SIDES = 4

/** Who commands a side: the computer when every ship of it is the AI's, else the GM. */
const controlOf = (ps: ParticipantSetup[], id: string): 'gm' | 'ai' => (ps.filter((p) => p.side === id).every((p) => p.control === 'ai') ? 'ai' : 'gm')

function measured(db: Db, voyageId: number, ruleset: AnyRuleset): Measured & { encounter: ReturnType<typeof waitingTheahEncounter>['encounter'] } {
  const w = waitingTheahEncounter(db, voyageId)
  const inputs = [
    ...w.shipIds.map((shipId) => ({ shipId, side: 'ours', control: 'gm' as const })),
    ...w.encounter.ships.map((x) => ({ ...(x as object), side: 'them' }))
  ].map((x) => BattleParticipantInput.parse(x) as ParticipantInput)
  const built = buildParticipants(db, inputs)
  const sides = encounterSides(w.encounter.label.slice(0, 80) || 'The encounter')
  convertible(built, sides, ruleset)
  return { ...built, sides, name: `Battle at sea: ${w.name}`.slice(0, 80), names: w.encounter.names, label: w.encounter.label, voyageId, encounter: w.encounter }
}

/** A skirmish's participants (the Skirmish screen's list) measured and checked for the rules chosen. */
function measuredSkirmish(db: Db, input: { participants: ParticipantInput[]; ruleset: AnyRuleset; name?: string | undefined }): Measured {
  if (input.ruleset === 'highseas') {
    throw new CommandError('rule', 'High Seas Combat is the skirmish’s own rules: nothing is converted, start it as a High Seas battle.', { field: 'ruleset' })
  }
  const built = buildParticipants(db, input.participants)
  const ids = [...new Set(built.participants.map((p) => p.side))]
  if (ids.length < 2) throw new CommandError('rule', 'A battle needs participants on at least two sides.', { field: 'participants' })
  const sides: Side[] = ids.map((id, i) => ({ id, key: `side${i + 1}`, name: id, called: `“${id}”`, control: controlOf(built.participants, id) }))
  convertible(built, sides, input.ruleset)
  const name = (input.name?.trim() || `Skirmish: ${ids.join(' against ')}`).slice(0, 80)
  return { ...built, sides, name, names: built.participants.map((p) => `the ${p.name}`), label: name, voyageId: null }
}

/**
 * The numbers each rule system lets the GM adjust, and the range of each (checked here at its field: the
 * contract's schema takes the widest range any rules have).
 */
export const ADJUSTABLE: Record<AnyRuleset, Partial<Record<Exclude<keyof Adjustment, 'ship'>, [number, number] | 'key'>>> = {
  galleys: { quality: [2, 6], combat: [0, 12], hullPoints: [1, 30], points: [0, 10000] },
  broadsides: { class: 'key', crew: [1, 40] },
  atrilia: { type: 'key', size: [1, 3], crewQuality: [1, 4], marines: [0, 20] },
  highseas: { hullPoints: [1, 9999], riggingPoints: [0, 9999], size: [0, 99], handling: [-20, 99], speed: [0, 99], threatRating: [1, 10], crew: [0, 9999], marines: [0, 9999] }
}
const ADJ_KEYS = ['quality', 'combat', 'hullPoints', 'points', 'class', 'crew', 'type', 'size', 'crewQuality', 'marines', 'riggingPoints', 'handling', 'speed', 'threatRating'] as const

/**
 * The GM's adjustments checked (each at its field) against the ships of the encounter and the numbers the
 * rules chosen have; `own` names the setting's own rules, under which nothing is converted to adjust.
 */
export function adjustmentsFor(adjustments: Adjustment[], ids: string[], ruleset: AnyRuleset, own = false): Map<string, Adjustment> {
  const out = new Map<string, Adjustment>()
  const allowed = own ? {} : ADJUSTABLE[ruleset]
  adjustments.forEach((a, i) => {
    for (const k of ADJ_KEYS) {
      const v = a[k]
      if (v === undefined) continue
      const range = allowed[k]
      if (!range) bad(`adjustments.${i}.${k}`, own ? `under the ${RULES_NAME[ruleset]} rules, the setting's own, nothing is converted: there is nothing to adjust` : `the ${RULES_NAME[ruleset]} rules have no such number to adjust`)
      if (Array.isArray(range) && typeof v === 'number' && (v < range[0] || v > range[1])) bad(`adjustments.${i}.${k}`, `must be ${range[0]} to ${range[1]} under the ${RULES_NAME[ruleset]} rules`)
    }
    if (!ids.includes(a.ship)) {
      throw new CommandError('invalid_input', `Adjustment ${i + 1}: there is no ship “${a.ship}” in this encounter (its ships are ${ids.join(', ')}).`, {
        field: `adjustments.${i}.ship`,
        issues: [{ field: `adjustments.${i}.ship`, message: 'no such ship in this encounter' }]
      })
    }
    if (out.has(a.ship)) {
      throw new CommandError('invalid_input', `Adjustment ${i + 1}: the ship “${a.ship}” is adjusted twice.`, {
        field: `adjustments.${i}.ship`,
        issues: [{ field: `adjustments.${i}.ship`, message: 'adjusted twice' }]
      })
    }
    out.set(a.ship, a)
  })
  return out
}

/** The keys the GM adjusted, of those the rules have. */
export const adjustedKeys = (a: Adjustment | undefined, ruleset: AnyRuleset): string[] => (a ? ADJ_KEYS.filter((k) => a[k] !== undefined && ADJUSTABLE[ruleset][k] !== undefined) : [])

/** A Théah ship on the hex map: her conversion, her type checked against the campaign's Atrilian ships table, and the GM's adjustment. */
function hexShip(db: Db, p: ParticipantSetup, a: Adjustment | undefined, k: number, i: number): { conv: AtriliaConversion; profile: AtriliaConversion['profile'] } {
  const conv = theahToAtrilia(p, getRule(db, 'conversionTheahAtrilia'))
  const catalogue = getRule(db, 'atriliaShips')
  const type = a?.type ?? conv.type.value
  if (!shipTypeOf(catalogue, type)) {
    bad(
      a?.type ? `adjustments.${k}.type` : 'ruleset',
      `there is no ship type “${type}” in the Atrilian ships table${a?.type ? '' : `, for the ${p.name} (ship ${i + 1}): the conversion table names it`}`
    )
  }
  const profile = { ...conv.profile, type, size: a?.size ?? conv.size.value, crewQuality: a?.crewQuality ?? conv.crewQuality.value, marines: a?.marines ?? conv.marines.value }
  return { conv, profile }
}

/** The hex map's set-up of the converted ships (seed 002 §3, §7.4, §11.2 as an Atrilian encounter's), with its notes; refused at its field. */
function hexSetup(db: Db, m: Measured, adjustments: Adjustment[], name: string, seed: number) {
  const fleet = (side: Side): FleetShip[] =>
    m.participants
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => p.side === side.id)
      .map(({ p, i }) => {
        const k = adjustments.findIndex((x) => x.ship === p.id)
        return { id: p.id, name: p.name, shipId: null, profile: hexShip(db, p, adjustments[k], k, i).profile }
      })
  const [first, second] = m.sides as [Side, Side]
  const out = encounterSetup({
    name,
    squadron: { name: first.name.slice(0, 80), nation: 'other', ships: fleet(first) },
    encounter: { name: second.name.slice(0, 80), nation: 'other', ships: fleet(second) },
    near: null,
    choices: EncounterBattleChoices.parse({ coastline: false }),
    seed,
    rules: getRule(db, 'atriliaBattle')
  })
  if (out.problems.length || !out.setup) {
    const first = out.problems[0]!
    bad(first.field === 'voyageId' ? 'ruleset' : first.field, first.message)
  }
  return out
}

const OWN_NOTE = 'Fought under High Seas Combat, the Théah setting’s own rules: nothing is converted, the battle is the voyage’s own fight (seed 003 IV–VI).'

/** The preview: every ship converted with its terms, and what she fights with after the GM's adjustments. */
export function encounterConversion(db: Db, input: { voyageId: number; ruleset: AnyRuleset; adjustments: Adjustment[] }): ConversionView {
  return conversionOf(db, measured(db, input.voyageId, input.ruleset), input)
}

/** The preview of a skirmish's participants converted to the rules chosen (the Skirmish screen's; High Seas is its own and refused). */
export function skirmishConversion(db: Db, input: { participants: ParticipantInput[]; ruleset: AnyRuleset; adjustments: Adjustment[]; name?: string | undefined }): ConversionView {
  return conversionOf(db, measuredSkirmish(db, input), input)
}

/** Every ship of the measured battle converted with her terms, and what she fights with after the GM's adjustments. */
function conversionOf(db: Db, m: Measured, input: { ruleset: AnyRuleset; adjustments: Adjustment[] }): ConversionView {
  const own = input.ruleset === 'highseas'
  const adj = adjustmentsFor(input.adjustments, m.participants.map((p) => p.id), input.ruleset, own)
  const def = own ? null : DEFS[input.ruleset as Ruleset]
  const templates = input.ruleset === 'broadsides' ? getRule(db, 'broadsidesShips') : null
  const view: ConversionView = {
    ruleset: input.ruleset,
    rulesetName: RULES_NAME[input.ruleset],
    tableTitle: def?.title ?? 'No conversion: the setting’s own rules',
    tableSource: def?.source ?? 'High Seas Combat (seed 003 IV–VI) is the Théah setting’s own battle rules.',
    setting: 'theah',
    converted: !own,
    notes: own ? [OWN_NOTE] : input.ruleset === 'atrilia' ? [m.voyageId === null ? HEX_SKIRMISH_NOTE : HEX_NOTE, ...hexSetup(db, m, input.adjustments, 'Preview', 1).notes] : m.voyageId === null ? skirmishNotes(m, input.ruleset) : [],
    voyageId: m.voyageId,
    encounter: m.label,
    ships: m.participants.map((p, i) => {
      const a = adj.get(p.id)
      const k = input.adjustments.findIndex((x) => x.ship === p.id)
      const base = {
        ship: p.id,
        name: p.name,
        side: p.side,
        shipId: p.shipId ?? null,
        from: { size: p.size, handling: p.handling, speed: p.speed, crew: p.crew, crewKind: p.crewKind, guns: totalGuns(p), hullPoints: p.hullPoints },
        adjusted: adjustedKeys(a, input.ruleset)
      }
      if (own) return { ...base, fights: {} }
      if (input.ruleset === 'atrilia') {
        const { conv, profile } = hexShip(db, p, a, k, i)
        return {
          ...base,
          atrilia: { type: conv.type, size: conv.size, crewQuality: conv.crewQuality, marines: conv.marines, improvements: conv.improvements },
          fights: { type: profile.type, size: profile.size, crewQuality: profile.crewQuality, marines: profile.marines } as Record<string, string | number>
        }
      }
      if (templates) {
        let c: BroadsidesConversion
        try {
          c = theahToBroadsides(p, getRule(db, 'conversionTheahBroadsides'), templates, a?.class)
        } catch (e) {
          if (!(e instanceof CalcInputError)) throw e
          // The GM's class for her (at its adjustment), or the conversion table's for her hull (at the ruleset: that table is what the choice brings in).
          return bad(e.field === 'class' ? `adjustments.${k}.class` : 'ruleset', `${e.message}, for the ${p.name}`)
        }
        return {
          ...base,
          deck: { class: c.class.value, className: c.class.name, why: c.class.why, crew: c.crew, cannon: c.cannon, officers: c.officers, officersWhy: c.officersWhy },
          fights: { class: c.class.value, crew: a?.crew ?? c.crew.value } as Record<string, string | number>
        }
      }
      const c = theahToGalleys(p, getRule(db, 'conversionTheahGalleys'))
      return {
        ...base,
        quality: c.quality,
        combat: c.combat,
        hullPoints: c.hullPoints,
        points: c.points,
        traits: c.traits,
        fights: {
          quality: a?.quality ?? c.quality.value,
          combat: a?.combat ?? c.combat.value,
          hullPoints: a?.hullPoints ?? c.hullPoints.value,
          points: a?.points ?? c.points.value
        } as Record<string, string | number>
      }
    })
  }
  return view
}

/** House default: a Théah encounter on the hex map is fought in open sea, the sides at opposite edges as an Atrilian encounter's are. */
const HEX_NOTE =
  'House default: a Théah encounter on the hex map is fought in open sea (the Théah chart draws no coast for it), the squadron and the encounter set up along opposite edges facing inward, the squadron moving first, the encounter ordered by the computer.'
/** House default: a skirmish on the hex map is set up as an encounter's, its first side as the squadron. */
const HEX_SKIRMISH_NOTE =
  'House default: a skirmish on the hex map is fought in open sea, its two sides set up along opposite edges facing inward, the first side moving first; a side whose ships are all the AI captain’s is ordered by the computer, else by the GM.'
/** The Skirmish screen's starting range and weather are High Seas numbers: a converted skirmish says it does not use them. */
function skirmishNotes(m: Measured, ruleset: AnyRuleset): string[] {
  const where =
    ruleset === 'broadsides'
      ? `House default: ${m.sides[0]!.name}’s ship at the west edge heading east, ${m.sides[1]!.name}’s at the east heading west, on the middle row; each ship commanded as the skirmish says (GM or AI captain).`
      : `House default: the sides along the edges of the table (${listing(m.sides.map((s, i) => `${s.name} ${GALLEYS_EDGES[i]!.words}`))}), the wind from the east; a side whose ships are all the AI captain’s is played by the computer, else by the GM.`
  return [where, 'The starting range and the weather are High Seas Combat’s: a converted battle does not use them.']
}
/** House default: where each side of a converted table battle is set up (the first two as an encounter's squadron and encounter). */
const GALLEYS_EDGES = [
  { words: 'at the bottom facing north', facing: 0 },
  { words: 'at the top facing south', facing: 180 },
  { words: 'at the left facing east', facing: 90 },
  { words: 'at the right facing west', facing: 270 }
] as const

/** Fight the waiting encounter under the rules chosen: the set-up from the preview, the battle linked to the voyage. */
export function fightEncounterUnder(
  db: Db,
  input: { voyageId: number; ruleset: AnyRuleset; adjustments: Adjustment[]; note?: string | undefined },
  dice: (given?: readonly number[]) => DiceBox
): { battleId: number; voyageId: number; text: string } {
  // Measured once: the preview's view and the battle's set-up are of the same ships.
  const m = measured(db, input.voyageId, input.ruleset)
  const view = conversionOf(db, m, input)
  if (input.ruleset === 'highseas') {
    // The setting's own rules: the voyage's own fight, from the range the lookouts saw her at (seed 003 III).
    const out = resolveEncounter(db, { voyageId: input.voyageId, choice: 'fight', ...(input.note ? { note: input.note } : {}) }, dice)
    return { battleId: out.battleId!, voyageId: input.voyageId, text: out.text }
  }
  const ruleset: Ruleset = input.ruleset
  const out = fightTheahEncounterUnder(db, input.voyageId, input.note, () => {
    const battleId = startConverted(db, m, view, ruleset, input.adjustments, seedFromDice(dice()))
    return { battleId, text: `Fought ${listing(m.names)} ${HOW[ruleset]}, the ships converted from their Théah numbers` }
  })
  return { battleId: out.battleId, voyageId: input.voyageId, text: out.text }
}

/** Start a skirmish of the Skirmish screen under other rules: its ships converted as the preview shows, the seed given or drawn. */
export function startSkirmishUnder(
  db: Db,
  input: { participants: ParticipantInput[]; ruleset: AnyRuleset; adjustments: Adjustment[]; name?: string | undefined; seed?: number | undefined },
  dice: (given?: readonly number[]) => DiceBox
): { battleId: number; text: string } {
  const m = measuredSkirmish(db, input) // refuses High Seas: the skirmish's own rules are started by battles.start
  const view = conversionOf(db, m, input)
  const ruleset = input.ruleset as Ruleset
  const battleId = startConverted(db, m, view, ruleset, input.adjustments, input.seed ?? seedFromDice(dice()))
  return { battleId, text: `Started the skirmish “${m.name}” ${HOW[ruleset]}: ${listing(m.names)}, converted from their Théah numbers` }
}

/** The converted battle started on the stepped seam (the campaign's tables snapshotted as for any battle), its conversion kept on the battle row. */
function startConverted(db: Db, m: Measured, view: ConversionView, ruleset: Ruleset, adjustments: Adjustment[], seed: number): number {
  const fieldsOf = (setup: unknown, issues: { path: PropertyKey[]; message: string }[]) => {
    const list = issues.map((i) => ({ field: ['setup', ...i.path.map(String)].join('.'), message: i.message }))
    const words = issues.map((i) => (ruleset === 'broadsides' ? setupProblemWords(setup, i.path, i.message) : `${fieldWords(i.path)}: ${i.message}`)).join('; ')
    return new CommandError('invalid_input', `${words}.`, { field: list[0]!.field, issues: list })
  }
  const name = m.name
  let battleId: number
  const tableHullPoints: Record<string, number> = {}
  const marinesAtStart: Record<string, number> = {}
  if (ruleset === 'atrilia') {
    const out = hexSetup(db, m, adjustments, name, seed)
    const setup = out.setup!
    for (const x of setup.ships) marinesAtStart[x.id] = x.marines
    battleId = insertStepped(db, ATRILIA_STEPPED, { name, setup, seed, control: { [SQUADRON]: m.sides[0]!.control, [ENCOUNTER]: m.sides[1]!.control } }).battleId
  } else if (ruleset === 'broadsides') {
    const rules = broadsidesRulesOf(db)
    const { width, height } = rules.board
    // House default: the first side's ship two squares in from the west edge heading east, the other's from the east heading west, both on the middle row.
    const y = 2 * Math.floor(height / 2) + 1
    const ships = m.sides.map((side, i) => {
      const s = view.ships.find((x) => x.side === side.id)!
      return {
        id: s.ship,
        name: s.name,
        class: String(s.fights.class),
        crew: Number(s.fights.crew),
        officers: s.deck!.officers as Officer[],
        at: { x: i === 0 ? 5 : 2 * width - 5, y },
        heading: i === 0 ? 2 : 6
      }
    })
    const parsed = BroadsidesSetup.safeParse({ name, seed, rules, ships })
    if (!parsed.success) throw fieldsOf({ ships }, parsed.error.issues)
    const control: Record<string, 'gm' | 'ai'> = Object.fromEntries(m.participants.map((p) => [p.id, p.control === 'ai' ? 'ai' : 'gm']))
    battleId = insertStepped(db, BROADSIDES_STEPPED, { name, setup: parsed.data, seed, control }).battleId
  } else {
    const rules = galleysRulesOf(db)
    const { width, height, gaugePoints } = rules.table
    const ships: ShipSetupInput[] = []
    m.sides.forEach((side, k) => {
      const list = view.ships.filter((s) => s.side === side.id)
      const edge = GALLEYS_EDGES[k]!
      list.forEach((s, i) => {
        tableHullPoints[s.ship] = Number(s.fights.hullPoints)
        // House default: each side in a line along its edge (the squadron at the bottom facing north, the encounter at the top facing south).
        const along = (n: number) => Math.round((n * (i + 1)) / (list.length + 1))
        const at =
          k === 0 ? { x: along(width), y: Math.round(height * 0.85) } : k === 1 ? { x: along(width), y: Math.round(height * 0.15) } : { x: Math.round(width * (k === 2 ? 0.1 : 0.9)), y: along(height) }
        ships.push({
          id: s.ship,
          name: s.name,
          player: side.key,
          points: Number(s.fights.points),
          quality: Number(s.fights.quality),
          combat: Number(s.fights.combat),
          hullPoints: Number(s.fights.hullPoints),
          traits: (s.traits ?? []).map((t) => ({ name: t.name, note: `From her Théah numbers: ${t.why}.` })),
          at,
          facing: edge.facing,
          ...(s.shipId !== null ? { shipId: s.shipId } : {})
        })
      })
    })
    const parsed = GalleysSetup.safeParse({
      name,
      players: m.sides.map((s) => ({ id: s.key, name: s.name.slice(0, 80) })),
      ships,
      // House default: the wind from the east (a quarter of the gauge round from north), across both lines.
      wind: { direction: Math.floor(gaugePoints / 4), marker: null },
      seed,
      rules
    })
    if (!parsed.success) throw fieldsOf(null, parsed.error.issues)
    battleId = insertStepped(db, GALLEYS_STEPPED, { name, setup: parsed.data, seed, control: Object.fromEntries(m.sides.map((s) => [s.key, s.control])) }).battleId
  }
  const stored: Stored = {
    from: 'theah',
    ruleset,
    voyageId: m.voyageId,
    table: ruleset === 'galleys' ? getRule(db, 'conversionTheahGalleys') : ruleset === 'broadsides' ? getRule(db, 'conversionTheahBroadsides') : getRule(db, 'conversionTheahAtrilia'),
    ships: m.participants.map((p) => ({
      ship: p.id,
      participant: p,
      tableHullPoints: tableHullPoints[p.id] ?? 0,
      ...(ruleset === 'atrilia' ? { marinesAtStart: marinesAtStart[p.id] ?? 0 } : {})
    })),
    designs: m.designs,
    sides: m.sides
  }
  stmt(db, `UPDATE battle SET conversion = ? WHERE id = ?`).run(JSON.stringify(stored), battleId)
  return battleId
}

/** The sides of a converted battle (one stored before skirmishes were converted: the squadron and the encounter). */
const sidesOf = (stored: Stored): Side[] => stored.sides ?? encounterSides('The encounter')

function storedOf(db: Db, battleId: number): Stored | null {
  const r = stmt(db, `SELECT conversion FROM battle WHERE id = ?`).get(battleId) as { conversion: string | null } | undefined
  return r?.conversion ? (JSON.parse(r.conversion) as Stored) : null
}

/**
 * The Théah review of a converted battle (null: a battle of its rules' own), each line with how it was
 * converted; once concluded, each line as it was written (the GM's edits), still naming how it was converted.
 */
export function convertedReview(db: Db, battleId: number): GalleysBattleReview['campaign'] {
  const stored = storedOf(db, battleId)
  if (!stored) return null
  const backs = stored.ruleset === 'broadsides' ? duelBacks(db, battleId, stored) : stored.ruleset === 'atrilia' ? hexBacks(db, battleId, stored) : tableBacks(db, battleId, stored)
  const title = DEFS[stored.ruleset].title
  const row = stmt(db, `SELECT status, result FROM battle WHERE id = ?`).get(battleId) as { status: string; result: string | null }
  const written = row.status === 'concluded' && row.result ? ((JSON.parse(row.result) as { lines?: Line[] }).lines ?? []) : []
  // What taking each ship would mean (once per ship: the proposal of a ship the battle left captured is her line's).
  const fates = stored.ships.map((s) => ({ ship: s.ship, fate: backs[s.ship]!.fate, crewLost: backs[s.ship]!.crewLost.value }))
  const takers = row.status === 'concluded' ? null : takersOf(db, battleId, stored)
  const ifCaptured = takers ? Object.fromEntries(stored.ships.map((s) => [s.ship, prizeProposal(db, stored, takers, fates, s.ship)])) : null
  return {
    tableTitle: title,
    ...(stored.voyageId === null ? { skirmish: true } : {}),
    ...(ifCaptured ? { ifCaptured } : {}),
    lines: stored.ships.map((s) => {
      const back = backs[s.ship]!
      const how = [`Fought ${HOW[stored.ruleset]}: read back by the table “${title}” (a house default).`, ...back.how]
      // Once concluded, the lines as written (the GM's edits), not the proposal again.
      const w = written.find((l) => l.ship === s.ship)
      if (w) return { ...w, gunsLost: { ...w.gunsLost }, prizeOwners: w.prizeOwners ?? [], name: s.participant.name, side: s.participant.side, how }
      const prize = back.fate === 'captured' ? (ifCaptured?.[s.ship] ?? null) : null
      return {
        ship: s.ship,
        name: s.participant.name,
        side: s.participant.side,
        shipId: s.participant.shipId ?? null,
        fate: back.fate,
        hullDamage: back.hullDamage.value,
        riggingDamage: back.riggingDamage.value,
        crewLost: back.crewLost.value,
        gunsLost: back.gunsLost,
        prizeOwners: prize?.prizeOwners ?? [],
        ...(prize ? { prizeCrewFrom: prize.prizeCrewFrom, ...(prize.prizeCrewMin !== undefined ? { prizeCrew: prize.prizeCrew, prizeCrewMin: prize.prizeCrewMin } : {}) } : {}),
        how: prize ? [...how, prize.how] : how
      }
    })
  }
}

/**
 * The ship of the battle that took each ship, as the rules it was fought under say (absent: none recorded):
 * on the table the ship of another side grappled with her when she struck (seed 000: struck by a boarding
 * or striking while grappled), a campaign ship first; in a duel the other ship; on the hex map the ship whose
 * boarders took her (seed 002 §8.11, as the hex battle's own review reads it: ./atrilia-review.ts).
 */
function takersOf(db: Db, battleId: number, stored: Stored): Record<string, { ship: string; how: string }> {
  const out: Record<string, { ship: string; how: string }> = {}
  const part = (id: string) => stored.ships.find((x) => x.ship === id)?.participant
  if (stored.ruleset === 'galleys') {
    const b = loadStepped<GalleysSetup, GalleysState, unknown>(db, GALLEYS_STEPPED, battleId)
    for (const x of b.setup.ships) {
      if (b.state.ships[x.id]?.status !== 'struck') continue
      const others = grappledWith(b.state, x.id).filter((o) => b.setup.ships.find((y) => y.id === o)?.player !== x.player)
      const by = others.find((o) => part(o)?.shipId !== undefined) ?? others[0]
      if (by) out[x.id] = { ship: by, how: 'she was grappled with her when she struck (seed 000 boarding)' }
    }
  } else if (stored.ruleset === 'broadsides') {
    const [a, b] = stored.ships
    if (a && b) {
      out[a.ship] = { ship: b.ship, how: 'she is the other ship of the duel' }
      out[b.ship] = { ship: a.ship, how: 'she is the other ship of the duel' }
    }
  } else {
    const b = loadStepped<AtriliaSetup, AtriliaState, unknown>(db, ATRILIA_STEPPED, battleId)
    for (const x of b.setup.ships) {
      if (!b.state.ships[x.id]) continue
      const c = hexCaptorOf(db, b, x, (y) => part(y.id)?.shipId !== undefined)
      if (c) out[x.id] = { ship: c.ship.id, how: c.how }
    }
  }
  return out
}

/**
 * The campaign ship that took a captured ship: the one the battle names, when she is a campaign ship of
 * another side; when the battle names none (she struck with nobody grappled, or the GM made her captured),
 * the first campaign ship of another side still afloat, else the first of another side (a house default,
 * issue 21: a captor not afloat has no hands to give, so her prize crew is 0). Null: no campaign ship
 * took her (a campaign ship passes to the outside world; an encounter's ship is not taken into the campaign).
 */
function campaignCaptor(
  stored: Stored,
  takers: Record<string, { ship: string; how: string }>,
  lines: { ship: string; fate: string }[],
  ship: string
): { shipId: number; ship: string; name: string; how: string } | null {
  const me = stored.ships.find((x) => x.ship === ship)!.participant
  const by = takers[ship]
  if (by) {
    const c = stored.ships.find((x) => x.ship === by.ship)?.participant
    if (!c || c.side === me.side || c.shipId === undefined) return null
    return { shipId: c.shipId, ship: by.ship, name: c.name, how: by.how }
  }
  const others = stored.ships.filter((x) => x.participant.side !== me.side && x.participant.shipId !== undefined)
  const first = others.find((x) => lines.find((l) => l.ship === x.ship)?.fate === 'afloat') ?? others[0]
  return first ? { shipId: first.participant.shipId!, ship: first.ship, name: first.participant.name, how: 'no ship is recorded taking her, so the first campaign ship of another side takes her, one still afloat first (a house default)' } : null
}

/** A ship's design: a campaign ship's own, an encounter's as the battle measured her. */
const designOf = (db: Db, stored: Stored, ship: string): ShipDesign | undefined => {
  const p = stored.ships.find((x) => x.ship === ship)!.participant
  return p.shipId !== undefined ? (JSON.parse(requireShip(db, p.shipId).design) as ShipDesign) : stored.designs[ship]
}
/** Her minimum sail crew (seed 003 I), the floor of her prize crew; null: not known. */
const minSailCrewOf = (db: Db, stored: Stored, ship: string): number | null => {
  const d = designOf(db, stored, ship)
  return d ? quoteFor(db, d).derived.minSailCrew : null
}
/** A campaign ship's hands after the battle (losses fall on the hands, a house default). */
const handsAfter = (db: Db, shipId: number, crewLost: number) => Math.max(0, requireShip(db, shipId).crew - crewLost)

/**
 * What the review proposes for a captured ship, as a High Seas review does (./review.ts): she passes to her
 * captor's owners in the captor's shares, her minimum sail crew moved from the captor as her prize crew when
 * the captor has that many hands left (else none); no campaign captor, nobody's (a campaign ship: the outside world).
 */
function prizeProposal(
  db: Db,
  stored: Stored,
  takers: Record<string, { ship: string; how: string }>,
  lines: { ship: string; fate: string; crewLost: number }[],
  ship: string
): {
  prizeOwners: { ownerId: number; share: number }[]
  prizeCrewFrom: number | null
  prizeCrew?: number
  prizeCrewMin?: number
  captor: { shipId: number; name: string; hands: number } | null
  how: string
} {
  const p = stored.ships.find((x) => x.ship === ship)!.participant
  const captor = campaignCaptor(stored, takers, lines, ship)
  if (!captor) {
    return {
      prizeOwners: [],
      prizeCrewFrom: null,
      captor: null,
      how: p.shipId !== undefined ? 'No campaign ship took her: she passes to the outside world.' : 'No campaign ship took her: she is not taken into the campaign.'
    }
  }
  const owners = shipOwners(db, captor.shipId)
  const min = minSailCrewOf(db, stored, ship)
  const left = handsAfter(db, captor.shipId, lines.find((l) => l.ship === captor.ship)?.crewLost ?? 0)
  const crew = min === null ? {} : { prizeCrew: left >= min ? min : 0, prizeCrewMin: min }
  const manned =
    min === null ? '' : left >= min ? ` Her prize crew: her minimum sail crew of ${min} from the ${captor.name}.` : ` The ${captor.name} has ${plural(left, 'hand')} left, fewer than her minimum sail crew of ${min}: no prize crew, she cannot sail until manned.`
  return {
    prizeOwners: owners.map((o) => ({ ownerId: o.ownerId, share: o.share })),
    prizeCrewFrom: captor.shipId,
    ...crew,
    captor: { shipId: captor.shipId, name: captor.name, hands: requireShip(db, captor.shipId).crew },
    how: `Taken by the ${captor.name}: ${captor.how}. She passes to the ${captor.name}’s owners in the ${captor.name}’s shares (${listing(owners.map((o) => `${o.name} ${o.share}%`))}).${manned}`
  }
}

function tableBacks(db: Db, battleId: number, stored: Stored) {
  const b = loadStepped<GalleysSetup, GalleysState, unknown>(db, GALLEYS_STEPPED, battleId)
  return Object.fromEntries(
    stored.ships.map((s) => [s.ship, galleysToTheah(s.participant as TheahShip, s.tableHullPoints, b.state.ships[s.ship]!, stored.table as TheahGalleys)])
  )
}

function hexBacks(db: Db, battleId: number, stored: Stored) {
  const b = loadStepped<AtriliaSetup, AtriliaState, unknown>(db, ATRILIA_STEPPED, battleId)
  const board = prep(b.setup)
  return Object.fromEntries(
    stored.ships.map((s) => {
      const x = b.setup.ships.find((y) => y.id === s.ship)
      const st = b.state.ships[s.ship]
      // A ship the map had no room for never fought: she comes back as she went.
      const r = st && x
        ? {
            status: st.status,
            crippled: st.crippled || st.sinking,
            taken: st.status !== 'sunk' && controller(board, st) !== x.side,
            marinesAtStart: s.marinesAtStart ?? x.marines,
            marinesLeft: st.marineSide === x.side ? st.marines : 0
          }
        : { status: 'afloat' as const, crippled: false, taken: false, marinesAtStart: 0, marinesLeft: 0 }
      return [s.ship, atriliaToTheah(s.participant as TheahShip, r, stored.table as TheahAtrilia)]
    })
  )
}

function duelBacks(db: Db, battleId: number, stored: Stored) {
  const b = loadStepped<BroadsidesSetup, BroadsidesState, unknown>(db, BROADSIDES_STEPPED, battleId)
  const start = BROADSIDES_STEPPED.ruleset.start(b.setup, b.setup.seed)
  return Object.fromEntries(
    stored.ships.map((s) => {
      const st = b.state.ships[s.ship]!
      const st0 = start.ships[s.ship]!
      const r = {
        status: st.status,
        rows: st.hull.port.length,
        rowsHoled: Math.max(damagedRows(st.hull.port), damagedRows(st.hull.starboard)),
        mastsDown: st.masts.filter((x) => x.down).length,
        cannonAtStart: st0.cannon.length,
        cannonLeft: st.cannon.length,
        figuresAtStart: start.units.filter((u) => u.side === s.ship).length,
        figuresLeft: b.state.units.filter((u) => u.side === s.ship).length
      }
      return [s.ship, broadsidesToTheah(s.participant as TheahShip, r, stored.table as TheahBroadsides)]
    })
  )
}

/**
 * Run a conclusion whose lines the GM gives as `campaign.lines` (under rules with review lines of their own,
 * High Seas and the hex map): a refusal at `lines.N.x` is named at `campaign.lines.N.x`.
 */
export function underCampaign<T>(run: () => T): T {
  try {
    return run()
  } catch (e) {
    if (e instanceof CommandError && (e.code === 'invalid_input' || e.code === 'not_found')) {
      const d = (e.details ?? {}) as { field?: string; issues?: { field: string; message: string }[] }
      if (d.field?.startsWith('lines')) {
        throw new CommandError(e.code, e.message, { field: `campaign.${d.field}`, issues: (d.issues ?? []).map((i) => ({ ...i, field: `campaign.${i.field}` })) })
      }
    }
    throw e
  }
}

/** A refusal at a field: the issue names the field by its path (for the form), the message in words. */
const bad = (field: string, message: string): never => {
  const words = fieldWords(field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)))
  throw new CommandError('invalid_input', `${words}: ${message}.`, { field, issues: [{ field, message }] })
}

/** Conclude a converted battle: the lines (absent: as proposed) checked at their fields, then written to the campaign in one change. */
export function concludeConverted(db: Db, battleId: number, given: Line[] | undefined): { battleId: number; said: string; applied: { ship: string; shipId: number | null; text: string }[] } {
  const stored = storedOf(db, battleId)
  if (!stored) throw new Error(`Battle ${battleId} was not fought by conversion`)
  const b =
    stored.ruleset === 'broadsides'
      ? loadStepped<BroadsidesSetup, BroadsidesState, unknown>(db, BROADSIDES_STEPPED, battleId)
      : stored.ruleset === 'atrilia'
        ? loadStepped<AtriliaSetup, AtriliaState, unknown>(db, ATRILIA_STEPPED, battleId)
        : loadStepped<GalleysSetup, GalleysState, unknown>(db, GALLEYS_STEPPED, battleId)
  if (b.row.status !== 'active') throw new CommandError('rule', `${theBattle(b.row.name, true)} is already concluded.`, { status: b.row.status })
  const proposed = convertedReview(db, battleId)!.lines
  const lines: Line[] = given ?? proposed.map(({ name: _n, side: _s, how: _h, ...l }) => l)
  const seen = new Set<string>()
  const checked = lines.map((l, i) => {
    const f = `lines.${i}`
    const s = stored.ships.find((x) => x.ship === l.ship) ?? bad(`${f}.ship`, `there is no ship “${l.ship}” in this battle`)
    if (seen.has(l.ship)) bad(`${f}.ship`, `the ${s.participant.name} has two lines`)
    seen.add(l.ship)
    const p = s.participant
    if ((p.shipId ?? null) !== l.shipId) bad(`${f}.shipId`, p.shipId === undefined ? `the ${p.name} is not a campaign ship (null)` : `the ${p.name} is campaign ship ${p.shipId}`)
    if (l.hullDamage > p.hullPoints) bad(`${f}.hullDamage`, `the ${p.name} has ${p.hullPoints} hull points: her damage cannot be more`)
    if (l.riggingDamage > p.riggingPoints) bad(`${f}.riggingDamage`, `the ${p.name} has ${p.riggingPoints} rigging points: her damage cannot be more`)
    if (l.crewLost > p.crew) bad(`${f}.crewLost`, `the ${p.name} had ${p.crew} aboard: no more can be lost`)
    for (const k of BATTERIES) if (l.gunsLost[k] > p.guns[k]) bad(`${f}.gunsLost.${k}`, `the ${p.name} had ${p.guns[k]} guns there: no more can be lost`)
    return { l, p, how: proposed.find((x) => x.ship === l.ship)!.how }
  })
  const missing = stored.ships.filter((s) => s.participant.shipId !== undefined && !seen.has(s.ship))
  if (missing.length) bad('lines', `give a line for every campaign ship (${listing(missing.map((s) => `the ${s.participant.name}`))} ${missing.length === 1 ? 'has' : 'have'} none)`)

  // Prizes (issue 21), as a High Seas review takes them (./review.ts): owners checked, the captor as the battle names her, then the prize crews' limits.
  const takers = takersOf(db, battleId, stored)
  const captors = new Map<string, ReturnType<typeof campaignCaptor>>()
  const crewLines: ReviewLineLike[] = checked.map(({ l, p }, i) => {
    const f = `lines.${i}`
    if (l.fate !== 'captured' && l.prizeOwners.length) bad(`${f}.prizeOwners`, `only a captured ship passes to new owners: the ${p.name} is ${l.fate}`)
    checkPrizeOwners(db, f, l.prizeOwners)
    const captor = l.fate === 'captured' ? campaignCaptor(stored, takers, lines, l.ship) : null
    captors.set(l.ship, captor)
    if (l.fate === 'captured' && l.prizeOwners.length && !captor) bad(`${f}.prizeOwners`, `no campaign ship took the ${p.name}: she cannot pass to the campaign’s owners`)
    if (l.fate === 'captured' && p.shipId === undefined && captor && !l.prizeOwners.length) bad(`${f}.prizeOwners`, `the ${p.name} was taken by the ${captor.name}: name the owners she passes to as a prize`)
    const min = l.fate === 'captured' ? minSailCrewOf(db, stored, l.ship) : null
    const from = captor && min !== null && l.prizeOwners.length ? captor.shipId : null
    if (l.prizeCrewFrom !== undefined && l.prizeCrewFrom !== null && l.prizeCrewFrom !== from) {
      bad(`${f}.prizeCrewFrom`, `her prize crew comes from the ship that took her (${captor ? `the ${captor.name}` : 'none in the campaign'})`)
    }
    return {
      participantId: l.ship,
      name: p.name,
      shipId: l.shipId,
      fate: l.fate,
      hullDamage: l.hullDamage,
      riggingDamage: l.riggingDamage,
      crewLost: l.crewLost,
      crewAfter: p.shipId !== undefined ? handsAfter(db, p.shipId, l.crewLost) : 0,
      powderAfter: 0,
      prizeOwners: l.prizeOwners,
      ...(l.prizeCrew !== undefined ? { prizeCrew: l.prizeCrew } : {}),
      prizeCrewFrom: from,
      prizeCrewMin: min ?? 0
    }
  })
  const crewProblems = prizeCrewProblems(crewLines)
  if (crewProblems.length) {
    const first = crewProblems[0]!
    const who = checked[first.line]!.p.name
    throw new CommandError('invalid_input', `The ${who}: prize crew: ${first.message}`, { field: first.field, issues: crewProblems.map((x) => ({ field: x.field, message: x.message })) })
  }
  const { crewOf: prizeCrewOf, moved } = assignPrizeCrews(crewLines)

  const today = currentDay(db)
  const name = b.row.name
  const applied: { ship: string; shipId: number | null; text: string }[] = []
  for (const { l, p, how } of checked) {
    const edited = given ? '' : ` (${how.join(' ')})`
    const captor = captors.get(l.ship) ?? null
    if (p.shipId === undefined) {
      const design = stored.designs[l.ship]
      if (l.fate === 'captured' && l.prizeOwners.length && design) {
        const prize = takePrize(db, { name: p.name, design }, { ...l, powderAfter: p.powderTons }, { crew: prizeCrewOf.get(l.ship) ?? 0, captorId: captor!.shipId, battleId, inBattle: `${theBattle(name)} (fought ${HOW[stored.ruleset]})`, today })
        applied.push({ ship: l.ship, shipId: prize.shipId, text: prize.text })
      } else applied.push({ ship: l.ship, shipId: null, text: `The ${p.name}: ${l.fate}${l.fate === 'captured' ? ' (no campaign ship took her: she is not taken into the campaign)' : ''}` })
      continue
    }
    const row = requireShip(db, p.shipId)
    const design = JSON.parse(row.design) as ShipDesign
    const before = { ...GUNS_NONE, ...(JSON.parse(row.guns_lost) as Partial<Guns>) }
    const gunsLost = Object.fromEntries(BATTERIES.map((k) => [k, Math.min(design.guns[k], before[k] + l.gunsLost[k])])) as Guns
    // Losses fall on the hands before the named officers (a house default); hands sent aboard her prizes leave her,
    // and a campaign ship taken by another keeps only the prize crew her captor put aboard.
    const prizeCrew = prizeCrewOf.get(l.ship)
    const crew = prizeCrew ?? Math.max(0, handsAfter(db, row.id, l.crewLost) - (moved.get(row.id) ?? 0))
    stmt(db, `UPDATE ship SET hull_damage = ?, rigging_damage = ?, guns_lost = ?, crew = ? WHERE id = ?`).run(l.hullDamage, l.riggingDamage, JSON.stringify(gunsLost), crew, row.id)
    const marines = prizeCrew !== undefined ? 0 : crew
    stmt(db, `UPDATE ship_company SET marines = ? WHERE ship_id = ? AND marines > ?`).run(marines, row.id, marines)
    const texts = [
      `Fought ${theBattle(name)} ${HOW[stored.ruleset]}: ${fmt(Math.max(0, l.hullDamage - row.hull_damage))} hull, ${fmt(Math.max(0, l.riggingDamage - row.rigging_damage))} rigging damage, ` +
        `${plural(BATTERIES.reduce((n, k) => n + l.gunsLost[k], 0), 'gun')} and ${fmt(l.crewLost)} crew lost${edited}`
    ]
    if (moved.get(row.id)) {
      const manned = checked.filter((c) => crewLines.find((x) => x.participantId === c.l.ship)!.prizeCrewFrom === row.id && (prizeCrewOf.get(c.l.ship) ?? 0) > 0).map((c) => `the ${c.p.name}`)
      texts.push(`Put ${plural(moved.get(row.id)!, 'hand')} aboard ${listing(manned)} as prize crew`)
    }
    if (l.fate === 'sunk') {
      stmt(db, `UPDATE ship SET status = 'sunk' WHERE id = ?`).run(row.id)
      texts.push(`Sunk in ${theBattle(name)}`)
    } else if (l.fate === 'captured') {
      const owners = l.prizeOwners.length ? l.prizeOwners : [{ ownerId: WORLD_OWNER_ID, share: 100 }]
      setOwners(db, row.id, owners)
      recordCaptor(db, row.id, l.prizeOwners.length ? captor!.shipId : null, battleId) // whose booty she is now (seed 003 VII); none: cleared
      const crewed = prizeCrew !== undefined ? `, with a prize crew of ${plural(prizeCrew, 'hand')} from the ${captor!.name}` : ''
      texts.push(`Captured in ${theBattle(name)}${l.prizeOwners.length ? ` by the ${captor!.name}` : ''}: she now belongs to ${ownersWords(db, owners)}${crewed}`)
    } else if (l.fate === 'escaped') texts.push(`${stored.ruleset === 'atrilia' ? 'Left the map' : stored.ruleset === 'broadsides' ? 'Left the board' : 'Left the table'} and escaped ${theBattle(name)}`)
    for (const t of texts) addShipEvent(db, row.id, today, t.slice(0, 1000))
    applied.push({ ship: l.ship, shipId: row.id, text: texts.join('. ') })
  }
  // The hex map's sides are the squadron and the encounter: the voyage reads them as the other rules' 'ours' and 'them'.
  const raw = b.state.outcome?.winner ?? null
  const sides = sidesOf(stored)
  const winner = stored.ruleset === 'atrilia' && raw !== null ? (raw === SQUADRON ? sides[0]!.key : sides[1]!.key) : raw
  stmt(db, `UPDATE battle SET status = 'concluded', concluded_day = ?, result = ? WHERE id = ?`).run(
    today,
    // The prize crews as moved (the default one filled in), so the concluded review shows what was written.
    JSON.stringify({ lines: lines.map((l) => ({ ...l, ...(prizeCrewOf.has(l.ship) ? { prizeCrew: prizeCrewOf.get(l.ship) } : {}) })), applied, winner }),
    b.row.id
  )
  battleConcluded(db, b.row.id) // the voyage takes its results (ships sunk or taken leave the squadron)
  const winnerName = winner === null ? null : (sides.find((x) => x.key === winner)?.called ?? stored.ships.find((x) => x.ship === winner)?.participant.name ?? winner)
  const won = winnerName ? `, won by ${winnerName}` : ''
  const prizes = checked.filter(({ l, p }) => p.shipId === undefined && applied.some((a) => a.ship === l.ship && a.shipId !== null)).map(({ p }) => `the ${p.name}`)
  const taken = prizes.length ? `; ${listing(prizes)} taken as ${prizes.length === 1 ? 'a prize' : 'prizes'}` : ''
  return { battleId: b.row.id, applied, said: `Concluded ${theBattle(name)}${won}: the Théah ships written back from the ${RULES_NAME[stored.ruleset]} rules${taken}` }
}
