import type { DerivedKey, DesignProblem, Hull, QuoteLine, ShipDesign, ShipQuote, Term } from './design'
import {
  SHIP_FLAWS,
  SHIP_HULLS,
  SHIP_MODIFICATIONS,
  SHIP_OUTFITTING,
  type ShipFlawKey,
  type ShipFlaws,
  type ShipHullRow,
  type ShipHulls,
  type ShipModificationKey,
  type ShipModifications,
  type ShipOutfitting
} from './tables'

/**
 * The Shipyard's quote (seed 003, I. Of Ship Construction): a design priced line by line, the
 * finished ship measured with every number's terms, and every rule it breaks. Pure: the same design
 * and rule tables always give the same quote (no clock, no dice, no I/O).
 *
 * Readings (where the seed leaves a choice):
 * - Percent costs and discounts are of the hull's base cost in the Ship hulls table, never of a
 *   running total (rules guide §2), rounded to the nearest guilder.
 * - Flaws "reduce the basic ship construction cost" (seed 003): together they take off at most the
 *   hull's base cost. Past that a line gives the excess back, so the total is never negative and is
 *   still the sum of the lines. Not a problem: no rule forbids the flaws, they just stop paying.
 * - Gun crews: see `gunCrew` below.
 * - Food: the ton kept for food at sea (seed 003 I.2) is not cargo used; it is a problem only when
 *   powder and boats leave less than that ton free, because then the ship cannot sail as loaded.
 */

export const SHIP_RULE_TABLES = ['shipHulls', 'shipOutfitting', 'shipModifications', 'shipFlaws'] as const
export type ShipRuleTable = (typeof SHIP_RULE_TABLES)[number]

/** The four ship rule tables, as a campaign reads them (`rules.get`'s value for each). */
export type ShipRules = {
  shipHulls: ShipHulls
  shipOutfitting: ShipOutfitting
  shipModifications: ShipModifications
  shipFlaws: ShipFlaws
}

export const DEFAULT_SHIP_RULES: ShipRules = {
  shipHulls: SHIP_HULLS,
  shipOutfitting: SHIP_OUTFITTING,
  shipModifications: SHIP_MODIFICATIONS,
  shipFlaws: SHIP_FLAWS
}

// ─── Sources of the lines ───────────────────────────────────────────────────────────────────────

const SRC_HULL = 'House default (rules guide §2, "Base cost and construction time"; the seed’s table is missing)'
const SRC_WEAPONRY = 'Seed 003, I.1 Weaponry'
const SRC_BOATS = 'Seed 003, I.3 Boats'
const SRC_MODS = 'Seed 003, I.4 Modifications'
const SRC_SPECIAL = 'Seed 003, I.4 Modifications (special modifications)'
const SRC_FLAWS = 'Seed 003, I.4 Modifications (flaws)'
const SRC_OMITTED = 'House default (rules guide §2, "Costs and effects the text omits")'

// ─── Small helpers ──────────────────────────────────────────────────────────────────────────────

/** 12345 → "12,345" (locale-free, so a quote reads the same on every machine). */
export function formatGuilders(n: number): string {
  const s = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return n < 0 ? `−${s}` : s
}
const round1 = (x: number) => Math.round(x * 10) / 10
const formatTons = (t: number) => {
  const r = round1(t)
  return Number.isInteger(r) ? String(r) : r.toFixed(1)
}
/** A percentage of a cost, to the nearest guilder. */
const percentOf = (base: number, percent: number) => Math.round((base * percent) / 100)
/** A percentage of a crew: the men it adds or removes, rounded down. */
const crewPercentOf = (crew: number, percent: number) => Math.floor((crew * percent) / 100)
/** ⌈a / b⌉ for whole a ≥ 0, b > 0, without floating-point surprises. */
const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b)
const plural = (n: number, unit: string) => `${n} ${n === 1 ? unit : unit.endsWith('man') ? `${unit.slice(0, -3)}men` : `${unit}s`}`
const article = (name: string) => (/^[aeiou]/i.test(name) ? `An ${name}` : `A ${name}`)
/** Avoids −0 in amounts. */
const negate = (n: number) => (n === 0 ? 0 : -n)

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b
  const ka = Object.keys(a).sort()
  const kb = Object.keys(b).sort()
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
}
/** The source of a line, marked when this campaign's table changed the value it uses. */
function cite(text: string, used: unknown, dflt: unknown): string {
  return dflt === undefined || sameValue(used, dflt) ? text : `Edited for this campaign (default: ${text})`
}
const pickPrice = (e: object) =>
  Object.fromEntries(Object.entries(e).filter(([k]) => ['fixedCost', 'percentOfBaseCost', 'unitCost', 'discount', 'unitDiscount'].includes(k)))

