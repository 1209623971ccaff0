import type { RngState } from '../dice/rng'
import { hitChance } from './ai'
import { D10Stream } from './dice'
import { grappleNeed, outnumbered, trainedFighters } from './calc'
import { HIGH_SEAS_RULES, type HighSeasRules } from './tables'
import { leaderHasOverTheSide } from './turn'
import { OUT_OF_SIGHT, PARTICIPANT_STATUSES, STATUS_INDEX, pairKey, type BattleSetup, type BattleState, type ParticipantSetup, type ParticipantState, type ParticipantStatus } from './types'

/**
 * The odds simulator's kernel for a duel: two ships of two sides, both under the AI captain, played
 * turn after turn with the battle held in reused scalars (two `Ship` records and a few numbers), the
 * AI's choice (ai.ts) and the turn's resolution (turn.ts) written against them, and the dice drawn
 * straight from the generator. It plays exactly the rules of ai.ts and turn.ts on their trace-off
 * path: the same orders, the same dice in the same order, the same final state per seed — held to the
 * full engine by tests/unit/highseas-kernel.test.ts (random legal duels: hulls, behaviours, crews,
 * ranges, weather, rules, states part-way through a battle). No object is made per turn; the final
 * state is built once at the end of a run.
 *
 * What it covers (`kernelCovers`): exactly two participants, both ships, of different sides, every
 * turn under the AI (the odds' "as ordered" first turn is played by the engine first), and a state
 * whose grapples and melees are with each other (as the engine makes them). Everything else — forts,
 * towns, three or more participants, GM orders, heroic actions, melee results — is played by the
 * engine's own fast path (turn.ts `fast`). With two ships many rules of the engine fall away: no
 * third ship to catch up through, at most one fire order a ship (one battery per enemy), no ally in a
 * melee (so never the −15 to hit nor a shared hit), Evade and Circle have one opponent.
 */

// Statuses as numbers (their index in PARTICIPANT_STATUSES).
const ACTIVE = 0
const ESCAPED = 1
const LOST_CONTACT = 2
const SINKING = 3
const SUNK = 4
const STRUCK = 5

// The AI's intents (ai.ts M_*) and tactics (T_*); the engine's relations (core.ts EVADE…HOLD).
const M_EVADE = 1
const M_ATTACK = 2
const M_HOLD = 3
const M_IGNORE = 4
const M_FORT = 5
const T_EVADE = 0
const T_BEAR = 1
const T_CIRCLE = 2
const R_EVADE = 1
const R_BEAR = 2
const R_CIRCLE = 3
const R_HOLD = 4
// Battery bits: port 1, starboard 2, chasers 4, stern 8.
const B_PORT = 1
const B_STAR = 2
const B_BROAD = 3
const B_CHASE = 4
const B_STERN = 8
const BH_MERCHANT = 0
const BH_CORSAIR = 1
const BH_PATROL = 2
const BH_WARSHIP = 3
const BH_FLEET = 4
const MIN_HIT_CHANCE = 0.1
const MAX_TN = 160
const MAXD = 200
const WARSHIP_BEHAVIOURS = new Set(['warship', 'patrol', 'fleet'])

/** One ship: her fixed numbers (from the setup) and her state now (read from the state, written back at the end). */
class Ship {
  // ── Fixed ──
  id = ''
  side = ''
  speed0 = 0
  handling0 = 0
  hullPoints = 0
  riggingPoints = 0
  size = 0
  threat = 0
  oars = 0
  guns0 = new Int32Array(4)
  gunnery = new Int32Array(4)
  hasCaptain = 0
  wits = 0
  tacticsRank = 0
  masterFinesse = 0
  masterRigging = 0
  handFinesse = 0
  handClimbing = 0
  pont = 0
  killOn = 0
  marines0 = 0
  fighters0 = 0
  behaviour = 0
  corsair = 0
  merchant = 0
  warship = 0
  outlaw = 0
  merchantCrew = 0
  fixed = 0
  /** 1 where P(her cannon dice reach tn) is at least the AI's MIN_HIT_CHANCE, else 0: tn 0…MAX_TN+1. */
  worth = new Uint8Array(MAX_TN + 2)
  // ── State ──
  status = 0
  hullDamage = 0
  riggingDamage = 0
  gunsLost = new Int32Array(4)
  /** Guns left in each battery (guns0 − gunsLost, not below 0), and the batteries with any as bits: kept as gunsLost changes. */
  left = new Int32Array(4)
  armed = 0
  crew = 0
  marines = 0
  powderTons = 0
  rudderDamage = 0
  fired = new Int32Array(4)
  /** The batteries (bits) that fired on the turn before this one, so reload this turn: kept with `fired`. */
  reloading = 0
  wetSailsTurns = 0
  halfSpeedNextTurn = 0
  sailFouled = 0
  anchorDragging = 0
  sinkingIn: number | null = null
  capturedBy: string | null = null
  takenBy: string | null = null
  /** Has recognised the other ship. */
  recognised = 0
  powderSpent = 0
  bombardment = 0
  fightersLost = 0
  meleeRound = 0
  damageDealt = 0
  // ── The AI's reading of the state (ai.ts Ctx.load) and its memos ──
  aAct = 0
  aSpeed = 0
  aHandling = 0
  aHullNow = 0
  aCrippled = 0
  aHalf = 0
  aFighters = 0
  aLoaded = 0
  mode = 0
  /** Her intent targets the other ship. */
  tgt = 0
  tactic = -1
  wet = -1
  // ── Her orders this turn (active: she has orders) ──
  oHas = 0
  oStrike = 0
  oClearAnchor = 0
  /** T_EVADE, T_BEAR, T_CIRCLE. */
  oTactic = 0
  /** Bear Down on / Circle against the other ship (explicitly). */
  oTargetOther = 0
  oCircleOther = 0
  oWet = 0
  oHard = 0
  oGrapple = 0
  oBoard = 0
  /** Fire order: battery (−1 none), rigging, grape. */
  oBattery = -1
  oRigging = 0
  oGrape = 0
  // ── The turn's scratch ──
  before = 0
  bm = -1
  chase = -1
  circ = -1
  pendHull = 0
  pendRig = 0
  pendCrew = 0
  pendRudder = 0
  powderLeft = 0
  speed = 0
  handling = 0
  wetNow = 0
  halfNow = 0
  hard = 0
  mobile = 0
  boom = new Int32Array(4)
  hasBoom = 0
  /** The batteries (bits) that fire this turn. */
  firing = 0
  rel = 0
  win = 0
  contest = 0
}

/** The kernel for one setup (made once, reused run after run). */
class Kernel {
  /** The two ships, in the setup's order: fields (not an array), so the turn and the AI reach them with their type known. */
  readonly a = new Ship()
  readonly b = new Ship()
  readonly R: HighSeasRules
  readonly key: string
  /** The run's dice: the generator's state taken at the start of each run. */
  readonly gen = new D10Stream()
  turn = 0
  r = 0
  becalmed = 0
  newCalm = 0
  sight = 0
  recognition = 0
  grappled = 0
  melee = 0
  outcome: BattleState['outcome'] = 'ongoing'
  winner: string | null = null
  /** The last run's turns (with those played before it) and whether it was decided within its turns. */
  turns = 0
  decided = false
  /** Scratch for keeping the highest dice. */
  readonly keep = new Int32Array(64)

  constructor(setup: BattleSetup) {
    const R = (this.R = setup.rules ?? HIGH_SEAS_RULES)
    const ps = setup.participants
    this.key = pairKey(ps[0]!.id, ps[1]!.id)
    fixShip(this.a, ps[0]!, R)
    fixShip(this.b, ps[1]!, R)
  }
}

