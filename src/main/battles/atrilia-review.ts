import { controller, prep } from '../../shared/atrilia/engine'
import { crewQualityLabel, nationLabel, qualityAfterBattle, WIZARD_NAMES, type AtrilianCrewState } from '../../shared/atrilia/crew'
import type { AtrilianDesign } from '../../shared/atrilia/design'
import { repairDaysText } from '../../shared/atrilia/repairs'
import type { Nation } from '../../shared/atrilia/tables'
import type { AtriliaReport, AtriliaSetup, AtriliaState, ShipSetup } from '../../shared/atrilia/types'
import type { AtriliaBattleReview, AtriliaReviewLine, AtriliaWriteFate } from '../../shared/commands/battles'
import { CommandError } from '../../shared/errors'
import { prizeOwnersProblem } from '../../shared/highseas/review'
import { fmt } from '../../shared/numbers'
import { stmt, type Db } from '../campaign/sqlite'
import { battleConcluded } from '../campaign-core/battle-seam'
import { currentDay } from '../campaign-core/clock-state'
import { currencyOf } from '../campaign-core/currency'
import { WORLD_OWNER_ID } from '../campaign-core/ledger'
import { getRule } from '../campaign-core/rules'
import { crewState } from '../atrilia/crew'
import { clearRepair, markCrippled, repairPriceOf } from '../atrilia/repairs'
import { isAtrilianShip, quoteAtrilianFor } from '../atrilia/shipyard'
import { recordCaptor } from '../theah/prizes'
import { companyOf, setCompany } from '../theah/ship-state'
import { addShipEvent, GONE, listing, shipOwners } from '../theah/shipyard'
import { ATRILIA_STEPPED } from './atrilia'
import { ownersWords, setOwners } from './review'
import { theBattle } from './rows'
import { loadStepped, stepsOf } from './stepped'

/**
 * The Atrilia × Atrilia campaign adapter (issue 18): an Atrilian battle concluded writes back to the
 * Atrilia campaign it was fought in. `battles.review` proposes, one line a ship, her fate and what is
 * written, each with the words of how it was worked out; the GM may edit it; `battles.conclude` checks
 * every line (a bad value is refused naming its field, and nothing changes) and applies it all in the
 * command's one transaction:
 *
 * - sunk (seed 002 §10.2): the ship is lost (status sunk);
 * - crippled (§5.2; the counter's crippled side): she needs repair, two weeks in a friendly port and
 *   10% of her price (rules guide §3), done by the clock (src/main/atrilia/repairs.ts);
 * - captured (§8.11–8.12: control goes to the side with marines aboard): a campaign ship captured
 *   leaves her owners (to the captor's owners when the captor is a campaign ship, else the outside
 *   world); a ship that is not a campaign ship captured by a campaign ship becomes a new Atrilian
 *   ship of her type and improvements (origin 'prize'), owned by the capturing ship's owners in that
 *   ship's shares, crippled (§8.11 flips her) and so needing repair, with the boarders aboard as her
 *   marines;
 * - marines and wizards lost (§7, §9.1): the points she carried less her side's points aboard her at
 *   the end; her wizards when their marines were lost (or none of her marines are left);
 * - off the map (§5.11 "may be used in subsequent encounters"): she stays in the campaign;
 * - crew quality (the FAQ, `qualityAfterBattle`): raised for ships that survived.
 *
 * Who captures (a reading of §8.11, in the README's rule notes): the ship whose boarders took her —
 * the last boarding of the battle that advanced onto her; when that ship is not her captor's at the end
 * or not a campaign ship, the capturing side's campaign ship committed with her, else its first
 * campaign ship afloat.
 *
 * The battle's `result` is `{lines, applied, winner}` (lines with `shipId` and `fate`; applied the
 * campaign ships written, prizes included; winner the winning side's name), which a voyage's hook reads.
 */

type Line = AtriliaReviewLine
type Battle = ReturnType<typeof loadAtrilia>

const loadAtrilia = (db: Db, battleId: number) => loadStepped<AtriliaSetup, AtriliaState, unknown>(db, ATRILIA_STEPPED, battleId)

