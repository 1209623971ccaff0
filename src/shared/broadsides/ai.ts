import { intoWind } from './wind'
import { pipDistance } from './board'
import { playCard } from './maneuvers'
import { aliveOfficer, boardingPathProblem, cannonAt, cannonThatBear, checkOrders, other, prep, roomAt, samePlace, sideFacing, stepSide, unitsAt, type Pre } from './engine'
import { inGrid, pathProblem, sameCell, sideCol, type Cell } from './ship-deck'
import { CARDS, type Card } from './tables'
import type { BoardMove, BroadsidesOrders, BroadsidesSetup, BroadsidesState, Place, Shot, Unit } from './types'

/**
 * The AI for either ship (issue 20, solo play: the deck decides movement; the player places crew and
 * chooses targets for one ship, the AI for the other). Its orders are always legal: each move is kept only
 * when the orders with it still pass `checkOrders`.
 *
 *  - crew step: crewmen off the guns walk to the nearest cannon short of its two crew;
 *  - card step: the Captain (else the First Mate) redraws a card that would anchor her, leave the board,
 *    put her into the wind or onto a reef, or (out of range) take her further from the enemy;
 *  - fire: every gun that bears, at the row of the enemy's facing side with the fewest hull tokens (not
 *    the end rows, so that drift does not carry the shot off her);
 *  - boarding: each group attacks the enemy square where its odds are best when they are not much worse
 *    than even, else closes on the enemy.
 */

export const emptyOrders = (): BroadsidesOrders => ({ crew: [], cannon: [], card: null, redraw: null, redrawOn: null, newCard: null, reefSide: null, repair: null, shots: [], boarding: [] })

export function aiOrders(setup: BroadsidesSetup, st: BroadsidesState): BroadsidesOrders {
  const o = emptyOrders()
  if (st.outcome) return o
  const pre = prep(setup)
  const side = stepSide(st)
  if (st.phase === 'crew') return crewOrders(pre, st, side!)
  if (st.phase === 'card') return cardOrders(pre, st, side!)
  if (st.phase === 'fire') return { ...o, shots: shotOrders(pre, st, st.order) }
  if (st.phase === 'boarding') return boardingOrders(pre, st, side!)
  return o
}

/** The shots of the given ships (for the fire step; a player's ship can be left out). */
export function shotOrders(pre: Pre, st: BroadsidesState, ships: readonly string[]): Shot[] {
  const shots: Shot[] = []
  for (const id of ships) {
    const target = other(st, id)
    const g = pre.grids[target]!
    const facing = sideFacing(st, target)
    const tokens = st.ships[target]!.hull[facing]
    const rows = g.rows > 2 ? [...Array(g.rows - 2).keys()].map((i) => i + 1) : [...Array(g.rows).keys()]
    for (const gun of cannonThatBear(pre, st, id)) {
      // Aim where the hull is whole, nearest the gun's own row.
      let best = rows[0]!
      for (const r of rows) {
        const a = tokens[r]! - tokens[best]!
        if (a < 0 || (a === 0 && Math.abs(r - gun.row) < Math.abs(best - gun.row))) best = r
      }
      shots.push({ ship: id, cannon: gun.id, row: best, choice: null })
    }
  }
  return shots
}

function crewOrders(pre: Pre, st: BroadsidesState, side: string): BroadsidesOrders {
  const o = emptyOrders()
  const g = pre.grids[side]!
  const ship = st.ships[side]!
  const pos = new Map(st.units.filter((u) => u.side === side && u.ship === side).map((u) => [u.id, { row: u.row, col: u.col }]))
  const countAt = (c: Cell) => [...pos.values()].filter((p) => sameCell(p, c)).length
  const onGun = (c: Cell) => cannonAt(ship, c) !== null
  const guns = ship.cannon.filter((k) => countAt(k) < 2)
  for (const gun of guns) {
    while (countAt(gun) < 2) {
      const mover = st.units.find((u) => {
        if (u.side !== side || u.ship !== side || u.kind !== 'crew' || o.crew.some((m) => m.unit === u.id)) return false
        const at = pos.get(u.id)!
        return !onGun(at) && pathTo(g, at, gun) !== null
      })
      if (!mover) break
      const path = pathTo(g, pos.get(mover.id)!, gun)!
      const next = { ...o, crew: [...o.crew, { unit: mover.id, path }] }
      if (checkOrders(pre.setup, st, next).length) break
      o.crew = next.crew
      pos.set(mover.id, { ...gun })
    }
  }
  return o
}

function pathTo(g: Parameters<typeof pathProblem>[0], from: Cell, to: Cell): Cell[] | null {
  if (sameCell(from, to)) return null
  if (!pathProblem(g, from, [to])) return [{ ...to }]
  for (let dr = -1; dr <= 1; dr++)
    for (let dc = -1; dc <= 1; dc++) {
      const mid = { row: from.row + dr, col: from.col + dc }
      if ((dr || dc) && inGrid(g, mid) && !pathProblem(g, from, [mid, to])) return [mid, { ...to }]
    }
  return null
}