function fixShip(k: Ship, ps: ParticipantSetup, R: HighSeasRules): void {
  k.id = ps.id
  k.side = ps.side
  k.speed0 = ps.speed
  k.handling0 = ps.handling
  k.hullPoints = ps.hullPoints
  k.riggingPoints = ps.riggingPoints
  k.size = ps.size
  k.threat = ps.threatRating
  k.oars = !!ps.oars ? 1 : 0
  k.guns0[0] = ps.guns.port
  k.guns0[1] = ps.guns.starboard
  k.guns0[2] = ps.guns.chasers
  k.guns0[3] = ps.guns.stern
  const g = ps.gunners ?? { port: 1, starboard: 1, chasers: 1, stern: 1 }
  k.gunnery[0] = g.port
  k.gunnery[1] = g.starboard
  k.gunnery[2] = g.chasers
  k.gunnery[3] = g.stern
  k.hasCaptain = !!ps.captain ? 1 : 0
  k.wits = ps.captain?.wits ?? 0
  k.tacticsRank = ps.captain?.tactics ?? 0
  const mt = ps.masterOfTops ?? { finesse: 2, rigging: 1 }
  k.masterFinesse = mt.finesse
  k.masterRigging = mt.rigging
  const h = ps.anchorHand ?? { finesse: 2, climbing: 1, knotwork: 1 }
  k.handFinesse = h.finesse
  k.handClimbing = h.climbing
  k.pont = Math.max(ps.pontGuns?.port ?? 0, ps.pontGuns?.starboard ?? 0)
  k.killOn = leaderHasOverTheSide(ps) ? R.overTheSideKillOn : R.boardingKillOn
  k.marines0 = ps.marines ?? 0
  k.fighters0 = trainedFighters({ kind: ps.kind, crewKind: ps.crewKind ?? 'merchant', nation: ps.nation ?? '', crew: ps.crew, marines: ps.marines ?? 0, officers: ps.officers ?? 0 }, R)
  const b = ps.behaviour
  k.behaviour = b === 'merchant' ? BH_MERCHANT : b === 'corsair' ? BH_CORSAIR : b === 'patrol' ? BH_PATROL : b === 'warship' ? BH_WARSHIP : b === 'fleet' ? BH_FLEET : 5
  k.corsair = b === 'corsair' ? 1 : 0
  k.warship = ps.crewKind === 'naval' || WARSHIP_BEHAVIOURS.has(b) ? 1 : 0
  k.merchant = b === 'merchant' || (ps.crewKind === 'merchant' && !WARSHIP_BEHAVIOURS.has(b) && b !== 'corsair') ? 1 : 0
  k.merchantCrew = ps.crewKind === 'merchant' ? 1 : 0
  k.outlaw = ps.crewKind === 'pirate' || ps.crewKind === 'privateer' ? 1 : 0
  k.fixed = b === 'fort' ? 1 : 0
  for (let tn = 0; tn <= MAX_TN + 1; tn++) k.worth[tn] = hitChance(ps.threatRating, tn) < MIN_HIT_CHANCE ? 0 : 1
}

const KERNELS = new WeakMap<BattleSetup, Kernel | null>()

/** Whether the kernel plays this setup: two ships of two sides (the state is checked by `kernelPlay`). */
export function kernelCovers(setup: BattleSetup): boolean {
  return kernelFor(setup) !== null
}

function covers(setup: BattleSetup): boolean {
  const ps = setup.participants
  return ps.length === 2 && ps[0]!.kind === 'ship' && ps[1]!.kind === 'ship' && ps[0]!.side !== ps[1]!.side && ps[0]!.id !== ps[1]!.id && ps.every(wholeGuns)
}

/** Four 32-bit whole numbers (the kernel holds guns, gunners' ranks and turns fired in Int32Arrays). */
function int4(a: number, b: number, c: number, d: number): boolean {
  return a === (a | 0) && b === (b | 0) && c === (c | 0) && d === (d | 0)
}

function wholeGuns(ps: ParticipantSetup): boolean {
  const g = ps.guns
  const r = ps.gunners
  return int4(g.port, g.starboard, g.chasers, g.stern) && (r === undefined || int4(r.port, r.starboard, r.chasers, r.stern))
}

function kernelFor(setup: BattleSetup): Kernel | null {
  let k = KERNELS.get(setup)
  if (k === undefined) {
    k = covers(setup) ? new Kernel(setup) : null
    KERNELS.set(setup, k)
  }
  return k
}

/** A list of participant ids the kernel can hold as one flag: empty, or just the other ship. */
function otherOnly(list: readonly string[] | undefined, other: string): number {
  if (list === undefined || list.length === 0) return 0
  return list.length === 1 && list[0] === other ? 1 : -1
}

/** Read a state; false if the kernel cannot hold it (then the engine plays the run). */
function load(K: Kernel, state: BattleState): boolean {
  const { a, b } = K
  const pa = state.participants[a.id]
  const pb = state.participants[b.id]
  if (!pa || !pb || state.heroic === undefined) return false
  const ga = otherOnly(pa.grappledWith, b.id)
  const gb = otherOnly(pb.grappledWith, a.id)
  const ma = otherOnly(pa.meleeWith, b.id)
  const mb = otherOnly(pb.meleeWith, a.id)
  const ra = otherOnly(pa.recognised, b.id)
  const rb = otherOnly(pb.recognised, a.id)
  if (ga < 0 || ga !== gb || ma < 0 || ma !== mb || ra < 0 || rb < 0) return false
  if (!loadShip(a, pa) || !loadShip(b, pb)) return false
  a.recognised = ra === 1 ? 1 : 0
  b.recognised = rb === 1 ? 1 : 0
  K.grappled = ga === 1 ? 1 : 0
  K.melee = ma === 1 ? 1 : 0
  K.turn = state.turn
  a.reloading = reloadingOf(a, K.turn)
  b.reloading = reloadingOf(b, K.turn)
  const v = state.ranges[K.key]
  K.r = v === undefined ? OUT_OF_SIGHT : v
  K.becalmed = state.becalmedTurns
  K.sight = K.R.sighting[state.weather]
  K.recognition = K.R.recognition[state.weather]
  K.outcome = state.outcome
  K.winner = state.winner
  return true
}

function loadShip(k: Ship, p: ParticipantState): boolean {
  const code = STATUS_INDEX.get(p.status)
  if (code === undefined) return false
  const gl = p.gunsLost
  const fo = p.firedOnTurn
  if (!int4(gl.port, gl.starboard, gl.chasers, gl.stern) || !int4(fo.port, fo.starboard, fo.chasers, fo.stern)) return false
  k.status = code
  k.hullDamage = p.hullDamage
  k.riggingDamage = p.riggingDamage
  k.gunsLost[0] = p.gunsLost.port
  k.gunsLost[1] = p.gunsLost.starboard
  k.gunsLost[2] = p.gunsLost.chasers
  k.gunsLost[3] = p.gunsLost.stern
  reckonGuns(k)
  k.crew = p.crew
  k.marines = p.marines
  k.powderTons = p.powderTons
  k.rudderDamage = p.rudderDamage
  k.fired[0] = p.firedOnTurn.port
  k.fired[1] = p.firedOnTurn.starboard
  k.fired[2] = p.firedOnTurn.chasers
  k.fired[3] = p.firedOnTurn.stern
  k.wetSailsTurns = p.wetSailsTurns
  k.halfSpeedNextTurn = p.halfSpeedNextTurn ? 1 : 0
  k.sailFouled = p.sailFouled ? 1 : 0
  k.anchorDragging = p.anchorDragging ? 1 : 0
  k.sinkingIn = p.sinkingIn
  k.capturedBy = p.capturedBy
  k.takenBy = p.takenBy ?? null
  k.powderSpent = p.powderSpent
  k.bombardment = p.bombardment
  k.fightersLost = p.fightersLost ?? 0
  k.meleeRound = p.meleeRound ?? 0
  k.damageDealt = p.damageDealt ?? 0
  return true
}

