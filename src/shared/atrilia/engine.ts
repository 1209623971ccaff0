import type { DiceSpec } from '../dice/notation'
import { seedState } from '../dice/rng'
import type { DiceSource } from '../highseas/dice'
import { attack as attackCalc, movement, ram as ramCalc, ramKind, repair as repairCalc, stepCost, type Term } from './calc'
import { distance, edgeBeyond, HEX_COUNT, indexOf, label, neighbour, onMap, opposite, sameHex, sightLine, turn, type Hex } from './hex'
import { type AtriliaRules, type Column, type RamKind, type RamResult } from './tables'
import {
  PHASE_NAMES,
  PHASES,
  type AtriliaEvent,
  type AtriliaOrders,
  type AtriliaOutcome,
  type AtriliaReport,
  type AtriliaSetup,
  type AtriliaState,
  type LandMarines,
  type Phase,
  type Place,
  type ShipSetup,
  type ShipState
} from './types'

/**
 * The Atrilian hex battle engine (seed 002 §3–§12). Pure: a step is a function of the setup, the
 * state, the orders and the dice; nothing is mutated. A step is one phase of the phasing player
 * (§4: roll for movement, ship movement and ramming, marine movement, marine attacks, other
 * attacks, repair); after the second player's repair the game-turn ends.
 *
 * Readings where the text is open (each in the README "Rule notes" and in a test):
 *  - Ships move one after another in the order given; each must end her move in a hex no other ship
 *    is in at that moment (§5.12 "there may only be 1 ship per hex at the end of the movement phase").
 *  - A ram is a forward step into an enemy's hex and ends the ship's move (§6.4). It costs the 2
 *    points of that step; after an oar rake or a rudder attack she may continue through (2 more
 *    points) to the hex beyond, which must be free sea on the map; otherwise she stays in the hex
 *    before. A ship needs a ram to ram (§2.4); in an oar rake the target rolls back only if she has one.
 *  - "Rammed ships have −1 in boardings": boarders whose own ship was rammed (as a target, or either
 *    ship of an oar rake) in this player-turn or the opponent's one before.
 *  - Uncommitting (§5.8): one marine point of a committed ship spends its attack on a die on the
 *    Boarding column (only a nation's boarding characteristic applies); 'B' or 'E' frees the pair.
 *    Uncommit attempts are rolled before the attacks.
 *  - "Remove 1 point of marines or suffer 'C'" (A, AS, M): a marine point is removed if she has one.
 *  - A ship on fire and sinking rolls both tables, fire first; a ship that starts sinking from the
 *    fire table rolls the sinking table from her next repair phase.
 *  - Scuttling (§7.5, "at any point in its turn"): the orders of any phase may scuttle ships that
 *    have a marine of the phasing player aboard; it is applied before the phase.
 *  - The battle ends when a victory condition is met (§11.4), when a player controls no ship afloat
 *    on the map, or after the last turn's second player's repair.
 */

// ─── Pre-computed per setup ─────────────────────────────────────────────────────────────────────

export interface Pre {
  setup: AtriliaSetup
  rules: AtriliaRules
  ships: Map<string, ShipSetup>
  ids: string[]
  sides: [string, string]
  sideNation: Record<string, string>
  land: Uint8Array
  turns: number
  national: boolean
}

const PRE = new WeakMap<AtriliaSetup, Pre>()
export function prep(setup: AtriliaSetup): Pre {
  let p = PRE.get(setup)
  if (p) return p
  const land = new Uint8Array(HEX_COUNT)
  for (const h of setup.land) {
    const i = indexOf(h)
    if (i >= 0) land[i] = 1
  }
  p = {
    setup,
    rules: setup.rules,
    ships: new Map(setup.ships.map((s) => [s.id, s])),
    ids: setup.ships.map((s) => s.id),
    sides: [setup.sides[0]!.id, setup.sides[1]!.id],
    sideNation: Object.fromEntries(setup.sides.map((s) => [s.id, s.nation])),
    land,
    turns: setup.turns ?? setup.rules.encounterTurns,
    national: setup.options.nationalCharacteristics
  }
  PRE.set(setup, p)
  return p
}

export const isLand = (pre: Pre, h: Hex): boolean => {
  const i = indexOf(h)
  return i >= 0 && pre.land[i] === 1
}

export function sideName(setup: AtriliaSetup, side: string): string {
  return setup.sides.find((s) => s.id === side)?.name ?? side
}
const shipName = (pre: Pre, id: string) => pre.ships.get(id)?.name ?? id
const nationOfShip = (pre: Pre, id: string) => pre.ships.get(id)?.nation ?? pre.sideNation[pre.ships.get(id)?.side ?? ''] ?? 'other'

/** §8.12: whoever has marines aboard controls her; with none, her nationality (her setup side) does. */
export function controller(pre: Pre, s: ShipState): string {
  return s.marines > 0 && s.marineSide ? s.marineSide : pre.ships.get(s.id)!.side
}
export const phasingSide = (pre: Pre, st: AtriliaState): string => pre.sides[st.player]
const enemyOf = (pre: Pre, side: string): string => (pre.sides[0] === side ? pre.sides[1] : pre.sides[0])
const playerTurn = (st: AtriliaState) => st.turn * 2 + st.player

/** Marine points aboard at most at the end of a turn (§7.4: size 1 small, 2–3 large). */
export function stackLimit(rules: AtriliaRules, size: number): number {
  return size <= 1 ? rules.smallShipMarines : rules.largeShipMarines
}

export function shipAt(st: AtriliaState, h: Hex): ShipState | null {
  for (const id in st.ships) {
    const s = st.ships[id]!
    if (s.status === 'afloat' && s.at.q === h.q && s.at.r === h.r) return s
  }
  return null
}

/** Ship or land hexes block the line of sight (§8.7). */
export function blocker(pre: Pre, st: AtriliaState): (h: Hex) => boolean {
  return (h) => isLand(pre, h) || shipAt(st, h) !== null
}

export function placeHex(st: AtriliaState, p: Place): Hex | null {
  if ('ship' in p) {
    const s = st.ships[p.ship]
    return s && s.status === 'afloat' ? s.at : null
  }
  return p.hex
}
export function pointsAt(st: AtriliaState, p: Place, side: string): number {
  if ('ship' in p) {
    const s = st.ships[p.ship]
    return s && s.status === 'afloat' && s.marineSide === side ? s.marines : 0
  }
  let n = 0
  for (const l of st.land) if (l.side === side && sameHex(l.at, p.hex)) n += l.points
  return n
}
const samePlace = (a: Place, b: Place) => ('ship' in a ? 'ship' in b && a.ship === b.ship : 'hex' in b && sameHex(a.hex, b.hex))
export function placeWords(pre: Pre, p: Place): string {
  return 'ship' in p ? shipName(pre, p.ship) : `the land at ${label(p.hex)}`
}

