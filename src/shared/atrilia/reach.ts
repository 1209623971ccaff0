import { ramKind as ramKindOf, stepCost } from './calc'
import { allowanceOf, blocker, cloneState, controller, isLand, phasingSide, placeHex, pointsAt, prep, shipAt, type Pre } from './engine'
import { distance, edgeBeyond, HEX_COUNT, hexAt, indexOf, neighbour, onMap, opposite, sightLine, turn, type Hex } from './hex'
import type { RamKind } from './tables'
import type { AtriliaSetup, AtriliaState, Edge, MoveStep, Place, ShipMove } from './types'

/**
 * What the board shows before anything is ordered (seed 002 §5, §6, §8, §9): every hex and facing a
 * ship can reach this phase with its cost and path, the rams she could make, and what each attacker
 * can reach with its range and line of sight. Pure, and built on the engine's own rules (the same
 * costs, the same "who blocks", the same ram kinds), so every path it returns is one `check` accepts.
 *
 * Readings (as the engine's): ships move one after another, so a ship's reach is worked out on the
 * map as the moves ordered before hers leave it; a ram is a forward step into an enemy's hex that
 * ends her move (after an oar rake or a rudder attack she may continue through to the hex beyond,
 * 2 more points, which must be free sea); leaving the map must be her last step.
 */

export interface ReachStep {
  step: MoveStep
  /** 2 forward, 3 back, 5 a hexside (seed 002 §5.4–5.6, from the battle's rule tables). */
  cost: number
  /** Where she is and how she faces after this step (off the map for a last step that leaves it). */
  at: Hex
  facing: number
}

export interface ReachRam {
  target: string
  kind: RamKind
  /** The hex she rams from (she stays there unless she continues through). */
  from: Hex
  /** She continues through the target's hex and stops beyond it (oar rake and rudder attack only). */
  through: boolean
}

export interface ReachOption {
  /** Where her move ends and how she faces (for an exit: the last hex on the map). */
  at: Hex
  facing: number
  cost: number
  steps: MoveStep[]
  path: ReachStep[]
  ram: ReachRam | null
  /** She leaves the map by this edge: lost to this encounter (§5.11). */
  exit: Edge | null
}

export interface Reach {
  ship: string
  allowance: number
  /** Every end she may order: plain moves (one per hex and facing, cheapest path), rams, exits. */
  options: ReachOption[]
  /** Why she cannot move at all this phase (empty when she can). */
  reason: string
}

/** The order a reach option stands for. */
export function moveOf(ship: string, o: ReachOption): ShipMove {
  return { ship, steps: o.steps.slice(), through: o.ram?.through ?? false }
}

/** Walk a move's steps as the engine does (no dice: a ram moves nobody but the rammer; an oar rake turns both). */
function applyMove(pre: Pre, st: AtriliaState, mv: ShipMove): void {
  const s = st.ships[mv.ship]
  if (!s || s.status !== 'afloat' || !mv.steps.length) return
  const side = controller(pre, s)
  let pos = s.at
  let facing = s.facing
  for (let i = 0; i < mv.steps.length; i++) {
    const step = mv.steps[i]!
    if (step === 'port' || step === 'starboard') {
      facing = turn(facing, step === 'port' ? -1 : 1)
      continue
    }
    const next = neighbour(pos, step === 'forward' ? facing : opposite(facing))
    if (!onMap(next)) {
      s.status = 'exited'
      s.at = pos
      s.facing = facing
      return
    }
    const other = shipAt(st, next)
    if (other && other.id !== s.id && controller(pre, other) !== side) {
      const kind = ramKindOf({ attacker: pos, target: { ...other.at, facing: other.facing } })
      s.at = mv.through ? neighbour(other.at, facing) : pos
      s.facing = facing
      if (kind === 'oarRake') {
        s.facing = turn(s.facing, 1)
        other.facing = turn(other.facing, 1)
      }
      return
    }
    pos = next
  }
  s.at = pos
  s.facing = facing
}

/** The map as the phasing player's moves `before` leave it (for the reach of the next ship to move). */
export function afterMoves(setup: AtriliaSetup, state: AtriliaState, before: readonly ShipMove[]): AtriliaState {
  const pre = prep(setup)
  const st = cloneState(state)
  for (const mv of before) applyMove(pre, st, mv)
  return st
}

const key = (i: number, f: number) => i * 6 + f - 1

/**
 * Every hex and facing ship `id` can reach this phase (seed 002 §5.4–5.12, §6), cheapest path first
 * for each end. `before`: the moves ordered before hers this phase (the engine moves ships in order).
 */