/** The batteries (bits) whose turn fired is the turn before `turn`. */
function reloadingOf(k: Ship, turn: number): number {
  const last = turn - 1
  const f = k.fired
  return (f[0] === last ? B_PORT : 0) | (f[1] === last ? B_STAR : 0) | (f[2] === last ? B_CHASE : 0) | (f[3] === last ? B_STERN : 0)
}

/** Her guns left and armed batteries from gunsLost (after it is read or changed). */
function reckonGuns(k: Ship): void {
  let armed = 0
  for (let x = 0; x < 4; x++) {
    const g = k.guns0[x]! - k.gunsLost[x]!
    k.left[x] = g > 0 ? g : 0
    if (g > 0) armed |= 1 << x
  }
  k.armed = armed
}

function stateOf(K: Kernel, k: Ship, other: Ship): ParticipantState {
  return {
    id: k.id,
    status: PARTICIPANT_STATUSES[k.status] as ParticipantStatus,
    hullDamage: k.hullDamage,
    riggingDamage: k.riggingDamage,
    gunsLost: { port: k.gunsLost[0]!, starboard: k.gunsLost[1]!, chasers: k.gunsLost[2]!, stern: k.gunsLost[3]! },
    crew: k.crew,
    marines: k.marines,
    powderTons: k.powderTons,
    rudderDamage: k.rudderDamage,
    firedOnTurn: { port: k.fired[0]!, starboard: k.fired[1]!, chasers: k.fired[2]!, stern: k.fired[3]! },
    wetSailsTurns: k.wetSailsTurns,
    halfSpeedNextTurn: k.halfSpeedNextTurn === 1,
    sailFouled: k.sailFouled === 1,
    anchorDragging: k.anchorDragging === 1,
    sinkingIn: k.sinkingIn,
    capturedBy: k.capturedBy,
    takenBy: k.takenBy,
    grappledWith: K.grappled ? [other.id] : [],
    recognised: k.recognised ? [other.id] : [],
    meleeWith: K.melee ? [other.id] : [],
    powderSpent: k.powderSpent,
    bombardment: k.bombardment,
    fightersLost: k.fightersLost,
    meleeRound: k.meleeRound,
    damageDealt: k.damageDealt
  }
}

/**
 * Play a run from `state` (whose generator state is `rng`), every turn under the AI, as simulate.ts
 * playOut does: at most `maxTurns - played` more turns. Null when the kernel does not cover the setup
 * or the state (the caller plays the run on the engine's path).
 */
export function kernelPlay(
  setup: BattleSetup,
  state: BattleState,
  rng: RngState,
  played: number,
  maxTurns: number
): { state: BattleState; turns: number; decided: boolean } | null {
  const K = kernelFor(setup)
  if (K === null || !run(K, state, rng, played, maxTurns)) return null
  const { a, b } = K
  const ranges: Record<string, number> = {}
  ranges[K.key] = K.r
  const participants: Record<string, ParticipantState> = {}
  participants[a.id] = stateOf(K, a, b)
  participants[b.id] = stateOf(K, b, a)
  const out: BattleState = {
    turn: K.turn,
    weather: state.weather,
    ranges,
    participants,
    becalmedTurns: K.becalmed,
    rng: K.gen.state(),
    heroic: state.heroic.slice(),
    outcome: K.outcome,
    winner: K.winner
  }
  return { state: out, turns: K.turns, decided: K.decided }
}

/**
 * How a duel ended, as the odds count it: each ship (in the setup's order) her status, as its index in
 * PARTICIPANT_STATUSES, and whether she was taken.
 */
export interface DuelEnd {
  turns: number
  decided: boolean
  winner: string | null
  status: [number, number]
  taken: [boolean, boolean]
}

/**
 * As `kernelPlay`, but the end is written into `end` (the odds read nothing else of a run) and no
 * final state is built: false when the kernel does not cover the setup or the state.
 */
export function kernelEnd(setup: BattleSetup, state: BattleState, rng: RngState, played: number, maxTurns: number, end: DuelEnd): boolean {
  const K = kernelFor(setup)
  if (K === null || !run(K, state, rng, played, maxTurns)) return false
  writeEnd(K, end)
  return true
}

function writeEnd(K: Kernel, end: DuelEnd): void {
  end.turns = K.turns
  end.decided = K.decided
  end.winner = K.winner
  end.status[0] = K.a.status
  end.status[1] = K.b.status
  end.taken[0] = K.a.capturedBy !== null
  end.taken[1] = K.b.capturedBy !== null
}

/**
 * The odds' many runs of a duel from one state, every turn under the AI: the state is read once and kept,
 * and each run starts from a copy of it, its generator seeded straight from the run's 32-bit seed (as
 * seedState seeds it). `play(rngSeed, maxTurns, end)` plays one run as `kernelEnd` would from
 * `seedState(rngSeed)` with no turns played before, writing its end into `end`. Null when the kernel does
 * not cover the setup or cannot hold the state. The state must not change while the runs are played.
 */
export function duelRuns(setup: BattleSetup, state: BattleState): ((rngSeed: number, maxTurns: number, end: DuelEnd) => void) | null {
  const K = kernelFor(setup)
  if (K === null || !load(K, state)) return null
  const a0 = new Ship()
  const b0 = new Ship()
  keepState(K.a, a0)
  keepState(K.b, b0)
  const { turn, r, becalmed, sight, recognition, grappled, melee, outcome, winner } = K
  return (rngSeed, maxTurns, end) => {
    keepState(a0, K.a)
    keepState(b0, K.b)
    K.turn = turn
    K.r = r
    K.becalmed = becalmed
    K.sight = sight
    K.recognition = recognition
    K.grappled = grappled
    K.melee = melee
    K.outcome = outcome
    K.winner = winner
    K.gen.seed(rngSeed)
    play(K, 0, maxTurns)
    writeEnd(K, end)
  }
}

/** Copy a ship's state (all that `loadShip` reads, and her recognition) from one record to another. */
function keepState(from: Ship, to: Ship): void {
  to.status = from.status
  to.hullDamage = from.hullDamage
  to.riggingDamage = from.riggingDamage
  copy4(from.gunsLost, to.gunsLost)
  copy4(from.left, to.left)
  to.armed = from.armed
  to.crew = from.crew
  to.marines = from.marines
  to.powderTons = from.powderTons
  to.rudderDamage = from.rudderDamage
  copy4(from.fired, to.fired)
  to.reloading = from.reloading
  to.wetSailsTurns = from.wetSailsTurns
  to.halfSpeedNextTurn = from.halfSpeedNextTurn
  to.sailFouled = from.sailFouled
  to.anchorDragging = from.anchorDragging
  to.sinkingIn = from.sinkingIn
  to.capturedBy = from.capturedBy
  to.takenBy = from.takenBy
  to.recognised = from.recognised
  to.powderSpent = from.powderSpent
  to.bombardment = from.bombardment
  to.fightersLost = from.fightersLost
  to.meleeRound = from.meleeRound
  to.damageDealt = from.damageDealt
}

