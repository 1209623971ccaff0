import type { DiceSpec } from '../dice/notation'
import { trainedFighters } from './calc'
import { batteryName } from '../words'
import { HIGH_SEAS_RULES, type HighSeasRules } from './tables'
import {
  OUT_OF_SIGHT,
  RANGES,
  pairKey,
  type Battery,
  type BattleSetup,
  type BattleState,
  type BTerm,
  type ParticipantSetup,
  type ParticipantState,
  type ShipOrders,
  type Weather
} from './types'

/**
 * Internals of the High Seas engine shared by engine.ts (the public API) and turn.ts (resolveTurn):
 * per-setup tables, dice constants, the stats of a participant now, the order checks. Not part of
 * the public API.
 */
// ─── Errors ─────────────────────────────────────────────────────────────────────────────────────

export class IllegalOrders extends Error {
  constructor(readonly reasons: string[]) {
    super(`Illegal orders: ${reasons.join('; ')}`)
    this.name = 'IllegalOrders'
  }
}

// ─── Dice constants (no parseNotation per roll) ─────────────────────────────────────────────────

export const MAXD = 200
export const EXPL: DiceSpec[] = []
export const PLAIN: DiceSpec[] = []
for (let i = 0; i <= MAXD; i++) {
  EXPL.push({ kind: 'sum', count: i, sides: 10, explode: true, modifier: 0 })
  PLAIN.push({ kind: 'sum', count: i, sides: 10, explode: false, modifier: 0 })
}
export const D10 = PLAIN[1]!
export const K2K2: DiceSpec = { kind: 'keep', roll: 2, keep: 2, explode: true, modifier: 0 }
export const K1K1: DiceSpec = { kind: 'keep', roll: 1, keep: 1, explode: true, modifier: 0 }
export const K1K1N: DiceSpec = { kind: 'keep', roll: 1, keep: 1, explode: false, modifier: 0 }
export const KEEP = new Map<number, DiceSpec>()
export function keepSpec(roll: number, keep: number): DiceSpec {
  const k = roll * 100 + keep
  let s = KEEP.get(k)
  if (!s) KEEP.set(k, (s = { kind: 'keep', roll, keep: Math.min(keep, roll), explode: true, modifier: 0 }))
  return s
}
export const expl = (n: number) => EXPL[Math.min(n, MAXD)]!
export const plain = (n: number) => PLAIN[Math.min(n, MAXD)]!

// ─── Per-setup precomputation (cached) ──────────────────────────────────────────────────────────

export const EVADE = 1
export const BEAR = 2
export const CIRCLE = 3
export const HOLD = 4
export const P_BROAD = 1
export const P_CHASE = 2
export const P_STERN = 4
export const BAT_BIT: Record<Battery, number> = { port: P_BROAD, starboard: P_BROAD, chasers: P_CHASE, stern: P_STERN }

export interface Pre {
  n: number
  ids: string[]
  idx: Map<string, number>
  ps: ParticipantSetup[]
  /** pairKey of i, j at i*n+j. */
  keys: string[]
  hostile: Uint8Array
  ship: boolean[]
  rules: HighSeasRules
  fighters: number[]
  /** The reused working context of resolveTurn for this setup (turn.ts), made on first use. */
  ctx: unknown
}

export const PRE = new WeakMap<BattleSetup, Pre>()

export function prep(setup: BattleSetup): Pre {
  let p = PRE.get(setup)
  if (p) return p
  const ps = setup.participants
  const n = ps.length
  const rules = setup.rules ?? HIGH_SEAS_RULES
  const ids = ps.map((x) => x.id)
  const idx = new Map<string, number>()
  ids.forEach((id, i) => idx.set(id, i))
  const keys: string[] = new Array(n * n).fill('')
  const hostile = new Uint8Array(n * n)
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j) continue
      keys[i * n + j] = pairKey(ids[i]!, ids[j]!)
      hostile[i * n + j] = ps[i]!.side !== ps[j]!.side ? 1 : 0
    }
  p = {
    n,
    ids,
    idx,
    ps,
    keys,
    hostile,
    ship: ps.map((x) => x.kind === 'ship'),
    rules,
    ctx: null,
    fighters: ps.map((x) => trainedFighters({ kind: x.kind, crewKind: x.crewKind ?? 'merchant', nation: x.nation ?? '', crew: x.crew, marines: x.marines ?? 0, officers: x.officers ?? 0 }, rules))
  }
  PRE.set(setup, p)
  return p
}