const points = (n: number) => `${n} point${n === 1 ? '' : 's'} of marines`
const wizardWords = (kind: 'sea' | 'fire', n: number) => `${n} ${n === 1 ? WIZARD_NAMES[kind].one : WIZARD_NAMES[kind].many}`
const sideNameOf = (setup: AtriliaSetup, side: string | null) => setup.sides.find((s) => s.id === side)?.name ?? side ?? 'nobody'

/** A campaign ship of the battle that is an Atrilian ship still in the campaign (null: not one). */
export function campaignShip(db: Db, s: Pick<ShipSetup, 'shipId'>): { id: number; name: string; status: string; crew: AtrilianCrewState } | null {
  if (s.shipId === undefined) return null
  const row = stmt(db, `SELECT id, name, status FROM ship WHERE id = ?`).get(s.shipId) as { id: number; name: string; status: string } | undefined
  if (!row || !isAtrilianShip(db, row.id)) return null
  return { ...row, crew: crewState(db, row.id) }
}

/** The battle's fate of a ship: sunk, off the map, captured (another side controls her), afloat. */
function battleFateOf(b: Battle, s: ShipSetup): 'afloat' | 'sunk' | 'captured' | 'exited' {
  const st = b.state.ships[s.id]!
  if (st.status === 'sunk') return 'sunk'
  if (st.status === 'exited') return 'exited'
  return controller(prep(b.setup), st) !== s.side ? 'captured' : 'afloat'
}

/** The ship whose boarders took her (§8.11), by the battle's log; null when none is recorded. */
function boarderOf(db: Db, b: Battle, shipId: string): string | null {
  let found: string | null = null
  for (const step of stepsOf<unknown, AtriliaReport>(db, b.row.id)) {
    for (const e of step.report.events) {
      if (e.kind === 'boarding' && e.who[1] === shipId && e.text.includes('the boarders take her')) found = e.who[0] ?? null
    }
  }
  return found
}

/**
 * The campaign ship that captured her, by the reading above; null when the capturing side has none.
 * `isCampaign`: whether a ship of the battle is a campaign ship (the hex battle's own: an Atrilian ship of
 * the campaign; a Théah encounter fought on the map by conversion names its own, issue 21).
 */
export function captorOf(db: Db, b: Battle, s: ShipSetup, isCampaign: (x: ShipSetup) => boolean = (x) => campaignShip(db, x) !== null): { ship: ShipSetup; how: string } | null {
  const st = b.state.ships[s.id]!
  const side = st.marineSide
  if (!side || side === s.side) return null
  const inCampaign = (x: ShipSetup | undefined) => (x && x.side === side && isCampaign(x) ? x : undefined)
  const boarder = boarderOf(db, b, s.id)
  const byBoarding = inCampaign(b.setup.ships.find((x) => x.id === boarder))
  if (byBoarding) return { ship: byBoarding, how: `her boarders took her (§8.11)` }
  const committed = b.setup.ships.find((x) => st.committedWith.includes(x.id) && inCampaign(x))
  if (committed) return { ship: committed, how: `she is committed with her at the end (§8.10), and no campaign ship's boarders are recorded taking her` }
  const first = b.setup.ships.find((x) => inCampaign(x) && b.state.ships[x.id]?.status !== 'sunk')
  if (first) return { ship: first, how: `the first campaign ship of the ${sideNameOf(b.setup, side)} (no campaign ship's boarders are recorded taking her)` }
  return null
}

/** Her side's marine points ashore at the end (they cannot be told apart by ship). */
const ashoreOf = (b: Battle, side: string) => b.state.land.filter((l) => l.side === side).reduce((n, l) => n + l.points, 0)

