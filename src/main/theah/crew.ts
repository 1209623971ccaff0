import { dateOf } from '../../shared/calendar'
import type { CrewRoster, OfficerRole } from '../../shared/commands/crew'
import { CommandError } from '../../shared/errors'
import type { ShipQuote } from '../../shared/ship/design'
import type { CrewOrigin, ShipKind } from '../../shared/ship/upkeep-tables'
import type { DiceBox } from '../../shared/dice/roll'
import { stmt, type Db } from '../campaign/sqlite'
import { calendarOf, currentDay } from '../campaign-core/clock-state'
import { balance, post, WORLD_OWNER_ID, type Line } from '../campaign-core/ledger'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, GONE, listing, requireShip, shipOwners, splitByShares } from './shipyard'
import { fmt } from '../../shared/numbers'
import { currencyOf } from '../campaign-core/currency'
import { type CompanyRow, type Ctx, ctxOf, fightersOf, foodDaysOf, gunsOf, handsOf, monthlyOf, ordersOf, payerOf, placeOf, plural, provisionsOf, requireAfloat, requireFriendlyPort, roleLabel, setCompany } from './ship-state'
import { chargeCrewCost, gearEach, gearFor, owedToOf, payOwed } from './upkeep'

/**
 * The crew (issue 6; seed 003, I. Of Ship Construction: 2. CREW; V: Trained Fighters; rules guide §2):
 * a ship's company — its kind, nation and origin, hands, marines and named officers (the roster) —
 * hiring (recruiting 1k1+2 a week and press gangs), discharging, and settling what the crew is owed.
 * The rest of the life of a ship is beside it, one module a procedure: ship-state.ts (her state now,
 * read once a command), upkeep.ts (wages, food, provisions), repairs.ts, careening.ts and
 * standing-orders.ts (orders carried out in port by the clock); ports are in the campaign core.
 *
 * Readings (where the seed leaves a choice; each rule's numbers are in the rule tables of
 * src/shared/ship/upkeep-tables.ts):
 * - `ship.crew` is the number of hands aboard (sailors, gun crews, marines), as battles read and
 *   change it; named officers are apart. Marines are counted in `ship_company`; the sailors are the
 *   other hands. The maximum crew counts the hands and the officers who are not player characters
 *   (seed 003: "Not including player characters").
 * - Gun crews come from the sailors beyond the minimum sail crew: each gun needs 3 hands plus its
 *   share of gunner's mates (Ship hulls, rounded up); the guns they cannot serve are shown.
 * - Who pays (seed 003 I.2): naval ships' gear, wages and food fall on their government (no ledger
 *   charge); pirates' and privateers' are subtracted from booty, so they accrue on the ship as owed
 *   to the crew; merchantmen's owners pay by their shares, in cash (a ship fund buys only building
 *   and outfitting). Direct commands refuse, naming each owner short; the clock's monthly upkeep
 *   charges what the owners can pay and the rest is owed to the crew. Repairs and careening are
 *   paid by the owners whatever the kind (the seed names only gear, wages and food).
 * - Food: in port on the first of a month the month's food is bought ashore (4 G a crew member);
 *   at sea the company eats its provisions, a weekly ration each (a month's provisions are four
 *   weekly rations, three with Vermin). With no food left at sea, 1k1 hands are lost each week
 *   (house rule table). Provisions aboard take the ton of the hold the seed sets aside for food.
 * - A ship in port with no port record (launched at her yard) is in a friendly port.
 * - Repairs: half of each hull damage (rounded down) is the crew's to repair; the other half only a
 *   friendly port's yard. The crew repairs every week anywhere (rigging first, free); the yard's 10
 *   points a week go to the hull (the port's half first), then rigging, at 50 G a point.
 * - Careening: last careened at launch unless careened since; due every 4 months (2 if Old). Each
 *   whole month past due: −1 Speed (min 1) and −5 nm a day; from 2 months past due, 1k1 hull on each
 *   month's upkeep, unrepairable until careened (it then becomes ordinary damage).
 */

