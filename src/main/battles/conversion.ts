import { BattleParticipantInput, type GalleysBattleReview } from '../../shared/commands/battles'
import type { z } from 'zod'
import type { ConversionView, GalleysAdjustment } from '../../shared/commands/conversion'
import type { ConvertedReviewLine } from '../../shared/commands/battles'
import { galleysToTheah, theahToGalleys, totalGuns, type TheahShip } from '../../shared/conversion/theah-galleys'
import { THEAH_BROADSIDES_DEF, THEAH_GALLEYS_DEF, type TheahBroadsides, type TheahGalleys } from '../../shared/conversion/tables'
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
type Ruleset = 'galleys' | 'broadsides'
const RULES_NAME: Record<Ruleset, string> = { galleys: 'Galleys & Galleons', broadsides: 'Broadsides & Boarding Parties' }

/** What the battle row keeps of the conversion. */
interface Stored {
  from: 'theah'
  ruleset: Ruleset
  voyageId: number
  table: TheahGalleys | TheahBroadsides
  ships: { ship: string; participant: ParticipantSetup; tableHullPoints: number }[]
  designs: Record<string, ShipDesign>
}

const SIDE_NAMES = { ours: 'The squadron' } as const

function measured(db: Db, voyageId: number, ruleset: Ruleset) {
  const w = waitingTheahEncounter(db, voyageId)
  const inputs = [
    ...w.shipIds.map((shipId) => ({ shipId, side: 'ours', control: 'gm' as const })),
    ...w.encounter.ships.map((x) => ({ ...(x as object), side: 'them' }))
  ].map((x) => BattleParticipantInput.parse(x) as ParticipantInput)
  const built = buildParticipants(db, inputs)
  const notShips = built.participants.filter((p) => p.kind !== 'ship')
  if (notShips.length) {
    throw new CommandError('rule', `${listing(notShips.map((p) => `the ${p.name}`))} cannot fight under the ${RULES_NAME[ruleset]} rules: only ships are converted.`, { field: 'ruleset' })
  }
  if (ruleset === 'broadsides') {
    const n = (side: string) => built.participants.filter((p) => p.side === side).length
    if (n('ours') !== 1 || n('them') !== 1) {
      throw new CommandError('rule', `A Broadsides & Boarding Parties duel is fought by two ships, one a side: here the squadron has ${plural(n('ours'), 'ship')} and the encounter ${plural(n('them'), 'ship')}.`, {
        field: 'ruleset'
      })
    }
  }
  return { ...w, ...built }
}

const GALLEYS_KEYS = ['quality', 'combat', 'hullPoints', 'points'] as const
const BROADSIDES_KEYS = ['class', 'crew'] as const