// ─── Small helpers ──────────────────────────────────────────────────────────────────────────────

export function copyP(s: ParticipantState): ParticipantState {
  return {
    id: s.id,
    status: s.status,
    hullDamage: s.hullDamage,
    riggingDamage: s.riggingDamage,
    gunsLost: { port: s.gunsLost.port, starboard: s.gunsLost.starboard, chasers: s.gunsLost.chasers, stern: s.gunsLost.stern },
    crew: s.crew,
    marines: s.marines,
    powderTons: s.powderTons,
    rudderDamage: s.rudderDamage,
    firedOnTurn: { port: s.firedOnTurn.port, starboard: s.firedOnTurn.starboard, chasers: s.firedOnTurn.chasers, stern: s.firedOnTurn.stern },
    wetSailsTurns: s.wetSailsTurns,
    halfSpeedNextTurn: s.halfSpeedNextTurn,
    sailFouled: s.sailFouled,
    anchorDragging: s.anchorDragging,
    sinkingIn: s.sinkingIn,
    capturedBy: s.capturedBy,
    takenBy: s.takenBy ?? null,
    grappledWith: s.grappledWith.slice(),
    recognised: s.recognised === undefined ? [] : s.recognised.slice(),
    meleeWith: s.meleeWith.slice(),
    powderSpent: s.powderSpent,
    bombardment: s.bombardment,
    fightersLost: s.fightersLost ?? 0,
    meleeRound: s.meleeRound ?? 0,
    damageDealt: s.damageDealt ?? 0
  }
}

export function isCrippled(ps: ParticipantSetup, p: ParticipantState): boolean {
  return ps.kind === 'ship' && p.riggingDamage >= ps.riggingPoints
}
export function isHalfRigging(ps: ParticipantSetup, p: ParticipantState): boolean {
  return ps.kind === 'ship' && p.riggingDamage * 2 > ps.riggingPoints
}
export function isTakingWater(ps: ParticipantSetup, p: ParticipantState): boolean {
  return ps.kind === 'ship' && p.hullDamage * 2 > ps.hullPoints
}
export function gunsOf(ps: ParticipantSetup, p: ParticipantState, b: Battery): number {
  return Math.max(0, ps.guns[b] - p.gunsLost[b])
}
export function squadsOf(pre: Pre, i: number, p: ParticipantState): number {
  const f = Math.min(pre.fighters[i]! - p.fightersLost, p.crew)
  return f > 0 ? Math.floor(f / pre.rules.squadSize) : 0
}

/** Speed this turn (seed 003 IV, desperate strategies, damage effects, chase mishaps). */
export function speedOf(ps: ParticipantSetup, p: ParticipantState, wet: boolean, half: boolean, becalmed: boolean, R: HighSeasRules, terms?: BTerm[]): number {
  if (ps.kind !== 'ship') {
    terms?.push({ label: `${ps.kind}: immobile`, value: 0 })
    return 0
  }
  let s = ps.speed
  terms?.push({ label: 'Speed', value: s })
  if (isCrippled(ps, p)) {
    terms?.push({ label: 'crippled (rigging 0): may not move', value: -s })
    return 0
  }
  if (wet) {
    s += R.wetSailsSpeed
    terms?.push({ label: 'Wet Sails', value: R.wetSailsSpeed })
  }
  if (isHalfRigging(ps, p)) {
    const h = Math.max(1, Math.floor(s / 2))
    terms?.push({ label: 'rigging damage over half: half Speed', value: h - s })
    s = h
  }
  if (half) {
    const h = Math.max(1, Math.floor(s / 2))
    terms?.push({ label: 'torn wet sails: half Speed', value: h - s })
    s = h
  }
  if (p.sailFouled && s > 1) {
    terms?.push({ label: 'sail fouled: Speed 1', value: 1 - s })
    s = 1
  }
  if (p.anchorDragging && s > 1) {
    terms?.push({ label: 'anchor dragging', value: -1 })
    s -= 1
  }
  if (becalmed) {
    if (ps.oars) {
      const c = Math.max(1, s - R.calmOarsSpeed)
      terms?.push({ label: 'becalmed (oars)', value: c - s })
      s = c
    } else {
      terms?.push({ label: 'becalmed: no wind', value: -s })
      s = 0
    }
  }
  return s
}

