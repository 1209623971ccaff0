import type { DiceBox } from '../../shared/dice/roll'
import type { ShipDesign } from '../../shared/ship/design'
import { CommandError } from '../../shared/errors'
import { cargoLabel, divideBooty, plunderLoad, rollPrizeHold, rollTown, type BootyMember } from '../../shared/trade/rules'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay, labelOf } from '../campaign-core/clock-state'
import { companyOf, holdText, shipHold } from './ship-state'
import { currencyOf } from '../campaign-core/currency'
import { owedToOf, payOwed } from './upkeep'
import { post, potLine, requireFunds, requireOwner, WORLD_OWNER_ID, type Line } from '../campaign-core/ledger'
import { getPerson } from '../campaign-core/people'
import { getRule } from '../campaign-core/rules'
import { addShipEvent, quoteFor, requireShip, shipOwners, splitByShares } from './shipyard'
import { cargoTons, holdOf, loadCargo } from './trade'
import { addToPot, bootyShipOf, captorOf, potOf, prizesOf } from './prizes'

/**
 * Booty (issue 8; seed 003 VII "Of the Rewards of a Pirate's Life", heroic actions in VI; rules guide
 * §2 "Booty articles").
 *
 * Readings:
 * - A prize's hold is rolled once (`booty.rollPrizeHold`), replacing what her hold held: powder goes
 *   to her powder, cargo into her hold (nothing paid), supplies and boats are reported. Her kind:
 *   merchantmen and galleons are 'merchant', other hulls 'fighting' (the GM may say otherwise).
 * - Booty waits in the ship's booty pot, a ledger account of its own (issue 16 point 2) that her
 *   owners cannot spend: haven sales of pirates and privateers and of their prizes (trade.ts; a
 *   prize's cargo is her captor's booty, prizes.ts) and town ransoms are paid into it, each entry
 *   booked with the ledger transaction; `booty.divide` takes the pot (an amount the GM names beyond
 *   it is paid by the owners from their cash, by their shares), pays the crew what it is owed (pirates and privateers: wages,
 *   food and gear accrued by the monthly upkeep, ship_company.owed) and divides the rest by the
 *   ship's articles: the captain, named officers, characters aboard with no office (a crew share) and
 *   the hands (ship.crew, crew shares, paid to the outside world as the crew's pay).
 * - Heroic actions: aboard pirates and privateers an extra share each; aboard merchantmen and
 *   warships a bonus of 1K1 × 20 G each, paid by the owners (merchantmen) or the government (the
 *   outside world, naval ships), on top of the division.
 */

const fmt = (n: number) => n.toLocaleString('en')

export function articlesOf(db: Db, shipId: number) {
  const ship = requireShip(db, shipId)
  const row = stmt(db, `SELECT captain, officers, crew FROM booty_articles WHERE ship_id = ?`).get(shipId) as
    | { captain: number; officers: number; crew: number }
    | undefined
  const d = getRule(db, 'bootyArticles')
  return {
    shipId,
    shipName: ship.name,
    kind: companyOf(db, shipId).kind,
    captain: row?.captain ?? d.captain,
    officers: row?.officers ?? d.officers,
    crew: row?.crew ?? d.crew,
    edited: row !== undefined
  }
}

export function setArticles(db: Db, input: { shipId: number; captain: number; officers: number; crew: number }) {
  requireShip(db, input.shipId)
  stmt(
    db,
    `INSERT INTO booty_articles (ship_id, captain, officers, crew) VALUES (?, ?, ?, ?)
     ON CONFLICT(ship_id) DO UPDATE SET captain = excluded.captain, officers = excluded.officers, crew = excluded.crew`
  ).run(input.shipId, input.captain, input.officers, input.crew)
  return articlesOf(db, input.shipId)
}


export function bootyState(db: Db, shipId: number) {
  const ship = requireShip(db, shipId)
  const label = labelOf(db)
  const rows = stmt(db, `SELECT day, amount, memo FROM booty_entry WHERE ship_id = ? ORDER BY id DESC LIMIT 200`).all(shipId) as {
    day: number
    amount: number
    memo: string
  }[]
  const to = bootyShipOf(db, shipId)
  return {
    shipId,
    shipName: ship.name,
    kind: companyOf(db, shipId).kind,
    pot: potOf(db, shipId),
    owed: companyOf(db, shipId).owed,
    owedToOfficers: [...owedToOf(companyOf(db, shipId))].map(([ownerId, amount]) => ({
      ownerId,
      name: (stmt(db, `SELECT name FROM owner WHERE id = ?`).get(ownerId) as { name: string } | undefined)?.name ?? `owner ${ownerId}`,
      amount
    })),
    articles: articlesOf(db, shipId),
    divisions: rows.filter((r) => r.amount < 0).map((r) => ({ day: r.day, label: label(r.day), amount: -r.amount, memo: r.memo })),
    entries: rows.map((r) => ({ day: r.day, label: label(r.day), amount: r.amount, memo: r.memo })),
    holders: shipOwners(db, shipId).map((o) => ({ ownerId: o.ownerId, name: o.name, share: o.share })),
    captor: captorOf(db, shipId),
    bootyTo: to ? { shipId: to.shipId, shipName: to.name, kind: to.kind, pot: potOf(db, to.shipId) } : null,
    prizes: prizesOf(db, shipId)
  }
}