/** One ship's proposed line, with the words of how each part was worked out. */
function proposeLine(db: Db, b: Battle, s: ShipSetup): Line {
  const st = b.state.ships[s.id]!
  const battleFate = battleFateOf(b, s)
  const mine = campaignShip(db, s)
  const how: string[] = []
  let fate: AtriliaWriteFate = battleFate
  if (battleFate === 'sunk') how.push('Sunk in the battle (seed 002 §10.2): she is lost.')
  else if (battleFate === 'exited')
    how.push(`Left the map${st.exitedBy ? ` by the ${st.exitedBy} edge` : ''} (§5.11): out of this encounter only, she stays in the campaign ("may be used in subsequent encounters").`)
  else if (battleFate === 'captured') how.push(`Captured: the ${sideNameOf(b.setup, st.marineSide)} have marines aboard her, so they control her (§8.12).`)
  else if (st.crippled || st.sinking) {
    fate = 'crippled'
    how.push(st.sinking ? 'Still sinking when the battle ended: counted crippled (the repair table\u2019s 7+ "becomes crippled"); make her sunk if she went down.' : 'Afloat with her crippled side up (§5.2).')
  } else how.push('Afloat and whole.')

  // Captured: who takes her, and to whom she passes.
  const captor = battleFate === 'captured' ? captorOf(db, b, s) : null
  const prizeOwners = captor ? shipOwners(db, captor.ship.shipId!).map((o) => ({ ownerId: o.ownerId, share: o.share })) : []
  if (battleFate === 'captured') {
    if (captor) {
      const owners = shipOwners(db, captor.ship.shipId!)
      how.push(`Taken by the ${captor.ship.name}: ${captor.how}; she passes to the ${captor.ship.name}'s owners in her shares (${listing(owners.map((o) => `${o.name} ${o.share}%`))}).`)
    } else if (mine) how.push('No campaign ship took her: she leaves her owners for the outside world.')
    else how.push('No campaign ship took her: nothing is written to the campaign.')
  }

  // Repair: crippled at the end (captured ships are flipped to crippled, §8.11).
  const newPrize = !mine && captor !== null
  const needsRepair = st.status !== 'sunk' && st.crippled && (mine !== null ? battleFate !== 'captured' || captor !== null : newPrize)
  if (needsRepair) {
    const rules = getRule(db, 'repairsAtrilia')
    how.push(`Crippled at the end: she needs ${repairDaysText(rules.days)} in a friendly port and ${rules.pricePercent}% of her price (rules guide §3), done by the clock.`)
  }

  // Marines and wizards.
  const carried = s.marines
  const aboard = st.marineSide === s.side ? st.marines : 0
  let marinesLost = battleFate === 'sunk' ? carried : Math.max(0, carried - aboard)
  if (battleFate === 'captured' && mine) marinesLost = carried
  const prizeMarines = newPrize && st.marineSide ? st.marines : 0
  if (carried > 0 || prizeMarines > 0) {
    if (battleFate === 'sunk') how.push(`Her ${points(carried)} went down with her (§10.2).`)
    else if (newPrize) how.push(`The ${captor!.ship.name}'s boarders aboard her at the end (${points(prizeMarines)}) stay aboard as her marines.`)
    else how.push(`Carried ${points(carried)} into the battle, ${aboard} aboard her at the end: ${marinesLost} lost.`)
    const ashore = mine && battleFate !== 'sunk' ? ashoreOf(b, s.side) : 0
    if (ashore > 0 && marinesLost > 0) how.push(`${points(ashore)} of her side are ashore at the end, counted lost; lower the number if hers re-embark.`)
  }
  const wizards = mine?.crew.wizards ?? null
  const wizardsCarried = s.wizards ? (mine ? (wizards?.kind === s.wizards ? wizards.count : 0) : 1) : 0
  let wizardsLost = 0
  if (wizardsCarried > 0) {
    const w = b.state.wizards.find((x) => x.id === `${s.id}-wizards`)
    const leftWithHer = st.status === 'exited' && aboard > 0
    const lost = battleFate === 'sunk' || (battleFate === 'captured' && mine !== null) || (w?.at === null && !leftWithHer) || (mine !== null && (mine.crew.marines - marinesLost <= 0))
    wizardsLost = lost ? wizardsCarried : 0
    const kind = s.wizards!
    how.push(
      lost
        ? `${wizardsCarried === 1 ? `Her ${WIZARD_NAMES[kind].one} was` : `Her ${wizardWords(kind, wizardsCarried)} were`} lost with her marines (§9.1: a ship that loses all her marines loses her wizards too).`
        : `${wizardsCarried === 1 ? `Her ${WIZARD_NAMES[kind].one}` : `Her ${wizardWords(kind, wizardsCarried)}`} came through with her marines.`
    )
  }

  // Crew quality (the FAQ).
  const qualityBefore = mine ? mine.crew.quality : s.crewQuality
  let qualityAfter = qualityBefore
  const survived = fate === 'afloat' || fate === 'crippled' || fate === 'exited'
  if (mine && survived) {
    const q = qualityAfterBattle(mine.crew, { survived: true })
    qualityAfter = q.quality
    how.push(`Crew quality: ${q.why.charAt(0).toLowerCase()}${q.why.slice(1)}${q.changed ? ` ${crewQualityLabel(qualityBefore)} → ${crewQualityLabel(q.quality)}.` : ''}`)
  } else if (newPrize) how.push(`Her rowers stay aboard, ${crewQualityLabel(qualityBefore).toLowerCase()} as she fought.`)

  return {
    ship: s.id,
    name: s.name,
    side: s.side,
    shipId: s.shipId ?? null,
    fate,
    battleFate,
    crippledAtEnd: st.crippled,
    needsRepair,
    marinesCarried: carried,
    marinesLost,
    wizardsCarried,
    wizardsLost,
    qualityBefore,
    qualityAfter,
    captorShipId: captor?.ship.shipId ?? null,
    prizeOwners,
    prizeMarines,
    how
  }
}