/** Handling this turn. */
export function handlingOf(ps: ParticipantSetup, p: ParticipantState, hard: boolean, R: HighSeasRules, terms?: BTerm[]): number {
  let h = ps.handling
  terms?.push({ label: 'Handling', value: h })
  if (ps.kind !== 'ship') return h
  if (p.rudderDamage) {
    h -= p.rudderDamage
    terms?.push({ label: 'rudder damage', value: -p.rudderDamage })
  }
  if (isTakingWater(ps, p)) {
    h -= 1
    terms?.push({ label: 'hull damage over half', value: -1 })
  }
  if (hard) {
    h += R.hardTurnsHandling
    terms?.push({ label: 'Hard Turns', value: R.hardTurnsHandling })
  }
  if (isCrippled(ps, p)) {
    h += R.crippledHandling
    terms?.push({ label: 'crippled', value: R.crippledHandling })
  }
  return h
}

export function sightOf(pre: Pre, weather: Weather): number {
  return pre.rules.sighting[weather]
}

export function rangeKey(state: BattleState, key: string): number {
  const r = state.ranges[key]
  return r === undefined ? OUT_OF_SIGHT : r
}

export const DEFAULT_ORDERS: ShipOrders = Object.freeze({
  tactic: 'circle',
  circleAgainst: [],
  brilliantManeuver: true,
  fire: [],
  strike: false,
  clearAnchor: false
}) as ShipOrders

export const EMPTY: readonly never[] = Object.freeze([])
export const NO_TERMS: BTerm[] = []
/** A ship's own range change toward another when only she moves. */
export const solo = (t: number) => (t === EVADE ? 1 : t === BEAR ? -1 : 0)

/** Still in the fight for the battle's decision: active or sinking (seed: "the crew has two turns"). */
export function counts(status: ParticipantState['status']): boolean {
  return status === 'active' || status === 'sinking'
}

export function decide(pre: Pre, parts: ParticipantState[]): { outcome: BattleState['outcome']; winner: string | null } {
  let side: string | null = null
  for (let i = 0; i < pre.n; i++) {
    if (!counts(parts[i]!.status)) continue
    const s = pre.ps[i]!.side
    if (side === null) side = s
    else if (side !== s) return { outcome: 'ongoing', winner: null }
  }
  return { outcome: 'decided', winner: side }
}

/** Deep-draft ships stop at Medium from a fort (seed 003 VI "FORTS"). */
export function fortClamp(pre: Pre, i: number, j: number, step: number): number {
  const a = pre.ps[i]!
  const b = pre.ps[j]!
  const min = pre.rules.fortDeepDraftMin
  if (step < min && ((a.kind === 'fort' && b.kind === 'ship' && !b.shallowDraft) || (b.kind === 'fort' && a.kind === 'ship' && !a.shallowDraft))) return min
  return step
}

/** Checks a participant an order names: in the battle, not herself, an enemy, fighting, (in sight). −1 if not. */
/** "port battery target"… (constants: no string built per check). */
function batteryTarget(b: string): string {
  switch (b) {
    case 'port':
      return 'port battery target'
    case 'starboard':
      return 'starboard battery target'
    case 'chasers':
      return "bow chasers' target"
    case 'stern':
      return "stern guns' target"
    default:
      return `${b} battery target`
  }
}

/** A participant by name (an id the battle does not know is quoted as given). */
function shipName(pre: Pre, id: string): string {
  const j = pre.idx.get(id)
  return j === undefined ? `"${id}"` : pre.ps[j]!.name
}

