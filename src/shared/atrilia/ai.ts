import { attack as attackCalc, ram as ramCalc, ramKind } from './calc'
import { COLUMNS as MAP_COLUMNS, distance, DISTANCES, edgeBeyond, hexAt, HEX_COUNT, indexOf, neighbour, NEIGHBOURS, ROWS, sightLine, turn, type Hex } from './hex'
import {
  allowanceOf,
  blocker,
  checkOrders,
  controller,
  phasingSide,
  pointsAt,
  prep,
  rammedRecently,
  stackLimit,
  type Pre
} from './engine'
import type { RamKind, RamResult } from './tables'
import { emptyOrders, type AtriliaOrders, type AtriliaSetup, type AtriliaState, type Edge, type MarineAttack, type MarineMove, type MoveStep, type OtherAttack, type Place, type ShipMove, type ShipState } from './types'

/**
 * The AI player of the Atrilian hex battle (seed 002): orders for the phasing player's current phase
 * that are always legal (each is checked; an order the check refuses is dropped). It rams when the
 * Ramming Table makes it worth it (broadsides first), closes to boarding range, boards with every
 * marine that reaches an enemy (archery first, then boarding, so an emptied ship can be taken),
 * shoots its engines and wizards at the best target in range and sight, stays off land and the map
 * edge, and keeps its stacking legal. Repair rolls are the rules' own. Besides:
 *  - §7.5 scuttling: in its marine movement phase it scuttles a ship it holds that is about to be
 *    lost — a prize whose marines the enemy marines that reach her now (boarding from the next hex,
 *    archery from two) would more likely than not wipe out (she goes back to her nation, §8.12), or
 *    one of its own ships, crippled or committed, that they would more likely than not capture —
 *    and takes the marines off her first when a friendly ship or land is next to her;
 *  - §7.3 landing: marines leave a sinking ship that will more likely than not sink for a friendly
 *    ship with room or for land; when the enemy wins by destroying every marine (§11.4) one point
 *    goes ashore where it cannot be attacked;
 *  - §5.11 exiting: with a one-off "exit off the opposite side" condition (§11.4) its ships make for
 *    that edge and leave by it; a crippled ship with no marines that can leave the map escapes;
 *  - §5.8 uncommitting: a committed ship's marine tries to get her free when her partners are all
 *    friendly, or sinking, or when their marines outnumber hers;
 *  - §8.11: boarders that would leave their own ship empty to take a ship with no marines scuttle
 *    her instead.
 */

export function aiOrders(setup: AtriliaSetup, state: AtriliaState, opts?: { verify?: boolean }): AtriliaOrders {
  const pre = prep(setup)
  const side = phasingSide(pre, state)
  let o: AtriliaOrders
  switch (state.phase) {
    case 'roll':
      return { phase: 'roll', scuttle: [] }
    case 'repair':
      return { phase: 'repair', scuttle: [] }
    case 'move':
      o = { phase: 'move', scuttle: [], ships: moveOrders(pre, state, side) }
      break
    case 'marines':
      o = { phase: 'marines', ...marineMoves(pre, state, side) }
      break
    case 'marineAttacks':
      o = { phase: 'marineAttacks', scuttle: [], ...marineAttacks(pre, state, side) }
      break
    case 'otherAttacks':
      o = { phase: 'otherAttacks', scuttle: [], attacks: otherAttacks(pre, state, side) }
      break
  }
  return opts?.verify === false ? o : legal(setup, state, o)
}

/**
 * Drop orders the check refuses until the rest is legal (never expected; a safety net): starting
 * from nothing, each scuttle, uncommit attempt and order is kept, in order, if the orders stay legal
 * with it. Falls back to the phase's empty orders, which are always legal.
 */
function legal(setup: AtriliaSetup, state: AtriliaState, o: AtriliaOrders): AtriliaOrders {
  if (checkOrders(setup, state, o).length === 0) return o
  const keys: string[] = ['scuttle', ...(o.phase === 'move' ? ['ships'] : o.phase === 'marines' ? ['moves'] : o.phase === 'marineAttacks' ? ['uncommit', 'targets'] : o.phase === 'otherAttacks' ? ['attacks'] : [])]
  const lists = o as unknown as Record<string, unknown[]>
  let out = { ...o, ...Object.fromEntries(keys.map((k) => [k, []])) } as AtriliaOrders
  for (const k of keys)
    for (const it of lists[k]!) {
      const trial = { ...out, [k]: [...(out as unknown as Record<string, unknown[]>)[k]!, it] } as AtriliaOrders
      if (checkOrders(setup, state, trial).length === 0) out = trial
    }
  return checkOrders(setup, state, out).length === 0 ? out : emptyOrders(o.phase)
}