function addPoints(st: AtriliaState, p: Place, side: string, n: number): void {
  if ('ship' in p) {
    const s = st.ships[p.ship]!
    s.marines += n
    s.marineSide = s.marines > 0 ? side : null
    return
  }
  const l = st.land.find((x) => x.side === side && sameHex(x.at, p.hex))
  if (l) l.points += n
  else st.land.push({ side, at: { q: p.hex.q, r: p.hex.r }, points: n, volley: 0 })
}
/** Remove marine points; wizards with no marines of their side left there are lost (§9.1). */
function removePoints(st: AtriliaState, p: Place, side: string, n: number): void {
  if ('ship' in p) {
    const s = st.ships[p.ship]!
    s.marines = Math.max(0, s.marines - n)
    s.volley = Math.min(s.volley, s.marines)
    if (s.marines === 0) s.marineSide = null
  } else {
    for (let i = 0; i < st.land.length && n > 0; i++) {
      const l = st.land[i]!
      if (l.side !== side || !sameHex(l.at, p.hex)) continue
      const k = Math.min(n, l.points)
      l.points -= k
      l.volley = Math.min(l.volley, l.points)
      n -= k
    }
    st.land = st.land.filter((l) => l.points > 0)
  }
  for (const w of st.wizards) if (w.at && w.side === side && samePlace(w.at, p) && pointsAt(st, p, side) === 0) w.at = null
}

// ─── Start ──────────────────────────────────────────────────────────────────────────────────────

/** Every problem with a setup (empty = it can start). */
export function checkSetup(setup: AtriliaSetup): string[] {
  const pre = prep(setup)
  const out: string[] = []
  const sideIds = new Set(pre.sides)
  if (pre.sides[0] === pre.sides[1]) out.push('the two players need different ids')
  const seen = new Map<number, string>()
  const ids = new Set<string>()
  for (const s of setup.ships) {
    if (ids.has(s.id)) out.push(`two ships have the id "${s.id}"`)
    ids.add(s.id)
    if (!sideIds.has(s.side)) out.push(`${s.name}: there is no player "${s.side}"`)
    const i = indexOf(s.at)
    if (i < 0) out.push(`${s.name}: she must be set up on the map`)
    else if (pre.land[i]) out.push(`${s.name}: ${label(s.at)} is land (ships may not enter land hexes, §5.10)`)
    else if (seen.has(i)) out.push(`${s.name}: ${label(s.at)} already holds ${seen.get(i)} (one ship per hex, §5.12)`)
    else seen.set(i, s.name)
    const lim = stackLimit(setup.rules, s.size)
    if (s.marines > lim) out.push(`${s.name}: a size ${s.size} ship holds at most ${lim === 1 ? '1 point' : `${lim} points`} of marines (§7.4)`)
    if (s.wizards && s.marines === 0) out.push(`${s.name}: wizards are carried amongst marines (§9.1); give her marines`)
  }
  for (const l of setup.landMarines) {
    if (!sideIds.has(l.side)) out.push(`marines at ${label(l.at)}: there is no player "${l.side}"`)
    if (!isLand(pre, l.at)) out.push(`marines at ${label(l.at)}: marines off a ship must be on a land hex (§7.3)`)
  }
  if (setup.options.ambush !== null && !sideIds.has(setup.options.ambush)) out.push(`Ambush!: there is no player "${setup.options.ambush}"`)
  for (const v of setup.options.victory) if (!sideIds.has(v.side)) out.push(`victory condition: there is no player "${v.side}"`)
  return out
}

export class IllegalOrders extends Error {
  constructor(readonly reasons: string[]) {
    super(`Illegal orders: ${reasons.join('; ')}`)
    this.name = 'IllegalOrders'
  }
}

export function startBattle(setup: AtriliaSetup, seed: number = setup.seed): AtriliaState {
  const problems = checkSetup(setup)
  if (problems.length) throw new IllegalOrders(problems)
  const ships: Record<string, ShipState> = {}
  const wizards: AtriliaState['wizards'] = []
  for (const s of setup.ships) {
    ships[s.id] = {
      id: s.id,
      status: 'afloat',
      at: { q: s.at.q, r: s.at.r },
      facing: s.facing,
      crippled: s.crippled,
      fire: false,
      sinking: false,
      committedWith: [],
      marines: s.marines,
      marineSide: s.marines > 0 ? s.side : null,
      volley: 0,
      rammedAt: -10,
      exitedBy: null,
      exitedSide: null
    }
    if (s.wizards) wizards.push({ id: `${s.id}-wizards`, kind: s.wizards, side: s.side, at: { ship: s.id } })
  }
  const land: LandMarines[] = []
  for (const l of setup.landMarines) {
    const x = land.find((y) => y.side === l.side && sameHex(y.at, l.at))
    if (x) x.points += l.points
    else land.push({ side: l.side, at: { q: l.at.q, r: l.at.r }, points: l.points, volley: 0 })
  }
  return { turn: 1, player: 0, phase: 'roll', steps: 0, roll: null, ships, land, wizards, rng: seedState(seed), outcome: null }
}

function clone(st: AtriliaState): AtriliaState {
  const ships: Record<string, ShipState> = {}
  for (const id in st.ships) {
    const s = st.ships[id]!
    ships[id] = { ...s, at: { q: s.at.q, r: s.at.r }, committedWith: s.committedWith.slice() }
  }
  return {
    ...st,
    ships,
    land: st.land.map((l) => ({ ...l, at: { q: l.at.q, r: l.at.r } })),
    wizards: st.wizards.map((w) => ({ ...w, at: w.at === null ? null : 'ship' in w.at ? { ship: w.at.ship } : { hex: { q: w.at.hex.q, r: w.at.hex.r } } })),
    rng: st.rng.slice()
  }
}

// ─── Dice ───────────────────────────────────────────────────────────────────────────────────────

const D6: DiceSpec = { kind: 'sum', count: 1, sides: 6, explode: false, modifier: 0 }

interface Ctx {
  pre: Pre
  st: AtriliaState
  side: string
  dice: DiceSource | null
  T: boolean
  events: AtriliaEvent[]
  problems: string[]
}

function roll(c: Ctx, purpose: string): { face: number; rec: AtriliaEvent['rolls'][number] | null } {
  const r = c.dice!.roll(D6, purpose)
  const face = r.total
  return { face, rec: c.T ? { purpose, notation: '1d6', dice: r.dice.slice(), total: r.total, manual: r.manual } : null }
}
function ev(c: Ctx, e: Omit<AtriliaEvent, 'rolls' | 'terms'> & { rolls?: (AtriliaEvent['rolls'][number] | null)[]; terms?: Term[] }): void {
  if (!c.T) return
  c.events.push({ ...e, rolls: (e.rolls ?? []).filter((x): x is AtriliaEvent['rolls'][number] => x !== null), terms: e.terms ?? [] })
}

// ─── Shared effects ─────────────────────────────────────────────────────────────────────────────