function rosterOf(db: Db, x: Ctx): CrewRoster {
  const { hands, marines, sailors } = handsOf(x)
  const guns = gunsOf(db, x)
  const monthly = monthlyOf(db, x, guns)
  const npcOfficers = x.officers.filter((o) => o.kind === 'npc').length
  const counted = hands + npcOfficers
  const maxCrew = x.quote.derived.maxCrew
  return {
    shipId: x.row.id,
    shipName: x.row.name,
    kind: x.c.kind,
    nation: x.c.nation,
    origin: x.c.origin,
    place: placeOf(db, x.row, x.c),
    hands,
    sailors,
    marines,
    officers: x.officers.map((o) => ({
      personId: o.person_id,
      ownerId: o.owner_id,
      name: o.name,
      kind: o.kind,
      role: o.role,
      battery: o.battery,
      wage: o.wage,
      knacks: JSON.parse(o.knacks) as Record<string, number>,
      traits: JSON.parse(o.traits) as Record<string, number>
    })),
    countedTowardMax: counted,
    maxCrew,
    room: Math.max(0, maxCrew - counted),
    minSailCrew: x.quote.derived.minSailCrew,
    canSail: hands >= x.quote.derived.minSailCrew,
    guns,
    trainedFighters: fightersOf(db, x),
    payer: payerOf(x.c.kind),
    monthly: { wages: monthly.wages, food: monthly.food, total: monthly.total, breakdown: monthly.breakdown },
    provisions: provisionsOf(db, x),
    foodDays: foodDaysOf(db, x, currentDay(db)),
    recruiting: (() => {
      const w = recruitWeekOf(db, x.c, currentDay(db))
      return { rolled: w.recruited, pressed: w.pressed, left: w.left, rolls: w.rolls }
    })(),
    owed: x.c.owed,
    owedTo: [...owedToOf(x.c)].map(([ownerId, amount]) => ({ ownerId, name: ownerNameOf(db, ownerId), amount })),
    orders: ordersOf(x.c)
  }
}

const ownerNameOf = (db: Db, ownerId: number) => (stmt(db, `SELECT name FROM owner WHERE id = ?`).get(ownerId) as { name: string } | undefined)?.name ?? `owner ${ownerId}`

export function crewRoster(db: Db, shipId: number, quotes?: Map<string, ShipQuote>): CrewRoster {
  return rosterOf(db, ctxOf(db, shipId, quotes))
}

export function configureCompany(db: Db, input: { shipId: number; kind?: ShipKind; nation?: string; origin?: CrewOrigin }): CrewRoster {
  const row = requireShip(db, input.shipId)
  if (GONE.includes(row.status)) throw new CommandError('rule', `The ${row.name} is ${row.status}.`, { status: row.status })
  const patch: Partial<CompanyRow> = {}
  if (input.kind !== undefined) patch.kind = input.kind
  if (input.nation !== undefined) patch.nation = input.nation
  if (input.origin !== undefined) patch.origin = input.origin
  setCompany(db, input.shipId, patch)
  return crewRoster(db, input.shipId)
}

/**
 * Settle what a merchantman's crew is owed (seed 003 I.2, "On Merchantmen, the owner must pay for all
 * expenses"): the owners pay by their shares in cash (refused, naming each owner short, unless debt
 * is allowed); the named officers get their wages, the rest goes to the hands and suppliers.
 * Pirates and privateers are paid from the next booty (booty.divide); a naval ship's government pays.
 */
