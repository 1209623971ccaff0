import type { GeneratedShipParsed } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import { defaultBehaviour as defaultBehaviourFor, encounterName, fortParticipant, generateShip, numberNames, townParticipant } from '../../shared/highseas/generate'
import { BATTERIES, ParticipantSetup, type ParticipantSetupInput } from '../../shared/highseas/types'
import type { ShipDesign } from '../../shared/ship/design'
import { hasShallowDraft } from '../../shared/ship/quote'
import { stmt, type Db } from '../campaign/sqlite'
import { shipCondition } from '../theah/ship-state'
import { crewRoster } from '../theah/crew'
import { getPerson } from '../campaign-core/people'
import { quoteFor, requireShip, shipRules } from '../theah/shipyard'
import { theShip } from '../../shared/words'
import { isAtrilianShip } from '../atrilia/shipyard'
import { GUNS_NONE, type Guns, type ParticipantInput, participant } from './rows'

/**
 * The participants of a campaign battle (seed 003 IV–VI): built from campaign ships — the quote, her state
 * now (Speed, damage, guns lost, rudder), her crew roster (captain, party leader, gunners, master-o'-tops) —
 * or generated from the seed's encounter descriptions, forts and towns.
 */

// ─── Who fights ─────────────────────────────────────────────────────────────────────────────────

export const STATUS_WORDS: Record<string, string> = {
  construction: 'still on the stocks',
  sold: 'sold',
  scuttled: 'scuttled',
  sunk: 'sunk'
}

/** A captain from a campaign character: Wits, and the Tactics and Strategy knacks (ranks above 5 count as 5). */
export function captainOf(db: Db, personId: number, field: string) {
  let person
  try {
    person = getPerson(db, personId)
  } catch (e) {
    if (e instanceof CommandError && e.code === 'not_found') {
      throw new CommandError('not_found', `${field}: there is no character with id ${personId}.`, { field })
    }
    throw e
  }
  const rank = (n: number | undefined) => Math.min(5, Math.max(0, Math.floor(n ?? 0)))
  return {
    name: person.name.slice(0, 80),
    personId: person.id,
    wits: Math.min(6, Math.max(1, person.traits.Wits)),
    tactics: rank(person.knacks.Tactics),
    strategy: rank(person.knacks.Strategy),
    // Roger's Pirate trick, from the People page (seed 003 V quick combat: he leads the parties).
    overTheSide: (person.tricks ?? []).includes('overTheSide')
  }
}

/** Whoever leads her boarding and defence parties (seed 003 V): a campaign character, with his "Over the Side" trick. */
function partyLeaderOf(db: Db, personId: number, field: string) {
  const c = captainOf(db, personId, field)
  return { name: c.name, personId: c.personId, overTheSide: c.overTheSide }
}

type RosterOfficer = ReturnType<typeof crewRoster>['officers'][number]
const personIdOf = (o: RosterOfficer) => o.personId

/** Gunnery rank per battery: each named gunner's Gunnery knack for the battery he serves (all of them if he serves none in particular); 1 elsewhere. */
function gunnersOf(named: RosterOfficer[]): Guns {
  const rank = (o: RosterOfficer) => Math.min(5, Math.max(0, Math.floor(o.knacks.Gunnery ?? 0)))
  const out: Guns = { port: 1, starboard: 1, chasers: 1, stern: 1 }
  const gunners = named.filter((o) => o.role === 'gunner')
  const general = gunners.filter((o) => o.battery === null)
  if (general.length) {
    const best = Math.max(...general.map(rank))
    for (const b of BATTERIES) out[b] = best
  }
  for (const o of gunners) if (o.battery) out[o.battery] = rank(o)
  return out
}

/**
 * The master-o'-tops' Finesse and Rigging, if one is on the roster; he is also the hand who goes
 * down to a dragging anchor (Finesse, Climbing, Knotwork: chase mishap 9-10).
 */
function masterOfTopsOf(named: RosterOfficer[]): { masterOfTops?: { finesse: number; rigging: number }; anchorHand?: { finesse: number; climbing: number; knotwork: number } } {
  const m = named.find((o) => o.role === 'masterOTops')
  if (!m) return {}
  const finesse = Math.min(6, Math.max(1, m.traits.Finesse ?? 2))
  const rank = (k: string) => Math.min(5, Math.max(0, m.knacks[k] ?? 0))
  return { masterOfTops: { finesse, rigging: rank('Rigging') }, anchorHand: { finesse, climbing: rank('Climbing'), knotwork: rank('Knotwork') } }
}

/** Handling her rudder has lost to Hard Turns, not yet repaired in port (seed 003 IV). */
export function rudderDamageOf(db: Db, shipId: number): number {
  const r = stmt(db, `SELECT rudder_damage FROM ship WHERE id = ?`).get(shipId) as { rudder_damage: number } | undefined
  return r?.rudder_damage ?? 0
}

/** A campaign ship's Speed at the start of a battle and its terms: the same reading as her ship sheet's (seed 003 I careening). */
function startSpeed(db: Db, shipId: number): { speed: number; speedTerms: { label: string; value: number }[] } {
  const c = shipCondition(db, shipId).speed
  return { speed: c.now, speedTerms: c.breakdown.length > 1 ? c.breakdown : [] }
}

