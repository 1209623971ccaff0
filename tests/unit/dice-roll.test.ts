/**
 * The dice box (RULES.md §1): roll and keep, explosions, typed faces first, hand-entry mode, and the
 * seeded generator that makes every roll replayable.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatNotation, MAX_DICE, type DiceSpec } from '../../src/shared/dice/notation'
import { BadDice, DiceBox, NeedsDice, type RollRecord } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'

/** A generator that must not be touched (every face was given). */
const noRng = (): Rng =>
  ({
    int: () => {
      throw new Error('the generator was used although faces were given')
    },
    state: () => [0, 0, 0, 0]
  }) as unknown as Rng

const given = (faces: number[], notation: string, mode: 'app' | 'manual' = 'manual'): RollRecord =>
  new DiceBox(noRng(), faces, mode).roll(notation, 'test')

function needOf(fn: () => unknown): NeedsDice {
  try {
    fn()
  } catch (e) {
    if (e instanceof NeedsDice) return e
    throw e
  }
  throw new Error('expected NeedsDice')
}

describe('roll and keep (RULES.md §1: XkY keeps the Y highest, tens explode)', () => {
  it('RULES.md §1: XkY keeps the Y highest and sums them', () => {
    const r = given([3, 7, 5], '3k2')
    expect(r.dice).toEqual([3, 7, 5])
    expect(r.kept).toEqual([7, 5])
    expect(r.total).toBe(12)
    expect(r.faces).toEqual([3, 7, 5])
    expect(r.manual).toBe(true)
    expect(r.notation).toBe('3k2')
    expect(r.breakdown).toEqual([{ label: 'kept 7 + 5 of 3, 7, 5', value: 12 }])
  })

  it('RULES.md §1: keeping every die sums them all (seed 003 "5K5")', () => {
    expect(given([1, 2, 3, 4, 5], '5k5').total).toBe(15)
  })

  it('RULES.md §1: a ten explodes, and keeps exploding: 10, 10, 3 is one die of 23', () => {
    const r = given([10, 10, 3], '1k1')
    expect(r.faces).toEqual([10, 10, 3])
    expect(r.dice).toEqual([23])
    expect(r.kept).toEqual([23])
    expect(r.total).toBe(23)
  })

  it('RULES.md §1: an exploded die is compared with the others as its whole value', () => {
    // 10+2 = 12 beats the 9; the 1 is dropped.
    const r = given([10, 2, 9, 1], '3k2')
    expect(r.dice).toEqual([12, 9, 1])
    expect(r.kept).toEqual([12, 9])
    expect(r.total).toBe(21)
  })

  it('RULES.md §1: "n" (non-exploding, seed 003 Wet Sails) stops at the ten', () => {
    const r = given([10], '1k1n')
    expect(r.faces).toEqual([10])
    expect(r.total).toBe(10)
    const two = given([10, 10], '2k1n')
    expect(two.dice).toEqual([10, 10])
    expect(two.total).toBe(10)
  })

  it('RULES.md §1: "1K1+2" adds the modifier after keeping (seed 003 crew recruiting)', () => {
    const r = given([6], '1K1+2')
    expect(r.total).toBe(8)
    expect(r.notation).toBe('1k1+2')
    expect(r.breakdown).toEqual([
      { label: 'kept 6 of 6', value: 6 },
      { label: 'modifier', value: 2 }
    ])
    expect(given([4, 3], '2k2-5').total).toBe(2)
  })
})

