import { parseNotation } from '../dice/notation'
import { seedState } from '../dice/rng'
import type { DiceSource } from '../highseas/dice'
import { theSide } from '../words'
import { bearing, distance, edgeDistance, groundingOn, inContact, inIrons, measure, onTable, pointInPolygon, stickLength, stickMove } from './geometry'
import { collision, criticalHit, fate, fightFire, fireTest, hasTrait, weatherChange, type CriticalOptions, type FateCause, type Vessel } from './procedures'
import type { GalleysRules, GalleysTable } from './tables'
import {
  CAUSE_NAMES,
  TERRAIN_NAMES,
  STICK_NAMES,
  STATUS_NAMES,
  type Action,
  type Activation,
  type GalleysEvent,
  type GalleysOrders,
  type GalleysOutcome,
  type GalleysReport,
  type GalleysRoll,
  type GalleysSetup,
  type GalleysState,
  type ShipSetup,
  type ShipState,
  type Stick,
  type Term
} from './types'

/**
 * The Galleys & Galleons table's engine (seed 000 house rules; rules guide §4). Pure: a step is a
 * function of the setup, the state, the orders and the dice; nothing is mutated. A step is one
 * player's turn, or the part of it given so far when its orders do not end the turn (`endTurn`
 * false: the next step is hers again, the activation going on carried in `state.midTurn`, and the
 * start-of-turn procedures are not run again): at the first step of her turn the weather die (the first two players of a turn only, when there are
 * more), then a die for each fire on her ships (any 6 explodes; otherwise one critical at +1), then
 * fire spreading to her ships in contact with a burning one; then the turn's actions in the order
 * the GM gives them — activations (the core book's roll: the GM enters the actions), moves,
 * Knot and Splice, fighting fires, shots and damage with the core book's outcome, collisions,
 * grapples, boardings, strikes and exits — each applied with its procedures.
 *
 * Readings where seed 000 is open are in the README's rule notes; the main ones:
 *  - Fire tests and spreading at the start of a player's turn are for that player's ships.
 *  - A point of damage beyond her hull points is excess damage; excess damage scores one critical
 *    however many hits (seed 000), rolled as excess; a Hull critical's point of damage that is itself
 *    beyond her hull points decides strike or sink by the cause (Sinking).
 *  - A move with a turn costs one action, two after one rudder hit, three after two; none after three.
 */

const D6 = parseNotation('1d6')

export interface Pre {
  setup: GalleysSetup
  rules: GalleysRules
  table: GalleysTable
  size: { width: number; height: number }
  ships: Map<string, ShipSetup>
  ids: string[]
  players: string[]
  turns: number
}

const PRE = new WeakMap<GalleysSetup, Pre>()
export function prep(setup: GalleysSetup): Pre {
  let p = PRE.get(setup)
  if (p) return p
  p = {
    setup,
    rules: setup.rules,
    table: setup.rules.table,
    size: setup.size ?? { width: setup.rules.table.width, height: setup.rules.table.height },
    ships: new Map(setup.ships.map((s) => [s.id, s])),
    ids: setup.ships.map((s) => s.id),
    players: setup.players.map((s) => s.id),
    turns: setup.turns ?? setup.rules.table.turns
  }
  PRE.set(setup, p)
  return p
}

export const hullPoints = (s: ShipSetup): number => s.hullPoints ?? Math.max(1, s.combat)
export const playerName = (setup: GalleysSetup, id: string): string => setup.players.find((p) => p.id === id)?.name ?? id
const nameOf = (pre: Pre, id: string) => pre.ships.get(id)?.name ?? id

/** Her traits now: her setup's, less those she has lost in the game. */
export function traitsOf(pre: Pre, s: ShipState): string[] {
  return pre.ships
    .get(s.id)!
    .traits.map((t) => t.name)
    .filter((t) => !s.lostTraits.some((l) => l.toLowerCase() === t.toLowerCase()))
}
export const vesselOf = (pre: Pre, s: ShipState): Vessel => {
  const def = pre.ships.get(s.id)!
  return { hull: def.hull, propulsion: def.propulsion, traits: traitsOf(pre, s), criticals: s.criticals }
}

export function startBattle(setup: GalleysSetup, seed: number = setup.seed): GalleysState {
  const ships: Record<string, ShipState> = {}
  for (const s of setup.ships) {
    ships[s.id] = {
      id: s.id,
      status: 'afloat',
      at: { ...s.at },
      facing: s.facing,
      hits: 0,
      criticals: { captain: 0, rudder: 0, holed: false, rigging: 0, fires: 0 },
      quality: s.quality,
      lostTraits: [],
      superficial: false,
      high: false,
      submerged: false,
      fixedStick: null,
      lastStick: null
    }
  }
  return { turn: 1, index: 0, order: setup.players.map((p) => p.id), wind: { ...setup.wind }, ships, grapples: [], steps: 0, rng: seedState(seed), outcome: null }
}

export function cloneState(s: GalleysState): GalleysState {
  const ships: Record<string, ShipState> = {}
  for (const id in s.ships) {
    const x = s.ships[id]!
    ships[id] = { ...x, at: { ...x.at }, criticals: { ...x.criticals }, lostTraits: [...x.lostTraits] }
  }
  const out: GalleysState = { ...s, order: [...s.order], wind: { ...s.wind }, ships, grapples: s.grapples.map((g) => [g[0], g[1]] as [string, string]), rng: [...s.rng], outcome: s.outcome ? { ...s.outcome } : null }
  if (s.midTurn) out.midTurn = { act: s.midTurn.act ? { ...s.midTurn.act } : null, activated: activatedSoFar(s) }
  else delete out.midTurn
  return out
}

/**
 * The player's ships activated at the earlier steps of this turn, in order (a state saved before the list
 * was kept knows only the activation going on).
 */