export function rollPrizeHoldFor(db: Db, input: { shipId: number; kind?: 'fighting' | 'merchant' }, dice: () => DiceBox) {
  const ship = requireShip(db, input.shipId)
  const design = JSON.parse(ship.design) as ShipDesign
  const kind = input.kind ?? (design.hull === 'merchantman' || design.hull === 'galleon' ? 'merchant' : 'fighting')
  const capacity = quoteFor(db, design).derived.cargoCapacity
  const boatTons = getRule(db, 'shipOutfitting').jollyBoatTons
  const roll = (n: string, purpose: string) => dice().roll(n, `${ship.name}: ${purpose}`).total
  const out = rollPrizeHold(getRule(db, 'prizeHolds'), kind, capacity, roll, boatTons)
  stmt(db, `DELETE FROM ship_cargo WHERE ship_id = ?`).run(ship.id)
  for (const c of out.cargo) loadCargo(db, ship.id, c.cargo, c.tons, 0)
  stmt(db, `UPDATE ship SET powder_tons = ? WHERE id = ?`).run(out.powder, ship.id)
  const prices = getRule(db, 'cargoPrices')
  const cargo = out.cargo.map((c) => ({ ...c, label: cargoLabel(prices, c.cargo) }))
  addShipEvent(
    db,
    ship.id,
    currentDay(db),
    `Her hold searched: ${cargo.length ? cargo.map((c) => `${c.tons} t of ${c.label}`).join(', ') : 'no cargo'}, ${out.powder} t of powder`
  )
  return { shipId: ship.id, shipName: ship.name, kind, supplies: out.supplies, boats: out.boats, powder: out.powder, cargo, breakdown: out.breakdown, hold: holdOf(db, ship.id) }
}

export function townBooty(
  db: Db,
  input: {
    shipId: number
    town: string
    forts: { small: number; medium: number; large: number }
    fortsTaken: { small: number; medium: number; large: number }
    leaveBehind?: { cargo: Record<string, number>; powder: number }
  },
  dice: () => DiceBox,
  command: string
) {
  const ship = requireShip(db, input.shipId)
  for (const s of ['small', 'medium', 'large'] as const) {
    if (input.fortsTaken[s] > input.forts[s]) throw new CommandError('invalid_input', `fortsTaken.${s}: more forts taken than defend the town.`, { field: `fortsTaken.${s}` })
  }
  const roll = (n: string, purpose: string) => dice().roll(n, `${input.town}: ${purpose}`).total
  const out = rollTown(getRule(db, 'townRansom'), getRule(db, 'prizeHolds'), input.forts, input.fortsTaken, roll)
  const prices = getRule(db, 'cargoPrices')
  // The plunder must fit in the one hold with what is there (seed 003 I), less what the GM leaves behind.
  const hold = shipHold(db, ship.id)
  const load = plunderLoad({ cargo: out.cargo, powder: out.fortPowder }, input.leaveBehind ?? { cargo: {}, powder: 0 }, hold.freeAfterCargo)
  if (load.problems.length) {
    const p = load.problems[0]!
    const plunder = [...out.cargo.map((c) => `${c.tons} t of ${cargoLabel(prices, c.cargo)}`), ...(out.fortPowder ? [`${out.fortPowder} t of powder and shot`] : [])]
    throw new CommandError(
      p.field === 'leaveBehind' ? 'rule' : 'invalid_input',
      p.field === 'leaveBehind'
        ? `${input.town}'s plunder (${plunder.join(', ')}) does not fit aboard the ${ship.name}: ${p.message} (${holdText(hold)}). Choose what to leave behind; nothing was taken.`
        : `${p.field}: ${p.message}.`,
      {
        field: p.field,
        room: load.room,
        plunder: {
          cargo: out.cargo.map((c) => ({ cargo: c.cargo, label: cargoLabel(prices, c.cargo), tons: c.tons })),
          powder: out.fortPowder
        }
      }
    )
  }
  const cargo = load.cargo.map((c) => {
    if (c.loaded > 0) loadCargo(db, ship.id, c.cargo, c.loaded, 0)
    return { cargo: c.cargo, label: cargoLabel(prices, c.cargo), tons: c.tons, loaded: c.loaded }
  })
  if (load.powder.loaded > 0) stmt(db, `UPDATE ship SET powder_tons = powder_tons + ? WHERE id = ?`).run(load.powder.loaded, ship.id)
  const memo = `Ransom of ${input.town} taken by the ${ship.name}`
  // The ransom goes into the ship's booty pot, its own account (issue 16 point 2); a ship with no
  // owners to hold booty books nothing and is paid nothing.
  const paid: { ownerId: number; name: string; amount: number }[] = []
  if (out.ransom > 0 && shipOwners(db, ship.id).length > 0) {
    post(db, { day: currentDay(db), memo, command, lines: [{ ownerId: WORLD_OWNER_ID, account: 'cash', amount: -out.ransom }, potLine(ship.id, out.ransom)] })
    addToPot(db, ship.id, out.ransom, memo)
  }
  addShipEvent(db, ship.id, currentDay(db), `${input.town} surrendered: ${fmt(out.ransom)} ransom${out.fortGuns ? `, ${out.fortGuns} guns and ${out.fortPowder} t of powder from its forts` : ''}`)
  return {
    town: input.town,
    cargo,
    ransom: out.ransom,
    fortGuns: out.fortGuns,
    fortPowder: out.fortPowder,
    powderLoaded: load.powder.loaded,
    breakdown: out.breakdown,
    ransomTerms: out.ransomTerms,
    cargoTerms: out.cargoTerms,
    fortTerms: out.fortTerms,
    paid,
    pot: potOf(db, ship.id),
    hold: holdOf(db, ship.id)
  }
}

