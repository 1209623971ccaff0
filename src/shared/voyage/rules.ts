import type { GeneratedShipParsed } from '../commands/battles'
import type { CheckEvery, Point, SpecialEventKind, VoyageRoll, WaterKind } from '../commands/voyages'
import type { DiceBox, RollRecord } from '../dice/roll'
import { encounterTable, type EncounterCount, type EncounterEntry } from '../highseas/generate'
import { RANGES, type Behaviour, type Range, type Weather } from '../highseas/types'
import type { EncounterChecks, SpecialEvents, TravelSpeeds, Winds } from './tables'

/**
 * Pure rules of sea travel (issue 7; seed 003 II-III; rules guide §1-2): speeds with every term,
 * the wind and special event tables, the encounter table 5-50, sightings, and the chart's geometry.
 * No I/O: rule tables and dice in, plain data out.
 */

export interface Term {
  label: string
  value: number
}

// ─── Speed (seed 003 II) ────────────────────────────────────────────────────────────────────────

export interface SpeedInput {
  /** The design's travel-speed terms (hull base, streamlined, well trained, sluggish: from the quote). */
  designTerms: Term[]
  /** The master-o'-tops' Rigging rank (null: none aboard). */
  masterOTopsRigging: number | null
  /** The pilot's Pilot rank (null: none aboard). */
  pilotKnack: number | null
  riggingPoints: number
  riggingDamage: number
  /** Whole months the careening is overdue, and the nm a day each costs. */
  careeningMonthsOverdue: number
  careeningLossPerMonth: number
  /** Never below this (rules guide §2: 10). */
  floor: number
}

/** A ship's miles a day with every term (seed 003 II), without the wind; min/max with the table's worst and best wind. */
export function travelSpeed(x: SpeedInput, t: TravelSpeeds, winds: Winds, wind: number | null = null) {
  const terms: Term[] = x.designTerms.filter((d) => d.value !== 0 || /nautical/.test(d.label)).map((d) => ({ ...d }))
  if (x.masterOTopsRigging !== null && x.masterOTopsRigging >= t.masterOTopsRigging) {
    terms.push({ label: `Master-o’-tops with Rigging ${x.masterOTopsRigging} (${t.masterOTopsRigging}+)`, value: t.masterOTopsBonus })
  }
  if (x.pilotKnack !== null && x.pilotKnack >= t.pilotKnack) {
    terms.push({ label: `Pilot with Pilot ${x.pilotKnack} (${t.pilotKnack}+)`, value: t.pilotBonus })
  }
  const steps = riggingSteps(x.riggingPoints, x.riggingDamage, t.riggingStepPercent)
  if (steps > 0) terms.push({ label: `Rigging lost: ${x.riggingDamage} of ${x.riggingPoints} (${steps} × ${t.riggingStepPercent}%)`, value: -steps * t.riggingStepLoss })
  if (x.careeningMonthsOverdue > 0) {
    terms.push({ label: `Careening ${x.careeningMonthsOverdue} month${x.careeningMonthsOverdue === 1 ? '' : 's'} overdue`, value: -x.careeningMonthsOverdue * x.careeningLossPerMonth })
  }
  const raw = terms.reduce((n, d) => n + d.value, 0)
  const floor = (n: number) => Math.max(x.floor, n)
  const withoutWind = floor(raw)
  const worst = Math.min(...winds.map((w) => w.nmPerDay))
  const best = Math.max(...winds.map((w) => w.nmPerDay))
  const breakdown = [...terms]
  if (wind !== null) breakdown.push({ label: 'Wind', value: wind })
  const total = wind === null ? withoutWind : floor(raw + wind)
  if (total !== raw + (wind ?? 0)) breakdown.push({ label: `Never below ${x.floor} nm a day`, value: total - raw - (wind ?? 0) })
  return { breakdown, withoutWind, min: floor(raw + worst), max: floor(raw + best), nmPerDay: wind === null ? null : total }
}

/** Whole steps of `percent`% of the Rigging points lost (seed 003 II: "For each 20% … lose five miles"). */
export function riggingSteps(points: number, damage: number, percent: number): number {
  if (points <= 0 || damage <= 0) return 0
  return Math.floor((damage * 100) / (points * percent) + 1e-9)
}

// ─── Tables rolled on one die ───────────────────────────────────────────────────────────────────

