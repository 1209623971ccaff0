import { afterAll, describe, expect, it } from 'vitest'
import { ODDS_POOL_SIZE, ODDS_WORKERS, OddsStopped, closeOddsPool, oddsPoolState, oddsWorkers, runOdds, runSteppedOdds, setOddsWorkers, sharesOf } from '../../src/main/highseas/odds'
import { simulate as simulateGalleys } from '../../src/shared/galleys/simulate'
import { galleysPreset } from '../../src/shared/galleys/preset'
import { startBattle as startGalleys } from '../../src/shared/galleys/engine'
import { startHost } from '../../src/main/http/host'
import { contracts } from '../../src/shared/commands'
import { ODDS_MAX_RUNS } from '../../src/shared/commands/battles'
import { dropSample, openSample, seaDogVsMerchantman } from './battles-ops'
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

afterAll(dropSample)

describe('the odds pool: runs shared out over worker threads (issue 22)', () => {
  afterAll(() => setOddsWorkers(ODDS_WORKERS))

  it('cuts the runs into even shares in order, none empty', () => {
    expect(sharesOf(10_000, 2)).toEqual([
      [0, 5000],
      [5000, 10_000]
    ])
    expect(sharesOf(10, 4)).toEqual([
      [0, 2],
      [2, 5],
      [5, 7],
      [7, 10]
    ])
    expect(sharesOf(3, 8)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3]
    ])
    expect(sharesOf(0, 2)).toEqual([[0, 0]])
  })

  it('1, 2 and 4 workers give the same odds as simulate in one thread: High Seas, this turn as ordered, and a stepped ruleset', async () => {
    const setup = corsairVsMerchant(4)
    const state = startBattle(setup)
    const firstTurn = { ships: { corsair: { tactic: 'evade' as const, circleAgainst: [], brilliantManeuver: true, fire: [], strike: false, clearAnchor: false } } }
    const g = galleysPreset('assurance')
    const gs = startGalleys(g)
    const inThread = simulate(setup, state, { runs: 997, seed: 31 })
    const asOrdered = simulate(setup, state, { runs: 301, seed: 32, firstTurn })
    const galleys = { mode: 'ai', ...simulateGalleys(g, gs, { runs: 23, seed: 33 }) }
    expect(asOrdered.mode).toBe('asOrdered')
    for (const workers of [1, 2, 4]) {
      setOddsWorkers(workers)
      expect(oddsWorkers()).toBe(workers)
      const { ms: _a, ...hs } = await runOdds(setup, state, 997, undefined, { seed: 31 })
      expect(hs).toEqual(inThread)
      const { ms: _b, ...ordered } = await runOdds(setup, state, 301, undefined, { seed: 32, firstTurn })
      expect(ordered).toEqual(asOrdered)
      const { ms: _c, ...stepped } = await runSteppedOdds('galleys', g, gs, 23, undefined, { seed: 33 })
      expect(stepped).toEqual(galleys)
    }
  })

  it('closing the pool stops a running simulation; the pool starts again when odds are next asked for', async () => {
    setOddsWorkers(2)
    const setup = corsairVsMerchant(8)
    const state = startBattle(setup)
    const long = runOdds(setup, state, ODDS_MAX_RUNS, undefined, { key: 'closing' }).catch((e: Error) => e)
    expect(oddsPoolState().running).toBe(1)
    await closeOddsPool()
    const stopped = await long
    expect(stopped).toBeInstanceOf(OddsStopped)
    expect((stopped as Error).message).toMatch(/Quarterdeck is closing/)
    expect(oddsPoolState()).toEqual({ running: 0, waiting: 0 })
    const { ms: _ms, ...again } = await runOdds(setup, state, 50, undefined, { seed: 5 })
    expect(again).toEqual(simulate(setup, state, { runs: 50, seed: 5 }))
  })
})

