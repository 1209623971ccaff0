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

/**
 * d10 faces drawn as fastDice draws them — pure-rand's xoroshiro128+ (the same algorithm, the same state
 * layout [s01, s00, s11, s10]) and its uniformInt rejection sampling — with the generator's state held in
 * an Int32Array: no boxed numbers per draw. The duel kernel (kernel.ts) draws with it, and so does the
 * bench's RNG floor. `fromState` is null for a state that is not four 32-bit integers (pure-rand's
 * generator then draws).
 */
export class D10Stream {
  private readonly s = new Int32Array(4)

  static fromState(state: readonly number[]): D10Stream | null {
    const d = new D10Stream()
    return d.load(state) ? d : null
  }

  /** Take a generator state (false, and nothing taken, for one that is not four 32-bit integers). */
  load(state: readonly number[]): boolean {
    if (state.length !== 4) return false
    for (let k = 0; k < 4; k++) if (state[k] !== (state[k]! | 0)) return false
    const s = this.s
    s[0] = state[0]!
    s[1] = state[1]!
    s[2] = state[2]!
    s[3] = state[3]!
    return true
  }

  /**
   * Seed the generator from a 32-bit seed as pure-rand's xoroshiro128plus(seed) does (so as seedState(seed)
   * gives): the state [-1, ~seed, seed, 0]. tests/unit/highseas-kernel.test.ts holds it to seedState.
   */
  seed(seed: number): void {
    const s = this.s
    s[0] = -1
    s[1] = ~seed
    s[2] = seed | 0
    s[3] = 0
  }

  /** One d10 face, 1…10. */
  face(): number {
    const s = this.s
    for (;;) {
      const s01 = s[0]!
      const s00 = s[1]!
      const s11 = s[2]!
      const s10 = s[3]!
      const out = (s00 + s10) | 0
      const a0 = s10 ^ s00
      const a1 = s11 ^ s01
      s[1] = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16)
      s[0] = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16))
      s[3] = (a1 << 5) ^ (a0 >>> 27)
      s[2] = (a0 << 5) ^ (a1 >>> 27)
      const v = out + 2147483648
      // 4294967290 = ~~(2³² / 10) × 10, pure-rand's rejection bound for a d10, written as a number: a module
      // constant is read and unboxed from memory at each of the many places this is inlined.
      if (v < 4294967290) return (v % 10) + 1
    }
  }

  /** The generator's state, as pure-rand's getState gives it. */
  state(): number[] {
    return [this.s[0]!, this.s[1]!, this.s[2]!, this.s[3]!]
  }
}