export const activatedSoFar = (st: GalleysState): string[] => (st.midTurn?.activated ? [...st.midTurn.activated] : st.midTurn?.act ? [st.midTurn.act.ship] : [])

/** The activation going on at the start of a step: the one carried over from an earlier step of the same turn. */
export const carriedActivation = (st: GalleysState): Activation | null => (st.midTurn?.act ? { ...st.midTurn.act } : null)

export const activePlayer = (st: GalleysState): string => st.order[st.index]!
export const inPlay = (s: ShipState): boolean => s.status === 'afloat'
/** Still a vessel on the table (afloat or struck): explosions and fire reach her. */
const onTheTable = (s: ShipState): boolean => s.status === 'afloat' || s.status === 'struck'

export const grappledWith = (st: GalleysState, id: string): string[] => st.grapples.filter((g) => g[0] === id || g[1] === id).map((g) => (g[0] === id ? g[1] : g[0]))
const pair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a])
const isGrappled = (st: GalleysState, a: string, b: string) => st.grapples.some((g) => (g[0] === a && g[1] === b) || (g[0] === b && g[1] === a))

/** The rigging criticals that count this activation (Knot and Splice ignores one). */
export const riggingNow = (s: ShipState, act: Activation | null): number => Math.max(0, s.criticals.rigging - (act && act.ship === s.id && act.spliced ? 1 : 0))

/** The stick she actually moves after her rigging (seed 000, Rigging), or null when she cannot move; with the reason. */
export function effectiveStick(pre: Pre, s: ShipState, stick: Stick, act: Activation | null, razee = false): { stick: Stick | null; why: string } {
  const def = pre.ships.get(s.id)!
  const r = riggingNow(s, act)
  const order: (Stick | null)[] = [null, 'short', 'medium', 'long']
  const idx = order.indexOf(stick)
  switch (def.propulsion) {
    case 'sail': {
      if (r >= 3) return { stick: null, why: 'her rigging is shot away (three rigging hits): she cannot move' }
      let got = order[Math.max(0, idx - r)] ?? null
      let why = r ? `${r} rigging hit${r === 1 ? '' : 's'}: ${STICK_NAMES[stick]} becomes ${got ? STICK_NAMES[got] : 'nothing'}` : ''
      if (got === null && razee && hasTrait(traitsOf(pre, s), 'Razee')) {
        got = 'short'
        why += '; Razee: she moves Short'
      }
      return { stick: got, why }
    }
    case 'galley':
      if (r >= 2) return { stick: null, why: 'two rigging hits: a galley cannot move' }
      if (r === 1 && stick !== 'short') return { stick: 'short', why: `a rigging hit: ${STICK_NAMES[stick]} becomes Short` }
      return { stick, why: '' }
    case 'steam':
      if (r >= 2) return { stick: null, why: 'two rigging hits: her engine may no longer move her' }
      if (r === 1 && s.fixedStick && s.fixedStick !== stick) return { stick: null, why: `her speed is fixed at ${STICK_NAMES[s.fixedStick]} (a rigging hit)` }
      return { stick, why: '' }
    case 'unorthodox':
      if (r >= 3) return { stick: null, why: 'three rigging hits: she cannot move' }
      return { stick, why: r ? `${r === 1 ? '−2' : '−4'} to her movement dice (rigging)` : '' }
    case 'ornithopter':
      return { stick, why: '' }
    case 'gyrocopter':
      if (r >= 1 && act && act.ship === s.id && act.moves >= 1) return { stick: null, why: 'a rigging hit: a gyrocopter can only move once per turn' }
      return { stick, why: '' }
  }
}

/** Actions a turn costs her now (seed 000 Rudder hit), or null when she can no longer turn. */
export function turnCost(pre: Pre, s: ShipState): number | null {
  const r = s.criticals.rudder
  if (r >= 3) return null
  return r === 0 ? 1 : pre.rules.criticals.rudderTurnActions[r - 1]!
}

/** Does sailing in irons stop her? Sail only; Sweeps lets her move Short into the wind (house reading). */
export function ironsBlock(pre: Pre, s: ShipState, heading: number, wind: number, stick: Stick | null): boolean {
  const def = pre.ships.get(s.id)!
  if (def.propulsion !== 'sail' || def.hull === 'airship') return false
  if (!inIrons(pre.table, wind, heading)) return false
  return !(stick === 'short' && hasTrait(traitsOf(pre, s), 'Sweeps'))
}

// ─── Context ────────────────────────────────────────────────────────────────────────────────────

interface Ctx {
  pre: Pre
  st: GalleysState
  dice: DiceSource | null
  events: GalleysEvent[]
  act: Activation | null
  /** The ships activated this turn so far (earlier steps, then this one). */
  activated: string[]
  player: string
}

function ev(c: Ctx, kind: string, text: string, who: string[], rolls: GalleysRoll[] = [], terms: Term[] = []) {
  c.events.push({ kind, text, who, rolls, terms })
}
function d6(c: Ctx, purpose: string, rolls: GalleysRoll[]): number {
  const r = c.dice!.roll(D6, purpose)
  const v = r.dice[0]!
  rolls.push({ purpose, dice: [v], total: v, manual: r.manual })
  return v
}

/** She is out of play: sunk, struck, exploded, crashed or gone; her grapples go with her if she is removed. */
function setStatus(c: Ctx, id: string, status: ShipState['status']) {
  const s = c.st.ships[id]!
  s.status = status
  if (status !== 'struck') c.st.grapples = c.st.grapples.filter((g) => g[0] !== id && g[1] !== id)
}