function commit(st: AtriliaState, a: string, b: string): void {
  const sa = st.ships[a]!
  const sb = st.ships[b]!
  if (!sa.committedWith.includes(b)) sa.committedWith.push(b)
  if (!sb.committedWith.includes(a)) sb.committedWith.push(a)
}
function uncommitPair(st: AtriliaState, a: string, b: string): void {
  const sa = st.ships[a]
  const sb = st.ships[b]
  if (sa) sa.committedWith = sa.committedWith.filter((x) => x !== b)
  if (sb) sb.committedWith = sb.committedWith.filter((x) => x !== a)
}
/** A ship leaves the battle (sunk or off the map): her marines and wizards go with her, partners are uncommitted (§5.9, §10.2). */
function removeShip(st: AtriliaState, id: string, status: 'sunk' | 'exited'): void {
  const s = st.ships[id]!
  for (const p of s.committedWith) uncommitPair(st, id, p)
  s.committedWith = []
  s.status = status
  if (status === 'sunk') {
    s.marines = 0
    s.marineSide = null
    s.volley = 0
  }
  for (const w of st.wizards) if (w.at && 'ship' in w.at && w.at.ship === id) w.at = null
}

/** C / CS / CSE / S / A / AS / M effects on a target ship (Ramming Table, Naval Combat Results Table). */
function cripple(s: ShipState, sinkIfCrippled: boolean): string {
  if (!s.crippled) {
    s.crippled = true
    return 'is crippled'
  }
  if (sinkIfCrippled && !s.sinking) {
    s.sinking = true
    return 'was already crippled and starts sinking'
  }
  return sinkIfCrippled ? 'is already sinking' : 'was already crippled: no more damage'
}
function applyRam(st: AtriliaState, attacker: string, target: string, result: RamResult): string {
  const t = st.ships[target]!
  switch (result) {
    case '-':
      return 'no effect'
    case 'C':
      return cripple(t, false)
    case 'CS':
      return cripple(t, true)
    case 'CSE':
      commit(st, attacker, target)
      return `both ships are committed; she ${cripple(t, true)}`
    case 'S':
      if (t.sinking) return 'is already sinking'
      t.sinking = true
      return 'starts sinking'
  }
}

function applyScuttle(c: Ctx, list: readonly string[]): void {
  const { pre, st, side } = c
  for (const id of list) {
    const s = st.ships[id]
    if (!s || s.status !== 'afloat') {
      c.problems.push(`scuttle: there is no ship "${id}" afloat`)
      continue
    }
    if (s.marineSide !== side || s.marines === 0) {
      c.problems.push(`scuttle: ${shipName(pre, id)} has none of your marines aboard (a marine scuttles the ship it is on, §7.5)`)
      continue
    }
    s.sinking = true
    ev(c, { kind: 'scuttle', text: `Marines scuttle ${shipName(pre, id)}: she starts sinking.`, who: [id] })
  }
}

// ─── Phase: roll for movement (§5.1, §11.3) ─────────────────────────────────────────────────────

function doRoll(c: Ctx): void {
  const { pre, st, side } = c
  const first = st.turn === 1
  if (first && pre.setup.options.ambush === side) {
    st.roll = null
    ev(c, { kind: 'roll', text: `Ambush! The ${sideName(pre.setup, side)} are surprised: none of their ships may move on the first turn.`, who: [] })
    return
  }
  if (first && pre.setup.options.evenStart !== null) {
    st.roll = pre.setup.options.evenStart
    ev(c, { kind: 'roll', text: `Even start: the ${sideName(pre.setup, side)}’ movement roll is ${st.roll}.`, who: [], terms: [{ label: 'Even start', value: st.roll }] })
    return
  }
  if (!c.dice) return
  const r = roll(c, `movement roll for the ${sideName(pre.setup, side)}`)
  st.roll = r.face
  if (c.T) {
    const terms: Term[] = []
    for (const id of pre.ids) {
      const s = st.ships[id]!
      if (s.status !== 'afloat' || controller(pre, s) !== side) continue
      const m = movement({ crewQuality: pre.ships.get(id)!.crewQuality, roll: r.face, crippled: s.crippled, sinking: s.sinking })
      terms.push({ label: shipName(pre, id), value: m.allowance })
    }
    ev(c, { kind: 'roll', text: `The ${sideName(pre.setup, side)} roll ${r.face} for movement.`, who: [], rolls: [r.rec], terms })
  }
}

// ─── Phase: ship movement and ramming (§5, §6) ──────────────────────────────────────────────────

export function allowanceOf(pre: Pre, st: AtriliaState, id: string): { allowance: number; breakdown: Term[] } {
  const s = st.ships[id]!
  if (st.roll === null) return { allowance: 0, breakdown: [{ label: 'no movement this turn (Ambush!)', value: 0 }] }
  return movement({ crewQuality: pre.ships.get(id)!.crewQuality, roll: st.roll, crippled: s.crippled, sinking: s.sinking })
}