export function checkOther(pre: Pre, state: BattleState, i: number, tid: string, what: string, needSight: boolean, problems: string[]): number {
  const n = pre.n
  const name = pre.ps[i]!.name
  const j = pre.idx.get(tid)
  if (j === undefined) {
    problems.push(`${name}: ${what} "${tid}" is not in this battle`)
    return -1
  }
  if (j === i) {
    problems.push(`${name}: ${what} cannot be herself`)
    return -1
  }
  const pj = state.participants[tid]
  if (!pre.hostile[i * n + j]) {
    problems.push(`${name}: ${what} ${pre.ps[j]!.name} is not an enemy`)
    return -1
  }
  if (!pj || pj.status !== 'active') {
    problems.push(`${name}: ${what} ${pre.ps[j]!.name} is no longer fighting`)
    return -1
  }
  if (needSight && rangeKey(state, pre.keys[i * n + j]!) > sightOf(pre, state.weather)) {
    problems.push(`${name}: ${what} ${pre.ps[j]!.name} is out of sight`)
    return -1
  }
  return j
}

/** Appends problems (and notes, if given). Returns the number of problems added. Cheap when legal. */
export function check(pre: Pre, state: BattleState, i: number, o: ShipOrders, problems: string[], notes: string[] | null): number {
  const before = problems.length
  const ps = pre.ps[i]!
  const p = state.participants[ps.id]
  const name = ps.name
  const n = pre.n
  const sight = sightOf(pre, state.weather)
  if (!p) {
    problems.push(`${name} has no state`)
    return 1
  }
  if (p.status !== 'active') {
    problems.push(`${name} is ${p.status} and takes no orders`)
    return problems.length - before
  }
  const isShip = ps.kind === 'ship'
  if (isShip) {
    if (isCrippled(ps, p) && o.tactic !== 'circle') problems.push(`${name} is crippled (rigging 0): she may only Circle`)
    if (p.grappledWith.length && o.tactic !== 'circle' && notes) notes.push(`${name} is grappled: she does not move whatever her tactic`)
    if (o.tactic === 'bearDown') {
      if (!o.target) problems.push(`${name}: Bear Down needs the ship she closes on`)
      else checkOther(pre, state, i, o.target, 'Bear Down target', true, problems)
    }
    const ca = o.circleAgainst ?? EMPTY
    if (o.tactic === 'circle') {
      if (ca.length > 2) problems.push(`${name}: a ship may Circle against two enemies at most`)
      if (ca.length === 2 && ca[0] === ca[1]) problems.push(`${name}: Circle against two different ships`)
      for (const t of ca) checkOther(pre, state, i, t, 'Circle against', true, problems)
    }
  } else {
    if (o.desperate) problems.push(`${name} is a ${ps.kind}: no desperate strategies`)
    if (o.tactic !== 'circle' && notes) notes.push(`${name} is a ${ps.kind}: she does not move`)
  }
  const fire = o.fire ?? EMPTY
  for (let a = 0; a < fire.length; a++) {
    const f = fire[a]!
    for (let b = 0; b < a; b++) {
      if (fire[b]!.battery === f.battery) problems.push(`${name}: the ${batteryName(f.battery)} ${f.battery === 'port' || f.battery === 'starboard' ? 'is' : 'are'} ordered twice`)
      if (fire[b]!.target === f.target) problems.push(`${name}: no two batteries may fire at the same ship (${shipName(pre, f.target)})`)
    }
    const jj = pre.idx.get(f.target)
    const jp = state.participants[f.target]
    if (jj !== undefined && jj !== i && pre.hostile[i * n + jj] && jp && jp.status !== 'active') {
      if (notes) notes.push(`${name}: ${pre.ps[jj]!.name} is no longer fighting (the ${batteryName(f.battery)} will hold fire)`)
      continue
    }
    const j = checkOther(pre, state, i, f.target, batteryTarget(f.battery), false, problems)
    if (j < 0) continue
    const pj = pre.ps[j]!
    if (f.aim === 'rigging' && pj.kind !== 'ship') problems.push(`${name}: a ${pj.kind} has no rigging to aim at`)
    if (!notes) continue
    if (isShip && p.firedOnTurn[f.battery] === state.turn - 1) notes.push(`${name}: the ${batteryName(f.battery)} ${f.battery === 'port' || f.battery === 'starboard' ? 'is' : 'are'} reloading this turn`)
    if (gunsOf(ps, p, f.battery) <= 0) notes.push(f.battery === 'port' || f.battery === 'starboard' ? `${name}: the ${batteryName(f.battery)} has no guns` : `${name} has no ${batteryName(f.battery)}`)
    if (p.powderTons <= 0) notes.push(`${name} has no powder aboard: she cannot fire`)
    const r = rangeKey(state, pre.keys[i * n + j]!)
    if (r > sight) notes.push(`${name}: ${pj.name} is out of sight`)
    if (f.shot === 'grape' && r > 0) notes.push(`${name}: grapeshot fires only at Close (now ${RANGES[r] ?? 'out of sight'})`)
    if (f.aim === 'rigging' && p.grappledWith.length) notes.push(`${name} is grappled: she may fire only into the enemy hull`)
  }
  if (o.grapple) {
    const j = checkOther(pre, state, i, o.grapple, 'grapple target', true, problems)
    if (j >= 0) {
      if (pre.ps[j]!.kind !== 'ship') problems.push(`${name}: a ${pre.ps[j]!.kind} is not grappled (a fort is boarded at Close)`)
      else if (!isShip) problems.push(`${name} is a ${ps.kind}: she cannot grapple`)
      else if (notes && p.grappledWith.includes(o.grapple)) notes.push(`${name} is already grappled with ${pre.ps[j]!.name}`)
      else if (notes && rangeKey(state, pre.keys[i * n + j]!) > 0) notes.push(`${name}: grappling needs Close range after this turn's maneuvers`)
    }
  }
  if (o.board) {
    const j = checkOther(pre, state, i, o.board, 'boarding target', true, problems)
    if (j >= 0) {
      const pj = pre.ps[j]!
      if (!isShip) problems.push(`${name} is a ${ps.kind}: she cannot board`)
      else if (pj.kind === 'town') problems.push(`${name}: a town is bombarded, not boarded`)
      else if (pj.kind === 'ship' && !p.grappledWith.includes(o.board) && o.grapple !== o.board)
        problems.push(`${name}: boarding ${pj.name} needs the ships grappled (order a grapple first)`)
      else if (notes && pj.kind === 'fort' && rangeKey(state, pre.keys[i * n + j]!) > 0) notes.push(`${name}: a fort is boarded at Close only`)
    }
  }
  if (o.cutFree) {
    if (!p.grappledWith.includes(o.cutFree)) problems.push(`${name} is not grappled with ${shipName(pre, o.cutFree)}`)
    else if (p.meleeWith.includes(o.cutFree)) problems.push(`${name}: the grapples are cut only once the boarding melee is over`)
  }
  if (o.catchUp !== undefined) {
    const j = pre.idx.get(o.catchUp)
    const pj = state.participants[o.catchUp]
    if (j === undefined) problems.push(`${name}: catch-up ship "${o.catchUp}" is not in this battle`)
    else if (j === i) problems.push(`${name}: she cannot catch up with herself`)
    else if (!isShip) problems.push(`${name} is a ${ps.kind}: she cannot move to catch up`)
    else if (!pj || !counts(pj.status)) problems.push(`${name}: ${pre.ps[j]!.name} is no longer in the battle`)
    else if (notes) {
      if (rangeKey(state, pre.keys[i * n + j]!) <= sight) notes.push(`${name} already sees ${pre.ps[j]!.name}: nothing to catch up`)
      else if (commonSight(pre, state, i, j) < 0) notes.push(`${name}: no ship in sight of her sees ${pre.ps[j]!.name} now (she may catch up only through one)`)
      if (p.grappledWith.length || isCrippled(ps, p)) notes.push(`${name} cannot move this turn (grappled or crippled)`)
    }
  }
  if (notes && o.clearAnchor && !p.anchorDragging) notes.push(`${name} has no anchor dragging`)
  if (notes && o.desperate === 'wetSails' && p.wetSailsTurns > 0) notes.push(`${name}'s sails are still wet`)
  return problems.length - before
}