/** One point of damage from a critical (or an explosion): beyond her hull points it decides strike or sink. */
function hullPoint(c: Ctx, id: string, cause: FateCause, doubled: boolean, other: string | null, rolls: GalleysRoll[]): string {
  const s = c.st.ships[id]!
  const def = c.pre.ships.get(id)!
  if (s.hits < hullPoints(def)) {
    s.hits++
    return ` She has ${s.hits} of ${hullPoints(def)} hits.`
  }
  const lowerC = other ? def.combat < c.pre.ships.get(other)!.combat : false
  const roll = cause === 'collision' ? d6(c, `${def.name}: sink or strike after the collision`, rolls) : undefined
  const f = fate(c.pre.rules.collisions, { cause, holed: s.criticals.holed, doubled, roll, lowerC })
  setStatus(c, id, f.fate === 'sink' ? 'sunk' : 'struck')
  return ` It is excess damage: ${f.text}.`
}

/** Roll and apply one critical hit to her. */
function critical(c: Ctx, id: string, opts: CriticalOptions & { cause: FateCause; doubled?: boolean; other?: string | null }): void {
  const s = c.st.ships[id]!
  if (!onTheTable(s)) return
  const def = c.pre.ships.get(id)!
  const rolls: GalleysRoll[] = []
  const red = d6(c, `${def.name}: critical hit, the red die`, rolls)
  const white = d6(c, `${def.name}: critical hit, the white die`, rolls)
  const r = criticalHit(c.pre.rules.criticals, vesselOf(c.pre, s), [red, white], opts)
  s.criticals = r.criticals
  s.quality += r.quality
  for (const t of r.lostTraits) if (!s.lostTraits.includes(t)) s.lostTraits.push(t)
  if (r.effect === 'rigging' && def.propulsion === 'steam' && r.criticals.rigging === 1) s.fixedStick = s.lastStick ?? 'medium'
  if (r.drops) s.high = false
  if (r.noSubmerge) s.submerged = false
  let text = `${def.name}: ${r.text}`
  if (r.damage) text += hullPoint(c, id, opts.cause, !!opts.doubled, opts.other ?? null, rolls)
  if (r.strikes && s.status === 'afloat') setStatus(c, id, 'struck')
  if (r.crashes && onTheTable(s)) {
    setStatus(c, id, 'crashed')
    text += ' She is lost.'
  }
  ev(c, 'critical', text, [id], rolls, r.terms)
  if (r.effect === 'explodes') explode(c, id)
}

/** Seed 000, Explode: removed; vessels within Short catch a Fire critical on a 6; grappled ones a hull hit on ≤ her C. */
function explode(c: Ctx, id: string): void {
  const s = c.st.ships[id]!
  if (s.status === 'exploded') return
  const def = c.pre.ships.get(id)!
  const grappled = grappledWith(c.st, id)
  const at = s.at
  setStatus(c, id, 'exploded')
  ev(c, 'explosion', `${def.name} explodes and is removed from the table.`, [id])
  const t = c.pre.table
  for (const oid of c.pre.ids) {
    const o = c.st.ships[oid]!
    if (oid === id || !onTheTable(o)) continue
    if (edgeDistance(t, at, o.at) > t.short) continue
    const rolls: GalleysRoll[] = []
    const d = d6(c, `${nameOf(c.pre, oid)}: within Short of the explosion`, rolls)
    if (d >= c.pre.rules.fire.explosionFireOn) {
      const w = d6(c, `${nameOf(c.pre, oid)}: the Fire critical's white die`, rolls)
      if (w >= c.pre.rules.criticals.explodesFrom) {
        ev(c, 'explosion', `${nameOf(c.pre, oid)} is within Short: ${d}, a Fire critical — white ${w}: she explodes too!`, [oid, id], rolls)
        explode(c, oid)
        continue
      }
      o.criticals = { ...o.criticals, fires: o.criticals.fires + 1 }
      ev(c, 'explosion', `${nameOf(c.pre, oid)} is within Short: ${d}, a Fire critical — white ${w}: she catches fire.`, [oid, id], rolls)
    } else {
      ev(c, 'explosion', `${nameOf(c.pre, oid)} is within Short: ${d}, no harm (a ${c.pre.rules.fire.explosionFireOn} sets her on fire).`, [oid, id], rolls)
    }
  }
  for (const gid of grappled) {
    const g = c.st.ships[gid]!
    if (!onTheTable(g)) continue
    const rolls: GalleysRoll[] = []
    const d = d6(c, `${nameOf(c.pre, gid)}: grappled to the exploding ship`, rolls)
    if (d <= def.combat) {
      const more = hullPoint(c, gid, 'critical', false, null, rolls)
      ev(c, 'explosion', `${nameOf(c.pre, gid)} was grappled to her: ${d}, ${def.combat} or less (her C): a hull hit.${more}`, [gid, id], rolls)
    } else {
      ev(c, 'explosion', `${nameOf(c.pre, gid)} was grappled to her: ${d}, above her C of ${def.combat}: no hit.`, [gid, id], rolls)
    }
  }
}

