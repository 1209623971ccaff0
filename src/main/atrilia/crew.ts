import {
  battleProfile,
  checkMarines,
  crewQualityLabel,
  marineRoom,
  nationalCharacteristic,
  nationLabel,
  qualityAfterBattle,
  WIZARD_NAMES,
  type AtrilianCrewSheet,
  type AtrilianCrewState,
  type WizardKind
} from '../../shared/atrilia/crew'
import type { AtrilianDesign } from '../../shared/atrilia/design'
import type { Nation } from '../../shared/atrilia/tables'
import { CommandError } from '../../shared/errors'
import { ruleSource } from '../../shared/words'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay } from '../campaign-core/clock-state'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, GONE, requireShip } from '../theah/shipyard'
import { quoteAtrilianFor } from './shipyard'

/**
 * An Atrilian ship's people (Naval Rules §2, §7, §9.1, §11.1, TABLES "Naval Crew Quality", the FAQ;
 * rules guide §3; table atrilian_ship, migration 0016): her sailors (ship.crew), marines in strength
 * points within what her hold takes, the wizards amongst them, her crew's nation and quality. The
 * pure rules are src/shared/atrilia/crew.ts; the battle write-back (src/main/battles/atrilia-review.ts)
 * proposes the quality by `qualityAfterBattle`, as `afterBattle` does, and writes what the GM leaves.
 */

interface Row {
  ship_id: number
  nation: string
  quality: number
  battles: number
  quality_held: number
  marines: number
  wizards: WizardKind | null
  wizard_count: number
}

function rowOf(db: Db, shipId: number): Row {
  const ship = requireShip(db, shipId)
  const r = stmt(db, `SELECT * FROM atrilian_ship WHERE ship_id = ?`).get(shipId) as Row | undefined
  if (!r) throw new CommandError('rule', `The ${ship.name} is not an Atrilian ship: her crew is kept by the Théah rules (her Crew tab).`, { field: 'shipId' })
  return r
}

export function crewState(db: Db, shipId: number): AtrilianCrewState {
  const r = rowOf(db, shipId)
  return {
    sailors: requireShip(db, shipId).crew,
    marines: r.marines,
    wizards: r.wizards ? { kind: r.wizards, count: r.wizard_count } : null,
    nation: r.nation as Nation,
    quality: r.quality,
    battles: r.battles,
    qualityHeld: r.quality_held === 1
  }
}

function cargoTons(db: Db, shipId: number): number {
  const r = stmt(db, `SELECT COALESCE(SUM(tons), 0) AS t FROM ship_cargo WHERE ship_id = ?`).get(shipId) as { t: number }
  return Math.round(r.t * 100) / 100
}

const designOf = (db: Db, shipId: number) => JSON.parse(requireShip(db, shipId).design) as AtrilianDesign

export function crewSheet(db: Db, shipId: number): AtrilianCrewSheet {
  const s = crewState(db, shipId)
  const q = quoteAtrilianFor(db, designOf(db, shipId))
  const cargo = cargoTons(db, shipId)
  const menPerPoint = getRule(db, 'voyagesAtrilia').menPerMarinePoint
  const room = marineRoom(q.derived, cargo, menPerPoint)
  const battle = getRule(db, 'atriliaBattle')
  return {
    sailors: s.sailors,
    crewNeeded: q.derived.crew,
    marines: s.marines,
    marineMen: s.marines * menPerPoint,
    marineRoom: room.points,
    marineRoomTerms: room.terms,
    menPerPoint,
    cargoTons: cargo,
    wizards: s.wizards,
    nation: s.nation,
    nationName: nationLabel(s.nation),
    characteristic: nationalCharacteristic(s.nation, battle.nations),
    quality: s.quality,
    qualityName: crewQualityLabel(s.quality),
    battles: s.battles,
    qualityHeld: s.qualityHeld,
    stackingLimit: q.derived.size === 0 ? 0 : q.derived.size === 1 ? battle.smallShipMarines : battle.largeShipMarines
  }
}

function requireAboard(db: Db, shipId: number, doing: string) {
  const ship = requireShip(db, shipId)
  if (GONE.includes(ship.status)) throw new CommandError('rule', `The ${ship.name} is ${ship.status === 'sunk' ? 'sunk' : ship.status}: nobody can ${doing} her.`, { status: ship.status })
  return ship
}