// ─── Risk: what the enemy's marines that reach a ship now would do to her (§8) ──────────────────

/**
 * The chance that the enemy marines able to reach her now — boarding from ships in the next hex,
 * archery from two hexes or from land next to her — take her from `side` in their next marine
 * attacks: for a prize (of the enemy's nation) that her marines are wiped out (control goes back to
 * her nation, §8.12), for one of `side`'s own ships that she is captured (a B or E once she has no
 * marines, §8.11). Archery first, then boarding, as a player would order them (§8.5).
 */
export function lossRisk(pre: Pre, st: AtriliaState, s: ShipState, side: string): number {
  const R = pre.rules
  const enemy = pre.sides[0] === side ? pre.sides[1] : pre.sides[0]
  const ts = pre.ships.get(s.id)!
  const prize = ts.side !== side
  const nation = pre.national ? pre.sideNation[enemy] : undefined
  const archery: number[] = []
  const boarding: Array<{ b: number; e: number }> = []
  const pA = chance((f) => attackCalc({ column: 'archery', roll: f }, R).result === 'A')
  let blocks: ((h: Hex) => boolean) | null = null
  const los = (from: Hex) => sightLine(from, s.at, (blocks ??= blocker(pre, st))).clear
  for (const id of pre.ids) {
    const e = st.ships[id]!
    if (e.status !== 'afloat' || e.marineSide !== enemy || e.marines === 0) continue
    const d = distance(e.at, s.at)
    if (d >= R.ranges.boarding.min && d <= R.ranges.boarding.max) {
      const mods = { corvus: pre.ships.get(id)!.corvus, castle: ts.castle, crippledTarget: s.crippled, ...(nation ? { nation } : {}) }
      const b = chance((f) => attackCalc({ column: 'boarding', roll: f, modifiers: mods }, R).result === 'B')
      const eb = chance((f) => attackCalc({ column: 'boarding', roll: f, modifiers: mods }, R).result === 'E')
      for (let k = 0; k < e.marines; k++) boarding.push({ b, e: eb })
    } else if (d >= R.ranges.archery.min && d <= R.ranges.archery.max && los(e.at)) for (let k = 0; k < e.marines; k++) archery.push(pA)
  }
  for (const l of st.land) {
    if (l.side !== enemy) continue
    const d = distance(l.at, s.at)
    if (d >= R.ranges.landArchery.min && d <= R.ranges.landArchery.max) for (let k = 0; k < l.points; k++) archery.push(pA)
  }
  if (!archery.length && !boarding.length) return 0
  // dist[m]: the chance she has m marines left; taken: the chance she has been captured.
  let dist = new Array<number>(s.marines + 1).fill(0)
  dist[s.marines] = 1
  let taken = 0
  for (const p of archery) {
    const next = dist.slice()
    for (let m = 1; m < dist.length; m++) {
      next[m]! -= dist[m]! * p
      next[m - 1]! += dist[m]! * p
    }
    dist = next
  }
  for (const a of boarding) {
    const next = dist.slice()
    for (let m = 1; m < dist.length; m++) {
      next[m]! -= dist[m]! * a.b
      next[m - 1]! += dist[m]! * a.b
    }
    taken += dist[0]! * (a.b + a.e)
    next[0]! -= dist[0]! * (a.b + a.e)
    dist = next
  }
  return prize ? dist[0]! + taken : taken
}
const chance = (hit: (face: number) => boolean) => {
  let n = 0
  for (let f = 1; f <= 6; f++) if (hit(f)) n++
  return n / 6
}
/** The chance a sinking ship sinks at her next repair (§10: die + size on the 'Sinking' table). */
export function sinkChance(pre: Pre, id: string): number {
  const ss = pre.ships.get(id)!
  const bonus = pre.national ? (pre.rules.nations.repair[ss.nation ?? pre.sideNation[ss.side] ?? ''] ?? 0) : 0
  return chance((f) => f + ss.size + bonus < pre.rules.sinkingStillFrom)
}

// ─── Movement and ramming ───────────────────────────────────────────────────────────────────────

