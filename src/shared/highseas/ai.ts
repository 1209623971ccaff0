import { cannonTNFast, outnumbered, trainedFighters } from './calc'
import { defaultOrders } from './engine'
import { HIGH_SEAS_RULES, type HighSeasRules } from './tables'
import {
  BATTERIES,
  OUT_OF_SIGHT,
  pairKey,
  type Battery,
  type DesperateStrategy,
  type BattleSetup,
  type BattleState,
  type FireOrder,
  type Guns,
  type ParticipantSetup,
  type ParticipantState,
  type ShipOrders,
  type Tactic,
  type TurnOrders
} from './types'

/**
 * The AI captains of High Seas battles: what an NPC ship orders each turn, read from seed 003 III
 * (the paragraph after the encounter table) and the tactics of IV–VI. Pure and deterministic: no
 * dice, no clock; the same setup and state always give the same orders.
 *
 * Behaviours (ParticipantSetup.behaviour):
 *  - merchant  "Merchantmen, Galleons, and Convoys … will try to evade if attacked": Evade every turn an
 *              enemy is in sight; stern guns at the nearest pursuer (aimed at her rigging, to slow her,
 *              when that has a fair chance); a broadside at a pursuer that is at Close (or expected there
 *              after the chase), grapeshot if she carries more Trained Fighters than we do (boarders);
 *              Wet Sails when a pursuer is within two steps.
 *  - corsair   "Corsairs will usually only attack Merchantmen, and will attempt to evade Warships": Evade
 *              as soon as a hostile warship (naval crew, or behaviour warship / patrol / fleet) is
 *              recognised (within the weather's recognition range); otherwise Bear Down on the weakest
 *              merchant in sight (ships not yet recognised count as possible prey, so she closes to see
 *              them; recognised merchantmen come first), chasers while closing, broadsides at Close;
 *              grapple and board when her Trained Fighters outnumber the target's; aim at the rigging
 *              while the prey can still run (not at Close, rigging not yet halved) and at the hull once
 *              she is slowed or crippled or at Close. No prey and no warship: she evades (she does not
 *              pick fights).
 *  - patrol    "Patrol ships … may attack vessels which appear to be Pirates or Privateers, or those
 *              belonging to an enemy nation. If outnumbered, Patrol Ships may attempt to evade": attacks
 *              hostile ships (recognised pirates and privateers first, then the nearest); evades when
 *              her side has fewer active ships than there are hostile ships in her sight.
 *  - warship   the same as a patrol, but never flees.
 *  - fleet     "will not take time out to engage other ships unless they are recognized as Pirates or
 *              enemy Privateers": Circles and holds fire unless provoked. Provoked = a hostile pirate or
 *              privateer is recognised, or a hostile ship in sight fired last turn (a battery with
 *              firedOnTurn = the last turn: the state keeps no record of whom she fired at, so any
 *              hostile firing within sight counts), or a hostile ship is within Medium range. Provoked,
 *              she fights as a warship.
 *  - fort      immobile; fires every loaded battery every turn at the nearest enemies.
 *
 * Attacking warships (patrol, warship, provoked fleet) Bear Down until the target is within Short,
 * then Circle against her (broadsides every turn, the circling roll) — except against a target that
 * runs and is no faster than they are, which they chase. They board only with half as many Trained
 * Fighters again as the target.
 *
 * Every captain: a ship that is grappled or in a boarding melee, or crippled (she may only Circle),
 * Circles against the nearest enemies and fights with what bears. Desperate strategies: Wet Sails
 * when evading with a pursuer within two steps; Hard Turns when circling against a ship expected to
 * bear down on her; neither while the rigging is more than half gone (nor Wet Sails while the sails
 * are still wet or torn). A Brilliant Maneuver is always attempted (it costs nothing).
 *
 * Batteries: only those the tactic lets fire at that ship (seed 003 IV, as the engine reads it), not
 * reloading, with guns, with powder aboard, and with a chance to hit of at least 10% on the dice;
 * one battery per enemy ship (so at most two broadsides, at different ships); the loaded broadside
 * with more guns. The range after this turn's maneuvers is estimated from the tactics the other
 * ships are expected to choose (the same reading of their behaviour, never their actual orders) and
 * the Speeds of a chase (the faster closes or opens a step). A broadside that may fire only at Close
 * is ordered when the enemy is at Close now or expected there. Never at a ship locked in a boarding
 * melee with one of ours (the damage would be shared with her).
 *
 * Striking the colours: when crippled with the Hull below a quarter and an enemy at Close, or
 * (merchant crews) when grappled by a ship whose Trained Fighters outnumber hers three to one (the
 * seed's surrender odds in a melee). Sinking ships take no orders (the engine), so "strike when
 * sinking" needs no order.
 *
 * Speed: the simulator asks for these orders every turn of every run (the odds worker plays
 * thousands of battles), so the work is index-based and allocates nothing but what it returns: a
 * per-setup table of flags and numbers (`Pre`), one reused working context per setup (`Ctx`: the
 * range matrix and one row of numbers per participant, read from the state once per call, plus the
 * memos of the intents and tactics), no closures, no sorting of arrays. Every ShipOrders it returns
 * is a fresh object of one fixed shape (every key present, in the order of the JSON the AI has
 * always written; the keys it does not use are `undefined`, which JSON drops and every reader of
 * orders treats as absent), so the engine's reads of AI orders stay monomorphic. The returned orders
 * never share objects with internal scratch or with other calls: callers keep them (battles store
 * them; turn reports hold them).
 */

// ─── Per-setup tables (cached) ──────────────────────────────────────────────────────────────────

/** Participant kinds as numbers. */
const K_SHIP = 0
const K_FORT = 1
const K_TOWN = 2