const points = (n: number) => `${n} point${n === 1 ? '' : 's'} of marines`
const wizardsText = (w: { kind: WizardKind; count: number }) => `${w.count} ${w.count === 1 ? WIZARD_NAMES[w.kind].one : WIZARD_NAMES[w.kind].many}`

/** Embark marine points and/or wizards (one kind a ship) onto her: within her hold, or refused at the field. */
export function embark(db: Db, input: { shipId: number; marines?: number; wizards?: { kind: WizardKind; count: number } }): AtrilianCrewSheet {
  const ship = requireAboard(db, input.shipId, 'embark on')
  const s = crewState(db, input.shipId)
  const addM = input.marines ?? 0
  const addW = input.wizards
  if (addM === 0 && (!addW || addW.count === 0)) {
    throw new CommandError('invalid_input', 'marines: embark at least one point of marines or one wizard.', { issues: [{ field: 'marines', message: 'embark at least one point of marines or one wizard' }] })
  }
  if (addW && s.wizards && s.wizards.kind !== addW.kind) {
    const message = `The ${ship.name} already carries ${wizardsText(s.wizards)}: a ship's wizards cast in communion, so they are of one kind (Naval Rules §9.1). Land them first.`
    throw new CommandError('invalid_input', `wizards.kind: ${message}`, { issues: [{ field: 'wizards.kind', message }] })
  }
  const next = {
    marines: s.marines + addM,
    wizards: addW && addW.count > 0 ? { kind: addW.kind, count: (s.wizards?.count ?? 0) + addW.count } : s.wizards
  }
  const q = quoteAtrilianFor(db, designOf(db, input.shipId))
  const problems = checkMarines(ship.name, q.derived, cargoTons(db, input.shipId), next, getRule(db, 'voyagesAtrilia').menPerMarinePoint)
  if (problems.length) {
    throw new CommandError('invalid_input', problems.map((p) => `${p.field}: ${ruleSource(p.message)}`).join('; ') + '. Nothing was embarked.', { issues: problems.map((p) => ({ ...p, message: ruleSource(p.message) })) })
  }
  stmt(db, `UPDATE atrilian_ship SET marines = ?, wizards = ?, wizard_count = ? WHERE ship_id = ?`).run(next.marines, next.wizards?.kind ?? null, next.wizards?.count ?? 0, input.shipId)
  const what = [addM > 0 ? points(addM) : null, addW && addW.count > 0 ? wizardsText(addW) : null].filter(Boolean).join(' and ')
  addShipEvent(db, input.shipId, currentDay(db), `Embarked ${what}; ${points(next.marines)} aboard${next.wizards ? `, with ${wizardsText(next.wizards)}` : ''}`)
  return crewSheet(db, input.shipId)
}

/** Land marine points and/or wizards; landing her last marines lands her wizards with them (§9.1). */
export function land(db: Db, input: { shipId: number; marines?: number; wizards?: number }): AtrilianCrewSheet {
  const ship = requireAboard(db, input.shipId, 'land from')
  const s = crewState(db, input.shipId)
  const m = input.marines ?? 0
  const w = input.wizards ?? 0
  if (m === 0 && w === 0) {
    throw new CommandError('invalid_input', 'marines: land at least one point of marines or one wizard.', { issues: [{ field: 'marines', message: 'land at least one point of marines or one wizard' }] })
  }
  const issues: { field: string; message: string }[] = []
  if (m > s.marines) issues.push({ field: 'marines', message: `The ${ship.name} has ${points(s.marines)} aboard, not ${m}` })
  if (w > (s.wizards?.count ?? 0)) issues.push({ field: 'wizards', message: `The ${ship.name} has ${s.wizards ? wizardsText(s.wizards) : 'no wizards'} aboard, not ${w}` })
  if (issues.length) throw new CommandError('invalid_input', issues.map((i) => `${i.field}: ${i.message}`).join('; ') + '. Nobody was landed.', { issues })
  const marines = s.marines - m
  let left = s.wizards ? s.wizards.count - w : 0
  const withThem = marines === 0 && left > 0 ? left : 0
  if (marines === 0) left = 0
  stmt(db, `UPDATE atrilian_ship SET marines = ?, wizards = ?, wizard_count = ? WHERE ship_id = ?`).run(marines, left > 0 ? s.wizards!.kind : null, left, input.shipId)
  const kind = s.wizards?.kind ?? 'sea'
  const what = [m > 0 ? points(m) : null, w + withThem > 0 ? wizardsText({ kind, count: w + withThem }) : null].filter(Boolean).join(' and ')
  addShipEvent(
    db,
    input.shipId,
    currentDay(db),
    `Landed ${what}${withThem ? ' (wizards ride amongst the marines, Naval Rules §9.1)' : ''}; ${points(marines)} aboard${left > 0 ? `, with ${wizardsText({ kind, count: left })}` : ''}`
  )
  return crewSheet(db, input.shipId)
}

