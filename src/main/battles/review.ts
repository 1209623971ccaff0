import { assignPrizeCrews, prizeCrewProblems, prizeOwnersProblem, reviewProblems } from '../../shared/highseas/review'
import type { z } from 'zod'
import type { BattleReview, Fate, ReviewLine } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import { BATTERIES } from '../../shared/highseas/types'
import type { ShipDesign } from '../../shared/ship/design'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay } from '../campaign-core/clock-state'
import { WORLD_OWNER_ID } from '../campaign-core/ledger'
import { addShipEvent, listing, quoteFor, requireShip, shipOwners } from '../theah/shipyard'
import { battleConcluded } from '../campaign-core/battle-seam'
import { recordCaptor } from '../theah/prizes'
import { setCompany } from '../theah/ship-state'
import { sideName, theShip } from '../../shared/words'
import { rudderDamageOf } from './participants'
import { type Battle, GUNS_NONE, type Guns, NO_PENDING, fmt, loadBattle, participant, plural, requireActive, round3, tons } from './rows'

/**
 * The end of a campaign battle (seed 003 IV–VII): `battles.review` proposes the write-back (damage, guns
 * and crew lost, powder, fates, prize owners); `battles.conclude` applies the GM-edited review in one
 * transaction — damage, ships sunk, prizes as new ships of their captors' owners, captured campaign
 * ships passing to the outside world — and tells whoever started the battle (a voyage) through the seam.
 */

// ─── Review and conclusion ──────────────────────────────────────────────────────────────────────

export function fateOf(status: string, capturedBy: string | null): Fate {
  if (status === 'sunk' || status === 'sinking') return 'sunk'
  if (status === 'destroyed') return 'destroyed'
  if (status === 'struck' || status === 'surrendered' || status === 'captured' || capturedBy !== null) return 'captured'
  if (status === 'escaped') return 'escaped'
  return 'afloat' // active, or out of the battle having lost contact (Large Battles rule 3)
}

function campaignLostGuns(db: Db, shipId: number | undefined): Guns {
  if (shipId === undefined) return { ...GUNS_NONE }
  const row = stmt(db, `SELECT guns_lost FROM ship WHERE id = ?`).get(shipId) as { guns_lost: string } | undefined
  return { ...GUNS_NONE, ...(row ? (JSON.parse(row.guns_lost) as Partial<Guns>) : {}) }
}

/**
 * The campaign ship that took a captured participant: of the capturing side, the one grappled with her,
 * else the first. `anySide`: when no side is recorded as capturing her (she struck), any other side's.
 * `shipIdOf`: a participant's campaign ship (her own `shipId`; an Atrilian encounter fought in range bands
 * by conversion names its own, issue 21).
 */
export function captorShipOf(
  b: Pick<Battle, 'setup' | 'state'>,
  id: string,
  anySide = false,
  shipIdOf: (p: Battle['setup']['participants'][number]) => number | undefined = (p) => p.shipId
): number | null {
  const st = b.state.participants[id]
  const by = st?.capturedBy
  const self = b.setup.participants.find((p) => p.id === id)
  if (!st || !self || (!by && !anySide)) return null
  const captors = b.setup.participants.filter((p) => (by ? p.side === by : p.side !== self.side) && shipIdOf(p) !== undefined && p.id !== id)
  // The ship that took her (the engine records it: her grapples are cut when she strikes).
  const taker = st.takenBy ? captors.find((p) => p.id === st.takenBy) : undefined
  if (taker) return shipIdOf(taker) ?? null
  const grappled = captors.find((p) => st.grappledWith.includes(p.id) || st.meleeWith.includes(p.id))
  const found = grappled ?? captors[0]
  return found ? (shipIdOf(found) ?? null) : null
}

/** The default new owners of a captured ship (see battles.review). */
function defaultPrizeOwners(db: Db, b: Battle, id: string): { ownerId: number; share: number }[] {
  const captor = captorShipOf(b, id)
  if (captor === null) return []
  return shipOwners(db, captor).map((o) => ({ ownerId: o.ownerId, share: o.share }))
}

/** A captured ship's minimum sail crew (seed 003 I), the floor of her prize crew; null: not a ship. */
function minSailCrewOf(db: Db, b: Battle, id: string): number | null {
  const p = b.setup.participants.find((x) => x.id === id)
  if (!p || p.kind !== 'ship') return null
  const design = p.shipId !== undefined ? (JSON.parse(requireShip(db, p.shipId).design) as ShipDesign) : b.designs[id]
  return design ? quoteFor(db, design).derived.minSailCrew : null
}

