import type { z } from 'zod'
import type { AtriliaReviewLine, BattleReview } from '../../shared/commands/battles'
import type { ConversionView, GalleysAdjustment } from '../../shared/commands/conversion'
import { ATRILIA_HIGH_SEAS_DEF, type AtriliaHighSeas } from '../../shared/conversion/tables'
import { atriliaToHighSeas, highSeasToAtrilia, type HighSeasNumbers } from '../../shared/conversion/atrilia-high-seas'
import { EncounterBattleChoices, type FleetProfile, type FleetShip } from '../../shared/atrilia/encounter-setup'
import { shipTypeOf } from '../../shared/atrilia/shipyard'
import { crewQualityLabel, qualityAfterBattle, WIZARD_NAMES } from '../../shared/atrilia/crew'
import { BattleSetup, type ParticipantSetupInput } from '../../shared/highseas/types'
import { CommandError } from '../../shared/errors'
import type { DiceBox } from '../../shared/dice/roll'
import { stmt, type Db } from '../campaign/sqlite'
import { getRule } from '../campaign-core/rules'
import { currentDay } from '../campaign-core/clock-state'
import { battleConcluded } from '../campaign-core/battle-seam'
import { encounterFleets, fightAtrilianEncounter } from '../atrilia/voyages'
import { fightVoyageEncounter } from '../theah/voyages'
import { GONE, listing, shipOwners } from '../theah/shipyard'
import { battleRules, insertHighSeasBattle, seedFromDice } from './battles'
import { campaignShip, checkAtrilianLines, takeAtrilianPrize, writeAtrilianShip } from './atrilia-review'
import { RULES_NAME, adjustedKeys, adjustmentsFor, underCampaign } from './conversion'
import { captorShipOf, fateOf } from './review'
import { loadBattle, theBattle } from './rows'

/**
 * An Atrilia campaign's encounter fought under other rules (issue 21). In High Seas range bands: the
 * squadron's Atrilian ships and the encounter's (as the hex battle reads them, src/main/atrilia/voyages.ts
 * `encounterFleets`) measured in High Seas numbers by the campaign's `conversionAtriliaHighSeas` table
 * (src/shared/conversion/atrilia-high-seas.ts) with the GM's adjustments, the High Seas battle started and
 * linked to the voyage, the conversion kept on `battle.conversion`; concluding reads each ship's High Seas
 * end (status, hull damage, crew lost) back into the Atrilian review's line (fate, repair, marines and
 * wizards lost, crew quality) and writes it as the hex battle's write-back does (./atrilia-review.ts). On
 * the hex map (the setting's own rules) nothing is converted: the fight is the voyage's own.
 *
 * House defaults (issue 21), in the README's rule notes: the battle opens at medium range in clear weather;
 * the squadron's ships sail as merchantmen would (the GM orders them; handed to the computer they evade),
 * the encounter's as corsairs (they close and board when their fighters outnumber the prey's); every crew
 * counts as a merchant crew (the Trained Fighters table's), her marines as Trained Fighters. A ship of the
 * encounter captured by a campaign ship (the ship the High Seas battle records taking her, else the one
 * grappled or in melee with her, else the squadron's first, as a High Seas review reads it: ./review.ts)
 * becomes a prize as the hex battle's does (./atrilia-review.ts): a new Atrilian ship of her type owned by
 * the captor's owners in the captor's shares, her rowers aboard, crippled (§8.11 flips a captured ship); the
 * High Seas battle does not say which of the captor's fighters stay aboard her, so no boarders are counted
 * as her marines (a house default).
 */

type Adjustment = z.output<typeof GalleysAdjustment>
type Line = AtriliaReviewLine

const SIDE = { squadron: 'ours', encounter: 'them' } as const

/** What the battle row keeps of the conversion. */
interface Stored {
  from: 'atrilia'
  ruleset: 'highseas'
  voyageId: number
  table: AtriliaHighSeas
  sides: { ours: string; them: string }
  ships: { ship: string; name: string; side: 'ours' | 'them'; shipId: number | null; profile: FleetProfile; hullPoints: number; crew: number }[]
}