const VALUE: Record<RamResult, (t: ShipState) => number> = {
  '-': () => 0,
  C: (t) => (t.crippled ? 0 : 4),
  CS: (t) => (t.sinking ? 0 : t.crippled ? 6 : 4),
  CSE: (t) => (t.sinking ? 0.3 : t.crippled ? 6.3 : 4.3),
  S: (t) => (t.sinking ? 0 : 6)
}

function ramValue(pre: Pre, me: ShipState, t: ShipState, kind: RamKind): number {
  const ms = pre.ships.get(me.id)!
  const ts = pre.ships.get(t.id)!
  let v = 0
  for (let d = 1; d <= 6; d++) v += VALUE[ramCalc({ kind, roll: d, crewQuality: me.crippled ? 0 : ms.crewQuality, attackerSize: ms.size, targetSize: ts.size }, pre.rules).result](t)
  if (kind === 'oarRake' && ts.ram)
    for (let d = 1; d <= 6; d++) v -= VALUE[ramCalc({ kind, roll: d, crewQuality: t.crippled ? 0 : ts.crewQuality, attackerSize: ts.size, targetSize: ms.size }, pre.rules).result](me)
  return v / 6
}

/** Scratch for the movement search, reset after each use (only the nodes reached are touched). */
const COST = new Int16Array(HEX_COUNT * 6).fill(-1)
const PARENT = new Int32Array(HEX_COUNT * 6)
const HOW = new Int8Array(HEX_COUNT * 6)

interface Choice {
  steps: MoveStep[]
  through: boolean
  score: number
  end: Hex
  facing: number
  ram: { target: ShipState; kind: RamKind } | null
  /** She leaves the map by her last step (§5.11). */
  exit?: boolean
}

/** Hexes from the packed index `i` (column × 18 + row) to a map edge. */
function edgeDistance(i: number, edge: Edge): number {
  const col = (i / ROWS) | 0
  const row = i % ROWS
  return edge === 'north' ? row : edge === 'south' ? ROWS - 1 - row : edge === 'west' ? col : MAP_COLUMNS - 1 - col
}
const EDGES: Edge[] = ['north', 'south', 'west', 'east']

/** §11.4 "exit a given number of ships off the opposite side": the edge `side` still has to take ships off by, or null. */
function exitEdgeOf(pre: Pre, st: AtriliaState, side: string): Edge | null {
  for (const v of pre.setup.options.victory) {
    if (v.side !== side || v.kind !== 'exit') continue
    const out = pre.ids.filter((id) => st.ships[id]!.status === 'exited' && st.ships[id]!.exitedSide === side && st.ships[id]!.exitedBy === v.edge).length
    if (out < v.ships) return v.edge
  }
  return null
}