interface Pre {
  n: number
  ps: ParticipantSetup[]
  ids: string[]
  idx: Map<string, number>
  keys: string[]
  hostile: Uint8Array
  side: Int32Array
  sides: number
  kind: Uint8Array
  ship: Uint8Array
  fixed: Uint8Array
  warship: Uint8Array
  merchant: Uint8Array
  merchantCrew: Uint8Array
  outlaw: Uint8Array
  corsair: Uint8Array
  /** Behaviour: B_* below. */
  behaviour: Uint8Array
  fighters0: Float64Array
  /** Gunnery rank of each battery, n × 4 (BATTERIES order). */
  gunnery: Float64Array
  size: Float64Array
  threat: Float64Array
  /** The row of FLAT_TAIL for i's cannon dice (threatRating clamped to 1…MAX_DICE), -1 if not a whole number. */
  diceRow: Int32Array
  rules: HighSeasRules
  wetSpeed: number
  ctx: Ctx | null
}

const PRE = new WeakMap<BattleSetup, Pre>()
const WARSHIP_BEHAVIOURS = new Set(['warship', 'patrol', 'fleet'])
const DEFAULT_GUNNERS = { port: 1, starboard: 1, chasers: 1, stern: 1 }

const BH_MERCHANT = 0
const BH_CORSAIR = 1
const BH_PATROL = 2
const BH_WARSHIP = 3
const BH_FLEET = 4
const BH_OTHER = 5

function behaviourCode(b: string): number {
  return b === 'merchant' ? BH_MERCHANT : b === 'corsair' ? BH_CORSAIR : b === 'patrol' ? BH_PATROL : b === 'warship' ? BH_WARSHIP : b === 'fleet' ? BH_FLEET : BH_OTHER
}

/** The last setup asked about and its tables (the simulator asks about one setup thousands of times in a row). */
let lastSetup: BattleSetup | null = null
let lastPre: Pre | null = null

function prep(setup: BattleSetup): Pre {
  if (setup === lastSetup) return lastPre!
  let p = PRE.get(setup)
  if (!p) {
    p = makePre(setup)
    PRE.set(setup, p)
  }
  lastSetup = setup
  lastPre = p
  return p
}

function makePre(setup: BattleSetup): Pre {
  const ps = setup.participants
  const n = ps.length
  const rules = setup.rules ?? HIGH_SEAS_RULES
  const idx = new Map<string, number>()
  ps.forEach((x, i) => idx.set(x.id, i))
  const sideIds = new Map<string, number>()
  const side = new Int32Array(n)
  ps.forEach((x, i) => {
    if (!sideIds.has(x.side)) sideIds.set(x.side, sideIds.size)
    side[i] = sideIds.get(x.side)!
  })
  const keys: string[] = new Array<string>(n * n).fill('')
  const hostile = new Uint8Array(n * n)
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j) continue
      keys[i * n + j] = pairKey(ps[i]!.id, ps[j]!.id)
      hostile[i * n + j] = ps[i]!.side !== ps[j]!.side ? 1 : 0
    }
  const flag = (f: (x: ParticipantSetup) => boolean) => Uint8Array.from(ps, (x) => (f(x) ? 1 : 0))
  const isShip = (x: ParticipantSetup) => x.kind === 'ship'
  const gunnery = new Float64Array(n * 4)
  ps.forEach((x, i) => {
    const g = x.gunners ?? DEFAULT_GUNNERS
    gunnery[i * 4] = g.port
    gunnery[i * 4 + 1] = g.starboard
    gunnery[i * 4 + 2] = g.chasers
    gunnery[i * 4 + 3] = g.stern
  })
  return {
    n,
    ps,
    ids: ps.map((x) => x.id),
    idx,
    keys,
    hostile,
    side,
    sides: sideIds.size,
    kind: Uint8Array.from(ps, (x) => (x.kind === 'ship' ? K_SHIP : x.kind === 'fort' ? K_FORT : K_TOWN)),
    ship: flag(isShip),
    fixed: flag((x) => x.kind !== 'ship' || x.behaviour === 'fort'),
    warship: flag((x) => isShip(x) && (x.crewKind === 'naval' || WARSHIP_BEHAVIOURS.has(x.behaviour))),
    merchant: flag((x) => isShip(x) && (x.behaviour === 'merchant' || (x.crewKind === 'merchant' && !WARSHIP_BEHAVIOURS.has(x.behaviour) && x.behaviour !== 'corsair'))),
    merchantCrew: flag((x) => x.crewKind === 'merchant'),
    outlaw: flag((x) => x.crewKind === 'pirate' || x.crewKind === 'privateer'),
    corsair: flag((x) => x.behaviour === 'corsair'),
    behaviour: Uint8Array.from(ps, (x) => behaviourCode(x.behaviour)),
    fighters0: Float64Array.from(ps, (x) =>
      trainedFighters({ kind: x.kind, crewKind: x.crewKind ?? 'merchant', nation: x.nation ?? '', crew: x.crew, marines: x.marines ?? 0, officers: x.officers ?? 0 }, rules)
    ),
    gunnery,
    size: Float64Array.from(ps, (x) => x.size),
    threat: Float64Array.from(ps, (x) => x.threatRating),
    diceRow: Int32Array.from(ps, (x) => (Number.isInteger(x.threatRating) ? Math.max(1, Math.min(MAX_DICE, x.threatRating)) : -1)),
    rules,
    wetSpeed: rules.wetSailsSpeed,
    ctx: null
  }
}

// ─── The numbers the AI reads (the engine's currentStats, without its terms) ─────────────────────

export interface AiStats {
  speed: number
  handling: number
  hullNow: number
  riggingNow: number
  guns: Guns
  crippled: boolean
  halfRigging: boolean
  fighters: number
  reloading: Battery[]
  canFire: boolean
}