/** Damage with the core book's outcome: hits up to her hull points; excess damage scores one critical. */
function damage(c: Ctx, id: string, d: { hits: number; cause: FateCause; doubled: boolean; criticals: number; mutiny?: boolean; other?: string | null; by?: string }): void {
  const s = c.st.ships[id]!
  if (!onTheTable(s)) return
  const def = c.pre.ships.get(id)!
  const cause = d.cause
  if (d.mutiny && d.hits > 0) {
    const rolls: GalleysRoll[] = []
    const m = d6(c, `${def.name}: hits from a Mutiny`, rolls)
    if (m <= 2 && s.criticals.captain === 0) {
      ev(c, 'mutiny', `${def.name} takes hits from a Mutiny: ${m}, 1–2 — a Captain Hit critical instead.`, [id], rolls)
      s.criticals = { ...s.criticals, captain: 1 }
      s.quality += c.pre.rules.criticals.captainQuality
      for (const t of ['Flagship', 'Dread Pirate']) if (hasTrait(traitsOf(c.pre, s), t)) s.lostTraits.push(t)
      return
    }
    ev(c, 'mutiny', `${def.name} takes hits from a Mutiny: ${m}${m <= 2 ? ', but her captain is already dead' : ''} — normal damage.`, [id], rolls)
  }
  const room = Math.max(0, hullPoints(def) - s.hits)
  const taken = Math.min(room, d.hits)
  const excess = d.hits > room
  s.hits += taken
  if (d.hits > 0) {
    ev(
      c,
      'damage',
      `${def.name} takes ${d.hits} hit${d.hits === 1 ? '' : 's'} from ${cause === 'critical' ? 'the blast' : CAUSE_NAMES[cause]}${d.by ? ` (${nameOf(c.pre, d.by)})` : ''}: ` +
        `${s.hits} of ${hullPoints(def)}${excess ? `; ${d.hits - taken} more is excess damage, which scores one critical` : ''}.`,
      [id],
      [],
      [{ label: 'hits', value: d.hits }]
    )
  }
  for (let i = 0; i < d.criticals && onTheTable(s); i++) critical(c, id, { cause, doubled: d.doubled, other: d.other ?? null })
  if (excess && s.status === 'afloat') critical(c, id, { cause, doubled: d.doubled, other: d.other ?? null, excess: true })
}

// ─── Start of a player's turn ───────────────────────────────────────────────────────────────────

function startOfTurn(c: Ctx) {
  const { pre, st } = c
  // Weather Change: the first two players (or groups) to activate in a turn.
  if (st.index < pre.table.weatherPlayers) {
    const rolls: GalleysRoll[] = []
    const faces: number[] = []
    if (st.wind.marker !== 'steady') {
      faces.push(d6(c, 'Weather change', rolls))
      if (faces[0]! >= pre.rules.weather.changeOn) {
        faces.push(d6(c, 'Weather change: how much', rolls))
        faces.push(d6(c, 'Weather change: which way', rolls))
      }
    }
    const w = weatherChange(pre.rules.weather, pre.table, st.wind, faces)
    st.wind = w.wind
    ev(c, 'weather', w.log.join(' '), [], rolls)
  }
  // Fire: a die for each fire on her ships, before any activates.
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (pre.ships.get(id)!.player !== c.player || !inPlay(s) || s.criticals.fires === 0) continue
    const rolls: GalleysRoll[] = []
    const faces = Array.from({ length: s.criticals.fires }, (_, i) => d6(c, `${nameOf(pre, id)}: fire ${i + 1}`, rolls))
    const t = fireTest(pre.rules.fire, s.criticals.fires, faces)
    ev(c, 'fire', `${nameOf(pre, id)}: ${t.text}`, [id], rolls)
    if (t.explodes) explode(c, id)
    else critical(c, id, { cause: 'critical', fireRoll: true })
  }
  // Fire spreading to her ships in contact with a ship on fire now (one that catches fire in this test spreads it from the next).
  const onFire = pre.ids.filter((o) => onTheTable(st.ships[o]!) && st.ships[o]!.criticals.fires > 0)
  for (const id of pre.ids) {
    const s = st.ships[id]!
    if (pre.ships.get(id)!.player !== c.player || !inPlay(s) || s.criticals.fires > 0) continue
    const burning = onFire.filter((o) => o !== id && onTheTable(st.ships[o]!))
    const grappled = burning.find((o) => isGrappled(st, id, o))
    if (grappled) {
      s.criticals = { ...s.criticals, fires: 1 }
      ev(c, 'fire', `${nameOf(pre, id)} is grappled to the burning ${nameOf(pre, grappled)}: she catches fire.`, [id, grappled])
      continue
    }
    const touching = burning.find((o) => inContact(pre.table, s.at, st.ships[o]!.at))
    if (touching) {
      const rolls: GalleysRoll[] = []
      const d = d6(c, `${nameOf(pre, id)}: in contact with a burning ship`, rolls)
      const caught = d <= pre.rules.fire.contactUpTo
      if (caught) s.criticals = { ...s.criticals, fires: 1 }
      ev(c, 'fire', `${nameOf(pre, id)} is in contact with the burning ${nameOf(pre, touching)}: ${d}, ${caught ? 'she catches fire' : 'no fire'} (1–${pre.rules.fire.contactUpTo} catches).`, [id, touching], rolls)
    }
  }
}

// ─── Actions ────────────────────────────────────────────────────────────────────────────────────

const ACTION_SHIPS = (a: Action): string[] => {
  switch (a.kind) {
    case 'shoot':
    case 'board':
      return [a.ship, a.target]
    case 'collide':
    case 'grapple':
    case 'ungrapple':
      return [a.ship, a.other]
    case 'fightFire':
      return a.cutGrapplesWith ? [a.ship, a.cutGrapplesWith] : [a.ship]
    default:
      return [a.ship]
  }
}

const NEEDS_ACTIVATION = new Set(['move', 'place', 'knotAndSplice', 'fightFire', 'shoot'])
const ACTION_NAMES: Record<Action['kind'], string> = {
  activate: 'an activation',
  move: 'a move',
  place: 'a move',
  knotAndSplice: 'Knot and Splice',
  fightFire: 'fighting a fire',
  shoot: 'a shot',
  damage: 'damage',
  collide: 'a collision',
  grapple: 'a grapple',
  ungrapple: 'cutting grapples',
  board: 'a boarding',
  strike: 'striking',
  exit: 'leaving the table',
  altitude: 'changing altitude',
  submerge: 'submerging or surfacing'
}

