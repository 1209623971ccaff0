import { DiceBox } from '../dice/roll'
import { Rng, seedState } from '../dice/rng'
import {
  cannonTN as cannonTNCalc,
  grappleNeed as grappleNeedCalc,
  observationTN as observationTNCalc,
  recognitionRange as recognitionRangeCalc,
  sightingRange as sightingRangeCalc,
  type CannonTNInput
} from './calc'
import { check, fireArc, decide, fortClamp, gunsOf, handlingOf, isCrippled, isHalfRigging, isTakingWater, prep, sightOf, speedOf, squadsOf } from './core'
import { boxDice, type DiceSource } from './dice'
import type { HighSeasRules } from './tables'
import { leaderHasOverTheSide, resolveTurnImpl } from './turn'
import {
  BATTERIES,
  RANGES,
  type Battery,
  type BattleSetup,
  type BattleState,
  type BTerm,
  type Guns,
  type ParticipantState,
  type ShipOrders,
  type TurnOrders,
  type TurnReport,
  type Weather
} from './types'

/**
 * The High Seas rules engine (seed 003 IV. Of Naval Combat, V. Of Grappling and Boarding, VI. Of
 * Special Situations; sighting from III; the rules guide §1 dice and §2 readings). Pure: a turn is
 * a function of the setup, the state, the orders and the dice; nothing is mutated.
 *
 * Readings chosen where the seed is open (documented in the tests that cite them):
 *  - Each ship rolls her chase dice (Speed) and her circling dice (Handling) at most once a turn and
 *    compares that total with every opponent, as the Brilliant Maneuver roll does.
 *  - Chase dice = current Speed, which already is halved by rigging damage (not halved twice);
 *    circling dice = current Handling, which already includes Hard Turns' +2 (not added twice).
 *  - A captain who rolls for a Brilliant Maneuver beats an opponent who does not (or has no captain).
 *  - Trained Fighters: the fraction applies to the crew less marines and officers, who all fight.
 *  - Pont guns in a melee: the larger side's pont guns, in the first round only.
 *  - A ship at 0 Hull is 'sinking' (still counted for the battle's decision) and goes down at the
 *    end of the second turn after; sinking ships neither move nor fire and are not targets.
 *  - lightMagazine: one 2k2 per ton of powder aboard, a part ton counting as a ton.
 *  - Damage split on ships in a melee: the target takes the larger half, her melee opponent the rest.
 *  - Forts fire each battery they have every turn; forts and towns never move.
 *  - An anchor dragging: −1 Speed, never below 1. Becalmed (1k1 turns, exploding) from the next turn.
 *  - Escape: an evading ship out of sight of every enemy still fighting escapes; a ship that did not
 *    evade stays (she holds the sea). Out-of-sight ranges are stored as 6; Large Battles rule 3
 *    brings a pair back to the sighting range while both see a common third ship.
 *  - Encounters start at the sighting range at most; deep-draft ships never closer than Medium to a fort.
 *  - Fire permissions per pair: evade → stern (+ broadside at a pursuer at Close); bear down →
 *    chasers (+ broadsides at Close, or after a circling contest not lost); circle → broadsides
 *    (chasers/stern only after losing a circle-vs-circle contest by 20+); holding → broadsides at
 *    Close only. Forts and towns fire any battery at any enemy in sight, every turn.
 *  - Friendly pairs move by the same table (Evade is "from all other ships").
 */

export { boxDice, fastDice, type DiceSource } from './dice'
export type { HighSeasRules } from './tables'
export { IllegalOrders } from './core'

// ─── Public calculators ─────────────────────────────────────────────────────────────────────────

export function cannonTN(a: CannonTNInput, rules?: HighSeasRules): { tn: number; breakdown: { label: string; value: number }[] } {
  return cannonTNCalc(a, rules)
}
export function grappleNeed(grapplerSize: number, targetSize: number, rules?: HighSeasRules): { needs: number; chance: number } {
  return grappleNeedCalc(grapplerSize, targetSize, rules)
}
export function sightingRange(weather: Weather, rules?: HighSeasRules): number {
  return sightingRangeCalc(weather, rules)
}
export function recognitionRange(weather: Weather, rules?: HighSeasRules): number {
  return recognitionRangeCalc(weather, rules)
}
export function observationTN(rangeStep: number, rules?: HighSeasRules): number {
  return observationTNCalc(rangeStep, rules)
}
export function hostile(setup: BattleSetup, a: string, b: string): boolean {
  const pa = setup.participants.find((p) => p.id === a)
  const pb = setup.participants.find((p) => p.id === b)
  return !!pa && !!pb && pa.side !== pb.side
}
export function battleOver(state: BattleState): boolean {
  return state.outcome !== 'ongoing'
}
// ─── Start ──────────────────────────────────────────────────────────────────────────────────────