function speedOf(ps: ParticipantSetup, p: ParticipantState, becalmed: boolean, R: HighSeasRules): number {
  if (ps.kind !== 'ship') return 0
  if (p.riggingDamage >= ps.riggingPoints) return 0
  let s = ps.speed
  if (p.wetSailsTurns > 0) s += R.wetSailsSpeed
  if (p.riggingDamage * 2 > ps.riggingPoints) s = Math.max(1, Math.floor(s / 2))
  if (p.halfSpeedNextTurn) s = Math.max(1, Math.floor(s / 2))
  if (p.sailFouled && s > 1) s = 1
  if (p.anchorDragging && s > 1) s -= 1
  if (becalmed) s = ps.oars ? Math.max(1, s - R.calmOarsSpeed) : 0
  return s
}

function handlingOf(ps: ParticipantSetup, p: ParticipantState, R: HighSeasRules): number {
  let h = ps.handling
  if (ps.kind !== 'ship') return h
  h -= p.rudderDamage
  if (p.hullDamage * 2 > ps.hullPoints) h -= 1
  if (p.riggingDamage >= ps.riggingPoints) h += R.crippledHandling
  return h
}

/** What the AI reads of a participant now: the same numbers as the engine's `currentStats`. */
export function aiStats(setup: BattleSetup, state: BattleState, id: string): AiStats {
  const pre = prep(setup)
  const i = pre.idx.get(id)
  const p = state.participants[id]
  if (i === undefined || !p) throw new Error(`no participant "${id}"`)
  const ps = pre.ps[i]!
  const ship = ps.kind === 'ship'
  const g = (b: Battery) => Math.max(0, ps.guns[b] - p.gunsLost[b])
  return {
    speed: speedOf(ps, p, state.becalmedTurns > 0, pre.rules),
    handling: handlingOf(ps, p, pre.rules),
    hullNow: Math.max(0, ps.hullPoints - p.hullDamage),
    riggingNow: Math.max(0, ps.riggingPoints - p.riggingDamage),
    guns: { port: g('port'), starboard: g('starboard'), chasers: g('chasers'), stern: g('stern') },
    crippled: ship && p.riggingDamage >= ps.riggingPoints,
    halfRigging: ship && p.riggingDamage * 2 > ps.riggingPoints,
    fighters: Math.max(0, Math.min(pre.fighters0[i]! - p.fightersLost, p.crew)),
    reloading: ship ? BATTERIES.filter((b) => p.firedOnTurn[b] === state.turn - 1) : [],
    canFire: p.powderTons > 0
  }
}

// ─── One evaluation ─────────────────────────────────────────────────────────────────────────────

const M_EVADE = 1
const M_ATTACK = 2
const M_HOLD = 3 // Circle and fight with what bears (crippled, grappled, no way out)
const M_IGNORE = 4 // Circle and hold fire
const M_FORT = 5

const T_EVADE = 0
const T_BEAR = 1
const T_CIRCLE = 2

/** Battery bits: port 1, starboard 2, chasers 4, stern 8 (BATTERIES order). */
const B_PORT = 1
const B_STAR = 2
const B_CHASE = 4
const B_STERN = 8
const B_BROAD = B_PORT | B_STAR

/** The least chance to hit worth spending a loaded battery on. */
const MIN_HIT_CHANCE = 0.1

class Ctx {
  readonly n: number
  readonly rg: Int8Array
  readonly act: Uint8Array
  readonly st: ParticipantState[]
  readonly speed: Float64Array
  readonly handling: Float64Array
  readonly hullNow: Float64Array
  readonly crippled: Uint8Array
  readonly half: Uint8Array
  readonly fighters: Float64Array
  readonly guns: Float64Array // n × 4
  readonly loaded: Uint8Array // battery bits not reloading
  /** Grappled with / in a melee with anyone. */
  readonly grappled: Uint8Array
  readonly inMelee: Uint8Array
  /** In a boarding melee with a ship she is grappled with (the engine's −15 to hit her). */
  readonly lockedMelee: Uint8Array
  readonly shipsOnSide: Int32Array
  /** Memo: intent mode (0 = not yet), target, tactic, wet sails (-1 = not yet). */
  readonly mode: Uint8Array
  readonly target: Int32Array
  readonly tactic: Int8Array
  readonly wet: Int8Array
  /** Scratch: the fire order of targets (chooseFire). */
  readonly order: Int32Array
  turn = 0
  recognition = 0
  sight = 0

  /** One per setup, reused call after call (the AI is synchronous and never re-entered). */
  constructor(readonly pre: Pre) {
    const n = (this.n = pre.n)
    this.rg = new Int8Array(n * n)
    this.act = new Uint8Array(n)
    this.st = new Array<ParticipantState>(n)
    this.speed = new Float64Array(n)
    this.handling = new Float64Array(n)
    this.hullNow = new Float64Array(n)
    this.crippled = new Uint8Array(n)
    this.half = new Uint8Array(n)
    this.fighters = new Float64Array(n)
    this.guns = new Float64Array(n * 4)
    this.loaded = new Uint8Array(n)
    this.grappled = new Uint8Array(n)
    this.inMelee = new Uint8Array(n)
    this.lockedMelee = new Uint8Array(n)
    this.shipsOnSide = new Int32Array(pre.sides)
    this.mode = new Uint8Array(n)
    this.target = new Int32Array(n)
    this.tactic = new Int8Array(n)
    this.wet = new Int8Array(n)
    this.order = new Int32Array(n + 1)
  }

