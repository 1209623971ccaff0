import type {
  Aim,
  Battery,
  Behaviour,
  CrewKind,
  DesperateStrategy,
  FortSize,
  Range,
  Tactic,
  Weather
} from '../../../../shared/highseas/types'
import { RANGES } from '../../../../shared/highseas/ranges'
import type { BattleSummary } from '../../../../shared/commands/battles'

/** Words of High Seas battles (seed 003, IV–VI) for the board, the orders and the log. */

export const SOURCE = 'High Seas Combat, IV. Of Naval Combat'

export const RANGE_LABELS: Record<Range, string> = {
  close: 'Close',
  short: 'Short',
  medium: 'Medium',
  long: 'Long',
  far: 'Far',
  extreme: 'Extreme'
}
/** A range step (0 Close … 5 Extreme, 6 out of sight) in words. */
export function rangeWord(step: number | undefined): string {
  if (step === undefined || step >= 6) return 'Out of sight'
  return RANGE_LABELS[RANGES[Math.max(0, step)]!]
}

export const WEATHER_LABELS: Record<Weather, string> = {
  clear: 'Clear',
  rough: 'Rough weather',
  storm: 'Storm',
  fog: 'Fog'
}
export const WEATHER_HELP: Record<Weather, string> = {
  clear: 'Sighting at Extreme range, recognition at Far.',
  rough: 'Sighting reduced to Long range, recognition to Medium.',
  storm: 'Sighting reduced to Medium range, recognition to Short.',
  fog: 'Sighting reduced to Medium range, recognition to Short.'
}

export const TACTIC_LABELS: Record<Tactic, string> = { evade: 'Evade', bearDown: 'Bear Down', circle: 'Circle' }
export const TACTIC_HELP: Record<Tactic, string> = {
  evade: 'Sail away from every other ship and out of sight. Only the stern guns fire, until a pursuer reaches Close.',
  bearDown: 'Close on one ship at full speed, to board or get into range. Only the chasers fire until Close.',
  circle: 'Hold position against up to two enemies and try to loose a broadside without taking one.'
}

export const DESPERATE_LABELS: Record<DesperateStrategy, string> = { wetSails: 'Wet Sails', hardTurns: 'Hard Turns' }
export const DESPERATE_HELP: Record<DesperateStrategy, string> = {
  wetSails: '+2 Speed for two turns; each turn a 9–10 tears the rigging (1k1) and halves next turn’s Speed.',
  hardTurns: '+2 Handling this turn; a 9–10 strains the rudder: 1 Hull and −1 Handling until repaired in port.'
}

export const BATTERY_LABELS: Record<Battery, string> = {
  port: 'Port broadside',
  starboard: 'Starboard broadside',
  chasers: 'Bow chasers',
  stern: 'Stern guns'
}
export const BATTERY_SHORT: Record<Battery, string> = { port: 'Port', starboard: 'Stbd', chasers: 'Chase', stern: 'Stern' }

export const AIM_LABELS: Record<Aim, string> = { hull: 'Hull', rigging: 'Rigging' }

export const CREW_LABELS: Record<CrewKind, string> = {
  merchant: 'Merchant crew (¼ fighters)',
  naval: 'Naval crew (⅓ fighters)',
  privateer: 'Privateers (⅓ fighters)',
  pirate: 'Pirates (all fighters)'
}
export const CREW_SHORT: Record<CrewKind, string> = { merchant: 'Merchant', naval: 'Naval', privateer: 'Privateer', pirate: 'Pirate' }

export const BEHAVIOUR_LABELS: Record<Behaviour, string> = {
  merchant: 'Merchant: runs from strangers',
  corsair: 'Corsair: hunts smaller prey',
  patrol: 'Patrol: closes to inspect',
  warship: 'Warship: fights',
  fleet: 'Fleet: holds formation',
  fort: 'Fort: holds its guns'
}

export const FORT_LABELS: Record<FortSize, string> = { small: 'Small fort', medium: 'Medium fort', large: 'Large fortress' }