export function windFor(roll: number, winds: Winds): { roll: number; label: string; nmPerDay: number } {
  const r = Math.max(1, Math.min(10, roll))
  const row = winds.find((w) => r >= w.from && r <= w.to) ?? winds[winds.length - 1]!
  return { roll, label: row.label, nmPerDay: row.nmPerDay }
}

export function eventFor(roll: number, t: SpecialEvents): { roll: number; event: SpecialEventKind; label: string } {
  const r = Math.max(1, Math.min(10, roll))
  const row = t.table.find((w) => r >= w.from && r <= w.to) ?? t.table[t.table.length - 1]!
  return { roll, event: row.event, label: row.label }
}

/** What each special event does, in a sentence (seed 003 II). */
export function eventText(e: SpecialEventKind, t: SpecialEvents): string {
  switch (e) {
    case 'becalmed':
      return `The squadron sails into the doldrums and lies at rest for ${t.becalmedDays} days (ships with oars row).`
    case 'fog':
      return `Thick fog for ${t.fogDays} days (at least one); the pilot makes a Navigation check against TN ${t.navigationTN} or the squadron is lost for ${t.lostDays} more days (at least one).`
    case 'disease':
      return `Shipboard disease: every character aboard rolls Resolve against TN ${t.diseaseResolveTN} or lies sick for the voyage (below ${t.diseaseDiesBelow}: dies unless a doctor treats them); ${t.crewIll} of the crew fall ill (${t.crewIllWithDoctor} with a physician aboard), terminal on a die of ${t.terminalOn}+.`
    case 'squalls':
      return `Squalls: ${t.squallDelayDays} day's delay, ${t.squallRigging} Rigging damage to each ship, blown ${t.squallOffCourse} miles off course in a random direction.`
    case 'wreck':
      return `Shipwreck threatens: the captain or pilot (the better chance) makes a Pilot check against TN ${t.wreckPilotTN} or the ship is dashed to splinters; player characters then roll Wits against TN ${t.wreckWitsTN} to reach a boat or wreckage.`
    case 'storm':
      return `A violent storm for ${t.stormDays} days (at least one): ${t.stormDamage} damage to Rigging and to Hull of each ship, blown ${t.stormOffCourse} miles off course, and a Pilot check against TN ${t.stormPilotTN} each day of it or shipwreck threatens.`
  }
}

// ─── Checks ─────────────────────────────────────────────────────────────────────────────────────

/** How often the water kind is checked for encounters (seed 003 III). */
export const checkEvery = (kind: WaterKind, t: EncounterChecks): CheckEvery => t.every[kind]

/** A 7th Sea roll: (trait + knack) dice, keep trait, tens explode. */
export function skillNotation(trait: number, knack: number): string {
  const t = Math.max(1, Math.min(10, trait))
  return `${Math.max(t, Math.min(60, t + Math.max(0, knack)))}k${t}`
}

export function checkRoll(box: DiceBox, notation: string, purpose: string, tn: number | null): { record: RollRecord; roll: VoyageRoll } {
  const record = box.roll(notation, purpose)
  return { record, roll: rollOf(record, tn) }
}

export function rollOf(r: RollRecord, tn: number | null = null, total = r.total): VoyageRoll {
  return { purpose: r.purpose, notation: r.notation, dice: r.dice, total, tn, success: tn === null ? null : total >= tn }
}

/** "1k1-5 days (minimum of one)". */
export const atLeastOne = (n: number) => Math.max(1, n)

// ─── Encounters (seed 003 III) ──────────────────────────────────────────────────────────────────

export interface EncounterRow {
  roll: number
  label: string
  /** Ship groups to generate (empty for the special entries). */
  entry: EncounterEntry | null
  special: boolean
  prompt: string | null
}

const SPECIAL: Record<number, { label: string; prompt: string }> = {
  42: { label: 'Six Sirens (p. 161 GM’s Guide)', prompt: 'Six Sirens: play them from the GM’s Guide (p. 161).' },
  43: { label: 'Uncharted island (GM’s imagination)', prompt: 'An uncharted island: describe it, and add it to the chart if the players land.' },
  46: {
    label: 'The 7th Sea appears (Pilot check with a TN of 20 to avoid entering it)',
    prompt: 'The 7th Sea appears: the pilot makes a Pilot check against TN 20 to avoid entering it.'
  },
  47: { label: 'A Leviathan (p. 159 GM’s Guide)', prompt: 'A Leviathan: play it from the GM’s Guide (p. 159).' },
  48: { label: 'An abandoned Ghost ship (GM is encouraged to be creative)', prompt: 'An abandoned ghost ship drifts near: what is aboard is yours to imagine.' },
  49: {
    label: 'A ship belonging to one of the major Pirates (i.e. Allende, Berek, Kheired-Din, Yngvild, or Reis)',
    prompt: 'A major pirate’s ship (Allende, Berek, Kheired-Din, Yngvild or Reis): name the captain and her ship; start a battle from the board if it comes to blows.'
  },
  50: { label: 'The Black Freighter appears (Players should quickly sail away)', prompt: 'The Black Freighter appears: the players should quickly sail away.' }
}