/**
 * What the review proposes for a captured ship's prize crew (issue 16 point 10): from her captor in the
 * campaign, her minimum sail crew; her careening clock from the day of capture.
 */
function prizeCrewProposal(db: Db, b: Battle, id: string, today: number) {
  const min = minSailCrewOf(db, b, id)
  const from = min === null ? null : captorShipOf(b, id, true)
  const day = b.setup.participants.find((x) => x.id === id)?.shipId === undefined ? { careenedDay: today } : {}
  if (from === null || min === null) return { prizeCrewFrom: null, ...day }
  // Her minimum sail crew, when the captor has that many hands left (none when she cannot spare them).
  const captor = b.setup.participants.find((x) => x.shipId === from)
  const left = captor ? Math.max(0, (b.state.participants[captor.id]?.crew ?? 0) - captor.officers) : 0
  return { prizeCrew: left >= min ? min : 0, prizeCrewFrom: from, prizeCrewMin: min, ...day }
}

export function reviewBattle(db: Db, battleId: number): BattleReview {
  const b = loadBattle(db, battleId)
  const today = currentDay(db)
  const lines = b.setup.participants.map((p) => {
    const st = b.state.participants[p.id]!
    const before = campaignLostGuns(db, p.shipId)
    const gunsLost = Object.fromEntries(BATTERIES.map((k) => [k, before[k] + (st.gunsLost[k] ?? 0)])) as Guns
    const fate = fateOf(st.status, st.capturedBy)
    return {
      participantId: p.id,
      name: p.name,
      side: p.side,
      shipId: p.shipId ?? null,
      fate,
      hullDamage: Math.max(0, st.hullDamage),
      riggingDamage: Math.max(0, st.riggingDamage),
      gunsLost,
      // Hands left (what the ship's crew becomes): everyone aboard less her named officers.
      crewAfter: Math.max(0, st.crew - (p.shipId !== undefined ? p.officers : 0)),
      crewLost: Math.max(0, p.crew - st.crew),
      powderAfter: round3(Math.max(0, st.powderTons)),
      powderSpent: round3(Math.max(0, st.powderSpent)),
      rudderDamage: Math.max(0, st.rudderDamage ?? 0),
      prizeOwners: fate === 'captured' ? defaultPrizeOwners(db, b, p.id) : [],
      ...(fate === 'captured' ? prizeCrewProposal(db, b, p.id, today) : {})
    }
  })
  return { battleId, lines, heroic: b.state.heroic }
}

type Line = z.output<typeof ReviewLine>

export interface Applied {
  participantId: string
  shipId: number | null
  text: string
}

function ownerName(db: Db, ownerId: number, field: string): string {
  const r = stmt(db, `SELECT name FROM owner WHERE id = ?`).get(ownerId) as { name: string } | undefined
  if (!r) throw new CommandError('not_found', `${field}: there is no owner with id ${ownerId}.`, { field, issues: [{ field, message: `there is no such owner (id ${ownerId})` }] })
  return ownerId === WORLD_OWNER_ID ? 'the outside world' : r.name
}

/**
 * A captured ship's new owners checked (a line at `field`): shares adding up to 100%, each owner once, every
 * owner known — each refused at its field. Shared by every review that takes prizes.
 */
export function checkPrizeOwners(db: Db, field: string, owners: { ownerId: number; share: number }[]): void {
  const problem = prizeOwnersProblem(owners)
  if (problem) {
    throw new CommandError('invalid_input', `${field}.prizeOwners: ${problem}.`, { field: `${field}.prizeOwners`, issues: [{ field: `${field}.prizeOwners`, message: problem }] })
  }
  owners.forEach((o, k) => ownerName(db, o.ownerId, `${field}.prizeOwners.${k}.ownerId`))
}

/** The owners in words ("Ana (60%) and Bo (40%)", or one name). */
export const ownersWords = (db: Db, owners: { ownerId: number; share: number }[]): string =>
  listing(owners.map((o) => (owners.length > 1 ? `${ownerName(db, o.ownerId, 'owner')} (${o.share}%)` : ownerName(db, o.ownerId, 'owner'))))

export function setOwners(db: Db, shipId: number, owners: { ownerId: number; share: number }[]): void {
  stmt(db, `DELETE FROM ship_owner WHERE ship_id = ?`).run(shipId)
  const add = stmt(db, `INSERT INTO ship_owner (ship_id, owner_id, share) VALUES (?, ?, ?)`)
  for (const o of owners) add.run(shipId, o.ownerId, o.share)
}