const OWN_NOTE = 'Fought on the Atrilian hex map, the Atrilia setting’s own rules: nothing is converted, the battle is the voyage’s own fight (seed 002), set up as the hex battle’s defaults set it up.'
const HS_NOTES = [
  'House default: the battle opens at medium range in clear weather.',
  'House default: the squadron’s ships sail as merchantmen would (the GM orders them; handed to the computer they evade); the encounter’s as corsairs, closing to board when their fighters outnumber the prey’s.',
  'House default: every crew counts as a merchant crew of the Trained Fighters table; her marines are Trained Fighters. A ship too small for a naval battle (size 0, seed 002 §2) stays out of it.',
  'House default: a ship of the encounter taken by a squadron ship becomes a prize of that ship’s owners, her rowers aboard and crippled (seed 002 §8.11); the range bands do not say which boarders stay aboard her, so none are counted as her marines.'
]

const bad = (field: string, message: string): never => {
  throw new CommandError('invalid_input', `${field}: ${message}.`, { field, issues: [{ field, message }] })
}

/** The ships that can fight (size 1 and up, seed 002 §2), each with her side. */
function fleetsOf(db: Db, voyageId: number) {
  const f = encounterFleets(db, voyageId)
  const ships = [
    ...f.squadron.ships.map((x) => ({ ...x, side: 'ours' as const })),
    ...f.encounter.ships.map((x) => ({ ...x, side: 'them' as const }))
  ].filter((x): x is FleetShip & { side: 'ours' | 'them'; profile: FleetProfile } => x.profile !== null)
  for (const side of ['ours', 'them'] as const) {
    if (!ships.some((x) => x.side === side)) {
      throw new CommandError('rule', `None of ${side === 'ours' ? 'the squadron’s' : 'the encounter’s'} ships can fight: each is too small for a naval battle (size 0, seed 002 §2).`, { field: 'voyageId' })
    }
  }
  return { ...f, ships }
}

function refuseOther(ruleset: string): never {
  throw new CommandError(
    'rule',
    `An Atrilian encounter is fought on the Atrilian hex map or in High Seas range bands: there is no conversion of Atrilian ships to the ${RULES_NAME[ruleset as keyof typeof RULES_NAME] ?? ruleset} rules.`,
    { field: 'ruleset' }
  )
}

/** One ship's High Seas numbers: the conversion, her type checked against the campaign's catalogue. */
function numbersOf(db: Db, x: { name: string; profile: FleetProfile }, i: number): HighSeasNumbers {
  const type = shipTypeOf(getRule(db, 'atriliaShips'), x.profile.type)
  if (!type) bad('ruleset', `the ${x.name} (ship ${i + 1}) is of a type the Atrilian ships table does not have (“${x.profile.type}”): her High Seas numbers are not known`)
  return atriliaToHighSeas(x.profile, type!, getRule(db, 'conversionAtriliaHighSeas'))
}

const HS_KEYS = ['hullPoints', 'riggingPoints', 'size', 'handling', 'speed', 'threatRating', 'crew', 'marines'] as const