describe('odds workers are bounded and cancellable (issue 14)', () => {
  const idle = () => expect.poll(() => oddsPoolState(), { timeout: 15_000 }).toEqual({ running: 0, waiting: 0 })

  it('one simulation per battle: a new request for the same battle stops the old one, which rejects as stopped', async () => {
    const setup = corsairVsMerchant(5)
    const state = startBattle(setup)
    const first = runOdds(setup, state, ODDS_MAX_RUNS, undefined, { key: 'battle-1' })
    const firstOutcome = first.then(() => 'finished', (e: Error) => e)
    expect(oddsPoolState().running).toBe(1)
    const second = runOdds(setup, state, 200, undefined, { key: 'battle-1' })
    const stopped = await firstOutcome
    expect(stopped).toBeInstanceOf(OddsStopped)
    expect((stopped as Error).message).toMatch(/a newer request for the same battle replaced them/)
    expect(oddsPoolState().running).toBe(1) // only the new one
    expect((await second).runs).toBe(200)
    await idle()
  })

  it(`at most ${ODDS_POOL_SIZE} simulations run at once; the other requests wait their turn and all finish`, async () => {
    const setup = corsairVsMerchant(6)
    const state = startBattle(setup)
    let most = 0
    const watch = setInterval(() => (most = Math.max(most, oddsPoolState().running)), 5)
    const jobs = Array.from({ length: ODDS_POOL_SIZE + 3 }, (_, i) => runOdds(setup, state, 300, undefined, { key: `battle-${i}` }))
    expect(oddsPoolState()).toEqual({ running: ODDS_POOL_SIZE, waiting: 3 })
    const results = await Promise.all(jobs)
    clearInterval(watch)
    expect(results.map((r) => r.runs)).toEqual(Array(ODDS_POOL_SIZE + 3).fill(300))
    expect(most).toBeLessThanOrEqual(ODDS_POOL_SIZE)
    await idle()
  })

  it('an aborted signal stops a running simulation and frees its worker; one aborted while it waits never starts', async () => {
    const setup = corsairVsMerchant(7)
    const state = startBattle(setup)
    const blockers = Array.from({ length: ODDS_POOL_SIZE }, () => new AbortController())
    const running = blockers.map((c, i) => runOdds(setup, state, ODDS_MAX_RUNS, undefined, { key: `b${i}`, signal: c.signal }).catch((e: Error) => e))
    const waitingCtl = new AbortController()
    const queued = runOdds(setup, state, ODDS_MAX_RUNS, undefined, { key: 'queued', signal: waitingCtl.signal }).catch((e: Error) => e)
    expect(oddsPoolState()).toEqual({ running: ODDS_POOL_SIZE, waiting: 1 })
    waitingCtl.abort()
    expect(await queued).toBeInstanceOf(OddsStopped)
    expect(oddsPoolState()).toEqual({ running: ODDS_POOL_SIZE, waiting: 0 })
    for (const c of blockers) c.abort()
    for (const r of await Promise.all(running)) expect((r as Error).message).toMatch(/the window that asked for them was closed/)
    await idle()
  })

  it('battles.odds over HTTP: a client that hangs up stops its simulation', async () => {
    const s = await openSample()
    const host = await startHost({ door: s.t.door, token: 'odds-token', port: 0 })
    try {
      const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
      const client = new AbortController()
      const reply = fetch(`${host.url}api/battles.odds`, {
        method: 'POST',
        headers: { authorization: 'Bearer odds-token', 'content-type': 'application/json' },
        body: JSON.stringify({ battleId, runs: ODDS_MAX_RUNS }),
        signal: client.signal
      }).catch((e: Error) => e)
      await expect.poll(() => oddsPoolState().running, { timeout: 15_000 }).toBe(1)
      client.abort()
      expect(await reply).toBeInstanceOf(Error)
      await idle()
      // The door is free and the campaign unchanged by it: another request runs to the end.
      const r = await fetch(`${host.url}api/battles.odds`, {
        method: 'POST',
        headers: { authorization: 'Bearer odds-token', 'content-type': 'application/json' },
        body: JSON.stringify({ battleId, runs: 100 })
      })
      expect(r.status).toBe(200)
      expect(((await r.json()) as { runs: number }).runs).toBe(100)
    } finally {
      await host.close()
      await s.t.cleanup()
    }
  })

  it(`the schema caps runs at ${ODDS_MAX_RUNS.toLocaleString('en')}`, () => {
    const input = contracts['battles.odds'].input
    expect(input.safeParse({ battleId: 1, runs: ODDS_MAX_RUNS }).success).toBe(true)
    expect(input.safeParse({ battleId: 1, runs: ODDS_MAX_RUNS + 1 }).success).toBe(false)
  })
})
