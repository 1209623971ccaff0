import { batteryName, count, tnText } from '../words'
import { formatNotation, type DiceSpec } from '../dice/notation'
import { cannonTN as cannonTNCalc, cannonTNFast, grappleNeed as grappleNeedCalc, outnumbered, type CannonTNInput } from './calc'
import {
  BAT_BIT,
  BEAR,
  CIRCLE,
  D10,
  DEFAULT_ORDERS,
  EMPTY,
  EVADE,
  HOLD,
  IllegalOrders,
  K1K1,
  K1K1N,
  K2K2,
  MAXD,
  NO_TERMS,
  P_BROAD,
  P_CHASE,
  P_STERN,
  check,
  copyP,
  counts,
  expl,
  fortClamp,
  gunsOf,
  handlingOf,
  isCrippled,
  keepSpec,
  plain,
  prep,
  solo,
  speedOf,
  squadsOf,
  type Pre
} from './core'
import type { DiceSource } from './dice'
import type { HighSeasRules } from './tables'
import {
  BATTERIES,
  OUT_OF_SIGHT,
  RANGES,
  type Aim,
  type Battery,
  type BattleEvent,
  type BattleRoll,
  type BattleSetup,
  type BattleState,
  type BTerm,
  type HeroicAction,
  type MeleeResult,
  type ParticipantSetup,
  type ParticipantState,
  type ShipOrders,
  type TurnOrders,
  type TurnReport
} from './types'

/**
 * resolveTurn's implementation (engine.ts documents the rules and their readings). One turn runs
 * as a sequence of module-level phase functions over one working context per setup (`Turn`),
 * reused call after call: no closures per call, typed scratch arrays, and on the trace-off path
 * (the odds simulator) no report text, terms or roll records at all. The text and terms of the
 * report are built by separate `trace…` functions, called only with the trace on, so the hot
 * functions stay small.
 *
 * The order of the dice drawn, the states and the reports are exactly those of the former
 * single-function engine (tests/unit/highseas-perf-equivalence.test.ts pins them).
 */

/** Battery index (BATTERIES order) of a battery name. */
function batIndex(b: Battery): number {
  return b === 'port' ? 0 : b === 'starboard' ? 1 : b === 'chasers' ? 2 : 3
}

const DEFAULT_GUNNERS = { port: 1, starboard: 1, chasers: 1, stern: 1 }

/** The working context of one setup's turns. Per-call fields are reset by `begin`. */
class Turn {
  readonly pre: Pre
  readonly n: number
  readonly ids: string[]
  readonly PS: ParticipantSetup[]
  readonly R: HighSeasRules
  setup!: BattleSetup
  state!: BattleState
  dice!: DiceSource
  T = false
  turn = 0
  sight = 0
  newCalm = 0
  /** Orders followed (null: takes no orders this turn). */
  readonly O: (ShipOrders | null)[]
  /** Working copies of the participants (new objects every turn: they become the next state). */
  readonly P: ParticipantState[]
  events: BattleEvent[] = []
  rolls: BattleRoll[] = []
  followed: Record<string, ShipOrders> = {}
  heroicOut: HeroicAction[] = []
  readonly problems: string[] = []
  /** Lights of the magazine this turn (participant indices), in order. */
  readonly magazine: number[] = []
  readonly escaping: number[] = []
  outcome: BattleState['outcome'] = 'ongoing'
  winner: string | null = null
  // Scratch (n × n pairs at i*n+j, or n participants).
  readonly rg: Int8Array
  readonly rel: Uint8Array
  readonly win: Uint8Array
  readonly contest: Int8Array
  readonly settled: Uint8Array
  readonly bm: Float64Array
  readonly chase: Float64Array
  readonly circ: Float64Array
  readonly pendHull: Float64Array
  readonly pendRig: Float64Array
  readonly pendCrew: Float64Array
  readonly powderLeft: Float64Array
  readonly pendRudder: Int32Array
  readonly speed: Int32Array
  readonly handling: Int32Array
  readonly wetNow: Uint8Array
  readonly halfNow: Uint8Array
  readonly hard: Uint8Array
  readonly mobile: Uint8Array
  /** Guns exploding (all ones) per participant and battery, at i*4+battery; hasBoom[i] if any. */
  readonly boom: Int32Array
  readonly hasBoom: Uint8Array
  /**
   * Empty records with the keys of the next state's participants and ranges in their order: a
   * new record is a copy of these (cloning a literal's shape is much cheaper than adding
   * properties by computed keys one by one).
   */
  readonly participantsShape: Record<string, ParticipantState>
  readonly rangesShape: Record<string, number>
  /**
   * The simulator's fast path (`fast`, for the battles the duel kernel of kernel.ts does not play: forts,
   * towns, three ships or more): orders made by the AI are taken as legal (no checks), no
   * generator state is copied out per turn, and the participants and records of the next state are
   * two sets reused turn after turn (the state being read is one, the next state is written into the
   * other). A state made on this path is valid only until the turn after next: the simulator's
   * playOut copies the last one out (copyState).
   */
  fast = false
  readonly bufP: [ParticipantState[], ParticipantState[]] = [[], []]
  readonly bufParticipants: [Record<string, ParticipantState> | null, Record<string, ParticipantState> | null] = [null, null]
  readonly bufRanges: [Record<string, number> | null, Record<string, number> | null] = [null, null]
  /** The buffer set the current turn writes (fast path). */
  buf = 0

  constructor(pre: Pre) {
    const n = pre.n
    const nn = n * n
    this.pre = pre
    this.n = n
    this.ids = pre.ids
    this.PS = pre.ps
    this.R = pre.rules
    this.O = new Array<ShipOrders | null>(n).fill(null)
    this.P = new Array<ParticipantState>(n)
    this.rg = new Int8Array(nn)
    this.rel = new Uint8Array(nn)
    this.win = new Uint8Array(nn)
    this.contest = new Int8Array(nn)
    this.settled = new Uint8Array(nn)
    this.bm = new Float64Array(n)
    this.chase = new Float64Array(n)
    this.circ = new Float64Array(n)
    this.pendHull = new Float64Array(n)
    this.pendRig = new Float64Array(n)
    this.pendCrew = new Float64Array(n)
    this.powderLeft = new Float64Array(n)
    this.pendRudder = new Int32Array(n)
    this.speed = new Int32Array(n)
    this.handling = new Int32Array(n)
    this.wetNow = new Uint8Array(n)
    this.halfNow = new Uint8Array(n)
    this.hard = new Uint8Array(n)
    this.mobile = new Uint8Array(n)
    this.boom = new Int32Array(n * 4)
    this.hasBoom = new Uint8Array(n)
    const ps: Record<string, ParticipantState> = {}
    for (let i = 0; i < n; i++) ps[pre.ids[i]!] = null as unknown as ParticipantState
    this.participantsShape = ps
    const rs: Record<string, number> = {}
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) rs[pre.keys[i * n + j]!] = 0
    this.rangesShape = rs
  }
}

// ─── Small helpers over the context ─────────────────────────────────────────────────────────────

function nm(c: Turn, i: number): string {
  return c.PS[i]!.name
}
function active(c: Turn, i: number): boolean {
  return c.P[i]!.status === 'active'
}
function setR(c: Turn, i: number, j: number, r: number): void {
  c.rg[i * c.n + j] = r
  c.rg[j * c.n + i] = r
}
function record(c: Turn, spec: DiceSpec, purpose: string, res: { dice: number[]; total: number; manual: boolean }): void {
  c.rolls.push({ purpose, notation: formatNotation(spec), dice: res.dice.slice(), total: res.total, manual: res.manual })
}
/** Roll and return the total (recorded with the trace on). */
function roll(c: Turn, spec: DiceSpec, purpose: string): number {
  const res = c.dice.roll(spec, purpose)
  if (c.T) record(c, spec, purpose, res)
  return res.total
}
/** Roll and return the result (fastDice reuses it: read it before the next roll). */
function rollRes(c: Turn, spec: DiceSpec, purpose: string): { dice: number[]; total: number; manual: boolean } {
  const res = c.dice.roll(spec, purpose)
  if (c.T) record(c, spec, purpose, res)
  return res
}
function emit(c: Turn, phase: BattleEvent['phase'], kind: string, text: string, who: string[], terms?: BTerm[], value?: number, prompt?: string): void {
  const e: BattleEvent = { phase, kind, text, who, rolls: c.rolls, terms: terms ?? [] }
  if (value !== undefined) e.value = value
  if (prompt !== undefined) e.prompt = prompt
  c.events.push(e)
  c.rolls = []
}
function bonus(c: Turn, i: number, j: number): number {
  return c.win[i * c.n + j] ? c.R.raise : 0
}
function grappled(c: Turn, i: number, j: number): boolean {
  return c.P[i]!.grappledWith.includes(c.ids[j]!)
}
function without(list: string[], id: string): string[] {
  return list.filter((x) => x !== id)
}

// ─── The turn ───────────────────────────────────────────────────────────────────────────────────

export function resolveTurnImpl(
  setup: BattleSetup,
  state: BattleState,
  orders: TurnOrders,
  dice: DiceSource,
  T: boolean,
  fast = false
): { state: BattleState; report: TurnReport } {
  const pre = prep(setup)
  let c = pre.ctx as Turn | null
  if (!c) pre.ctx = c = new Turn(pre)
  c.fast = fast && !T
  c.setup = setup
  c.state = state
  c.dice = dice
  c.T = T
  c.turn = state.turn
  c.sight = pre.rules.sighting[state.weather]
  c.events = []
  c.followed = {}
  c.rolls = T ? [] : NO_ROLLS
  if (c.magazine.length) c.magazine.length = 0
  if (c.escaping.length) c.escaping.length = 0

  if (c.fast) trusted(c, orders)
  else validate(c, orders)
  begin(c)

  // ── a. Start of turn: strikes, anchors, fouled sails ──
  strikes(c)
  c.newCalm = Math.max(0, state.becalmedTurns - 1)
  c.heroicOut = c.fast && state.heroic.length === 0 ? [] : state.heroic.slice()
  if (allEvade(c)) return finish(c, 'allEscaped', null)
  startOfTurn(c)
  stats(c)
  // ── b. Tactics ──
  tactics(c)
  brilliant(c)
  // ── c. Maneuvers ──
  maneuvers(c)
  // ── d. Grappling, e. Boarding ──
  grappling(c)
  boarding(c, orders.melee ?? EMPTY)
  heroics(c, orders.heroic ?? EMPTY)
  quickCombat(c)
  // ── f. Cannon fire ──
  fire(c)
  magazines(c)
  // ── g. Damage effects ──
  damage(c)
  // ── h. End of turn ──
  endOfTurn(c)
  decide(c)
  if (T && c.outcome === 'decided') emit(c, 'end', 'decided', c.winner ? `The battle is decided: ${c.winner} holds the sea.` : 'The battle is over: nobody is left fighting.', [])
  return finish(c, c.outcome, c.winner)
}

