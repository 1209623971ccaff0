/**
 * Numbers in text (src/shared/numbers.ts): `fmt` writes a number as `toLocaleString('en')` does —
 * whole numbers grouped by its own fast path, everything else by the formatter.
 */
import { describe, expect, it } from 'vitest'
import { fmt } from '../../src/shared/numbers'

describe('fmt', () => {
  it('writes every number as toLocaleString("en") does', () => {
    const fixed = [0, -0, 1, -1, 7, 12, 999, -999, 1000, -1000, 1001, 9999, 12345, 100000, 123456, 999999, 1000000, -1234567, 9876543210, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, -(2 ** 53), 1e21, 0.5, -0.25, 1234.5678, 1234.0005, NaN, Infinity, -Infinity]
    // Every length of whole number, both signs, and fractions (a fixed generator: the same numbers every run).
    let x = 12345
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648
    const spread: number[] = []
    for (let digits = 1; digits <= 16; digits++) for (let i = 0; i < 50; i++) spread.push(Math.floor((next() - 0.5) * 10 ** digits), (next() - 0.5) * 10 ** digits)
    for (const n of [...fixed, ...spread]) expect(fmt(n), String(n)).toBe(n.toLocaleString('en'))
  })

  it('groups by threes', () => {
    expect([fmt(1234567), fmt(-1000), fmt(999), fmt(-0)]).toEqual(['1,234,567', '-1,000', '999', '-0'])
  })
})
