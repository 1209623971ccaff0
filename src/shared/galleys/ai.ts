import { Rng } from '../dice/rng'
import { angleDiff, bearing, inContact, inIrons, pointInPolygon } from './geometry'
import { activatedSoFar, activePlayer, checkOrders, dryRun, grappledWith, inPlay, nearestEnemy, prep, turnCost, type Pre } from './engine'
import type { Action, GalleysOrders, GalleysSetup, GalleysState, Point, ShipState, Stick } from './types'

const centroid = (pts: readonly Point[]): Point => ({ x: pts.reduce((a, p) => a + p.x, 0) / pts.length, y: pts.reduce((a, p) => a + p.y, 0) / pts.length })

/**
 * A simple AI for the Galleys & Galleons table (the odds and a GM who wants a side played for her).
 * The core book decides activations and gunnery, which are not among the seeds; the AI stands in for
 * them with a labelled house default (README rule notes): it rolls two activation dice, each a success
 * on Q or more (rules guide §4's activation helper), and a shot is an opposed die + C each, the shooter
 * winning on a higher total, one hit on an even die, two and "doubled" on twice the target's total.
 * Those dice come from a copy of the battle's generator, so the orders are a function of the state
 * alone and the battle's own dice are untouched.
 *
 * Each of the player's ships: if on fire, fights it; if grappled to an enemy, boards (the opposed
 * die + C decides whether the enemy strikes); else turns toward the nearest enemy (never in irons,
 * never onto land or off the table: a move the engine's check refuses is not given), fires when within
 * Long, grapples when in contact. A player with an exit zone of her own makes for it instead and leaves by it.
 */

const STICKS: Stick[] = ['long', 'medium', 'short']
const TURNS = [0, 15, -15, 30, -30, 45, -45, 60, -60, 90, -90]

export function aiOrders(setup: GalleysSetup, state: GalleysState): GalleysOrders {
  const pre = prep(setup)
  if (state.outcome) return { order: null, actions: [], endTurn: true }
  const player = activePlayer(state)
  // A private generator from the battle's state (its draws are not the battle's dice).
  const seed = state.rng.map((v, i) => (v ^ (0x9e3779b9 * (i + 1) + state.steps)) | 0)
  const rng = new Rng(seed)
  const actions: Action[] = []
  // The AI's orders end the player's turn.
  const orders: GalleysOrders = { order: null, actions, endTurn: true }
  const tryAdd = (a: Action): boolean => {
    actions.push(a)
    if (checkOrders(setup, state, orders).length === 0) return true
    actions.pop()
    return false
  }
  const zone = setup.terrain.find((t) => t.kind === 'exit' && t.player === player) ?? null
  // Taking a turn over part-played (by the GM, at its earlier steps): the ship whose activation is going
  // on finishes it first — activating another would end hers, her actions left unused — and the ships
  // already activated this turn are not activated again; then her other ships in the setup's order.
  const carried = state.midTurn?.act?.ship ?? null
  const done = new Set(activatedSoFar(state))
  const ships = [...(carried !== null ? [carried] : []), ...pre.ids.filter((id) => !done.has(id))]
  for (const id of ships) {
    const def = pre.ships.get(id)!
    if (def.player !== player || !inPlay(state.ships[id]!)) continue
    const successes = [rng.int(1, 6), rng.int(1, 6)].filter((d) => d >= state.ships[id]!.quality).length
    // The ship whose activation carries over from an earlier step of this turn goes on with it.
    if (id !== carried && !tryAdd({ kind: 'activate', ship: id, actions: successes })) continue
    const s = state.ships[id]!
    if (s.criticals.fires > 0) {
      tryAdd({ kind: 'fightFire', ship: id, cutGrapplesWith: null })
      continue
    }
    const grappled = grappledWith(state, id).filter((o) => pre.ships.get(o)!.player !== player && inPlay(state.ships[o]!))
    if (grappled.length) {
      const target = grappled[0]!
      const mine = rng.int(1, 6) + def.combat
      const theirs = rng.int(1, 6) + pre.ships.get(target)!.combat
      tryAdd({ kind: 'board', ship: id, target, struck: mine > theirs + 2 ? 'target' : theirs > mine + 2 ? 'ship' : 'none' })
      continue
    }
    for (let guard = 0; guard < 8; guard++) {
      const run = dryRun(setup, state, orders)
      const now = run.state.ships[id]!
      const act = run.act
      if (!act || act.ship !== id || act.used >= act.actions || !inPlay(now)) break
      // A side with an exit zone of its own (the Pursuit, the Dutch merchantmen) makes for it and leaves.
      if (zone) {
        if (pointInPolygon(now.at, zone.points)) {
          tryAdd({ kind: 'exit', ship: id })
          break
        }
        if (move(pre, run.state, now, bearing(now.at, centroid(zone.points)), tryAdd)) continue
      }
      const enemy = nearestEnemy(pre, run.state, id)
      if (!enemy) break
      const target = run.state.ships[enemy.id]!
      if (inContact(pre.table, now.at, target.at) && tryAdd({ kind: 'grapple', ship: id, other: enemy.id })) break
      if (enemy.mm <= pre.table.long) {
        const shot = gunnery(rng, def.combat, pre.ships.get(enemy.id)!.combat)
        if (tryAdd({ kind: 'shoot', ship: id, target: enemy.id, weapon: 'gunnery', ...shot })) continue
      }
      if (!move(pre, run.state, now, enemy.bearing, tryAdd)) break
    }
  }
  return orders
}

function gunnery(rng: Rng, mine: number, theirs: number) {
  const die = rng.int(1, 6)
  const a = die + mine
  const b = rng.int(1, 6) + theirs
  const beat = a > b
  const odd = beat && die % 2 === 1
  const doubled = beat && !odd && a >= 2 * b
  return { beat, odd, hits: beat && !odd ? (doubled ? 2 : 1) : 0, doubled, criticals: 0 }
}

/** The legal move that brings her nearest the bearing: fewest degrees off it, then the longest stick. */
function move(pre: Pre, state: GalleysState, s: ShipState, toward: number, tryAdd: (a: Action) => boolean): boolean {
  const canTurn = turnCost(pre, s) !== null
  const options: { turn: number; stick: Stick; score: number }[] = []
  for (const turn of canTurn ? TURNS : [0]) {
    const heading = s.facing + turn
    if (pre.ships.get(s.id)!.propulsion === 'sail' && inIrons(pre.table, state.wind.direction, heading)) continue
    const off = Math.abs(angleDiff(heading, toward))
    for (const stick of STICKS) options.push({ turn, stick, score: off * 10 + (stick === 'long' ? 0 : stick === 'medium' ? 1 : 2) + (turn !== 0 ? 0.5 : 0) })
  }
  options.sort((a, b) => a.score - b.score)
  for (const o of options) if (tryAdd({ kind: 'move', ship: s.id, stick: o.stick, turn: o.turn, razee: false })) return true
  return false
}

