import { uniformInt } from 'pure-rand/distribution/uniformInt'
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus'

/** A PRNG's complete state: saved with the campaign (or a battle) so every roll replays exactly. */
export type RngState = number[]

export function seedState(seed: number): RngState {
  return [...xoroshiro128plus(seed | 0).getState()]
}

/** A seeded generator that can hand back its state. Not shared: make one from a state, use it, save its state. */
export class Rng {
  private readonly gen
  constructor(state: readonly number[]) {
    this.gen = xoroshiro128plusFromState(state)
  }
  /** A whole number from `from` to `to`, both included. */
  int(from: number, to: number): number {
    return uniformInt(this.gen, from, to)
  }
  state(): RngState {
    return [...this.gen.getState()]
  }
}