interface StoredResult {
  lines: Line[]
  applied: { ship: string; shipId: number | null; text: string }[]
  winner: string | null
}

export function reviewAtriliaBattle(db: Db, battleId: number): AtriliaBattleReview {
  const b = loadAtrilia(db, battleId)
  const winner = b.state.outcome?.winner ? sideNameOf(b.setup, b.state.outcome.winner) : null
  if (b.row.status === 'concluded' && b.row.result) {
    const r = JSON.parse(b.row.result) as StoredResult
    return { ruleset: 'atrilia', battleId, concluded: true, winner: r.winner, lines: r.lines, applied: r.applied }
  }
  return { ruleset: 'atrilia', battleId, concluded: b.row.status === 'concluded', winner, lines: b.setup.ships.map((s) => proposeLine(db, b, s)), applied: [] }
}

function refuse(field: string, message: string): never {
  throw new CommandError('invalid_input', `${field}: ${message}`, { field, issues: [{ field, message }] })
}

const ownerName = (db: Db, id: number) => (id === WORLD_OWNER_ID ? 'the outside world' : ((stmt(db, `SELECT name FROM owner WHERE id = ?`).get(id) as { name: string } | undefined)?.name ?? null))

/** Check the GM's lines against the battle and the campaign; every field the proposal reads is taken from the battle. */
function checkLines(db: Db, b: Battle, given: Line[] | undefined): Line[] {
  return checkAtrilianLines(db, b.setup.ships, b.setup.ships.map((s) => proposeLine(db, b, s)), given)
}

/**
 * The GM's Atrilian lines checked against the ships of a battle and what the review proposed for them (a
 * bad value refused naming its field): the hex battle's own review, and an Atrilian encounter fought under
 * other rules by conversion (./conversion-atrilia.ts, issue 21), whose ships are read the same way.
 */