/** The preview of an Atrilian encounter under the rules chosen. */
export function atrilianEncounterConversion(db: Db, input: { voyageId: number; ruleset: string; adjustments: Adjustment[] }): ConversionView {
  if (input.ruleset !== 'highseas' && input.ruleset !== 'atrilia') refuseOther(input.ruleset)
  const ruleset = input.ruleset as 'highseas' | 'atrilia'
  const f = fleetsOf(db, input.voyageId)
  const own = ruleset === 'atrilia'
  const adj = adjustmentsFor(input.adjustments, f.ships.map((x) => x.id), ruleset, own)
  const catalogue = getRule(db, 'atriliaShips')
  return {
    ruleset,
    rulesetName: RULES_NAME[ruleset],
    tableTitle: own ? 'No conversion: the setting’s own rules' : ATRILIA_HIGH_SEAS_DEF.title,
    tableSource: own ? 'The Atrilian Naval Rules (seed 002) are the Atrilia setting’s own battle rules.' : ATRILIA_HIGH_SEAS_DEF.source,
    setting: 'atrilia',
    converted: !own,
    notes: own ? [OWN_NOTE] : HS_NOTES,
    voyageId: input.voyageId,
    encounter: f.waiting.encounter.label,
    ships: f.ships.map((x, i) => {
      const a = adj.get(x.id)
      const p = x.profile
      const improvements: string[] = [...(['ram', 'corvus', 'castle', 'catapult'] as const).filter((k) => p[k]), ...(p.ballista ? ['ballista'] : [])]
      const base = {
        ship: x.id,
        name: x.name,
        side: x.side,
        shipId: x.shipId,
        fromAtrilia: {
          type: p.type,
          typeName: shipTypeOf(catalogue, p.type)?.name ?? p.type,
          size: p.size,
          crewQuality: p.crewQuality,
          marines: p.marines,
          improvements
        },
        adjusted: adjustedKeys(a, ruleset)
      }
      if (own) return { ...base, fights: {} }
      const n = numbersOf(db, x, i)
      const fights: Record<string, number> = {}
      for (const k of HS_KEYS) fights[k] = a?.[k] ?? n[k].value
      if (fights.marines! > fights.crew!) {
        // Everyone aboard counts her marines (seed 003 I): never fewer aboard than her marines.
        const k = input.adjustments.findIndex((y) => y.ship === x.id)
        bad(`adjustments.${k}.${a?.marines !== undefined ? 'marines' : 'crew'}`, `the ${x.name} would carry ${fights.marines} marines with ${fights.crew} aboard: everyone aboard counts her marines`)
      }
      return {
        ...base,
        highSeas: {
          hull: n.hull,
          hullPoints: n.hullPoints,
          riggingPoints: n.riggingPoints,
          size: n.size,
          handling: n.handling,
          speed: n.speed,
          threatRating: n.threatRating,
          crew: n.crew,
          marines: n.marines,
          oars: n.oars
        },
        fights
      }
    })
  }
}