export function settleOwed(db: Db, input: { shipId: number; amount?: number }, allowDebt: boolean) {
  const x = ctxOf(db, input.shipId)
  const payer = payerOf(x.c.kind)
  if (payer === 'booty') throw new CommandError('rule', `The ${x.row.name} sails as a ${x.c.kind}: what her crew is owed is paid from the next booty when it is divided.`, { field: 'shipId' })
  if (x.c.owed <= 0) throw new CommandError('rule', `The ${x.row.name}'s crew is owed nothing.`, { field: 'amount' })
  const amount = input.amount ?? x.c.owed
  if (amount > x.c.owed) {
    throw new CommandError('invalid_input', `amount: the ${x.row.name}'s crew is owed ${fmt(x.c.owed)} ${currencyOf(db)}, not ${fmt(amount)}.`, { field: 'amount', owed: x.c.owed })
  }
  const owners = shipOwners(db, x.row.id)
  const parts = splitByShares(amount, owners.map((o) => o.share))
  const short = owners
    .map((o, i) => ({ o, part: parts[i]!, cash: o.ownerId === WORLD_OWNER_ID ? Infinity : balance(db, o.ownerId).cash }))
    .filter((r) => !allowDebt && r.cash < r.part)
  if (short.length) {
    const currency = currencyOf(db)
    throw new CommandError(
      'rule',
      `Not enough money to pay the ${x.row.name}'s crew: ${short.map((r) => `${r.o.name} is ${fmt(r.part - Math.max(0, r.cash))} ${currency} short (their share is ${fmt(r.part)} ${currency})`).join('; ')}. Nothing was paid.`,
      { field: 'amount', shortfalls: short.map((r) => ({ ownerId: r.o.ownerId, part: r.part })) }
    )
  }
  const to = payOwed(db, x.row.id, amount)
  const net = new Map<number, number>()
  const add = (id: number, a: number) => net.set(id, (net.get(id) ?? 0) + a)
  owners.forEach((o, i) => add(o.ownerId, -parts[i]!))
  for (const t of to) add(t.ownerId, t.amount)
  const memo = `Wages owed to the crew of the ${x.row.name} settled: ${fmt(amount)}`
  const lines: Line[] = [...net.entries()].filter(([, a]) => a !== 0).map(([ownerId, a]) => ({ ownerId, account: 'cash', amount: a }))
  if (lines.length) post(db, { day: currentDay(db), memo, command: 'crew.settle', lines })
  addShipEvent(db, x.row.id, currentDay(db), memo)
  return {
    amount,
    paidTo: to,
    charged: owners.map((o, i) => ({ ownerId: o.ownerId, name: o.name, amount: parts[i]! })).filter((c) => c.amount > 0),
    roster: crewRoster(db, x.row.id)
  }
}

// ---------------------------------------------------------------------------------------------
// Hiring and discharging
// ---------------------------------------------------------------------------------------------

/** This week's recruiting in port (seed 003 I.2): the week's first day, whether recruiting and press gangs were rolled, the hands found and not yet signed on. */
export interface RecruitWeek {
  week: number
  recruited: boolean
  pressed: boolean
  left: number
  /** The week's rolls, for the GM: "recruiting 1k1+2: 7". */
  rolls: string[]
}

export function weekStartOf(db: Db, day: number): number {
  return day - dateOf(calendarOf(db), day).weekdayIndex
}

function recruitWeekOf(db: Db, c: CompanyRow, day: number): RecruitWeek {
  const week = weekStartOf(db, day)
  const r = JSON.parse(c.recruits) as Partial<RecruitWeek>
  if (r.week !== week) return { week, recruited: false, pressed: false, left: 0, rolls: [] }
  return { week, recruited: r.recruited === true, pressed: r.pressed === true, left: r.left ?? 0, rolls: r.rolls ?? [] }
}

/** Roll this week's recruiting (and press gangs, when sent) if not yet rolled: the hands the week found. */
function rollRecruits(db: Db, x: Ctx, w: RecruitWeek, press: boolean, dice: () => DiceBox): RecruitWeek {
  const up = getRule(db, 'crewUpkeep')
  const out = { ...w, rolls: [...w.rolls] }
  if (!out.recruited) {
    const r = dice().roll(up.recruitDice, `${x.row.name}: recruits found this week`)
    out.recruited = true
    out.left += r.total
    out.rolls.push(`recruiting ${up.recruitDice}: ${r.total}`)
  }
  if (press && !out.pressed) {
    const r = dice().roll(up.pressGangDice, `${x.row.name}: shanghaied by press gangs this week`)
    out.pressed = true
    out.left += r.total
    out.rolls.push(`press gangs ${up.pressGangDice}: ${r.total}`)
  }
  return out
}