  /** Read a state (everything the orders depend on); clears the memos. */
  load(state: BattleState): this {
    const pre = this.pre
    const n = this.n
    const R = pre.rules
    const weather = state.weather
    this.turn = state.turn
    this.recognition = R.recognition[weather]
    this.sight = R.sighting[weather]
    const sos = this.shipsOnSide
    for (let s = 0; s < sos.length; s++) sos[s] = 0
    const becalmed = state.becalmedTurns > 0
    const last = state.turn - 1
    const participants = state.participants
    const ids = pre.ids
    const st = this.st
    // The engine writes the participants in setup order: read them in one pass when they are
    // (for-in over a fast object is cheap), by id otherwise.
    let k = 0
    for (const id in participants) {
      if (k >= n || id !== ids[k]) {
        k = -1
        break
      }
      st[k++] = participants[id]!
    }
    if (k !== n) for (let i = 0; i < n; i++) st[i] = participants[ids[i]!]!
    for (let i = 0; i < n; i++) {
      const ps = pre.ps[i]!
      const p = st[i]!
      this.mode[i] = 0
      this.target[i] = -1
      this.tactic[i] = -1
      this.wet[i] = -1
      this.grappled[i] = p.grappledWith.length > 0 ? 1 : 0
      this.inMelee[i] = p.meleeWith.length > 0 ? 1 : 0
      // As the engine reads the −15 to hit: a melee with a ship she is still grappled with.
      this.lockedMelee[i] = p.meleeWith.some((id) => p.grappledWith.includes(id)) ? 1 : 0
      if (p.status !== 'active') {
        this.act[i] = 0
        continue
      }
      this.act[i] = 1
      const ship = pre.ship[i] === 1
      if (ship) sos[pre.side[i]!]!++
      this.speed[i] = speedOf(ps, p, becalmed, R)
      this.handling[i] = handlingOf(ps, p, R)
      this.hullNow[i] = Math.max(0, ps.hullPoints - p.hullDamage)
      this.crippled[i] = ship && p.riggingDamage >= ps.riggingPoints ? 1 : 0
      this.half[i] = ship && p.riggingDamage * 2 > ps.riggingPoints ? 1 : 0
      this.fighters[i] = Math.max(0, Math.min(pre.fighters0[i]! - p.fightersLost, p.crew))
      // Batteries by name, not by a computed key (this runs every turn of every simulated run).
      const g = ps.guns
      const lost = p.gunsLost
      const o = i * 4
      this.guns[o] = Math.max(0, g.port - lost.port)
      this.guns[o + 1] = Math.max(0, g.starboard - lost.starboard)
      this.guns[o + 2] = Math.max(0, g.chasers - lost.chasers)
      this.guns[o + 3] = Math.max(0, g.stern - lost.stern)
      let loaded = B_BROAD | B_CHASE | B_STERN
      if (ship) {
        const fired = p.firedOnTurn
        loaded = (fired.port !== last ? B_PORT : 0) | (fired.starboard !== last ? B_STAR : 0) | (fired.chasers !== last ? B_CHASE : 0) | (fired.stern !== last ? B_STERN : 0)
      }
      this.loaded[i] = p.powderTons > 0 ? loaded : 0
    }
    const ranges = state.ranges
    const keys = pre.keys
    const rg = this.rg
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const r = ranges[keys[i * n + j]!]
        const v = r === undefined ? OUT_OF_SIGHT : r
        rg[i * n + j] = v
        rg[j * n + i] = v
      }
    return this
  }

  r(i: number, j: number): number {
    return this.rg[i * this.n + j]!
  }
  /**
   * Whether i knows what j is: within recognition range now, or recognised earlier in the battle
   * (the state's memory, seed 003 III) — so a corsair that has seen a warship does not forget her
   * as soon as she opens the range again.
   */
  rec(i: number, j: number): boolean {
    if (this.r(i, j) <= this.recognition) return true
    const known = this.st[i]!.recognised
    return known !== undefined && known.length > 0 && known.includes(this.pre.ids[j]!)
  }
  /** An active hostile participant in sight of i. */
  enemy(i: number, j: number): boolean {
    const k = i * this.n + j
    return j !== i && this.act[j] === 1 && this.pre.hostile[k] === 1 && this.rg[k]! <= this.sight
  }
  locked(i: number): boolean {
    return this.grappled[i] === 1 || this.inMelee[i] === 1
  }
  /** The first active ship she is grappled or in a melee with. */
  held(i: number): number {
    const p = this.st[i]!
    const idx = this.pre.idx
    const g = p.grappledWith
    for (let x = 0; x < g.length; x++) {
      const j = idx.get(g[x]!)!
      if (this.act[j]) return j
    }
    const m = p.meleeWith
    for (let x = 0; x < m.length; x++) {
      const j = idx.get(m[x]!)!
      if (this.act[j]) return j
    }
    return -1
  }
  strength(j: number): number {
    const g = j * 4
    return this.guns[g]! + this.guns[g + 1]! + this.guns[g + 2]! + this.guns[g + 3]! + this.fighters[j]! / 6 + this.hullNow[j]! / 10
  }

  // ── Intent ──
  intent(i: number): number {
    if (this.mode[i] === 0) this.decide(i)
    return this.mode[i]!
  }
  private set(i: number, mode: number, target: number): void {
    this.mode[i] = mode
    this.target[i] = target
  }
  private decide(i: number): void {
    const pre = this.pre
    const n = this.n
    if (pre.fixed[i]) return this.set(i, M_FORT, -1)
    let anyEnemy = false
    let nearestShip = -1
    for (let j = 0; j < n; j++) {
      if (!this.enemy(i, j)) continue
      anyEnemy = true
      if (pre.ship[j] && (nearestShip < 0 || this.r(i, j) < this.r(i, nearestShip))) nearestShip = j
    }
    if (!anyEnemy) return this.set(i, M_IGNORE, -1)
    const locked = this.locked(i)
    const cantMove = this.crippled[i] === 1 || this.speed[i]! <= 0
    const behaviour = pre.behaviour[i]!
    switch (behaviour) {
      case BH_MERCHANT:
        return this.set(i, locked || cantMove ? M_HOLD : M_EVADE, -1)
      case BH_CORSAIR: {
        if (locked) {
          const h = this.held(i)
          return h >= 0 ? this.set(i, M_ATTACK, h) : this.set(i, M_HOLD, -1)
        }
        let best = -1
        let bestRec = 0
        let bestStr = 0
        for (let j = 0; j < n; j++) {
          if (!this.enemy(i, j) || !pre.ship[j]) continue
          const rec = this.rec(i, j)
          if (rec && pre.warship[j]) return this.set(i, cantMove ? M_HOLD : M_EVADE, -1)
          if (rec && !pre.merchant[j]) continue
          // Recognised merchantmen first, then the weakest, then the nearest.
          const recK = rec ? 0 : 1
          const str = this.strength(j)
          if (best < 0 || recK < bestRec || (recK === bestRec && (str < bestStr || (str === bestStr && this.r(i, j) < this.r(i, best))))) {
            best = j
            bestRec = recK
            bestStr = str
          }
        }
        if (best < 0) return this.set(i, cantMove ? M_HOLD : M_EVADE, -1)
        return this.set(i, M_ATTACK, best)
      }
      case BH_PATROL:
      case BH_WARSHIP:
      case BH_FLEET: {
        if (behaviour === BH_FLEET && !this.provoked(i)) return this.set(i, M_IGNORE, -1)
        if (nearestShip < 0) return this.set(i, M_HOLD, -1)
        if (locked) {
          const h = this.held(i)
          if (h >= 0) return this.set(i, M_ATTACK, h)
        }
        if (behaviour === BH_PATROL && !locked && !cantMove) {
          let theirs = 0
          for (let j = 0; j < n; j++) if (this.enemy(i, j) && pre.ship[j]) theirs++
          if (this.shipsOnSide[pre.side[i]!]! < theirs) return this.set(i, M_EVADE, -1)
        }
        // Recognised pirates and privateers first (the nearest of them), then the nearest ship.
        let outlaw = -1
        for (let j = 0; j < n; j++) {
          if (!this.enemy(i, j) || !pre.ship[j] || !pre.outlaw[j] || !this.rec(i, j)) continue
          if (outlaw < 0 || this.r(i, j) < this.r(i, outlaw)) outlaw = j
        }
        return this.set(i, M_ATTACK, outlaw >= 0 ? outlaw : nearestShip)
      }
      default:
        return this.set(i, M_FORT, -1)
    }
  }
  private provoked(i: number): boolean {
    const pre = this.pre
    const last = this.turn - 1
    for (let j = 0; j < this.n; j++) {
      if (!this.enemy(i, j) || !pre.ship[j]) continue
      const r = this.r(i, j)
      if (r <= 2) return true
      if (pre.outlaw[j] && this.rec(i, j)) return true
      const f = this.st[j]!.firedOnTurn
      if (last >= 1 && (f.port === last || f.starboard === last || f.chasers === last || f.stern === last)) return true
    }
    return false
  }

  // ── Expected tactics ──
  /** The tactic i is expected to use (T_EVADE, T_BEAR on target(i), T_CIRCLE). */
  tacticOf(i: number): number {
    const memo = this.tactic[i]!
    if (memo >= 0) return memo
    const m = this.intent(i)
    const t = m === M_EVADE ? T_EVADE : m === M_ATTACK ? this.attackTactic(i, this.target[i]!) : T_CIRCLE
    this.tactic[i] = t
    return t
  }
  /** Bear Down or Circle against the target (see the header). */
  private attackTactic(i: number, t: number): number {
    if (this.locked(i) || this.crippled[i] || this.speed[i]! <= 0) return T_CIRCLE
    if (this.pre.corsair[i]) return T_BEAR
    if (this.r(i, t) >= 2) return T_BEAR
    // Within Short: circle for broadsides, unless she runs and we can catch her.
    if (this.intent(t) === M_EVADE && this.speed[t]! <= this.speed[i]!) return T_BEAR
    return T_CIRCLE
  }
  /** Whether j is expected to bear down on i. */
  bearsOn(j: number, i: number): boolean {
    return this.tacticOf(j) === T_BEAR && this.target[j] === i
  }
  /** Whether i is expected to wet her sails (an evader with a pursuer within two steps). */
  willWet(i: number): boolean {
    const memo = this.wet[i]!
    if (memo >= 0) return memo === 1
    let w = false
    const p = this.st[i]!
    if (this.intent(i) === M_EVADE && !this.half[i] && !this.crippled[i] && p.wetSailsTurns <= 0 && !p.halfSpeedNextTurn) {
      for (let j = 0; j < this.n && !w; j++) if (this.enemy(i, j) && this.pre.ship[j] && this.r(i, j) <= 2 && this.bearsOn(j, i)) w = true
    }
    this.wet[i] = w ? 1 : 0
    return w
  }
  /** x's Speed this turn as the AI expects it (with wet sails if she is expected to wet them). */
  private expectedSpeed(x: number, i: number, wetting: boolean): number {
    return this.speed[x]! + ((x === i ? wetting : this.willWet(x)) ? this.pre.wetSpeed : 0)
  }
  /** A chase: −1 the pursuer closes a step, +1 the runner opens one, 0 neither. */
  private chase(pursuer: number, runner: number, i: number, wetting: boolean): number {
    const a = this.expectedSpeed(pursuer, i, wetting)
    const b = this.expectedSpeed(runner, i, wetting)
    return a > b ? -1 : a < b ? 1 : 0
  }
  /** The range between i and j expected after this turn's maneuvers, i using `myTactic` (on `myTarget`). */
  rangeAfter(i: number, myTactic: number, myTarget: number, j: number, wetting: boolean): number {
    const r = this.r(i, j)
    const theirs = this.tacticOf(j)
    const theyBear = theirs === T_BEAR && this.target[j] === i
    let d = 0
    if (myTactic === T_EVADE) d = theyBear ? this.chase(j, i, i, wetting) : 1
    else if (myTactic === T_BEAR && myTarget === j) d = theirs === T_EVADE ? this.chase(i, j, i, wetting) : theyBear ? -2 : -1
    else if (theirs === T_EVADE) d = 1
    else if (theyBear) d = -1
    if (this.pre.fixed[i] || this.pre.fixed[j]) d = Math.min(d, 0) // forts do not run
    const v = r + d
    return v < 0 ? 0 : v > OUT_OF_SIGHT ? OUT_OF_SIGHT : v
  }
}