export function checkAtrilianLines(db: Db, ships: Pick<ShipSetup, 'id' | 'name' | 'shipId'>[], proposed: Line[], given: Line[] | undefined): Line[] {
  if (!given) return proposed
  const b = { setup: { ships } }
  const seen = new Set<string>()
  const byShip = new Map<string, Line>()
  given.forEach((l, i) => {
    const f = `lines.${i}`
    const s = b.setup.ships.find((x) => x.id === l.ship)
    if (!s) refuse(`${f}.ship`, `there is no ship "${l.ship}" in this battle.`)
    if (seen.has(s.id)) refuse(`${f}.ship`, `the ${s.name} has two lines.`)
    seen.add(s.id)
    if ((s.shipId ?? null) !== l.shipId) {
      refuse(`${f}.shipId`, s.shipId === undefined ? `the ${s.name} is not a campaign ship (it must be null).` : `the ${s.name} is campaign ship ${s.shipId}: a line writes back to its own ship only.`)
    }
    const p = proposed.find((x) => x.ship === s.id)!
    const carried = p.marinesCarried ?? 0
    if (l.marinesLost > carried) refuse(`${f}.marinesLost`, `more than the ${points(carried)} she carried.`)
    const wiz = p.wizardsCarried ?? 0
    if (l.wizardsLost > wiz) refuse(`${f}.wizardsLost`, wiz === 0 ? 'she carried no wizards.' : `more than the ${wiz} wizard${wiz === 1 ? '' : 's'} she carried.`)
    if (l.fate === 'sunk' && l.needsRepair) refuse(`${f}.needsRepair`, 'a sunk ship is not repaired.')
    if (l.fate !== 'captured' && l.prizeOwners.length) refuse(`${f}.prizeOwners`, 'only a captured ship passes to new owners.')
    if (l.prizeOwners.length) {
      const problem = prizeOwnersProblem(l.prizeOwners)
      if (problem) refuse(`${f}.prizeOwners`, `${problem}.`)
      l.prizeOwners.forEach((o, k) => {
        if (ownerName(db, o.ownerId) === null) refuse(`${f}.prizeOwners.${k}.ownerId`, `there is no owner with id ${o.ownerId}.`)
      })
    }
    if (l.fate === 'captured' && s.shipId === undefined && l.prizeOwners.length && p.captorShipId === null) {
      refuse(`${f}.prizeOwners`, `no campaign ship captured the ${s.name}: she cannot be taken into the campaign.`)
    }
    const mine = campaignShip(db, s)
    if (mine && (l.fate === 'afloat' || l.fate === 'crippled' || l.fate === 'exited')) {
      const marinesLeft = mine.crew.marines - l.marinesLost
      const wizardsLeft = (p.wizardsCarried ?? 0) - l.wizardsLost
      if (marinesLeft <= 0 && wizardsLeft > 0) {
        refuse(`${f}.wizardsLost`, `with none of her marines left, her wizards are lost too (seed 002 §9.1): make it ${p.wizardsCarried}.`)
      }
    }
    if (l.fate === 'afloat' && l.needsRepair) refuse(`${f}.needsRepair`, 'a ship afloat and whole needs no repair: make her crippled.')
    if (l.fate === 'crippled' && !l.needsRepair) refuse(`${f}.needsRepair`, 'a crippled ship needs repair.')
    // What the battle says is read again; the GM's choices are kept.
    byShip.set(s.id, {
      ...p,
      fate: l.fate,
      needsRepair: l.needsRepair,
      marinesLost: l.marinesLost,
      wizardsLost: l.wizardsLost,
      qualityAfter: l.qualityAfter,
      prizeOwners: l.prizeOwners,
      how: p.how
    })
  })
  const missing = b.setup.ships.filter((s) => s.shipId !== undefined && !seen.has(s.id))
  if (missing.length) {
    refuse('lines', `give a line for every campaign ship (${listing(missing.map((s) => `the ${s.name}`))} ${missing.length === 1 ? 'has' : 'have'} none).`)
  }
  return proposed.map((p) => byShip.get(p.ship) ?? p)
}

/**
 * What concluding writes to an Atrilian campaign ship for her line (seed 002 §10.2 sunk, §8.11 captured, §5.2
 * crippled, §7 and §9.1 marines and wizards, the FAQ's crew quality), the words of each change in her record
 * returned (and what the toast says pushed onto `ctx.said`). Shared by the hex battle's write-back and an
 * Atrilian encounter fought under other rules by conversion (issue 21).
 */