export function divideBootyFor(
  db: Db,
  input: { shipId: number; amount?: number; heroic: { personId: number; actions: number }[] },
  opts: { dice: () => DiceBox; allowDebt: boolean; command: string }
) {
  const ship = requireShip(db, input.shipId)
  const company = companyOf(db, ship.id)
  const art = articlesOf(db, ship.id)
  const table = getRule(db, 'bootyArticles')
  const pot = potOf(db, ship.id)
  const amount = input.amount ?? pot
  if (amount <= 0) throw new CommandError('rule', `The ${ship.name} has no booty to divide (the pot is empty): give an amount.`)
  const owners = shipOwners(db, ship.id)
  if (owners.length === 0) throw new CommandError('rule', `The ${ship.name} has no owners to hold the booty.`)
  const pirates = company.kind === 'pirate' || company.kind === 'privateer'
  const owed = pirates ? Math.max(0, company.owed) : 0
  const officers = stmt(
    db,
    `SELECT so.person_id AS personId, so.role, p.owner_id AS ownerId, o.name FROM ship_officer so JOIN person p ON p.id = so.person_id JOIN owner o ON o.id = p.owner_id
     WHERE so.ship_id = ? ORDER BY so.id`
  ).all(ship.id) as { personId: number; role: string; ownerId: number; name: string }[]
  const heroicBy = new Map<number, number>()
  for (const [i, h] of input.heroic.entries()) {
    const p = getPerson(db, h.personId)
    if (!officers.some((o) => o.personId === p.id)) {
      throw new CommandError('invalid_input', `heroic.${i}: ${p.name} is not aboard the ${ship.name} (sign them on as an officer or 'aboard').`, { field: `heroic.${i}.personId` })
    }
    heroicBy.set(p.id, (heroicBy.get(p.id) ?? 0) + h.actions)
  }
  const members: (BootyMember & { personId: number | null })[] = officers.map((o) => ({
    personId: o.personId,
    ownerId: o.ownerId,
    name: o.name,
    role: o.role === 'captain' ? 'captain' : o.role === 'aboard' ? 'crew' : 'officer',
    count: 1,
    heroic: heroicBy.get(o.personId) ?? 0
  }))
  if (ship.crew > 0) members.push({ personId: null, ownerId: WORLD_OWNER_ID, name: `The hands (${ship.crew})`, role: 'hands', count: ship.crew, heroic: 0 })
  if (members.length === 0 && amount > owed) {
    throw new CommandError('rule', `Nobody is aboard the ${ship.name} to share the booty: sign on her crew and officers first.`, { shipId: ship.id })
  }
  const d = divideBooty(amount, owed, { captain: art.captain, officers: art.officers, crew: art.crew, heroicShares: table.heroicShares }, members, pirates)

  // Money: the pot's account pays what it holds (issue 16 point 2); an amount beyond it is paid by
  // the owners from their cash by their shares. The crew's owed pay and the hands' shares go to the world.
  const currency = currencyOf(db)
  const fromPot = Math.min(amount, Math.max(0, pot))
  const parts = splitByShares(amount - fromPot, owners.map((o) => o.share))
  owners.forEach((o, i) => requireFunds(db, o.ownerId, 'cash', parts[i]!, opts.allowDebt, currency))
  const net = new Map<number, number>()
  const add = (id: number, a: number) => net.set(id, (net.get(id) ?? 0) + a)
  owners.forEach((o, i) => add(o.ownerId, -parts[i]!))
  // What the crew is owed: the named officers' wages to those officers, the rest to the outside world (seed 003 I.2).
  const owedTo = d.owedPaid ? payOwed(db, ship.id, d.owedPaid) : []
  for (const o of owedTo) add(o.ownerId, o.amount)
  for (const l of d.lines) add(l.ownerId, l.amount)

  // Heroic bonuses aboard merchantmen and warships (seed 003 VI).
  const bonuses: { ownerId: number; name: string; actions: number; amount: number; rolls: number[] }[] = []
  if (!pirates) {
    const bonusPayer = company.kind === 'naval' ? 'world' : 'owners'
    for (const m of members) {
      if (!m.heroic || m.personId === null) continue
      const rolls: number[] = []
      for (let k = 0; k < m.heroic; k++) rolls.push(opts.dice().roll(table.heroicBonusDie, `${m.name}: heroic action reward (${table.heroicBonusDie} × ${table.heroicBonusPer})`).total)
      const bonus = rolls.reduce((n, r) => n + r, 0) * table.heroicBonusPer
      bonuses.push({ ownerId: m.ownerId, name: m.name, actions: m.heroic, amount: bonus, rolls })
      add(m.ownerId, bonus)
      if (bonusPayer === 'world') add(WORLD_OWNER_ID, -bonus)
      else {
        const bp = splitByShares(bonus, owners.map((o) => o.share))
        owners.forEach((o, i) => add(o.ownerId, -bp[i]!))
      }
    }
  }
  const lines: Line[] = [...net.entries()].filter(([, a]) => a !== 0).map(([ownerId, a]) => ({ ownerId, account: 'cash', amount: a }))
  if (fromPot > 0) lines.push(potLine(ship.id, -fromPot))
  const memo = `Booty of the ${ship.name} divided: ${fmt(amount)}${d.owedPaid ? ` (${fmt(d.owedPaid)} owed to the crew paid first)` : ''}`
  if (lines.length) post(db, { day: currentDay(db), memo, command: opts.command, lines })
  if (fromPot > 0) addToPot(db, ship.id, -fromPot, memo)
  addShipEvent(db, ship.id, currentDay(db), memo)
  return {
    shipId: ship.id,
    shipName: ship.name,
    amount,
    owedPaid: d.owedPaid,
    /** Who the owed pay went to: named officers their wages, the rest to the hands and suppliers. */
    owedTo: owedTo.map((o) => ({ ownerId: o.ownerId, name: o.name, amount: o.amount })),
    divided: d.divided,
    totalShares: d.totalShares,
    perShare: Math.floor(d.perShare * 100) / 100,
    lines: d.lines.map((l) => ({ ownerId: l.ownerId, name: l.name, role: l.role, shares: l.shares, amount: l.amount, heroic: l.heroic })),
    bonuses,
    breakdown: d.breakdown,
    pot: potOf(db, ship.id)
  }
}