function doMove(c: Ctx, orders: Extract<AtriliaOrders, { phase: 'move' }>): void {
  const { pre, st, side } = c
  const R = pre.rules
  const moved = new Set<string>()
  const pt = playerTurn(st)
  for (let k = 0; k < orders.ships.length; k++) {
    const mv = orders.ships[k]!
    const s = st.ships[mv.ship]
    const ss = pre.ships.get(mv.ship)
    const where = `move ${k + 1}`
    if (!s || !ss) {
      c.problems.push(`${where}: there is no ship "${mv.ship}"`)
      continue
    }
    const name = ss.name
    if (moved.has(mv.ship)) {
      c.problems.push(`${name}: give each ship one move a phase`)
      continue
    }
    moved.add(mv.ship)
    if (mv.steps.length === 0) continue
    if (s.status !== 'afloat') {
      c.problems.push(`${name} is no longer on the map`)
      continue
    }
    if (controller(pre, s) !== side) {
      c.problems.push(`${name} is not yours to move`)
      continue
    }
    if (st.roll === null) {
      c.problems.push(`${name}: none of your ships may move this turn (Ambush!)`)
      continue
    }
    if (s.sinking) {
      c.problems.push(`${name} is sinking and may not move (§5.3)`)
      continue
    }
    if (s.committedWith.length) {
      c.problems.push(`${name} is committed and cannot move until uncommitted (§5.8)`)
      continue
    }
    const allowance = allowanceOf(pre, st, mv.ship).allowance
    let pos = s.at
    let facing = s.facing
    let spent = 0
    const path: Hex[] = [pos]
    let ramTarget: ShipState | null = null
    let exit: Hex | null = null
    let bad = false
    for (let i = 0; i < mv.steps.length; i++) {
      const step = mv.steps[i]!
      spent += stepCost(step, R)
      if (step === 'port' || step === 'starboard') {
        facing = turn(facing, step === 'port' ? -1 : 1)
        continue
      }
      const next = neighbour(pos, step === 'forward' ? facing : opposite(facing))
      const last = i === mv.steps.length - 1
      if (!onMap(next)) {
        if (!last) {
          c.problems.push(`${name}: step ${i + 1} leaves the map; leaving must be her last step (§5.11)`)
          bad = true
          break
        }
        exit = next
        break
      }
      if (isLand(pre, next)) {
        c.problems.push(`${name}: step ${i + 1} would enter land at ${label(next)} (§5.10)`)
        bad = true
        break
      }
      const other = shipAt(st, next)
      if (other && other.id !== s.id && controller(pre, other) !== side) {
        if (step !== 'forward') {
          c.problems.push(`${name}: step ${i + 1} backs into ${shipName(pre, other.id)}; a ship enters an enemy’s hex only ramming, moving forward (§6)`)
          bad = true
          break
        }
        if (!ss.ram) {
          c.problems.push(`${name} has no ram and may not enter ${shipName(pre, other.id)}’s hex (§2.4, §6)`)
          bad = true
          break
        }
        if (!last) {
          c.problems.push(`${name}: the ram on ${shipName(pre, other.id)} ends her move (§6.4); give no steps after it`)
          bad = true
          break
        }
        ramTarget = other
        break
      }
      pos = next
      path.push(pos)
    }
    if (bad) continue
    if (mv.through && !ramTarget) {
      c.problems.push(`${name}: "continue through" is for a ram`)
      continue
    }
    let kind: RamKind | null = null
    let beyond: Hex | null = null
    if (ramTarget) {
      kind = ramKind({ attacker: pos, target: { ...ramTarget.at, facing: ramTarget.facing } })
      if (mv.through) {
        if (kind === 'broadside') {
          c.problems.push(`${name}: a broadside ram ends in the hex before; she may not move through (§6.3.1)`)
          continue
        }
        beyond = neighbour(ramTarget.at, facing)
        spent += R.forwardCost
        if (!onMap(beyond) || isLand(pre, beyond) || (shipAt(st, beyond) && shipAt(st, beyond)!.id !== s.id)) {
          c.problems.push(`${name}: she cannot continue through ${shipName(pre, ramTarget.id)}: ${onMap(beyond) ? label(beyond) : 'the hex beyond'} ${!onMap(beyond) ? 'is off the map' : isLand(pre, beyond) ? 'is land' : 'holds a ship'}`)
          continue
        }
      }
    }
    if (spent > allowance) {
      c.problems.push(`${name}: the move costs ${spent} points but her allowance is ${allowance} (§5.7)`)
      continue
    }
    const end = beyond ?? pos
    if (!exit) {
      const there = shipAt(st, end)
      if (there && there.id !== s.id) {
        c.problems.push(`${name} would end her move in ${label(end)} with ${shipName(pre, there.id)} (one ship per hex, §5.12)`)
        continue
      }
    }
    // Apply (positions are known without dice: a ram moves nobody but the rammer).
    if (exit) {
      s.at = pos
      s.facing = facing
      s.exitedBy = edgeBeyond(exit)
      s.exitedSide = side
      removeShip(st, s.id, 'exited')
      ev(c, { kind: 'exit', text: `${name} leaves the map ${edgeEnglish(s.exitedBy)}: she is lost to this encounter (§5.11).`, who: [s.id], path })
      continue
    }
    s.at = end
    s.facing = facing
    if (beyond) path.push(ramTarget!.at, beyond)
    if (!ramTarget || !kind) {
      ev(c, { kind: 'move', text: `${name} moves to ${label(end)} facing ${facing} (${spent} of ${allowance} points).`, who: [s.id], path, terms: [{ label: 'points spent', value: spent }] })
      continue
    }
    const t = ramTarget
    const ts = pre.ships.get(t.id)!
    const tName = ts.name
    t.rammedAt = pt
    if (!c.dice) {
      if (kind === 'oarRake') {
        s.facing = turn(s.facing, 1)
        t.facing = turn(t.facing, 1)
        s.rammedAt = pt
      }
      continue
    }
    const q = s.crippled ? 0 : ss.crewQuality
    const r1 = roll(c, `${name}’s ${KIND_WORD[kind]} on ${tName}`)
    const a1 = ramCalc({ kind, roll: r1.face, crewQuality: q, attackerSize: ss.size, targetSize: ts.size }, R)
    if (kind === 'oarRake') {
      s.rammedAt = pt
      let a2: ReturnType<typeof ramCalc> | null = null
      let r2: ReturnType<typeof roll> | null = null
      if (ts.ram) {
        r2 = roll(c, `${tName}’s oar rake on ${name}`)
        a2 = ramCalc({ kind, roll: r2.face, crewQuality: t.crippled ? 0 : ts.crewQuality, attackerSize: ts.size, targetSize: ss.size }, R)
      }
      // Simultaneous (§6.1.3): both results are read before either is applied.
      const e1 = applyRam(st, s.id, t.id, a1.result)
      const e2 = a2 ? applyRam(st, t.id, s.id, a2.result) : null
      s.facing = turn(s.facing, 1)
      t.facing = turn(t.facing, 1)
      ev(c, {
        kind: 'ram',
        ramKind: kind,
        result: a1.result,
        text:
          `${name} rakes ${tName}’s oars${beyond ? ` and passes through to ${label(beyond)}` : ` from ${label(end)}`}: ${a1.total} — ${a1.result}, ${tName} ${e1}` +
          (a2 ? `; ${tName} rakes back: ${a2.total} — ${a2.result}, ${name} ${e2}` : `; ${tName} has no ram to rake back`) +
          `. Both ships turn one hexside clockwise.`,
        who: [s.id, t.id],
        path,
        rolls: [r1.rec, r2?.rec ?? null],
        terms: [...a1.breakdown, ...(a2 ? a2.breakdown.map((b) => ({ label: `${tName}: ${b.label}`, value: b.value })) : [])]
      })
    } else {
      const e1 = applyRam(st, s.id, t.id, a1.result)
      ev(c, {
        kind: 'ram',
        ramKind: kind,
        result: a1.result,
        text: `${name} makes a ${KIND_WORD[kind]} on ${tName}${beyond ? ` and passes through to ${label(beyond)}` : ` from ${label(end)}`}: ${a1.total} — ${a1.result}, ${tName} ${e1}.`,
        who: [s.id, t.id],
        path,
        rolls: [r1.rec],
        terms: a1.breakdown
      })
    }
  }
}
const KIND_WORD: Record<RamKind, string> = { oarRake: 'oar rake', rudder: 'rudder attack', broadside: 'broadside ram' }
const edgeEnglish = (e: string | null) => (e === 'north' ? 'to the north' : e === 'south' ? 'to the south' : e === 'west' ? 'to the west' : 'to the east')

// ─── Phase: marine movement (§7) ────────────────────────────────────────────────────────────────

