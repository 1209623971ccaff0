import { BattleParticipantInput, type GalleysBattleReview } from '../../shared/commands/battles'
import type { z } from 'zod'
import type { ConversionView, GalleysAdjustment } from '../../shared/commands/conversion'
import type { ConvertedReviewLine } from '../../shared/commands/battles'
import { galleysToTheah, theahToGalleys, totalGuns, type TheahShip } from '../../shared/conversion/theah-galleys'
import { THEAH_GALLEYS_DEF, type TheahGalleys } from '../../shared/conversion/tables'
import { GalleysSetup, type GalleysState, type ShipSetupInput } from '../../shared/galleys/types'
import { BATTERIES, type ParticipantSetup } from '../../shared/highseas/types'
import type { ShipDesign } from '../../shared/ship/design'
import { CommandError } from '../../shared/errors'
import type { DiceBox } from '../../shared/dice/roll'
import { stmt, type Db } from '../campaign/sqlite'
import { getRule } from '../campaign-core/rules'
import { currentDay } from '../campaign-core/clock-state'
import { WORLD_OWNER_ID } from '../campaign-core/ledger'
import { battleConcluded } from '../campaign-core/battle-seam'
import { fightTheahEncounterUnder, waitingTheahEncounter } from '../theah/voyages'
import { addShipEvent, listing, requireShip } from '../theah/shipyard'
import { buildParticipants } from './participants'
import { GALLEYS_STEPPED, galleysRulesOf } from './galleys'
import { insertStepped, loadStepped } from './stepped'
import { seedFromDice } from './battles'
import { GUNS_NONE, type Guns, type ParticipantInput, fmt, plural, theBattle } from './rows'

/**
 * A Théah encounter fought on the Galleys & Galleons table (issue 21): the squadron's ships and the
 * encounter's measured as High Seas measures them (./participants.ts), converted by the campaign's
 * `conversionTheahGalleys` table (src/shared/conversion) with the GM's adjustments for this battle, the
 * battle started on the stepped seam and linked to the voyage; the conversion kept on the battle row
 * (`battle.conversion`, migration 0020) so concluding reads the table's result back into the Théah
 * review: hull and rigging damage, crew and guns lost, sunk / captured / escaped.
 */

type Adjustment = z.output<typeof GalleysAdjustment>
type Line = z.output<typeof ConvertedReviewLine>

/** What the battle row keeps of the conversion. */
interface Stored {
  from: 'theah'
  ruleset: 'galleys'
  voyageId: number
  table: TheahGalleys
  ships: { ship: string; participant: ParticipantSetup; tableHullPoints: number }[]
  designs: Record<string, ShipDesign>
}

const SIDE_NAMES = { ours: 'The squadron' } as const

function measured(db: Db, voyageId: number) {
  const w = waitingTheahEncounter(db, voyageId)
  const inputs = [
    ...w.shipIds.map((shipId) => ({ shipId, side: 'ours', control: 'gm' as const })),
    ...w.encounter.ships.map((x) => ({ ...(x as object), side: 'them' }))
  ].map((x) => BattleParticipantInput.parse(x) as ParticipantInput)
  const built = buildParticipants(db, inputs)
  const notShips = built.participants.filter((p) => p.kind !== 'ship')
  if (notShips.length) {
    throw new CommandError('rule', `${listing(notShips.map((p) => `the ${p.name}`))} cannot sail on the Galleys & Galleons table: only ships are converted.`, { field: 'ruleset' })
  }
  return { ...w, ...built }
}

function adjustmentsFor(adjustments: Adjustment[], ids: string[]): Map<string, Adjustment> {
  const out = new Map<string, Adjustment>()
  adjustments.forEach((a, i) => {
    if (!ids.includes(a.ship)) {
      throw new CommandError('invalid_input', `adjustments.${i}.ship: there is no ship “${a.ship}” in this encounter (its ships are ${ids.join(', ')}).`, {
        field: `adjustments.${i}.ship`,
        issues: [{ field: `adjustments.${i}.ship`, message: 'no such ship in this encounter' }]
      })
    }
    if (out.has(a.ship)) {
      throw new CommandError('invalid_input', `adjustments.${i}.ship: the ship “${a.ship}” is adjusted twice.`, {
        field: `adjustments.${i}.ship`,
        issues: [{ field: `adjustments.${i}.ship`, message: 'adjusted twice' }]
      })
    }
    out.set(a.ship, a)
  })
  return out
}