export function writeAtrilianShip(
  db: Db,
  mine: { id: number; name: string; crew: AtrilianCrewState },
  l: Line,
  ctx: { battleId: number; battleName: string; capturedBy: string; today: number; said: string[] }
): string[] {
  const { today, said } = ctx
  const name = ctx.battleName
  const currency = currencyOf(db)
  const texts: string[] = []
  const c = mine.crew
  if (l.fate === 'sunk') {
    stmt(db, `UPDATE ship SET status = 'sunk', location = NULL WHERE id = ?`).run(mine.id)
    setCompany(db, mine.id, { port_id: null })
    clearRepair(db, mine.id)
    texts.push(`Sunk in the ${name}`)
    said.push(`the ${mine.name} sunk`)
  } else if (l.fate === 'captured') {
    const owners = l.prizeOwners.length ? l.prizeOwners : [{ ownerId: WORLD_OWNER_ID, share: 100 }]
    setOwners(db, mine.id, owners)
    recordCaptor(db, mine.id, l.prizeOwners.length ? (l.captorShipId ?? null) : null, ctx.battleId)
    stmt(db, `UPDATE atrilian_ship SET marines = 0, wizards = NULL, wizard_count = 0 WHERE ship_id = ?`).run(mine.id)
    if (l.needsRepair && l.prizeOwners.length) markCrippled(db, mine.id, today)
    else clearRepair(db, mine.id)
    const who = ownersWords(db, owners)
    texts.push(`Captured in the ${name} by the ${ctx.capturedBy}: she now belongs to ${who}`)
    said.push(`the ${mine.name} captured`)
  } else {
    // Afloat, crippled or off the map: she stays in the campaign.
    const marines = Math.max(0, c.marines - l.marinesLost)
    const wizardsLeft = c.wizards ? Math.max(0, c.wizards.count - l.wizardsLost) : 0
    const keepWizards = marines > 0 && wizardsLeft > 0
    stmt(db, `UPDATE atrilian_ship SET marines = ?, wizards = ?, wizard_count = ?, quality = ?, battles = battles + 1 WHERE ship_id = ?`).run(
      marines,
      keepWizards ? c.wizards!.kind : null,
      keepWizards ? wizardsLeft : 0,
      l.qualityAfter,
      mine.id
    )
    const bits = [l.fate === 'exited' ? `Fought the ${name} and left the map` : `Fought the ${name}`]
    if (l.marinesLost) bits.push(`${points(l.marinesLost)} lost (${marines} aboard)`)
    if (c.wizards && c.wizards.count - (keepWizards ? wizardsLeft : 0) > 0) bits.push(`${wizardWords(c.wizards.kind, c.wizards.count - (keepWizards ? wizardsLeft : 0))} lost`)
    texts.push(bits.join(': '))
    if (l.qualityAfter !== c.quality) {
      texts.push(`Her crew is now ${crewQualityLabel(l.qualityAfter).toLowerCase()} (${c.battles + 1} battle${c.battles === 0 ? '' : 's'} behind it)`)
      said.push(`the ${mine.name}'s crew ${crewQualityLabel(l.qualityAfter).toLowerCase()}`)
    }
    if (l.needsRepair) {
      const r = markCrippled(db, mine.id, today)
      const p = repairPriceOf(db, mine.id)
      texts.push(`Crippled: she needs ${p.daysText} in a friendly port and ${fmt(p.cost)} ${currency}${r.port ? `; repairing in ${r.port} from today` : ''}`)
      said.push(`the ${mine.name} crippled`)
    } else clearRepair(db, mine.id)
    if (l.fate === 'exited' && !l.needsRepair) said.push(`the ${mine.name} off the map`)
  }
  for (const t of texts) addShipEvent(db, mine.id, today, t)
  return texts
}

/**
 * A captured ship that was not a campaign ship taken in as a prize (§8.11): a new Atrilian ship of her type and
 * improvements (origin 'prize'), in port where her captor `l.captorShipId` lies (else at sea), owned by
 * `l.prizeOwners`, her rowers aboard at the crew quality she fought with, the boarders (`l.prizeMarines`) as her
 * marines, her captor recorded, crippled when `l.needsRepair`. Shared by the hex battle's write-back and an
 * Atrilian encounter fought in range bands by conversion (issue 21). Returns her id and the words of her record.
 */