/** Fight the waiting Atrilian encounter under the rules chosen, the battle linked to the voyage. */
export function fightAtrilianEncounterUnder(
  db: Db,
  input: { voyageId: number; ruleset: string; adjustments: Adjustment[]; note?: string | undefined },
  dice: (given?: readonly number[]) => DiceBox
): { battleId: number; voyageId: number; text: string } {
  const view = atrilianEncounterConversion(db, input)
  if (input.ruleset === 'atrilia') {
    const out = fightAtrilianEncounter(db, { voyageId: input.voyageId, ...(input.note ? { note: input.note } : {}), ...EncounterBattleChoices.parse({}) }, dice)
    return { battleId: out.battleId, voyageId: input.voyageId, text: out.text }
  }
  const f = fleetsOf(db, input.voyageId)
  const out = fightVoyageEncounter(db, input.voyageId, input.note, (encounter) => {
    const seed = seedFromDice(dice())
    const name = `Battle at sea: ${f.waiting.name}`.slice(0, 80)
    const participants: ParticipantSetupInput[] = view.ships.map((s) => {
      const x = f.ships.find((y) => y.id === s.ship)!
      const n = s.fights as Record<(typeof HS_KEYS)[number], number>
      return {
        id: s.ship,
        name: s.name.slice(0, 80),
        side: x.side,
        kind: 'ship',
        hull: s.highSeas!.hull as ParticipantSetupInput['hull'],
        crewKind: 'merchant',
        hullPoints: n.hullPoints,
        riggingPoints: n.riggingPoints,
        speed: n.speed,
        handling: n.handling,
        size: n.size,
        threatRating: n.threatRating,
        guns: { port: 0, starboard: 0, chasers: 0, stern: 0 },
        crew: n.crew,
        marines: n.marines,
        powderTons: 0,
        oars: s.highSeas!.oars,
        control: x.side === 'ours' ? 'gm' : 'ai',
        behaviour: x.side === 'ours' ? 'merchant' : 'corsair'
      }
    })
    const parsed = BattleSetup.safeParse({ name, participants, range: 'medium', weather: 'clear', seed, rules: battleRules(db) })
    if (!parsed.success) {
      const list = parsed.error.issues.map((i) => ({ field: ['setup', ...i.path.map(String)].join('.'), message: i.message }))
      throw new CommandError('invalid_input', list.map((i) => `${i.field}: ${i.message}`).join('; '), { field: list[0]!.field, issues: list })
    }
    const { battleId } = insertHighSeasBattle(db, parsed.data, {})
    const stored: Stored = {
      from: 'atrilia',
      ruleset: 'highseas',
      voyageId: input.voyageId,
      table: getRule(db, 'conversionAtriliaHighSeas'),
      sides: { ours: f.squadron.name, them: f.encounter.name },
      ships: participants.map((p) => {
        const x = f.ships.find((y) => y.id === p.id)!
        return { ship: p.id, name: p.name, side: x.side, shipId: x.shipId, profile: x.profile, hullPoints: p.hullPoints, crew: p.crew }
      })
    }
    stmt(db, `UPDATE battle SET conversion = ? WHERE id = ?`).run(JSON.stringify(stored), battleId)
    return { battleId, text: `Fought ${encounter.label} in High Seas range bands, the ships converted from their Atrilian numbers` }
  })
  return { battleId: out.battleId, voyageId: input.voyageId, text: out.text }
}

function storedOf(db: Db, battleId: number): Stored | null {
  const r = stmt(db, `SELECT conversion FROM battle WHERE id = ?`).get(battleId) as { conversion: string | null } | undefined
  if (!r?.conversion) return null
  const s = JSON.parse(r.conversion) as Stored | { from: string }
  return s.from === 'atrilia' ? (s as Stored) : null
}

/** The battle was an Atrilian encounter fought in range bands by conversion. */
export const isAtrilianConverted = (db: Db, battleId: number): boolean => storedOf(db, battleId) !== null

const points = (n: number) => `${n} point${n === 1 ? '' : 's'} of marines`

