import type { Battery, BattleSetup, BattleState, BTerm, ParticipantSetup, ParticipantState } from '../../../../shared/highseas/types'
import { BATTERIES } from '../../../../shared/highseas/types'
import { currentStats } from '../../../../shared/highseas/engine'
import { withStartSpeed } from '../../../../shared/numbers'

/**
 * A participant's numbers now, for the board and the numbers card, with their terms (seed 003 IV:
 * damage effects; Desperate Strategies; chase mishaps). Display only: the engine decides the turn.
 */
export type BatteryState = 'loaded' | 'reloading' | 'lost' | 'none'
export interface Numbered {
  value: number
  terms: BTerm[]
}
export interface ShipNumbers {
  p: ParticipantSetup
  s: ParticipantState
  hullNow: number
  hullMax: number
  riggingNow: number
  riggingMax: number
  speed: Numbered
  handling: Numbered
  crippled: boolean
  takingWater: boolean
  guns: Record<Battery, { now: number; state: BatteryState }>
  fighters: number
  squads: number
  /** Quick combat: a die kills a Brute Squad from this face (8 with Over the Side), with its terms. */
  boarding: Numbered
  partyLeader: string | null
}

const FIGHTER_SHARE = { merchant: 1 / 4, naval: 1 / 3, privateer: 1 / 3, pirate: 1 } as const

export function shipNumbers(setup: BattleSetup, state: BattleState, id: string): ShipNumbers | null {
  const p = setup.participants.find((x) => x.id === id)
  const s = state.participants[id]
  if (!p || !s) return null
  try {
    // The engine's own numbers, with their terms.
    const c = currentStats(setup, state, id)
    const guns = {} as ShipNumbers['guns']
    for (const b of BATTERIES) {
      const now = c.guns[b]
      const st: BatteryState = p.guns[b] === 0 ? 'none' : now === 0 ? 'lost' : c.reloading.includes(b) ? 'reloading' : 'loaded'
      guns[b] = { now, state: st }
    }
    return {
      p,
      s,
      hullNow: c.hullNow,
      hullMax: p.hullPoints,
      riggingNow: c.riggingNow,
      riggingMax: p.riggingPoints,
      speed: { value: c.speed, terms: withStartSpeed(p, c.terms.speed ?? []) },
      handling: { value: c.handling, terms: c.terms.handling ?? [] },
      crippled: c.crippled,
      takingWater: c.takingWater,
      guns,
      fighters: c.fighters,
      squads: c.squads,
      boarding: { value: c.boardingKillOn, terms: c.terms.boarding ?? [] },
      partyLeader: c.partyLeader
    }
  } catch {
    // fall through to the display-only reading below
  }
  const hullMax = p.hullPoints
  const riggingMax = p.riggingPoints
  const hullNow = Math.max(0, hullMax - s.hullDamage)
  const riggingNow = Math.max(0, riggingMax - s.riggingDamage)
  const takingWater = s.hullDamage > hullMax / 2
  const crippled = p.kind === 'ship' && riggingMax > 0 && riggingNow <= 0

  const speedTerms: BTerm[] = withStartSpeed(p, [{ label: 'Speed of the ship', value: p.speed }])
  let speed = p.speed
  if (p.kind !== 'ship') {
    speed = 0
    speedTerms.push({ label: 'Immobile', value: -p.speed })
  } else if (crippled) {
    speedTerms.push({ label: 'Rigging gone: crippled', value: -speed })
    speed = 0
  } else {
    if (s.riggingDamage > riggingMax / 2) {
      const half = Math.ceil(speed / 2)
      speedTerms.push({ label: 'Rigging over half damaged: half Speed', value: half - speed })
      speed = half
    }
    if (s.wetSailsTurns > 0) {
      speedTerms.push({ label: 'Wet Sails', value: 2 })
      speed += 2
    }
    if (s.halfSpeedNextTurn) {
      const half = Math.ceil(speed / 2)
      speedTerms.push({ label: 'Torn wet sails: half Speed', value: half - speed })
      speed = half
    }
    if (s.anchorDragging) {
      speedTerms.push({ label: 'Anchor dragging', value: -1 })
      speed -= 1
    }
    if (s.sailFouled) {
      speedTerms.push({ label: 'Sail fouled: Speed 1', value: 1 - speed })
      speed = 1
    }
    speed = Math.max(0, speed)
  }

  const handlingTerms: BTerm[] = [{ label: 'Handling of the ship', value: p.handling }]
  let handling = p.handling
  if (s.rudderDamage > 0) {
    handlingTerms.push({ label: 'Damaged rudder', value: -s.rudderDamage })
    handling -= s.rudderDamage
  }
  if (takingWater) {
    handlingTerms.push({ label: 'Hull over half damaged: taking water', value: -1 })
    handling -= 1
  }
  if (crippled) {
    handlingTerms.push({ label: 'Crippled (may only Circle)', value: -5 })
    handling -= 5
  }

  const guns = {} as ShipNumbers['guns']
  for (const b of BATTERIES) {
    const now = Math.max(0, p.guns[b] - s.gunsLost[b])
    const fired = s.firedOnTurn[b]
    const st: BatteryState = p.guns[b] === 0 ? 'none' : now === 0 ? 'lost' : fired > 0 && fired >= state.turn - 1 ? 'reloading' : 'loaded'
    guns[b] = { now, state: st }
  }
  const fighters = Math.floor(Math.max(0, s.crew - s.marines) * FIGHTER_SHARE[p.crewKind]) + s.marines + p.officers
  return {
    p,
    s,
    hullNow,
    hullMax,
    riggingNow,
    riggingMax,
    speed: { value: speed, terms: speedTerms },
    handling: { value: handling, terms: handlingTerms },
    crippled,
    takingWater,
    guns,
    fighters,
    squads: Math.floor(fighters / 6),
    boarding: { value: 9, terms: [{ label: 'a quick-combat die kills a Brute Squad on', value: 9 }] },
    partyLeader: p.partyLeader?.name ?? p.captain?.name ?? null
  }
}

/** Every side, in order of first appearance. */
export function sidesOf(setup: BattleSetup): string[] {
  const out: string[] = []
  for (const p of setup.participants) if (!out.includes(p.side)) out.push(p.side)
  return out
}

export const isOut = (status: string): boolean => status !== 'active' && status !== 'sinking'
