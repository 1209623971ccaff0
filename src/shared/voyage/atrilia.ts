import { z } from 'zod'
import { AtrilianImprovements, AtrilianShipTypeKey, type AtrilianDesign } from '../atrilia/design'
import { marineRoom } from '../atrilia/crew'
import { IMPROVEMENT_KEYS, IMPROVEMENT_NAMES, shipTypeOf, typePhrase } from '../atrilia/shipyard'
import { Int, Nation, NATION_NAMES, NATIONS, crewQualityName, type ShipType } from '../atrilia/tables'
import { ATRILIA_VOYAGES_TABLE_DEF, type AtriliaVoyages } from '../atrilia/travel'
import type { RuleTableDef } from '../rules/table-def'
import type { DesignProblem } from '../ship/design'

/**
 * Voyages in an Atrilia campaign (seed 002 §2 "Speed: Only used for campaign game"; rules guide §3;
 * issue 18): each ship's daily distance is the midpoint of her speed range for 12 hours of sailing a
 * day, the squadron sails at its slowest; encounters are the GM's (seed 002 has no encounter table),
 * with an optional house table the voyage rolls each day once the GM fills it. Pure: no database,
 * clock or chance — the caller gives the rule tables and the dice.
 */

// ─── Encounters ─────────────────────────────────────────────────────────────────────────────────

export const CREW_QUALITIES = [1, 2, 3, 4] as const

/** One ship met at sea: a catalogue type, her nation, crew quality 1–4, marines in strength points, her improvements. */
export const AtrilianEncounterShip = z
  .object({
    type: AtrilianShipTypeKey,
    /** Her name, if the GM gives one (else her type and a number). */
    name: z.string().trim().max(80).optional(),
    nation: Nation,
    /** Naval Crew Quality (seed 002 TABLES): 1 slave, 2 green, 3 veteran, 4 elite. */
    quality: Int(1, 4),
    /** Marine strength points aboard (one point = 25 men, rules guide §3). */
    marines: Int(0, 100),
    improvements: AtrilianImprovements.default({}),
    /** The baghla improved to size 1 (§2.2). */
    improved: z.boolean().optional(),
    /** Wizards among her marines (§9.1), if any. */
    wizards: z.enum(['none', 'sea', 'fire']).default('none')
  })
  .strict()
export type AtrilianEncounterShip = z.output<typeof AtrilianEncounterShip>

/** The room a ship's hold has for men (the improved baghla's smaller hold; null: cargo only). */
export function holdMenOf(t: ShipType, improved: boolean): number | null {
  return improved && t.improved ? t.improved.holdsMen : t.holdsMen
}

/** The most marine points her hold carries. */
export function maxMarines(t: ShipType, improved: boolean, rules: AtriliaVoyages): number {
  return marineRoom({ holdTons: 0, holdMen: holdMenOf(t, improved) ?? 0 }, 0, rules.menPerMarinePoint).points
}

/** Every problem with one ship of an encounter, each naming its field (`at` is the field's prefix). */
export function encounterShipProblems(s: AtrilianEncounterShip, ships: readonly ShipType[], rules: AtriliaVoyages, at = ''): DesignProblem[] {
  const out: DesignProblem[] = []
  const t = shipTypeOf(ships, s.type)
  if (!t) return [{ field: `${at}type`, message: `there is no ship type “${s.type}” in the Atrilian ships table` }]
  const imp = s.improvements ?? {}
  if (s.improved && !t.improved) out.push({ field: `${at}improved`, message: `only a baghla may be improved to size 1 (Naval Rules §2.2); a ${typePhrase(t.name)} cannot` })
  const improved = !!s.improved && !!t.improved
  if (imp.ram && t.ram === 'never') out.push({ field: `${at}improvements.ram`, message: `a ${typePhrase(t.name)} cannot have a ram (“Baghlas cannot have rams”, Naval Rules §2.4)` })
  const most = maxMarines(t, improved, rules)
  if (s.marines > most) {
    const men = holdMenOf(t, improved)
    out.push({
      field: `${at}marines`,
      message:
        men === null
          ? `a ${typePhrase(t.name)} holds cargo only: she carries no marines`
          : `a ${typePhrase(t.name)} holds ${men} men: at most ${most} marine point${most === 1 ? '' : 's'} (${rules.menPerMarinePoint} men a point)`
    })
  }
  if (s.wizards !== 'none' && s.marines === 0) out.push({ field: `${at}wizards`, message: 'wizards travel with marines (Naval Rules §9.1): give her at least one marine point' })
  return out
}

/** An encounter as the GM enters it, or as a house table row gives it. */
export const AtrilianEncounterInput = z
  .object({
    /** What the GM calls it ("Meshuesh raiders"); default: from the ships. */
    label: z.string().trim().max(120).optional(),
    ships: z.array(AtrilianEncounterShip).min(1, 'add at least one ship').max(20, 'at most 20 ships'),
    note: z.string().max(2000).optional()
  })
  .strict()
export type AtrilianEncounterInput = z.output<typeof AtrilianEncounterInput>

/** Her type by her nation: "Meshuesh large galley" for the Gyptian or Meshuesh large galley of a Meshuesh crew, "Pheacian large galley", "Haranese baghla". */
export function typeNameFor(typeName: string, nation: Nation): string {
  const n = NATION_NAMES[nation]?.one ?? nation
  const shared = /^Gyptian or Meshuesh /.exec(typeName)
  if (shared && (nation === 'gyptian' || nation === 'meshuesh')) return `${n} ${typeName.slice(shared[0].length)}`
  if (nation === 'other' || typeName.toLowerCase().startsWith(n.toLowerCase())) return typeName
  return `${n} ${typeName.charAt(0).toLowerCase()}${typeName.slice(1)}`
}