/** The preview: every ship converted with its terms, and what she fights with after the GM's adjustments. */
export function encounterConversion(db: Db, input: { voyageId: number; ruleset: 'galleys'; adjustments: Adjustment[] }): ConversionView {
  const m = measured(db, input.voyageId)
  const table = getRule(db, 'conversionTheahGalleys')
  const adj = adjustmentsFor(input.adjustments, m.participants.map((p) => p.id))
  return {
    ruleset: 'galleys',
    rulesetName: 'Galleys & Galleons',
    tableTitle: THEAH_GALLEYS_DEF.title,
    tableSource: THEAH_GALLEYS_DEF.source,
    voyageId: input.voyageId,
    encounter: m.encounter.label,
    ships: m.participants.map((p) => {
      const c = theahToGalleys(p, table)
      const a = adj.get(p.id)
      const fights = {
        quality: a?.quality ?? c.quality.value,
        combat: a?.combat ?? c.combat.value,
        hullPoints: a?.hullPoints ?? c.hullPoints.value,
        points: a?.points ?? c.points.value
      }
      const adjusted = a ? (['quality', 'combat', 'hullPoints', 'points'] as const).filter((k) => a[k] !== undefined) : []
      return {
        ship: p.id,
        name: p.name,
        side: p.side,
        shipId: p.shipId ?? null,
        from: { size: p.size, handling: p.handling, speed: p.speed, crew: p.crew, crewKind: p.crewKind, guns: totalGuns(p), hullPoints: p.hullPoints },
        quality: c.quality,
        combat: c.combat,
        hullPoints: c.hullPoints,
        points: c.points,
        traits: c.traits,
        fights,
        adjusted: [...adjusted]
      }
    })
  }
}

/** Fight the waiting encounter on the table: the set-up from the preview, the battle linked to the voyage. */
export function fightEncounterUnder(
  db: Db,
  input: { voyageId: number; ruleset: 'galleys'; adjustments: Adjustment[]; note?: string | undefined },
  dice: (given?: readonly number[]) => DiceBox
): { battleId: number; voyageId: number; text: string } {
  const view = encounterConversion(db, input)
  const m = measured(db, input.voyageId)
  const rules = galleysRulesOf(db)
  const { width, height, gaugePoints } = rules.table
  const placed = (side: string) => view.ships.filter((s) => s.side === side)
  const ships: ShipSetupInput[] = []
  for (const side of ['ours', 'them'] as const) {
    const list = placed(side)
    list.forEach((s, i) => {
      // House default (issue 21): each side in a line across the table, the squadron at the bottom edge facing north, the encounter at the top facing south.
      ships.push({
        id: s.ship,
        name: s.name,
        player: side,
        points: s.fights.points,
        quality: s.fights.quality,
        combat: s.fights.combat,
        hullPoints: s.fights.hullPoints,
        traits: s.traits.map((t) => ({ name: t.name, note: `From her Théah numbers: ${t.why}.` })),
        at: { x: Math.round((width * (i + 1)) / (list.length + 1)), y: Math.round(side === 'ours' ? height * 0.85 : height * 0.15) },
        facing: side === 'ours' ? 0 : 180,
        ...(s.shipId !== null ? { shipId: s.shipId } : {})
      })
    })
  }
  const out = fightTheahEncounterUnder(db, input.voyageId, input.note, (encounter) => {
    const seed = seedFromDice(dice())
    const name = `Battle at sea: ${m.name}`.slice(0, 80)
    const parsed = GalleysSetup.safeParse({
      name,
      players: [
        { id: 'ours', name: SIDE_NAMES.ours },
        { id: 'them', name: encounter.label.slice(0, 80) || 'The encounter' }
      ],
      ships,
      // House default (issue 21): the wind from the east (a quarter of the gauge round from north), across both lines.
      wind: { direction: Math.floor(gaugePoints / 4), marker: null },
      seed,
      rules
    })
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ field: ['setup', ...i.path.map(String)].join('.'), message: i.message }))
      throw new CommandError('invalid_input', issues.map((i) => `${i.field}: ${i.message}`).join('; '), { field: issues[0]!.field, issues })
    }
    const { battleId } = insertStepped(db, GALLEYS_STEPPED, { name, setup: parsed.data, seed, control: { ours: 'gm', them: 'ai' } })
    const stored: Stored = {
      from: 'theah',
      ruleset: 'galleys',
      voyageId: input.voyageId,
      table: getRule(db, 'conversionTheahGalleys'),
      ships: m.participants.map((p) => ({ ship: p.id, participant: p, tableHullPoints: view.ships.find((s) => s.ship === p.id)!.fights.hullPoints })),
      designs: m.designs
    }
    stmt(db, `UPDATE battle SET conversion = ? WHERE id = ?`).run(JSON.stringify(stored), battleId)
    return { battleId, text: `Fought ${listing(m.encounter.names)} on the Galleys & Galleons table, the ships converted from their Théah numbers` }
  })
  return { battleId: out.battleId, voyageId: input.voyageId, text: out.text }
}

function storedOf(db: Db, battleId: number): Stored | null {
  const r = stmt(db, `SELECT conversion FROM battle WHERE id = ?`).get(battleId) as { conversion: string | null } | undefined
  return r?.conversion ? (JSON.parse(r.conversion) as Stored) : null
}

