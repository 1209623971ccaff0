/** Words the Atrilian battle page shows (seed 002): ram kinds, results, phases, ram previews. */
import { ram as ramCalc } from '../../../../shared/atrilia/calc'
import { label } from '../../../../shared/atrilia/hex'
import type { AtriliaRules, RamKind, RamResult } from '../../../../shared/atrilia/tables'
import type { AtriliaSetup, MoveStep } from '../../../../shared/atrilia/types'

export const RAM_WORDS: Record<RamKind, string> = { oarRake: 'oar rake', rudder: 'rudder attack', broadside: 'broadside ram' }
export const RAM_RESULT_WORDS: Record<RamResult, string> = {
  '-': 'no effect',
  C: 'crippled',
  CS: 'crippled and sinking',
  CSE: 'crippled, sinking, her marines lose a point',
  S: 'sunk'
}
export const STEP_WORDS: Record<MoveStep, string> = { forward: 'forward', back: 'back', port: 'turn to port', starboard: 'turn to starboard' }
export const SIDE_HEX_COLOURS = ['#1d4f6e', '#a23b2c']

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`

export function shipName(setup: AtriliaSetup, id: string): string {
  return setup.ships.find((s) => s.id === id)?.name ?? 'a ship'
}
export function sideName(setup: AtriliaSetup, side: string | null): string {
  return setup.sides.find((s) => s.id === side)?.name ?? 'nobody'
}
export function sideIndex(setup: AtriliaSetup, side: string): number {
  return Math.max(0, setup.sides.findIndex((s) => s.id === side))
}

/** "1–3 no effect; 4 C; 5–6 CSE": what each face of the die would do for this ram. */
export function ramOdds(rules: AtriliaRules, kind: RamKind, crewQuality: number, attackerSize: number, targetSize: number): string {
  const parts: Array<{ from: number; to: number; result: RamResult }> = []
  for (let roll = 1; roll <= 6; roll++) {
    const r = ramCalc({ kind, roll, crewQuality, attackerSize, targetSize }, rules).result
    const last = parts[parts.length - 1]
    if (last && last.result === r) last.to = roll
    else parts.push({ from: roll, to: roll, result: r })
  }
  return parts.map((p) => `${p.from === p.to ? p.from : `${p.from}–${p.to}`}: ${p.result === '-' ? 'no effect' : p.result}`).join('; ')
}

export const hexWords = label