describe('summed dice (RULES.md §1: Nd10, Nd10!, Nd6)', () => {
  it('RULES.md §1: Nd10 sums every die and a ten does not explode (the 1-10 tables, "5K5" for the encounter table)', () => {
    const r = given([10, 10, 4], '3d10')
    expect(r.faces).toEqual([10, 10, 4])
    expect(r.dice).toEqual([10, 10, 4])
    expect(r.kept).toEqual([10, 10, 4])
    expect(r.total).toBe(24)
    expect(r.breakdown[0]!.label).toBe('dice 10 + 10 + 4')
  })

  it('RULES.md §1: Nd10! explodes ("N dice" in chases, circling, cannon fire)', () => {
    const r = given([10, 4, 6], '2d10!')
    expect(r.dice).toEqual([14, 6])
    expect(r.kept).toEqual([14, 6])
    expect(r.total).toBe(20)
  })

  it('RULES.md §1: Nd6 (seeds 000-002) sums d6 without explosion', () => {
    const r = given([6, 6], '2d6')
    expect(r.faces).toEqual([6, 6])
    expect(r.total).toBe(12)
  })

  it('RULES.md §1: "roll one die" with +1 can pass 10 (read 10+)', () => {
    expect(given([10], '1d10+1').total).toBe(11)
  })

  it('modifiers: +N and -N, and the breakdown names the modifier', () => {
    const r = given([3, 4], '2d6-3')
    expect(r.total).toBe(4)
    expect(r.breakdown).toEqual([
      { label: 'dice 3 + 4', value: 7 },
      { label: 'modifier', value: -3 }
    ])
  })

  it('accepts a parsed spec as well as text', () => {
    const spec: DiceSpec = { kind: 'sum', count: 2, sides: 6, explode: false, modifier: 1 }
    const r = new DiceBox(noRng(), [2, 5]).roll(spec, 'spec')
    expect(r.total).toBe(8)
    expect(r.notation).toBe('2d6+1')
  })
})

describe('faces typed by the GM (RULES.md §1: every roll can be entered by hand, the app applies the same rule)', () => {
  it('are used first, in order, across the rolls of one command', () => {
    const box = new DiceBox(noRng(), [1, 2, 3, 4, 5], 'manual')
    expect(box.roll('2d10', 'first').faces).toEqual([1, 2])
    expect(box.roll('3d6', 'second').faces).toEqual([3, 4, 5])
    expect(box.unused()).toBe(0)
    expect(box.records.map((r) => r.purpose)).toEqual(['first', 'second'])
  })

  it('then the generator in app mode; the record is marked manual when any face was typed', () => {
    const rng = new Rng(seedState(7))
    const box = new DiceBox(rng, [9], 'app')
    const r = box.roll('3d10', 'mixed')
    expect(r.faces[0]).toBe(9)
    expect(r.faces).toHaveLength(3)
    expect(r.manual).toBe(true)
    const generated = box.roll('2d10', 'all generated')
    expect(generated.manual).toBe(false)
    // The generator gave exactly the faces the same seed gives on its own.
    const again = new Rng(seedState(7))
    expect([...r.faces.slice(1), ...generated.faces]).toEqual([1, 2, 3, 4].map(() => again.int(1, 10)))
  })

  it('leaves the unused ones to count', () => {
    const box = new DiceBox(noRng(), [4, 5, 6], 'manual')
    box.roll('1d6', 'one')
    expect(box.unused()).toBe(2)
  })

  it.each([
    [[7], '1d6', 'dice: face 1 is 7, but d6 test rolls d6 (1-6).'],
    [[0], '1d10', 'dice: face 1 is 0, but d10 test rolls d10 (1-10).'],
    [[3, 11], '2k2', 'dice: face 2 is 11, but d10 test rolls d10 (1-10).'],
    [[2.5], '1d6', 'dice: face 1 is 2.5, but d6 test rolls d6 (1-6).'],
    [[-1], '1k1', 'dice: face 1 is -1, but d10 test rolls d10 (1-10).']
  ])('faces %j for %s are out of range → BadDice naming the face', (faces, notation, message) => {
    const purpose = notation.includes('d6') ? 'd6 test' : 'd10 test'
    const box = new DiceBox(noRng(), faces, 'app')
    expect(() => box.roll(notation, purpose)).toThrow(BadDice)
    expect(() => new DiceBox(noRng(), faces, 'app').roll(notation, purpose)).toThrow(message)
  })
})