/** Every problem with one action in this state (empty: it may be applied). */
function problems(c: Ctx, a: Action): string[] {
  const { pre, st } = c
  const out: string[] = []
  for (const id of ACTION_SHIPS(a)) if (!pre.ships.has(id)) out.push(`there is no ship "${id}" in this battle`)
  if (out.length) return out
  const s = st.ships[a.ship]!
  const def = pre.ships.get(a.ship)!
  const name = def.name
  const own = def.player === c.player
  const needsOwn = NEEDS_ACTIVATION.has(a.kind) || a.kind === 'activate' || a.kind === 'exit' || a.kind === 'altitude' || a.kind === 'submerge'
  if (needsOwn && !own) out.push(`${name} is not ${playerName(pre.setup, c.player)}'s ship: ${ACTION_NAMES[a.kind]} is for the player whose turn it is`)
  if (a.kind !== 'strike' && a.kind !== 'damage' && !inPlay(s)) out.push(`${name} has ${STATUS_NAMES[s.status]}`)
  else if (a.kind === 'damage' && !onTheTable(s)) out.push(`${name} has ${STATUS_NAMES[s.status]}`)
  else if (a.kind === 'strike' && !inPlay(s)) out.push(`${name} has already ${STATUS_NAMES[s.status]}`)
  if (out.length) return out
  if (NEEDS_ACTIVATION.has(a.kind)) {
    if (!c.act || c.act.ship !== a.ship) return [`${name} has not been activated: give her activation (the actions she rolled) first`]
    const burning = s.criticals.fires > 0
    if (burning && a.kind !== 'fightFire') return [`${name} is on fire: all her actions must be spent fighting it (seed 000, Fire)`]
    if (c.act.fighting) return [`${name} has spent her activation fighting a fire`]
  }
  const left = c.act ? c.act.actions - c.act.used : 0
  const t = pre.table
  switch (a.kind) {
    case 'activate':
      if (c.act?.ship === a.ship) out.push(`${name} is already activated this turn`)
      break
    case 'move': {
      if (grappledWith(st, a.ship).length) out.push(`${name} is grappled: cut the grapples first`)
      let cost = 1
      if (a.turn !== 0) {
        const tc = turnCost(pre, s)
        if (tc === null) out.push(`${name}'s rudder is shot away (three rudder hits): she can no longer turn`)
        else cost = tc
      }
      if (cost > left) out.push(`${name} has ${left} action${left === 1 ? '' : 's'} left, and this move costs ${cost}${a.turn !== 0 && cost > 1 ? ' (her rudder is hit)' : ''}`)
      const eff = effectiveStick(pre, s, a.stick, c.act, a.razee)
      if (a.razee && !(def.propulsion === 'sail' && hasTrait(traitsOf(pre, s), 'Razee'))) out.push(`${name} cannot use Razee (she has not got it${s.lostTraits.includes('Razee') ? ' any more: two rigging hits' : ''})`)
      if (eff.stick === null) out.push(`${name} cannot move ${STICK_NAMES[a.stick]}: ${eff.why}`)
      else {
        const end = stickMove(t, s.at, s.facing, eff.stick, a.turn)
        if (ironsBlock(pre, s, end.facing, st.wind.direction, eff.stick)) out.push(`${name} would be sailing into the wind (in irons) heading ${Math.round(end.facing)}°`)
        if (!onTable(pre.size, end.at)) out.push(`${name} would leave the table: move her into an exit zone and order her exit instead`)
        const g = groundingOn(pre.setup.terrain, s.at, end.at)
        if (g && def.hull !== 'airship') out.push(`${name} would run aground on ${g.name || `the ${TERRAIN_NAMES[g.kind]}`}: enter it as damage from running aground instead`)
      }
      break
    }
    case 'place': {
      if (grappledWith(st, a.ship).length) out.push(`${name} is grappled: cut the grapples first`)
      if (left < 1) out.push(`${name} has no actions left`)
      const d = distance(s.at, a.at)
      if (d > t.long + 1e-6) out.push(`${name} can move at most Long (${t.long} mm) in one action; this is ${Math.round(d)} mm`)
      if (!onTable(pre.size, a.at)) out.push(`${name} would be off the table`)
      const g = groundingOn(pre.setup.terrain, s.at, a.at)
      if (g && def.hull !== 'airship') out.push(`${name} would run aground on ${g.name || `the ${TERRAIN_NAMES[g.kind]}`}: enter it as damage from running aground instead`)
      break
    }
    case 'knotAndSplice':
      if (left < 1) out.push(`${name} has no actions left`)
      if (c.act!.spliced) out.push(`${name} has already made a Knot and Splice this activation (it ignores one rigging critical)`)
      if (s.criticals.rigging === 0) out.push(`${name} has no rigging critical to splice`)
      break
    case 'fightFire':
      if (s.criticals.fires === 0) out.push(`${name} is not on fire`)
      if (c.act!.used > 0) out.push(`${name} must spend her whole activation fighting the fire`)
      if (a.cutGrapplesWith) {
        if (!isGrappled(st, a.ship, a.cutGrapplesWith)) out.push(`${name} is not grappled to ${nameOf(pre, a.cutGrapplesWith)}`)
        if (c.act!.actions < pre.rules.fire.cutGrapplesAt) out.push(`${name} cuts grapples while fighting a fire only with ${pre.rules.fire.cutGrapplesAt} actions or more`)
      }
      break
    case 'shoot': {
      const free = a.weapon === 'smallArms' && hasTrait(traitsOf(pre, s), 'Marksmen')
      if (!free && left < 1) out.push(`${name} has no actions left`)
      if (a.target === a.ship) out.push(`${name} cannot shoot at herself`)
      else if (!onTheTable(st.ships[a.target]!)) out.push(`${nameOf(pre, a.target)} has ${STATUS_NAMES[st.ships[a.target]!.status]}`)
      if (!a.beat && (a.hits > 0 || a.criticals > 0 || a.odd)) out.push('a shot that did not beat the target’s score does no damage and places no marker')
      if (a.beat && a.odd && (a.hits > 0 || a.criticals > 0)) out.push('a winning odd score does no damage: it places the superficial damage marker (seed 000, Superficial Damage)')
      break
    }
    case 'damage':
      if (a.hits === 0 && a.criticals === 0) out.push('give the hits or criticals she takes')
      if (a.mutiny && a.hits === 0) out.push('hits from a Mutiny need at least one hit')
      break
    case 'collide':
    case 'grapple':
      if (a.other === a.ship) out.push(`${name} cannot ${a.kind === 'collide' ? 'collide with' : 'grapple'} herself`)
      else if (!onTheTable(st.ships[a.other]!)) out.push(`${nameOf(pre, a.other)} has ${STATUS_NAMES[st.ships[a.other]!.status]}`)
      else if (a.kind === 'grapple') {
        if (isGrappled(st, a.ship, a.other)) out.push(`${name} is already grappled to ${nameOf(pre, a.other)}`)
        if (!inContact(t, s.at, st.ships[a.other]!.at)) out.push(`${name} is not in contact with ${nameOf(pre, a.other)} (their bases must touch)`)
      }
      break
    case 'ungrapple':
      if (!isGrappled(st, a.ship, a.other)) out.push(`${name} is not grappled to ${nameOf(pre, a.other)}`)
      break
    case 'board':
      if (!isGrappled(st, a.ship, a.target)) out.push(`${name} must be grappled to ${nameOf(pre, a.target)} to board her`)
      else if (!inPlay(st.ships[a.target]!)) out.push(`${nameOf(pre, a.target)} has ${STATUS_NAMES[st.ships[a.target]!.status]}`)
      break
    case 'exit': {
      const zone = pre.setup.terrain.find((z) => z.kind === 'exit' && (z.player === null || z.player === def.player) && pointInPolygon(s.at, z.points))
      if (!zone) out.push(`${name} is not in an exit zone open to her side`)
      break
    }
    case 'altitude': {
      const flies = def.hull === 'airship' || def.propulsion === 'ornithopter'
      if (!flies) out.push(`${name} does not fly (only airships and ornithopters change altitude)`)
      else if (a.high && def.hull === 'airship' && s.criticals.holed) out.push(`${name} is holed: an airship can no longer ascend to high altitude`)
      else if (a.high && def.propulsion === 'ornithopter' && s.criticals.rigging >= 1) out.push(`${name} has a rigging hit: an ornithopter cannot go to high altitude`)
      break
    }
    case 'submerge':
      if (def.hull !== 'submersible') out.push(`${name} is not a submersible`)
      else if (a.submerged && s.criticals.holed) out.push(`${name} is holed: she can no longer submerge`)
      break
    case 'strike':
      break
  }
  return out
}