/** Four numbers copied (a typed array's `set` is a call into the runtime: slower for four). */
function copy4(from: Int32Array, to: Int32Array): void {
  to[0] = from[0]!
  to[1] = from[1]!
  to[2] = from[2]!
  to[3] = from[3]!
}

/** Load the state and play the run in the kernel; false if it cannot hold the state. */
function run(K: Kernel, state: BattleState, rng: RngState, played: number, maxTurns: number): boolean {
  if (!K.gen.load(rng) || !load(K, state)) return false
  play(K, played, maxTurns)
  return true
}

/** Play turns under the AI until the battle is decided or `maxTurns` (counting the `played` before) are played. */
function play(K: Kernel, played: number, maxTurns: number): void {
  let turns = played
  let decided = true
  while (K.outcome === 'ongoing') {
    if (turns >= maxTurns) {
      decided = false
      break
    }
    aiOrders(K)
    playTurn(K)
    turns++
  }
  K.turns = turns
  K.decided = decided
}

// ─── Dice (fastDice's draws, d10 faces: dice.ts D10Stream) ───────────────────────────────────────

function face(K: Kernel): number {
  return K.gen.face()
}
/** One die exploding on 10. */
function explDie(K: Kernel): number {
  let die = 0
  for (;;) {
    const f = face(K)
    die += f
    if (f !== 10) return die
  }
}
/** `count` exploding d10 summed (at most MAXD, as core.ts `expl`). */
function rollExpl(K: Kernel, count: number): number {
  const c = count < MAXD ? count : MAXD
  let sum = 0
  for (let x = 0; x < c; x++) sum += explDie(K)
  return sum
}
/** (roll)k(keep), exploding: the `keep` highest of `roll` dice summed. */
function rollKeep(K: Kernel, roll: number, keep: number): number {
  if (keep > roll) keep = roll
  if (keep >= roll) {
    let sum = 0
    for (let x = 0; x < roll; x++) sum += explDie(K)
    return sum
  }
  if (keep === 1) {
    let m = 0
    for (let x = 0; x < roll; x++) {
      const d = explDie(K)
      if (d > m) m = d
    }
    return m
  }
  if (keep === roll - 1) {
    // All but the lowest.
    let sum = 0
    let low = 0x3fffffff // above any die
    for (let x = 0; x < roll; x++) {
      const d = explDie(K)
      sum += d
      if (d < low) low = d
    }
    return sum - low
  }
  const t = roll <= K.keep.length ? K.keep : new Int32Array(roll)
  for (let x = 0; x < roll; x++) {
    const v = explDie(K)
    let at = x
    while (at > 0 && t[at - 1]! < v) {
      t[at] = t[at - 1]!
      at--
    }
    t[at] = v
  }
  let sum = 0
  for (let x = 0; x < keep; x++) sum += t[x]!
  return sum
}

// ─── The AI (ai.ts, for two ships) ──────────────────────────────────────────────────────────────
// Each function takes the ship deciding (k) and the other ship (j), who in a duel is her only
// possible target: a target is held as a flag (`tgt`, `target`: 1 = the other ship, 0 = none).

function aiSpeed(K: Kernel, k: Ship): number {
  const R = K.R
  if (k.riggingDamage >= k.riggingPoints) return 0
  let s = k.speed0
  if (k.wetSailsTurns > 0) s += R.wetSailsSpeed
  if (k.riggingDamage * 2 > k.riggingPoints) s = Math.max(1, Math.floor(s / 2))
  if (k.halfSpeedNextTurn) s = Math.max(1, Math.floor(s / 2))
  if (k.sailFouled && s > 1) s = 1
  if (k.anchorDragging && s > 1) s -= 1
  if (K.becalmed > 0) s = k.oars ? Math.max(1, s - R.calmOarsSpeed) : 0
  return s
}

function aiLoad(K: Kernel, k: Ship): void {
  k.mode = 0
  k.tgt = 0
  k.tactic = -1
  k.wet = -1
  k.aAct = k.status === ACTIVE ? 1 : 0
  if (!k.aAct) return
  k.aSpeed = aiSpeed(K, k)
  let h = k.handling0 - k.rudderDamage
  if (k.hullDamage * 2 > k.hullPoints) h -= 1
  if (k.riggingDamage >= k.riggingPoints) h += K.R.crippledHandling
  k.aHandling = h
  k.aHullNow = Math.max(0, k.hullPoints - k.hullDamage)
  k.aCrippled = k.riggingDamage >= k.riggingPoints ? 1 : 0
  k.aHalf = k.riggingDamage * 2 > k.riggingPoints ? 1 : 0
  k.aFighters = Math.max(0, Math.min(k.fighters0 - k.fightersLost, k.crew))
  k.aLoaded = k.powderTons > 0 ? (B_PORT | B_STAR | B_CHASE | B_STERN) & ~k.reloading : 0
}

/** An active enemy in sight of the other (ai.ts Ctx.enemy, for two ships of two sides). */
function enemy(K: Kernel, j: Ship): boolean {
  return j.aAct === 1 && K.r <= K.sight
}
/** Whether i knows what j is (ai.ts Ctx.rec). */
function rec(K: Kernel, i: Ship): boolean {
  return K.r <= K.recognition || i.recognised === 1
}
function locked(K: Kernel): boolean {
  return K.grappled === 1 || K.melee === 1
}

function setIntent(k: Ship, mode: number, tgt: number): void {
  k.mode = mode
  k.tgt = tgt
}

/** Ship k's intent this turn (aiRead): `mode`, and `tgt` whether she targets j. */
function decideIntent(K: Kernel, k: Ship, j: Ship): void {
  if (k.fixed) return setIntent(k, M_FORT, 0)
  if (!enemy(K, j)) return setIntent(k, M_IGNORE, 0)
  const lock = locked(K)
  const cantMove = k.aCrippled || k.aSpeed <= 0
  switch (k.behaviour) {
    case BH_MERCHANT:
      return setIntent(k, lock || cantMove ? M_HOLD : M_EVADE, 0)
    case BH_CORSAIR: {
      // Held by a grapple or a melee: with the other ship, who is active (she is an enemy in sight).
      if (lock) return setIntent(k, M_ATTACK, 1)
      const known = rec(K, k)
      if (known && j.warship) return setIntent(k, cantMove ? M_HOLD : M_EVADE, 0)
      if (known && !j.merchant) return setIntent(k, cantMove ? M_HOLD : M_EVADE, 0)
      return setIntent(k, M_ATTACK, 1)
    }
    case BH_PATROL:
    case BH_WARSHIP:
    case BH_FLEET:
      // A patrol's side has as many ships as there are hostile ships in her sight (one each): she does not evade.
      if (k.behaviour === BH_FLEET && !provoked(K, k, j)) return setIntent(k, M_IGNORE, 0)
      return setIntent(k, M_ATTACK, 1)
    default:
      return setIntent(k, M_FORT, 0)
  }
}

function provoked(K: Kernel, k: Ship, j: Ship): boolean {
  // j is an enemy ship in sight (decideIntent).
  if (K.r <= 2) return true
  if (j.outlaw && rec(K, k)) return true
  // She fired on the last turn (the first turn has none before it).
  return K.turn - 1 >= 1 && j.reloading !== 0
}

/** Ship k's tactic this turn (aiRead). */
function decideTactic(K: Kernel, k: Ship, j: Ship): void {
  const m = k.mode
  k.tactic = m === M_EVADE ? T_EVADE : m === M_ATTACK ? attackTactic(K, k, j) : T_CIRCLE
}