function doMarines(c: Ctx, orders: Extract<AtriliaOrders, { phase: 'marines' }>): void {
  const { pre, st, side } = c
  const arrived = new Map<string, number>()
  const key = (p: Place) => ('ship' in p ? `s:${p.ship}` : `h:${p.hex.q},${p.hex.r}`)
  for (let k = 0; k < orders.moves.length; k++) {
    const m = orders.moves[k]!
    const where = `marine move ${k + 1}`
    const fromHex = placeHex(st, m.from)
    const toHex = placeHex(st, m.to)
    if (!fromHex) {
      c.problems.push(`${where}: there is no ship "${'ship' in m.from ? m.from.ship : ''}" on the map`)
      continue
    }
    if (!toHex) {
      c.problems.push(`${where}: there is no ship "${'ship' in m.to ? m.to.ship : ''}" on the map`)
      continue
    }
    const have = pointsAt(st, m.from, side) - (arrived.get(key(m.from)) ?? 0)
    if (have < m.points) {
      c.problems.push(
        `${where}: ${placeWords(pre, m.from)} has ${have <= 0 ? 'none' : have === 1 ? 'only 1 point' : `only ${have} points`} of your marines that may still move (each moves 1 hex a turn, §7.2)`
      )
      continue
    }
    if (distance(fromHex, toHex) !== 1) {
      c.problems.push(`${where}: ${placeWords(pre, m.to)} is not next to ${placeWords(pre, m.from)} (marines move 1 hex, §7.2)`)
      continue
    }
    if ('ship' in m.to) {
      const t = st.ships[m.to.ship]!
      if (controller(pre, t) !== side) {
        c.problems.push(`${where}: marines may not move onto an enemy ship, even one with no marines (§7.3)`)
        continue
      }
    } else if (!isLand(pre, m.to.hex)) {
      c.problems.push(`${where}: ${label(m.to.hex)} is open sea (marines move onto a friendly ship or land, §7.3)`)
      continue
    }
    const wiz = st.wizards.filter((w) => w.at && w.side === side && samePlace(w.at, m.from))
    removePointsKeepWizards(st, m.from, side, m.points)
    addPoints(st, m.to, side, m.points)
    arrived.set(key(m.to), (arrived.get(key(m.to)) ?? 0) + m.points)
    const left = pointsAt(st, m.from, side)
    for (const w of wiz) if (m.wizards || left === 0) w.at = 'ship' in m.to ? { ship: m.to.ship } : { hex: { q: m.to.hex.q, r: m.to.hex.r } }
    ev(c, {
      kind: 'marines',
      text: `${m.points === 1 ? '1 point' : `${m.points} points`} of marines move from ${placeWords(pre, m.from)} to ${placeWords(pre, m.to)}${wiz.length && (m.wizards || left === 0) ? ', with the wizards' : ''}.`,
      who: ['ship' in m.to ? m.to.ship : '', 'ship' in m.from ? m.from.ship : ''].filter(Boolean)
    })
  }
  // §7.4: stacking holds at the end of the turn.
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (s.status !== 'afloat') continue
    const lim = stackLimit(pre.rules, pre.ships.get(id)!.size)
    if (s.marines > lim) c.problems.push(`${shipName(pre, id)} would end the turn with ${s.marines} points of marines; a size ${pre.ships.get(id)!.size} ship holds at most ${lim === 1 ? '1 point' : `${lim} points`} (§7.4)`)
  }
}
function removePointsKeepWizards(st: AtriliaState, p: Place, side: string, n: number): void {
  const keep = st.wizards.map((w) => w.at)
  removePoints(st, p, side, n)
  st.wizards.forEach((w, i) => (w.at = keep[i]!))
}

// ─── Phase: marine attacks (§8) ─────────────────────────────────────────────────────────────────

export function rammedRecently(st: AtriliaState, s: ShipState): boolean {
  return playerTurn(st) - s.rammedAt <= 1
}