export { STATUS_LABELS } from '../../../../shared/highseas/status-words'

export const PHASE_LABELS: Record<string, string> = {
  orders: 'Orders',
  desperate: 'Desperate',
  brilliant: 'Brilliant maneuver',
  maneuver: 'Maneuver',
  grapple: 'Grapple',
  boarding: 'Boarding',
  fire: 'Cannon fire',
  damage: 'Damage',
  end: 'End of turn'
}

/** Nations of Théah for generated ships (free text is allowed too). */
export const NATIONS = ['Avalon', 'Castille', 'Eisen', 'Montaigne', 'Ussura', 'Vendel', 'Vesten', 'Vodacce', 'Crescent Empire', 'Pirate', 'Brotherhood of the Coast']

/** Side colours, in order of the sides' first appearance. */
export const SIDE_COLOURS = ['#1d4f6e', '#a23b2c', '#7a5a1f', '#3c7a4a', '#6b4c8a', '#2f7f86']

export function sideColour(sides: string[], side: string): string {
  const i = Math.max(0, sides.indexOf(side))
  return SIDE_COLOURS[i % SIDE_COLOURS.length]!
}

export const pct = (p: number): string => `${(p * 100).toFixed(p >= 0.995 || p < 0.005 ? 0 : 1)}%`

/** One ship's orders in a sentence ("Bear Down on the Fortune; chasers at her rigging"). */
export function ordersText(
  o: {
    tactic: Tactic
    target?: string
    circleAgainst?: string[]
    desperate?: DesperateStrategy
    fire?: { battery: Battery; target: string; aim?: Aim; shot?: 'ball' | 'grape' }[]
    grapple?: string
    board?: string
    cutFree?: string
    strike?: boolean
    catchUp?: string
    clearAnchor?: boolean
    anchorBy?: 'cut' | 'secure'
  },
  nameOf: (id: string) => string
): string {
  const parts: string[] = []
  if (o.strike) return 'Strike her colours.'
  if (o.tactic === 'bearDown') parts.push(o.target ? `Bear Down on ${nameOf(o.target)}` : 'Bear Down')
  else if (o.tactic === 'circle') parts.push(o.circleAgainst?.length ? `Circle against ${o.circleAgainst.map(nameOf).join(' and ')}` : 'Circle')
  else parts.push('Evade')
  if (o.desperate) parts.push(DESPERATE_LABELS[o.desperate])
  for (const f of o.fire ?? []) {
    parts.push(`${BATTERY_LABELS[f.battery].toLowerCase()} at ${nameOf(f.target)}'s ${f.shot === 'grape' ? 'crew (grape)' : (f.aim ?? 'hull')}`)
  }
  if (o.grapple) parts.push(`grapple ${nameOf(o.grapple)}`)
  if (o.board) parts.push(`board ${nameOf(o.board)}`)
  if (o.cutFree) parts.push(`cut free of ${nameOf(o.cutFree)}`)
  if (o.catchUp) parts.push(`catch up with ${nameOf(o.catchUp)}`)
  if (o.clearAnchor) parts.push(o.anchorBy === 'secure' ? 'secure the dragging anchor' : 'cut the dragging anchor loose')
  const s = parts.join('; ')
  return s.charAt(0).toUpperCase() + s.slice(1) + '.'
}

const turnsWord = (n: number) => `${n} ${n === 1 ? 'turn' : 'turns'}`
/** Where a listed battle stands: the turn being fought, or how long it lasted once it is over (any ruleset). */
export function battleProgress(b: Pick<BattleSummary, 'over' | 'status' | 'turn' | 'turnsPlayed'>): string {
  if (b.over) return b.turnsPlayed === 0 ? 'Over before the first turn' : `Over after ${turnsWord(b.turnsPlayed)}`
  if (b.status === 'concluded') return b.turnsPlayed === 0 ? 'Broken off before the first turn' : `Broken off after ${turnsWord(b.turnsPlayed)}`
  return `Turn ${b.turn}`
}