/**
 * `booty.withdraw`: the GM's explicit transfer out of a ship's booty pot to an owner (the outside
 * world: money spent or lost), e.g. a share paid out by hand. Nothing else but the division draws on it.
 */
export function withdrawFromPot(db: Db, input: { shipId: number; to: number; amount: number; memo: string }, command: string) {
  const ship = requireShip(db, input.shipId)
  const to = requireOwner(db, input.to)
  const pot = potOf(db, ship.id)
  if (input.amount > pot) {
    throw new CommandError(
      'rule',
      `The ${ship.name}'s booty pot holds ${fmt(pot)} ${currencyOf(db)} but this takes ${fmt(input.amount)}: ${fmt(input.amount - pot)} short.`,
      { field: 'amount', have: pot, need: input.amount, shortfall: input.amount - pot }
    )
  }
  const memo = `From the ${ship.name}'s booty pot to ${to.name}: ${input.memo}`
  const txId = post(db, { day: currentDay(db), memo, command, lines: [potLine(ship.id, -input.amount), { ownerId: to.id, account: 'cash', amount: input.amount }] })
  addToPot(db, ship.id, -input.amount, memo)
  addShipEvent(db, ship.id, currentDay(db), memo)
  return { txId, shipId: ship.id, shipName: ship.name, pot: potOf(db, ship.id) }
}

export { cargoTons }