/** Never pushed to (the trace is off). */
const NO_ROLLS: BattleRoll[] = []

// ── Orders: fill defaults, check everything before any roll ──
function validate(c: Turn, orders: TurnOrders): void {
  const { pre, state, n, ids, PS, O, T } = c
  const problems = c.problems
  if (problems.length) problems.length = 0
  if (state.outcome !== 'ongoing') problems.push('the battle is over')
  const shipOrders = orders.ships ?? {}
  {
    let known = 0
    for (let i = 0; i < n; i++) if (shipOrders[ids[i]!] !== undefined) known++
    let all = 0
    for (const _ in shipOrders) all++
    if (known !== all) for (const id in shipOrders) if (!pre.idx.has(id)) problems.push(`there is no participant "${id}" in this battle`)
  }
  for (let i = 0; i < n; i++) {
    const p = state.participants[ids[i]!]
    if (!p || p.status !== 'active') {
      O[i] = null
      continue
    }
    const o = shipOrders[ids[i]!] ?? DEFAULT_ORDERS
    check(pre, state, i, o, problems, null)
    O[i] = o
    if (T) c.followed[ids[i]!] = o
  }
  const melee = orders.melee ?? EMPTY
  for (const m of melee) {
    const a = pre.idx.get(m.a)
    const b = pre.idx.get(m.b)
    if (a === undefined || b === undefined) problems.push(`melee result: unknown participant`)
    else if (m.winner !== m.a && m.winner !== m.b) problems.push(`melee result: the winner must be ${m.a} or ${m.b}`)
    else if (!state.participants[m.a]!.grappledWith.includes(m.b) && !state.participants[m.a]!.meleeWith.includes(m.b))
      problems.push(`melee result: ${PS[a]!.name} and ${PS[b]!.name} are neither grappled nor fighting a boarding melee`)
  }
  const heroic = orders.heroic ?? EMPTY
  for (const h of heroic) {
    const a = pre.idx.get(h.participant)
    if (a === undefined) {
      problems.push(`heroic action: unknown participant "${h.participant}"`)
      continue
    }
    const pa = state.participants[h.participant]!
    if (h.action === 'cutRigging' && pa.meleeWith.length === 0) problems.push(`heroic action: ${PS[a]!.name} is not in a boarding melee (Cut the Sails is done in one)`)
    if (h.action === 'ungrapple' && pa.grappledWith.length === 0) problems.push(`heroic action: ${PS[a]!.name} is not grappled`)
    if (h.target !== undefined && !pre.idx.has(h.target)) problems.push(`heroic action: unknown target "${h.target}"`)
  }
  if (problems.length) throw new IllegalOrders(problems.slice())
}

/**
 * The fast path's orders (the simulator's AI orders, legal by construction): the orders followed,
 * as `validate` sets them, without checking them. tests/unit/highseas-fast-path.test.ts checks that
 * both paths give the same outcome.
 */
function trusted(c: Turn, orders: TurnOrders): void {
  const { state, n, ids, O } = c
  const shipOrders = orders.ships ?? {}
  for (let i = 0; i < n; i++) {
    const p = state.participants[ids[i]!]
    if (!p || p.status !== 'active') {
      O[i] = null
      continue
    }
    O[i] = shipOrders[ids[i]!] ?? DEFAULT_ORDERS
  }
}

// ── Working copies and scratch ──
function begin(c: Turn): void {
  const { n, ids, state, P, rg, rel, win, contest, settled } = c
  const nn = n * n
  const keys = c.pre.keys
  if (c.fast) {
    // Write into the buffer set the state being read is not.
    const first = state.participants[ids[0]!]
    c.buf = n > 0 && c.bufP[0][0] === first ? 1 : 0
    const B = c.bufP[c.buf]!
    for (let i = 0; i < n; i++) {
      const src = state.participants[ids[i]!]!
      let dst = B[i]
      if (dst === undefined) B[i] = dst = copyP(src)
      else copyInto(dst, src)
      P[i] = dst
    }
  } else for (let i = 0; i < n; i++) P[i] = copyP(state.participants[ids[i]!]!)
  for (let k = 0; k < nn; k++) {
    rel[k] = 0
    win[k] = 0
    contest[k] = 0
    settled[k] = 0
  }
  const { bm, chase, circ, pendHull, pendRig, pendCrew, pendRudder, speed, handling, wetNow, halfNow, hard, mobile, hasBoom, boom } = c
  for (let k = 0; k < n; k++) {
    bm[k] = -1
    chase[k] = -1
    circ[k] = -1
    pendHull[k] = 0
    pendRig[k] = 0
    pendCrew[k] = 0
    pendRudder[k] = 0
    speed[k] = 0
    handling[k] = 0
    wetNow[k] = 0
    halfNow[k] = 0
    hard[k] = 0
    mobile[k] = 0
    if (hasBoom[k]) {
      hasBoom[k] = 0
      boom[k * 4] = boom[k * 4 + 1] = boom[k * 4 + 2] = boom[k * 4 + 3] = 0
    }
  }
  const ranges = state.ranges
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const v = ranges[keys[i * n + j]!]
      const r = v === undefined ? OUT_OF_SIGHT : v
      rg[i * n + j] = r
      rg[j * n + i] = r
    }
}

function nearestHostileSide(c: Turn, i: number): string | null {
  const { n, rg, P, PS } = c
  const hostile = c.pre.hostile
  let best = -1
  let br = 99
  for (let j = 0; j < n; j++) {
    if (j === i || !hostile[i * n + j] || !counts(P[j]!.status)) continue
    if (rg[i * n + j]! < br) {
      br = rg[i * n + j]!
      best = j
    }
  }
  return best < 0 ? null : PS[best]!.side
}

/** The hostile ship (counting in the battle) grappled with i, else the nearest hostile one; −1 if none. */
function takerOf(c: Turn, i: number): number {
  const { n, P, rg, ids } = c
  const hostile = c.pre.hostile
  let best = -1
  for (let j = 0; j < n; j++) {
    if (j === i || !hostile[i * n + j] || !counts(P[j]!.status)) continue
    if (P[i]!.grappledWith.includes(ids[j]!)) return j
    if (best < 0 || rg[i * n + j]! < rg[i * n + best]!) best = j
  }
  return best
}

/** Ends every boarding melee of i. */
function endMelees(c: Turn, i: number): void {
  const P = c.P
  const p = P[i]!
  for (const other of p.meleeWith) {
    const j = c.pre.idx.get(other)!
    P[j]!.meleeWith = without(P[j]!.meleeWith, p.id)
    if (P[j]!.meleeWith.length === 0) P[j]!.meleeRound = 0
  }
  p.meleeWith = []
  p.meleeRound = 0
}

/**
 * Cuts every grapple to i (seed 003 V: a ship that sinks, strikes or escapes is no longer held: the
 * ships grappled to her are free to move).
 */
function cutGrapples(c: Turn, i: number, phase: BattleEvent['phase'] = 'end'): void {
  const P = c.P
  const p = P[i]!
  if (p.grappledWith.length === 0) return
  const others = p.grappledWith
  for (const other of others) {
    const j = c.pre.idx.get(other)!
    P[j]!.grappledWith = without(P[j]!.grappledWith, p.id)
  }
  p.grappledWith = []
  if (c.T) emit(c, phase, 'grapplesCut', `Every grapple to ${nm(c, i)} is cut: ${others.map((x) => nm(c, c.pre.idx.get(x)!)).join(', ')} ${others.length === 1 ? 'is' : 'are'} free.`, [c.ids[i]!, ...others])
}

/** She strikes to `taker` (a participant index, or −1): captured by the taker's side. */
function strike(c: Turn, i: number, taker: number, phase: BattleEvent['phase'] = 'boarding'): void {
  const p = c.P[i]!
  p.status = 'struck'
  p.capturedBy = taker >= 0 ? c.PS[taker]!.side : null
  p.takenBy = taker >= 0 ? c.ids[taker]! : null
  endMelees(c, i)
  cutGrapples(c, i, phase)
}

function strikes(c: Turn): void {
  const { n, O } = c
  for (let i = 0; i < n; i++) {
    const o = O[i]
    if (!o) continue
    if (o.strike) {
      const t = takerOf(c, i)
      if (c.T) emit(c, 'orders', 'strike', `${nm(c, i)} strikes her colours${t >= 0 ? ` to ${c.PS[t]!.side}` : ''}.`, [c.ids[i]!])
      strike(c, i, t, 'orders')
      O[i] = null
    }
  }
}

/** All ships evade: all escape, the encounter ends (seed 003 IV "EVASION"). */
function allEvade(c: Turn): boolean {
  const { n, O } = c
  const ship = c.pre.ship
  let any = false
  let all = true
  for (let i = 0; i < n; i++) {
    if (!O[i]) continue
    any = true
    if (!ship[i] || O[i]!.tactic !== 'evade') {
      all = false
      break
    }
  }
  if (!(any && all)) return false
  for (let i = 0; i < n; i++)
    if (O[i]) {
      c.P[i]!.status = 'escaped'
      endMelees(c, i)
      cutGrapples(c, i)
    }
  if (c.T)
    emit(
      c,
      'maneuver',
      'allEscaped',
      'Every ship chose to Evade: all of them escape and the encounter ends.',
      c.ids.filter((_, i) => O[i])
    )
  return true
}