function moveOrders(pre: Pre, st0: AtriliaState, side: string): ShipMove[] {
  if (st0.roll === null) return []
  // A working copy of positions and facings, updated after each ship's move (ships move one by one).
  const st: AtriliaState = { ...st0, ships: Object.fromEntries(Object.entries(st0.ships).map(([k, s]) => [k, { ...s, at: { ...s.at } }])) }
  const out: ShipMove[] = []
  const R = pre.rules
  const exitEdge = exitEdgeOf(pre, st0, side)
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (s.status !== 'afloat' || controller(pre, s) !== side || s.sinking || s.committedWith.length) continue
    const ss = pre.ships.get(id)!
    const allowance = allowanceOf(pre, st, id).allowance
    if (allowance < Math.min(R.forwardCost, R.backCost)) continue
    const enemies = pre.ids.map((x) => st.ships[x]!).filter((e) => e.status === 'afloat' && controller(pre, e) !== side)
    if (!enemies.length) continue
    const occ: (ShipState | null)[] = new Array(HEX_COUNT).fill(null)
    for (const x of pre.ids) {
      const o = st.ships[x]!
      if (o.status === 'afloat') occ[indexOf(o.at)] = o
    }
    const land = pre.land
    const enemyIdx = enemies.map((e) => indexOf(e.at))
    // Dijkstra over (hex index, facing) with small integer costs, on the index tables (no allocation per node).
    const cost = COST
    const parent = PARENT
    const how = HOW
    const start = indexOf(s.at) * 6 + (s.facing - 1)
    cost[start] = 0
    const frontier: number[][] = Array.from({ length: allowance + 1 }, () => [])
    frontier[0]!.push(start)
    const reached: number[] = [start]
    const STEPS: MoveStep[] = ['forward', 'back', 'port', 'starboard']
    const SC = [R.forwardCost, R.backCost, R.turnCost, R.turnCost]
    for (let c = 0; c <= allowance; c++) {
      for (const node of frontier[c]!) {
        if (cost[node] !== c) continue
        const hi = (node / 6) | 0
        const f0 = node % 6
        for (let k = 0; k < 4; k++) {
          const nc = c + SC[k]!
          if (nc > allowance) continue
          let ni = hi
          let nf0 = f0
          if (k === 2) nf0 = (f0 + 5) % 6
          else if (k === 3) nf0 = (f0 + 1) % 6
          else {
            ni = NEIGHBOURS[hi * 6 + (k === 0 ? f0 : (f0 + 3) % 6)]!
            if (ni < 0 || land[ni] === 1) continue
            const o = occ[ni]
            if (o && o.id !== id && controller(pre, o) !== side) continue
          }
          const nn = ni * 6 + nf0
          if (cost[nn] !== -1 && cost[nn]! <= nc) continue
          if (cost[nn] === -1) reached.push(nn)
          cost[nn] = nc
          parent[nn] = node
          how[nn] = k
          frontier[nc]!.push(nn)
        }
      }
    }
    const pathTo = (node: number): MoveStep[] => {
      const steps: MoveStep[] = []
      let n = node
      while (n !== start) {
        steps.push(STEPS[how[n]!]!)
        n = parent[n]!
      }
      return steps.reverse()
    }
    const wantsClose = s.marines > 0 || (ss.ram && !s.crippled)
    const engine = !s.crippled && (ss.catapult || ss.ballista)
    const runAway = s.crippled && s.marines === 0
    // §5.11: she leaves the map when the victory condition asks it, or to escape (crippled, no marines).
    const leaves = exitEdge !== null || runAway
    let best: Choice | null = null
    const ramValues = new Map<string, number>()
    let bestNode = -1
    let bestScore = -Infinity
    for (const node of reached) {
      const c = cost[node]!
      const hi = (node / 6) | 0
      const f0 = node % 6
      const there = occ[hi]
      const free = !there || there.id === id
      // Ending here.
      if (free) {
        let dmin = 99
        let aheadBonus = 0
        const ahead = NEIGHBOURS[hi * 6 + f0]!
        for (const ei of enemyIdx) {
          const d = DISTANCES[hi * HEX_COUNT + ei]!
          if (d < dmin) dmin = d
          if (ahead >= 0 && DISTANCES[ahead * HEX_COUNT + ei]! < d) aheadBonus = 0.3
        }
        const q = (hi / 18) | 0
        const edge = q === 0 || q === MAP_COLUMNS - 1 ? 0.2 : 0
        let score: number
        if (exitEdge) score = -edgeDistance(hi, exitEdge)
        else if (runAway) score = dmin * 0.5 - Math.min(...EDGES.map((e) => edgeDistance(hi, e))) * 0.25
        else if (engine && !wantsClose) score = -Math.abs(dmin - 3) - edge
        else score = -dmin + aheadBonus - edge
        score -= c * 0.01
        if (score > bestScore) {
          bestScore = score
          bestNode = node
          best = null
        }
      }
      // Leaving the map from here, forward or back.
      if (leaves)
        for (let k = 0; k < 2; k++) {
          const nc = c + (k === 0 ? R.forwardCost : R.backCost)
          const dir = k === 0 ? f0 : (f0 + 3) % 6
          if (nc > allowance || NEIGHBOURS[hi * 6 + dir] !== -1) continue
          const h = hexAt(hi)
          if (exitEdge && edgeBeyond(neighbour(h, dir + 1)) !== exitEdge) continue
          const score = 100 - nc * 0.01
          if (score > bestScore) {
            bestScore = score
            bestNode = -1
            best = { steps: [...pathTo(node), k === 0 ? 'forward' : 'back'], through: false, score, end: h, facing: f0 + 1, ram: null, exit: true }
          }
        }
      // Ramming from here (not on the way off the map).
      if (ss.ram && !exitEdge && free && c + R.forwardCost <= allowance) {
        const ai = NEIGHBOURS[hi * 6 + f0]!
        const t = ai >= 0 ? occ[ai] : null
        if (t && controller(pre, t) !== side) {
          const h = hexAt(hi)
          const f = f0 + 1
          const kind = ramKind({ attacker: h, target: { ...t.at, facing: t.facing } })
          const vk = `${t.id}:${kind}`
          let v = ramValues.get(vk)
          if (v === undefined) ramValues.set(vk, (v = ramValue(pre, s, t, kind)))
          if (v > 0.5) {
            let through = false
            if (kind !== 'broadside' && c + 2 * R.forwardCost <= allowance) {
              const bi = NEIGHBOURS[ai * 6 + f0]!
              if (bi >= 0 && land[bi] !== 1 && !occ[bi]) through = true
            }
            const score = 10 + v - c * 0.01
            if (score > bestScore) {
              bestScore = score
              bestNode = -1
              best = { steps: [...pathTo(node), 'forward'], through, score, end: through ? neighbour(t.at, f) : h, facing: f, ram: { target: t, kind } }
            }
          }
        }
      }
    }
    if (!best && bestNode >= 0) best = { steps: pathTo(bestNode), through: false, score: bestScore, end: hexAt((bestNode / 6) | 0), facing: (bestNode % 6) + 1, ram: null }
    for (const node of reached) cost[node] = -1
    if (!best || best.steps.length === 0) continue
    out.push({ ship: id, steps: best.steps, through: best.through })
    if (best.exit) {
      s.status = 'exited'
      continue
    }
    s.at = best.end
    s.facing = best.facing
    if (best.ram?.kind === 'oarRake') {
      s.facing = turn(s.facing, 1)
      best.ram.target.facing = turn(best.ram.target.facing, 1)
    }
  }
  return out
}