function ctxFor(state: BattleState, pre: Pre): Ctx {
  return (pre.ctx ??= new Ctx(pre)).load(state)
}

// ─── Hit chance ─────────────────────────────────────────────────────────────────────────────────

const MAX_DICE = 12
const MAX_TN = 160
/** TAIL[n][t] = P(n exploding d10 summed ≥ t). */
let TAIL: Float64Array[] | null = null

function tail(): Float64Array[] {
  if (TAIL) return TAIL
  // One exploding d10: 1-9 with 0.1 each; a 10 adds a further die.
  const one = new Float64Array(MAX_TN + 1)
  for (let k = 1; k <= MAX_TN; k++) if (k % 10 !== 0) one[k] = 0.1 * Math.pow(0.1, Math.floor(k / 10))
  const tables: Float64Array[] = [Float64Array.from({ length: MAX_TN + 2 }, (_, t) => (t === 0 ? 1 : 0))]
  let dist = new Float64Array(MAX_TN + 1)
  dist[0] = 1
  for (let n = 1; n <= MAX_DICE; n++) {
    const next = new Float64Array(MAX_TN + 1)
    for (let a = 0; a <= MAX_TN; a++) {
      const pa = dist[a]!
      if (pa === 0) continue
      for (let k = 1; a + k <= MAX_TN; k++) next[a + k]! += pa * one[k]!
    }
    dist = next
    const t = new Float64Array(MAX_TN + 2)
    let acc = 1 - dist.reduce((x, y) => x + y, 0) // mass beyond MAX_TN
    for (let v = MAX_TN; v >= 0; v--) {
      acc += dist[v]!
      t[v] = acc
    }
    tables.push(t)
  }
  TAIL = tables
  return tables
}