/** Apply one action (its problems already checked). Dice-driven parts need `c.dice`; without dice (the check) they are skipped. */
function apply(c: Ctx, a: Action): void {
  const { pre, st } = c
  const s = st.ships[a.ship]!
  const def = pre.ships.get(a.ship)!
  const name = def.name
  switch (a.kind) {
    case 'activate':
      c.act = { ship: a.ship, actions: a.actions, used: 0, spliced: false, moves: 0, fighting: false }
      c.activated.push(a.ship)
      ev(c, 'activate', `${name} activates with ${a.actions} action${a.actions === 1 ? '' : 's'} (Q${s.quality}).`, [a.ship])
      return
    case 'move': {
      const eff = effectiveStick(pre, s, a.stick, c.act, a.razee)
      const cost = a.turn !== 0 ? turnCost(pre, s)! : 1
      const end = stickMove(pre.table, s.at, s.facing, eff.stick!, a.turn)
      c.act!.used += cost
      c.act!.moves++
      s.at = end.at
      s.facing = end.facing
      s.lastStick = eff.stick
      ev(
        c,
        'move',
        `${name} ${a.turn ? `turns ${Math.abs(a.turn)}° to ${a.turn > 0 ? 'starboard' : 'port'} and ` : ''}moves ${STICK_NAMES[eff.stick!]}` +
          `${eff.why ? ` (${eff.why})` : ''}${cost > 1 ? `, ${cost} actions (rudder hit)` : ''}.`,
        [a.ship],
        [],
        [{ label: `${STICK_NAMES[eff.stick!]} stick, mm`, value: stickLength(pre.table, eff.stick!) }]
      )
      return
    }
    case 'place': {
      const m = measure(pre.table, s.at, a.at)
      c.act!.used += 1
      c.act!.moves++
      s.at = { ...a.at }
      s.facing = a.facing
      ev(c, 'move', `${name} moves ${m.words}, now heading ${Math.round(a.facing)}°.`, [a.ship], [], [{ label: 'distance, mm', value: m.mm }])
      return
    }
    case 'knotAndSplice':
      c.act!.used += 1
      c.act!.spliced = true
      ev(c, 'knotAndSplice', `${name}: Knot and Splice — she ignores one rigging critical for the rest of this activation.`, [a.ship])
      return
    case 'fightFire': {
      c.act!.fighting = true
      c.act!.used = c.act!.actions
      if (!c.dice) return
      const rolls: GalleysRoll[] = []
      const faces = c.act!.actions > 0 && c.act!.actions < pre.rules.fire.automaticAt ? [d6(c, `${name}: fighting the fire`, rolls)] : []
      const r = fightFire(pre.rules.fire, c.act!.actions, faces)
      if (r.out) s.criticals = { ...s.criticals, fires: s.criticals.fires - 1 }
      let text = `${name}: ${r.text}`
      if (a.cutGrapplesWith) {
        st.grapples = st.grapples.filter((g) => !(g.includes(a.ship) && g.includes(a.cutGrapplesWith!)))
        text += ` She cuts her grapples to ${nameOf(pre, a.cutGrapplesWith)} (free).`
      }
      ev(c, 'fightFire', text, [a.ship], rolls)
      return
    }
    case 'shoot': {
      const free = a.weapon === 'smallArms' && hasTrait(traitsOf(pre, s), 'Marksmen')
      if (!free) c.act!.used += 1
      const target = st.ships[a.target]!
      const tn = nameOf(pre, a.target)
      const terms: Term[] = []
      let text = `${name} fires ${a.weapon === 'smallArms' ? 'small arms' : 'her guns'}${free ? ' (Marksmen: a free small arms shot)' : ''} at ${tn} — ${measure(pre.table, s.at, target.at).words}`
      if (target.superficial) {
        target.superficial = false
        terms.push({ label: 'superficial damage marker removed', value: 1 })
        text += `; the superficial damage marker on ${tn} is removed and gives her +1`
      }
      if (!a.beat) text += ': no damage.'
      else if (a.odd) {
        target.superficial = true
        text += `: a winning odd score — no damage, a superficial damage marker on ${tn}.`
      } else text += `: ${a.hits} hit${a.hits === 1 ? '' : 's'}${a.doubled ? ', doubled' : ''}${a.criticals ? `, ${a.criticals} critical${a.criticals === 1 ? '' : 's'}` : ''}.`
      ev(c, 'shot', text, [a.ship, a.target], [], terms)
      if (c.dice && a.beat && !a.odd) damage(c, a.target, { hits: a.hits, cause: a.weapon, doubled: a.doubled, criticals: a.criticals, by: a.ship })
      return
    }
    case 'damage':
      if (c.dice) damage(c, a.ship, { hits: a.hits, cause: a.cause, doubled: a.doubled, criticals: a.criticals, mutiny: a.mutiny })
      return
    case 'collide': {
      if (!c.dice) return
      const other = pre.ships.get(a.other)!
      ev(c, 'collision', `${name} and ${other.name} collide.`, [a.ship, a.other])
      for (const [subj, obj] of [
        [def, other],
        [other, def]
      ] as const) {
        if (!onTheTable(st.ships[subj.id]!)) continue
        const rolls: GalleysRoll[] = []
        const roll = d6(c, `${subj.name}: collision`, rolls)
        const r = collision(pre.rules.collisions, {
          roll,
          reinforcedHull: hasTrait(traitsOf(pre, st.ships[subj.id]!), 'Reinforced Hull'),
          againstBoats: obj.boat,
          againstLowerC: !obj.boat && obj.combat < subj.combat
        })
        ev(c, 'collision', `${subj.name}: collision total ${r.total} — ${r.result === 'significant' ? 'Significant' : r.result === 'hull' ? 'Hull' : 'Superficial'} (${r.hits} damage).`, [subj.id, obj.id], rolls, r.terms)
        if (r.hits > 0) damage(c, subj.id, { hits: r.hits, cause: 'collision', doubled: false, criticals: 0, other: obj.id })
      }
      return
    }
    case 'grapple':
      st.grapples.push(pair(a.ship, a.other))
      ev(c, 'grapple', `${name} grapples ${nameOf(pre, a.other)}.`, [a.ship, a.other])
      return
    case 'ungrapple':
      st.grapples = st.grapples.filter((g) => !(g.includes(a.ship) && g.includes(a.other)))
      ev(c, 'grapple', `${name} cuts her grapples to ${nameOf(pre, a.other)}.`, [a.ship, a.other])
      return
    case 'board': {
      const loser = a.struck === 'target' ? a.target : a.struck === 'ship' ? a.ship : null
      if (loser) setStatus(c, loser, 'struck')
      ev(c, 'boarding', `${name} boards ${nameOf(pre, a.target)}: ${loser ? `${nameOf(pre, loser)} strikes (boarding: strike).` : 'no result yet.'}`, [a.ship, a.target])
      return
    }
    case 'strike':
      setStatus(c, a.ship, 'struck')
      ev(c, 'strike', `${name} strikes her colours.`, [a.ship])
      return
    case 'exit':
      setStatus(c, a.ship, 'exited')
      ev(c, 'exit', `${name} leaves the table through the exit zone.`, [a.ship])
      return
    case 'altitude':
      s.high = a.high
      ev(c, 'altitude', `${name} ${a.high ? 'climbs to high altitude' : 'drops to sea level'}.`, [a.ship])
      return
    case 'submerge':
      s.submerged = a.submerged
      ev(c, 'altitude', `${name} ${a.submerged ? 'submerges' : 'surfaces'}.`, [a.ship])
      return
  }
}