// ─── Hull look-ups ──────────────────────────────────────────────────────────────────────────────

/** The hull's row of the Ship hulls table. */
export function hullStats(hulls: ShipHulls, hull: Hull): ShipHullRow {
  const row = hulls.hulls.find((r) => r.hull === hull)
  if (!row) throw new Error(`The Ship hulls table has no row for ${hull}`)
  return row
}

/** Long guns of the hull's full armament: both broadsides, chasers and stern guns. */
export function fullArmament(row: ShipHullRow): number {
  return 2 * row.gunsPerSide + row.chasers + row.sternGuns
}

/** Long guns the design mounts (pont guns are not long guns). */
export function longGunsMounted(design: ShipDesign): number {
  const g = design.guns
  return g.port + g.starboard + g.chasers + g.stern
}

/**
 * Whether the ship may be beached to careen: its hull's draft (a frigate's for a Small Warship built
 * as one), or a retractable keel (seed 003: "allowing it to sail in shallow waters").
 */
export function hasShallowDraft(design: ShipDesign, hulls: ShipHulls): boolean {
  const draft = design.hull === 'smallWarship' && design.frigate ? hulls.frigateDraft : hullStats(hulls, design.hull).draft
  return draft === 'shallow' || design.modifications.retractableKeel === true
}

/**
 * Gun crews (seed 003): long guns "require three-person gunnery crews", and "a fully armed Corsair
 * requires a gunnery crew of 60, plus ten gunner's mates, and two gunners". The 60 is 3 × the Corsair's
 * 20 long guns, and every hull lists one gunner's mate per two guns of its full armament (10 for 20,
 * 19 for 38, 15 for 30, 24 for 48, 29 for 58): the figures are those of the *fully armed* ship and scale
 * with the guns. So a ship needs 3 crew per long gun mounted, and gunner's mates and gunners in
 * proportion to the guns mounted against the full armament, rounded up (a single gun still needs a
 * mate and a gunner; the full armament needs exactly the seed's figures).
 */
function gunCrew(mounted: number, row: ShipHullRow, out: ShipOutfitting): Term[] {
  const full = fullArmament(row)
  const share = (n: number) => (mounted === 0 ? 0 : full === 0 ? n : ceilDiv(n * mounted, full))
  return [
    { label: `Gun crews: ${out.crewPerLongGun} × ${plural(mounted, 'long gun')}`, value: out.crewPerLongGun * mounted },
    { label: `Gunner’s mates: ${row.gunnersMates} for a full ${full} guns, for ${mounted} (rounded up)`, value: share(row.gunnersMates) },
    { label: `Gunners: ${row.gunners} for a full ${full} guns, for ${mounted} (rounded up)`, value: share(row.gunners) }
  ]
}

// ─── What each modification and flaw is called, and how much of it a design takes ──────────────

type Amount = { taken: boolean; units: number }