/** Chance that `dice` exploding d10 summed reach `tn`. */
export function hitChance(dice: number, tn: number): number {
  if (tn <= 0) return 1
  if (tn > MAX_TN) return 0
  return tail()[Math.max(1, Math.min(MAX_DICE, dice))]![tn]!
}

const ROW = MAX_TN + 2
/** TAIL flattened: FLAT_TAIL[n × ROW + t] = TAIL[n][t] (one typed array, one index). */
let FLAT_TAIL: Float64Array | null = null

function flatTail(): Float64Array {
  const t = tail()
  const f = new Float64Array(t.length * ROW)
  for (let k = 0; k < t.length; k++) f.set(t[k]!, k * ROW)
  FLAT_TAIL = f
  return f
}

/** hitChance for i's cannon dice: the same number, by a precomputed row. */
function hitChanceOf(pre: Pre, i: number, tn: number): number {
  const row = pre.diceRow[i]!
  if (row < 0) return hitChance(pre.threat[i]!, tn)
  if (tn <= 0) return 1
  if (tn > MAX_TN) return 0
  const f = FLAT_TAIL === null ? flatTail() : FLAT_TAIL
  return f[row * ROW + tn]!
}

/** The chance that battery b of i hits j laid for range step `range` (rigging or hull). */
function chanceToHit(ctx: Ctx, i: number, b: number, j: number, range: number, rigging: boolean): number {
  const pre = ctx.pre
  const themKind = pre.kind[j]!
  if (themKind === K_TOWN) return 1
  const meKind = pre.kind[i]!
  const melee = ctx.lockedMelee[j] === 1 // (with us is excluded by the caller's choice below)
  const step = meKind === K_TOWN ? Math.max(range, pre.rules.townFiresAt) : Math.min(range, 5)
  const tn = cannonTNFast(
    pre.size[i]!,
    pre.gunnery[i * 4 + b]!,
    ctx.handling[j]!,
    pre.size[j]!,
    step,
    rigging,
    themKind === K_FORT ? 1 : meKind === K_FORT ? 2 : 0,
    melee,
    false,
    pre.rules
  )
  return hitChanceOf(pre, i, tn)
}

// ─── Orders ─────────────────────────────────────────────────────────────────────────────────────

/** What an AI captain orders this turn (see the header for the readings). */
export function aiOrders(setup: BattleSetup, state: BattleState, id: string): ShipOrders {
  const pre = prep(setup)
  const i = pre.idx.get(id)
  if (i === undefined) throw new Error(`no participant "${id}"`)
  return ordersOf(ctxFor(state, pre), i)
}

const TACTIC_NAME: Tactic[] = ['evade', 'bearDown', 'circle']

/**
 * One ship's orders, always of this one shape (the keys in the order the JSON of AI orders has
 * always had; unused keys undefined).
 */
function shipOrders(
  tactic: Tactic,
  circleAgainst: string[],
  fire: FireOrder[],
  strike: boolean,
  clearAnchor: boolean,
  target: string | undefined,
  desperate: DesperateStrategy | undefined,
  grapple: string | undefined,
  board: string | undefined,
  catchUp?: string
): ShipOrders {
  return { tactic, circleAgainst, brilliantManeuver: true, fire, strike, clearAnchor, target, desperate, grapple, board, cutFree: undefined, catchUp }
}

