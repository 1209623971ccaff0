/**
 * Dice notation (RULES.md §1): XkY, XkYn, Nd10, Nd10!, Nd6, each with an optional +N / -N.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatNotation, MAX_DICE, NotationError, parseNotation, type DiceSpec } from '../../src/shared/dice/notation'

describe('parsing', () => {
  it.each<[string, DiceSpec]>([
    ['2k2', { kind: 'keep', roll: 2, keep: 2, explode: true, modifier: 0 }],
    ['5k3', { kind: 'keep', roll: 5, keep: 3, explode: true, modifier: 0 }],
    ['1k1n', { kind: 'keep', roll: 1, keep: 1, explode: false, modifier: 0 }],
    ['3k2n-4', { kind: 'keep', roll: 3, keep: 2, explode: false, modifier: -4 }],
    ['1d10', { kind: 'sum', count: 1, sides: 10, explode: false, modifier: 0 }],
    ['5d10', { kind: 'sum', count: 5, sides: 10, explode: false, modifier: 0 }],
    ['3d10!', { kind: 'sum', count: 3, sides: 10, explode: true, modifier: 0 }],
    ['2d6+1', { kind: 'sum', count: 2, sides: 6, explode: false, modifier: 1 }],
    ['60d6', { kind: 'sum', count: 60, sides: 6, explode: false, modifier: 0 }]
  ])('%s', (text, spec) => {
    expect(parseNotation(text)).toEqual(spec)
  })

  it('RULES.md §1: the seed\'s capital K reads as roll and keep ("2K2", "1K1+2", "5K5" in seed 003)', () => {
    expect(parseNotation('2K2')).toEqual({ kind: 'keep', roll: 2, keep: 2, explode: true, modifier: 0 })
    expect(parseNotation('1K1+2')).toEqual({ kind: 'keep', roll: 1, keep: 1, explode: true, modifier: 2 })
    expect(parseNotation('5K5')).toMatchObject({ kind: 'keep', roll: 5, keep: 5, explode: true })
    expect(parseNotation('1D10')).toMatchObject({ kind: 'sum', count: 1, sides: 10 })
  })

  it('RULES.md §1: "n" marks a roll-and-keep as non-exploding (seed 003 Wet Sails: "1K1 (non-exploding)")', () => {
    expect(parseNotation('1k1n').explode).toBe(false)
    expect(parseNotation('1K1N').explode).toBe(false)
    expect(parseNotation('1k1').explode).toBe(true)
  })

  it('RULES.md §1: Nd10 never explodes, Nd10! does', () => {
    expect(parseNotation('2d10').explode).toBe(false)
    expect(parseNotation('2d10!').explode).toBe(true)
  })

  it('ignores spaces and case', () => {
    expect(parseNotation(' 1 k 1 + 2 ')).toEqual(parseNotation('1k1+2'))
    expect(parseNotation('\t3D10 !\n')).toEqual(parseNotation('3d10!'))
  })
})

describe('bad notation', () => {
  it.each([
    ['abc'],
    [''],
    ['   '],
    ['2d8'],
    ['d10'],
    ['k2'],
    ['2k'],
    ['2k2!'],
    ['2d10n'],
    ['2d10+'],
    ['2d10+12345'],
    ['123k1'],
    ['1000d6'],
    ['2k2+1+1'],
    ['2 k 2 x']
  ])('%j is refused, telling the GM which forms exist', (text) => {
    let err: unknown
    try {
      parseNotation(text)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(NotationError)
    const message = (err as Error).message
    expect(message).toContain(`"${text}" is not dice notation`)
    for (const form of ['XkY', 'XkYn', 'Nd10', 'Nd10!', 'Nd6', '+N or -N']) expect(message).toContain(form)
  })

  it.each([
    ['0k0', 'roll between 1 and 60 dice'],
    ['0k1', 'roll between 1 and 60 dice'],
    ['61k2', 'roll between 1 and 60 dice'],
    ['3k4', 'keep between 1 and 3 dice'],
    ['3k0', 'keep between 1 and 3 dice'],
    ['1k2n', 'keep between 1 and 1 dice'],
    ['0d10', `roll between 1 and ${MAX_DICE} dice`],
    [`${MAX_DICE + 1}d6`, `roll between 1 and ${MAX_DICE} dice`],
    ['999d10!', `roll between 1 and ${MAX_DICE} dice`]
  ])('%j → "%s", quoting what was typed', (text, message) => {
    expect(() => parseNotation(text)).toThrow(NotationError)
    expect(() => parseNotation(text)).toThrow(`"${text}": ${message}.`)
  })
})

describe('formatting', () => {
  it.each([
    ['2K2', '2k2'],
    ['1K1+2', '1k1+2'],
    ['1k1N', '1k1n'],
    ['3d10!-03', '3d10!-3'],
    ['2d6+0', '2d6'],
    ['1k1-0', '1k1'],
    [' 5 D 10 ', '5d10']
  ])('%j is written canonically as %j', (text, canonical) => {
    expect(formatNotation(parseNotation(text))).toBe(canonical)
  })

  const spec: fc.Arbitrary<DiceSpec> = fc.oneof(
    fc
      .record({ roll: fc.integer({ min: 1, max: MAX_DICE }), keepFrac: fc.double({ min: 0, max: 1, noNaN: true }), explode: fc.boolean(), modifier: fc.integer({ min: -9999, max: 9999 }) })
      .map(({ roll, keepFrac, explode, modifier }) => ({
        kind: 'keep' as const,
        roll,
        keep: Math.max(1, Math.min(roll, Math.ceil(keepFrac * roll))),
        explode,
        modifier
      })),
    fc.record({
      kind: fc.constant('sum' as const),
      count: fc.integer({ min: 1, max: MAX_DICE }),
      sides: fc.constantFrom(6 as const, 10 as const),
      explode: fc.boolean(),
      modifier: fc.integer({ min: -9999, max: 9999 })
    })
  )

  it('round trip: parse(format(spec)) is the spec, and format(parse(text)) is a fixed point', () => {
    fc.assert(
      fc.property(spec, (s) => {
        const text = formatNotation(s)
        expect(parseNotation(text)).toEqual(s)
        expect(formatNotation(parseNotation(text))).toBe(text)
        expect(parseNotation(text.toUpperCase())).toEqual(s)
      }),
      { numRuns: 500 }
    )
  })

  it('never throws anything but NotationError, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        try {
          const s = parseNotation(text)
          // Whatever parses formats to something that parses to the same spec.
          expect(parseNotation(formatNotation(s))).toEqual({ ...s, modifier: s.modifier === 0 ? 0 : s.modifier })
        } catch (e) {
          expect(e).toBeInstanceOf(NotationError)
        }
      }),
      { numRuns: 500 }
    )
  })
})