const MODIFICATIONS: { key: ShipModificationKey; label: string; source: string; amount: (d: ShipDesign) => Amount }[] = [
  { key: 'reinforcedHull', label: 'Reinforced hull', source: SRC_MODS, amount: (d) => count(d.modifications.reinforcedHull) },
  { key: 'reinforcedRigging', label: 'Reinforced rigging', source: SRC_MODS, amount: (d) => count(d.modifications.reinforcedRigging) },
  { key: 'streamlined', label: 'Streamlined', source: SRC_MODS, amount: (d) => flag(d.modifications.streamlined) },
  { key: 'closeHauled', label: 'Close hauled, with a superior rudder', source: SRC_MODS, amount: (d) => flag(d.modifications.closeHauled) },
  { key: 'hiddenTowline', label: 'Hidden towline', source: SRC_SPECIAL, amount: (d) => flag(d.modifications.hiddenTowline) },
  { key: 'oars', label: 'Oars', source: SRC_SPECIAL, amount: (d) => flag(d.modifications.oars) },
  {
    key: 'concealedGunports',
    label: 'Concealed gunports',
    source: SRC_SPECIAL,
    amount: (d) => ({ taken: d.modifications.concealedGunports === true, units: longGunsMounted(d) })
  },
  { key: 'wellTrainedCrew', label: 'Well trained crew', source: SRC_OMITTED, amount: (d) => flag(d.modifications.wellTrainedCrew) },
  { key: 'smugglingCompartments', label: 'Smuggling compartments', source: SRC_SPECIAL, amount: (d) => flag(d.modifications.smugglingCompartments) },
  { key: 'extraCargoSpace', label: 'Extra cargo space', source: SRC_SPECIAL, amount: (d) => flag(d.modifications.extraCargoSpace) },
  { key: 'extraCrewQuarters', label: 'Extra crew quarters', source: SRC_SPECIAL, amount: (d) => flag(d.modifications.extraCrewQuarters) },
  { key: 'boardingParty', label: 'Boarding party', source: SRC_SPECIAL, amount: (d) => count(d.modifications.boardingParty) },
  { key: 'retractableKeel', label: 'Retractable keel', source: SRC_SPECIAL, amount: (d) => flag(d.modifications.retractableKeel) }
]

const FLAWS: { key: ShipFlawKey; label: (d: ShipDesign) => string; source: string; amount: (d: ShipDesign) => Amount }[] = [
  { key: 'old', label: () => 'Old', source: SRC_FLAWS, amount: (d) => flag(d.flaws.old) },
  { key: 'sluggish', label: () => 'Sluggish', source: SRC_FLAWS, amount: (d) => flag(d.flaws.sluggish) },
  { key: 'smallRudder', label: () => 'Small rudder', source: SRC_FLAWS, amount: (d) => flag(d.flaws.smallRudder) },
  { key: 'poorlyTrainedCrew', label: () => 'Poorly trained crew', source: SRC_OMITTED, amount: (d) => flag(d.flaws.poorlyTrainedCrew) },
  { key: 'tatteredSails', label: () => 'Tattered sails', source: SRC_FLAWS, amount: (d) => count(d.flaws.tatteredSails) },
  { key: 'vermin', label: () => 'Vermin', source: SRC_FLAWS, amount: (d) => flag(d.flaws.vermin) },
  { key: 'awkwardCargoSpace', label: () => 'Awkward cargo space', source: SRC_FLAWS, amount: (d) => flag(d.flaws.awkwardCargoSpace) },
  { key: 'cramped', label: () => 'Cramped', source: SRC_FLAWS, amount: (d) => flag(d.flaws.cramped) },
  { key: 'disgruntledCrew', label: () => 'Disgruntled crew', source: SRC_FLAWS, amount: (d) => flag(d.flaws.disgruntledCrew) },
  {
    key: 'warpedRudder',
    label: (d) => `Warped rudder (bent to ${d.flaws.warpedRudder ?? 'port'})`,
    source: SRC_FLAWS,
    amount: (d) => flag(d.flaws.warpedRudder !== undefined)
  }
]

function flag(on: boolean | undefined): Amount {
  return { taken: on === true, units: on === true ? 1 : 0 }
}
function count(n: number | undefined): Amount {
  return { taken: (n ?? 0) > 0, units: n ?? 0 }
}