export function setNationality(db: Db, input: { shipId: number; nation: Nation }): AtrilianCrewSheet {
  requireAboard(db, input.shipId, 'crew')
  const s = crewState(db, input.shipId)
  if (s.nation !== input.nation) {
    stmt(db, `UPDATE atrilian_ship SET nation = ? WHERE ship_id = ?`).run(input.nation, input.shipId)
    addShipEvent(db, input.shipId, currentDay(db), `Her crew is now ${nationLabel(input.nation)}${input.nation === 'other' ? ' (of no listed nation)' : ''}`)
  }
  return crewSheet(db, input.shipId)
}

/** The GM sets her crew's quality (and the battles behind it), and may hold it so battles no longer change it. */
export function setQuality(db: Db, input: { shipId: number; quality: number; battles?: number; held?: boolean }): AtrilianCrewSheet {
  requireAboard(db, input.shipId, 'crew')
  const s = crewState(db, input.shipId)
  const battles = input.battles ?? s.battles
  const held = input.held ?? s.qualityHeld
  stmt(db, `UPDATE atrilian_ship SET quality = ?, battles = ?, quality_held = ? WHERE ship_id = ?`).run(input.quality, battles, held ? 1 : 0, input.shipId)
  const bits = [`crew quality set to ${crewQualityLabel(input.quality).toLowerCase()} (${input.quality})`]
  if (battles !== s.battles) bits.push(`${battles} battle${battles === 1 ? '' : 's'} behind it`)
  if (held !== s.qualityHeld) bits.push(held ? 'held by the GM: battles no longer change it' : 'no longer held: battles change it again')
  addShipEvent(db, input.shipId, currentDay(db), bits.join('; ').replace(/^./, (c) => c.toUpperCase()))
  return crewSheet(db, input.shipId)
}

/**
 * After a battle (the battle write-back calls this for each Atrilian campaign ship that fought): her
 * crew counts the battle and its quality changes by the FAQ (`qualityAfterBattle`). Returns what happened.
 */
export function afterBattle(db: Db, shipId: number, outcome: { survived: boolean; day?: number }): ReturnType<typeof qualityAfterBattle> {
  const s = crewState(db, shipId)
  const out = qualityAfterBattle(s, outcome)
  if (!outcome.survived) return out
  stmt(db, `UPDATE atrilian_ship SET quality = ?, battles = ? WHERE ship_id = ?`).run(out.quality, out.battles, shipId)
  if (out.changed) addShipEvent(db, shipId, outcome.day ?? currentDay(db), `Her crew is now ${crewQualityLabel(out.quality).toLowerCase()}: ${ruleSource(out.why)}`)
  return out
}

/** The sailors aboard (her catalogue crew manoeuvres her; fewer is recorded and shown as short-handed). */
export function man(db: Db, input: { shipId: number; sailors: number }): AtrilianCrewSheet {
  const ship = requireAboard(db, input.shipId, 'man')
  rowOf(db, input.shipId)
  if (ship.crew !== input.sailors) {
    stmt(db, `UPDATE ship SET crew = ? WHERE id = ?`).run(input.sailors, input.shipId)
    const need = quoteAtrilianFor(db, designOf(db, input.shipId)).derived.crew
    addShipEvent(db, input.shipId, currentDay(db), `Manned with ${input.sailors} sailor${input.sailors === 1 ? '' : 's'} (was ${ship.crew}; she needs ${need})`)
  }
  return crewSheet(db, input.shipId)
}

/** What the campaign ship brings to a hex battle (the battle's ship setup but place, facing and side); null for a size 0 ship. */
export function battleProfileOf(db: Db, shipId: number, ballista: 'spear' | 'flaming' = 'spear'): ReturnType<typeof battleProfile> {
  return battleProfile(designOf(db, shipId), quoteAtrilianFor(db, designOf(db, shipId)), crewState(db, shipId), ballista)
}