export function hireCrew(
  db: Db,
  input: {
    shipId: number
    sailors: number
    marines: number
    officers: { role: OfficerRole; personId: number; battery?: 'port' | 'starboard' | 'chasers' | 'stern'; wage?: number }[]
    pressGang?: boolean
    houseRule?: boolean
  },
  allowDebt: boolean,
  dice: () => DiceBox = () => {
    throw new Error('hireCrew: no dice')
  }
) {
  const x = ctxOf(db, input.shipId)
  requireAfloat(x.row, 'sign on a crew')
  const recruits = input.sailors + input.marines
  if (recruits === 0 && input.officers.length === 0) throw new CommandError('invalid_input', 'Nobody to sign on: give sailors, marines or officers.', { field: 'sailors' })
  const place = requireFriendlyPort(db, x.row, x.c, 'sign on a crew')

  const wages = getRule(db, 'crewWages')
  const today = currentDay(db)
  const taken = new Set(x.officers.filter((o) => o.role !== 'aboard').map((o) => `${o.role}:${o.battery ?? ''}`))
  const newOfficers: { role: OfficerRole; personId: number; battery: string | null; wage: number; name: string; kind: string }[] = []
  input.officers.forEach((o, i) => {
    const p = stmt(db, `SELECT p.id, p.kind, o.name FROM person p JOIN owner o ON o.id = p.owner_id WHERE p.id = ?`).get(o.personId) as
      | { id: number; kind: 'pc' | 'npc'; name: string }
      | undefined
    if (!p) throw new CommandError('not_found', `officers.${i}.personId: there is no character with id ${o.personId}.`, { field: `officers.${i}.personId` })
    const aboard = stmt(db, `SELECT s.name FROM ship_officer so JOIN ship s ON s.id = so.ship_id WHERE so.person_id = ?`).get(o.personId) as { name: string } | undefined
    if (aboard || newOfficers.some((n) => n.personId === o.personId)) {
      throw new CommandError('rule', `${p.name} already sails with the ${aboard?.name ?? x.row.name}; discharge them there first.`, { field: `officers.${i}.personId` })
    }
    if (o.battery && o.role !== 'gunner') throw new CommandError('invalid_input', `officers.${i}.battery: only a gunner serves a battery.`, { field: `officers.${i}.battery` })
    const key = `${o.role}:${o.battery ?? ''}`
    if (o.role !== 'aboard' && taken.has(key)) {
      throw new CommandError('rule', `The ${x.row.name} already has a ${roleLabel(o.role, o.battery ?? null)}.`, { field: `officers.${i}.role` })
    }
    taken.add(key)
    const wage = o.wage ?? (p.kind === 'pc' ? 0 : wages[o.role])
    newOfficers.push({ role: o.role, personId: p.id, battery: o.battery ?? null, wage, name: p.name, kind: p.kind })
  })

  const { hands } = handsOf(x)
  const npcs = x.officers.filter((o) => o.kind === 'npc').length + newOfficers.filter((o) => o.kind === 'npc').length
  const after = hands + recruits + npcs
  const maxCrew = x.quote.derived.maxCrew
  if (after > maxCrew) {
    throw new CommandError(
      'rule',
      `The ${x.row.name} can carry at most ${maxCrew} crew (not counting player characters): she has ${hands + x.officers.filter((o) => o.kind === 'npc').length}, so ${recruits + newOfficers.filter((o) => o.kind === 'npc').length} more would be ${after - maxCrew} too many.`,
      { field: 'sailors', maxCrew, after }
    )
  }

  // Recruiting's pace (seed 003 I.2: "1K1+2 men/women per week in a friendly port", press gangs another
  // 1K1+2): hands signed on come from what this week's roll found, unless the GM hires now as a house rule.
  const houseRule = recruits > 0 && input.houseRule === true
  let week: RecruitWeek | null = null
  if (recruits > 0 && !houseRule) {
    week = rollRecruits(db, x, recruitWeekOf(db, x.c, today), input.pressGang === true, dice)
    if (recruits > week.left) {
      const where = place.portName ?? 'port'
      throw new CommandError(
        'rule',
        `This week's recruiting in ${where} has ${plural(week.left, 'hand')} left to sign on (${week.rolls.join(', ')}), not ${recruits}. ` +
          `${week.pressed ? '' : 'Send out press gangs for more, '}wait for next week, or hire now as a house rule.`,
        { field: 'sailors', left: week.left, asked: recruits, rolls: week.rolls, pressed: week.pressed }
      )
    }
    week = { ...week, left: week.left - recruits }
    setCompany(db, x.row.id, { recruits: JSON.stringify(week) })
  }

  const gear = gearFor(db, x.design, recruits)
  const g = gearEach(db, x.design)
  const paid = chargeCrewCost(db, x, gear, {
    memo: `Gear for ${plural(recruits, 'new hand')} of the ${x.row.name}`,
    command: 'crew.hire',
    mode: 'refuse',
    allowDebt,
    what: `the gear of ${plural(recruits, 'new hand')}`,
    cost: { kind: 'gear' }
  })
  if (recruits > 0) {
    stmt(db, `UPDATE ship SET crew = crew + ? WHERE id = ?`).run(recruits, x.row.id)
    if (input.marines > 0) setCompany(db, x.row.id, { marines: Math.min(x.c.marines, hands) + input.marines })
  }
  const add = stmt(db, `INSERT INTO ship_officer (ship_id, person_id, role, battery, wage, since_day) VALUES (?, ?, ?, ?, ?, ?)`)
  for (const o of newOfficers) add.run(x.row.id, o.personId, o.role, o.battery, o.wage, today)

  const parts: string[] = []
  if (input.sailors) parts.push(plural(input.sailors, 'sailor'))
  if (input.marines) parts.push(plural(input.marines, 'marine'))
  for (const o of newOfficers) parts.push(`${o.name} as ${roleLabel(o.role, o.battery)}`)
  addShipEvent(db, x.row.id, today, `Signed on ${listing(parts)}${houseRule ? ' (hired now, house rule: beyond the week’s recruiting)' : ''}`)

  const breakdown = [
    { label: `New hands: ${recruits} × ${g.label}`, value: gear },
    ...(paid.payer === 'government' ? [{ label: 'Paid by the government (naval ship)', value: 0 }] : []),
    ...(paid.payer === 'booty' ? [{ label: 'Owed to the crew, from the next booty', value: paid.owedAdded }] : []),
    ...paid.charged.map((c) => ({ label: `${c.name}'s share`, value: c.amount }))
  ]
  return {
    roster: crewRoster(db, x.row.id),
    recruits,
    gear,
    payer: paid.payer,
    charged: paid.charged,
    breakdown,
    houseRule,
    week: week ? { left: week.left, rolls: week.rolls } : null
  }
}