/** An attacking ship's tactic: her target is j (every M_ATTACK intent targets the other ship). */
function attackTactic(K: Kernel, k: Ship, j: Ship): number {
  if (locked(K) || k.aCrippled || k.aSpeed <= 0) return T_CIRCLE
  if (k.corsair) return T_BEAR
  if (K.r >= 2) return T_BEAR
  if (j.mode === M_EVADE && j.aSpeed <= k.aSpeed) return T_BEAR
  return T_CIRCLE
}

/** Whether ship j is expected to bear down on the other ship. */
function bearsOn(j: Ship): boolean {
  return j.tactic === T_BEAR && j.tgt === 1
}

/** Whether ship k will wet her sails this turn (aiRead). */
function decideWet(K: Kernel, k: Ship, j: Ship): void {
  let w = 0
  if (k.mode === M_EVADE && !k.aHalf && !k.aCrippled && k.wetSailsTurns <= 0 && !k.halfSpeedNextTurn) {
    if (enemy(K, j) && K.r <= 2 && bearsOn(j)) w = 1
  }
  k.wet = w
}

/** The range k expects after the turn (ai.ts rangeAfter): `target` 1 if she bears down on j, `wetting` her own wet sails. */
function rangeAfter(K: Kernel, k: Ship, myTactic: number, target: number, j: Ship, wetting: boolean): number {
  const r = K.r
  const theirs = j.tactic
  const theyBear = theirs === T_BEAR && j.tgt === 1
  // The chase's expected speeds: hers (with the sails she is wetting) and j's (with the sails j will wet).
  const W = K.R.wetSailsSpeed
  let d = 0
  if (myTactic === T_EVADE) {
    if (theyBear) {
      const mine = k.aSpeed + (wetting ? W : 0)
      const their = j.aSpeed + (j.wet === 1 ? W : 0)
      d = their > mine ? -1 : their < mine ? 1 : 0
    } else d = 1
  } else if (myTactic === T_BEAR && target === 1) {
    if (theirs === T_EVADE) {
      const mine = k.aSpeed + (wetting ? W : 0)
      const their = j.aSpeed + (j.wet === 1 ? W : 0)
      d = mine > their ? -1 : mine < their ? 1 : 0
    } else d = theyBear ? -2 : -1
  } else if (theirs === T_EVADE) d = 1
  else if (theyBear) d = -1
  if (k.fixed || j.fixed) d = Math.min(d, 0)
  const v = r + d
  return v < 0 ? 0 : v > OUT_OF_SIGHT ? OUT_OF_SIGHT : v
}

function shouldStrike(K: Kernel, k: Ship, j: Ship): boolean {
  if (!enemy(K, j)) return false
  if (k.aCrippled && k.aHullNow < k.hullPoints * 0.25 && K.r === 0) return true
  if (k.merchantCrew && K.grappled && j.aAct && outnumbered(k.aFighters, j.aFighters, K.R)) return true
  return false
}

function wantsToBoard(k: Ship, t: Ship): boolean {
  if (k.corsair) return k.aFighters > t.aFighters
  return k.aFighters > 0 && k.aFighters >= t.aFighters * 1.5
}

/** Every active ship's orders (ai.ts ordersOf), into her order fields. */
function aiOrders(K: Kernel): void {
  const a = K.a
  const b = K.b
  aiLoad(K, a)
  aiLoad(K, b)
  // Each active ship's reading, in the order its parts depend on one another: her intent; her tactic (she
  // reads her target's intent); whether she wets her sails (she reads the other's tactic). ai.ts works
  // them out when first asked, to the same values; an inactive ship's are never asked for.
  if (a.aAct) decideIntent(K, a, b)
  if (b.aAct) decideIntent(K, b, a)
  if (a.aAct) decideTactic(K, a, b)
  if (b.aAct) decideTactic(K, b, a)
  if (a.aAct) decideWet(K, a, b)
  if (b.aAct) decideWet(K, b, a)
  if (a.aAct) orders(K, a, b)
  else a.oHas = 0
  if (b.aAct) orders(K, b, a)
  else b.oHas = 0
}

function orders(K: Kernel, k: Ship, j: Ship): void {
  const mode = k.mode
  k.oHas = 1
  k.oClearAnchor = k.anchorDragging
  k.oTargetOther = 0
  k.oCircleOther = 0
  k.oWet = 0
  k.oHard = 0
  k.oGrapple = 0
  k.oBoard = 0
  k.oBattery = -1
  if (shouldStrike(K, k, j)) {
    k.oStrike = 1
    k.oTactic = T_CIRCLE
    return
  }
  k.oStrike = 0
  const target = mode === M_ATTACK ? k.tgt : 0
  const tactic = k.tactic
  k.oTactic = tactic
  k.oTargetOther = tactic === T_BEAR && target === 1 ? 1 : 0
  // Circle against the other ship if she is an enemy in sight.
  const ca = tactic === T_CIRCLE && mode !== M_IGNORE && mode !== M_FORT && enemy(K, j) ? 1 : 0
  k.oCircleOther = ca
  let wetting = false
  if (!k.aHalf && !k.aCrippled) {
    if (tactic === T_EVADE && k.wet === 1) {
      k.oWet = 1
      wetting = true
    } else if (tactic === T_CIRCLE && mode !== M_IGNORE && ca === 1 && bearsOn(j)) k.oHard = 1
  }
  if (target === 1 && wantsToBoard(k, j)) {
    if (K.grappled) {
      if (!K.melee) k.oBoard = 1
    } else if (K.r <= 1) k.oGrapple = 1
  }
  if (mode !== M_IGNORE && k.aLoaded) chooseFire(K, k, j, tactic, target, ca, wetting)
}

/** The batteries k may fire at j (her one enemy) as bits: `target`/`ca` 1 if she bears down on / circles j. */
function legalBatteries(K: Kernel, tactic: number, target: number, ca: number, j: Ship, rAfter: number): number {
  if (K.grappled) return rAfter === 0 ? B_BROAD : 0
  switch (tactic) {
    case T_EVADE:
      return (K.r === 0 || rAfter === 0) && bearsOn(j) ? B_BROAD | B_STERN : B_STERN
    case T_BEAR:
      if (target !== 1) return rAfter === 0 ? B_BROAD : 0
      if (rAfter === 0 || K.r === 0) return B_BROAD | B_CHASE
      return j.tactic === T_CIRCLE ? B_BROAD | B_CHASE : B_CHASE
    default:
      return ca === 1 || rAfter === 0 ? B_BROAD : 0
  }
}

function chooseFire(K: Kernel, k: Ship, j: Ship, tactic: number, target: number, ca: number, wetting: boolean): void {
  const free = k.aLoaded & k.armed
  // The one enemy: not in a melee with a friend (there is none), in sight and active.
  if (!free || !enemy(K, j)) return
  const rAfter = rangeAfter(K, k, tactic, target, j, wetting)
  const legal = legalBatteries(K, tactic, target, ca, j, rAfter) & free
  if (!legal) return
  let b: number
  if (legal & B_BROAD) {
    const port = legal & B_PORT ? k.left[0]! : -1
    const star = legal & B_STAR ? k.left[1]! : -1
    b = star > port ? 1 : 0
  } else if (legal & B_CHASE) b = 2
  else b = 3
  const rNow = K.r
  const at = b < 2 && rNow === 0 && tactic !== T_CIRCLE ? 0 : rAfter
  const grape = at === 0 && rNow === 0 && !(k.mode === M_ATTACK && k.corsair) && j.aFighters > k.aFighters
  // Grape hits for sure; other shot only with a chance to hit of MIN_HIT_CHANCE or more (at her rigging, else her hull).
  let rigging = !grape && wantsRigging(K, k, j, at)
  let worth = grape || worthFiring(K, k, b, j, at, rigging)
  if (rigging && !worth) {
    rigging = false
    worth = worthFiring(K, k, b, j, at, false)
  }
  if (!worth) return
  k.oBattery = b
  k.oRigging = rigging ? 1 : 0
  k.oGrape = grape ? 1 : 0
}