/**
 * The participants a battle starts with, and the designs of the generated ships. Campaign ships are
 * measured from their design's quote by the campaign's rule tables and their current state;
 * generated ships, forts and towns from the rules guide §2 defaults (src/shared/highseas/generate.ts).
 */
export function buildParticipants(
  db: Db,
  inputs: readonly ParticipantInput[],
  townSurrenderAt = 200
): { participants: ParticipantSetup[]; designs: Record<string, ShipDesign> } {
  const rules = shipRules(db)
  const out: ParticipantSetupInput[] = []
  const designs: Record<string, ShipDesign> = {}
  const seenShips = new Set<number>()
  // Names of generated ships, numbered when repeated ("Castillian Galleon 1", "Castillian Galleon 2").
  const generated = inputs.map((p) => ('generate' in p ? (p.generate.name ?? encounterName(p.generate, rules)) : null))
  const numbered = numberNames(generated.filter((n): n is string => n !== null))
  let g = 0
  let fort = 0
  let town = 0

  inputs.forEach((p, i) => {
    const field = `participants.${i}`
    if ('shipId' in p) {
      const row = requireShip(db, p.shipId)
      if (seenShips.has(row.id)) {
        throw new CommandError('rule', `The ${row.name} is named twice: a ship can fight on one side only.`, { field: `${field}.shipId` })
      }
      seenShips.add(row.id)
      if (row.status !== 'port' && row.status !== 'sea') {
        throw new CommandError('rule', `The ${row.name} cannot fight: she is ${STATUS_WORDS[row.status] ?? row.status} (only ships in port or at sea can).`, {
          field: `${field}.shipId`,
          status: row.status
        })
      }
      // A ship of the Atrilian catalogue has no High Seas numbers (Size, Handling, batteries) to fight with.
      if (isAtrilianShip(db, row.id)) {
        throw new CommandError('rule', `The ${row.name} is an Atrilian ship: she fights on the Atrilian hex map, not in a High Seas battle.`, {
          field: `${field}.shipId`
        })
      }
      const design = JSON.parse(row.design) as ShipDesign
      const q = quoteFor(db, design)
      const lost = { ...GUNS_NONE, ...(JSON.parse(row.guns_lost) as Partial<Guns>) }
      const guns = Object.fromEntries(BATTERIES.map((b) => [b, Math.max(0, design.guns[b] - lost[b])])) as Guns
      const boardingParty = design.modifications.boardingParty ?? 0
      const roster = crewRoster(db, row.id)
      const crewKind = p.crewKind ?? roster.kind
      const named = roster.officers
      const captainOnRoster = named.find((o) => o.role === 'captain')
      const captainId = p.captainId ?? (captainOnRoster ? personIdOf(captainOnRoster) : undefined)
      const captain = captainId !== undefined ? captainOf(db, captainId, `${field}.captainId`) : undefined
      const partyLeader = p.partyLeaderId !== undefined ? partyLeaderOf(db, p.partyLeaderId, `${field}.partyLeaderId`) : undefined
      const officers = p.officers ?? named.length
      out.push({
        id: `ship-${row.id}`,
        name: row.name.slice(0, 80),
        side: p.side,
        kind: 'ship',
        shipId: row.id,
        hull: design.hull,
        nation: p.nation ?? roster.nation,
        crewKind,
        hullPoints: q.derived.hull,
        riggingPoints: q.derived.rigging,
        // Her Speed now, as the ship sheet shows it (seed 003 I: an overdue careening costs Speed).
        ...startSpeed(db, row.id),
        handling: q.derived.handling,
        size: q.derived.size,
        threatRating: Math.min(10, Math.max(1, q.derived.threatRating)),
        ...(boardingParty > 0 ? { boardingThreatRating: rules.shipModifications.boardingParty.threatRating } : {}),
        guns,
        pontGuns: { ...design.pontGuns },
        // Everyone aboard: the hands (marines among them) and the named officers.
        crew: (p.crew ?? row.crew) + officers,
        marines: Math.min(p.marines ?? roster.marines, p.crew ?? row.crew),
        officers,
        boardingParty,
        powderTons: row.powder_tons,
        hullDamage: row.hull_damage,
        riggingDamage: row.rigging_damage,
        rudderDamage: rudderDamageOf(db, row.id),
        shallowDraft: hasShallowDraft(design, rules.shipHulls),
        oars: design.modifications.oars === true,
        captain: captain ?? { name: `Captain of ${theShip(row.name)}`.slice(0, 80), wits: 2, tactics: 1, strategy: 1, overTheSide: false },
        ...(partyLeader ? { partyLeader } : {}),
        gunners: p.gunners ?? gunnersOf(named),
        ...masterOfTopsOf(named),
        control: p.control,
        behaviour: p.behaviour ?? defaultBehaviourFor(design.hull, crewKind)
      })
    } else if ('generate' in p) {
      const id = `gen-${++g}`
      const made = generateShip(p.generate as GeneratedShipParsed, { id, side: p.side, control: p.control, name: numbered[g - 1]! }, rules)
      out.push(made.participant)
      designs[id] = made.design
    } else if ('fort' in p) {
      out.push(fortParticipant(p.fort, { id: `fort-${++fort}`, side: p.side, control: p.control }))
    } else {
      out.push(townParticipant(p.town, { id: `town-${++town}`, side: p.side, control: p.control }, townSurrenderAt))
    }
  })
  return { participants: out.map((p) => ParticipantSetup.parse(p)), designs }
}
