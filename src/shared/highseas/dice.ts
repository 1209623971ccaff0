import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'
import type { DiceSpec } from '../dice/notation'
import type { DiceBox } from '../dice/roll'
import type { RngState } from '../dice/rng'

/** Where a battle's dice come from (a campaign DiceBox, or the simulator's bare generator). */
export interface DiceSource {
  /**
   * Roll per a DiceSpec for a purpose; `dice` = each die after explosions, `total` = the kept dice
   * summed plus the modifier. fastDice reuses the returned object and its array: read it before
   * the next roll.
   */
  roll(spec: DiceSpec, purpose: string): { dice: number[]; total: number; manual: boolean }
  rngState(): number[]
}

/** Wraps a campaign DiceBox: GM-typed faces first, then its generator — or NeedsDice in manual mode. */
export function boxDice(box: DiceBox): DiceSource {
  return {
    roll(spec, purpose) {
      const r = box.roll(spec, purpose)
      return { dice: r.dice, total: r.total, manual: r.manual }
    },
    rngState: () => box.rngState()
  }
}

/**
 * Dice for simulation: the same generator and the same faces as a DiceBox in 'app' mode over the
 * same state (xoroshiro128plus, pure-rand's uniformInt rejection sampling), without records and
 * with no allocation per roll. The result object is reused.
 */
export function fastDice(state: RngState): DiceSource {
  const gen = xoroshiro128plusFromState(state)
  const out = { dice: EMPTY, total: 0, manual: false }
  /** One reused array per dice count (no resizing), made on first use. */
  const arrays: (number[] | undefined)[] = []
  /** Scratch for keeping the highest dice (made on first use). */
  let tmp: number[] | null = null
  return {
    roll(spec) {
      const keep = spec.kind === 'keep'
      const sides = keep ? 10 : spec.sides
      const count = keep ? spec.roll : spec.count
      const explode = spec.explode
      let dice = count < arrays.length ? arrays[count] : undefined
      if (dice === undefined) {
        while (arrays.length <= count) arrays.push(undefined)
        dice = arrays[count] = new Array<number>(count).fill(0)
      }
      out.dice = dice
      // pure-rand uniformInt(gen, 1, sides) inlined: identical draws, no allocation.
      const max = ~~(4294967296 / sides) * sides
      let sum = 0
      for (let i = 0; i < count; i++) {
        let die = 0
        for (;;) {
          let v = gen.next() + 2147483648
          while (v >= max) v = gen.next() + 2147483648
          const f = (v % sides) + 1
          die += f
          if (!(explode && f === sides)) break
        }
        dice[i] = die
        sum += die
      }
      if (keep && spec.keep < count) {
        // Sum of the `keep` highest without sorting the caller-visible order.
        sum = 0
        if (spec.keep === 1) {
          let m = 0
          for (let i = 0; i < count; i++) if (dice[i]! > m) m = dice[i]!
          sum = m
        } else {
          // Insertion sort into a scratch array, highest first (small counts).
          if (tmp === null || tmp.length < count) tmp = new Array<number>(Math.max(count, 16)).fill(0)
          const t = tmp
          for (let i = 0; i < count; i++) {
            const v = dice[i]!
            let k = i
            while (k > 0 && t[k - 1]! < v) {
              t[k] = t[k - 1]!
              k--
            }
            t[k] = v
          }
          for (let i = 0; i < spec.keep; i++) sum += t[i]!
        }
      }
      out.total = sum + spec.modifier
      return out
    },
    rngState: () => gen.getState() as number[]
  }
}

const EMPTY: number[] = []
