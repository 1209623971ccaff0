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
import { addVoyageEncounter, fightVoyageEncounter, waitingEncounter } from '../theah/voyages'
import { startHexBattleFor } from '../campaign-core/battle-seam'
import { chartLand, chartSettings } from '../campaign-core/chart'
import { battleProfile } from '../../shared/atrilia/crew'
import {
  ENCOUNTER,
  SQUADRON,
  encounterSetup,
  nearestLand,
  type EncounterBattleChoices,
  type EncounterSetupResult,
  type Fleet,
  type FleetShip
} from '../../shared/atrilia/encounter-setup'
import { NATION_NAMES, type Nation } from '../../shared/atrilia/tables'
import type { AtriliaSetup } from '../../shared/atrilia/types'
import { designOf, typeNameFor } from '../../shared/voyage/atrilia'
import type { DiceBox } from '../../shared/dice/roll'
import { battleProfileOf } from './crew'
import { quoteAtrilianFor } from './shipyard'

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
  // A prize sails on with the squadron when she has the sailors to manoeuvre her (seed 002 §2 "Crew").
  prizeUnmanned: (db, shipId) => {
    const sp = atrilianShipSpeed(db, shipId, null)
    return sp.problems.length ? sp.problems.map((x) => x.replace(/\.$/, '')).join('; ') : null
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
      choices: ['pass', 'parley', 'fight'],
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
    choices: ['pass', 'parley', 'fight'],
    answer: null
  }))
}

// ─── Battles from encounters (issue 18) ─────────────────────────────────────────────────────────

/** The nation most of a fleet's ships are crewed by (the first listed on a tie). */
function mostOf(nations: Nation[]): Nation {
  const n = new Map<Nation, number>()
  for (const x of nations) n.set(x, (n.get(x) ?? 0) + 1)
  let best: Nation = nations[0] ?? 'other'
  for (const [k, c] of n) if (c > (n.get(best) ?? 0)) best = k
  return best
}

export interface EncounterSetupView extends Omit<EncounterSetupResult, 'setup' | 'problems'> {
  setup: AtriliaSetup
  voyageId: number
  /** Each side's id, name and who orders it. */
  sides: { id: string; name: string; control: 'gm' | 'ai' }[]
}

/**
 * The two fleets of the encounter the voyage waits on (seed 002 §2): the squadron's sailing ships as the
 * campaign keeps them (type, size, crew quality and nation, improvements, marines, wizards; her campaign ship
 * id), and the encounter's ships (no campaign ship), each named as the set-up and the review name her.
 */
export function encounterFleets(db: Db, voyageId: number): { waiting: ReturnType<typeof waitingEncounter>; squadron: Fleet; encounter: Fleet } {
  const w = waitingEncounter(db, voyageId)
  const catalogue = getRule(db, 'atriliaShips')
  const squadronShips: FleetShip[] = w.ships.map((sh) => ({ id: `ship-${sh.shipId}`, name: sh.name, shipId: sh.shipId, profile: battleProfileOf(db, sh.shipId) }))
  const counts = new Map<string, number>()
  const names = w.encounter.ships.map((x) => {
    if (x.name) return x.name
    const n = typeNameFor(shipTypeOf(catalogue, x.type)?.name ?? x.type, x.nation)
    counts.set(n, (counts.get(n) ?? 0) + 1)
    return n
  })
  const seen = new Map<string, number>()
  const encounterShips: FleetShip[] = w.encounter.ships.map((x, i) => {
    const design = designOf(x)
    const base = names[i]!
    let name = base
    if (!x.name && (counts.get(base) ?? 0) > 1) {
      const k = (seen.get(base) ?? 0) + 1
      seen.set(base, k)
      name = `${base} ${k}`
    }
    const profile = battleProfile(design, quoteAtrilianFor(db, design), {
      quality: x.quality,
      nation: x.nation,
      marines: x.marines,
      wizards: x.wizards === 'none' ? null : { kind: x.wizards, count: 1 }
    })
    return { id: `met-${i + 1}`, name, shipId: null, profile }
  })
  const sqNation = mostOf(squadronShips.flatMap((x) => (x.profile ? [x.profile.nation] : [])))
  const enNation = mostOf(w.encounter.ships.map((x) => x.nation))
  const squadronName = `${NATION_NAMES[sqNation]?.one ?? 'Our'} squadron`
  let encounterName = w.encounter.label.slice(0, 80)
  if (encounterName.toLowerCase() === squadronName.toLowerCase()) encounterName = `${encounterName} (met at sea)`.slice(0, 80)
  const squadron: Fleet = { name: squadronName, nation: sqNation, ships: squadronShips }
  const encounter: Fleet = { name: encounterName, nation: enNation, ships: encounterShips }
  return { waiting: w, squadron, encounter }
}