/** Anchors, fouled sails, desperate strategies. */
function startOfTurn(c: Turn): void {
  const { n, O, P, PS, R, T, wetNow, halfNow, hard, pendRig, pendHull, pendRudder } = c
  const ship = c.pre.ship
  for (let i = 0; i < n; i++) {
    const o = O[i]
    if (!o || !ship[i]) continue
    const p = P[i]!
    const ps = PS[i]!
    if (o.clearAnchor && p.anchorDragging) clearAnchor(c, i, o)
    if (p.sailFouled) {
      const mt = ps.masterOfTops ?? { finesse: 2, rigging: 1 }
      const t = roll(c, keepSpec(mt.finesse + mt.rigging, mt.finesse), T ? `${nm(c, i)}: master-o'-tops re-rigs the fouled sail` : 'rerig')
      if (t >= R.reRigTN) p.sailFouled = false
      if (T)
        emit(
          c,
          'orders',
          'rerig',
          `${nm(c, i)}'s master-o'-tops ${t >= R.reRigTN ? 're-rigs the fouled sail' : 'fails to re-rig the fouled sail'} (${t} vs TN ${R.reRigTN}).`,
          [c.ids[i]!],
          [{ label: 'TN', value: R.reRigTN }],
          t
        )
    }
    halfNow[i] = p.halfSpeedNextTurn ? 1 : 0
    p.halfSpeedNextTurn = false
    // Desperate strategies (revealed with the tactics).
    if (o.desperate === 'wetSails' && p.wetSailsTurns === 0 && !isCrippled(ps, p)) {
      p.wetSailsTurns = R.wetSailsTurns
      if (T) emit(c, 'desperate', 'wetSails', `${nm(c, i)} wets her sails (+${R.wetSailsSpeed} Speed for ${R.wetSailsTurns} turns).`, [c.ids[i]!])
    }
    if (p.wetSailsTurns > 0) {
      wetNow[i] = 1
      const d = roll(c, D10, T ? `${nm(c, i)}: wet sails strain the rigging` : 'wet')
      if (d >= R.wetSailsTearOn) {
        const dmg = roll(c, K1K1N, T ? `${nm(c, i)}: torn rigging` : 'torn')
        pendRig[i]! += dmg
        p.halfSpeedNextTurn = true
        if (T)
          emit(
            c,
            'desperate',
            'wetSailsTear',
            `${nm(c, i)}'s wet sails tear: ${dmg} rigging damage and half Speed next turn.`,
            [c.ids[i]!],
            [{ label: 'rigging damage (1k1, non-exploding)', value: dmg }],
            dmg
          )
      } else if (T) emit(c, 'desperate', 'wetSailsHold', `${nm(c, i)}'s wet sails hold (${d}).`, [c.ids[i]!], [], d)
    }
    if (o.desperate === 'hardTurns') {
      hard[i] = 1
      const d = roll(c, D10, T ? `${nm(c, i)}: hard turns strain the rudder` : 'hard')
      if (d >= R.hardTurnsDamageOn) {
        pendHull[i]! += 1
        pendRudder[i]! += 1
        if (T) emit(c, 'desperate', 'rudder', `${nm(c, i)}'s rudder is damaged by her hard turns: 1 hull and −1 Handling until repaired in port.`, [c.ids[i]!], [], 1)
      } else if (T) emit(c, 'desperate', 'hardTurns', `${nm(c, i)} makes hard turns (+${R.hardTurnsHandling} Handling; ${d}).`, [c.ids[i]!], [], d)
    }
  }
}

/** Seed 003 IV chase mishap 9-10: the TN of the climb down to the anchor and of securing it (Knotwork). */
export const ANCHOR_TN = 15
const DEFAULT_ANCHOR_HAND = { finesse: 2, climbing: 1, knotwork: 1 }

/**
 * Clearing a dragging anchor (seed 003 IV, chase mishap 9-10): a hand climbs down (Finesse +
 * Climbing, TN 15, or he falls into the sea); down, he cuts it loose, or secures it with Finesse +
 * Knotwork, TN 15. Until then she keeps −1 Speed; a failed order may be given again next turn.
 */
function clearAnchor(c: Turn, i: number, o: ShipOrders): void {
  const { P, PS, T, ids } = c
  const p = P[i]!
  const h = PS[i]!.anchorHand ?? DEFAULT_ANCHOR_HAND
  const climb = roll(c, keepSpec(h.finesse + h.climbing, h.finesse), T ? `${nm(c, i)}: a hand climbs down to the anchor (Finesse + Climbing)` : 'climb')
  if (climb < ANCHOR_TN) {
    if (T)
      emit(
        c,
        'orders',
        'anchorFall',
        `${nm(c, i)}: the hand climbing down to the dragging anchor falls into the sea (${climb} against TN ${ANCHOR_TN}); the anchor still drags.`,
        [ids[i]!],
        [{ label: 'Finesse + Climbing TN', value: ANCHOR_TN }],
        climb,
        `A crewman of ${nm(c, i)} is in the water: a drowning check (GM's Guide).`
      )
    return
  }
  if (o.anchorBy === 'secure') {
    const knot = roll(c, keepSpec(h.finesse + h.knotwork, h.finesse), T ? `${nm(c, i)}: securing the anchor (Finesse + Knotwork)` : 'knot')
    if (knot >= ANCHOR_TN) p.anchorDragging = false
    if (T)
      emit(
        c,
        'orders',
        'anchor',
        knot >= ANCHOR_TN
          ? `${nm(c, i)}: the hand climbs down (${climb}) and secures the anchor (${knot} against TN ${ANCHOR_TN}).`
          : `${nm(c, i)}: the hand climbs down (${climb}) but fails to secure the anchor (${knot} against TN ${ANCHOR_TN}); it still drags.`,
        [ids[i]!],
        [
          { label: 'Finesse + Climbing', value: climb },
          { label: 'Finesse + Knotwork', value: knot },
          { label: 'TN', value: ANCHOR_TN }
        ],
        knot
      )
    return
  }
  p.anchorDragging = false
  if (T)
    emit(c, 'orders', 'anchor', `${nm(c, i)}: the hand climbs down (${climb} against TN ${ANCHOR_TN}) and cuts the dragging anchor loose; the anchor is lost.`, [ids[i]!], [
      { label: 'Finesse + Climbing', value: climb },
      { label: 'TN', value: ANCHOR_TN }
    ], climb)
}

function stats(c: Turn): void {
  const { n, P, PS, R, speed, handling, mobile, wetNow, halfNow, hard } = c
  const ship = c.pre.ship
  const becalmedNow = c.state.becalmedTurns > 0
  for (let i = 0; i < n; i++) {
    const p = P[i]!
    if (p.status !== 'active') continue
    speed[i] = speedOf(PS[i]!, p, wetNow[i] === 1, halfNow[i] === 1, becalmedNow, R)
    handling[i] = handlingOf(PS[i]!, p, hard[i] === 1, R)
    mobile[i] = ship[i]! && speed[i]! > 0 && p.grappledWith.length === 0 ? 1 : 0
  }
}

// ── b. Tactics: each ship's relation to every other ──
function tactics(c: Turn): void {
  const { n, O, P, rel, rg, sight } = c
  const { ship, hostile, idx } = c.pre
  for (let i = 0; i < n; i++) {
    const o = O[i]
    if (!o || P[i]!.status !== 'active') continue
    let base = HOLD
    const free = ship[i] && P[i]!.grappledWith.length === 0
    if (free && o.tactic === 'evade') base = EVADE
    for (let j = 0; j < n; j++) if (j !== i) rel[i * n + j] = base
    if (!free) continue
    if (o.tactic === 'bearDown' && o.target) {
      const j = idx.get(o.target)!
      rel[i * n + j] = BEAR
    } else if (o.tactic === 'circle') {
      const ca = o.circleAgainst ?? EMPTY
      if (ca.length) for (const t of ca) rel[i * n + idx.get(t)!] = CIRCLE
      else {
        // The nearest two enemies in sight.
        let a = -1
        let b = -1
        for (let j = 0; j < n; j++) {
          if (j === i || !hostile[i * n + j] || P[j]!.status !== 'active' || rg[i * n + j]! > sight) continue
          const r = rg[i * n + j]!
          if (a < 0 || r < rg[i * n + a]!) {
            b = a
            a = j
          } else if (b < 0 || r < rg[i * n + b]!) b = j
        }
        if (a >= 0) rel[i * n + a] = CIRCLE
        if (b >= 0) rel[i * n + b] = CIRCLE
      }
    }
  }
}

// ── Brilliant Maneuvers ──
function brilliant(c: Turn): void {
  const { n, O, P, PS, rg, sight, bm, win, T } = c
  const { ship, hostile } = c.pre
  for (let i = 0; i < n; i++) {
    const o = O[i]
    const cap = PS[i]!.captain
    if (!o || P[i]!.status !== 'active' || !ship[i] || !cap || o.brilliantManeuver === false) continue
    let enemies = 0
    for (let j = 0; j < n; j++) if (j !== i && hostile[i * n + j] && P[j]!.status === 'active' && rg[i * n + j]! <= sight) enemies++
    if (enemies === 0) continue
    const knack = enemies > 1 ? cap.strategy : cap.tactics
    bm[i] = roll(c, keepSpec(cap.wits + knack, cap.wits), T ? `${nm(c, i)}: ${cap.name}'s Brilliant Maneuver (Wits + ${enemies > 1 ? 'Strategy' : 'Tactics'})` : 'brilliant')
  }
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      if (!hostile[i * n + j] || P[i]!.status !== 'active' || P[j]!.status !== 'active' || rg[i * n + j]! > sight) continue
      const a = bm[i]!
      const b = bm[j]!
      if (a < 0 && b < 0) continue
      const av = a < 0 ? 0 : a
      const bv = b < 0 ? 0 : b
      if (av > bv) win[i * n + j] = 1
      else if (bv > av) win[j * n + i] = 1
      if (T) traceBrilliant(c, i, j, a, b, av, bv)
    }
}

function traceBrilliant(c: Turn, i: number, j: number, a: number, b: number, av: number, bv: number): void {
  const { bm, ids } = c
  const w = av > bv ? i : bv > av ? j : -1
  emit(
    c,
    'brilliant',
    'brilliant',
    w < 0
      ? `Brilliant Maneuver: ${nm(c, i)} ${a < 0 ? '—' : a} against ${nm(c, j)} ${b < 0 ? '—' : b}: a tie, no raise.`
      : `Brilliant Maneuver: ${nm(c, w)} outmaneuvers ${nm(c, w === i ? j : i)} (${w === i ? av : bv} against ${bm[w === i ? j : i]! < 0 ? 'no roll' : w === i ? bv : av}): a free raise against her this turn.`,
    [ids[i]!, ids[j]!],
    [
      { label: nm(c, i), value: av },
      { label: nm(c, j), value: bv }
    ],
    w < 0 ? undefined : w
  )
}

// ── c. Maneuvers ──
function chaseRoll(c: Turn, i: number): number {
  const chase = c.chase
  if (chase[i]! < 0) {
    const d = Math.max(1, c.speed[i]!)
    chase[i] = roll(c, expl(d), c.T ? `${nm(c, i)}: chase (${d} dice for Speed)` : 'chase')
  }
  return chase[i]!
}
function circRoll(c: Turn, i: number): number {
  const circ = c.circ
  if (circ[i]! < 0) {
    const d = c.handling[i]!
    circ[i] = d > 0 ? roll(c, expl(d), c.T ? `${nm(c, i)}: circling (${d} dice for Handling)` : 'circle') : 0
  }
  return circ[i]!
}