export function reach(setup: AtriliaSetup, state: AtriliaState, id: string, before: readonly ShipMove[] = []): Reach {
  const pre = prep(setup)
  const R = pre.rules
  const st = before.length ? afterMoves(setup, state, before) : state
  const s = st.ships[id]
  const ss = pre.ships.get(id)
  const none = (reason: string, allowance = 0): Reach => ({ ship: id, allowance, options: [], reason })
  if (!s || !ss) return none('there is no such ship in this battle')
  if (s.status !== 'afloat') return none('she is no longer on the map')
  const side = phasingSide(pre, st)
  if (st.phase !== 'move') return none('ships move in the ship movement phase')
  if (controller(pre, s) !== side) return none('she is not the phasing player’s to move')
  if (st.roll === null) return none('none of this side’s ships may move this turn (Ambush!)')
  if (s.sinking) return none('she is sinking and may not move (§5.3)')
  if (s.committedWith.length) return none('she is committed and cannot move until uncommitted (§5.8)')
  const allowance = allowanceOf(pre, st, id).allowance

  // Dijkstra over (hex, facing); ties keep the path found first (fewest steps, forward before turns).
  const best = new Map<number, { cost: number; path: ReachStep[]; at: Hex; facing: number }>()
  const start = { cost: 0, path: [] as ReachStep[], at: s.at, facing: s.facing }
  best.set(key(indexOf(s.at), s.facing), start)
  const queue = [start]
  const options: ReachOption[] = []
  const rams = new Map<string, ReachOption>()
  const exits = new Map<string, ReachOption>()
  const occupiedByOther = (h: Hex) => {
    const o = shipAt(st, h)
    return o !== null && o.id !== id
  }
  const order: MoveStep[] = ['forward', 'back', 'port', 'starboard']
  while (queue.length) {
    queue.sort((a, b) => a.cost - b.cost || a.path.length - b.path.length)
    const cur = queue.shift()!
    const k = key(indexOf(cur.at), cur.facing)
    if (best.get(k) !== cur) continue
    for (const step of order) {
      const c = stepCost(step, R)
      const cost = cur.cost + c
      if (cost > allowance) continue
      if (step === 'port' || step === 'starboard') {
        const facing = turn(cur.facing, step === 'port' ? -1 : 1)
        const nk = key(indexOf(cur.at), facing)
        const old = best.get(nk)
        if (old && old.cost <= cost) continue
        const n = { cost, path: [...cur.path, { step, cost: c, at: cur.at, facing }], at: cur.at, facing }
        best.set(nk, n)
        queue.push(n)
        continue
      }
      const next = neighbour(cur.at, step === 'forward' ? cur.facing : opposite(cur.facing))
      const path = [...cur.path, { step, cost: c, at: next, facing: cur.facing }]
      if (!onMap(next)) {
        const edge = edgeBeyond(next)
        const ek = `${indexOf(cur.at)}:${cur.facing}:${step}`
        if (!exits.has(ek)) exits.set(ek, { at: cur.at, facing: cur.facing, cost, steps: path.map((p) => p.step), path, ram: null, exit: edge })
        continue
      }
      if (isLand(pre, next)) continue
      const other = shipAt(st, next)
      if (other && other.id !== id && controller(pre, other) !== side) {
        if (step !== 'forward' || !ss.ram) continue
        const kind = ramKindOf({ attacker: cur.at, target: { ...other.at, facing: other.facing } })
        const rk = `${other.id}:${indexOf(cur.at)}:${cur.facing}`
        // She stays in the hex before: nobody else may be there.
        if (!occupiedByOther(cur.at) && !rams.has(rk))
          rams.set(rk, { at: cur.at, facing: cur.facing, cost, steps: path.map((p) => p.step), path, ram: { target: other.id, kind, from: cur.at, through: false }, exit: null })
        const beyond = neighbour(other.at, cur.facing)
        const tc = cost + R.forwardCost
        if (kind !== 'broadside' && tc <= allowance && onMap(beyond) && !isLand(pre, beyond) && !occupiedByOther(beyond) && !rams.has(rk + ':through'))
          rams.set(rk + ':through', {
            at: beyond,
            facing: cur.facing,
            cost: tc,
            steps: path.map((p) => p.step),
            path: [...path, { step: 'forward', cost: R.forwardCost, at: beyond, facing: cur.facing }],
            ram: { target: other.id, kind, from: cur.at, through: true },
            exit: null
          })
        continue
      }
      const nk = key(indexOf(next), cur.facing)
      const old = best.get(nk)
      if (old && old.cost <= cost) continue
      const n = { cost, path, at: next, facing: cur.facing }
      best.set(nk, n)
      queue.push(n)
    }
  }
  for (const b of best.values()) {
    if (!b.path.length || occupiedByOther(b.at)) continue
    options.push({ at: b.at, facing: b.facing, cost: b.cost, steps: b.path.map((p) => p.step), path: b.path, ram: null, exit: null })
  }
  options.sort((a, b) => indexOf(a.at) - indexOf(b.at) || a.facing - b.facing)
  return { ship: id, allowance, options: [...options, ...rams.values(), ...exits.values()], reason: '' }
}

/** The cheapest plain move (no ram, no exit) to each hex: what the board paints with its cost. */
export function cheapestByHex(r: Reach, prefer?: number): Map<number, ReachOption> {
  const m = new Map<number, ReachOption>()
  for (const o of r.options) {
    if (o.ram || o.exit) continue
    const i = indexOf(o.at)
    const old = m.get(i)
    if (!old || o.cost < old.cost || (o.cost === old.cost && prefer !== undefined && o.facing === prefer && old.facing !== prefer)) m.set(i, o)
  }
  return m
}