// ─── Marine movement ────────────────────────────────────────────────────────────────────────────

/** At or above this chance a ship is "about to be lost" (scuttled), a sinking ship "will sink" (her marines leave). */
const LIKELY = 0.5

function marineMoves(pre: Pre, st: AtriliaState, side: string): { scuttle: string[]; moves: MarineMove[] } {
  const moves: MarineMove[] = []
  const count = new Map<string, number>()
  const moved = new Map<string, number>()
  const k = (p: Place) => ('ship' in p ? `s:${p.ship}` : `h:${p.hex.q},${p.hex.r}`)
  const pts = (p: Place) => count.get(k(p)) ?? pointsAt(st, p, side)
  const mine = pre.ids.map((id) => st.ships[id]!).filter((s) => s.status === 'afloat' && controller(pre, s) === side)
  const room = (s: ShipState) => stackLimit(pre.rules, pre.ships.get(s.id)!.size) - pts({ ship: s.id })
  const move = (from: Place, to: Place, n: number) => {
    moves.push({ from, to, points: n, wizards: false })
    count.set(k(from), pts(from) - n)
    count.set(k(to), pts(to) + n)
    moved.set(k(to), (moved.get(k(to)) ?? 0) + n)
  }
  /** Points at `p` that may still move this phase (each marine moves 1 hex, §7.2). */
  const free = (p: Place) => pts(p) - (moved.get(k(p)) ?? 0)
  // §7.5: scuttle the ships about to be lost (before anyone moves off them).
  const scuttle: string[] = []
  for (const s of mine) {
    if (s.sinking || s.marineSide !== side || s.marines === 0) continue
    const prize = pre.ships.get(s.id)!.side !== side
    if (!prize && !s.crippled && !s.committedWith.length) continue // she can row away instead
    if (lossRisk(pre, st, s, side) >= LIKELY) scuttle.push(s.id)
  }
  const doomed = new Set(scuttle)
  for (const s of mine) if (s.sinking && sinkChance(pre, s.id) >= LIKELY) doomed.add(s.id)
  const safe = (s: ShipState) => !s.sinking && !doomed.has(s.id)
  // Marines leave the doomed ships: for a friendly ship next to her with room, else for land (§7.3).
  for (const s of mine) {
    if (!doomed.has(s.id)) continue
    const from: Place = { ship: s.id }
    for (const d of mine) {
      if (free(from) <= 0) break
      if (d.id === s.id || !safe(d) || distance(d.at, s.at) !== 1 || room(d) <= 0) continue
      move(from, { ship: d.id }, Math.min(free(from), room(d)))
    }
    if (free(from) > 0) {
      const shore = landNextTo(pre, s.at)
      if (shore) move(from, { hex: shore }, free(from))
    }
  }
  // Man every friendly ship that has no marines (a captured ship left empty reverts to her nation) from a neighbour with two.
  for (const s of mine) {
    if (!safe(s) || pts({ ship: s.id }) > 0 || room(s) <= 0) continue
    const donor = mine.find((d) => d.id !== s.id && distance(d.at, s.at) === 1 && safe(d) && pts({ ship: d.id }) >= 2 && free({ ship: d.id }) >= 1)
    if (donor) move({ ship: donor.id }, { ship: s.id }, 1)
  }
  // §11.4 "destroy all enemy marines" against us: keep one point ashore, where no attack reaches it.
  const enemy = pre.sides[0] === side ? pre.sides[1] : pre.sides[0]
  if (pre.setup.options.victory.some((v) => v.side === enemy && v.kind === 'destroyMarines') && !st.land.some((l) => l.side === side) && !moves.some((m) => 'hex' in m.to)) {
    for (const s of mine) {
      const shore = landNextTo(pre, s.at)
      if (shore && pts({ ship: s.id }) >= 2 && free({ ship: s.id }) >= 1) {
        move({ ship: s.id }, { hex: shore }, 1)
        break
      }
    }
  }
  // Marines on land go aboard an adjacent friendly ship with room (unless they are to stay ashore).
  const stayAshore = pre.setup.options.victory.some((v) => v.side === enemy && v.kind === 'destroyMarines')
  for (const l of st.land) {
    if (l.side !== side) continue
    const from: Place = { hex: l.at }
    for (const s of mine) {
      const n = free(from) - (stayAshore ? 1 : 0)
      if (n <= 0) break
      if (!safe(s) || distance(s.at, l.at) !== 1 || room(s) <= 0) continue
      move(from, { ship: s.id }, Math.min(n, room(s)))
    }
  }
  return { scuttle, moves }
}