describe('hand entry mode (RULES.md §1: the GM types the face values)', () => {
  it('running out → NeedsDice with purpose, notation, sides, given and how many more at least', () => {
    const e = needOf(() => new DiceBox(noRng(), [4], 'manual').roll('3k2+1', 'Gunnery'))
    expect(e.need).toEqual({ purpose: 'Gunnery', notation: '3k2+1', sides: 10, explodes: true, given: 1, atLeast: 2 })
    expect(e.message).toBe('Gunnery needs 2 more dice (3k2+1, d10): enter the faces you rolled.')
  })

  it('with nothing given, asks for every die', () => {
    const e = needOf(() => new DiceBox(noRng(), [], 'manual').roll('2D6', 'Weather'))
    expect(e.need).toEqual({ purpose: 'Weather', notation: '2d6', sides: 6, explodes: false, given: 0, atLeast: 2 })
  })

  it('an exploding ten that was the last face given needs its re-roll (one more die)', () => {
    const e = needOf(() => new DiceBox(noRng(), [5, 10], 'manual').roll('2k1', 'Explode'))
    expect(e.need.atLeast).toBe(1)
    expect(e.message).toContain('needs one more die')
    const e2 = needOf(() => new DiceBox(noRng(), [10], 'manual').roll('2k1', 'Explode'))
    expect(e2.need.atLeast).toBe(2)
    expect(e2.need.explodes).toBe(true)
    expect(needOf(() => new DiceBox(noRng(), [10], 'manual').roll('2k1n', 'No explode')).need).toMatchObject({ explodes: false, atLeast: 1 })
  })

  it('counts the faces given to the whole command, across rolls', () => {
    const box = new DiceBox(noRng(), [3, 4, 5], 'manual')
    box.roll('2d10', 'first')
    const e = needOf(() => box.roll('2d10', 'second'))
    expect(e.need).toMatchObject({ purpose: 'second', given: 3, atLeast: 1 })
    // The failed roll is not recorded.
    expect(box.records).toHaveLength(1)
  })

  it('manual mode with enough faces never touches the generator', () => {
    expect(given([2, 3, 10, 1], '3k2', 'manual').total).toBe(11 + 3)
  })
})

describe('the seeded generator (RULES.md §1: generated rolls come from a seeded generator, so play replays exactly)', () => {
  it('same seed → same faces', () => {
    const a = new DiceBox(new Rng(seedState(12345)))
    const b = new DiceBox(new Rng(seedState(12345)))
    for (const n of ['5k3', '3d10!', '4d6', '2k2n+3']) expect(a.roll(n, 'x')).toEqual(b.roll(n, 'x'))
    expect(a.rngState()).toEqual(b.rngState())
  })

  it('different seeds give different faces', () => {
    const a = new DiceBox(new Rng(seedState(1))).roll('20d10', 'x').faces
    const b = new DiceBox(new Rng(seedState(2))).roll('20d10', 'x').faces
    expect(a).not.toEqual(b)
  })

  it('the state round-trips: a generator rebuilt from a saved state (through JSON) continues the same sequence', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 50 }), (seed, skip) => {
        const rng = new Rng(seedState(seed))
        for (let i = 0; i < skip; i++) rng.int(1, 10)
        const saved = JSON.parse(JSON.stringify(rng.state())) as number[]
        const copy = new Rng(saved)
        const next = Array.from({ length: 10 }, () => rng.int(1, 10))
        expect(Array.from({ length: 10 }, () => copy.int(1, 10))).toEqual(next)
        expect(copy.state()).toEqual(rng.state())
      }),
      { numRuns: 100 }
    )
  })

  it('state() is a copy: changing it does not change the generator', () => {
    const rng = new Rng(seedState(3))
    const s = rng.state()
    s[0] = 42
    expect(rng.state()).toEqual(seedState(3))
  })

  it('DiceBox.rngState() moves with every generated face and not with typed ones', () => {
    const box = new DiceBox(new Rng(seedState(9)), [4], 'app')
    box.roll('1d10', 'typed')
    expect(box.rngState()).toEqual(seedState(9))
    box.roll('1d10', 'generated')
    expect(box.rngState()).not.toEqual(seedState(9))
  })

  it('faces are uniform enough: every face 1-10 appears in 10,000 d10 rolls within 20% of 1,000', () => {
    const rng = new Rng(seedState(2026))
    const counts = new Array<number>(11).fill(0)
    for (let i = 0; i < 10_000; i++) counts[rng.int(1, 10)]!++
    expect(counts[0]).toBe(0)
    for (let f = 1; f <= 10; f++) expect(Math.abs(counts[f]! - 1000)).toBeLessThan(200)
  })

  it('stamps each record with the day the stamp function gives', () => {
    let day = 5
    const box = new DiceBox(new Rng(seedState(1)), [], 'app', () => day)
    box.roll('1d10', 'a')
    day = 9
    box.roll('1d10', 'b')
    expect(box.days).toEqual([5, 9])
  })
})