export function startBattle(setup: BattleSetup): BattleState {
  const pre = prep(setup)
  const sight = sightOf(pre, setup.weather ?? 'clear')
  const ranges: Record<string, number> = {}
  for (let i = 0; i < pre.n; i++)
    for (let j = i + 1; j < pre.n; j++) {
      const key = pre.keys[i * pre.n + j]!
      const r = (setup.ranges ?? {})[key] ?? setup.range
      let step = RANGES.indexOf(r)
      // Encounters appear at the sighting range at most (seed 003 III/IV "SCALE").
      if (step > sight) step = sight
      step = fortClamp(pre, i, j, step)
      ranges[key] = step
    }
  const participants: Record<string, ParticipantState> = {}
  const arr: ParticipantState[] = []
  for (const ps of setup.participants) {
    const p: ParticipantState = {
      id: ps.id,
      status: 'active',
      hullDamage: ps.hullDamage ?? 0,
      riggingDamage: ps.riggingDamage ?? 0,
      gunsLost: { port: 0, starboard: 0, chasers: 0, stern: 0 },
      crew: ps.crew,
      marines: ps.marines ?? 0,
      powderTons: ps.powderTons,
      rudderDamage: ps.rudderDamage ?? 0,
      firedOnTurn: { port: -1, starboard: -1, chasers: -1, stern: -1 },
      wetSailsTurns: 0,
      halfSpeedNextTurn: false,
      sailFouled: false,
      anchorDragging: false,
      sinkingIn: null,
      capturedBy: null,
      takenBy: null,
      grappledWith: [],
      recognised: [],
      meleeWith: [],
      powderSpent: 0,
      bombardment: 0,
      fightersLost: 0,
      meleeRound: 0,
      damageDealt: 0
    }
    participants[ps.id] = p
    arr.push(p)
  }
  // Recognition (seed 003 III): ships that start within recognition range know each other.
  const rec = pre.rules.recognition[setup.weather ?? 'clear']
  for (let i = 0; i < pre.n; i++)
    for (let j = i + 1; j < pre.n; j++)
      if (ranges[pre.keys[i * pre.n + j]!]! <= rec) {
        arr[i]!.recognised.push(pre.ids[j]!)
        arr[j]!.recognised.push(pre.ids[i]!)
      }
  const d = decide(pre, arr)
  return {
    turn: 1,
    weather: setup.weather ?? 'clear',
    ranges,
    participants,
    becalmedTurns: 0,
    rng: seedState(setup.seed),
    heroic: [],
    outcome: d.outcome,
    winner: d.winner
  }
}
// ─── Orders ─────────────────────────────────────────────────────────────────────────────────────

export function defaultOrders(_setup: BattleSetup, _state: BattleState, _id: string): ShipOrders {
  return { tactic: 'circle', circleAgainst: [], brilliantManeuver: true, fire: [], strike: false, clearAnchor: false }
}

/** Static legality of one ship's orders: problems (illegal → refused) and notes (legal, but…). */
export function checkOrders(setup: BattleSetup, state: BattleState, id: string, orders: ShipOrders): { problems: string[]; notes: string[] } {
  const pre = prep(setup)
  const problems: string[] = []
  const notes: string[] = []
  const i = pre.idx.get(id)
  if (i === undefined) return { problems: [`there is no participant "${id}" in this battle`], notes }
  check(pre, state, i, orders, problems, notes)
  return { problems, notes }
}
/**
 * Each of a ship's fire orders against the arcs her own orders give her guns this turn (core fireArc):
 * `never` (the battery will hold fire whatever the enemy does) or `unless` (it fires only if the
 * maneuvers go her way). Orders whose battery bears are left out.
 */
export function fireArcs(
  setup: BattleSetup,
  state: BattleState,
  id: string,
  orders: ShipOrders
): { battery: Battery; target: string; never?: string; unless?: string }[] {
  const pre = prep(setup)
  const i = pre.idx.get(id)
  if (i === undefined) return []
  const out: { battery: Battery; target: string; never?: string; unless?: string }[] = []
  for (const f of orders.fire ?? []) {
    const a = fireArc(pre, state, i, orders, f.battery, f.target)
    if (a) out.push({ battery: f.battery, target: f.target, ...a })
  }
  return out
}
// ─── Current stats ──────────────────────────────────────────────────────────────────────────────