/** The Théah review of a converted battle (null: a battle of the table's own), each line with how it was converted. */
export function convertedReview(db: Db, battleId: number): GalleysBattleReview['campaign'] {
  const stored = storedOf(db, battleId)
  if (!stored) return null
  const b = loadStepped<GalleysSetup, GalleysState, unknown>(db, GALLEYS_STEPPED, battleId)
  return {
    tableTitle: THEAH_GALLEYS_DEF.title,
    lines: stored.ships.map((s) => {
      const st = b.state.ships[s.ship]!
      const back = galleysToTheah(s.participant as TheahShip, s.tableHullPoints, st, stored.table)
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
        how: back.how
      }
    })
  }
}

const bad = (field: string, message: string): never => {
  throw new CommandError('invalid_input', `${field}: ${message}.`, { field, issues: [{ field, message }] })
}

/** Conclude a converted battle: the lines (absent: as proposed) checked at their fields, then written to the campaign in one change. */
export function concludeConverted(db: Db, battleId: number, given: Line[] | undefined): { battleId: number; said: string; applied: { ship: string; shipId: number | null; text: string }[] } {
  const stored = storedOf(db, battleId)
  if (!stored) throw new Error(`Battle ${battleId} was not fought by conversion`)
  const b = loadStepped<GalleysSetup, GalleysState, unknown>(db, GALLEYS_STEPPED, battleId)
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

  const today = currentDay(db)
  const name = b.row.name
  const applied: { ship: string; shipId: number | null; text: string }[] = []
  for (const { l, p, how } of checked) {
    const edited = given ? '' : ` (${how.join(' ')})`
    if (p.shipId === undefined) {
      applied.push({ ship: l.ship, shipId: null, text: `The ${p.name}: ${l.fate}${l.fate === 'captured' ? ' (not taken into the campaign: a converted battle takes no prizes yet)' : ''}` })
      continue
    }
    const row = requireShip(db, p.shipId)
    const design = JSON.parse(row.design) as ShipDesign
    const before = { ...GUNS_NONE, ...(JSON.parse(row.guns_lost) as Partial<Guns>) }
    const gunsLost = Object.fromEntries(BATTERIES.map((k) => [k, Math.min(design.guns[k], before[k] + l.gunsLost[k])])) as Guns
    // Losses fall on the hands before the named officers (house default, issue 21).
    const crew = Math.max(0, row.crew - l.crewLost)
    stmt(db, `UPDATE ship SET hull_damage = ?, rigging_damage = ?, guns_lost = ?, crew = ? WHERE id = ?`).run(l.hullDamage, l.riggingDamage, JSON.stringify(gunsLost), crew, row.id)
    stmt(db, `UPDATE ship_company SET marines = ? WHERE ship_id = ? AND marines > ?`).run(crew, row.id, crew)
    const texts = [
      `Fought the ${name} on the Galleys & Galleons table: ${fmt(Math.max(0, l.hullDamage - row.hull_damage))} hull, ${fmt(Math.max(0, l.riggingDamage - row.rigging_damage))} rigging damage, ` +
        `${plural(BATTERIES.reduce((n, k) => n + l.gunsLost[k], 0), 'gun')} and ${fmt(l.crewLost)} crew lost${edited}`
    ]
    if (l.fate === 'sunk') {
      stmt(db, `UPDATE ship SET status = 'sunk' WHERE id = ?`).run(row.id)
      texts.push(`Sunk in the ${name}`)
    } else if (l.fate === 'captured') {
      stmt(db, `DELETE FROM ship_owner WHERE ship_id = ?`).run(row.id)
      stmt(db, `INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, ?, 100)`).run(row.id, WORLD_OWNER_ID)
      texts.push(`Captured in the ${name}: she now belongs to the outside world`)
    } else if (l.fate === 'escaped') texts.push(`Left the table and escaped the ${name}`)
    for (const t of texts) addShipEvent(db, row.id, today, t.slice(0, 1000))
    applied.push({ ship: l.ship, shipId: row.id, text: texts.join('. ') })
  }
  const winner = b.state.outcome?.winner ?? null
  stmt(db, `UPDATE battle SET status = 'concluded', concluded_day = ?, result = ? WHERE id = ?`).run(
    today,
    JSON.stringify({ lines: lines.map((l) => ({ ...l })), applied, winner }),
    b.row.id
  )
  battleConcluded(db, b.row.id) // the voyage takes its results (ships sunk or taken leave the squadron)
  const won = winner ? `, won by ${winner === 'ours' ? 'the squadron' : b.setup.players.find((x) => x.id === winner)?.name ?? winner}` : ''
  return { battleId: b.row.id, applied, said: `Concluded ${theBattle(name)}${won}: the Théah ships written back from the table` }
}