function cardOrders(pre: Pre, st: BroadsidesState, side: string): BroadsidesOrders {
  const o = emptyOrders()
  const ship = st.ships[side]!
  const rules = pre.setup.rules
  const foe = st.ships[other(st, side)]!
  const now = pipDistance(ship.at, foe.at)
  const bad: Card[] = CARDS.filter((c) => {
    if (c === 'damage') return false
    const r = playCard(rules.board, rules.reefs, pre.setup.reefs, { at: ship.at, heading: ship.heading, speed: ship.speed }, c, st.wind ?? 0, foe.at)
    // Out of range, a card that takes her further from the enemy is a bad one too.
    const away = now > rules.board.fireRange && pipDistance(r.at, foe.at) > now
    return r.played === 'anchor' || r.intoWind || r.reefTokens > 0 || intoWind(r.heading, st.wind ?? 0) || away
  })
  const good = ship.deck.some((c) => c !== 'damage' && !bad.includes(c))
  if (!bad.length || !good) return o
  const captain = rules.officers.captainRedraw && !ship.captainUsed && aliveOfficer(st, side, 'captain')
  const mate = rules.officers.firstMateReshuffle && !ship.firstMateUsed && aliveOfficer(st, side, 'firstMate')
  if (captain) return { ...o, redraw: 'captain', redrawOn: bad }
  if (mate) return { ...o, redraw: 'firstMate', redrawOn: bad }
  return o
}

const OFFICER_BONUS = (pre: Pre, us: Unit[]) => us.reduce((a, u) => a + (u.kind === 'crew' ? 0 : pre.setup.rules.officers.melee[u.kind]), 0)

/** Steps between two squares, across the touching sides when on different ships. */
function distance(pre: Pre, st: BroadsidesState, a: Place, b: Place): number {
  const cheb = (p: Cell, q: Cell) => Math.max(Math.abs(p.row - q.row), Math.abs(p.col - q.col))
  if (a.ship === b.ship) return cheb(a, b)
  const touch = st.boarding!.touch
  const ca = { row: a.row, col: sideCol(pre.grids[a.ship]!, touch[a.ship]!) }
  const cb = { row: b.row, col: sideCol(pre.grids[b.ship]!, touch[b.ship]!) }
  return cheb(a, ca) + 1 + Math.max(0, cheb(ca, { row: b.row, col: ca.col }) - 1) + cheb(cb, b)
}

function neighbours(pre: Pre, st: BroadsidesState, p: Place): Place[] {
  const out: Place[] = []
  for (const ship of st.order) {
    const g = pre.grids[ship]!
    for (let dr = -1; dr <= 1; dr++)
      for (let dc = -g.cols; dc <= g.cols; dc++) {
        const q = { ship, row: p.row + dr, col: ship === p.ship ? p.col + dc : dc + g.cols }
        if (ship === p.ship && (Math.abs(dc) > 1 || (dr === 0 && dc === 0))) continue
        if (ship !== p.ship && (q.col < 0 || q.col >= g.cols)) continue
        if (q.row < 0 || q.row >= g.rows) continue
        out.push(q)
      }
  }
  return out
}

function boardingOrders(pre: Pre, st: BroadsidesState, side: string): BroadsidesOrders {
  const o = emptyOrders()
  const mine = st.units.filter((u) => u.side === side)
  const foes = st.units.filter((u) => u.side !== side)
  if (!foes.length) return o
  const squares: Place[] = []
  for (const u of mine) if (!squares.some((p) => samePlace(p, u))) squares.push({ ship: u.ship, row: u.row, col: u.col })
  const rules = pre.setup.rules
  for (const from of squares) {
    const group = unitsAt(st, from.ship, from).filter((u) => u.side === side)
    // Every path of one or two steps from here.
    const paths: Place[][] = []
    for (const a of neighbours(pre, st, from)) {
      if (boardingPathProblem(pre, st, side, from, [a])) continue
      paths.push([a])
      if (foes.some((f) => samePlace(f, a))) continue
      for (const b of neighbours(pre, st, a)) if (!samePlace(b, from) && !boardingPathProblem(pre, st, side, from, [a, b])) paths.push([a, b])
    }
    let best: { path: Place[]; score: number } | null = null
    for (const path of paths) {
      const to = path[path.length - 1]!
      const there = foes.filter((f) => samePlace(f, to))
      if (!there.length) continue
      const attack = group.length * rules.melee.perCrew + OFFICER_BONUS(pre, group)
      const defence = there.length * rules.melee.perCrew + OFFICER_BONUS(pre, there) + 1
      const score = attack - defence
      if (!best || score > best.score) best = { path, score }
    }
    let move: BoardMove | null = null
    if (best && best.score >= -1) move = { units: group.map((u) => u.id), path: best.path }
    else {
      // Close on the nearest enemy.
      const near = (p: Place) => Math.min(...foes.map((f) => distance(pre, st, p, f)))
      const now = near(from)
      let pick: { path: Place[]; d: number } | null = null
      for (const path of paths) {
        const to = path[path.length - 1]!
        if (foes.some((f) => samePlace(f, to))) continue
        const d = near(to)
        if (d < now && (!pick || d < pick.d)) pick = { path, d }
      }
      if (pick) {
        const to = pick.path[pick.path.length - 1]!
        const room = roomAt(pre, st, to.ship, to) - st.units.filter((u) => samePlace(u, to)).length
        const units = group.slice(0, Math.max(0, room))
        if (units.length) move = { units: units.map((u) => u.id), path: pick.path }
      }
    }
    if (!move) continue
    const next = { ...o, boarding: [...o.boarding, move] }
    if (!checkOrders(pre.setup, st, next).length) o.boarding = next.boarding
  }
  return o
}
