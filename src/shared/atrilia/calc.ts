import { directionTo, sightLine, type Hex } from './hex'
import { ATRILIA_RULES, type AtriliaRules, type Column, type CombatResult, type RamKind, type RamResult } from './tables'
import type { MoveStep } from './types'

/**
 * The calculators of the Atrilian hex battle (seed 002), pure, each with its breakdown: what the
 * rules reference panel and the tests call, and what the engine uses. Input and output shapes are
 * those of the `atrilia.*` door commands (issue 17), so each wraps 1:1.
 */

export interface Term {
  label: string
  value: number
}

const NATION_WORD: Record<string, string> = { gyptian: 'Gyptians', pheacian: 'Pheacians', liburnian: 'Liburnians', haranese: 'Haranese' }
const nationWord = (n: string) => NATION_WORD[n] ?? n

/** §5.1–5.3: a ship's movement allowance = the fleet's die + her crew quality (crippled: 0; sinking: no move). */
export function movement(a: { crewQuality: number; roll: number; crippled?: boolean; sinking?: boolean }): { allowance: number; breakdown: Term[] } {
  if (a.sinking) return { allowance: 0, breakdown: [{ label: 'a sinking ship may not move (§5.3)', value: 0 }] }
  const breakdown: Term[] = [{ label: 'movement roll', value: a.roll }]
  if (a.crippled) breakdown.push({ label: 'crew quality of a crippled ship (§5.2)', value: 0 })
  else breakdown.push({ label: 'crew quality', value: a.crewQuality })
  return { allowance: breakdown.reduce((s, t) => s + t.value, 0), breakdown }
}

/** §5.4–5.6: forward 2, back 3, one hexside to port or starboard 5. */
export function stepCost(step: MoveStep, rules: AtriliaRules = ATRILIA_RULES): number {
  return step === 'forward' ? rules.forwardCost : step === 'back' ? rules.backCost : rules.turnCost
}
export function pathCost(a: { steps: readonly MoveStep[] }, rules: AtriliaRules = ATRILIA_RULES): { cost: number; breakdown: Term[] } {
  const breakdown: Term[] = a.steps.map((s) => ({ label: s === 'forward' ? 'forward one hex' : s === 'back' ? 'back one hex' : `one hexside to ${s}`, value: stepCost(s, rules) }))
  return { cost: breakdown.reduce((s, t) => s + t.value, 0), breakdown }
}

/**
 * §6: which ram a ship entering the target's hex from the adjacent hex `attacker` makes: through her
 * bow (the hexside she faces) an oar rake, through her stern a rudder attack, through any of her
 * four other hexsides a broadside ram. Throws when the hexes are not adjacent.
 */
export function ramKind(a: { attacker: Hex; target: Hex & { facing: number } }): RamKind {
  const side = directionTo(a.target, a.attacker)
  if (!side) throw new Error('the ramming ship must be in a hex next to her target')
  if (side === a.target.facing) return 'oarRake'
  if (side === ((a.target.facing + 2) % 6) + 1) return 'rudder'
  return 'broadside'
}

const clampRow = (total: number, rows: number) => Math.min(rows, Math.max(1, total)) - 1

/** The Ramming Table: die + crew quality, +1 when larger than the target. */
export function ram(
  a: { kind: RamKind; roll: number; crewQuality: number; attackerSize: number; targetSize: number },
  rules: AtriliaRules = ATRILIA_RULES
): { total: number; result: RamResult; breakdown: Term[] } {
  const breakdown: Term[] = [
    { label: 'die', value: a.roll },
    { label: 'crew quality', value: a.crewQuality }
  ]
  if (a.attackerSize > a.targetSize) breakdown.push({ label: 'larger than the target', value: rules.largerRam })
  const total = breakdown.reduce((s, t) => s + t.value, 0)
  return { total, result: rules.ramming[a.kind][clampRow(total, 8)]!, breakdown }
}

export interface AttackModifiers {
  corvus?: boolean
  castle?: boolean
  crippledTarget?: boolean
  rammed?: boolean
  nation?: string
}

/**
 * The Naval Combat Results Table: one die on the attack's column. Boarding adds the TABLES notes
 * (corvus +1, target's castle −1, crippled target +1, rammed −1: the boarders' own ship was rammed,
 * read as the notes name the target when they mean her); a nation's characteristic (§11.1) applies
 * to its column (Gyptians boarding, Liburnians sea wizards, Haranese fire wizards).
 */
export function attack(a: { column: Column; roll: number; modifiers?: AttackModifiers }, rules: AtriliaRules = ATRILIA_RULES): { total: number; result: CombatResult; breakdown: Term[] } {
  const m = a.modifiers ?? {}
  const breakdown: Term[] = [{ label: 'die', value: a.roll }]
  if (a.column === 'boarding') {
    if (m.corvus) breakdown.push({ label: 'corvus', value: rules.corvus })
    if (m.castle) breakdown.push({ label: 'the target’s castle', value: rules.castle })
    if (m.crippledTarget) breakdown.push({ label: 'crippled target', value: rules.crippledTarget })
    if (m.rammed) breakdown.push({ label: 'rammed', value: rules.rammed })
  }
  if (m.nation) {
    const table = a.column === 'boarding' ? rules.nations.boarding : a.column === 'seaWizards' ? rules.nations.seaWizards : a.column === 'fireWizards' ? rules.nations.fireWizards : null
    const v = table?.[m.nation]
    if (v) breakdown.push({ label: nationWord(m.nation), value: v })
  }
  const total = breakdown.reduce((s, t) => s + t.value, 0)
  return { total, result: rules.combat[a.column][clampRow(total, 6)]!, breakdown }
}

export type FireResult = 'sinking' | 'burning' | 'extinguished'
export type SinkingResult = 'sinks' | 'sinking' | 'repaired'

/** §10, Naval Repair Tables: die + ship size (+1 for Pheacians, §11.1). */
export function repair(
  a: { table: 'fire' | 'sinking'; roll: number; size: number; nation?: string },
  rules: AtriliaRules = ATRILIA_RULES
): { total: number; result: FireResult | SinkingResult; breakdown: Term[] } {
  const breakdown: Term[] = [
    { label: 'die', value: a.roll },
    { label: 'ship size', value: a.size }
  ]
  const v = a.nation ? rules.nations.repair[a.nation] : undefined
  if (v) breakdown.push({ label: nationWord(a.nation!), value: v })
  const total = breakdown.reduce((s, t) => s + t.value, 0)
  const result =
    a.table === 'fire'
      ? total >= rules.fireExtinguishedFrom
        ? 'extinguished'
        : total >= rules.fireBurningFrom
          ? 'burning'
          : 'sinking'
      : total >= rules.sinkingRepairedFrom
        ? 'repaired'
        : total >= rules.sinkingStillFrom
          ? 'sinking'
          : 'sinks'
  return { total, result, breakdown }
}

/**
 * §8.7 line of sight from the centre of `from` to the centre of `to`: blocked by a blocking hex it
 * passes through, or by a hexside it runs along when both hexes beside it block. `through` are the
 * hexes crossed; `along` the pairs beside each hexside it runs along; `blockedBy` what blocks it.
 */
export function lineOfSight(a: { from: Hex; to: Hex; blocking: readonly Hex[] }): { clear: boolean; through: Hex[]; along: Array<[Hex, Hex]>; blockedBy: Hex[] } {
  const set = new Set(a.blocking.map((h) => `${h.q},${h.r}`))
  return sightLine(a.from, a.to, (h) => set.has(`${h.q},${h.r}`))
}
