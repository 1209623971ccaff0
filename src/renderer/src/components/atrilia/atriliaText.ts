/** Words the Atrilian battle page shows (seed 002): ram kinds, results, phases, ram previews. */
import { CREW_QUALITY_LABELS } from '../../../../shared/atrilia/crew'
import { ram as ramCalc } from '../../../../shared/atrilia/calc'
import { label } from '../../../../shared/atrilia/hex'
import type { AtriliaRules, RamKind, RamResult } from '../../../../shared/atrilia/tables'
import type { AtriliaSetup, AtriliaState, MoveStep } from '../../../../shared/atrilia/types'

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

const sentence = (s: string): string => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s)

/**
 * Once over: who won ("Victory for the Pheacians.", "Nobody wins.") and why the battle ended, as sentences;
 * worded so that any side's name reads right, a people's or one ship's ("Victory for the Meshuesh large galley.").
 */
export function outcomeWords(setup: AtriliaSetup, outcome: { winner: string | null; reason: string }): { headline: string; detail: string } {
  const headline = outcome.winner ? `Victory for the ${sideName(setup, outcome.winner)}.` : 'Nobody wins.'
  return { headline, detail: `The battle is over: ${outcome.reason}.` }
}

/** What became of a ship, as the review lists it (seed 002 §5.11 off the map, §8.11 captured, §10.1 sunk). */
export type AtriliaFateWord = 'afloat' | 'crippled' | 'sunk' | 'captured' | 'exited'

/**
 * A ship's fate in a sentence: "Sunk"; "Captured by the Pheacians"; "Left the map by the north edge";
 * "Afloat: crippled, on fire, 2 points of marines aboard".
 */
export function fateWords(setup: AtriliaSetup, state: AtriliaState, ship: string, fate: AtriliaFateWord): string {
  const s = state.ships[ship]
  if (fate === 'sunk') return 'Sunk'
  if (fate === 'exited') return s?.exitedBy ? `Left the map by the ${s.exitedBy} edge` : 'Left the map'
  if (!s) return sentence(fate)
  const marines = s.marines > 0 ? `${plural(s.marines, 'point')} of marines aboard` : 'no marines aboard'
  const marks = [s.crippled && 'crippled', s.fire && 'on fire', s.sinking && 'sinking'].filter(Boolean) as string[]
  if (fate === 'captured') return `Captured by the ${sideName(setup, s.marineSide)}: ${[...marks, marines].join(', ')}`
  return `Afloat: ${[...marks, marines].join(', ')}`
}

/** Each side's ships at the end, in a sentence: "Pheacians: 6 ships — 5 afloat, 1 sunk." */
export function sideTally(setup: AtriliaSetup, lines: Array<{ side: string; fate: AtriliaFateWord }>): Array<{ side: string; text: string }> {
  const WORD: Record<AtriliaFateWord, string> = { afloat: 'afloat', crippled: 'crippled', sunk: 'sunk', captured: 'captured', exited: 'left the map' }
  return setup.sides.map((side) => {
    const mine = lines.filter((l) => l.side === side.id)
    const parts = (['afloat', 'crippled', 'captured', 'sunk', 'exited'] as const).map((f) => [f, mine.filter((l) => l.fate === f).length] as const).filter(([, n]) => n > 0)
    const rest = parts.map(([f, n]) => `${n} ${WORD[f]}`).join(', ')
    return { side: side.id, text: `${side.name}: ${plural(mine.length, 'ship')}${rest ? ` — ${rest}` : ''}.` }
  })
}

/** A review line that writes to the campaign: a campaign ship, or a ship a campaign ship captured. */
export const writesToCampaign = (l: { shipId: number | null; captorShipId?: number | null | undefined }): boolean => l.shipId !== null || (l.captorShipId ?? null) !== null
/** The fates a GM may give a ship in an Atrilian review, in words. */
export const ATRILIA_REVIEW_FATES: { label: string; value: 'afloat' | 'crippled' | 'sunk' | 'captured' | 'exited' }[] = [
  { label: 'Afloat', value: 'afloat' },
  { label: 'Crippled', value: 'crippled' },
  { label: 'Sunk', value: 'sunk' },
  { label: 'Captured', value: 'captured' },
  { label: 'Left the map', value: 'exited' }
]
/** Crew quality after the battle, by word and number (seed 002 §8). */
export const ATRILIA_REVIEW_QUALITIES = [1, 2, 3, 4].map((q) => ({ label: `${CREW_QUALITY_LABELS[q]} (${q})`, value: q }))