/** The words for one ship met: "a Meshuesh large galley, veteran crew (2 marine points, a corvus, a ram)". */
export function encounterShipText(s: AtrilianEncounterShip, ships: readonly ShipType[]): string {
  const t = shipTypeOf(ships, s.type)
  const imp = IMPROVEMENT_KEYS.filter((k) => s.improvements?.[k]).map((k) => IMPROVEMENT_NAMES[k].toLowerCase())
  if (t?.ram === 'included' && !imp.includes('ram')) imp.push('ram')
  const extras = [
    s.marines ? `${s.marines} marine point${s.marines === 1 ? '' : 's'}` : 'no marines',
    ...(s.wizards !== 'none' ? [`${s.wizards} wizards`] : []),
    ...(s.improved ? ['improved to size 1'] : []),
    ...imp.map((i) => `a ${i}`)
  ]
  const name = typeNameFor(t?.name ?? s.type, s.nation)
  return `${s.name ? `the ${s.name}, ` : ''}${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}, ${crewQualityName(s.quality)} crew (${extras.join(', ')})`
}

/** A label made from the ships: "Meshuesh large galley", "2 × Haranese baghla and a Pheacian small galley". */
export function encounterLabel(list: readonly AtrilianEncounterShip[], ships: readonly ShipType[]): string {
  const counts = new Map<string, number>()
  for (const s of list) {
    const n = typeNameFor(shipTypeOf(ships, s.type)?.name ?? s.type, s.nation)
    counts.set(n, (counts.get(n) ?? 0) + 1)
  }
  const kinds = [...counts].map(([n, c], i) => (c === 1 ? (i === 0 ? n : `${/^[AEIOU]/i.test(n) ? 'an' : 'a'} ${n}`) : `${c} × ${n}`))
  const text = kinds.length === 1 ? kinds[0]! : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}`
  return text.slice(0, 120)
}

/** The design an encounter ship's entry describes (for a battle set-up later: type, improvements, upgrade). */
export function designOf(s: AtrilianEncounterShip): AtrilianDesign {
  return { type: s.type, improvements: { ...(s.improvements ?? {}) }, ...(s.improved ? { improved: true } : {}) }
}

// ─── The house encounter table ──────────────────────────────────────────────────────────────────

export const HouseEncounterRow = z
  .object({
    /** The lowest and highest total of the day's roll this row answers. */
    from: Int(1, 36),
    to: Int(1, 36),
    label: z.string().trim().min(1, 'give the row a name').max(120),
    ships: z.array(AtrilianEncounterShip).min(1, 'a row needs at least one ship').max(20)
  })
  .strict()
  .refine((r) => r.to >= r.from, { message: 'the highest total must be at least the lowest', path: ['to'] })
export type HouseEncounterRow = z.output<typeof HouseEncounterRow>

export const AtriliaEncounterTableSchema = z
  .object({
    /** The day's roll (d6, as seed 002 throughout): one or two dice summed. */
    dice: z.enum(['1d6', '2d6']),
    /** Empty: the voyage rolls nothing (the GM adds encounters by hand). */
    rows: z.array(HouseEncounterRow).max(36)
  })
  .strict()
  .superRefine((t, ctx) => {
    const top = t.dice === '1d6' ? 6 : 12
    const low = t.dice === '1d6' ? 1 : 2
    const seen = new Map<number, number>()
    t.rows.forEach((r, i) => {
      if (r.from < low || r.to > top) ctx.addIssue({ code: 'custom', path: ['rows', i, r.from < low ? 'from' : 'to'], message: `${t.dice} rolls ${low} to ${top}` })
      for (let n = r.from; n <= r.to; n++) {
        const j = seen.get(n)
        if (j !== undefined) ctx.addIssue({ code: 'custom', path: ['rows', i, 'from'], message: `a total of ${n} is already row ${j + 1}'s` })
        seen.set(n, i)
      }
    })
  })
export type AtriliaEncounterTable = z.output<typeof AtriliaEncounterTableSchema>

export const ATRILIA_ENCOUNTER_TABLE: AtriliaEncounterTable = { dice: '2d6', rows: [] }

export const ATRILIA_ENCOUNTER_TABLE_DEF: RuleTableDef<typeof AtriliaEncounterTableSchema> = {
  title: 'Atrilian encounters at sea (house table)',
  description:
    'The Atrilian naval rules have no encounter table: the GM adds encounters by hand on any day of a voyage. Fill this table and each day at sea rolls it ' +
    '(one or two dice); a total in a row meets that row’s ships (type, nation, crew quality, marines, improvements). Empty, nothing is rolled.',
  source: 'House default (rules guide §3: “an optional house encounter table starts empty”). Two dice by default (seed 002 uses six-sided dice throughout).',
  seedValue: false,
  schema: AtriliaEncounterTableSchema,
  defaults: ATRILIA_ENCOUNTER_TABLE
}

/** The row of the house table a day's total meets (null: nothing met, or an empty table). */
export function houseRowFor(t: AtriliaEncounterTable, total: number): HouseEncounterRow | null {
  return t.rows.find((r) => total >= r.from && total <= r.to) ?? null
}

export const VOYAGE_ATRILIA_TABLE_DEFS = {
  voyagesAtrilia: ATRILIA_VOYAGES_TABLE_DEF,
  encountersAtrilia: ATRILIA_ENCOUNTER_TABLE_DEF
}

export { NATIONS }