let TABLE: EncounterRow[] | null = null

/** The whole encounter table, 5-50 (46 entries): the ship entries (generate.ts) and the special ones. */
export function encounterRows(): EncounterRow[] {
  if (TABLE) return TABLE
  const ships = new Map(encounterTable().map((e) => [e.roll, e]))
  const rows: EncounterRow[] = []
  for (let roll = 5; roll <= 50; roll++) {
    const e = ships.get(roll)
    if (e) rows.push({ roll, label: e.label, entry: e, special: false, prompt: e.note ?? null })
    else {
      const s = SPECIAL[roll]
      if (!s) throw new Error(`The encounter table has no entry ${roll}`)
      rows.push({ roll, label: s.label, entry: null, special: true, prompt: s.prompt })
    }
  }
  TABLE = rows
  return rows
}

export function encounterRow(roll: number): EncounterRow {
  const r = encounterRows().find((x) => x.roll === roll)
  if (!r) throw new Error(`The encounter table runs 5-50 (rolled ${roll})`)
  return r
}

/** How many ships a group has: "3 to 6" is a d6 re-rolling 1 and 2 (rules guide §2); "1K1+2" as written. */
export function countShips(c: EncounterCount, box: DiceBox, purpose: string, counts: number[], cap = 12): number {
  switch (c.kind) {
    case 'fixed':
      return c.n
    case 'same':
      return counts[c.as] ?? 1
    case 'range': {
      for (let i = 0; i < 50; i++) {
        const r = box.roll('1d6', `${purpose} (${c.min} to ${c.max}: a d6, re-rolling below ${c.min})`)
        if (r.total >= c.min && r.total <= c.max) return r.total
      }
      return c.min
    }
    case 'roll':
      return Math.min(cap, box.roll(c.notation, purpose).total)
  }
}

/** The ships an entry names, as battle participants (side 'them', AI captains), with what the rolls decided. */
export function encounterShips(row: EncounterRow, box: DiceBox, nearestNation: string): { ships: { generate: GeneratedShipParsed; side: string; control: 'ai' }[]; rolls: RollRecord[] } {
  if (!row.entry) return { ships: [], rolls: [] }
  const before = box.records.length
  const counts: number[] = []
  const ships: { generate: GeneratedShipParsed; side: string; control: 'ai' }[] = []
  row.entry.groups.forEach((g, i) => {
    const n = countShips(g.count, box, `Encounter ${row.roll}: how many ships`, counts)
    counts[i] = n
    for (let k = 0; k < n; k++) {
      ships.push({
        side: 'them',
        control: 'ai',
        generate: { hull: g.hull, frigate: g.frigate, armament: g.armament, nation: g.nation || nearestNation, crewKind: g.crewKind, behaviour: g.behaviour, gunnery: 1 }
      })
    }
  })
  return { ships, rolls: box.records.slice(before) }
}

const BEHAVIOUR_TEXT: Record<Behaviour, string> = {
  merchant: 'Merchantmen, galleons and convoys will generally not bother other ships, and will try to evade if attacked.',
  corsair: 'Corsairs usually attack only merchantmen, and try to evade warships.',
  patrol: 'Patrol ships may attack ships that appear to be pirates or privateers, or of an enemy nation; if outnumbered they may evade to bring reinforcements.',
  warship: 'A solitary warship may attack ships that appear to be pirates or privateers, or of an enemy nation.',
  fleet: 'A fleet is set upon a mission and will not stop to engage unless it recognises pirates or enemy privateers; it may destroy a ship it fears will give away its presence in enemy waters.',
  fort: 'A fort does not move.'
}

