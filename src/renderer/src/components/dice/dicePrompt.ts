import { shallowRef } from 'vue'
import type { CommandName } from '../../../../shared/commands'
import type { DiceNeeded } from '../../../../shared/dice/roll'

/**
 * Hand-entered dice. When a command answers `needs_dice`, the store asks here for the faces the GM
 * rolled; DicePrompt.vue (mounted once, in GlobalActions) shows the question and answers it.
 * Requests are served one at a time, in the order they came.
 */
export interface DiceRequest {
  command: CommandName
  need: DiceNeeded
  message: string
  /** The faces typed, or null when the GM cancelled. */
  answer(faces: number[] | null): void
}

export const diceRequest = shallowRef<DiceRequest | null>(null)

let queue: Promise<unknown> = Promise.resolve()

export function askForDice(command: CommandName, need: DiceNeeded, message: string): Promise<number[] | null> {
  const asked = queue.then(
    () =>
      new Promise<number[] | null>((resolve) => {
        diceRequest.value = {
          command,
          need,
          message,
          answer(faces) {
            diceRequest.value = null
            resolve(faces)
          }
        }
      })
  )
  queue = asked.catch(() => undefined)
  return asked
}

export function isDiceNeeded(d: unknown): d is DiceNeeded {
  if (typeof d !== 'object' || d === null) return false
  const n = d as Record<string, unknown>
  return (
    typeof n.notation === 'string' &&
    typeof n.purpose === 'string' &&
    typeof n.sides === 'number' &&
    typeof n.atLeast === 'number' &&
    typeof n.given === 'number'
  )
}

export const COMMAND_LABELS: Partial<Record<CommandName, string>> = {
  'dice.roll': 'a free roll',
  'people.roll': "a character's roll",
  'clock.advance': 'advancing the clock',
  'battles.start': 'the battle seed',
  'battles.resolveTurn': 'resolving the battle turn',
  'crew.hire': 'hiring crew',
  'ships.orders': 'standing orders',
  'ships.repair': 'repairs',
  'ships.careen': 'careening'
}

/**
 * Group a roll's faces by die: each die's value is the sum of its faces (an exploding ten is
 * followed by its re-roll), so walk the faces until each die's value is reached.
 */
export function facesByDie(faces: readonly number[], dice: readonly number[]): number[][] {
  const out: number[][] = []
  let at = 0
  for (const value of dice) {
    const group: number[] = []
    let sum = 0
    while (at < faces.length && sum < value) {
      sum += faces[at]!
      group.push(faces[at]!)
      at++
    }
    out.push(group)
  }
  return out
}

/** Which dice (by index) are kept: `kept` lists values highest first, matched as a multiset. */
export function keptMask(dice: readonly number[], kept: readonly number[]): boolean[] {
  const left = [...kept]
  const order = dice.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v || a.i - b.i)
  const mask = dice.map(() => false)
  for (const { v, i } of order) {
    const k = left.indexOf(v)
    if (k >= 0) {
      mask[i] = true
      left.splice(k, 1)
    }
  }
  return mask
}
