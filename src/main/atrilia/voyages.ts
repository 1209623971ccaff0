import { AtrilianDesign } from '../../shared/atrilia/design'
import type { AtrilianEncounter, ShipSpeed } from '../../shared/commands/voyages'
import { CommandError } from '../../shared/errors'
import { shipTypeOf, typePhrase } from '../../shared/atrilia/shipyard'
import { dailyDistance } from '../../shared/atrilia/travel'
import {
  encounterLabel,
  encounterShipProblems,
  encounterShipText,
  houseRowFor,
  type AtrilianEncounterInput
} from '../../shared/voyage/atrilia'
import { rollOf } from '../../shared/voyage/rules'
import { stmt, type Db } from '../campaign/sqlite'
import { getRule } from '../campaign-core/rules'
import { registerVoyageRules, settingOf, type VoyageRules } from '../campaign-core/voyage-rules'
import { addVoyageEncounter } from '../theah/voyages'

/**
 * Voyages in an Atrilia campaign (issue 18; seed 002 §2, rules guide §3): the voyage itself — the chart's
 * legs, the clock run day by day with its upkeep, ports of call, arrival — is the campaign's
 * (src/main/theah/voyages.ts); this module gives it Atrilia's rules through the voyage-rules hook:
 * - each ship sails the midpoint of her speed range (the campaign's Atrilian ships table, seed 002 §2)
 *   for 12 hours a day (table `voyagesAtrilia`, house default); the squadron at its slowest; no wind table;
 * - no special events or Drama Dice (those are 7th Sea's); her food is not counted by the voyage;
 * - encounters: the GM adds them on the day the voyage is at (`voyages.addEncounter`), and the house
 *   table `encountersAtrilia` (empty by default) is rolled each day at sea once the GM fills it.
 * Distances are kilometres (the chart's unit in Atrilia).
 */

interface Row {
  id: number
  name: string
  design: string
  status: string
  crew: number
}

const GONE = new Set(['sold', 'scuttled', 'sunk'])

function shipRow(db: Db, shipId: number): Row {
  const r = stmt(db, `SELECT id, name, design, status, crew FROM ship WHERE id = ?`).get(shipId) as Row | undefined
  if (!r) throw new CommandError('not_found', `shipIds: there is no ship with id ${shipId}.`, { field: 'shipIds' })
  return r
}

/** A ship's kilometres a day with every term (seed 002 §2; rules guide §3), and why she cannot sail. */
export function atrilianShipSpeed(db: Db, shipId: number, wind: number | null): ShipSpeed {
  const row = shipRow(db, shipId)
  const problems: string[] = []
  if (GONE.has(row.status)) problems.push(`The ${row.name} is ${row.status}.`)
  else if (row.status === 'construction') problems.push(`The ${row.name} is still on the stocks.`)
  let design: AtrilianDesign | null = null
  try {
    const parsed = AtrilianDesign.safeParse(JSON.parse(row.design))
    if (parsed.success) design = parsed.data
  } catch {
    design = null
  }
  const type = design ? shipTypeOf(getRule(db, 'atriliaShips'), design.type) : null
  if (!type) {
    problems.push(`The ${row.name} is not a ship of the Atrilian catalogue: her speed is not known.`)
    return { shipId, name: row.name, breakdown: [], withoutWind: 0, min: 0, max: 0, nmPerDay: wind === null ? null : 0, problems }
  }
  if (row.crew < type.crew) problems.push(`The ${row.name} has ${row.crew} sailors: a ${typePhrase(type.name)} needs ${type.crew} to manoeuvre her.`)
  const d = dailyDistance(type, getRule(db, 'voyagesAtrilia'))
  return { shipId, name: row.name, breakdown: d.breakdown, withoutWind: d.kmPerDay, min: d.kmPerDay, max: d.kmPerDay, nmPerDay: wind === null ? null : d.kmPerDay, problems }
}