export function takeAtrilianPrize(
  db: Db,
  s: Pick<ShipSetup, 'name' | 'type' | 'size' | 'ram' | 'corvus' | 'castle' | 'catapult' | 'ballista'> & { nation: Nation },
  l: Line,
  ctx: { battleId: number; battleName: string; today: number }
): { shipId: number; text: string } {
  const captorId = l.captorShipId!
  const improvements: AtrilianDesign['improvements'] = {}
  if (s.corvus) improvements.corvus = true
  if (s.castle) improvements.castle = true
  if (s.catapult) improvements.catapult = true
  if (s.ballista) improvements.ballista = true
  const design: AtrilianDesign = { type: s.type as AtrilianDesign['type'], improvements }
  if (s.type === 'baghla' && s.size >= 1) design.improved = true
  const galley = /galley/i.test(s.type)
  if (s.ram && !galley) improvements.ram = true
  const crew = quoteAtrilianFor(db, design).derived.crew
  const captor = stmt(db, `SELECT name, status, location FROM ship WHERE id = ?`).get(captorId) as { name: string; status: string; location: string | null }
  const status = captor.status === 'port' ? 'port' : 'sea'
  const newId = Number(
    stmt(db, `INSERT INTO ship (name, design, status, origin, cost, crew, powder_tons, location) VALUES (?, ?, ?, 'prize', 0, ?, 0, ?)`).run(
      s.name,
      JSON.stringify(design),
      status,
      crew,
      status === 'port' ? captor.location : null
    ).lastInsertRowid
  )
  stmt(db, `INSERT INTO atrilian_ship (ship_id, nation, quality, marines) VALUES (?, ?, ?, ?)`).run(newId, s.nation, l.qualityAfter, l.prizeMarines ?? 0)
  if (status === 'port') setCompany(db, newId, { port_id: companyOf(db, captorId).port_id })
  setOwners(db, newId, l.prizeOwners)
  recordCaptor(db, newId, captorId, ctx.battleId)
  if (l.needsRepair) markCrippled(db, newId, ctx.today)
  const who = ownersWords(db, l.prizeOwners)
  const text = `Taken as a prize in the ${ctx.battleName} by the ${captor.name}, for ${who}: a ${nationLabel(s.nation)} ship with ${crew} rowers${l.prizeMarines ? ` and the boarders (${points(l.prizeMarines)}) aboard as her marines` : ''}${l.needsRepair ? '; crippled, she needs repair' : ''}`
  addShipEvent(db, newId, ctx.today, text)
  return { shipId: newId, text }
}

/** Conclude an Atrilian battle: check the (edited) review, then write it all back. */
export function concludeAtriliaBattle(db: Db, input: { battleId: number; lines?: Line[] }): { battleId: number; name: string; winner: string | null; applied: { participantId: string; shipId: number | null; text: string }[]; said: string } {
  const b = loadAtrilia(db, input.battleId)
  if (b.row.status !== 'active') throw new CommandError('rule', `The ${b.row.name} is already concluded.`, { status: b.row.status })
  const lines = checkLines(db, b, input.lines)
  const today = currentDay(db)
  const name = theBattle(b.row.name).replace(/^the /, '')
  const currency = currencyOf(db)
  const applied: { participantId: string; shipId: number | null; text: string }[] = []
  const stored: StoredResult['lines'] = []
  const said: string[] = []

  for (const l of lines) {
    const s = b.setup.ships.find((x) => x.id === l.ship)!
    const mine = campaignShip(db, s)
    if (mine && !GONE.includes(mine.status as never)) {
      const texts = writeAtrilianShip(db, mine, l, { battleId: b.row.id, battleName: name, capturedBy: sideNameOf(b.setup, b.state.ships[s.id]?.marineSide ?? null), today, said })
      applied.push({ participantId: s.id, shipId: mine.id, text: texts.join('. ') })
      stored.push({ ...l })
    } else if (!mine && s.shipId === undefined && l.fate === 'captured' && l.prizeOwners.length && l.captorShipId) {
      const nation = (s.nation ?? b.setup.sides.find((x) => x.id === s.side)?.nation ?? 'other') as Nation
      const prize = takeAtrilianPrize(db, { ...s, nation }, l, { battleId: b.row.id, battleName: name, today })
      applied.push({ participantId: s.id, shipId: prize.shipId, text: prize.text })
      stored.push({ ...l, prizeShipId: prize.shipId })
      said.push(`the ${s.name} taken as a prize`)
    } else stored.push({ ...l })
  }

  const winner = b.state.outcome?.winner ? sideNameOf(b.setup, b.state.outcome.winner) : null
  const result: StoredResult = {
    lines: stored,
    applied: applied.map((a) => ({ ship: a.participantId, shipId: a.shipId, text: a.text })),
    winner
  }
  stmt(db, `UPDATE battle SET status = 'concluded', concluded_day = ?, result = ? WHERE id = ?`).run(today, JSON.stringify(result), b.row.id)
  battleConcluded(db, b.row.id) // a voyage's battle: the voyage takes its results, through its hook
  const won = winner ? `, won by the ${winner}` : ''
  const text = applied.length ? `Concluded the ${name}${won}: ${listing(said.length ? said : ['the campaign ships written back'])}` : `Concluded the ${name}${won} (nothing written to the campaign)`
  return { battleId: b.row.id, name: b.row.name, winner, applied, said: text }
}