/** A land hex next to `h`, if any. */
function landNextTo(pre: Pre, h: Hex): Hex | null {
  const i = indexOf(h)
  for (let f = 0; f < 6; f++) {
    const n = NEIGHBOURS[i * 6 + f]!
    if (n >= 0 && pre.land[n] === 1) return hexAt(n)
  }
  return null
}

// ─── Marine attacks ─────────────────────────────────────────────────────────────────────────────

function marineAttacks(pre: Pre, st: AtriliaState, side: string): { targets: { target: string; attacks: MarineAttack[] }[]; uncommit: { ship: string; from: string }[] } {
  const R = pre.rules
  const blocks = blocker(pre, st)
  const enemies = pre.ids.map((id) => st.ships[id]!).filter((s) => s.status === 'afloat' && controller(pre, s) !== side)
  const places: { place: Place; hex: Hex; n: number; onShip: ShipState | null }[] = []
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (s.status === 'afloat' && s.marineSide === side && s.marines > 0) places.push({ place: { ship: id }, hex: s.at, n: s.marines, onShip: s })
  }
  for (const l of st.land) if (l.side === side && l.points > 0 && !places.some((p) => 'hex' in p.place && p.place.hex.q === l.at.q && p.place.hex.r === l.at.r)) places.push({ place: { hex: l.at }, hex: l.at, n: pointsAt(st, { hex: l.at }, side), onShip: null })
  const plan = new Map<string, { archery: MarineAttack[]; board: MarineAttack[] }>()
  const uncommit: { ship: string; from: string }[] = []
  for (const p of places) {
    let n = p.n
    // §5.8: try to get free when every partner is friendly (say, a prize) or sinking, or when the
    // partners' marines outnumber hers (she would rather row away than lose the boarding fight).
    const partner = p.onShip ? uncommitFrom(pre, st, p.onShip, side) : null
    if (partner && n > 0) {
      uncommit.push({ ship: p.onShip!.id, from: partner })
      n--
    }
    const mineNation = p.onShip ? pre.ships.get(p.onShip.id)!.side === side : true
    for (let i = 0; i < n; i++) {
      let bestT: ShipState | null = null
      let bestKind: 'board' | 'archery' = 'archery'
      let bestV = 0
      for (const t of enemies) {
        const d = distance(p.hex, t.at)
        if (p.onShip && d >= R.ranges.boarding.min && d <= R.ranges.boarding.max) {
          const ts = pre.ships.get(t.id)!
          let v = 0
          for (let f = 1; f <= 6; f++) {
            const r = attackCalc({ column: 'boarding', roll: f, modifiers: { corvus: pre.ships.get(p.onShip.id)!.corvus, castle: ts.castle, crippledTarget: t.crippled, rammed: rammedRecently(st, p.onShip) } }, R).result
            if (r === 'B') v += t.marines > 0 ? 1.5 : 3
            else if (r === 'E') v += t.marines > 0 ? 0.2 : 3
          }
          if (v > bestV) {
            bestV = v
            bestT = t
            bestKind = 'board'
          }
        }
        const rg = p.onShip ? R.ranges.archery : R.ranges.landArchery
        if (d >= rg.min && d <= rg.max && (t.marines > 0 || !t.crippled) && sightLine(p.hex, t.at, blocks).clear) {
          const v = 0.9
          if (v > bestV) {
            bestV = v
            bestT = t
            bestKind = 'archery'
          }
        }
      }
      if (!bestT) break
      const g = plan.get(bestT.id) ?? { archery: [], board: [] }
      // Taking her would leave the boarders' own ship empty (a prize goes back to her nation): scuttle her instead (§8.11).
      const keepsHer = p.n - 1 > 0 || mineNation
      if (bestKind === 'board') g.board.push({ from: p.place, kind: 'board', ifEmpty: keepsHer ? 'capture' : 'scuttle' })
      else g.archery.push({ from: p.place, kind: 'archery', ifEmpty: 'none' })
      plan.set(bestT.id, g)
    }
  }
  const targets: { target: string; attacks: MarineAttack[] }[] = []
  for (const [target, g] of plan) targets.push({ target, attacks: [...g.archery, ...g.board] })
  return { targets, uncommit }
}