function adjustmentsFor(adjustments: Adjustment[], ids: string[], ruleset: Ruleset): Map<string, Adjustment> {
  const out = new Map<string, Adjustment>()
  const other = ruleset === 'galleys' ? BROADSIDES_KEYS : GALLEYS_KEYS
  adjustments.forEach((a, i) => {
    for (const k of other) {
      if (a[k] !== undefined) bad(`adjustments.${i}.${k}`, `the ${RULES_NAME[ruleset]} rules have no such number to adjust`)
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

/** The preview: every ship converted with its terms, and what she fights with after the GM's adjustments. */
export function encounterConversion(db: Db, input: { voyageId: number; ruleset: Ruleset; adjustments: Adjustment[] }): ConversionView {
  const m = measured(db, input.voyageId, input.ruleset)
  const adj = adjustmentsFor(input.adjustments, m.participants.map((p) => p.id), input.ruleset)
  const def = input.ruleset === 'galleys' ? THEAH_GALLEYS_DEF : THEAH_BROADSIDES_DEF
  const templates = input.ruleset === 'broadsides' ? getRule(db, 'broadsidesShips') : null
  const view: ConversionView = {
    ruleset: input.ruleset,
    rulesetName: RULES_NAME[input.ruleset],
    tableTitle: def.title,
    tableSource: def.source,
    voyageId: input.voyageId,
    encounter: m.encounter.label,
    ships: m.participants.map((p) => {
      const a = adj.get(p.id)
      const base = {
        ship: p.id,
        name: p.name,
        side: p.side,
        shipId: p.shipId ?? null,
        from: { size: p.size, handling: p.handling, speed: p.speed, crew: p.crew, crewKind: p.crewKind, guns: totalGuns(p), hullPoints: p.hullPoints }
      }
      if (templates) {
        let c: BroadsidesConversion
        try {
          c = theahToBroadsides(p, getRule(db, 'conversionTheahBroadsides'), templates, a?.class)
        } catch (e) {
          if (!(e instanceof CalcInputError)) throw e
          // The GM's class for her (at its adjustment), or the conversion table's for her hull (at the ruleset: that table is what the choice brings in).
          const k = input.adjustments.findIndex((x) => x.ship === p.id)
          return bad(e.field === 'class' ? `adjustments.${k}.class` : 'ruleset', `${e.message}, for the ${p.name}`)
        }
        return {
          ...base,
          deck: { class: c.class.value, className: c.class.name, why: c.class.why, crew: c.crew, cannon: c.cannon, officers: c.officers, officersWhy: c.officersWhy },
          fights: { class: c.class.value, crew: a?.crew ?? c.crew.value } as Record<string, string | number>,
          adjusted: a ? BROADSIDES_KEYS.filter((k) => a[k] !== undefined) : []
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
        } as Record<string, string | number>,
        adjusted: a ? GALLEYS_KEYS.filter((k) => a[k] !== undefined) : []
      }
    })
  }
  return view
}

/** Fight the waiting encounter under the rules chosen: the set-up from the preview, the battle linked to the voyage. */
export function fightEncounterUnder(
  db: Db,
  input: { voyageId: number; ruleset: Ruleset; adjustments: Adjustment[]; note?: string | undefined },
  dice: (given?: readonly number[]) => DiceBox
): { battleId: number; voyageId: number; text: string } {
  const view = encounterConversion(db, input)
  const m = measured(db, input.voyageId, input.ruleset)
  const fieldsOf = (setup: unknown, issues: { path: PropertyKey[]; message: string }[]) => {
    const list = issues.map((i) => ({ field: ['setup', ...i.path.map(String)].join('.'), message: i.message }))
    const words = issues.map((i) => (input.ruleset === 'broadsides' ? setupProblemWords(setup, i.path, i.message) : `${fieldWords(i.path)}: ${i.message}`)).join('; ')
    return new CommandError('invalid_input', `${words}.`, { field: list[0]!.field, issues: list })
  }
  const out = fightTheahEncounterUnder(db, input.voyageId, input.note, (encounter) => {
    const seed = seedFromDice(dice())
    const name = `Battle at sea: ${m.name}`.slice(0, 80)
    let battleId: number
    const tableHullPoints: Record<string, number> = {}
    if (input.ruleset === 'broadsides') {
      const rules = broadsidesRulesOf(db)
      const { width, height } = rules.board
      // House default (issue 21): the squadron's ship two squares in from the west edge heading east, the encounter's from the east heading west, both on the middle row.
      const y = 2 * Math.floor(height / 2) + 1
      const ships = (['ours', 'them'] as const).map((side) => {
        const s = view.ships.find((x) => x.side === side)!
        return {
          id: s.ship,
          name: s.name,
          class: String(s.fights.class),
          crew: Number(s.fights.crew),
          officers: s.deck!.officers as Officer[],
          at: { x: side === 'ours' ? 5 : 2 * width - 5, y },
          heading: side === 'ours' ? 2 : 6
        }
      })
      const parsed = BroadsidesSetup.safeParse({ name, seed, rules, ships })
      if (!parsed.success) throw fieldsOf({ ships }, parsed.error.issues)
      battleId = insertStepped(db, BROADSIDES_STEPPED, { name, setup: parsed.data, seed, control: { [ships[0]!.id]: 'gm', [ships[1]!.id]: 'ai' } }).battleId
    } else {
      const rules = galleysRulesOf(db)
      const { width, height, gaugePoints } = rules.table
      const ships: ShipSetupInput[] = []
      for (const side of ['ours', 'them'] as const) {
        const list = view.ships.filter((s) => s.side === side)
        list.forEach((s, i) => {
          tableHullPoints[s.ship] = Number(s.fights.hullPoints)
          // House default (issue 21): each side in a line across the table, the squadron at the bottom edge facing north, the encounter at the top facing south.
          ships.push({
            id: s.ship,
            name: s.name,
            player: side,
            points: Number(s.fights.points),
            quality: Number(s.fights.quality),
            combat: Number(s.fights.combat),
            hullPoints: Number(s.fights.hullPoints),
            traits: (s.traits ?? []).map((t) => ({ name: t.name, note: `From her Théah numbers: ${t.why}.` })),
            at: { x: Math.round((width * (i + 1)) / (list.length + 1)), y: Math.round(side === 'ours' ? height * 0.85 : height * 0.15) },
            facing: side === 'ours' ? 0 : 180,
            ...(s.shipId !== null ? { shipId: s.shipId } : {})
          })
        })
      }
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
      if (!parsed.success) throw fieldsOf(null, parsed.error.issues)
      battleId = insertStepped(db, GALLEYS_STEPPED, { name, setup: parsed.data, seed, control: { ours: 'gm', them: 'ai' } }).battleId
    }
    const stored: Stored = {
      from: 'theah',
      ruleset: input.ruleset,
      voyageId: input.voyageId,
      table: input.ruleset === 'galleys' ? getRule(db, 'conversionTheahGalleys') : getRule(db, 'conversionTheahBroadsides'),
      ships: m.participants.map((p) => ({ ship: p.id, participant: p, tableHullPoints: tableHullPoints[p.id] ?? 0 })),
      designs: m.designs
    }
    stmt(db, `UPDATE battle SET conversion = ? WHERE id = ?`).run(JSON.stringify(stored), battleId)
    const how = input.ruleset === 'galleys' ? 'on the Galleys & Galleons table' : 'as a Broadsides & Boarding Parties duel'
    return { battleId, text: `Fought ${listing(m.encounter.names)} ${how}, the ships converted from their Théah numbers` }
  })
  return { battleId: out.battleId, voyageId: input.voyageId, text: out.text }
}

function storedOf(db: Db, battleId: number): Stored | null {
  const r = stmt(db, `SELECT conversion FROM battle WHERE id = ?`).get(battleId) as { conversion: string | null } | undefined
  return r?.conversion ? (JSON.parse(r.conversion) as Stored) : null
}

/** The Théah review of a converted battle (null: a battle of its rules' own), each line with how it was converted. */
export function convertedReview(db: Db, battleId: number): GalleysBattleReview['campaign'] {
  const stored = storedOf(db, battleId)
  if (!stored) return null
  const backs = stored.ruleset === 'broadsides' ? duelBacks(db, battleId, stored) : tableBacks(db, battleId, stored)
  return {
    tableTitle: stored.ruleset === 'broadsides' ? THEAH_BROADSIDES_DEF.title : THEAH_GALLEYS_DEF.title,
    lines: stored.ships.map((s) => {
      const back = backs[s.ship]!
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

function tableBacks(db: Db, battleId: number, stored: Stored) {
  const b = loadStepped<GalleysSetup, GalleysState, unknown>(db, GALLEYS_STEPPED, battleId)
  return Object.fromEntries(
    stored.ships.map((s) => [s.ship, galleysToTheah(s.participant as TheahShip, s.tableHullPoints, b.state.ships[s.ship]!, stored.table as TheahGalleys)])
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
      `Fought the ${name} ${stored.ruleset === 'galleys' ? 'on the Galleys & Galleons table' : 'as a Broadsides & Boarding Parties duel'}: ${fmt(Math.max(0, l.hullDamage - row.hull_damage))} hull, ${fmt(Math.max(0, l.riggingDamage - row.rigging_damage))} rigging damage, ` +
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
  const winnerName = winner === null ? null : winner === 'ours' ? 'the squadron' : (stored.ships.find((x) => x.ship === winner)?.participant.name ?? winner)
  const won = winnerName ? `, won by ${winnerName}` : ''
  return { battleId: b.row.id, applied, said: `Concluded ${theBattle(name)}${won}: the Théah ships written back from the ${RULES_NAME[stored.ruleset]} rules` }
}