// ─── Checking and resolving a step ──────────────────────────────────────────────────────────────

function orderProblems(pre: Pre, st: GalleysState, orders: GalleysOrders): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = []
  if (orders.order) {
    if (st.index !== 0 || st.midTurn) out.push({ path: ['order'], message: 'the turn order is set only before the first player of a turn' })
    const given = [...orders.order].sort()
    const all = [...pre.players].sort()
    if (given.length !== all.length || given.some((g, i) => g !== all[i])) out.push({ path: ['order'], message: `the turn order must name every player once (${pre.setup.players.map((p) => p.name).join(', ')})` })
  }
  // A step that neither ends the turn nor does anything: only the first (its start-of-turn procedures) may.
  if (!orders.endTurn && st.midTurn && orders.actions.length === 0) out.push({ path: ['endTurn'], message: 'give an action, or end the turn' })
  return out
}

/** The orders played without dice (what the check sees): every problem, the state and the activation after them. */
export function dryRun(setup: GalleysSetup, state: GalleysState, orders: GalleysOrders): { problems: { path: (string | number)[]; message: string }[]; state: GalleysState; act: Activation | null } {
  const pre = prep(setup)
  if (state.outcome) return { problems: [{ path: [], message: 'the battle is over' }], state, act: null }
  const out = orderProblems(pre, state, orders)
  const st = cloneState(state)
  // A refused turn order is listed, and the actions are checked in the order that stands.
  if (orders.order && !out.length) st.order = [...orders.order]
  const c: Ctx = { pre, st, dice: null, events: [], act: carriedActivation(st), activated: activatedSoFar(st), player: activePlayer(st) }
  orders.actions.forEach((a, i) => {
    const p = problems(c, a)
    for (const m of p) out.push({ path: ['actions', i], message: `action ${i + 1}: ${m}` })
    if (!p.length) apply(c, a)
  })
  return { problems: out, state: st, act: c.act }
}