function doMarineAttacks(c: Ctx, orders: Extract<AtriliaOrders, { phase: 'marineAttacks' }>): void {
  const { pre, st, side } = c
  const R = pre.rules
  const enemy = enemyOf(pre, side)
  const use = new Map<string, { place: Place; n: number }>()
  const key = (p: Place) => ('ship' in p ? `s:${p.ship}` : `h:${p.hex.q},${p.hex.r}`)
  const spend = (p: Place) => {
    const k = key(p)
    const u = use.get(k) ?? { place: p, n: 0 }
    u.n++
    use.set(k, u)
  }
  const blocks = blocker(pre, st)
  // Static checks (positions do not change in this phase).
  for (const u of orders.uncommit) {
    const s = st.ships[u.ship]
    if (!s || s.status !== 'afloat') c.problems.push(`uncommit: there is no ship "${u.ship}" afloat`)
    else if (controller(pre, s) !== side || s.marines === 0) c.problems.push(`uncommit: ${shipName(pre, u.ship)} has none of your marines aboard to try`)
    else if (!s.committedWith.includes(u.from)) c.problems.push(`uncommit: ${shipName(pre, u.ship)} is not committed with ${shipName(pre, u.from)}`)
    else spend({ ship: u.ship })
  }
  const targets = new Set<string>()
  for (let g = 0; g < orders.targets.length; g++) {
    const grp = orders.targets[g]!
    const t = st.ships[grp.target]
    if (!t || t.status !== 'afloat') {
      c.problems.push(`attacks ${g + 1}: there is no ship "${grp.target}" on the map`)
      continue
    }
    const tName = shipName(pre, t.id)
    if (targets.has(grp.target)) c.problems.push(`${tName}: announce every attack on one target together (§8.4)`)
    targets.add(grp.target)
    if (controller(pre, t) === side) {
      c.problems.push(`${tName} is yours: marines attack enemy ships`)
      continue
    }
    for (let a = 0; a < grp.attacks.length; a++) {
      const at = grp.attacks[a]!
      const from = placeHex(st, at.from)
      const who = `attack ${a + 1} on ${tName}`
      if (!from) {
        c.problems.push(`${who}: there is no ship "${'ship' in at.from ? at.from.ship : ''}" on the map`)
        continue
      }
      if (pointsAt(st, at.from, side) === 0) {
        c.problems.push(`${who}: ${placeWords(pre, at.from)} has none of your marines`)
        continue
      }
      const d = distance(from, t.at)
      if (at.kind === 'board') {
        if (!('ship' in at.from)) {
          c.problems.push(`${who}: marines on land may only shoot (archery) at adjacent ships (§8.3)`)
          continue
        }
        if (d < R.ranges.boarding.min || d > R.ranges.boarding.max) {
          c.problems.push(`${who}: boarding reaches an adjacent hex; ${tName} is ${d} hexes away (§8.2)`)
          continue
        }
      } else {
        const rg = 'ship' in at.from ? R.ranges.archery : R.ranges.landArchery
        if (d < rg.min || d > rg.max) {
          c.problems.push(`${who}: archery ${'ship' in at.from ? 'reaches 1 to 2 hexes' : 'from land reaches adjacent ships only (§8.3)'}; ${tName} is ${d} ${d === 1 ? 'hex' : 'hexes'} away`)
          continue
        }
        const los = sightLine(from, t.at, blocks)
        if (!los.clear) {
          c.problems.push(`${who}: no line of sight to ${tName} (blocked at ${los.blockedBy.map(label).join(', ')}, §8.7)`)
          continue
        }
      }
      spend(at.from)
    }
  }
  for (const u of use.values()) {
    const have = pointsAt(st, u.place, side)
    if (u.n > have) c.problems.push(`${placeWords(pre, u.place)} has ${have === 1 ? '1 point' : `${have} points`} of marines: each attacks once a turn (§8.1–8.2), not ${u.n} times`)
  }
  if (c.problems.length || !c.dice) return
  const national = pre.national
  const myNation = pre.sideNation[side]
  for (const u of orders.uncommit) {
    const s = st.ships[u.ship]!
    if (!s.committedWith.includes(u.from)) continue
    const r = roll(c, `${shipName(pre, u.ship)} tries to uncommit from ${shipName(pre, u.from)}`)
    const a = attackCalc({ column: 'boarding', roll: r.face, modifiers: national ? { nation: myNation } : {} }, R)
    const ok = a.result === 'B' || a.result === 'E'
    if (ok) uncommitPair(st, u.ship, u.from)
    ev(c, { kind: 'uncommit', result: a.result, text: `${shipName(pre, u.ship)} tries to uncommit from ${shipName(pre, u.from)}: ${a.total} — ${ok ? `${a.result}, both are free` : 'still committed'}.`, who: [u.ship, u.from], rolls: [r.rec], terms: a.breakdown })
  }
  for (const grp of orders.targets) {
    const t = st.ships[grp.target]!
    const tName = shipName(pre, t.id)
    for (const at of grp.attacks) {
      if (t.status !== 'afloat' || controller(pre, t) !== enemy) {
        ev(c, { kind: 'wasted', text: `An attack on ${tName} is wasted: she is no longer an enemy ship.`, who: [t.id] })
        continue
      }
      const fromShip = 'ship' in at.from ? st.ships[at.from.ship]! : null
      const fromWords = placeWords(pre, at.from)
      if (at.kind === 'archery') {
        const r = roll(c, `archery from ${fromWords} at ${tName}`)
        const a = attackCalc({ column: 'archery', roll: r.face }, R)
        addVolley(st, at.from, side)
        const eff = a.result === 'A' ? hitMarinesOr(st, t, 'C') : 'no effect'
        ev(c, { kind: 'archery', result: a.result, text: `Archery from ${fromWords} at ${tName}: ${a.total} — ${a.result === '-' ? 'no effect' : `${a.result}, ${eff}`}.`, who: [fromShip?.id ?? '', t.id].filter(Boolean), rolls: [r.rec], terms: a.breakdown })
        continue
      }
      const ss = pre.ships.get(fromShip!.id)!
      const r = roll(c, `boarding from ${fromWords} on ${tName}`)
      const a = attackCalc(
        {
          column: 'boarding',
          roll: r.face,
          modifiers: {
            corvus: ss.corvus,
            castle: pre.ships.get(t.id)!.castle,
            crippledTarget: t.crippled,
            rammed: rammedRecently(st, fromShip!),
            ...(national ? { nation: myNation } : {})
          }
        },
        R
      )
      let eff = 'no effect'
      if (a.result === 'B' || a.result === 'E') {
        commit(st, fromShip!.id, t.id)
        const had = t.marines
        if (had > 0 && a.result === 'B') {
          removePoints(st, { ship: t.id }, t.marineSide!, 1)
          eff = `both ships are committed; ${tName} loses 1 point of marines`
        } else if (had > 0) eff = 'both ships are committed'
        else if (at.ifEmpty === 'capture') {
          const wiz = st.wizards.filter((w) => w.at && w.side === side && 'ship' in w.at && w.at.ship === fromShip!.id)
          removePointsKeepWizards(st, at.from, side, 1)
          addPoints(st, { ship: t.id }, side, 1)
          if (pointsAt(st, at.from, side) === 0) for (const w of wiz) w.at = { ship: t.id }
          const wasCrippled = t.crippled
          t.crippled = true
          eff = `both ships are committed; the boarders take her${wasCrippled ? '' : ' and she is flipped to crippled'}`
        } else if (at.ifEmpty === 'scuttle' && a.result === 'B') {
          t.sinking = true
          eff = 'both ships are committed; the boarders scuttle her: she starts sinking'
        } else eff = a.result === 'E' && at.ifEmpty === 'scuttle' ? 'both ships are committed (an E lets the boarders take her, not scuttle her)' : 'both ships are committed'
      }
      ev(c, { kind: 'boarding', result: a.result, text: `Boarding from ${fromWords} on ${tName}: ${a.total} — ${a.result === '-' ? 'no effect' : `${a.result}, ${eff}`}.`, who: [fromShip!.id, t.id], rolls: [r.rec], terms: a.breakdown })
    }
  }
}
function addVolley(st: AtriliaState, p: Place, side: string): void {
  if ('ship' in p) st.ships[p.ship]!.volley++
  else {
    const l = st.land.find((x) => x.side === side && sameHex(x.at, p.hex) && x.volley < x.points)
    if (l) l.volley++
  }
}
/** A / AS / M: the target removes 1 point of marines, or suffers C (or CS). */
function hitMarinesOr(st: AtriliaState, t: ShipState, or: 'C' | 'CS'): string {
  if (t.marines > 0) {
    removePoints(st, { ship: t.id }, t.marineSide!, 1)
    return 'she loses 1 point of marines'
  }
  return `no marines to lose: ${or}, she ${cripple(t, or === 'CS')}`
}

// ─── Phase: other attacks (§9) ──────────────────────────────────────────────────────────────────

