import { describe, expect, it } from 'vitest'
import { runOdds } from '../../src/main/highseas/odds'
import { startBattle } from '../../src/shared/highseas/engine'
import { oddsSeed, simulate } from '../../src/shared/highseas/simulate'
import { corsairVsMerchant } from '../highseas-fixtures'

describe('the odds worker (battles.odds)', () => {
  it('returns the same numbers as simulate in-thread for the same seed, and reports progress', async () => {
    const setup = corsairVsMerchant(9)
    const state = startBattle(setup)
    const progress: [number, number][] = []
    const r = await runOdds(setup, state, 400, (done, runs) => progress.push([done, runs]), { seed: 77 })
    const { ms, ...data } = r
    expect(ms).toBeGreaterThanOrEqual(0)
    expect(data).toEqual(simulate(setup, state, { runs: 400, seed: 77 }))
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.at(-1)).toEqual([400, 400])
  })

  it('by default seeds from the battle and the turn (the same odds for the same turn)', async () => {
    const setup = corsairVsMerchant(3)
    const state = startBattle(setup)
    const r = await runOdds(setup, state, 100)
    const { ms: _ms, ...data } = r
    expect(data).toEqual(simulate(setup, state, { runs: 100, seed: oddsSeed(setup, state) }))
  })

  it('rejects when the simulation fails in the worker', async () => {
    const setup = corsairVsMerchant(3)
    const state = startBattle(setup)
    const broken = { ...state, participants: {} }
    await expect(runOdds(setup, broken, 10)).rejects.toThrow(/odds/)
  })
})