function maneuvers(c: Turn): void {
  const { n, P, ids, rg, rel, mobile, contest, sight, R, T } = c
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      if (P[i]!.status !== 'active' || P[j]!.status !== 'active') continue
      const k = i * n + j
      const kr = j * n + i
      const r0 = rg[k]!
      if (r0 > sight) continue
      if (P[i]!.grappledWith.includes(ids[j]!)) {
        setR(c, i, j, 0)
        continue
      }
      const a = rel[k]!
      const b = rel[kr]!
      const mi = mobile[i] === 1
      const mj = mobile[j] === 1
      let delta = 0
      if ((a === EVADE && b === BEAR) || (a === BEAR && b === EVADE)) {
        if (mi && mj) delta = chaseContest(c, a === EVADE ? i : j, a === EVADE ? j : i)
        else delta = (mi ? solo(a) : 0) + (mj ? solo(b) : 0)
      } else if (mi && mj) {
        if (a === EVADE || b === EVADE) delta = 1
        else if (a === BEAR && b === BEAR) delta = -2
        else if (a === BEAR || b === BEAR) delta = -1
      } else delta = (mi ? solo(a) : 0) + (mj ? solo(b) : 0)
      // Circling contests (seed 003 IV "CIRCLING").
      if ((a === CIRCLE && (b === BEAR || b === CIRCLE)) || (b === CIRCLE && a === BEAR)) {
        const ti = circRoll(c, i) + bonus(c, i, j)
        const tj = circRoll(c, j) + bonus(c, j, i)
        let res = 0
        if (a === CIRCLE && b === CIRCLE) res = ti - tj >= R.circleWinMargin ? 1 : tj - ti >= R.circleWinMargin ? -1 : 0
        else if (a === CIRCLE) res = ti > tj ? 1 : 0
        else res = tj > ti ? -1 : 0
        contest[k] = res
        contest[kr] = -res
        if (T) traceCircling(c, i, j, a, b, ti, tj, res)
      }
      let r = r0 + delta
      if (r < 0) r = 0
      r = fortClamp(c.pre, i, j, r)
      if (r > sight) r = OUT_OF_SIGHT
      if (r !== r0) {
        setR(c, i, j, r)
        if (T) emit(c, 'maneuver', 'range', `${nm(c, i)} and ${nm(c, j)}: ${RANGES[r0] ?? 'out of sight'} → ${RANGES[r] ?? 'out of sight'}.`, [ids[i]!, ids[j]!], [], r)
      }
    }
}

/** A chase between an evader e and her pursuer q, both mobile: the range change. */
function chaseContest(c: Turn, e: number, q: number): number {
  const R = c.R
  const et = chaseRoll(c, e) + bonus(c, e, q)
  const qt = chaseRoll(c, q) + bonus(c, q, e)
  const m = et - qt
  let delta = 0
  if (m > 0) delta = 1 + Math.floor(m / R.chaseStepPoints)
  else if (m < 0) delta = -(1 + Math.floor(-m / R.chaseStepPoints))
  if (m === 0) {
    if (c.T) emit(c, 'maneuver', 'chase', `Chase: ${nm(c, q)} and ${nm(c, e)} tie at ${et}: the range holds and a mishap strikes.`, [c.ids[q]!, c.ids[e]!], chaseTerms(c, e, q), 0)
    const d = roll(c, D10, c.T ? 'chase mishap (d10)' : 'mishap')
    c.newCalm = mishap(c, d, q, e, c.newCalm)
  } else if (c.T)
    emit(
      c,
      'maneuver',
      'chase',
      `Chase: ${nm(c, e)} ${et} against ${nm(c, q)} ${qt}: ${m > 0 ? `${nm(c, e)} gains ${delta} range step${delta > 1 ? 's' : ''}` : `${nm(c, q)} closes ${-delta} range step${delta < -1 ? 's' : ''}`}.`,
      [c.ids[q]!, c.ids[e]!],
      chaseTerms(c, e, q),
      m
    )
  return delta
}

function chaseTerms(c: Turn, e: number, q: number): BTerm[] {
  const chase = c.chase
  return [
    { label: `${nm(c, e)} (pursued) Speed dice`, value: chase[e]! },
    ...(bonus(c, e, q) ? [{ label: `${nm(c, e)}: Brilliant Maneuver raise`, value: bonus(c, e, q) }] : []),
    { label: `${nm(c, q)} (pursuer) Speed dice`, value: chase[q]! },
    ...(bonus(c, q, e) ? [{ label: `${nm(c, q)}: Brilliant Maneuver raise`, value: bonus(c, q, e) }] : [])
  ]
}

function traceCircling(c: Turn, i: number, j: number, a: number, b: number, ti: number, tj: number, res: number): void {
  const { R, hard, circ, ids } = c
  const w = res > 0 ? i : res < 0 ? j : -1
  const l = res > 0 ? j : i
  const both = a === CIRCLE && b === CIRCLE
  emit(
    c,
    'maneuver',
    'circling',
    `Circling: ${nm(c, i)} ${ti} against ${nm(c, j)} ${tj}: ` +
      (w < 0
        ? 'both may fire broadsides.'
        : both
          ? `${nm(c, w)} wins by ${R.circleWinMargin} or more and fires her broadside; ${nm(c, l)} may only answer with chasers or stern guns.`
          : `${nm(c, w)} circles inside ${nm(c, l)}'s turn: only she may fire a broadside.`),
    [ids[i]!, ids[j]!],
    [
      { label: `${nm(c, i)} Handling dice${hard[i] ? ' (Hard Turns)' : ''}`, value: circ[i]! },
      ...(bonus(c, i, j) ? [{ label: `${nm(c, i)}: Brilliant Maneuver raise`, value: bonus(c, i, j) }] : []),
      { label: `${nm(c, j)} Handling dice${hard[j] ? ' (Hard Turns)' : ''}`, value: circ[j]! },
      ...(bonus(c, j, i) ? [{ label: `${nm(c, j)}: Brilliant Maneuver raise`, value: bonus(c, j, i) }] : [])
    ],
    res
  )
}

function mishap(c: Turn, d: number, q: number, e: number, calm: number): number {
  const { P, R, T, ids } = c
  if (d <= 2) {
    P[q]!.sailFouled = true
    if (T)
      emit(c, 'maneuver', 'mishap', `Mishap (${d}): a sail comes loose from ${nm(c, q)}'s rigging — Speed 1 until her master-o'-tops re-rigs it (Rigging, TN ${R.reRigTN}).`, [ids[q]!], [], d)
  } else if (d <= 4) {
    if (T)
      emit(
        c,
        'maneuver',
        'mishap',
        `Mishap (${d}): a great swell hits ${nm(c, e)}.`,
        [ids[e]!],
        [],
        d,
        `Everyone near ${nm(c, e)}'s rail or in her rigging rolls Finesse + Balance, TN 15, or falls overboard (drowning checks). Her captain chooses: slow to rescue them, or leave them.`
      )
  } else if (d <= 6) {
    const t = roll(c, K1K1, T ? 'becalmed turns (1k1)' : 'calm')
    calm = Math.max(calm, t)
    if (T)
      emit(
        c,
        'maneuver',
        'mishap',
        `Mishap (${d}): the wind falls away — becalmed for ${t} turn${t === 1 ? '' : 's'} (only oared ships move, at −${R.calmOarsSpeed} Speed).`,
        [ids[q]!, ids[e]!],
        [],
        d
      )
  } else if (d <= 8) {
    if (T)
      emit(
        c,
        'maneuver',
        'mishap',
        `Mishap (${d}): a major crewman of ${nm(c, q)} falls overboard.`,
        [ids[q]!],
        [],
        d,
        `An important crewman or NPC of ${nm(c, q)} is overboard. Her captain chooses: slow to turn and rescue, or leave them (morale).`
      )
  } else {
    P[e]!.anchorDragging = true
    if (T)
      emit(
        c,
        'maneuver',
        'mishap',
        `Mishap (${d}): ${nm(c, e)}'s anchor has come loose (−1 Speed until hauled up or cut loose).`,
        [ids[e]!],
        [],
        d,
        `Someone of ${nm(c, e)} climbs down (Finesse + Climbing, TN 15, or falls into the sea) to cut the anchor loose or secure it (Finesse + Knotwork, TN 15). In shallow water it takes hold: a sudden stop.`
      )
  }
  return calm
}

// ── d. Grappling (at Close) ──
function grapple(c: Turn, i: number, j: number): void {
  if (!grappled(c, i, j)) {
    c.P[i]!.grappledWith.push(c.ids[j]!)
    c.P[j]!.grappledWith.push(c.ids[i]!)
  }
  setR(c, i, j, 0)
}

function grappling(c: Turn): void {
  const { n, O, P, PS, R, T, ids, rg } = c
  for (let i = 0; i < n; i++) {
    const o = O[i]
    if (!o || !o.grapple || P[i]!.status !== 'active') continue
    const j = c.pre.idx.get(o.grapple)!
    if (P[j]!.status !== 'active' || grappled(c, i, j)) continue
    if (rg[i * n + j]! > 0) {
      if (T) emit(c, 'grapple', 'grappleOutOfRange', `${nm(c, i)} cannot grapple ${nm(c, j)}: not at Close range.`, [ids[i]!, ids[j]!])
      continue
    }
    const need = grappleNeedCalc(PS[i]!.size, PS[j]!.size, R).needs
    // "A free Raise to all further rolls against that opponent for that turn" (seed 003 IV): +5.
    const raise = bonus(c, i, j)
    const d = roll(c, D10, T ? `${nm(c, i)} throws grapnels at ${nm(c, j)}` : 'grapple')
    const t = d + raise
    const shown = raise ? `${d} + ${raise} free raise = ${t}` : `${d}`
    const terms: BTerm[] = T ? [{ label: 'needs', value: need }, ...(raise ? [{ label: 'free raise (Brilliant Maneuver)', value: raise }] : [])] : NO_TERMS
    if (t >= need) {
      grapple(c, i, j)
      if (T) emit(c, 'grapple', 'grapple', `${nm(c, i)} grapples ${nm(c, j)} (${shown}, needs ${need}+).`, [ids[i]!, ids[j]!], terms, t)
    } else if (T)
      emit(
        c,
        'grapple',
        'grappleFail',
        `${nm(c, i)} fails to grapple ${nm(c, j)} (${shown}, needs ${need}+): ${nm(c, j)} may answer with grapeshot at Close.`,
        [ids[i]!, ids[j]!],
        terms,
        t
      )
  }
}