function doOtherAttacks(c: Ctx, orders: Extract<AtriliaOrders, { phase: 'otherAttacks' }>): void {
  const { pre, st, side } = c
  const R = pre.rules
  const enemy = enemyOf(pre, side)
  const used = new Set<string>()
  const blocks = blocker(pre, st)
  const plan: Array<{ col: Column; who: string; from: string | null; target: ShipState; wizardNation: boolean }> = []
  for (let k = 0; k < orders.attacks.length; k++) {
    const o = orders.attacks[k]!
    const t = st.ships[o.target]
    const where = `attack ${k + 1}`
    if (!t || t.status !== 'afloat') {
      c.problems.push(`${where}: there is no ship "${o.target}" on the map`)
      continue
    }
    const tName = shipName(pre, t.id)
    if (controller(pre, t) !== enemy) {
      c.problems.push(`${where}: ${tName} is not an enemy ship`)
      continue
    }
    if ('wizard' in o.by) {
      const w = st.wizards.find((x) => x.id === (o.by as { wizard: string }).wizard)
      if (!w || !w.at || w.side !== side) {
        c.problems.push(`${where}: you have no such wizards in the battle`)
        continue
      }
      if (used.has(w.id)) {
        c.problems.push(`${where}: the wizards cast once a turn`)
        continue
      }
      used.add(w.id)
      const from = placeHex(st, w.at)!
      const d = distance(from, t.at)
      if (d < R.ranges.magic.min || d > R.ranges.magic.max) {
        c.problems.push(`${where}: the wizards’ spells reach 1 hex; ${tName} is ${d} hexes away (§9.1)`)
        continue
      }
      plan.push({ col: w.kind === 'sea' ? 'seaWizards' : 'fireWizards', who: `the ${w.kind} wizards on ${placeWords(pre, w.at)}`, from: 'ship' in w.at ? w.at.ship : null, target: t, wizardNation: true })
      continue
    }
    const s = st.ships[o.by.ship]
    const ss = pre.ships.get(o.by.ship)
    if (!s || !ss || s.status !== 'afloat') {
      c.problems.push(`${where}: there is no ship "${o.by.ship}" on the map`)
      continue
    }
    if (controller(pre, s) !== side) {
      c.problems.push(`${where}: ${ss.name} is not yours`)
      continue
    }
    const weapon = o.by.weapon
    const k2 = `${s.id}:${weapon}`
    if (used.has(k2)) {
      c.problems.push(`${where}: ${ss.name}’s ${weapon} fires once a turn`)
      continue
    }
    used.add(k2)
    if (weapon === 'ballista' ? !ss.ballista : !ss.catapult) {
      c.problems.push(`${where}: ${ss.name} has no ${weapon}`)
      continue
    }
    if (s.crippled) {
      c.problems.push(`${where}: ${ss.name} is crippled and has lost her ${weapon} (§9.${weapon === 'ballista' ? 2 : 3}.2)`)
      continue
    }
    const rg = weapon === 'ballista' ? R.ranges.ballista : R.ranges.catapult
    const d = distance(s.at, t.at)
    if (d < rg.min || d > rg.max) {
      c.problems.push(`${where}: ${ss.name}’s ${weapon} reaches ${rg.min} to ${rg.max} hexes; ${tName} is ${d} ${d === 1 ? 'hex' : 'hexes'} away`)
      continue
    }
    const los = sightLine(s.at, t.at, blocks)
    if (!los.clear) {
      c.problems.push(`${where}: no line of sight from ${ss.name} to ${tName} (blocked at ${los.blockedBy.map(label).join(', ')})`)
      continue
    }
    plan.push({ col: weapon === 'catapult' ? 'catapult' : ss.ballista === 'spear' ? 'ballistaSpear' : 'ballistaFlaming', who: `${ss.name}’s ${weapon}`, from: s.id, target: t, wizardNation: false })
  }
  if (c.problems.length || !c.dice) return
  const myNation = pre.sideNation[side]
  for (const p of plan) {
    const t = p.target
    const tName = shipName(pre, t.id)
    if (t.status !== 'afloat' || controller(pre, t) !== enemy) {
      ev(c, { kind: 'wasted', text: `${cap(p.who)}: ${tName} is no longer an enemy ship.`, who: [t.id] })
      continue
    }
    const r = roll(c, `${p.who} at ${tName}`)
    const a = attackCalc({ column: p.col, roll: r.face, modifiers: pre.national && p.wizardNation ? { nation: myNation } : {} }, R)
    let eff = 'no effect'
    if (a.result === 'AS') eff = hitMarinesOr(st, t, 'CS')
    else if (a.result === 'M') eff = hitMarinesOr(st, t, 'C')
    else if (a.result === 'F') {
      if (t.fire) {
        t.fire = false
        t.sinking = true
        eff = 'she was already burning and starts sinking'
      } else {
        t.fire = true
        eff = 'she is on fire'
      }
    }
    ev(c, { kind: 'fire', result: a.result, text: `${cap(p.who)} at ${tName}: ${a.total} — ${a.result === '-' ? 'no effect' : `${a.result}, ${eff}`}.`, who: [p.from ?? '', t.id].filter(Boolean), rolls: [r.rec], terms: a.breakdown })
  }
}
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

// ─── Phase: repair (§10) ────────────────────────────────────────────────────────────────────────

function doRepair(c: Ctx): void {
  const { pre, st, side } = c
  if (!c.dice) return
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (s.status !== 'afloat' || controller(pre, s) !== side || (!s.fire && !s.sinking)) continue
    const ss = pre.ships.get(id)!
    const nation = pre.national ? nationOfShip(pre, id) : undefined
    const wasSinking = s.sinking
    if (s.fire) {
      const r = roll(c, `${ss.name} fights the fire`)
      const a = repairCalc({ table: 'fire', roll: r.face, size: ss.size, nation }, pre.rules)
      if (a.result === 'sinking') {
        s.fire = false
        s.sinking = true
      } else if (a.result === 'extinguished') s.fire = false
      const words = a.result === 'sinking' ? (wasSinking ? 'the fire is out of hand: she is sinking' : 'she starts sinking') : a.result === 'burning' ? 'still burning' : 'fire extinguished'
      ev(c, { kind: 'repair', result: a.result, text: `${ss.name} fights the fire: ${a.total} — ${words}.`, who: [id], rolls: [r.rec], terms: a.breakdown })
    }
    if (wasSinking) {
      const r = roll(c, `${ss.name} fights the leaks`)
      const a = repairCalc({ table: 'sinking', roll: r.face, size: ss.size, nation }, pre.rules)
      if (a.result === 'sinks') removeShip(st, id, 'sunk')
      else if (a.result === 'repaired') {
        s.sinking = false
        s.crippled = true
      }
      const words = a.result === 'sinks' ? 'she sinks with every marine aboard' : a.result === 'sinking' ? 'still sinking' : 'repaired: she is crippled'
      ev(c, { kind: 'repair', result: a.result, text: `${ss.name} fights the leaks: ${a.total} — ${words}.`, who: [id], rolls: [r.rec], terms: a.breakdown })
    }
  }
  // §10.3: the phasing player's volley markers come off.
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (s.marineSide === side) s.volley = 0
  }
  for (const l of st.land) if (l.side === side) l.volley = 0
}

// ─── Outcome (§11.4) ────────────────────────────────────────────────────────────────────────────

export function shipsControlled(pre: Pre, st: AtriliaState, side: string): number {
  let n = 0
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (s.status === 'afloat' && controller(pre, s) === side) n++
  }
  return n
}
function marinesOf(st: AtriliaState, side: string): number {
  let n = 0
  for (const id in st.ships) {
    const s = st.ships[id]!
    if (s.status === 'afloat' && s.marineSide === side) n += s.marines
  }
  for (const l of st.land) if (l.side === side) n += l.points
  return n
}
/** Ships of `side`'s nationality sunk or held by the enemy. */
export function shipsLost(pre: Pre, st: AtriliaState, side: string): number {
  let n = 0
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (pre.ships.get(id)!.side !== side) continue
    if (s.status === 'sunk' || (s.status === 'afloat' && controller(pre, s) !== side)) n++
  }
  return n
}
function destroyedAll(pre: Pre, st: AtriliaState, enemy: string): boolean {
  if (shipsControlled(pre, st, enemy) > 0) return false
  for (const id of pre.ids) if (st.ships[id]!.status === 'exited' && st.ships[id]!.exitedSide === enemy) return false
  return marinesOf(st, enemy) === 0
}