/** Every problem with these orders (empty = legal). Never throws. */
export function checkOrders(setup: GalleysSetup, state: GalleysState, orders: GalleysOrders): { path: (string | number)[]; message: string }[] {
  return dryRun(setup, state, orders).problems
}

export class IllegalOrders extends Error {
  constructor(readonly problems: { path: (string | number)[]; message: string }[]) {
    super(problems.map((p) => p.message).join('; '))
  }
}

/** Resolve one player's turn. The input state is never mutated. */
export function resolveStep(setup: GalleysSetup, state: GalleysState, orders: GalleysOrders, dice: DiceSource): { state: GalleysState; report: GalleysReport } {
  const pre = prep(setup)
  const bad = checkOrders(setup, state, orders)
  if (bad.length) throw new IllegalOrders(bad)
  const st = cloneState(state)
  if (orders.order) st.order = [...orders.order]
  const player = activePlayer(st)
  const c: Ctx = { pre, st, dice, events: [], act: carriedActivation(st), activated: activatedSoFar(st), player }
  // Seed 000 Weather Change and Fire: once, at the first step of the player's turn.
  if (!st.midTurn) startOfTurn(c)
  for (const a of orders.actions) {
    const p = problems(c, a)
    if (p.length) {
      // Only the dice can make a checked action impossible (a ship that exploded, struck or crashed).
      ev(c, 'skipped', `Not done — ${p[0]}.`, ACTION_SHIPS(a).filter((id) => pre.ships.has(id)))
      continue
    }
    apply(c, a)
  }
  const report: GalleysReport = { turn: st.turn, player, orders, events: c.events }
  st.steps++
  if (orders.endTurn) {
    delete st.midTurn
    st.index++
    if (st.index >= st.order.length) {
      st.index = 0
      st.turn++
    }
  } else st.midTurn = { act: c.act ? { ...c.act } : null, activated: [...c.activated] }
  st.rng = [...dice.rngState()]
  st.outcome = outcomeOf(pre, st)
  return { state: st, report }
}

/** Each player's tally (house default): the points (or, with no points given, the number) of enemy ships struck, sunk, exploded or crashed, and of her own ships that left by an exit. */
export function tallies(pre: Pre, st: GalleysState): Record<string, number> {
  const t: Record<string, number> = Object.fromEntries(pre.players.map((p) => [p, 0]))
  // By points; a scenario that gives no points (Scilly Privateers) counts ships.
  const byPoints = pre.setup.ships.some((s) => s.points > 0)
  for (const id of pre.ids) {
    const s = st.ships[id]!
    const def = pre.ships.get(id)!
    const v = byPoints ? def.points : 1
    if (s.status === 'exited') t[def.player]! += v
    else if (s.status !== 'afloat') for (const p of pre.players) if (p !== def.player) t[p]! += v
  }
  return t
}

export function outcomeOf(pre: Pre, st: GalleysState): GalleysOutcome | null {
  const live = new Set(pre.ids.filter((id) => inPlay(st.ships[id]!)).map((id) => pre.ships.get(id)!.player))
  const timeUp = st.turn > pre.turns
  if (live.size > 1 && !timeUp) return null
  const t = tallies(pre, st)
  const best = Math.max(...Object.values(t))
  const top = pre.players.filter((p) => t[p] === best)
  const unit = pre.setup.ships.some((s) => s.points > 0) ? 'points' : 'ships'
  const words = pre.setup.players.map((p) => `${p.name} ${t[p.id]} ${t[p.id] === 1 ? unit.slice(0, -1) : unit}`).join(', ')
  // The reason in words that name each player once where they can ("the Privateers", as the page's "The Privateers won"),
  // with no verb that must agree with a side's name ("the squadron", "the Privateers", "a lightly armed Vendel Frigate").
  const last = live.size === 1 ? [...live][0]! : null
  const why = last !== null ? `the only ships still fighting belong to ${theSide(playerName(pre.setup, last))}` : timeUp ? `the last of ${pre.turns} turns is played` : 'no ship is still fighting'
  if (top.length === 1 && best > 0) {
    const won = top[0] === last ? 'who won on the tally' : `${last !== null ? 'but' : 'and'} ${theSide(playerName(pre.setup, top[0]!))} won on the tally`
    return { winner: top[0]!, reason: `${why}, ${won} (${words})` }
  }
  return { winner: null, reason: `${why}: a draw on the tally (${words})` }
}

/** The nearest enemy afloat to her, and how far. */
export function nearestEnemy(pre: Pre, st: GalleysState, id: string): { id: string; mm: number; bearing: number } | null {
  const s = st.ships[id]!
  const me = pre.ships.get(id)!.player
  let best: { id: string; mm: number; bearing: number } | null = null
  for (const o of pre.ids) {
    const x = st.ships[o]!
    if (!inPlay(x) || pre.ships.get(o)!.player === me) continue
    const mm = distance(s.at, x.at)
    if (!best || mm < best.mm) best = { id: o, mm, bearing: bearing(s.at, x.at) }
  }
  return best
}