/** The partner a committed ship should try to uncommit from (§5.8), or null to stay committed. */
function uncommitFrom(pre: Pre, st: AtriliaState, s: ShipState, side: string): string | null {
  if (!s.committedWith.length) return null
  const partners = s.committedWith.map((x) => st.ships[x]!).filter((x) => x && x.status === 'afloat')
  if (!partners.length) return null
  if (partners.every((x) => controller(pre, x) === side || x.sinking)) return partners[0]!.id
  let theirs = 0
  let strongest: ShipState | null = null
  for (const x of partners) {
    if (x.marineSide === side || x.marineSide === null) continue
    theirs += x.marines
    if (!strongest || x.marines > strongest.marines) strongest = x
  }
  return strongest && theirs > s.marines ? strongest.id : null
}

// ─── Other attacks ──────────────────────────────────────────────────────────────────────────────

function otherAttacks(pre: Pre, st: AtriliaState, side: string): OtherAttack[] {
  const R = pre.rules
  const blocks = blocker(pre, st)
  const enemies = pre.ids.map((id) => st.ships[id]!).filter((s) => s.status === 'afloat' && controller(pre, s) !== side)
  const out: OtherAttack[] = []
  const pick = (from: Hex, min: number, max: number, los: boolean, prefer: (t: ShipState) => number): ShipState | null => {
    let best: ShipState | null = null
    let bv = -1
    for (const t of enemies) {
      const d = distance(from, t.at)
      if (d < min || d > max) continue
      if (los && !sightLine(from, t.at, blocks).clear) continue
      const v = prefer(t) - d * 0.01
      if (v > bv) {
        bv = v
        best = t
      }
    }
    return best
  }
  const damage = (t: ShipState) => (t.sinking ? 0 : t.marines === 0 ? 2 : 1)
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (s.status !== 'afloat' || controller(pre, s) !== side || s.crippled) continue
    const ss = pre.ships.get(id)!
    if (ss.ballista) {
      const t = pick(s.at, R.ranges.ballista.min, R.ranges.ballista.max, true, ss.ballista === 'flaming' ? (x) => (x.sinking ? 0 : x.fire ? 2 : 1) : damage)
      if (t) out.push({ by: { ship: id, weapon: 'ballista' }, target: t.id })
    }
    if (ss.catapult) {
      const t = pick(s.at, R.ranges.catapult.min, R.ranges.catapult.max, true, damage)
      if (t) out.push({ by: { ship: id, weapon: 'catapult' }, target: t.id })
    }
  }
  for (const w of st.wizards) {
    if (w.side !== side || !w.at) continue
    const from = 'ship' in w.at ? st.ships[w.at.ship]!.at : w.at.hex
    const t = pick(from, R.ranges.magic.min, R.ranges.magic.max, false, w.kind === 'fire' ? (x) => (x.sinking ? 0 : x.fire ? 2 : 1) : damage)
    if (t) out.push({ by: { wizard: w.id }, target: t.id })
  }
  return out
}

