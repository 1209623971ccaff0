import { formatNotation, parseNotation, type DiceSpec } from './notation'
import type { Rng } from './rng'

/** One term of a computed number, so the UI can show where it came from. */
export interface Term {
  label: string
  value: number
}

/** One roll, as it goes to the roll log. */
export interface RollRecord {
  purpose: string
  notation: string
  /** Every face read, in the order read (an exploding ten is followed by its re-roll). */
  faces: number[]
  /** Each die's value after explosions. */
  dice: number[]
  /** The dice kept, highest first (all of them for a summed roll). */
  kept: number[]
  total: number
  /** True when any face was typed in by the GM. */
  manual: boolean
  breakdown: Term[]
}

/**
 * What a roll's faces come to under its notation: each die's value after explosions (a die showing
 * its top face under an exploding notation is followed by its re-roll, added), the dice kept
 * (highest first; all of them for a summed roll), their sum, and the total with the modifier.
 * `DiceBox.roll` reads its faces with it, and the roll log keeps only the faces and reads them back
 * with it, so what the log shows is what the roll was.
 */
export function readFaces(spec: DiceSpec, faces: ArrayLike<number>): { dice: number[]; kept: number[]; keptSum: number; total: number } {
  const sides = spec.kind === 'keep' ? 10 : spec.sides
  const dice: number[] = []
  for (let k = 0; k < faces.length; ) {
    let die = 0
    for (;;) {
      const f = faces[k++]!
      die += f
      if (!(spec.explode && f === sides) || k >= faces.length) break
    }
    dice.push(die)
  }
  const sorted = [...dice].sort((a, b) => b - a)
  const kept = spec.kind === 'keep' ? sorted.slice(0, spec.keep) : sorted
  const keptSum = kept.reduce((a, b) => a + b, 0)
  return { dice, kept, keptSum, total: keptSum + spec.modifier }
}

/** What a command needs when dice are entered by hand and it ran out of faces. */
export interface DiceNeeded {
  purpose: string
  notation: string
  sides: number
  /** True when a die showing its top face is rolled again and added (so one more face is needed). */
  explodes: boolean
  /** Faces already given (and used) for this command. */
  given: number
  /** How many more faces this roll needs at least (an exploding ten can need more). */
  atLeast: number
}

export class NeedsDice extends Error {
  constructor(readonly need: DiceNeeded) {
    super(
      `${need.purpose} needs ${need.atLeast === 1 ? 'one more die' : `${need.atLeast} more dice`} ` +
        `(${need.notation}, d${need.sides}): enter the faces you rolled.`
    )
  }
}

export class BadDice extends Error {}

export type DiceMode = 'app' | 'manual'

/**
 * Where a command's dice come from: the faces the GM typed (used first, in order), then — in
 * 'app' mode — the seeded generator; in 'manual' mode running out is a NeedsDice error.
 * Keeps every roll it made, for the log.
 */
export class DiceBox {
  private next = 0
  readonly records: RollRecord[] = []
  /** The campaign day each record was rolled on (from `stamp`). */
  readonly days: number[] = []

  constructor(
    private readonly rng: Rng,
    private readonly given: readonly number[] = [],
    private readonly mode: DiceMode = 'app',
    private readonly stamp: () => number = () => 0
  ) {}

  /** The generator's state after every roll so far: what the campaign saves. */
  rngState(): number[] {
    return this.rng.state()
  }

  private face(
    sides: number,
    purpose: string,
    notation: string,
    remaining: number,
    explodes: boolean
  ): { value: number; manual: boolean } {
    if (this.next < this.given.length) {
      const value = this.given[this.next]!
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        throw new BadDice(`dice: face ${this.next + 1} is ${value}, but ${purpose} rolls d${sides} (1-${sides}).`)
      }
      this.next++
      return { value, manual: true }
    }
    if (this.mode === 'manual') {
      throw new NeedsDice({ purpose, notation, sides, explodes, given: this.given.length, atLeast: remaining })
    }
    return { value: this.rng.int(1, sides), manual: false }
  }

  /** Faces the GM gave that no roll used. */
  unused(): number {
    return this.given.length - this.next
  }

  roll(notation: string | DiceSpec, purpose: string): RollRecord {
    const spec = typeof notation === 'string' ? parseNotation(notation) : notation
    const text = formatNotation(spec)
    const sides = spec.kind === 'keep' ? 10 : spec.sides
    const count = spec.kind === 'keep' ? spec.roll : spec.count
    const faces: number[] = []
    let manual = false
    for (let i = 0; i < count; i++) {
      for (;;) {
        const f = this.face(sides, purpose, text, count - i, spec.explode)
        manual ||= f.manual
        faces.push(f.value)
        if (!(spec.explode && f.value === sides)) break
      }
    }
    const { dice, kept, keptSum } = readFaces(spec, faces)
    const breakdown: Term[] = [
      { label: spec.kind === 'keep' ? `kept ${kept.join(' + ')} of ${dice.join(', ')}` : `dice ${dice.join(' + ')}`, value: keptSum }
    ]
    if (spec.modifier) breakdown.push({ label: 'modifier', value: spec.modifier })
    const record: RollRecord = {
      purpose,
      notation: text,
      faces,
      dice,
      kept,
      total: keptSum + spec.modifier,
      manual,
      breakdown
    }
    this.records.push(record)
    this.days.push(this.stamp())
    return record
  }
}