// ── e. Boarding ──
function startMelee(c: Turn, i: number, j: number): void {
  const P = c.P
  if (P[i]!.meleeWith.includes(c.ids[j]!)) return
  if (P[i]!.meleeWith.length === 0) P[i]!.meleeRound = 0
  if (P[j]!.meleeWith.length === 0) P[j]!.meleeRound = 0
  P[i]!.meleeWith.push(c.ids[j]!)
  P[j]!.meleeWith.push(c.ids[i]!)
}

function fightersNow(c: Turn, k: number): number {
  return Math.max(0, Math.min(c.pre.fighters[k]! - c.P[k]!.fightersLost, c.P[k]!.crew))
}

function boarding(c: Turn, melee: readonly MeleeResult[]): void {
  const { n, O, P, PS, T, ids, rg, pre } = c
  for (let i = 0; i < n; i++) {
    const o = O[i]
    if (!o || !o.board || P[i]!.status !== 'active') continue
    const j = pre.idx.get(o.board)!
    if (P[j]!.status !== 'active') continue
    if (PS[j]!.kind === 'fort') {
      if (rg[i * n + j]! > 0) {
        if (T) emit(c, 'boarding', 'boardOutOfRange', `${nm(c, i)} cannot board ${nm(c, j)}: not at Close.`, [ids[i]!, ids[j]!])
        continue
      }
      grapple(c, i, j)
    } else if (!grappled(c, i, j)) {
      if (T) emit(c, 'boarding', 'boardNotGrappled', `${nm(c, i)} cannot board ${nm(c, j)}: the ships are not grappled.`, [ids[i]!, ids[j]!])
      continue
    }
    if (!P[i]!.meleeWith.includes(ids[j]!)) {
      startMelee(c, i, j)
      if (T) {
        const tr = (k: number) => PS[k]!.boardingThreatRating ?? PS[k]!.threatRating
        emit(
          c,
          'boarding',
          'board',
          `${nm(c, i)}'s boarders swarm aboard ${nm(c, j)}: ${squadsOf(pre, i, P[i]!)} Brute Squads (Threat ${tr(i)}) against ${squadsOf(pre, j, P[j]!)} (Threat ${tr(j)}).`,
          [ids[i]!, ids[j]!],
          [
            { label: `${nm(c, i)} Trained Fighters`, value: fightersNow(c, i) },
            { label: `${nm(c, j)} Trained Fighters`, value: fightersNow(c, j) }
          ]
        )
      }
    }
  }
  // GM-settled melees.
  const settled = c.settled
  for (const m of melee) {
    const a = pre.idx.get(m.a)!
    const b = pre.idx.get(m.b)!
    const w = m.winner === m.a ? a : b
    const l = w === a ? b : a
    for (const pid in m.crewLost) {
      const k = pre.idx.get(pid)
      if (k !== undefined) P[k]!.crew = Math.max(0, P[k]!.crew - (m.crewLost[pid] ?? 0))
    }
    settled[a * n + b] = settled[b * n + a] = 1
    if (P[l]!.status === 'active') strike(c, l, w)
    P[w]!.meleeWith = without(P[w]!.meleeWith, ids[l]!)
    if (T) emit(c, 'boarding', 'meleeResult', `The boarding melee between ${nm(c, a)} and ${nm(c, b)} is settled: ${nm(c, w)} wins and ${nm(c, l)} strikes.`, [ids[w]!, ids[l]!])
  }
}

/**
 * Kills up to `s` of k's Brute Squads (never more than she has); returns how many died. Marines are
 * Trained Fighters: the marines aboard fall in proportion to the fighters lost (their share of her
 * Trained Fighters at the start, rounded to the nearest man).
 */
function killSquads(c: Turn, k: number, s: number): number {
  if (s <= 0) return 0
  const p = c.P[k]!
  const have = squadsOf(c.pre, k, p)
  const kill = Math.min(s, have)
  if (kill <= 0) return 0
  p.fightersLost += kill * c.R.squadSize
  p.crew = Math.max(0, p.crew - kill * c.R.squadSize)
  const m0 = c.PS[k]!.marines ?? 0
  const f0 = c.pre.fighters[k]!
  if (m0 > 0 && f0 > 0) p.marines = Math.max(0, Math.min(p.crew, m0 - Math.round((Math.min(p.fightersLost, f0) * m0) / f0)))
  return kill
}

// Heroic actions (seed 003 VI).
function heroics(c: Turn, heroic: readonly HeroicAction[]): void {
  const { P, T, ids, pre } = c
  for (const h of heroic) {
    c.heroicOut.push(h)
    const a = pre.idx.get(h.participant)!
    const p = P[a]!
    if (h.action === 'cutRigging') {
      const enemy = p.meleeWith.length ? pre.idx.get(p.meleeWith[0]!)! : -1
      if (enemy < 0) continue
      if (h.success !== false) killSquads(c, enemy, 2)
      else {
        killSquads(c, enemy, 1)
        killSquads(c, a, 1)
      }
      if (T)
        emit(
          c,
          'boarding',
          'heroic',
          `${h.hero} cuts down sails and rigging: ${h.success !== false ? `two of ${nm(c, enemy)}'s Brute Squads are crushed` : 'a Brute Squad of each side is crushed'}.`,
          [ids[a]!, ids[enemy]!]
        )
    } else if (h.action === 'lightMagazine') {
      c.magazine.push(h.target !== undefined ? pre.idx.get(h.target)! : a)
    } else if (h.action === 'ungrapple') ungrapple(c, a, h)
    else if (T) emit(c, 'boarding', 'heroic', `${h.hero} (${nm(c, a)}): ${h.note || 'a heroic action'}.`, [ids[a]!])
  }
}

/**
 * Ungrapple (seed 003 VI heroic action 3): the grapples are cut; "the enemy ship may make one
 * attempt to regrapple before the ships drift to short range" — a d10 by the size table (with her
 * Brilliant Maneuver raise against us, if she won it) — and "enemy boarders aboard either ship ...
 * remain where they are": the boarding melee goes on.
 */
function ungrapple(c: Turn, a: number, h: HeroicAction): void {
  const { P, PS, R, T, ids, pre } = c
  const p = P[a]!
  const others = p.grappledWith.slice()
  if (T) emit(c, 'boarding', 'heroic', `${h.hero} cuts the grapples holding ${nm(c, a)}.`, [ids[a]!, ...others])
  for (const oid of others) {
    const j = pre.idx.get(oid)!
    P[j]!.grappledWith = without(P[j]!.grappledWith, p.id)
    p.grappledWith = without(p.grappledWith, oid)
    const melee = p.meleeWith.includes(oid)
    const tryIt = h.regrapple !== false && P[j]!.status === 'active' && pre.ship[j] && pre.ship[a]
    if (tryIt) {
      const need = grappleNeedCalc(PS[j]!.size, PS[a]!.size, R).needs
      const raise = bonus(c, j, a)
      const d = roll(c, D10, T ? `${nm(c, j)} tries to regrapple ${nm(c, a)}` : 'regrapple')
      if (d + raise >= need) {
        grapple(c, j, a)
        if (T)
          emit(c, 'grapple', 'regrapple', `${nm(c, j)} throws her grapnels again and holds ${nm(c, a)} (${raise ? `${d} + ${raise} free raise` : d}, needs ${need}+).`, [ids[j]!, ids[a]!], [{ label: 'needs', value: need }], d + raise)
        continue
      }
      if (T) emit(c, 'grapple', 'regrappleFail', `${nm(c, j)} fails to regrapple ${nm(c, a)} (${raise ? `${d} + ${raise} free raise` : d}, needs ${need}+).`, [ids[j]!, ids[a]!], [{ label: 'needs', value: need }], d + raise)
    }
    setR(c, a, j, 1)
    if (T)
      emit(
        c,
        'boarding',
        'drift',
        `${nm(c, a)} and ${nm(c, j)} drift apart to Short range${melee ? '; the boarders aboard either ship stay where they are and fight on' : ''}.`,
        [ids[a]!, ids[j]!],
        [],
        1
      )
  }
}

function pont(c: Turn, k: number, p: ParticipantState): number {
  const ps = c.PS[k]!
  return p.meleeRound === 0 && c.pre.ship[k] ? Math.max(ps.pontGuns?.port ?? 0, ps.pontGuns?.starboard ?? 0) : 0
}
/** Whoever leads her boarding and defence parties (her party leader, else her captain) with "Over the Side" kills on 8+. */
export function leaderHasOverTheSide(ps: ParticipantSetup): boolean {
  return ps.partyLeader ? ps.partyLeader.overTheSide === true : ps.captain?.overTheSide === true
}
function killOn(c: Turn, k: number): number {
  return leaderHasOverTheSide(c.PS[k]!) ? c.R.overTheSideKillOn : c.R.boardingKillOn
}
function kills(c: Turn, k: number, count: number): number {
  if (count <= 0) return 0
  let n = 0
  let left = count
  while (left > 0) {
    const m = Math.min(left, MAXD)
    const res = rollRes(c, plain(m), c.T ? `${nm(c, k)}: quick combat (${m} dice)` : 'melee')
    const on = killOn(c, k)
    for (let x = 0; x < m; x++) if (res.dice[x]! >= on) n++
    left -= m
  }
  return n
}