/**
 * A captured ship that was not a campaign ship taken into the campaign as a prize (seed 003 VII; issue 16
 * point 10): a new ship of her design (origin 'prize', at sea) with her damage and guns lost, owned by
 * `line.prizeOwners`, manned by `ctx.crew` hands of her prize crew, her captor recorded (whose booty she is)
 * and her careening clock from the day given (absent: today). Shared by High Seas battles and the Théah
 * encounters fought under other rules by conversion (issue 21). Returns her id and the words of her record.
 */
export function takePrize(
  db: Db,
  p: { name: string; design: ShipDesign },
  line: { hullDamage: number; riggingDamage: number; gunsLost: Guns; powderAfter: number; prizeOwners: { ownerId: number; share: number }[]; careenedDay?: number | undefined },
  ctx: { crew: number; captorId: number | null; battleId: number; inBattle: string; today: number }
): { shipId: number; text: string } {
  const design = p.design
  const q = quoteFor(db, design)
  const gunsLost = Object.fromEntries(BATTERIES.map((k) => [k, Math.min(line.gunsLost[k], design.guns[k])])) as Guns
  const shipId = Number(
    stmt(
      db,
      `INSERT INTO ship (name, design, status, origin, cost, hull_damage, rigging_damage, guns_lost, crew, powder_tons)
       VALUES (?, ?, 'sea', 'prize', 0, ?, ?, ?, ?, ?)`
    ).run(p.name, JSON.stringify(design), Math.min(line.hullDamage, q.derived.hull), Math.min(line.riggingDamage, q.derived.rigging), JSON.stringify(gunsLost), ctx.crew, round3(line.powderAfter))
      .lastInsertRowid
  )
  setOwners(db, shipId, line.prizeOwners)
  if (ctx.captorId !== null) recordCaptor(db, shipId, ctx.captorId, ctx.battleId) // whose booty she is (seed 003 VII)
  // Her careening clock starts from her capture (or the day the GM gives): her past is unknown (issue 16 point 10).
  setCompany(db, shipId, { careened_day: line.careenedDay ?? ctx.today })
  const hands = ctx.crew
  const from = ctx.captorId !== null ? ` from the ${requireShip(db, ctx.captorId).name}` : ''
  const text = `Taken as a prize in ${ctx.inBattle}, by ${ownersWords(db, line.prizeOwners)}; ${hands ? `a prize crew of ${plural(hands, 'hand')}${from}` : 'no prize crew aboard: she cannot sail until manned'}`
  addShipEvent(db, shipId, ctx.today, text)
  return { shipId, text }
}