function wantsRigging(K: Kernel, k: Ship, j: Ship, at: number): boolean {
  if (K.grappled || at === 0 || j.fixed || k.fixed) return false
  if (j.aCrippled || j.aHalf) return false
  const m = k.mode
  if (m === M_EVADE) return true
  if (m === M_ATTACK) return k.corsair === 1 || j.mode === M_EVADE
  return false
}

/** Whether k's chance to hit j with battery b is at least MIN_HIT_CHANCE (ai.ts chanceToHit, read as the AI reads it). */
function worthFiring(K: Kernel, k: Ship, b: number, j: Ship, range: number, rigging: boolean): boolean {
  const R = K.R
  // The AI reads the −15 only for a ship locked in a melee with a ship she is grappled with.
  const step = range < 5 ? range : 5
  let tn = 5 * j.aHandling + 5 * step - 5 * k.gunnery[b]!
  if (rigging) tn += 10
  if (j.size > k.size) tn += 5
  else if (j.size < k.size) tn -= 5
  if (K.melee && K.grappled) tn += R.meleeTargetTN
  if (tn <= 0) return true
  if (tn > MAX_TN) return false
  return k.worth[tn] === 1
}

// ─── The turn (turn.ts, trace off, for two ships) ───────────────────────────────────────────────

function counts(status: number): boolean {
  return status === ACTIVE || status === SINKING
}

/** Ends i's melee (turn.ts endMelees). */
function endMelees(K: Kernel, k: Ship, j: Ship): void {
  if (K.melee) {
    K.melee = 0
    j.meleeRound = 0
  }
  k.meleeRound = 0
}

function strike(K: Kernel, k: Ship, j: Ship, taken: boolean): void {
  k.status = STRUCK
  k.capturedBy = taken ? j.side : null
  k.takenBy = taken ? j.id : null
  endMelees(K, k, j)
  K.grappled = 0
}

function playTurn(K: Kernel): void {
  const a = K.a
  const b = K.b
  a.before = a.status
  b.before = b.status
  clearTurn(a)
  clearTurn(b)
  // a. Strikes.
  if (a.oHas && a.oStrike) strikeNow(K, a, b)
  if (b.oHas && b.oStrike) strikeNow(K, b, a)
  K.newCalm = Math.max(0, K.becalmed - 1)
  // All ships evade: all escape.
  if ((a.oHas || b.oHas) && (!a.oHas || a.oTactic === T_EVADE) && (!b.oHas || b.oTactic === T_EVADE)) {
    if (a.oHas) escapeNow(K, a, b)
    if (b.oHas) escapeNow(K, b, a)
    return finish(K, 'allEscaped', null)
  }
  startOfTurn(K, a)
  startOfTurn(K, b)
  const becalmedNow = K.becalmed > 0
  if (a.status === ACTIVE) underway(K, a, becalmedNow)
  if (b.status === ACTIVE) underway(K, b, becalmedNow)
  // b. Tactics.
  if (a.oHas && a.status === ACTIVE) relation(K, a, b)
  if (b.oHas && b.status === ACTIVE) relation(K, b, a)
  brilliant(K, a, b)
  // c. Maneuvers.
  if (a.status === ACTIVE && b.status === ACTIVE && K.r <= K.sight) maneuver(K, a, b)
  // d. Grappling, e. Boarding.
  if (a.oHas && a.oGrapple && a.status === ACTIVE) grapple(K, a, b)
  if (b.oHas && b.oGrapple && b.status === ACTIVE) grapple(K, b, a)
  if (a.oHas && a.oBoard && a.status === ACTIVE) board(K, a, b)
  if (b.oHas && b.oBoard && b.status === ACTIVE) board(K, b, a)
  if (a.status === ACTIVE && b.status === ACTIVE && K.melee) quickCombat(K, a, b)
  // f. Cannon fire.
  a.powderLeft = a.powderTons
  b.powderLeft = b.powderTons
  if (a.oHas && a.status === ACTIVE && a.oBattery >= 0) fireOne(K, a, b)
  if (b.oHas && b.status === ACTIVE && b.oBattery >= 0) fireOne(K, b, a)
  a.powderTons = a.powderLeft
  b.powderTons = b.powderLeft
  // g. Damage effects.
  damage(K, a)
  damage(K, b)
  // h. End of turn.
  endOfTurn(K, a, b)
  // Decided when the ships still fighting (active or sinking) are of one side, or none.
  const ca = counts(a.status)
  const cb = counts(b.status)
  if (ca && cb) return finish(K, 'ongoing', null)
  finish(K, 'decided', ca ? a.side : cb ? b.side : null)
}

/** The turn's scratch, cleared. */
function clearTurn(k: Ship): void {
  k.bm = k.chase = k.circ = -1
  k.firing = 0
  k.pendHull = k.pendRig = k.pendCrew = k.pendRudder = 0
  k.speed = k.handling = 0
  k.wetNow = k.halfNow = k.hard = k.mobile = 0
  if (k.hasBoom) {
    k.hasBoom = 0
    k.boom[0] = k.boom[1] = k.boom[2] = k.boom[3] = 0
  }
  k.rel = 0
  k.win = 0
  k.contest = 0
}

function strikeNow(K: Kernel, k: Ship, j: Ship): void {
  strike(K, k, j, counts(j.status))
  k.oHas = 0
}

function escapeNow(K: Kernel, k: Ship, j: Ship): void {
  k.status = ESCAPED
  endMelees(K, k, j)
  K.grappled = 0
}

/** An active ship's speed, handling and whether she moves this turn. */
function underway(K: Kernel, k: Ship, becalmedNow: boolean): void {
  const R = K.R
  k.speed = turnSpeed(K, k, becalmedNow)
  let h = k.handling0 - k.rudderDamage
  if (k.hullDamage * 2 > k.hullPoints) h -= 1
  if (k.hard) h += R.hardTurnsHandling
  if (k.riggingDamage >= k.riggingPoints) h += R.crippledHandling
  k.handling = h
  k.mobile = k.speed > 0 && !K.grappled ? 1 : 0
}

/** Her relation to j (turn.ts tactics), she being active with orders. */
function relation(K: Kernel, k: Ship, j: Ship): void {
  const free = !K.grappled
  k.rel = free && k.oTactic === T_EVADE ? R_EVADE : R_HOLD
  if (!free) return
  if (k.oTactic === T_BEAR) {
    if (k.oTargetOther) k.rel = R_BEAR
  } else if (k.oTactic === T_CIRCLE) {
    if (k.oCircleOther) k.rel = R_CIRCLE
    else if (j.status === ACTIVE && K.r <= K.sight) k.rel = R_CIRCLE
  }
}

function grapple(K: Kernel, k: Ship, j: Ship): void {
  if (j.status !== ACTIVE || K.grappled || K.r > 0) return
  const R = K.R
  const need = grappleNeed(k.size, j.size, R).needs
  const d = face(K)
  if (d + (k.win ? R.raise : 0) >= need) {
    K.grappled = 1
    K.r = 0
  }
}

function board(K: Kernel, k: Ship, j: Ship): void {
  if (j.status !== ACTIVE || !K.grappled) return
  if (!K.melee) {
    k.meleeRound = 0
    j.meleeRound = 0
    K.melee = 1
  }
}