/** "the slowest ship, the Thalassa: Pheacian large galley, 3–14 km/h, midpoint 8.5 km/h × 12 h". */
export function atrilianDayReason(slowest: ShipSpeed | null, ships: number): string {
  if (!slowest || slowest.breakdown.length < 4) return 'her speed is not known'
  const [min, max, mid, hours] = slowest.breakdown as [ShipSpeed['breakdown'][number], ShipSpeed['breakdown'][number], ShipSpeed['breakdown'][number], ShipSpeed['breakdown'][number]]
  const type = min.label.replace(/:.*$/, '')
  const range = min.value === max.value ? `${min.value} km/h` : `${min.value}–${max.value} km/h`
  return `${ships > 1 ? 'the slowest ship, ' : ''}the ${slowest.name}: ${type}, ${range}, midpoint ${mid.value} km/h × ${hours.value} h`
}

export const ATRILIA_VOYAGE_RULES: VoyageRules = {
  unit: 'km',
  windRolled: false,
  theahEncounters: false,
  rowing: false,
  shipSpeed: (db, shipId, wind) => atrilianShipSpeed(db, shipId, wind),
  foodOf: () => null,
  dayReason: atrilianDayReason,
  encounterNote: (db) => {
    const t = getRule(db, 'encountersAtrilia')
    return t.rows.length
      ? `Each day at sea rolls the house encounter table (${t.dice === '1d6' ? 'one die' : 'two dice'}, ${t.rows.length} row${t.rows.length === 1 ? '' : 's'}); the GM may add an encounter on any day.`
      : 'Naval Rules (Atrilia) has no encounter table: the GM adds encounters on any day at sea (the house encounter table on the Rules page is empty).'
  },
  checksDaily: (db) => getRule(db, 'encountersAtrilia').rows.length > 0,
  dailyEncounter: (db, at, box, rolls) => {
    const t = getRule(db, 'encountersAtrilia')
    if (t.rows.length === 0) return null
    const r = box.roll(t.dice, 'House encounter table (Atrilia, house default)')
    const row = houseRowFor(t, r.total)
    rolls.push({ ...rollOf(r), success: row !== null })
    if (!row) return null
    const ships = getRule(db, 'atriliaShips')
    return {
      kind: 'atrilianEncounter',
      n: at.n,
      day: at.day,
      label: row.label,
      source: 'houseTable',
      roll: rollOf(r),
      ships: row.ships,
      names: row.ships.map((s) => encounterShipText(s, ships)),
      note: null,
      position: at.position,
      choices: ['pass', 'parley'],
      answer: null
    }
  }
}
registerVoyageRules('atrilia', ATRILIA_VOYAGE_RULES)

/**
 * The GM adds an encounter on the day the voyage is at (rules guide §3: seed 002 has no encounter table):
 * each ship checked against the catalogue (the baghla's ram and upgrade, marines the hold carries, wizards
 * with marines), every problem naming its field; nothing changes when one is wrong.
 */
export function addAtrilianEncounter(db: Db, input: { voyageId: number } & AtrilianEncounterInput): ReturnType<typeof addVoyageEncounter> {
  if (settingOf(db) !== 'atrilia') {
    throw new CommandError('rule', 'Encounters are added by hand in an Atrilia campaign: a Théah voyage meets hers on the encounter table (High Seas Combat III).', { field: 'voyageId' })
  }
  const catalogue = getRule(db, 'atriliaShips')
  const rules = getRule(db, 'voyagesAtrilia')
  const problems = input.ships.flatMap((s, i) => encounterShipProblems(s, catalogue, rules, `ships.${i}.`))
  if (problems.length) {
    const first = problems[0]!
    throw new CommandError('invalid_input', `${first.field}: ${first.message}.`, { field: first.field, problems })
  }
  return addVoyageEncounter(db, input.voyageId, (at): AtrilianEncounter => ({
    kind: 'atrilianEncounter',
    n: at.n,
    day: at.day,
    label: input.label?.trim() || encounterLabel(input.ships, catalogue),
    source: 'gm',
    roll: null,
    ships: input.ships,
    names: input.ships.map((s) => encounterShipText(s, catalogue)),
    note: input.note?.trim() || null,
    position: at.position,
    choices: ['pass', 'parley'],
    answer: null
  }))
}
