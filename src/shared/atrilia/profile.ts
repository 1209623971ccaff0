import { allowanceOf, controller, prep, rammedRecently, stackLimit } from './engine'
import { crewQualityName, type Nation } from './tables'
import type { AtriliaSetup, AtriliaState, Term } from './types'

/**
 * A ship's profile for the board and the orders panel (seed 002 §2, §5, §7–§9): size, crew quality
 * (0 when crippled, §5.2), improvements, marines and wizards aboard, nationality and who controls her
 * (§8.12), her markers, and this phase's movement allowance with its terms.
 */
export interface ShipProfile {
  id: string
  name: string
  type: string
  size: number
  /** Small (size 1) or large (2–3), for stacking (§7 note). */
  large: boolean
  crewQuality: number
  crewQualityName: string
  nation: Nation
  /** Her side by nationality, and the side that controls her now. */
  side: string
  controlledBy: string
  status: 'afloat' | 'sunk' | 'exited'
  crippled: boolean
  onFire: boolean
  sinking: boolean
  committedWith: string[]
  rammed: boolean
  marines: number
  marinesOf: string | null
  volley: number
  /** Marine points she may hold at the end of a turn (§7.4). */
  marineLimit: number
  wizards: Array<'sea' | 'fire'>
  ram: boolean
  corvus: boolean
  castle: boolean
  /** Engines she still has (lost when crippled, §9.2–9.3). */
  ballista: 'spear' | 'flaming' | null
  catapult: boolean
  allowance: number
  allowanceTerms: Term[]
}

export function shipProfile(setup: AtriliaSetup, state: AtriliaState, id: string): ShipProfile {
  const pre = prep(setup)
  const ss = pre.ships.get(id)
  const s = state.ships[id]
  if (!ss || !s) throw new Error(`there is no ship "${id}" in this battle`)
  const q = s.crippled ? 0 : ss.crewQuality
  const a = allowanceOf(pre, state, id)
  return {
    id,
    name: ss.name,
    type: ss.type,
    size: ss.size,
    large: ss.size >= 2,
    crewQuality: q,
    crewQualityName: crewQualityName(q),
    nation: ss.nation ?? (pre.sideNation[ss.side] as Nation),
    side: ss.side,
    controlledBy: controller(pre, s),
    status: s.status,
    crippled: s.crippled,
    onFire: s.fire,
    sinking: s.sinking,
    committedWith: s.committedWith.slice(),
    rammed: rammedRecently(state, s),
    marines: s.marines,
    marinesOf: s.marineSide,
    volley: s.volley,
    marineLimit: stackLimit(pre.rules, ss.size),
    wizards: state.wizards.filter((w) => w.at && 'ship' in w.at && w.at.ship === id).map((w) => w.kind),
    ram: ss.ram,
    corvus: ss.corvus,
    castle: ss.castle,
    ballista: s.crippled ? null : ss.ballista,
    catapult: !s.crippled && ss.catapult,
    allowance: state.phase === 'move' && controller(pre, s) === pre.sides[state.player] ? a.allowance : 0,
    allowanceTerms: a.breakdown
  }
}
