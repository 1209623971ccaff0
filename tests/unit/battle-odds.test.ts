import { describe, expect, it } from 'vitest'
import { checkRuns, runSeed, tallyRuns, type RunEnd } from '../../src/shared/battle/odds'
import { alZabdiyat } from '../../src/shared/atrilia/preset'
import { startBattle as atriliaStart } from '../../src/shared/atrilia/engine'
import { simulate as atriliaSimulate } from '../../src/shared/atrilia/simulate'
import { galleysPreset } from '../../src/shared/galleys/preset'
import { startBattle as galleysStart } from '../../src/shared/galleys/engine'
import { simulate as galleysSimulate } from '../../src/shared/galleys/simulate'
import { startBattle as hsStart } from '../../src/shared/highseas/engine'
import { simulate as hsSimulate } from '../../src/shared/highseas/simulate'
import { corsairVsMerchant } from '../highseas-fixtures'

const fate = (win: boolean, escape = false, sunk = false, struck = false) => ({ win, escape, sunk, struck })

describe('the shared odds tally (battle/odds.ts)', () => {
  it('counts each side’s fates over the runs, run i playing with runSeed(seed, i), and reports progress up to the last run', () => {
    const seeds: number[] = []
    const progress: number[] = []
    // Run i: side A wins the even runs, side B the runs divisible by 3 when A does not, the rest undecided.
    const odds = tallyRuns(['a', 'b'], { runs: 6, seed: 9, onProgress: (done) => progress.push(done) }, 20, (rngSeed, i): RunEnd => {
      seeds.push(rngSeed)
      const a = i % 2 === 0
      const b = !a && i % 3 === 0
      return { turns: i + 1, decided: a || b, sides: [fate(a, false, b), fate(b, i === 5, a, a)] }
    })
    expect(seeds).toEqual([0, 1, 2, 3, 4, 5].map((i) => runSeed(9, i)))
    expect(progress).toEqual([1, 2, 3, 4, 5, 6])
    expect(odds.runs).toBe(6)
    expect(odds.maxTurns).toBe(20)
    expect(odds.meanTurns).toBe(21 / 6)
    expect(odds.sides.map((s) => s.side)).toEqual(['a', 'b'])
    expect(odds.sides[0]!.win.p).toBe(3 / 6) // runs 0, 2, 4
    expect(odds.sides[1]!.win.p).toBe(1 / 6) // run 3
    expect(odds.undecided.p).toBe(2 / 6) // runs 1, 5
    expect(odds.sides[0]!.sunk.p).toBe(1 / 6)
    expect(odds.sides[1]!.sunk.p).toBe(3 / 6)
    expect(odds.sides[1]!.struck.p).toBe(3 / 6)
    expect(odds.sides[1]!.escape.p).toBe(1 / 6)
  })

  it('no runs: nothing played, every chance unknown (0 within 0–1)', () => {
    const odds = tallyRuns(['a', 'b'], { runs: 0, seed: 1 }, 10, () => {
      throw new Error('no run should be played')
    })
    expect(odds.meanTurns).toBe(0)
    expect(odds.undecided).toEqual({ p: 0, low: 0, high: 1 })
  })

  it('a run count that is not a whole number of 0 or more is refused with a clear error, never rounded or clamped', () => {
    for (const bad of [2.5, -1, -0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => checkRuns(bad)).toThrow(/number of runs must be a whole number of 0 or more \(got /)
      expect(() => tallyRuns(['a'], { runs: bad, seed: 1 }, 10, () => ({ turns: 1, decided: false, sides: [fate(false)] }))).toThrow(RangeError)
    }
    expect(() => checkRuns(0)).not.toThrow()
    expect(() => checkRuns(3)).not.toThrow()
  })

  it('each ruleset’s simulator refuses such runs the same way (Galleys & Galleons, Atrilia, High Seas)', () => {
    const g = galleysPreset('assurance')
    const a = alZabdiyat(1)
    const h = corsairVsMerchant()
    for (const bad of [7.5, -3]) {
      const msg = `The number of runs must be a whole number of 0 or more (got ${bad}).`
      expect(() => galleysSimulate(g, galleysStart(g), { runs: bad, seed: 1 })).toThrow(msg)
      expect(() => atriliaSimulate(a, atriliaStart(a), { runs: bad, seed: 1 })).toThrow(msg)
      expect(() => hsSimulate(h, hsStart(h), { runs: bad, seed: 1 })).toThrow(msg)
    }
  })
})