export function currentStats(
  setup: BattleSetup,
  state: BattleState,
  id: string
): {
  speed: number
  handling: number
  hullNow: number
  riggingNow: number
  guns: Guns
  crippled: boolean
  takingWater: boolean
  halfRigging: boolean
  fighters: number
  squads: number
  /** Quick combat: the d10 face from which her dice kill a Brute Squad (8 with Over the Side, seed 003 V). */
  boardingKillOn: number
  /** Who leads her boarding and defence parties (her party leader, else her captain). */
  partyLeader: string | null
  reloading: Battery[]
  canFire: boolean
  terms: Record<string, { label: string; value: number }[]>
} {
  const pre = prep(setup)
  const i = pre.idx.get(id)
  const p = state.participants[id]
  if (i === undefined || !p) throw new Error(`no participant "${id}"`)
  const ps = pre.ps[i]!
  const R = pre.rules
  const speedTerms: BTerm[] = []
  const handlingTerms: BTerm[] = []
  const speed = speedOf(ps, p, p.wetSailsTurns > 0, p.halfSpeedNextTurn, state.becalmedTurns > 0, R, speedTerms)
  const handling = handlingOf(ps, p, false, R, handlingTerms)
  const guns: Guns = { port: gunsOf(ps, p, 'port'), starboard: gunsOf(ps, p, 'starboard'), chasers: gunsOf(ps, p, 'chasers'), stern: gunsOf(ps, p, 'stern') }
  const reloading = ps.kind === 'ship' ? BATTERIES.filter((b) => p.firedOnTurn[b] === state.turn - 1) : []
  const fighters = Math.max(0, Math.min(pre.fighters[i]! - p.fightersLost, p.crew))
  const ots = leaderHasOverTheSide(ps)
  const leader = ps.partyLeader?.name ?? ps.captain?.name ?? null
  const boardingKillOn = ots ? R.overTheSideKillOn : R.boardingKillOn
  const boarding: BTerm[] = [{ label: 'a quick-combat die kills a Brute Squad on', value: R.boardingKillOn }]
  if (ots) boarding.push({ label: `Over the Side (${leader ?? 'her party leader'} leads the parties)`, value: R.overTheSideKillOn - R.boardingKillOn })
  return {
    speed,
    handling,
    hullNow: Math.max(0, ps.hullPoints - p.hullDamage),
    riggingNow: Math.max(0, ps.riggingPoints - p.riggingDamage),
    guns,
    crippled: isCrippled(ps, p),
    takingWater: isTakingWater(ps, p),
    halfRigging: isHalfRigging(ps, p),
    fighters,
    squads: squadsOf(pre, i, p),
    boardingKillOn,
    partyLeader: leader,
    reloading,
    canFire: p.powderTons > 0,
    terms: {
      speed: speedTerms,
      handling: handlingTerms,
      fighters: [
        { label: 'Trained Fighters at the start', value: pre.fighters[i]! },
        { label: 'lost in melee', value: -p.fightersLost }
      ],
      boarding
    }
  }
}

// ─── Replay ─────────────────────────────────────────────────────────────────────────────────────

export function replay(setup: BattleSetup, turns: Array<{ orders: TurnOrders; dice?: number[] }>): BattleState {
  let state = startBattle(setup)
  for (const t of turns) {
    if (state.outcome !== 'ongoing') break
    const dice = boxDice(new DiceBox(new Rng(state.rng), t.dice ?? [], 'app'))
    state = resolveTurn(setup, state, t.orders, dice, { trace: false }).state
  }
  return state
}

// ─── The turn ───────────────────────────────────────────────────────────────────────────────────

/**
 * Resolve one turn (seed 003 IV "THE TURN"): ranges → tactics and desperate strategies → Brilliant
 * Maneuvers → maneuvers (range changes, chases, circling contests) → grappling → boarding melee →
 * cannon fire (simultaneous) → damage effects → end (sinking, escapes, decision).
 */
export function resolveTurn(
  setup: BattleSetup,
  state: BattleState,
  orders: TurnOrders,
  dice: DiceSource,
  opts?: { trace?: boolean }
): { state: BattleState; report: TurnReport } {
  return resolveTurnImpl(setup, state, orders, dice, opts?.trace !== false)
}