type PriceEntry = { fixedCost: number; percentOfBaseCost: number; unitCost?: number; unit?: string }
type DiscountEntry = { discount: number; percentOfBaseCost: number; unitDiscount?: number; unit?: string }

/** A price's parts as the line shows them ("1,000 + 50% of 5,000", "3 points × 400") and their sum. */
function priced(fixed: number, percent: number, unitCost: number | undefined, unit: string | undefined, units: number, base: number) {
  const parts: string[] = []
  if (fixed !== 0) parts.push(formatGuilders(fixed))
  if (percent !== 0) parts.push(`${percent}% of ${formatGuilders(base)}`)
  if (unitCost !== undefined) parts.push(`${plural(units, unit ?? 'unit')} × ${formatGuilders(unitCost)}`)
  const amount = fixed + percentOf(base, percent) + (unitCost ?? 0) * units
  return { text: parts.join(' + '), amount }
}

// ─── The quote ──────────────────────────────────────────────────────────────────────────────────

export function quoteDesign(design: ShipDesign, rules: ShipRules): ShipQuote {
  const { shipHulls, shipOutfitting: out, shipModifications: mods, shipFlaws: flaws } = rules
  const row = hullStats(shipHulls, design.hull)
  const defaultRow = SHIP_HULLS.hulls.find((r) => r.hull === design.hull)
  const base = row.baseCost
  const m = design.modifications
  const f = design.flaws

  // Lines: the hull, the guns, the powder, the boats, each modification, each flaw.
  const lines: QuoteLine[] = [{ label: `${row.name}: base cost`, amount: base, source: cite(SRC_HULL, base, defaultRow?.baseCost) }]
  const gunSource = cite(SRC_WEAPONRY, out.longGunCost, SHIP_OUTFITTING.longGunCost)
  const batteries: [keyof ShipDesign['guns'], string][] = [
    ['port', 'port broadside'],
    ['starboard', 'starboard broadside'],
    ['chasers', 'bow chasers'],
    ['stern', 'stern guns']
  ]
  for (const [key, name] of batteries) {
    const n = design.guns[key]
    if (n > 0) lines.push({ label: `Long guns, ${name}: ${n} × ${formatGuilders(out.longGunCost)}`, amount: n * out.longGunCost, source: gunSource })
  }
  const pont = design.pontGuns.port + design.pontGuns.starboard
  if (pont > 0) {
    lines.push({
      label: `Pont guns: ${pont} × ${formatGuilders(out.pontGunCost)}`,
      amount: pont * out.pontGunCost,
      source: cite(SRC_WEAPONRY, out.pontGunCost, SHIP_OUTFITTING.pontGunCost)
    })
  }
  const powder = round1(design.powderTons)
  if (powder > 0) {
    lines.push({
      label: `Shot and powder: ${formatTons(powder)} t × ${formatGuilders(out.powderCostPerTon)}`,
      amount: Math.round(powder * out.powderCostPerTon),
      source: cite(SRC_WEAPONRY, out.powderCostPerTon, SHIP_OUTFITTING.powderCostPerTon)
    })
  }
  if (design.jollyBoats > 0) {
    lines.push({
      label: `Jolly boats: ${design.jollyBoats} × ${formatGuilders(out.jollyBoatCost)}`,
      amount: design.jollyBoats * out.jollyBoatCost,
      source: cite(SRC_BOATS, out.jollyBoatCost, SHIP_OUTFITTING.jollyBoatCost)
    })
  }

  const monthsFrom: Term[] = []
  for (const mod of MODIFICATIONS) {
    const { taken, units } = mod.amount(design)
    if (!taken) continue
    const entry = mods[mod.key]
    const e: PriceEntry = entry
    const p = priced(e.fixedCost, e.percentOfBaseCost, e.unitCost, e.unit, units, base)
    lines.push({
      label: p.text ? `${mod.label}: ${p.text}` : `${mod.label}: free`,
      amount: p.amount,
      source: cite(mod.source, pickPrice(entry), pickPrice(SHIP_MODIFICATIONS[mod.key]))
    })
    if (entry.months !== 0) monthsFrom.push({ label: mod.label, value: entry.months })
  }

  let discounts = 0
  for (const flaw of FLAWS) {
    const { taken, units } = flaw.amount(design)
    if (!taken) continue
    const entry = flaws[flaw.key]
    const e: DiscountEntry = entry
    const p = priced(e.discount, e.percentOfBaseCost, e.unitDiscount, e.unit, units, base)
    let label = p.text && p.amount !== 0 ? `${flaw.label(design)}: ${p.text} off` : `${flaw.label(design)}: nothing off construction`
    if (flaw.key === 'disgruntledCrew') label += ` (hiring and equipping the crew costs ${flaws.disgruntledCrew.crewHiringDiscountPercent}% less)`
    lines.push({ label, amount: negate(p.amount), source: cite(flaw.source, pickPrice(entry), pickPrice(SHIP_FLAWS[flaw.key])) })
    discounts += p.amount
  }
  if (discounts > base) {
    lines.push({
      label: `Flaws take off at most the base cost (${formatGuilders(base)}): ${formatGuilders(discounts - base)} of their discounts do not apply`,
      amount: discounts - base,
      source: `${SRC_FLAWS}: flaws reduce "the basic ship construction cost"`
    })
  }
  const total = lines.reduce((n, l) => n + l.amount, 0)

  // Construction time.
  const constructionBreakdown: Term[] = [{ label: `${row.name}: construction time`, value: row.constructionMonths }]
  if (design.colonial) constructionBreakdown.push({ label: 'Built in a colonial port', value: shipHulls.colonialPortMonths })
  constructionBreakdown.push(...monthsFrom)
  const constructionMonths = sum(constructionBreakdown)

  // The finished ship: each number is the sum of its terms, a floor shown as a term of its own.
  const reinforcedHull = m.reinforcedHull ?? 0
  const reinforcedRigging = m.reinforcedRigging ?? 0
  const tattered = f.tatteredSails ?? 0
  const wellTrained = m.wellTrainedCrew === true
  const poorlyTrained = f.poorlyTrainedCrew === true
  const mounted = longGunsMounted(design)
  const jollyTons = design.jollyBoats * out.jollyBoatTons

  const breakdown: Record<DerivedKey, Term[]> = {
    hull: terms([`${row.name}`, row.hullPoints], reinforcedHull > 0 && [`Reinforced hull (${plural(reinforcedHull, 'point')})`, reinforcedHull * mods.reinforcedHull.hullPerUnit]),
    rigging: floored(
      out.minRigging,
      terms(
        [`${row.name}`, row.riggingPoints],
        reinforcedRigging > 0 && [`Reinforced rigging (${plural(reinforcedRigging, 'point')})`, reinforcedRigging * mods.reinforcedRigging.riggingPerUnit],
        tattered > 0 && [`Tattered sails (${plural(tattered, 'point')})`, negate(tattered * flaws.tatteredSails.riggingLossPerUnit)]
      )
    ),
    speed: floored(
      out.minSpeed,
      terms([`${row.name}`, row.speed], m.streamlined === true && ['Streamlined', mods.streamlined.speed], f.sluggish === true && ['Sluggish', negate(flaws.sluggish.speedLoss)])
    ),
    handling: floored(
      out.minHandling,
      terms(
        [`${row.name}`, row.handling],
        m.closeHauled === true && ['Close hauled', mods.closeHauled.handling],
        f.smallRudder === true && ['Small rudder', negate(flaws.smallRudder.handlingLoss)]
      )
    ),
    size: terms([`${row.name}`, row.size]),
    cargoCapacity: floored(
      0,
      terms(
        [`${row.name}`, row.cargoTons],
        m.extraCargoSpace === true && ['Extra cargo space', mods.extraCargoSpace.cargoTons],
        f.awkwardCargoSpace === true && ['Awkward cargo space', negate(flaws.awkwardCargoSpace.cargoTonsLoss)]
      )
    ),
    cargoUsed: terms(['Shot and powder', powder], [`Jolly boats (${design.jollyBoats} × ${out.jollyBoatTons} t)`, jollyTons]),
    foodReserve: terms(['Food for a voyage: kept free in the hold at sea, not counted in cargo used', out.foodReserveTons]),
    maxCrew: floored(
      0,
      terms(
        [`${row.name}`, row.maxCrew],
        m.extraCrewQuarters === true && [
          `Extra crew quarters (+${mods.extraCrewQuarters.maxCrewPercent}%, rounded down)`,
          crewPercentOf(row.maxCrew, mods.extraCrewQuarters.maxCrewPercent)
        ],
        f.cramped === true && [`Cramped (−${flaws.cramped.maxCrewPercentLoss}%, rounded down)`, negate(crewPercentOf(row.maxCrew, flaws.cramped.maxCrewPercentLoss))]
      )
    ),
    minSailCrew: terms([`${row.name}`, row.minSailCrew]),
    gunCrewNeeded: gunCrew(mounted, row, out),
    travelSpeed: floored(
      out.minTravelSpeed,
      terms(
        [`${row.name} (nautical miles a day)`, row.travelSpeed],
        m.streamlined === true && ['Streamlined', mods.streamlined.travelSpeed],
        wellTrained && ['Well trained crew', mods.wellTrainedCrew.travelSpeed],
        f.sluggish === true && ['Sluggish', negate(flaws.sluggish.travelSpeedLoss)]
      )
    ),
    careeningIntervalMonths: floored(
      1,
      terms(
        ['Careening due every (months)', out.careeningIntervalMonths],
        f.old === true && [
          `Old (every ${out.careeningIntervalMonths} ÷ ${flaws.old.careeningIntervalDivisor} months, rounded down)`,
          Math.floor(out.careeningIntervalMonths / flaws.old.careeningIntervalDivisor) - out.careeningIntervalMonths
        ]
      )
    ),
    threatRating: terms(
      ['Crew Threat Rating', out.threatRating],
      wellTrained && ['Well trained crew', out.threatRatingWellTrained - out.threatRating],
      poorlyTrained && ['Poorly trained crew', out.threatRatingPoorlyTrained - out.threatRating]
    )
  }
  const derived = Object.fromEntries(Object.entries(breakdown).map(([k, t]) => [k, k === 'cargoUsed' ? round1(sum(t)) : sum(t)])) as Record<
    DerivedKey,
    number
  >

  // Problems: every rule the design breaks, on the control that breaks it.
  const problems: DesignProblem[] = []
  const problem = (field: string, message: string) => problems.push({ field, message })
  const a = article(row.name)

  if (design.frigate && design.hull !== 'smallWarship') {
    const sw = shipHulls.hulls.find((r) => r.hull === 'smallWarship')?.name ?? 'Small Warship'
    problem('frigate', `Only a ${sw} can be built as a frigate; this is ${a.charAt(0).toLowerCase()}${a.slice(1)}.`)
  }
  for (const side of ['port', 'starboard'] as const) {
    if (design.guns[side] > row.gunsPerSide) {
      problem(`guns.${side}`, `${a} carries at most ${plural(row.gunsPerSide, 'long gun')} per broadside; ${side} has ${design.guns[side]}.`)
    }
  }
  if (design.guns.chasers > row.chasers) {
    problem('guns.chasers', `${a} carries at most ${plural(row.chasers, 'chaser')} on the bow; ${design.guns.chasers} are fitted.`)
  }
  if (design.guns.stern > row.sternGuns) {
    problem('guns.stern', `${a} carries at most ${plural(row.sternGuns, 'stern gun')}; ${design.guns.stern} are fitted.`)
  }
  const pontLimit = row.size * out.pontGunsPerSizePerSide
  for (const side of ['port', 'starboard'] as const) {
    if (design.pontGuns[side] > pontLimit) {
      problem(
        `pontGuns.${side}`,
        `${a} (Size ${row.size}) has room for at most ${plural(pontLimit, 'pont gun')} on each side; ${side} has ${design.pontGuns[side]}.`
      )
    }
  }

  const capacity = derived.cargoCapacity
  const used = derived.cargoUsed
  const food = derived.foodReserve
  if (used + food > capacity) {
    const field = powder > 0 || design.jollyBoats === 0 ? 'powderTons' : 'jollyBoats'
    const what = `Shot and powder (${formatTons(powder)} t) and jolly boats (${formatTons(jollyTons)} t) take ${formatTons(used)} t of the ${formatTons(capacity)} t hold`
    problem(
      field,
      used > capacity
        ? `${what}: ${formatTons(used - capacity)} t too much, before the ${formatTons(food)} t a voyage needs for food.`
        : `${what}, leaving ${formatTons(capacity - used)} t where a voyage needs ${formatTons(food)} t for food: ${formatTons(used + food - capacity)} t too much to sail.`
    )
  }

  if (reinforcedHull > mods.reinforcedHull.maxUnits) {
    problem('modifications.reinforcedHull', `The hull can be reinforced by at most ${plural(mods.reinforcedHull.maxUnits, 'point')}; ${reinforcedHull} are asked for.`)
  }
  if (reinforcedRigging > mods.reinforcedRigging.maxUnits) {
    problem(
      'modifications.reinforcedRigging',
      `The rigging can be reinforced by at most ${plural(mods.reinforcedRigging.maxUnits, 'point')}; ${reinforcedRigging} are asked for.`
    )
  }
  const boarders = m.boardingParty ?? 0
  if (boarders > derived.maxCrew) {
    problem('modifications.boardingParty', `A boarding party of ${boarders} is larger than the ship’s maximum crew of ${derived.maxCrew}.`)
  }

  if (f.sluggish === true && m.streamlined === true) problem('flaws.sluggish', 'A streamlined ship cannot take the Sluggish flaw.')
  if (f.smallRudder === true && m.closeHauled === true) {
    problem('flaws.smallRudder', 'A ship close hauled and fitted with a superior rudder cannot take the Small Rudder flaw.')
  }
  if (poorlyTrained && wellTrained) problem('flaws.poorlyTrainedCrew', 'A crew cannot be both Well Trained and Poorly Trained.')
  if (tattered > flaws.tatteredSails.maxUnits) {
    problem('flaws.tatteredSails', `Tattered sails take at most ${plural(flaws.tatteredSails.maxUnits, 'point')} off the rigging; ${tattered} are asked for.`)
  }
  if (f.awkwardCargoSpace === true && m.extraCargoSpace === true) {
    problem('flaws.awkwardCargoSpace', 'Awkward Cargo Space and Extra Cargo Space exclude each other.')
  }
  if (f.cramped === true && m.extraCrewQuarters === true) problem('flaws.cramped', 'Cramped and Extra Crew Quarters exclude each other.')

  return { total, lines, constructionMonths, constructionBreakdown, derived, breakdown, problems }
}

// ─── Terms ──────────────────────────────────────────────────────────────────────────────────────

function sum(terms: Term[]): number {
  return terms.reduce((n, t) => n + t.value, 0)
}
/** Terms from [label, value] pairs; `false` entries (options not taken) are left out. */
function terms(...pairs: ([string, number] | false)[]): Term[] {
  return pairs.filter((p): p is [string, number] => p !== false).map(([label, value]) => ({ label, value }))
}
/** The terms, and a "Minimum" term lifting their sum to the floor when it falls below. */
function floored(min: number, t: Term[]): Term[] {
  const s = sum(t)
  return s < min ? [...t, { label: `Minimum ${min}`, value: min - s }] : t
}