/**
 * Large Battles rule 3 (seed 003 VI): a ship counting in the battle (not i, not j) that sees both i
 * and j now, or −1.
 */
export function commonSight(pre: Pre, state: BattleState, i: number, j: number): number {
  const n = pre.n
  const sight = sightOf(pre, state.weather)
  for (let k = 0; k < n; k++) {
    if (k === i || k === j) continue
    const pk = state.participants[pre.ids[k]!]
    if (!pk || !counts(pk.status)) continue
    if (rangeKey(state, pre.keys[i * n + k]!) <= sight && rangeKey(state, pre.keys[j * n + k]!) <= sight) return k
  }
  return -1
}

/**
 * Which way a ship's guns bear this turn by her own orders (seed 003 IV "CANNON FIRE": an evading
 * ship fires only her stern guns, a broadside only at a pursuer at Close; a ship bearing down fires only
 * her chasers until Close; a circling ship fires her broadsides, her chasers or stern guns only when she
 * loses the circling by the margin; a ship neither circling nor bearing down on an enemy fires
 * broadsides only at Close). The same arcs as the cannon fire of resolveTurn, read before the
 * maneuvers: `never` when the battery cannot bear on that ship whatever the enemy does, `unless` when
 * it fires only if the maneuvers go her way. Null: it bears.
 */
