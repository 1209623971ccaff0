import { attack as attackCalc, ram as ramCalc, ramKind } from './calc'
import { COLUMNS as MAP_COLUMNS, distance, DISTANCES, hexAt, HEX_COUNT, indexOf, neighbour, NEIGHBOURS, sightLine, turn, type Hex } from './hex'
import {
  allowanceOf,
  blocker,
  checkOrders,
  controller,
  isLand,
  phasingSide,
  pointsAt,
  prep,
  rammedRecently,
  shipAt,
  stackLimit,
  type Pre
} from './engine'
import type { RamKind, RamResult } from './tables'
import type { AtriliaOrders, AtriliaSetup, AtriliaState, MarineAttack, MarineMove, MoveStep, OtherAttack, Place, ShipMove, ShipState } from './types'

/**
 * The AI player of the Atrilian hex battle (seed 002): orders for the phasing player's current phase
 * that are always legal (each is checked; an order the check refuses is dropped). It rams when the
 * Ramming Table makes it worth it (broadsides first), closes to boarding range, boards with every
 * marine that reaches an enemy (archery first, then boarding, so an emptied ship can be taken),
 * shoots its engines and wizards at the best target in range and sight, stays off land and the map
 * edge, and keeps its stacking legal. Repair rolls are the rules' own.
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
      o = { phase: 'marines', scuttle: [], moves: marineMoves(pre, state, side) }
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

/** Drop orders the check refuses, from the last back, until the rest is legal (never expected; a safety net). */
function legal(setup: AtriliaSetup, state: AtriliaState, o: AtriliaOrders): AtriliaOrders {
  if (checkOrders(setup, state, o).length === 0) return o
  const empty: AtriliaOrders =
    o.phase === 'move'
      ? { ...o, ships: [] }
      : o.phase === 'marines'
        ? { ...o, moves: [] }
        : o.phase === 'marineAttacks'
          ? { ...o, targets: [], uncommit: [] }
          : o.phase === 'otherAttacks'
            ? { ...o, attacks: [] }
            : o
  const list = (x: AtriliaOrders): unknown[] =>
    x.phase === 'move' ? x.ships : x.phase === 'marines' ? x.moves : x.phase === 'marineAttacks' ? x.targets : x.phase === 'otherAttacks' ? x.attacks : []
  const items = list(o)
  let keep: unknown[] = []
  for (const it of items) {
    const trial = { ...empty, [o.phase === 'move' ? 'ships' : o.phase === 'marines' ? 'moves' : o.phase === 'marineAttacks' ? 'targets' : 'attacks']: [...keep, it] } as AtriliaOrders
    if (checkOrders(setup, state, trial).length === 0) keep = [...keep, it]
  }
  const out = { ...empty, [o.phase === 'move' ? 'ships' : o.phase === 'marines' ? 'moves' : o.phase === 'marineAttacks' ? 'targets' : 'attacks']: keep } as AtriliaOrders
  return checkOrders(setup, state, out).length === 0 ? out : empty
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
}

function moveOrders(pre: Pre, st0: AtriliaState, side: string): ShipMove[] {
  if (st0.roll === null) return []
  // A working copy of positions and facings, updated after each ship's move (ships move one by one).
  const st: AtriliaState = { ...st0, ships: Object.fromEntries(Object.entries(st0.ships).map(([k, s]) => [k, { ...s, at: { ...s.at } }])) }
  const out: ShipMove[] = []
  const R = pre.rules
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
        if (runAway) score = dmin * 0.5 - edge
        else if (engine && !wantsClose) score = -Math.abs(dmin - 3) - edge
        else score = -dmin + aheadBonus - edge
        score -= c * 0.01
        if (score > bestScore) {
          bestScore = score
          bestNode = node
          best = null
        }
      }
      // Ramming from here.
      if (ss.ram && free && c + R.forwardCost <= allowance) {
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

function marineMoves(pre: Pre, st: AtriliaState, side: string): MarineMove[] {
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
  // Man every friendly ship that has no marines (a captured ship left empty reverts to her nation) from a neighbour with two.
  for (const s of mine) {
    if (pts({ ship: s.id }) > 0 || room(s) <= 0) continue
    const donor = mine.find((d) => d.id !== s.id && distance(d.at, s.at) === 1 && pts({ ship: d.id }) - (moved.get(k({ ship: d.id })) ?? 0) >= 2)
    if (donor) move({ ship: donor.id }, { ship: s.id }, 1)
  }
  // Marines on land go aboard an adjacent friendly ship with room.
  for (const l of st.land) {
    if (l.side !== side) continue
    const from: Place = { hex: l.at }
    for (const s of mine) {
      const free = pts(from) - (moved.get(k(from)) ?? 0)
      if (free <= 0) break
      if (distance(s.at, l.at) !== 1 || room(s) <= 0) continue
      move(from, { ship: s.id }, Math.min(free, room(s)))
    }
  }
  return moves
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
    // Committed only to friendly ships (say, a prize): try to get free.
    if (p.onShip && p.onShip.committedWith.length && p.onShip.committedWith.every((x) => st.ships[x] && controller(pre, st.ships[x]!) === side) && n > 0) {
      uncommit.push({ ship: p.onShip.id, from: p.onShip.committedWith[0]! })
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
      const keepsHer = p.n - 1 > 0 || mineNation
      if (bestKind === 'board') g.board.push({ from: p.place, kind: 'board', ifEmpty: keepsHer ? 'capture' : 'none' })
      else g.archery.push({ from: p.place, kind: 'archery', ifEmpty: 'none' })
      plan.set(bestT.id, g)
    }
  }
  const targets: { target: string; attacks: MarineAttack[] }[] = []
  for (const [target, g] of plan) targets.push({ target, attacks: [...g.archery, ...g.board] })
  return { targets, uncommit }
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