export function dischargeCrew(db: Db, input: { shipId: number; sailors: number; marines: number; officers: number[] }): CrewRoster {
  const x = ctxOf(db, input.shipId)
  if (GONE.includes(x.row.status as never)) throw new CommandError('rule', `The ${x.row.name} is ${x.row.status}.`)
  const { sailors, marines } = handsOf(x)
  if (input.sailors > sailors) throw new CommandError('rule', `The ${x.row.name} has ${plural(sailors, 'sailor')}; ${input.sailors} cannot be paid off.`, { field: 'sailors' })
  if (input.marines > marines) throw new CommandError('rule', `The ${x.row.name} has ${plural(marines, 'marine')}; ${input.marines} cannot be paid off.`, { field: 'marines' })
  const names: string[] = []
  input.officers.forEach((pid, i) => {
    const o = x.officers.find((r) => r.person_id === pid)
    if (!o) throw new CommandError('not_found', `officers.${i}: character ${pid} is not aboard the ${x.row.name}.`, { field: `officers.${i}` })
    names.push(o.name)
  })
  if (input.sailors + input.marines === 0 && names.length === 0) throw new CommandError('invalid_input', 'Nobody to pay off: give sailors, marines or officers.', { field: 'sailors' })
  stmt(db, `UPDATE ship SET crew = crew - ? WHERE id = ?`).run(input.sailors + input.marines, x.row.id)
  if (input.marines) setCompany(db, x.row.id, { marines: marines - input.marines })
  for (const pid of input.officers) stmt(db, `DELETE FROM ship_officer WHERE ship_id = ? AND person_id = ?`).run(x.row.id, pid)
  const parts: string[] = []
  if (input.sailors) parts.push(plural(input.sailors, 'sailor'))
  if (input.marines) parts.push(plural(input.marines, 'marine'))
  parts.push(...names)
  addShipEvent(db, x.row.id, currentDay(db), `Paid off ${listing(parts)}`)
  return crewRoster(db, x.row.id)
}