function ordersOf(ctx: Ctx, i: number): ShipOrders {
  const pre = ctx.pre
  const n = ctx.n
  const p = ctx.st[i]!
  const mode = ctx.intent(i)
  const clearAnchor = p.anchorDragging
  if (shouldStrike(ctx, i)) return shipOrders('circle', [], [], true, clearAnchor, undefined, undefined, undefined, undefined)
  const target = mode === M_ATTACK ? ctx.target[i]! : -1
  const tactic = ctx.tacticOf(i)
  const isShip = pre.ship[i] === 1

  // Circle against those expected to bear down on her first, then the target, then the nearest.
  let ca = -1
  let cb = -1
  let circleAgainst: string[]
  if (tactic === T_CIRCLE && mode !== M_IGNORE && mode !== M_FORT && isShip) {
    let pa = 0
    let pb = 0
    for (let j = 0; j < n; j++) {
      if (!ctx.enemy(i, j)) continue
      const pj = (ctx.bearsOn(j, i) ? 0 : 100) + (j === target ? 0 : 10) + ctx.r(i, j)
      if (ca < 0 || pj < pa) {
        cb = ca
        pb = pa
        ca = j
        pa = pj
      } else if (cb < 0 || pj < pb) {
        cb = j
        pb = pj
      }
    }
    circleAgainst = ca < 0 ? [] : cb < 0 ? [pre.ids[ca]!] : [pre.ids[ca]!, pre.ids[cb]!]
  } else circleAgainst = []

  // Desperate strategies (never with the rigging more than half gone).
  let wetting = false
  let desperate: DesperateStrategy | undefined
  if (isShip && !ctx.half[i] && !ctx.crippled[i]) {
    if (tactic === T_EVADE && ctx.willWet(i)) {
      desperate = 'wetSails'
      wetting = true
    } else if (tactic === T_CIRCLE && mode !== M_IGNORE && ((ca >= 0 && ctx.bearsOn(ca, i)) || (cb >= 0 && ctx.bearsOn(cb, i)))) desperate = 'hardTurns'
  }

  // Grapple and board.
  let grapple: string | undefined
  let board: string | undefined
  if (target >= 0 && wantsToBoard(ctx, i, target)) {
    const tid = pre.ids[target]!
    if (p.grappledWith.includes(tid)) {
      if (!p.meleeWith.includes(tid)) board = tid
    } else if (ctx.r(i, target) <= 1) grapple = tid
  }

  const fire = mode !== M_IGNORE && ctx.loaded[i] ? chooseFire(ctx, i, tactic, target, ca, cb, wetting) : []
  const catchUp = mode === M_IGNORE ? catchUpTarget(ctx, i) : -1
  return shipOrders(
    TACTIC_NAME[tactic]!,
    circleAgainst,
    fire,
    false,
    clearAnchor,
    tactic === T_BEAR ? pre.ids[target] : undefined,
    desperate,
    grapple,
    board,
    catchUp >= 0 ? pre.ids[catchUp]! : undefined
  )
}

/**
 * Large Battles rule 3 (seed 003 VI): a captain who wants the fight and has no enemy in sight
 * catches up with one out of her sight that a ship in her sight still sees — corsairs with possible
 * prey (not a warship she knows, not a ship she knows is no merchant), patrols and warships with any
 * enemy ship. Merchantmen and fleets (who engage only when provoked) let contact go. −1: none.
 */
function catchUpTarget(ctx: Ctx, i: number): number {
  const pre = ctx.pre
  const n = ctx.n
  if (!pre.ship[i] || pre.fixed[i] || ctx.locked(i) || ctx.crippled[i] || ctx.speed[i]! <= 0) return -1
  const b = pre.behaviour[i]!
  if (b !== BH_CORSAIR && b !== BH_PATROL && b !== BH_WARSHIP) return -1
  for (let j = 0; j < n; j++) if (ctx.enemy(i, j)) return -1 // an enemy in sight: not this rule
  let best = -1
  let bestR = 99
  for (let j = 0; j < n; j++) {
    if (j === i || !ctx.act[j] || !pre.hostile[i * n + j] || !pre.ship[j]) continue
    if (b === BH_CORSAIR && ctx.rec(i, j) && (pre.warship[j] || !pre.merchant[j])) continue
    for (let k = 0; k < n; k++) {
      if (k === i || k === j || !ctx.act[k]) continue
      const rk = ctx.r(j, k)
      if (ctx.r(i, k) <= ctx.sight && rk <= ctx.sight && rk < bestR) {
        best = j
        bestR = rk
      }
    }
  }
  return best
}

function wantsToBoard(ctx: Ctx, i: number, t: number): boolean {
  const pre = ctx.pre
  if (!pre.ship[i] || !pre.ship[t]) return false
  const mine = ctx.fighters[i]!
  const theirs = ctx.fighters[t]!
  if (pre.corsair[i]) return mine > theirs
  // Naval captains board only with a clear edge (half as many again).
  return mine > 0 && mine >= theirs * 1.5
}

function shouldStrike(ctx: Ctx, i: number): boolean {
  const pre = ctx.pre
  if (!pre.ship[i]) return false
  const n = ctx.n
  let any = false
  let atClose = false
  for (let j = 0; j < n; j++) {
    if (!ctx.enemy(i, j)) continue
    any = true
    if (ctx.r(i, j) === 0) atClose = true
  }
  if (!any) return false
  if (ctx.crippled[i] && ctx.hullNow[i]! < pre.ps[i]!.hullPoints * 0.25 && atClose) return true
  if (pre.merchantCrew[i] && ctx.grappled[i]) {
    const g = ctx.st[i]!.grappledWith
    for (let x = 0; x < g.length; x++) {
      const j = pre.idx.get(g[x]!)!
      if (!ctx.act[j] || !pre.hostile[i * n + j]) continue
      if (outnumbered(ctx.fighters[i]!, ctx.fighters[j]!, pre.rules)) return true
    }
  }
  return false
}

/**
 * The batteries that may fire at j this turn given the tactics (the engine's permissions, with
 * the range estimated), as bits. `ca`, `cb`: the ships she circles against (-1: none).
 */
function legalBatteries(ctx: Ctx, i: number, tactic: number, target: number, ca: number, cb: number, j: number, rAfter: number): number {
  if (!ctx.pre.ship[i]) return B_BROAD | B_CHASE | B_STERN
  if (ctx.grappled[i]) return rAfter === 0 ? B_BROAD : 0
  switch (tactic) {
    case T_EVADE:
      // A pursuer at Close now has reached Close; a nearer one may (the chase estimate).
      return (ctx.r(i, j) === 0 || rAfter === 0) && ctx.bearsOn(j, i) ? B_BROAD | B_STERN : B_STERN
    case T_BEAR:
      if (j !== target) return rAfter === 0 ? B_BROAD : 0
      // At Close now (she has caught her) or expected there: the broadside; a circling target may
      // give her one in the circling roll.
      if (rAfter === 0 || ctx.r(i, j) === 0) return B_BROAD | B_CHASE
      return ctx.tacticOf(j) === T_CIRCLE ? B_BROAD | B_CHASE : B_CHASE
    default:
      // Broadsides at the ships she circles against (at any range), at others only at Close.
      return j === ca || j === cb || rAfter === 0 ? B_BROAD : 0
  }
}