// Quick combat rounds (seed 003 V), one a turn per melee pair.
function quickCombat(c: Turn): void {
  const { n, P, T, ids, settled, pre } = c
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      if (settled[i * n + j] || P[i]!.status !== 'active' || P[j]!.status !== 'active' || !P[i]!.meleeWith.includes(ids[j]!)) continue
      const pi = P[i]!
      const pj = P[j]!
      // "During any turn that an opposing crew's Trained Fighters are outnumbered by a factor of
      // three or more to one odds, they will surrender": asked at the start of the melee turn.
      const fi0 = fightersNow(c, i)
      const fj0 = fightersNow(c, j)
      const first = meleeLoser(c, i, j, fi0, fj0)
      if (first >= 0) {
        if (T) traceSurrender(c, first, first === i ? j : i, first === i ? fi0 : fj0, first === i ? fj0 : fi0, true)
        strike(c, first, first === i ? j : i)
        continue
      }
      const si = squadsOf(pre, i, pi)
      const sj = squadsOf(pre, j, pj)
      const di = si + pont(c, i, pi)
      const dj = sj + pont(c, j, pj)
      const ki = kills(c, i, di)
      const kj = kills(c, j, dj)
      const ki2 = killSquads(c, j, ki)
      const kj2 = killSquads(c, i, kj)
      pi.meleeRound++
      pj.meleeRound++
      const ai = squadsOf(pre, i, pi)
      const aj = squadsOf(pre, j, pj)
      const fi = fightersNow(c, i)
      const fj = fightersNow(c, j)
      const none = ai === 0 && aj === 0
      if (none) {
        pi.meleeWith = without(pi.meleeWith, ids[j]!)
        pj.meleeWith = without(pj.meleeWith, ids[i]!)
      }
      const loser = none ? -1 : meleeLoser(c, i, j, fi, fj)
      if (T)
        emit(
          c,
          'boarding',
          'melee',
          `Boarding melee, round ${pi.meleeRound}: ${nm(c, i)} (${di} dice) kills ${ki2} squad${ki2 === 1 ? '' : 's'}, ${nm(c, j)} (${dj} dice) kills ${kj2}; squads left ${ai} against ${aj} (Trained Fighters ${fi} against ${fj}).` +
            (none ? ' Nobody is left standing: the melee ends.' : ''),
          [ids[i]!, ids[j]!],
          [
            { label: `${nm(c, i)} squads`, value: si },
            { label: `${nm(c, i)} pont guns`, value: di - si },
            { label: `${nm(c, j)} squads`, value: sj },
            { label: `${nm(c, j)} pont guns`, value: dj - sj },
            { label: `${nm(c, i)} kills on`, value: killOn(c, i) },
            { label: `${nm(c, j)} kills on`, value: killOn(c, j) },
            { label: `${nm(c, i)} dice showing a kill`, value: ki },
            { label: `${nm(c, j)} dice showing a kill`, value: kj },
            { label: `${nm(c, i)} Trained Fighters left`, value: fi },
            { label: `${nm(c, j)} Trained Fighters left`, value: fj }
          ]
        )
      if (loser >= 0) {
        if (T) traceSurrender(c, loser, loser === i ? j : i, loser === i ? fi : fj, loser === i ? fj : fi, false)
        strike(c, loser, loser === i ? j : i)
      }
    }
}

/**
 * Who of a melee pair surrenders (−1: neither): the crew whose Trained Fighters are outnumbered
 * three to one or more (calc.outnumbered); a crew with no Brute Squad left (fewer than six
 * fighters) can fight no more and yields to one that has squads.
 */
function meleeLoser(c: Turn, i: number, j: number, fi: number, fj: number): number {
  const R = c.R
  const si = squadsOf(c.pre, i, c.P[i]!)
  const sj = squadsOf(c.pre, j, c.P[j]!)
  if (si === 0 && sj === 0) return -1
  if (si === 0 || outnumbered(fi, fj, R)) return i
  if (sj === 0 || outnumbered(fj, fi, R)) return j
  return -1
}

function traceSurrender(c: Turn, l: number, w: number, fl: number, fw: number, atStart: boolean): void {
  emit(
    c,
    'boarding',
    'surrender',
    `${nm(c, l)}'s Trained Fighters (${fl}) are ${fw >= c.R.surrenderRatio * fl && fw > 0 ? `outnumbered ${c.R.surrenderRatio} to 1 or more` : 'too few for a Brute Squad'} by ${nm(c, w)}'s (${fw})${atStart ? ' at the start of the melee turn' : ''}: ${nm(c, l)} strikes.`,
    [c.ids[l]!, c.ids[w]!],
    [
      { label: `${nm(c, l)} Trained Fighters`, value: fl },
      { label: `${nm(c, w)} Trained Fighters`, value: fw },
      { label: 'surrender odds (to 1)', value: c.R.surrenderRatio }
    ]
  )
}

// ── f. Cannon fire (simultaneous: computed on the state before any damage) ──
function perm(c: Turn, i: number, j: number): number {
  const n = c.n
  const r = c.rg[i * n + j]!
  if (r > c.sight) return 0
  const ship = c.pre.ship
  if (!ship[i]) return P_BROAD | P_CHASE | P_STERN
  const a = c.rel[i * n + j]!
  const b = ship[j] ? c.rel[j * n + i]! : HOLD
  const ct = c.contest[i * n + j]!
  switch (a) {
    case EVADE:
      return P_STERN | (b === BEAR && r === 0 ? P_BROAD : 0)
    case BEAR:
      if (b === CIRCLE) return P_CHASE | (ct < 0 ? 0 : P_BROAD)
      return P_CHASE | (r === 0 ? P_BROAD : 0)
    case CIRCLE:
      if (b === CIRCLE && ct < 0) return P_CHASE | P_STERN
      return P_BROAD
    default:
      return r === 0 ? P_BROAD : 0
  }
}
function permWhy(c: Turn, i: number, j: number): string {
  const n = c.n
  const r = c.rg[i * n + j]!
  if (r > c.sight) return `${nm(c, j)} is out of sight`
  const a = c.rel[i * n + j]!
  if (a === EVADE) return 'an evading ship fires only her stern guns (a broadside only at a pursuer at Close)'
  if (a === BEAR) return c.contest[i * n + j]! < 0 ? `${nm(c, j)} circled inside her turn: chasers only` : 'a ship bearing down fires only her chasers until Close'
  if (a === CIRCLE) return `${nm(c, j)} won the circling by ${c.R.circleWinMargin} or more: chasers or stern guns only`
  return `she is neither circling nor bearing down on ${nm(c, j)}: broadsides only at Close`
}
function holdFire(c: Turn, i: number, j: number, b: Battery, why: string): void {
  emit(c, 'fire', 'holdFire', `${nm(c, i)}'s ${batteryName(b)} ${b === 'port' || b === 'starboard' ? 'holds' : 'hold'} fire: ${why}.`, [c.ids[i]!, c.ids[j]!])
}

function fire(c: Turn): void {
  const { n, O, P, powderLeft } = c
  for (let i = 0; i < n; i++) powderLeft[i] = P[i]!.powderTons
  for (let i = 0; i < n; i++) {
    const o = O[i]
    if (!o || P[i]!.status !== 'active') continue
    const orders = o.fire ?? EMPTY
    for (let x = 0; x < orders.length; x++) {
      const f = orders[x]!
      fireOne(c, i, c.pre.idx.get(f.target)!, f.battery, f.shot === 'grape', f.aim)
    }
  }
  for (let i = 0; i < n; i++) P[i]!.powderTons = powderLeft[i]!
}

function fireOne(c: Turn, i: number, j: number, b: Battery, grape: boolean, aimOrdered: Aim | undefined): void {
  const { n, P, PS, R, T, powderLeft } = c
  const ps = PS[i]!
  const p = P[i]!
  if (P[j]!.status !== 'active') {
    if (T) holdFire(c, i, j, b, `${nm(c, j)} is no longer fighting`)
    return
  }
  if (!(perm(c, i, j) & BAT_BIT[b])) {
    if (T) holdFire(c, i, j, b, permWhy(c, i, j))
    return
  }
  if (c.pre.ship[i] && p.firedOnTurn[b] === c.turn - 1) {
    if (T) holdFire(c, i, j, b, 'reloading')
    return
  }
  const guns = gunsOf(ps, p, b)
  if (guns <= 0) {
    if (T) holdFire(c, i, j, b, 'no guns left')
    return
  }
  if (powderLeft[i]! <= 0) {
    if (T) holdFire(c, i, j, b, 'no powder aboard')
    return
  }
  const r = c.rg[i * n + j]!
  if (grape && r > 0) {
    if (T) holdFire(c, i, j, b, 'grapeshot reaches only at Close')
    return
  }
  const used = guns / R.shotsPerTon
  powderLeft[i] = Math.max(0, powderLeft[i]! - used)
  p.powderSpent += Math.min(used, p.powderTons)
  p.firedOnTurn[b] = c.turn
  const pj = PS[j]!
  const aim: Aim = p.grappledWith.length > 0 ? 'hull' : aimOrdered ?? 'hull'
  const rigging = !grape && aim === 'rigging'
  // "Grappled ships fighting a boarding melee": the −15 and the shared damage need the two grappled.
  const partner = P[j]!.meleeWith.length > 0 && !P[j]!.meleeWith.includes(c.ids[i]!) ? grappledMeleePartner(c, j) : -1
  const inMelee = partner >= 0
  const fort: 0 | 1 | 2 = pj.kind === 'fort' ? 1 : ps.kind === 'fort' ? 2 : 0
  const step = ps.kind === 'town' ? Math.max(r, R.townFiresAt) : r
  const gunnery = (ps.gunners ?? DEFAULT_GUNNERS)[b]
  const brill = c.win[i * n + j] === 1
  let terms: BTerm[] = NO_TERMS
  let total = 0
  let tn = 0
  if (pj.kind === 'town') {
    if (T) terms = [{ label: 'a town is always hit', value: 0 }]
  } else {
    tn = cannonTNFast(ps.size, gunnery, c.handling[j]!, pj.size, step, rigging, fort, inMelee, brill, R)
    const res = rollRes(c, expl(Math.max(1, ps.threatRating)), T ? `${nm(c, i)}: ${batteryName(b)} (${count(guns, 'gun')}) at ${nm(c, j)}` : 'hit')
    total = res.total
    let allOnes = true
    const d = res.dice
    for (let x = 0; x < d.length; x++)
      if (d[x] !== 1) {
        allOnes = false
        break
      }
    if (T) terms = fireTerms(c, i, j, gunnery, r, step, rigging, fort, inMelee, brill)
    if (allOnes) {
      c.hasBoom[i] = 1
      c.boom[i * 4 + batIndex(b)]!++
      if (T) emit(c, 'fire', 'mishap', `${nm(c, i)}'s ${batteryName(b)}: all ones — a gun explodes with its crew and the volley misses.`, [c.ids[i]!, c.ids[j]!], terms, 0)
      return
    }
    if (!(total >= tn)) {
      if (T)
        emit(
          c,
          'fire',
          'miss',
          `${nm(c, i)}'s ${batteryName(b)} (${count(guns, 'gun')}) ${b === 'port' || b === 'starboard' ? 'fires' : 'fire'} at ${nm(c, j)}'s ${grape ? 'deck with grapeshot' : rigging ? 'rigging' : 'hull'}: ${total} against ${tnText(tn)}, a miss.`,
          [c.ids[i]!, c.ids[j]!],
          terms,
          0
        )
      return
    }
  }
  const d2 = roll(c, K2K2, T ? `${nm(c, i)}: ${batteryName(b)}, damage (2k2)` : 'damage')
  const fp = guns * R.firepowerPerGun
  const raw = R.damageReading === 'add' ? d2 + fp : fp * d2
  const dmg = Math.ceil(Math.round(raw * 1e6) / 1e6)
  p.damageDealt += dmg
  let dj = dmg
  if (inMelee) dj = Math.ceil(dmg / 2)
  const pend = grape ? c.pendCrew : rigging ? c.pendRig : c.pendHull
  pend[j]! += dj
  if (partner >= 0) pend[partner]! += dmg - dj
  if (T) traceHit(c, i, j, b, guns, grape, rigging, total, tn, d2, fp, dmg, dj, partner, terms)
}