// ─── Attacks: range and line of sight (§8.2–8.3, §8.7, §9) ─────────────────────────────────────

export type Attacker =
  | { kind: 'board' | 'archery'; from: Place }
  | { kind: 'ballista' | 'catapult'; ship: string }
  | { kind: 'wizard'; wizard: string }

export interface AttackTarget {
  target: string
  at: Hex
  distance: number
  inRange: boolean
  /** Line of sight (archery, ballista, catapult); always clear for boarding and magic. */
  clear: boolean
  /** Hexes the line crosses, and those that block it (§8.7). */
  through: Hex[]
  blockedBy: Hex[]
  /** In range and in sight: an attack the engine accepts (as far as range and sight go). */
  possible: boolean
}

export interface AttackReach {
  from: Hex | null
  range: { min: number; max: number }
  /** Range and sight matter for this attack (archery, ballista, catapult). */
  needsSight: boolean
  /** Every hex of the map within range. */
  hexes: Hex[]
  /** Every enemy ship afloat, nearest first, with range and sight from here. */
  targets: AttackTarget[]
  /** Why this attacker cannot attack at all (empty when it can). */
  reason: string
}

/** What an attacker can reach: its range on the map and, for each enemy ship, range and line of sight. */
export function attackReach(setup: AtriliaSetup, state: AtriliaState, a: Attacker): AttackReach {
  const pre = prep(setup)
  const R = pre.rules
  const side = phasingSide(pre, state)
  let from: Hex | null = null
  let range = { min: 1, max: 1 }
  let needsSight = false
  let reason = ''
  if ('from' in a) {
    from = placeHex(state, a.from)
    const onLand = 'hex' in a.from
    if (a.kind === 'board') range = R.ranges.boarding
    else {
      range = onLand ? R.ranges.landArchery : R.ranges.archery
      needsSight = true
    }
    if (a.kind === 'board' && onLand) reason = 'marines on land may only shoot (archery) at adjacent ships (§8.3)'
    else if (pointsAt(state, a.from, side) === 0) reason = 'no marines of the phasing player there'
  } else if ('wizard' in a) {
    const w = state.wizards.find((x) => x.id === a.wizard)
    from = w?.at ? placeHex(state, w.at) : null
    range = R.ranges.magic
    if (!w || !w.at) reason = 'the wizards are lost'
  } else {
    const s = state.ships[a.ship]
    const ss = pre.ships.get(a.ship)
    from = s && s.status === 'afloat' ? s.at : null
    range = a.kind === 'ballista' ? R.ranges.ballista : R.ranges.catapult
    needsSight = true
    if (!ss || !from) reason = 'she is no longer on the map'
    else if (a.kind === 'ballista' ? !ss.ballista : !ss.catapult) reason = `she has no ${a.kind}`
    else if (s!.crippled) reason = `she is crippled and has lost her ${a.kind} (§9.${a.kind === 'ballista' ? 2 : 3}.2)`
  }
  if (!from) return { from: null, range, needsSight, hexes: [], targets: [], reason: reason || 'not on the map' }
  const hexes: Hex[] = []
  for (let i = 0; i < HEX_COUNT; i++) {
      const h = hexAt(i)
      const d = distance(from, h)
      if (d >= range.min && d <= range.max) hexes.push(h)
    }
  const blocks = blocker(pre, state)
  const targets: AttackTarget[] = []
  for (const id of pre.ids) {
    const t = state.ships[id]!
    if (t.status !== 'afloat' || controller(pre, t) === side) continue
    const d = distance(from, t.at)
    const inRange = d >= range.min && d <= range.max
    const los = needsSight ? sightLine(from, t.at, blocks) : { clear: true, through: [], blockedBy: [] }
    targets.push({ target: id, at: t.at, distance: d, inRange, clear: los.clear, through: los.through, blockedBy: los.blockedBy, possible: !reason && inRange && los.clear })
  }
  targets.sort((x, y) => x.distance - y.distance || indexOf(x.at) - indexOf(y.at))
  return { from, range, needsSight, hexes, targets, reason }
}

/**
 * What a ram from `from` (adjacent) on ship `target` would be (seed 002 §6): its kind, and the
 * hexsides of the target that are her bow, her stern and her broadsides (as facings from her hex).
 */
export function ramPreview(state: AtriliaState, target: string, from: Hex | null): { bow: number; stern: number; broadsides: number[]; kind: RamKind | null } {
  const t = state.ships[target]!
  const bow = t.facing
  const stern = opposite(t.facing)
  const broadsides = [1, 2, 3, 4, 5, 6].filter((f) => f !== bow && f !== stern)
  let kind: RamKind | null = null
  if (from && distance(from, t.at) === 1) kind = ramKindOf({ attacker: from, target: { ...t.at, facing: t.facing } })
  return { bow, stern, broadsides, kind }
}