function finish(K: Kernel, outcome: BattleState['outcome'], winner: string | null): void {
  K.turn++
  K.a.reloading = K.a.firing
  K.b.reloading = K.b.firing
  K.becalmed = K.newCalm
  K.outcome = outcome
  K.winner = winner
}

function turnSpeed(K: Kernel, k: Ship, becalmed: boolean): number {
  const R = K.R
  let s = k.speed0
  if (k.riggingDamage >= k.riggingPoints) return 0
  if (k.wetNow) s += R.wetSailsSpeed
  if (k.riggingDamage * 2 > k.riggingPoints) s = Math.max(1, Math.floor(s / 2))
  if (k.halfNow) s = Math.max(1, Math.floor(s / 2))
  if (k.sailFouled && s > 1) s = 1
  if (k.anchorDragging && s > 1) s -= 1
  if (becalmed) s = k.oars ? Math.max(1, s - R.calmOarsSpeed) : 0
  return s
}

/** Her anchor, fouled sails, desperate strategies (turn.ts startOfTurn). */
function startOfTurn(K: Kernel, k: Ship): void {
  if (!k.oHas) return
  const R = K.R
  // Clearing the anchor: the AI's orders always cut it loose once the hand is down.
  if (k.oClearAnchor && k.anchorDragging && rollKeep(K, k.handFinesse + k.handClimbing, k.handFinesse) >= 15) k.anchorDragging = 0
  if (k.sailFouled && rollKeep(K, k.masterFinesse + k.masterRigging, k.masterFinesse) >= R.reRigTN) k.sailFouled = 0
  k.halfNow = k.halfSpeedNextTurn
  k.halfSpeedNextTurn = 0
  if (k.oWet && k.wetSailsTurns === 0 && !(k.riggingDamage >= k.riggingPoints)) k.wetSailsTurns = R.wetSailsTurns
  if (k.wetSailsTurns > 0) {
    k.wetNow = 1
    if (face(K) >= R.wetSailsTearOn) {
      k.pendRig += face(K)
      k.halfSpeedNextTurn = 1
    }
  }
  if (k.oHard) {
    k.hard = 1
    if (face(K) >= R.hardTurnsDamageOn) {
      k.pendHull += 1
      k.pendRudder += 1
    }
  }
}

/** Brilliant maneuvering (turn.ts), a and b the two ships in the setup's order. */
function brilliant(K: Kernel, a: Ship, b: Ship): void {
  if (a.status !== ACTIVE || b.status !== ACTIVE || K.r > K.sight) return
  // Each captain with orders rolls against her one enemy: Wits + Tactics.
  if (a.oHas && a.hasCaptain) a.bm = rollKeep(K, a.wits + a.tacticsRank, a.wits)
  if (b.oHas && b.hasCaptain) b.bm = rollKeep(K, b.wits + b.tacticsRank, b.wits)
  if (a.bm < 0 && b.bm < 0) return
  const av = a.bm < 0 ? 0 : a.bm
  const bv = b.bm < 0 ? 0 : b.bm
  if (av > bv) a.win = 1
  else if (bv > av) b.win = 1
}

function chaseRoll(K: Kernel, k: Ship): number {
  if (k.chase < 0) k.chase = rollExpl(K, Math.max(1, k.speed))
  return k.chase
}
function circRoll(K: Kernel, k: Ship): number {
  if (k.circ < 0) k.circ = k.handling > 0 ? rollExpl(K, k.handling) : 0
  return k.circ
}
function solo(t: number): number {
  return t === R_EVADE ? 1 : t === R_BEAR ? -1 : 0
}

/** The pair's maneuvers (turn.ts maneuvers), both active and in sight. */
function maneuver(K: Kernel, i: Ship, j: Ship): void {
  const R = K.R
  const r0 = K.r
  if (K.grappled) {
    K.r = 0
    return
  }
  const a = i.rel
  const b = j.rel
  const mi = i.mobile
  const mj = j.mobile
  let delta = 0
  if ((a === R_EVADE && b === R_BEAR) || (a === R_BEAR && b === R_EVADE)) {
    if (mi && mj) delta = a === R_EVADE ? chaseContest(K, i, j) : chaseContest(K, j, i)
    else delta = (mi ? solo(a) : 0) + (mj ? solo(b) : 0)
  } else if (mi && mj) {
    if (a === R_EVADE || b === R_EVADE) delta = 1
    else if (a === R_BEAR && b === R_BEAR) delta = -2
    else if (a === R_BEAR || b === R_BEAR) delta = -1
  } else delta = (mi ? solo(a) : 0) + (mj ? solo(b) : 0)
  if ((a === R_CIRCLE && (b === R_BEAR || b === R_CIRCLE)) || (b === R_CIRCLE && a === R_BEAR)) {
    const ti = circRoll(K, i) + (i.win ? R.raise : 0)
    const tj = circRoll(K, j) + (j.win ? R.raise : 0)
    let res = 0
    if (a === R_CIRCLE && b === R_CIRCLE) res = ti - tj >= R.circleWinMargin ? 1 : tj - ti >= R.circleWinMargin ? -1 : 0
    else if (a === R_CIRCLE) res = ti > tj ? 1 : 0
    else res = tj > ti ? -1 : 0
    i.contest = res
    j.contest = -res
  }
  let r = r0 + delta
  if (r < 0) r = 0
  if (r > K.sight) r = OUT_OF_SIGHT
  K.r = r
}

function chaseContest(K: Kernel, e: Ship, q: Ship): number {
  const R = K.R
  const et = chaseRoll(K, e) + (e.win ? R.raise : 0)
  const qt = chaseRoll(K, q) + (q.win ? R.raise : 0)
  const m = et - qt
  if (m > 0) return 1 + Math.floor(m / R.chaseStepPoints)
  if (m < 0) return -(1 + Math.floor(-m / R.chaseStepPoints))
  // A tie: a mishap (turn.ts mishap; the rest are the GM's to play out).
  const d = face(K)
  if (d <= 2) q.sailFouled = 1
  else if (d >= 5 && d <= 6) K.newCalm = Math.max(K.newCalm, explDie(K))
  else if (d >= 9) e.anchorDragging = 1
  return 0
}

function squadsOf(K: Kernel, k: Ship): number {
  const f = Math.min(k.fighters0 - k.fightersLost, k.crew)
  return f > 0 ? Math.floor(f / K.R.squadSize) : 0
}
function fightersNow(k: Ship): number {
  return Math.max(0, Math.min(k.fighters0 - k.fightersLost, k.crew))
}
function kills(K: Kernel, k: Ship, count: number): number {
  let n = 0
  for (let x = 0; x < count; x++) if (face(K) >= k.killOn) n++
  return n
}
function killSquads(K: Kernel, k: Ship, s: number): number {
  if (s <= 0) return 0
  const kill = Math.min(s, squadsOf(K, k))
  if (kill <= 0) return 0
  const size = K.R.squadSize
  k.fightersLost += kill * size
  k.crew = Math.max(0, k.crew - kill * size)
  const m0 = k.marines0
  const f0 = k.fighters0
  if (m0 > 0 && f0 > 0) k.marines = Math.max(0, Math.min(k.crew, m0 - Math.round((Math.min(k.fightersLost, f0) * m0) / f0)))
  return kill
}
function meleeLoser(K: Kernel, i: Ship, j: Ship, fi: number, fj: number): Ship | null {
  const si = squadsOf(K, i)
  const sj = squadsOf(K, j)
  if (si === 0 && sj === 0) return null
  if (si === 0 || outnumbered(fi, fj, K.R)) return i
  if (sj === 0 || outnumbered(fj, fi, K.R)) return j
  return null
}