/** The first ship j fights a boarding melee with while grappled to her, or −1. */
function grappledMeleePartner(c: Turn, j: number): number {
  const pj = c.P[j]!
  for (const id of pj.meleeWith) if (pj.grappledWith.includes(id)) return c.pre.idx.get(id)!
  return -1
}

function fireTerms(c: Turn, i: number, j: number, gunnery: number, r: number, step: number, rigging: boolean, fort: 0 | 1 | 2, inMelee: boolean, brill: boolean): BTerm[] {
  const ps = c.PS[i]!
  const input: CannonTNInput = {
    attacker: { size: ps.size, gunnery },
    target: { handling: c.handling[j]!, size: c.PS[j]!.size },
    range: ps.kind === 'town' ? step : r,
    aim: rigging ? 'rigging' : 'hull',
    fort: fort === 1 ? 'atFort' : fort === 2 ? 'fromFort' : 'none',
    meleeTarget: inMelee,
    brilliant: brill
  }
  return cannonTNCalc(input, c.R).breakdown
}

function traceHit(
  c: Turn,
  i: number,
  j: number,
  b: Battery,
  guns: number,
  grape: boolean,
  rigging: boolean,
  total: number,
  tn: number,
  d2: number,
  fp: number,
  dmg: number,
  dj: number,
  partner: number,
  terms: BTerm[]
): void {
  const R = c.R
  const what = grape ? 'deck with grapeshot' : rigging ? 'rigging' : 'hull'
  const dterms: BTerm[] =
    R.damageReading === 'add'
      ? [
          { label: '2k2', value: d2 },
          { label: `firepower (${count(guns, 'gun')} × ${R.firepowerPerGun})`, value: fp }
        ]
      : [
          { label: '2k2', value: d2 },
          { label: `× firepower (${count(guns, 'gun')} × ${R.firepowerPerGun})`, value: fp }
        ]
  emit(
    c,
    'fire',
    'hit',
    `${nm(c, i)}'s ${batteryName(b)} (${count(guns, 'gun')}) ${b === 'port' || b === 'starboard' ? 'hits' : 'hit'} ${nm(c, j)}'s ${what}` +
      (c.PS[j]!.kind === 'town' ? '' : ` (${total}${tn <= 1 ? ': any roll hits' : ` against TN ${tn}`})`) +
      `: ${dmg} ${grape ? 'crew on deck killed' : 'damage'}` +
      (partner >= 0 ? `, split with ${nm(c, partner)} (${dj} and ${dmg - dj})` : '') +
      '.',
    [c.ids[i]!, c.ids[j]!],
    [...terms, ...dterms, { label: 'damage (rounded up)', value: dmg }],
    dmg
  )
}

// Light the magazine (seed 003 VI): 2k2 hull per ton aboard, 1k1 to every ship grappled to her.
function magazines(c: Turn): void {
  const { P, T, ids, pendHull } = c
  for (const mi of c.magazine) {
    const p = P[mi]!
    const tons = Math.ceil(p.powderTons - 1e-9)
    let sum = 0
    for (let t = 0; t < tons; t++) sum += roll(c, K2K2, T ? `${nm(c, mi)}: magazine, ton ${t + 1} (2k2)` : 'magazine')
    pendHull[mi]! += sum
    p.powderTons = 0
    const grappledTo: string[] = []
    for (const oid of p.grappledWith) {
      const j = c.pre.idx.get(oid)!
      const d = roll(c, K1K1, T ? `${nm(c, j)}: blast from ${nm(c, mi)} (1k1)` : 'blast')
      pendHull[j]! += d
      grappledTo.push(`${nm(c, j)} ${d}`)
    }
    if (T)
      emit(
        c,
        'damage',
        'magazine',
        `${nm(c, mi)}'s magazine explodes: ${sum} hull damage (${tons} ton${tons === 1 ? '' : 's'} of powder)${grappledTo.length ? `; ships grappled to her: ${grappledTo.join(', ')}` : ''}.`,
        [ids[mi]!],
        [{ label: 'tons', value: tons }],
        sum
      )
  }
}

// ── g. Damage effects (seed 003 IV) ──
function damage(c: Turn): void {
  const { n, P, PS, R, T, ids, pendHull, pendRig, pendCrew, pendRudder, hasBoom, boom } = c
  for (let i = 0; i < n; i++) {
    const h = pendHull[i]!
    const rgd = pendRig[i]!
    const cr = pendCrew[i]!
    if (!hasBoom[i] && !h && !rgd && !cr && !pendRudder[i]) continue
    const p = P[i]!
    const ps = PS[i]!
    if (hasBoom[i])
      for (let x = 0; x < 4; x++) {
        const b = BATTERIES[x]!
        const lost = Math.min(boom[i * 4 + x]!, gunsOf(ps, p, b))
        p.gunsLost[b] += lost
        p.crew = Math.max(0, p.crew - lost * R.gunCrew)
      }
    if (cr) {
      p.crew = Math.max(0, p.crew - cr)
      if (T) emit(c, 'damage', 'crew', `${nm(c, i)} loses ${cr} crew on deck to grapeshot.`, [ids[i]!], [], cr)
    }
    if (pendRudder[i]) p.rudderDamage += pendRudder[i]!
    if (ps.kind === 'town') {
      if (h) {
        p.bombardment += h
        if (T) emit(c, 'damage', 'bombardment', `${nm(c, i)} takes ${h} bombardment damage (${p.bombardment} of ${c.setup.townSurrenderAt}).`, [ids[i]!], [], h)
        if (p.bombardment >= c.setup.townSurrenderAt && p.status === 'active') {
          p.status = 'surrendered'
          p.capturedBy = nearestHostileSide(c, i)
          if (T) emit(c, 'damage', 'surrender', `${nm(c, i)} surrenders and gives up her wealth.`, [ids[i]!])
        }
      }
      continue
    }
    if (h) hullDamage(c, i, h)
    if (rgd && ps.kind === 'ship') riggingDamage(c, i, rgd)
  }
}

function hullDamage(c: Turn, i: number, h: number): void {
  const { P, PS, R, T, ids } = c
  const p = P[i]!
  const ps = PS[i]!
  const prev = p.hullDamage
  const next = Math.min(ps.hullPoints, prev + h)
  p.hullDamage = next
  const gl = Math.floor(next / R.hullPerGunLost) - Math.floor(prev / R.hullPerGunLost)
  const lostText: string[] | null = T ? [] : null
  for (let g = 0; g < gl; g++) {
    // The battery with the most guns left (ties: port, starboard, chasers, stern).
    let best: Battery | null = null
    let most = 0
    for (let x = 0; x < 4; x++) {
      const b = BATTERIES[x]!
      const left = gunsOf(ps, p, b)
      if (left > most) {
        most = left
        best = b
      }
    }
    if (!best) break
    p.gunsLost[best]++
    p.crew = Math.max(0, p.crew - R.gunCrew)
    if (lostText) lostText.push(best)
  }
  if (lostText)
    emit(
      c,
      'damage',
      'hull',
      `${nm(c, i)} takes ${h} hull damage (${Math.max(0, ps.hullPoints - next)} of ${ps.hullPoints} left)` + (lostText.length ? `; guns lost with their crews: ${lostText.join(', ')}` : '') + '.',
      [ids[i]!],
      [
        { label: 'hull damage', value: h },
        { label: 'guns lost', value: lostText.length }
      ],
      h
    )
  if (T && prev * 2 <= ps.hullPoints && next * 2 > ps.hullPoints && ps.kind === 'ship') emit(c, 'damage', 'takingWater', `${nm(c, i)} is taking on water: −1 Handling.`, [ids[i]!])
  if (next >= ps.hullPoints && (p.status === 'active' || p.status === 'struck')) {
    if (ps.kind === 'fort') {
      p.status = 'destroyed'
      if (T) emit(c, 'damage', 'destroyed', `${nm(c, i)} is destroyed.`, [ids[i]!])
      endMelees(c, i)
      cutGrapples(c, i)
    } else if (ps.kind === 'ship') {
      p.status = 'sinking'
      p.sinkingIn = R.sinkingTurns
      for (const oid of p.meleeWith) {
        const j = c.pre.idx.get(oid)!
        P[j]!.meleeWith = without(P[j]!.meleeWith, p.id)
      }
      p.meleeWith = []
      if (T) emit(c, 'damage', 'sinking', `${nm(c, i)} is holed below the waterline and sinking: her crew has ${R.sinkingTurns} turns to get away.`, [ids[i]!])
    }
  }
}

function riggingDamage(c: Turn, i: number, rgd: number): void {
  const { P, PS, R, T, ids } = c
  const p = P[i]!
  const ps = PS[i]!
  const prev = p.riggingDamage
  const next = Math.min(ps.riggingPoints, prev + rgd)
  p.riggingDamage = next
  const killed = Math.floor(next / R.riggingPerSailorLost) - Math.floor(prev / R.riggingPerSailorLost)
  p.crew = Math.max(0, p.crew - killed)
  if (T) {
    emit(
      c,
      'damage',
      'rigging',
      `${nm(c, i)} takes ${rgd} rigging damage (${ps.riggingPoints - next} of ${ps.riggingPoints} left)${killed ? `; ${killed} sail crew killed` : ''}.`,
      [ids[i]!],
      [{ label: 'rigging damage', value: rgd }],
      rgd
    )
    if (prev * 2 <= ps.riggingPoints && next * 2 > ps.riggingPoints) emit(c, 'damage', 'halfRigging', `${nm(c, i)}'s rigging is half shot away: half Speed.`, [ids[i]!])
    if (prev < ps.riggingPoints && next >= ps.riggingPoints)
      emit(c, 'damage', 'crippled', `${nm(c, i)} is crippled: she may not move, only Circle at ${R.crippledHandling} Handling.`, [ids[i]!])
  }
}