/**
 * The hex battle's set-up for the encounter the voyage waits on (seed 002 §3, §11.2, §11.3; the builder
 * src/shared/atrilia/encounter-setup.ts): the squadron's sailing ships as the campaign keeps them (type, size,
 * crew quality and nation, improvements, marines, wizards; her campaign ship id), the encounter's ships (no
 * campaign ship), a coastline from the chart's land near the voyage. A choice that cannot be set up is refused
 * at its field; nothing changes (it is read-only).
 */
export function encounterBattleSetup(db: Db, voyageId: number, choices: EncounterBattleChoices, seed = 1): EncounterSetupView {
  if (settingOf(db) !== 'atrilia') throw new CommandError('rule', 'Encounters are fought on the hex board in an Atrilia campaign.', { field: 'voyageId' })
  const { waiting: w, squadron, encounter } = encounterFleets(db, voyageId)
  const chart = chartSettings(db)
  const near = nearestLand(w.position, chartLand(db), chart.scaleNmPerUnit)
  const out = encounterSetup({
    name: `Battle at sea: ${w.name}`,
    squadron,
    encounter,
    near,
    choices,
    seed,
    rules: getRule(db, 'atriliaBattle')
  })
  if (out.problems.length || !out.setup) {
    const first = out.problems[0]!
    throw new CommandError('invalid_input', `${first.field}: ${first.message}.`, { field: first.field, problems: out.problems })
  }
  return {
    voyageId,
    setup: out.setup,
    edges: out.edges,
    near: out.near,
    notes: out.notes,
    sides: [
      { id: SQUADRON, name: squadron.name, control: 'gm' },
      { id: ENCOUNTER, name: encounter.name, control: choices.encounterControl }
    ]
  }
}

/**
 * Fight the encounter the voyage waits on (issue 18): the set-up as previewed with the GM's choices, started
 * through the battle seam; the voyage waits for the battle (its battle and stop) and takes its results when
 * it is concluded (voyageBattleConcluded).
 */
export function fightAtrilianEncounter(
  db: Db,
  input: { voyageId: number; note?: string } & EncounterBattleChoices,
  dice: (given?: readonly number[]) => DiceBox
): { voyage: ReturnType<typeof fightVoyageEncounter>['voyage']; battleId: number; text: string } {
  const { voyageId, note, ...choices } = input
  const view = encounterBattleSetup(db, voyageId, choices)
  return fightVoyageEncounter(db, voyageId, note, (p) => {
    const { battleId } = startHexBattleFor(
      db,
      { voyageId, name: view.setup.name, setup: view.setup, control: Object.fromEntries(view.sides.map((x) => [x.id, x.control])) },
      dice
    )
    const ours = view.setup.ships.filter((x) => x.side === SQUADRON).length
    const theirs = view.setup.ships.filter((x) => x.side === ENCOUNTER).length
    return {
      battleId,
      text: `Fought ${p.label} on the hex board: ${ours} ship${ours === 1 ? '' : 's'} of the ${view.sides[0]!.name} against ${theirs}${view.edges.coast ? `, by a coast along the ${view.edges.coast} edge` : ', in open sea'}`
    }
  })
}