/** Each ship's Atrilian line read back from the High Seas battle, with how it was converted. */
function proposeLines(db: Db, battleId: number, stored: Stored): Line[] {
  const b = loadBattle(db, battleId)
  const title = ATRILIA_HIGH_SEAS_DEF.title
  return stored.ships.map((s) => {
    const st = b.state.participants[s.ship]!
    const fate0 = fateOf(st.status, st.capturedBy)
    const mine = campaignShip(db, { shipId: s.shipId ?? undefined })
    const marinesCarried = mine ? mine.crew.marines : s.profile.marines
    const back = highSeasToAtrilia(
      { status: fate0, hullDamage: st.hullDamage, hullPoints: s.hullPoints, crewLost: Math.max(0, s.crew - st.crew), crewAtStart: s.crew, marinePoints: marinesCarried },
      stored.table
    )
    const how = [`Fought in High Seas range bands: read back by the table “${title}” (a house default).`, ...back.how]
    let marinesLost = back.marinesLost.value
    if (back.fate === 'sunk' || (back.fate === 'captured' && mine)) {
      // Seed 002 §10.2: her marines go down with her; taken, they are lost to the campaign with her (as the hex battle's write-back has it).
      marinesLost = marinesCarried
      how.splice(how.findIndex((h) => h.startsWith('Marines: ')), 1, `Marines: all ${points(marinesCarried)} lost with her${back.fate === 'sunk' ? ' (seed 002 §10.2)' : ''}.`)
    }
    const needsRepair = back.fate === 'crippled'
    if (needsRepair) {
      const rules = getRule(db, 'repairsAtrilia')
      how.push(`Crippled: she needs repair in a friendly port, ${rules.pricePercent}% of her price (rules guide §3), done by the clock.`)
    }
    const wizards = mine?.crew.wizards ?? null
    const wizardsCarried = wizards ? wizards.count : 0
    let wizardsLost = 0
    if (wizards && wizardsCarried > 0) {
      const lost = back.fate === 'sunk' || back.fate === 'captured' || mine!.crew.marines - marinesLost <= 0
      wizardsLost = lost ? wizardsCarried : 0
      const many = wizardsCarried === 1 ? WIZARD_NAMES[wizards.kind].one : `${wizardsCarried} ${WIZARD_NAMES[wizards.kind].many}`
      how.push(lost ? `Her ${many} lost with her marines (seed 002 §9.1).` : `Her ${many} came through with her marines.`)
    }
    const qualityBefore = mine ? mine.crew.quality : s.profile.crewQuality
    let qualityAfter = qualityBefore
    if (mine && (back.fate === 'afloat' || back.fate === 'crippled' || back.fate === 'exited')) {
      const q = qualityAfterBattle(mine.crew, { survived: true })
      qualityAfter = q.quality
      how.push(`Crew quality: ${q.why.charAt(0).toLowerCase()}${q.why.slice(1)}${q.changed ? ` ${crewQualityLabel(qualityBefore)} → ${crewQualityLabel(q.quality)}.` : ''}`)
    }
    // A ship of the encounter captured: the campaign ship that took her, as a High Seas review reads it (./review.ts).
    // (Named for every ship of the encounter: should the GM make her captured, she is that ship's prize.)
    const captorId = !mine ? captorShipOf(b, s.ship, true, (p) => campaignCaptorId(db, stored, p.id)) : null
    const named = captorId !== null ? campaignShip(db, { shipId: captorId }) : null
    const captor = back.fate === 'captured' ? named : null
    const owners = named ? shipOwners(db, named.id) : []
    const ownersIfTaken = owners.map((o) => ({ ownerId: o.ownerId, share: o.share }))
    const prizeOwners = captor ? ownersIfTaken : []
    if (!mine && back.fate === 'captured') {
      if (captor) {
        how.push(
          `Taken by the ${captor.name}: she passes to the ${captor.name}'s owners in her shares (${listing(owners.map((o) => `${o.name} ${o.share}%`))}).`,
          `Her rowers stay aboard, ${crewQualityLabel(qualityBefore).toLowerCase()} as she fought; none of the ${captor.name}'s marines are counted aboard her (a house default: the range bands do not say which boarders stay).`,
          'Crippled: a captured ship is flipped to her crippled side (§8.11), so she needs repair.'
        )
      } else how.push('No campaign ship took her: nothing is written to the campaign.')
    }
    const battleFate = back.fate === 'crippled' ? 'afloat' : back.fate
    return {
      ship: s.ship,
      name: s.name,
      side: s.side,
      shipId: s.shipId,
      fate: back.fate,
      battleFate,
      crippledAtEnd: back.fate === 'crippled',
      needsRepair: (needsRepair && mine !== null) || captor !== null,
      marinesCarried,
      marinesLost,
      wizardsCarried,
      wizardsLost,
      qualityBefore,
      qualityAfter,
      captorShipId: captorId,
      prizeOwners,
      prizeMarines: 0,
      ...(named && !captor ? { ownersIfCaptured: ownersIfTaken } : {}),
      how
    }
  })
}

/** A High Seas participant's campaign ship, when she is an Atrilian ship still in the campaign (a captor). */
function campaignCaptorId(db: Db, stored: Stored, participantId: string): number | undefined {
  const shipId = stored.ships.find((x) => x.ship === participantId)?.shipId ?? null
  const mine = shipId !== null ? campaignShip(db, { shipId }) : null
  return mine && !GONE.includes(mine.status as never) ? mine.id : undefined
}