/** Whether j is locked in a boarding melee with a ship of i's side (other than i). */
function meleeWithFriend(ctx: Ctx, i: number, j: number): boolean {
  const pre = ctx.pre
  const n = ctx.n
  const m = ctx.st[j]!.meleeWith
  for (let x = 0; x < m.length; x++) {
    const k = pre.idx.get(m[x]!)!
    if (k !== i && !pre.hostile[i * n + k]) return true
  }
  return false
}

function chooseFire(ctx: Ctx, i: number, tactic: number, target: number, ca: number, cb: number, wetting: boolean): FireOrder[] {
  const pre = ctx.pre
  const n = ctx.n
  const fire: FireOrder[] = []
  let free = ctx.loaded[i]!
  const gi = i * 4
  for (let b = 0; b < 4; b++) if (ctx.guns[gi + b]! <= 0) free &= ~(1 << b)
  if (!free) return fire
  // Targets: hers first, then the nearest (ties in setup order: an insertion sort, stable).
  const order = ctx.order
  let len = 0
  if (target >= 0 && ctx.enemy(i, target)) order[len++] = target
  const first = len
  for (let j = 0; j < n; j++) {
    if (j === target || !ctx.enemy(i, j)) continue
    const rj = ctx.r(i, j)
    let at = len
    while (at > first && ctx.r(i, order[at - 1]!) > rj) {
      order[at] = order[at - 1]!
      at--
    }
    order[at] = j
    len++
  }
  const grappled = ctx.grappled[i] === 1
  for (let x = 0; x < len; x++) {
    if (!free) break
    const j = order[x]!
    // Never at a ship locked in a melee with one of ours.
    if (ctx.inMelee[j] && meleeWithFriend(ctx, i, j)) continue
    const rAfter = ctx.rangeAfter(i, tactic, target, j, wetting)
    const legal = legalBatteries(ctx, i, tactic, target, ca, cb, j, rAfter) & free
    if (!legal) continue
    // The loaded broadside with more guns, then the chasers, then the stern guns.
    let b: number
    if (legal & B_BROAD) {
      const port = legal & B_PORT ? ctx.guns[gi]! : -1
      const star = legal & B_STAR ? ctx.guns[gi + 1]! : -1
      b = star > port ? 1 : 0
    } else if (legal & B_CHASE) b = 2
    else b = 3
    // A broadside that may fire only at Close is laid for Close.
    const rNow = ctx.r(i, j)
    const at = b < 2 && rNow === 0 && tactic !== T_CIRCLE ? 0 : rAfter
    const grape = at === 0 && rNow === 0 && pre.ship[j] === 1 && !(ctx.intent(i) === M_ATTACK && pre.corsair[i]) && ctx.fighters[j]! > ctx.fighters[i]!
    let rigging = !grape && wantsRigging(ctx, i, j, at, grappled)
    let chance = grape ? 1 : chanceToHit(ctx, i, b, j, at, rigging)
    if (rigging && chance < MIN_HIT_CHANCE) {
      rigging = false
      chance = chanceToHit(ctx, i, b, j, at, false)
    }
    if (chance < MIN_HIT_CHANCE) continue
    free &= ~(1 << b)
    fire.push({ battery: BATTERIES[b]!, target: pre.ids[j]!, aim: rigging ? 'rigging' : 'hull', shot: grape ? 'grape' : 'ball' })
  }
  return fire
}

/** Rigging while the target can still run (not at Close, not slowed, not crippled), for evaders and attackers. */
function wantsRigging(ctx: Ctx, i: number, j: number, at: number, grappled: boolean): boolean {
  const pre = ctx.pre
  if (grappled || at === 0 || pre.fixed[j] || pre.fixed[i] || !pre.ship[j]) return false
  if (ctx.crippled[j] || ctx.half[j]) return false
  const m = ctx.intent(i)
  if (m === M_EVADE) return true // slow the pursuer
  if (m === M_ATTACK) return pre.corsair[i] === 1 || ctx.intent(j) === M_EVADE
  return false
}

// ─── A whole turn ───────────────────────────────────────────────────────────────────────────────

export interface PartialTurnOrders {
  ships?: TurnOrders['ships']
  melee?: TurnOrders['melee']
  heroic?: TurnOrders['heroic']
}

/**
 * The orders of every active participant for the next turn: those given stand; AI ships without
 * orders get `aiOrders`, GM ships without orders the engine's `defaultOrders`. With `allAi`, every
 * participant without given orders is played by the AI (the odds simulator).
 */
export function ordersForTurn(setup: BattleSetup, state: BattleState, given: PartialTurnOrders = {}, opts: { allAi?: boolean } = {}): TurnOrders {
  const pre = prep(setup)
  const ctx = ctxFor(state, pre)
  const ships: TurnOrders['ships'] = {}
  const have = given.ships
  const allAi = !!opts.allAi
  for (let i = 0; i < pre.n; i++) {
    if (!ctx.act[i]) continue
    const ps = pre.ps[i]!
    const id = pre.ids[i]!
    const g = have == null ? undefined : have[id]
    if (g) ships[id] = g
    else if (allAi || ps.control === 'ai') ships[id] = ordersOf(ctx, i)
    else ships[id] = defaultOrders(setup, state, id)
  }
  return { ships, melee: given.melee ?? [], heroic: given.heroic ?? [] }
}