export function fireArc(pre: Pre, state: BattleState, i: number, o: ShipOrders, battery: Battery, target: string): { never?: string; unless?: string } | null {
  const ps = pre.ps[i]!
  const p = state.participants[ps.id]
  const j = pre.idx.get(target)
  if (!p || j === undefined || j === i || ps.kind !== 'ship') return null
  const n = pre.n
  const r = rangeKey(state, pre.keys[i * n + j]!)
  const sight = sightOf(pre, state.weather)
  if (r > sight) return null // checkOrders says so
  const them = pre.ps[j]!.name
  const free = p.grappledWith.length === 0
  let rel = HOLD
  if (free && o.tactic === 'evade') rel = EVADE
  else if (free && o.tactic === 'bearDown' && o.target === target) rel = BEAR
  else if (free && o.tactic === 'circle') {
    const ca = o.circleAgainst ?? EMPTY
    if (ca.length) rel = ca.includes(target) ? CIRCLE : HOLD
    else {
      // The nearest two enemies in sight, as the tactics phase picks them.
      const near: number[] = []
      for (let k = 0; k < n; k++) {
        const pk = state.participants[pre.ids[k]!]
        if (k === i || !pre.hostile[i * n + k] || !pk || pk.status !== 'active' || rangeKey(state, pre.keys[i * n + k]!) > sight) continue
        near.push(k)
      }
      near.sort((a, b) => rangeKey(state, pre.keys[i * n + a]!) - rangeKey(state, pre.keys[i * n + b]!))
      rel = near.slice(0, 2).includes(j) ? CIRCLE : HOLD
    }
  }
  const broadside = battery === 'port' || battery === 'starboard'
  switch (rel) {
    case EVADE:
      if (battery === 'stern') return null
      if (battery === 'chasers') return { never: 'an evading ship fires only her stern guns' }
      return { unless: `an evading ship fires a broadside only at a pursuer at Close (${them} must bear down on her and reach Close)` }
    case BEAR:
      if (battery === 'chasers') return null
      if (battery === 'stern') return { never: 'a ship bearing down fires her chasers, and broadsides at Close' }
      if (r === 0) return null
      return {
        unless: pre.ship[j]
          ? `a ship bearing down fires only her chasers until Close (it fires if she reaches Close, or if ${them} circles against her and does not win)`
          : 'a ship bearing down fires only her chasers until Close (it fires if she reaches Close)'
      }
    case CIRCLE:
      if (broadside) return null
      return { unless: `a circling ship fires her ${battery === 'chasers' ? 'chasers' : 'stern guns'} only if ${them} circles too and wins by ${pre.rules.circleWinMargin} or more` }
    default:
      if (!broadside) return { never: free ? `she is neither circling nor bearing down on ${them}: broadsides only, at Close` : 'she is grappled: broadsides only' }
      return r === 0 ? null : { unless: `she is neither circling nor bearing down on ${them}: broadsides only at Close` }
  }
}