/** The suggested behaviour of each side (seed 003 III, the paragraph after the table). */
export function suggestedBehaviour(row: EncounterRow, ours: { raiders: boolean; merchants: boolean }): { theirs: string; ours: string } {
  if (!row.entry) {
    return {
      theirs: row.prompt ?? 'For the GM to play.',
      ours: row.roll === 50 ? 'Sail away, quickly.' : 'The players decide; the GM plays what they meet.'
    }
  }
  const kinds = [...new Set(row.entry.groups.map((g) => g.behaviour))]
  const theirs = kinds.map((k) => BEHAVIOUR_TEXT[k]).join(' ')
  const hunters = kinds.some((k) => k === 'patrol' || k === 'warship' || k === 'fleet')
  const prey = kinds.every((k) => k === 'merchant')
  let oursText: string
  if (prey) oursText = ours.raiders ? 'A prize for the taking: they will run if you attack.' : 'They will not bother you: let them pass or hail them.'
  else if (hunters && ours.raiders) oursText = 'They hunt pirates and privateers: evade unless you mean to fight.'
  else if (kinds.includes('corsair') && ours.merchants) oursText = 'Corsairs prey on merchantmen: expect an attack; evade or fight.'
  else oursText = 'Hail them, keep your distance, or run: they are likely to leave you be.'
  return { theirs, ours: oursText }
}

/** Where an encounter appears by the weather (seed 003 III: Extreme unless the weather reduces the distance). */
export const appearsAt = (weather: Weather, t: EncounterChecks): Range => t.appearsAt[weather]

/** The Observation TN at a range: base at Close + a step per interval past it (10, 15 … 35 at Extreme). */
export const observationTN = (range: Range, t: EncounterChecks) => t.observationBaseTN + t.observationStepTN * RANGES.indexOf(range)

/**
 * The single-roll reading of the lookouts' Observation check (seed 003 III, "as an alternative … one
 * roll … the minimum distance the encounter is first seen"): the farthest range, no farther than it
 * appears, whose TN the total meets. Null: not even Close's TN — seen only when upon her (Close).
 */
export function seenAt(total: number, appears: Range, t: EncounterChecks): Range | null {
  for (let i = RANGES.indexOf(appears); i >= 0; i--) {
    const r = RANGES[i]!
    if (total >= observationTN(r, t)) return r
  }
  return null
}

// ─── Geometry ───────────────────────────────────────────────────────────────────────────────────

export function polylineLength(pts: readonly Point[]): number {
  let n = 0
  for (let i = 1; i < pts.length; i++) n += Math.hypot(pts[i]!.x - pts[i - 1]!.x, pts[i]!.y - pts[i - 1]!.y)
  return n
}

/** The point a fraction (0-1) of the way along a polyline. */
export function pointAlong(pts: readonly Point[], fraction: number): Point | null {
  if (pts.length === 0) return null
  if (pts.length === 1) return { ...pts[0]! }
  const total = polylineLength(pts)
  let want = Math.max(0, Math.min(1, fraction)) * total
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!
    const b = pts[i]!
    const seg = Math.hypot(b.x - a.x, b.y - a.y)
    if (want <= seg || i === pts.length - 1) {
      const f = seg === 0 ? 0 : Math.min(1, want / seg)
      return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f }
    }
    want -= seg
  }
  return { ...pts[pts.length - 1]! }
}

export function pointInPolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!
    const b = poly[j]!
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside
  }
  return inside
}

const FREQ: Record<CheckEvery, number> = { day: 0, week: 1, month: 2 }

/** The water at a point: of the areas containing it, the one checked most often (a coastal strip inside a sea lane is coastal; on a tie the area drawn last, the more particular); else the open sea's kind. */
export function waterAt(p: Point | null, areas: readonly { kind: WaterKind; polygon: readonly Point[] }[], open: WaterKind, t: EncounterChecks): WaterKind {
  if (!p) return open
  let best: WaterKind | null = null
  for (const a of areas) {
    if (!pointInPolygon(p, a.polygon)) continue
    if (best === null || FREQ[t.every[a.kind]] <= FREQ[t.every[best]]) best = a.kind
  }
  return best ?? open
}

/** The direction of being blown off course: one die, each face a tenth of the compass (36°) clockwise from north. */
export function offCourse(miles: number, directionDie: number, scaleNmPerUnit: number): Point {
  const a = (directionDie * 36 * Math.PI) / 180
  const units = miles / scaleNmPerUnit
  return { x: Math.round(Math.sin(a) * units * 100) / 100, y: Math.round(-Math.cos(a) * units * 100) / 100 }
}

/** A percent chance rolled on two d10 (tens and units; 10 reads 0, 00 is 100). */
export function percentRoll(tens: number, units: number): number {
  const v = (tens % 10) * 10 + (units % 10)
  return v === 0 ? 100 : v
}