/** The review's Atrilian lines of an Atrilian encounter fought in range bands (undefined: not one); once concluded, what was written. */
export function atrilianConvertedReview(db: Db, battleId: number): BattleReview['campaign'] {
  const stored = storedOf(db, battleId)
  if (!stored) return undefined
  const row = stmt(db, `SELECT status, result FROM battle WHERE id = ?`).get(battleId) as { status: string; result: string | null }
  if (row.status === 'concluded' && row.result) return { tableTitle: ATRILIA_HIGH_SEAS_DEF.title, lines: (JSON.parse(row.result) as { lines: Line[] }).lines }
  return { tableTitle: ATRILIA_HIGH_SEAS_DEF.title, lines: proposeLines(db, battleId, stored) }
}

/** Conclude it: the Atrilian lines (absent: as proposed) checked at `campaign.lines.N`, then written to the campaign in one change. */
export function concludeAtrilianConverted(db: Db, battleId: number, given: Line[] | undefined): { battleId: number; said: string; applied: { participantId: string; shipId: number | null; text: string }[] } {
  const stored = storedOf(db, battleId)!
  const b = loadBattle(db, battleId)
  if (b.row.status !== 'active') throw new CommandError('rule', `${theBattle(b.row.name, true)} is already concluded.`, { status: b.row.status })
  const ships = stored.ships.map((s) => ({ id: s.ship, name: s.name, ...(s.shipId !== null ? { shipId: s.shipId } : {}) }))
  const lines = underCampaign(() => checkAtrilianLines(db, ships, proposeLines(db, battleId, stored), given))
  const today = currentDay(db)
  const name = theBattle(b.row.name).replace(/^the /, '')
  const said: string[] = []
  const applied: { participantId: string; shipId: number | null; text: string }[] = []
  for (const l of lines) {
    const s = stored.ships.find((x) => x.ship === l.ship)!
    const mine = s.shipId !== null ? campaignShip(db, { shipId: s.shipId }) : null
    if (mine && !GONE.includes(mine.status as never)) {
      const capturedBy = stored.sides[s.side === 'ours' ? 'them' : 'ours']
      const texts = writeAtrilianShip(db, mine, l, { battleId, battleName: `${name} (fought in High Seas range bands)`, capturedBy, today, said })
      applied.push({ participantId: s.ship, shipId: mine.id, text: texts.join('. ') })
    } else if (s.shipId === null && l.fate === 'captured' && l.prizeOwners.length && l.captorShipId) {
      const prize = takeAtrilianPrize(db, { name: s.name, ...s.profile }, l, { battleId, battleName: `${name} (fought in High Seas range bands)`, today })
      l.prizeShipId = prize.shipId
      applied.push({ participantId: s.ship, shipId: prize.shipId, text: prize.text })
      said.push(`the ${s.name} taken as a prize`)
    } else applied.push({ participantId: s.ship, shipId: null, text: `The ${s.name}: ${l.fate}${l.fate === 'captured' ? ' (no campaign ship took her: not taken into the campaign)' : ''}` })
  }
  const winnerSide = b.state.winner
  const winner = winnerSide === SIDE.squadron ? stored.sides.ours : winnerSide === SIDE.encounter ? stored.sides.them : null
  stmt(db, `UPDATE battle SET status = 'concluded', concluded_day = ?, result = ? WHERE id = ?`).run(
    today,
    JSON.stringify({ lines, applied: applied.map((a) => ({ ship: a.participantId, shipId: a.shipId, text: a.text })), winner }),
    battleId
  )
  battleConcluded(db, battleId) // the voyage takes its results
  const won = winner ? `, won by the ${winner}` : ''
  return {
    battleId,
    applied,
    said: `Concluded the ${name}${won}: ${said.length ? listing(said) : 'the Atrilian ships written back from the High Seas rules'}`
  }
}
