/** Words the Galleys & Galleons battle page shows (seed 000 house rules): actions, ships, players, the turn bar. */
import { activePlayer, hullPoints, prep, riggingNow } from '../../../../shared/galleys/engine'
import { traitInfo } from '../../../../shared/galleys/traits'
import { sentence, theSide } from '../../../../shared/words'
import { playerColour as tableColour } from './tableDrawing'
import {
  CAUSE_NAMES,
  HULL_NAMES,
  PROPULSION_NAMES,
  STATUS_NAMES,
  STICK_NAMES,
  TERRAIN_NAMES,
  type Action,
  type ActionInput,
  type GalleysSetup,
  type GalleysState
} from '../../../../shared/galleys/types'

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`

export const shipName = (setup: GalleysSetup, id: string): string => setup.ships.find((s) => s.id === id)?.name ?? 'a ship'
export const playerName = (setup: GalleysSetup, id: string | null): string => setup.players.find((p) => p.id === id)?.name ?? 'nobody'
/**
 * A player's name inside a sentence: "the English"; a name that has its own article ("The squadron", "A lightly
 * armed Vendel Frigate", as a campaign encounter's players are named) keeps it, in lower case.
 */
export function thePlayer(setup: GalleysSetup, id: string | null): string {
  return theName(playerName(setup, id))
}
export const theName = theSide
/** A player's colour, as the table draws her ships. */
export const playerColour = (setup: GalleysSetup, id: string | null): string => tableColour(setup.players, id ?? '')

/** "The Privateers’", "The Dutch’s": a player's name as the owner of a turn. */
export const possessive = (name: string): string => {
  // A name that brings its own article or possessive ("The squadron", "Our side", "Le Roi") keeps it.
  const base = theSide(name)
  return `${base.charAt(0).toUpperCase()}${base.slice(1)}${name.endsWith('s') ? '’' : '’s'}`
}

/** An action in the GM's words ("Gallant moves Medium, turning 30° to starboard"). */
export function actionWords(setup: GalleysSetup, a: Action | ActionInput): string {
  const n = (id: string) => shipName(setup, id)
  switch (a.kind) {
    case 'activate':
      return `${n(a.ship)} activates with ${plural(a.actions, 'action')}`
    case 'move': {
      const t = a.turn ?? 0
      return `${n(a.ship)} moves ${STICK_NAMES[a.stick]}${t ? `, turning ${Math.abs(t)}° to ${t > 0 ? 'starboard' : 'port'}` : ''}${a.razee ? ' (Razee)' : ''}`
    }
    case 'place':
      return `${n(a.ship)} is moved by hand, heading ${Math.round(a.facing)}°`
    case 'knotAndSplice':
      return `${n(a.ship)}: Knot and Splice`
    case 'fightFire':
      return `${n(a.ship)} fights a fire${a.cutGrapplesWith ? ` and cuts her grapples to ${n(a.cutGrapplesWith)}` : ''}`
    case 'shoot': {
      const w = a.weapon === 'smallArms' ? 'small arms' : 'her guns'
      const res = !a.beat ? 'did not beat her score' : a.odd ? 'a winning odd score' : `${plural(a.hits ?? 0, 'hit')}${a.doubled ? ', doubled' : ''}${a.criticals ? `, ${plural(a.criticals, 'critical')}` : ''}`
      return `${n(a.ship)} fires ${w} at ${n(a.target)}: ${res}`
    }
    case 'damage':
      return `${n(a.ship)} takes ${plural(a.hits, 'hit')}${a.criticals ? ` and ${plural(a.criticals, 'critical')}` : ''} from ${a.mutiny ? 'a Mutiny' : CAUSE_NAMES[a.cause]}`
    case 'collide':
      return `${n(a.ship)} collides with ${n(a.other)}`
    case 'grapple':
      return `${n(a.ship)} grapples ${n(a.other)}`
    case 'ungrapple':
      return `${n(a.ship)} cuts her grapples to ${n(a.other)}`
    case 'board':
      return `${n(a.ship)} boards ${n(a.target)}: ${a.struck === 'none' ? 'no result' : `${n(a.struck === 'target' ? a.target : a.ship)} strikes`}`
    case 'strike':
      return `${n(a.ship)} strikes her colours`
    case 'exit':
      return `${n(a.ship)} leaves the table`
    case 'altitude':
      return `${n(a.ship)} ${a.high ? 'climbs to high altitude' : 'drops to sea level'}`
    case 'submerge':
      return `${n(a.ship)} ${a.submerged ? 'submerges' : 'surfaces'}`
  }
}

/**
 * Does adding this action roll dice? Then the page resolves the step at once ("undo a move until a die
 * is rolled"): a shot with hits or criticals, damage, a collision, fighting a fire (its die; a fire or
 * explosion may follow). Moves, placing, activations, Knot and Splice, grapples, boarding results,
 * striking, exits and altitude roll none: they stay saved, and may be taken back one by one.
 */
export function rollsDice(a: Action | ActionInput): boolean {
  switch (a.kind) {
    case 'shoot':
      return !!a.beat && !a.odd && ((a.hits ?? 0) > 0 || (a.criticals ?? 0) > 0)
    case 'damage':
    case 'collide':
    case 'fightFire':
      return true
    default:
      return false
  }
}

/** What the start of this player's turn does (the turn bar before it begins). */
export function startWords(setup: GalleysSetup, state: GalleysState): string {
  const pre = prep(setup)
  const player = activePlayer(state)
  const bits: string[] = []
  if (state.index < setup.rules.table.weatherPlayers) bits.push(state.wind.marker === 'steady' ? 'Weather change (steady: no roll)' : 'Weather change roll')
  const fires = pre.ids.filter((id) => pre.ships.get(id)!.player === player && state.ships[id]!.status === 'afloat' && state.ships[id]!.criticals.fires > 0)
  if (fires.length) bits.push(`fire on ${fires.map((id) => shipName(setup, id)).join(', ')}`)
  return bits.length ? bits.join(' · ') : 'Start of the turn'
}

export interface CardLine {
  label: string
  value: string
}
/** A ship's card: her numbers and her state in words. */
export function shipCard(setup: GalleysSetup, state: GalleysState, id: string): { lines: CardLine[]; traits: { name: string; note: string; lost: boolean }[] } {
  const def = setup.ships.find((s) => s.id === id)!
  const s = state.ships[id]!
  const c = s.criticals
  const act = state.midTurn?.act ?? null
  const grapples = state.grapples.filter((g) => g.includes(id)).map((g) => shipName(setup, g[0] === id ? g[1] : g[0]))
  const crit: string[] = []
  if (c.captain) crit.push(c.captain === 1 ? 'captain killed' : `captain killed, ${plural(c.captain - 1, 'later captain hit')}`)
  if (c.rudder) crit.push(plural(c.rudder, 'rudder hit'))
  if (c.holed) crit.push('holed')
  if (c.rigging) crit.push(`${plural(c.rigging, 'rigging hit')}${riggingNow(s, act) < c.rigging ? ' (one spliced)' : ''}`)
  const lines: CardLine[] = [
    { label: 'Player', value: playerName(setup, def.player) },
    { label: 'Points', value: String(def.points) },
    { label: 'Quality', value: s.quality !== def.quality ? `${s.quality} (was ${def.quality})` : String(def.quality) },
    { label: 'Combat', value: String(def.combat) },
    { label: 'Hull', value: `${HULL_NAMES[def.hull]}${def.boat ? ', a boat' : ''}` },
    { label: 'Propulsion', value: PROPULSION_NAMES[def.propulsion] + (s.fixedStick ? `, speed fixed at ${STICK_NAMES[s.fixedStick]}` : '') },
    { label: 'Hits', value: `${s.hits} of ${hullPoints(def)}` },
    { label: 'Criticals', value: crit.length ? crit.join(', ') : 'none' },
    { label: 'Fires', value: c.fires ? String(c.fires) : 'none' },
    { label: 'Superficial damage', value: s.superficial ? 'marker on her' : 'no marker' },
    { label: 'Grappled to', value: grapples.length ? grapples.join(', ') : 'nobody' },
    { label: 'Status', value: STATUS_NAMES[s.status] + (s.high ? ', high altitude' : '') + (s.submerged ? ', submerged' : '') }
  ]
  const traits = def.traits.map((t) => ({ name: t.name, note: t.note || traitInfo(t.name)?.note || '', lost: s.lostTraits.some((l) => l.toLowerCase() === t.name.toLowerCase()) }))
  return { lines, traits }
}

/** A refusal of the door, field by field: the field of the action being added ('' for the action as a whole), or 'order', or 'general'. */
export type FieldErrors = Record<string, string>

/** The door's issues placed at the fields of the action being added (index), the turn order, or in general. */
export function fieldErrors(message: string, details: Record<string, unknown>, index: number | null): FieldErrors {
  const out: FieldErrors = {}
  const issues = Array.isArray(details.issues) ? (details.issues as { field: string; message: string }[]) : []
  const strip = (m: string) => m.replace(/^action \d+: /, '')
  for (const i of issues) {
    const parts = i.field.split('.')
    let key = 'general'
    if (parts[0] === 'orders' && parts[1] === 'actions' && index !== null && Number(parts[2]) === index) key = parts.slice(3).join('.') || ''
    else if (parts[0] === 'orders' && parts[1] === 'order') key = 'order'
    out[key] = out[key] ? `${out[key]}; ${strip(i.message)}` : strip(i.message)
  }
  if (!issues.length) out.general = message
  return out
}


/** Where the setup page shows a refusal: the size's two fields, the wind, the terrain, the ships, or under them all. */
export type SetupField = 'size.width' | 'size.height' | 'wind' | 'terrain' | 'ships' | 'general'

export { sentence } from '../../../../shared/words'

const SHIP_FIELD_WORDS: Record<string, string> = {
  name: 'name',
  player: 'player',
  points: 'points',
  quality: 'Quality',
  combat: 'Combat',
  hullPoints: 'hull points',
  traits: 'traits',
  hull: 'kind of hull',
  propulsion: 'propulsion',
  at: 'place on the table',
  facing: 'facing'
}
const SETUP_FIELD_WORDS: Record<string, string> = { name: 'The battle’s name', turns: 'The number of turns', seed: 'The seed', players: 'The players', ships: 'The ships', terrain: 'The terrain', rules: 'The campaign’s Galleys & Galleons tables' }

/**
 * The door's refusal of a table set up (battles.start), each issue in words at the field it belongs
 * to: a ship or a piece of terrain named (never "ships.3.quality"), the size and the wind at theirs.
 * With no issues (a refusal of another kind) its sentence, any field key at its head taken off.
 */
export function setupRefusal(setup: GalleysSetup, message: string, details: unknown): Partial<Record<SetupField, string>> {
  const issues = ((details as { issues?: { field: string; message: string }[] } | null)?.issues ?? []).map((i) => ({ ...i, field: i.field.replace(/^setup\./, '') }))
  const out: Partial<Record<SetupField, string>> = {}
  const add = (at: SetupField, words: string) => (out[at] = out[at] ? `${out[at]} ${sentence(words)}` : sentence(words))
  if (!issues.length) add('general', message.replace(/^[\w.]+: /, ''))
  for (const i of issues) {
    const [head, index, field] = i.field.split('.')
    const n = Number(index)
    if (i.field === 'size.width' || i.field === 'size.height') add(i.field, i.message)
    else if (head === 'wind') add('wind', i.message)
    else if (head === 'ships' && index !== undefined && setup.ships[n]) {
      const name = setup.ships[n]!.name || `Ship ${n + 1}`
      // A message that names her already ("Curacao is off the table …") stands as it is.
      add('ships', i.message.startsWith(name) || !field || field === 'id' ? i.message : i.message.startsWith('must ') ? `${name}’s ${SHIP_FIELD_WORDS[field] ?? 'setup'} ${i.message}` : `${name}: ${i.message}`)
    } else if (head === 'terrain' && index !== undefined && setup.terrain[n]) {
      const t = setup.terrain[n]!
      add('terrain', `${t.name || `${TERRAIN_NAMES[t.kind]} ${n + 1}`}: ${i.message}`)
    } else if (head === 'players' && index !== undefined && setup.players[n]) add('general', field === 'name' && i.message.startsWith('must ') ? `Player ${n + 1}’s name ${i.message}` : i.message)
    else if (head === 'ships') add('ships', i.message)
    else if (head === 'terrain') add('terrain', i.message)
    else add('general', SETUP_FIELD_WORDS[head ?? ''] ? `${SETUP_FIELD_WORDS[head!]}: ${i.message}` : i.message)
  }
  return out
}