export function concludeBattle(db: Db, input: { battleId: number; lines: Line[] }): { battleId: number; applied: Applied[]; name: string; winner: string | null } {
  const b = loadBattle(db, input.battleId)
  requireActive(b, 'concluding it again')
  const name = b.row.name
  const today = currentDay(db)

  // Check every line before writing anything.
  const seen = new Set<string>()
  const checked = input.lines.map((line, i) => {
    const field = `lines.${i}`
    const p = participant(b, line.participantId, `${field}.participantId`)
    if (seen.has(p.id)) throw new CommandError('invalid_input', `${field}.participantId: the ${p.name} has two lines.`, { field: `${field}.participantId` })
    seen.add(p.id)
    if ((p.shipId ?? null) !== line.shipId) {
      throw new CommandError(
        'invalid_input',
        p.shipId === undefined
          ? `${field}.shipId: the ${p.name} is not a campaign ship (null).`
          : `${field}.shipId: the ${p.name} is campaign ship ${p.shipId}; a line writes back to its own ship only.`,
        { field: `${field}.shipId`, issues: [{ field: `${field}.shipId`, message: 'not this participant’s ship' }] }
      )
    }
    checkPrizeOwners(db, field, line.prizeOwners)
    if (line.fate === 'captured' && p.kind === 'ship' && p.shipId === undefined && line.prizeOwners.length === 0) {
      const by = b.state.participants[p.id]?.capturedBy
      const captorsInCampaign = b.setup.participants.some((x) => x.shipId !== undefined && (by ? x.side === by : x.side !== p.side))
      if (captorsInCampaign) {
        throw new CommandError('rule', `The ${p.name} was captured: name the owners she passes to as a prize (${field}.prizeOwners).`, {
          field: `${field}.prizeOwners`
        })
      }
    }
    return { line, p }
  })
  // The limits the engine knows (src/shared/highseas/review.ts), every problem with its field.
  const problems = reviewProblems(b.setup, input.lines)
  if (problems.length) {
    const first = problems[0]!
    const who = theShip(participant(b, input.lines[first.line]!.participantId).name)
    throw new CommandError('invalid_input', `${who.charAt(0).toUpperCase()}${who.slice(1)}: ${first.message}`, { field: first.field, issues: problems.map((x) => ({ field: x.field, message: x.message })) })
  }
  const missing = b.setup.participants.filter((p) => p.shipId !== undefined && !seen.has(p.id))
  if (missing.length) {
    throw new CommandError('invalid_input', `lines: give a line for every campaign ship (${listing(missing.map((p) => `the ${p.name}`))} ${missing.length === 1 ? 'has' : 'have'} none).`, {
      field: 'lines'
    })
  }

  // Prize crews (issue 16 point 10): the captor and the floor as the campaign knows them, then the limits.
  const crewLines = checked.map(({ line, p }, i) => {
    if (line.careenedDay !== undefined && line.careenedDay > today) {
      throw new CommandError('invalid_input', `lines.${i}.careenedDay: her last careening cannot be after today.`, { field: `lines.${i}.careenedDay` })
    }
    if (line.fate !== 'captured') return { ...line, prizeCrewFrom: null }
    const min = minSailCrewOf(db, b, p.id)
    const from = min === null || line.prizeOwners.length === 0 ? null : captorShipOf(b, p.id, true)
    if (line.prizeCrewFrom !== undefined && line.prizeCrewFrom !== null && line.prizeCrewFrom !== from) {
      throw new CommandError('invalid_input', `lines.${i}.prizeCrewFrom: her prize crew comes from the ship that took her (${from === null ? 'none in the campaign' : `ship ${from}`}).`, {
        field: `lines.${i}.prizeCrewFrom`
      })
    }
    return { ...line, prizeCrewFrom: from, prizeCrewMin: min ?? 0 }
  })
  const crewProblems = prizeCrewProblems(crewLines)
  if (crewProblems.length) {
    const first = crewProblems[0]!
    const who = theShip(checked[first.line]!.p.name)
    throw new CommandError('invalid_input', `${who.charAt(0).toUpperCase()}${who.slice(1)}: prize crew: ${first.message}`, {
      field: first.field,
      issues: crewProblems.map((x) => ({ field: x.field, message: x.message }))
    })
  }
  // Absent: her minimum sail crew when the captor can spare it, else none (she lies where she is until manned).
  const { crewOf: prizeCrewOf, moved } = assignPrizeCrews(crewLines)
  const captorName = (shipId: number) => requireShip(db, shipId).name

  const applied: Applied[] = []
  for (const { line, p } of checked) {
    const st = b.state.participants[p.id]
    const captorSide = st?.capturedBy ?? null
    if (p.shipId !== undefined) {
      const row = requireShip(db, p.shipId)
      const design = JSON.parse(row.design) as ShipDesign
      const q = quoteFor(db, design)
      const hull = Math.min(line.hullDamage, q.derived.hull)
      const rigging = Math.min(line.riggingDamage, q.derived.rigging)
      const lostBefore = { ...GUNS_NONE, ...(JSON.parse(row.guns_lost) as Partial<Guns>) }
      const gunsLost = Object.fromEntries(BATTERIES.map((k) => [k, Math.min(line.gunsLost[k], design.guns[k])])) as Guns
      const gunsDelta = BATTERIES.reduce((n, k) => n + gunsLost[k] - lostBefore[k], 0)
      // Hard Turns' rudder damage lasts "permanently, until the rudder is repaired in port" (seed 003 IV).
      const rudder = line.rudderDamage ?? Math.max(0, st?.rudderDamage ?? rudderDamageOf(db, row.id))
      // Hands that went aboard her prizes leave her; a captured ship taken into the campaign keeps only her prize crew.
      const prizeCrew = prizeCrewOf.get(p.id)
      const crewNow = prizeCrew ?? line.crewAfter - (moved.get(row.id) ?? 0)
      stmt(db, `UPDATE ship SET hull_damage = ?, rigging_damage = ?, guns_lost = ?, crew = ?, powder_tons = ?, rudder_damage = ? WHERE id = ?`).run(
        hull,
        rigging,
        JSON.stringify(gunsLost),
        crewNow,
        round3(line.powderAfter),
        rudder,
        row.id
      )
      // Marines lost come off the company's marines (never more marines than hands).
      const marinesLeft = prizeCrew !== undefined ? 0 : Math.min(st?.marines ?? p.marines, crewNow)
      stmt(db, `UPDATE ship_company SET marines = ? WHERE ship_id = ? AND marines > ?`).run(marinesLeft, row.id, marinesLeft)
      const texts: string[] = []
      const fought =
        `Fought the ${name}: ${fmt(Math.max(0, hull - row.hull_damage))} hull, ${fmt(Math.max(0, rigging - row.rigging_damage))} rigging damage, ` +
        `${plural(Math.max(0, gunsDelta), 'gun')} and ${fmt(line.crewLost)} crew lost, ${tons(line.powderSpent)} t powder spent`
      addShipEvent(db, row.id, today, fought)
      texts.push(fought)
      if (moved.get(row.id)) {
        const manned = checked.filter((c, k) => crewLines[k]!.prizeCrewFrom === row.id && (prizeCrewOf.get(c.p.id) ?? 0) > 0).map((c) => `the ${c.p.name}`)
        const t = `Put ${plural(moved.get(row.id)!, 'hand')} aboard ${listing(manned)} as prize crew`
        addShipEvent(db, row.id, today, t)
        texts.push(t)
      }
      if (line.fate === 'sunk' || line.fate === 'destroyed') {
        stmt(db, `UPDATE ship SET status = 'sunk' WHERE id = ?`).run(row.id)
        const t = `Sunk in the ${name}`
        addShipEvent(db, row.id, today, t)
        texts.push(t)
      } else if (line.fate === 'captured') {
        const owners = line.prizeOwners.length ? line.prizeOwners : [{ ownerId: WORLD_OWNER_ID, share: 100 }]
        setOwners(db, row.id, owners)
        const captorId = captorShipOf(b, p.id, true)
        recordCaptor(db, row.id, captorId, b.row.id) // whose booty she is now (seed 003 VII); none: cleared
        const who = ownersWords(db, owners)
        if (line.careenedDay !== undefined) setCompany(db, row.id, { careened_day: line.careenedDay })
        const crewed = prizeCrew !== undefined ? `, with a prize crew of ${plural(prizeCrew, 'hand')}${captorId !== null ? ` from the ${captorName(captorId)}` : ''}` : ''
        const t = `Captured in the ${name}${captorSide ? ` by the ${captorSide} side` : ''}: she now belongs to ${who}${crewed}`
        addShipEvent(db, row.id, today, t)
        texts.push(t)
      }
      applied.push({ participantId: p.id, shipId: row.id, text: texts.join('. ') })
    } else if (p.kind === 'ship' && line.fate === 'captured' && line.prizeOwners.length) {
      const design = b.designs[p.id]
      if (!design) throw new Error(`Battle ${b.row.id} has no design for ${p.id}`)
      const captorId = captorShipOf(b, p.id, true)
      const prize = takePrize(db, { name: p.name, design }, line, { crew: prizeCrewOf.get(p.id) ?? 0, captorId, battleId: b.row.id, inBattle: `the ${name}`, today })
      applied.push({ participantId: p.id, shipId: prize.shipId, text: prize.text })
    } else {
      const word: Record<Fate, string> = { afloat: 'still afloat', escaped: 'escaped', sunk: 'sunk', captured: 'captured', destroyed: 'destroyed' }
      applied.push({ participantId: p.id, shipId: null, text: `The ${p.name}: ${word[line.fate]}` })
    }
  }

  stmt(db, `UPDATE battle SET status = 'concluded', concluded_day = ?, result = ?, pending = ? WHERE id = ?`).run(
    today,
    JSON.stringify({ lines: input.lines, applied, winner: b.state.winner }),
    JSON.stringify(NO_PENDING()),
    b.row.id
  )
  battleConcluded(db, b.row.id) // a voyage's battle: the voyage takes its results (issue 7), through its hook
  return { battleId: b.row.id, applied, name, winner: b.state.winner }
}

/** One line for the journal: what concluding the battle did to the campaign. */
export function describeConclusion(db: Db, out: { name: string; winner: string | null; applied: Applied[] }, lines: Line[]): string {
  const byId = new Map(lines.map((l) => [l.participantId, l]))
  const parts: string[] = []
  for (const a of out.applied) {
    const l = byId.get(a.participantId)
    if (!l || a.shipId === null) continue
    const nameOf = (stmt(db, `SELECT name FROM ship WHERE id = ?`).get(a.shipId) as { name: string } | undefined)?.name ?? l.name
    if (l.shipId === null) parts.push(`the ${nameOf} taken as a prize`)
    else if (l.fate === 'sunk' || l.fate === 'destroyed') parts.push(`the ${nameOf} sunk`)
    else if (l.fate === 'captured') parts.push(`the ${nameOf} captured`)
    else parts.push(`the ${nameOf} damaged (${l.hullDamage} hull, ${l.riggingDamage} rigging)`)
  }
  const won = out.winner ? `, won by ${sideName(out.winner)}` : ''
  return `Concluded the ${out.name}${won}${parts.length ? ': ' + listing(parts) : ''}`
}