/** A quick combat round (turn.ts quickCombat), both active and in a melee. */
function quickCombat(K: Kernel, i: Ship, j: Ship): void {
  const first = meleeLoser(K, i, j, fightersNow(i), fightersNow(j))
  if (first !== null) return strike(K, first, first === i ? j : i, true)
  const di = squadsOf(K, i) + (i.meleeRound === 0 ? i.pont : 0)
  const dj = squadsOf(K, j) + (j.meleeRound === 0 ? j.pont : 0)
  const ki = kills(K, i, di)
  const kj = kills(K, j, dj)
  killSquads(K, j, ki)
  killSquads(K, i, kj)
  i.meleeRound++
  j.meleeRound++
  if (squadsOf(K, i) === 0 && squadsOf(K, j) === 0) {
    K.melee = 0
    return
  }
  const loser = meleeLoser(K, i, j, fightersNow(i), fightersNow(j))
  if (loser !== null) strike(K, loser, loser === i ? j : i, true)
}

/** The fire permissions of i at j (turn.ts perm) as battery bits. */
function perm(K: Kernel, i: Ship, j: Ship): number {
  const r = K.r
  if (r > K.sight) return 0
  const b = j.rel
  switch (i.rel) {
    case R_EVADE:
      return B_STERN | (b === R_BEAR && r === 0 ? B_BROAD : 0)
    case R_BEAR:
      if (b === R_CIRCLE) return B_CHASE | (i.contest < 0 ? 0 : B_BROAD)
      return B_CHASE | (r === 0 ? B_BROAD : 0)
    case R_CIRCLE:
      if (b === R_CIRCLE && i.contest < 0) return B_CHASE | B_STERN
      return B_BROAD
    default:
      return r === 0 ? B_BROAD : 0
  }
}

function fireOne(K: Kernel, k: Ship, j: Ship): void {
  const R = K.R
  const bat = k.oBattery
  if (j.status !== ACTIVE) return
  if (!(perm(K, k, j) & (1 << bat))) return
  if (k.reloading & (1 << bat)) return
  const guns = k.left[bat]!
  if (guns <= 0 || k.powderLeft <= 0) return
  const grape = k.oGrape
  const r = K.r
  if (grape && r > 0) return
  const used = guns / R.shotsPerTon
  k.powderLeft = Math.max(0, k.powderLeft - used)
  k.powderSpent += Math.min(used, k.powderTons)
  k.fired[bat] = K.turn
  k.firing |= 1 << bat
  const rigging = !grape && !K.grappled && k.oRigging
  // Two ships: her target is never in a melee with a third, so neither the −15 nor a shared hit.
  let tn = 5 * j.handling + 5 * r - 5 * k.gunnery[bat]!
  if (rigging) tn += 10
  if (j.size > k.size) tn += 5
  else if (j.size < k.size) tn -= 5
  if (k.win) tn -= R.raise
  const count = Math.min(Math.max(1, k.threat), MAXD)
  let total = 0
  let allOnes = true
  for (let x = 0; x < count; x++) {
    const d = explDie(K)
    if (d !== 1) allOnes = false
    total += d
  }
  if (allOnes) {
    k.hasBoom = 1
    k.boom[bat]!++
    return
  }
  if (!(total >= tn)) return
  const d2 = rollKeep(K, 2, 2)
  const fp = guns * R.firepowerPerGun
  const raw = R.damageReading === 'add' ? d2 + fp : fp * d2
  const dmg = Math.ceil(Math.round(raw * 1e6) / 1e6)
  k.damageDealt += dmg
  if (grape) j.pendCrew += dmg
  else if (rigging) j.pendRig += dmg
  else j.pendHull += dmg
}

/** Damage effects (turn.ts damage, hullDamage, riggingDamage). */
function damage(K: Kernel, k: Ship): void {
  const R = K.R
  const h = k.pendHull
  const rgd = k.pendRig
  const cr = k.pendCrew
  if (!k.hasBoom && !h && !rgd && !cr && !k.pendRudder) return
  if (k.hasBoom) {
    for (let x = 0; x < 4; x++) {
      const lost = Math.min(k.boom[x]!, k.left[x]!)
      k.gunsLost[x]! += lost
      k.crew = Math.max(0, k.crew - lost * R.gunCrew)
    }
    reckonGuns(k)
  }
  if (cr) k.crew = Math.max(0, k.crew - cr)
  if (k.pendRudder) k.rudderDamage += k.pendRudder
  if (h) {
    const prev = k.hullDamage
    const next = Math.min(k.hullPoints, prev + h)
    k.hullDamage = next
    const gl = Math.floor(next / R.hullPerGunLost) - Math.floor(prev / R.hullPerGunLost)
    for (let g = 0; g < gl; g++) {
      // The battery with the most guns left (ties: port, starboard, chasers, stern).
      let best = -1
      let most = 0
      for (let x = 0; x < 4; x++) {
        const left = k.left[x]!
        if (left > most) {
          most = left
          best = x
        }
      }
      if (best < 0) break
      k.gunsLost[best]!++
      reckonGuns(k)
      k.crew = Math.max(0, k.crew - R.gunCrew)
    }
    if (next >= k.hullPoints && (k.status === ACTIVE || k.status === STRUCK)) {
      k.status = SINKING
      k.sinkingIn = R.sinkingTurns
      // Her melee ends (the rounds counted stay as they are).
      K.melee = 0
    }
  }
  if (rgd) {
    const prev = k.riggingDamage
    const next = Math.min(k.riggingPoints, prev + rgd)
    k.riggingDamage = next
    const killed = Math.floor(next / R.riggingPerSailorLost) - Math.floor(prev / R.riggingPerSailorLost)
    k.crew = Math.max(0, k.crew - killed)
  }
}

function endOfTurn(K: Kernel, a: Ship, b: Ship): void {
  sinkingAndSails(K, a)
  sinkingAndSails(K, b)
  // Recognition.
  if (counts(a.status) && counts(b.status) && K.r <= K.recognition) {
    a.recognised = 1
    b.recognised = 1
  }
  if (K.r <= K.sight) return
  // Out of sight. Escapes: an evading ship out of sight of her enemy still fighting.
  let ea = a.status === ACTIVE && a.oHas && a.oTactic === T_EVADE && b.status === ACTIVE
  let eb = b.status === ACTIVE && b.oHas && b.oTactic === T_EVADE && a.status === ACTIVE
  // Out of sight of every other participant still in the battle (and not escaping), with a foe there: she leaves.
  const la = a.status === ACTIVE && !ea && !eb && counts(b.status)
  const lb = b.status === ACTIVE && !eb && !(ea || la) && counts(a.status)
  if (la) ea = true
  if (lb) eb = true
  if (ea) leave(K, a, b)
  if (eb) leave(K, b, a)
}

/** A sinking ship's turns run down; wet sails dry. */
function sinkingAndSails(K: Kernel, k: Ship): void {
  if (k.before === SINKING && k.status === SINKING) {
    k.sinkingIn = Math.max(0, (k.sinkingIn ?? 1) - 1)
    if (k.sinkingIn === 0) {
      k.status = SUNK
      K.grappled = 0
    }
  }
  if (k.wetNow && k.wetSailsTurns > 0) k.wetSailsTurns--
}

function leave(K: Kernel, k: Ship, other: Ship): void {
  k.status = k.oHas && k.oTactic === T_EVADE ? ESCAPED : LOST_CONTACT
  endMelees(K, k, other)
  K.grappled = 0
}