// ── h. End of turn ──
function endOfTurn(c: Turn): void {
  const { n, O, P, T, ids, rg, sight, wetNow, state } = c
  const { ship, hostile, idx } = c.pre
  for (let i = 0; i < n; i++) {
    const p = P[i]!
    const before = state.participants[ids[i]!]!
    if (before.status === 'sinking' && p.status === 'sinking') {
      p.sinkingIn = Math.max(0, (p.sinkingIn ?? 1) - 1)
      if (p.sinkingIn === 0) {
        p.status = 'sunk'
        if (T) emit(c, 'end', 'sunk', `${nm(c, i)} goes down.`, [ids[i]!])
        cutGrapples(c, i)
      }
    }
    if (wetNow[i] && p.wetSailsTurns > 0) p.wetSailsTurns--
    const o = O[i]
    if (o?.cutFree && p.status === 'active') {
      const j = idx.get(o.cutFree)!
      if (p.grappledWith.includes(ids[j]!) && !p.meleeWith.includes(ids[j]!)) {
        p.grappledWith = without(p.grappledWith, ids[j]!)
        P[j]!.grappledWith = without(P[j]!.grappledWith, ids[i]!)
        if (T) emit(c, 'end', 'cutFree', `${nm(c, i)} cuts the grapples with ${nm(c, j)}.`, [ids[i]!, ids[j]!])
      }
    }
  }
  // Large Battles rule 3 (seed 003 VI): a ship out of sight of another "may 'catch up' to sighting
  // range ... in one turn, provided she is still within sighting range of another ship that is
  // nearby": a choice in her orders (catchUp), never automatic.
  for (let i = 0; i < n; i++) {
    const o = O[i]
    if (!o || o.catchUp === undefined || P[i]!.status !== 'active' || !ship[i]) continue
    catchUp(c, i, idx.get(o.catchUp)!)
  }
  remember(c)
  // Escapes: an evading ship out of sight of every enemy still fighting has evaded.
  const escaping = c.escaping
  for (let i = 0; i < n; i++) {
    if (P[i]!.status !== 'active' || !ship[i] || O[i]?.tactic !== 'evade') continue
    let enemies = 0
    let inSight = false
    for (let j = 0; j < n; j++) {
      if (j === i || !hostile[i * n + j] || P[j]!.status !== 'active') continue
      enemies++
      if (rg[i * n + j]! <= sight) {
        inSight = true
        break
      }
    }
    if (enemies > 0 && !inSight) escaping.push(i)
  }
  const escaped = escaping.length
  // Large Battles rule 3: "A ship must remain within sighting distance of at least one other ship
  // involved in the combat to stay in the battle." While an enemy is still in the battle, a ship
  // out of sight of every other participant leaves it: escaped if she evaded, else she has lost
  // contact (a pursuer whose quarry got away).
  for (let i = 0; i < n; i++) {
    if (P[i]!.status !== 'active' || !ship[i] || escaping.indexOf(i) >= 0) continue
    let seen = false
    let foe = false
    for (let k = 0; k < n && !seen; k++) {
      if (k === i || !counts(P[k]!.status) || escaping.indexOf(k) >= 0) continue
      if (hostile[i * n + k]) foe = true
      if (rg[i * n + k]! <= sight) seen = true
    }
    if (!seen && foe) escaping.push(i)
  }
  for (let x = 0; x < escaping.length; x++) {
    const i = escaping[x]!
    const evaded = O[i]?.tactic === 'evade'
    P[i]!.status = evaded ? 'escaped' : 'lostContact'
    if (T)
      emit(
        c,
        'end',
        evaded ? 'escaped' : 'lostContact',
        x < escaped
          ? `${nm(c, i)} is out of sight of every enemy: she escapes.`
          : evaded
            ? `${nm(c, i)} is out of sight of every other ship: she escapes and leaves the battle.`
            : `${nm(c, i)} has lost contact: out of sight of every other ship, she leaves the battle.`,
        [ids[i]!]
      )
    endMelees(c, i)
    cutGrapples(c, i)
  }
}

/** i's catch-up with j (Large Battles rule 3): back to sighting range if a third ship sees both. */
function catchUp(c: Turn, i: number, j: number): void {
  const { n, P, rg, sight, T, ids } = c
  if (!counts(P[j]!.status) || rg[i * n + j]! <= sight) return
  let k = -1
  if (c.mobile[i] && P[i]!.grappledWith.length === 0)
    for (let x = 0; x < n && k < 0; x++) {
      if (x === i || x === j || !counts(P[x]!.status)) continue
      if (rg[i * n + x]! <= sight && rg[j * n + x]! <= sight) k = x
    }
  if (k < 0) {
    if (T) emit(c, 'end', 'catchUpFail', `${nm(c, i)} cannot catch up with ${nm(c, j)}: ${c.mobile[i] ? `no ship in sight of her sees ${nm(c, j)}` : 'she cannot move'}.`, [ids[i]!, ids[j]!])
    return
  }
  setR(c, i, j, sight)
  if (T) emit(c, 'end', 'catchUp', `${nm(c, i)} catches up with ${nm(c, j)} through ${nm(c, k)}: back to ${RANGES[sight]} range.`, [ids[i]!, ids[j]!, ids[k]!], [], sight)
}

/** Recognition (seed 003 III): ships within recognition range know each other from then on. */
function remember(c: Turn): void {
  const { n, P, rg, ids } = c
  const rec = c.R.recognition[c.state.weather]
  for (let i = 0; i < n; i++) {
    if (!counts(P[i]!.status)) continue
    for (let j = i + 1; j < n; j++) {
      if (!counts(P[j]!.status) || rg[i * n + j]! > rec) continue
      if (!P[i]!.recognised.includes(ids[j]!)) P[i]!.recognised.push(ids[j]!)
      if (!P[j]!.recognised.includes(ids[i]!)) P[j]!.recognised.push(ids[i]!)
    }
  }
}

/** The battle's decision (core.decide, into the context). */
function decide(c: Turn): void {
  const { n, P, PS } = c
  let side: string | null = null
  for (let i = 0; i < n; i++) {
    if (!counts(P[i]!.status)) continue
    const s = PS[i]!.side
    if (side === null) side = s
    else if (side !== s) {
      c.outcome = 'ongoing'
      c.winner = null
      return
    }
  }
  c.outcome = 'decided'
  c.winner = side
}

function finish(c: Turn, outcome: BattleState['outcome'], winner: string | null): { state: BattleState; report: TurnReport } {
  const { n, ids, P, rg } = c
  const keys = c.pre.keys
  let participants: Record<string, ParticipantState>
  let ranges: Record<string, number>
  if (c.fast) {
    participants = c.bufParticipants[c.buf] ??= { ...c.participantsShape }
    ranges = c.bufRanges[c.buf] ??= { ...c.rangesShape }
  } else {
    participants = { ...c.participantsShape }
    ranges = { ...c.rangesShape }
  }
  for (let i = 0; i < n; i++) participants[ids[i]!] = P[i]!
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) ranges[keys[i * n + j]!] = rg[i * n + j]!
  const report: TurnReport = c.fast ? FAST_REPORT : { turn: c.turn, orders: c.followed, events: c.events, ranges }
  const next: BattleState = {
    turn: c.turn + 1,
    weather: c.state.weather,
    ranges,
    participants,
    becalmedTurns: c.newCalm,
    // The fast path copies the generator's state out once, at the end of the run (simulate's playOut).
    rng: c.fast ? c.state.rng : c.dice.rngState(),
    heroic: c.heroicOut,
    outcome,
    winner
  }
  // Drop the references to this call's inputs and outputs (the context outlives the call).
  c.state = c.setup = undefined as never
  c.dice = undefined as never
  c.events = c.heroicOut = EMPTY_EVENTS as never
  c.followed = {}
  c.rolls = NO_ROLLS
  return { state: next, report }
}

const EMPTY_EVENTS: never[] = []
/** The fast path's report: nobody reads it. */
const FAST_REPORT: TurnReport = Object.freeze({ turn: 0, orders: {}, events: [], ranges: {} }) as TurnReport

/** Copy `src` into `dst` (the fast path's reused participants; their arrays are never shared). */
function copyInto(dst: ParticipantState, src: ParticipantState): void {
  dst.id = src.id
  dst.status = src.status
  dst.hullDamage = src.hullDamage
  dst.riggingDamage = src.riggingDamage
  copyBatteries(dst.gunsLost, src.gunsLost)
  dst.crew = src.crew
  dst.marines = src.marines
  dst.powderTons = src.powderTons
  dst.rudderDamage = src.rudderDamage
  copyBatteries(dst.firedOnTurn, src.firedOnTurn)
  dst.wetSailsTurns = src.wetSailsTurns
  dst.halfSpeedNextTurn = src.halfSpeedNextTurn
  dst.sailFouled = src.sailFouled
  dst.anchorDragging = src.anchorDragging
  dst.sinkingIn = src.sinkingIn
  dst.capturedBy = src.capturedBy
  dst.takenBy = src.takenBy ?? null
  dst.grappledWith = copyList(dst.grappledWith, src.grappledWith)
  dst.recognised = copyList(dst.recognised, src.recognised ?? EMPTY_LIST)
  dst.meleeWith = copyList(dst.meleeWith, src.meleeWith)
  dst.powderSpent = src.powderSpent
  dst.bombardment = src.bombardment
  dst.fightersLost = src.fightersLost ?? 0
  dst.meleeRound = src.meleeRound ?? 0
  dst.damageDealt = src.damageDealt ?? 0
}
/** A per-battery record copied in place (guns lost, the turn each battery last fired). */
function copyBatteries<T>(to: Record<'port' | 'starboard' | 'chasers' | 'stern', T>, from: Record<'port' | 'starboard' | 'chasers' | 'stern', T>): void {
  to.port = from.port
  to.starboard = from.starboard
  to.chasers = from.chasers
  to.stern = from.stern
}
const EMPTY_LIST: string[] = []
/** `to` holding `from`'s items (to itself when it can: a fresh array if `to` is `from`). */
function copyList(to: string[], from: readonly string[]): string[] {
  if (to === from) return from.slice()
  const n = from.length
  // push and pop, not `length =` (a runtime call each time).
  while (to.length > n) to.pop()
  for (let k = 0; k < n; k++) {
    if (k < to.length) to[k] = from[k]!
    else to.push(from[k]!)
  }
  return to
}

/** A state made on the fast path, copied into objects of its own (and the generator's state now). */
export function copyState(s: BattleState, rng: number[]): BattleState {
  const participants: Record<string, ParticipantState> = {}
  for (const id in s.participants) participants[id] = copyP(s.participants[id]!)
  return { ...s, ranges: { ...s.ranges }, participants, heroic: s.heroic.slice(), rng }
}