export function decide(pre: Pre, st: AtriliaState, endOfTurn: boolean): AtriliaOutcome | null {
  const setup = pre.setup
  const victory = setup.options.victory
  const order = st.player === 0 ? pre.sides : ([pre.sides[1], pre.sides[0]] as const)
  for (const side of order) {
    const enemy = enemyOf(pre, side)
    for (const v of victory) {
      if (v.side !== side) continue
      const met =
        v.kind === 'destroyAll'
          ? destroyedAll(pre, st, enemy)
          : v.kind === 'destroyAllLosingAtMost'
            ? destroyedAll(pre, st, enemy) && shipsLost(pre, st, side) <= v.ships
            : v.kind === 'destroyMarines'
              ? marinesOf(st, enemy) === 0
              : pre.ids.filter((id) => st.ships[id]!.status === 'exited' && st.ships[id]!.exitedSide === side && st.ships[id]!.exitedBy === v.edge).length >= v.ships
      if (met) return { winner: side, reason: `the ${sideName(setup, side)} ${v.kind === 'exit' ? `took ${v.ships === 1 ? 'a ship' : `${v.ships} ships`} off the opposite side` : VICTORY_WORDS[v.kind]}` }
    }
  }
  const a = shipsControlled(pre, st, pre.sides[0])
  const b = shipsControlled(pre, st, pre.sides[1])
  if (a === 0 || b === 0) {
    const left = a > 0 ? pre.sides[0] : b > 0 ? pre.sides[1] : null
    const gone = a === 0 && b === 0 ? 'neither player has a ship left on the map' : `no ship of the ${sideName(setup, a === 0 ? pre.sides[0] : pre.sides[1])} is left on the map`
    return { winner: victory.length ? null : left, reason: gone }
  }
  if (endOfTurn && st.turn > pre.turns) return { winner: null, reason: `the encounter’s ${pre.turns} turns are over` }
  return null
}
// Said after "the <side name>": past tense and no pronoun, so they read right for a side named as a people
// ("the Pheacians") or as one ship ("the Meshuesh large galley").
const VICTORY_WORDS: Record<string, string> = {
  destroyAll: 'destroyed or captured every enemy unit',
  destroyAllLosingAtMost: 'destroyed or captured every enemy unit within the losses allowed',
  destroyMarines: 'destroyed every enemy marine'
}

// ─── The step ───────────────────────────────────────────────────────────────────────────────────

export function stepLabel(setup: AtriliaSetup, st: AtriliaState): string {
  const pre = prep(setup)
  return `Turn ${st.turn} — the ${sideName(setup, pre.sides[st.player])}: ${PHASE_NAMES[st.phase]}`
}

function run(pre: Pre, st: AtriliaState, orders: AtriliaOrders, dice: DiceSource | null, T: boolean): Ctx {
  const c: Ctx = { pre, st, side: phasingSide(pre, st), dice, T, events: [], problems: [] }
  if (st.outcome) {
    c.problems.push(`the battle is over: ${st.outcome.reason}`)
    return c
  }
  if (orders.phase !== st.phase) {
    c.problems.push(`these are orders for ${PHASE_NAMES[orders.phase]}, but the next step is ${PHASE_NAMES[st.phase]}`)
    return c
  }
  applyScuttle(c, orders.scuttle)
  switch (orders.phase) {
    case 'roll':
      doRoll(c)
      break
    case 'move':
      doMove(c, orders)
      break
    case 'marines':
      doMarines(c, orders)
      break
    case 'marineAttacks':
      doMarineAttacks(c, orders)
      break
    case 'otherAttacks':
      doOtherAttacks(c, orders)
      break
    case 'repair':
      doRepair(c)
      break
  }
  return c
}

/** Every problem with the orders of the next step (empty = legal). No dice are rolled. */
export function checkOrders(setup: AtriliaSetup, state: AtriliaState, orders: AtriliaOrders): string[] {
  return run(prep(setup), clone(state), orders, null, false).problems
}

/**
 * Resolve the next step: the phasing player's current phase. Illegal orders throw `IllegalOrders`
 * with every reason before any die is rolled; a `NeedsDice` leaves the input state untouched.
 */
export function resolveStep(
  setup: AtriliaSetup,
  state: AtriliaState,
  orders: AtriliaOrders,
  dice: DiceSource,
  opts?: { trace?: boolean }
): { state: AtriliaState; report: AtriliaReport } {
  const pre = prep(setup)
  const T = opts?.trace !== false
  // With the trace on (the campaign's battles), illegal orders are refused before any die is rolled.
  // The fast path (odds, replay) finds the same problems in the run itself and throws all the same.
  if (T) {
    const pc = run(pre, clone(state), orders, null, false).problems
    if (pc.length) throw new IllegalOrders(pc)
  }
  const st = clone(state)
  const report = stepInPlace(pre, st, orders, dice, T)
  return { state: st, report }
}

/**
 * Resolve the next step on `st` itself (the simulator's fast path: it owns its state). Throws
 * `IllegalOrders` when the orders are illegal (then `st` is half-changed: callers that keep their
 * state use `resolveStep`).
 */
export function stepInPlace(pre: Pre, st: AtriliaState, orders: AtriliaOrders, dice: DiceSource, T: boolean, saveRng = true): AtriliaReport {
  const side = phasingSide(pre, st)
  const turn0 = st.turn
  const player0 = st.player
  const phase0 = st.phase
  const c = run(pre, st, orders, dice, T)
  if (c.problems.length) throw new IllegalOrders(c.problems)
  const report: AtriliaReport = { turn: turn0, player: player0, side, phase: phase0, orders, events: c.events }
  // Advance to the next phase, player, turn.
  st.steps++
  const i = PHASES.indexOf(st.phase)
  let endOfTurn = false
  if (i < PHASES.length - 1) st.phase = PHASES[i + 1]!
  else {
    st.phase = 'roll'
    st.roll = null
    if (st.player === 0) st.player = 1
    else {
      st.player = 0
      st.turn++
      endOfTurn = true
    }
  }
  // The simulator reads the generator's state once at the end of a run (saveRng false).
  if (saveRng) st.rng = dice.rngState().slice()
  st.outcome = decide(pre, st, endOfTurn)
  if (st.outcome && T) report.events.push({ kind: 'end', text: `The battle is over: ${st.outcome.reason}.`, who: [], rolls: [], terms: [] })
  return report
}

export { clone as cloneState }

/** The phase after `phase` for a given player (for the phase bar). */
export function nextPhase(phase: Phase): Phase {
  const i = PHASES.indexOf(phase)
  return PHASES[(i + 1) % PHASES.length]!
}