describe('properties (RULES.md §1)', () => {
  const spec: fc.Arbitrary<DiceSpec> = fc.oneof(
    fc
      .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.boolean(), fc.integer({ min: -20, max: 20 }))
      .map(([a, b, explode, modifier]) => ({
        kind: 'keep' as const,
        roll: Math.max(a, b),
        keep: Math.min(a, b),
        explode,
        modifier
      })),
    fc.record({
      kind: fc.constant('sum' as const),
      count: fc.integer({ min: 1, max: MAX_DICE }),
      sides: fc.constantFrom(6 as const, 10 as const),
      explode: fc.boolean(),
      modifier: fc.integer({ min: -20, max: 20 })
    })
  )

  it('RULES.md §1: for any spec and seed, kept.length = keep, total = sum(kept) + modifier, faces in 1..sides, a die goes on only after a max face', () => {
    fc.assert(
      fc.property(spec, fc.integer(), (s, seed) => {
        const rng = new Rng(seedState(seed))
        const r = new DiceBox(rng).roll(s, 'prop')
        const sides = s.kind === 'keep' ? 10 : s.sides
        const count = s.kind === 'keep' ? s.roll : s.count
        const keep = s.kind === 'keep' ? s.keep : s.count

        expect(r.notation).toBe(formatNotation(s))
        expect(r.manual).toBe(false)
        expect(r.dice).toHaveLength(count)
        expect(r.kept).toHaveLength(keep)
        expect(r.total).toBe(r.kept.reduce((a, b) => a + b, 0) + s.modifier)
        for (const f of r.faces) {
          expect(Number.isInteger(f)).toBe(true)
          expect(f).toBeGreaterThanOrEqual(1)
          expect(f).toBeLessThanOrEqual(sides)
        }
        // Rebuild the dice from the faces: a die continues only after a max face, and only when exploding.
        const rebuilt: number[] = []
        let die = 0
        for (const f of r.faces) {
          die += f
          if (!(s.explode && f === sides)) {
            rebuilt.push(die)
            die = 0
          }
        }
        expect(die).toBe(0) // the last face ended a die
        expect(rebuilt).toEqual(r.dice)
        if (!s.explode) expect(r.faces).toHaveLength(count)
        // Kept dice are the highest, highest first.
        expect(r.kept).toEqual([...r.dice].sort((a, b) => b - a).slice(0, keep))
        // The breakdown adds up to the total.
        expect(r.breakdown.reduce((n, t) => n + t.value, 0)).toBe(r.total)
      }),
      { numRuns: 1000 }
    )
  })

  it('the same faces typed by hand give the same record as the generator did (but marked manual)', () => {
    fc.assert(
      fc.property(spec, fc.integer(), (s, seed) => {
        const generated = new DiceBox(new Rng(seedState(seed))).roll(s, 'p')
        const typed = new DiceBox(noRng(), generated.faces, 'manual').roll(s, 'p')
        expect(typed).toEqual({ ...generated, manual: true })
      }),
      { numRuns: 300 }
    )
  })
})
