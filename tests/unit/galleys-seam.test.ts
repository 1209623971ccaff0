import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DiceBox } from '../../src/shared/dice/roll'
import { Rng, seedState } from '../../src/shared/dice/rng'
import { boxDice, fastDice } from '../../src/shared/highseas/dice'
import { aiOrders } from '../../src/shared/galleys/ai'
import { activePlayer, checkOrders, dryRun, outcomeOf, prep, resolveStep, startBattle } from '../../src/shared/galleys/engine'
import { galleysPreset, GALLEYS_PRESETS } from '../../src/shared/galleys/preset'
import { galleysRuleset, replayGalleys } from '../../src/shared/galleys/ruleset'
import { playOut, simulate } from '../../src/shared/galleys/simulate'
import { runSeed } from '../../src/shared/battle/odds'
import { GALLEYS_TABLE_DEFS } from '../../src/shared/galleys/tables'
import { RULE_TABLES } from '../../src/shared/rules/tables'
import { CAUSES, STICKS, type Action, type GalleysOrders, type GalleysSetup, type GalleysState } from '../../src/shared/galleys/types'
import { assertPossible } from './galleys-helpers'

type Pick = (n: number) => number
const chooser = (seed: number): Pick => {
  const rng = new Rng(seedState(seed))
  return (n) => rng.int(0, n - 1)
}

/** Random orders that pass the check: candidate actions tried one by one, the legal ones kept. */
function randomOrders(setup: GalleysSetup, st: GalleysState, pick: Pick): GalleysOrders {
  const pre = prep(setup)
  // One step in four does not end the turn (the page resolves at once an action that rolls dice).
  const orders: GalleysOrders = { order: null, actions: [], endTurn: pick(4) !== 0 }
  if (st.index === 0 && !st.midTurn && pick(4) === 0) {
    const o = [...pre.players]
    for (let i = o.length - 1; i > 0; i--) {
      const j = pick(i + 1)
      ;[o[i], o[j]] = [o[j]!, o[i]!]
    }
    orders.order = o
  }
  const player = orders.order ? orders.order[0]! : activePlayer(st)
  const ids = pre.ids
  const any = () => ids[pick(ids.length)]!
  const mine = ids.filter((id) => pre.ships.get(id)!.player === player)
  for (let tries = 0; tries < 40 && orders.actions.length < 14; tries++) {
    const now = dryRun(setup, st, orders)
    const act = now.act
    const me = act ? act.ship : mine[pick(mine.length)]!
    const other = any()
    let a: Action
    switch (pick(14)) {
      case 0:
      case 1:
        a = { kind: 'activate', ship: mine[pick(mine.length)]!, actions: pick(4) }
        break
      case 2:
      case 3:
      case 4:
        a = { kind: 'move', ship: me, stick: STICKS[pick(3)]!, turn: [0, 0, 30, -30, 60, -90, 135][pick(7)]!, razee: pick(4) === 0 }
        break
      case 5: {
        const s = now.state.ships[me]!
        a = { kind: 'place', ship: me, at: { x: s.at.x + pick(200) - 100, y: s.at.y + pick(200) - 100 }, facing: pick(360) }
        break
      }
      case 6: {
        const beat = pick(2) === 0
        const odd = beat && pick(3) === 0
        a = { kind: 'shoot', ship: me, target: other, weapon: pick(3) === 0 ? 'smallArms' : 'gunnery', beat, odd, hits: beat && !odd ? pick(4) : 0, doubled: pick(4) === 0, criticals: beat && !odd ? pick(2) : 0 }
        break
      }
      case 7:
        a = { kind: 'damage', ship: other, cause: CAUSES[pick(CAUSES.length)]!, hits: pick(4), doubled: pick(3) === 0, criticals: pick(3), mutiny: pick(5) === 0 }
        break
      case 8:
        a = { kind: 'collide', ship: any(), other }
        break
      case 9:
        a = pick(2) ? { kind: 'grapple', ship: any(), other } : { kind: 'ungrapple', ship: any(), other }
        break
      case 10:
        a = { kind: 'board', ship: any(), target: other, struck: (['none', 'target', 'ship'] as const)[pick(3)]! }
        break
      case 11:
        a = pick(6) === 0 ? { kind: 'strike', ship: any() } : { kind: 'exit', ship: me }
        break
      case 12:
        a = pick(2) ? { kind: 'fightFire', ship: me, cutGrapplesWith: pick(2) ? other : null } : { kind: 'knotAndSplice', ship: me }
        break
      default:
        a = pick(2) ? { kind: 'altitude', ship: me, high: pick(2) === 0 } : { kind: 'submerge', ship: me, submerged: pick(2) === 0 }
    }
    orders.actions.push(a)
    if (checkOrders(setup, st, orders).length) orders.actions.pop()
  }
  if (!orders.endTurn && st.midTurn && !orders.actions.length) orders.endTurn = true
  return orders
}

/** A mixed fleet: every hull kind and propulsion, Lucky and Razee, on a preset's table. */
function mixed(seed: number): GalleysSetup {
  const base = galleysPreset('scillyStrait', seed)
  const kinds = [
    { hull: 'surface', propulsion: 'sail' },
    { hull: 'surface', propulsion: 'galley' },
    { hull: 'submersible', propulsion: 'steam' },
    { hull: 'airship', propulsion: 'unorthodox' },
    { hull: 'surface', propulsion: 'ornithopter' },
    { hull: 'airship', propulsion: 'gyrocopter' }
  ] as const
  return {
    ...base,
    ships: base.ships.map((s, i) => ({ ...s, ...kinds[i % kinds.length]!, traits: i === 1 ? [...s.traits, { name: 'Lucky', note: '' }, { name: 'Sluggish', note: '' }] : s.traits }))
  }
}

describe('Galleys & Galleons table: fuzz, replay and the AI (seed 000)', () => {
  it('seed 000 fuzz: random legal orders, many battles — no crash, no impossible state, input never mutated, each ends within its turns', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (seed, choice, useMixed) => {
        const setup = useMixed ? mixed(seed) : galleysPreset((['assurance', 'scillyLand', 'scillyStrait'] as const)[seed % 3]!, seed)
        const pick = chooser(choice)
        let st = startBattle(setup)
        const dice = boxDice(new DiceBox(new Rng(seedState(seed))))
        let steps = 0
        const bound = prep(setup).turns * setup.players.length
        while (!st.outcome) {
          const o = pick(3) === 0 ? aiOrders(setup, st) : randomOrders(setup, st, pick)
          const before = JSON.stringify(st)
          const next = resolveStep(setup, st, o, dice).state
          expect(JSON.stringify(st)).toBe(before)
          st = next
          assertPossible(setup, st)
          if (o.endTurn) steps++
          expect(steps).toBeLessThanOrEqual(bound)
        }
        expect(st.turn).toBeLessThanOrEqual(prep(setup).turns + 1)
      }),
      { numRuns: 20 }
    )
  }, 120_000)

  it('seed 000 replay: the setup and each step’s orders and typed faces give the same state', () => {
    for (const seed of [6, 17]) {
      const setup = mixed(seed)
      const pick = chooser(seed * 7)
      let st = startBattle(setup)
      const steps: { orders: GalleysOrders; dice?: number[] }[] = []
      while (!st.outcome && steps.length < 60) {
        const orders = pick(2) === 0 ? randomOrders(setup, st, pick) : aiOrders(setup, st)
        const typed = pick(4) === 0 ? Array.from({ length: 1 + pick(2) }, () => 1 + pick(6)) : undefined
        st = resolveStep(setup, st, orders, boxDice(new DiceBox(new Rng(st.rng), typed ?? [], 'app'))).state
        steps.push(typed ? { orders, dice: typed } : { orders })
      }
      expect(steps.length).toBeGreaterThan(2)
      expect(replayGalleys(setup, steps)).toEqual(st)
      expect(galleysRuleset.replay(setup, steps, setup.seed)).toEqual(st)
    }
  })

  it('seed 000 AI: its orders for any player always pass the check, and whole AI battles on every preset end', () => {
    for (const key of Object.keys(GALLEYS_PRESETS) as (keyof typeof GALLEYS_PRESETS)[]) {
      for (const seed of [1, 2, 5]) {
        const setup = galleysPreset(key, seed)
        let st = startBattle(setup)
        const dice = fastDice(seedState(seed))
        const kinds = new Set<string>()
        while (!st.outcome) {
          const o = aiOrders(setup, st)
          expect(checkOrders(setup, st, o)).toEqual([])
          expect(galleysRuleset.check(setup, st, o)).toEqual([])
          const r = resolveStep(setup, st, o, dice)
          for (const e of r.report.events) kinds.add(e.kind)
          st = r.state
        }
        expect(kinds.has('move')).toBe(true)
        expect(kinds.has('weather')).toBe(true)
      }
    }
    const m = mixed(9)
    let st = startBattle(m)
    const dice = fastDice(seedState(9))
    while (!st.outcome) {
      const o = aiOrders(m, st)
      expect(checkOrders(m, st, o)).toEqual([])
      st = resolveStep(m, st, o, dice).state
    }
  })

  it('seed 000 odds: the simulator is deterministic, its chances sum to one, and run 0 is the AI battle played step by step', () => {
    const setup = galleysPreset('assurance')
    const st = startBattle(setup)
    const a = simulate(setup, st, { runs: 8, seed: 11 })
    expect(simulate(setup, st, { runs: 8, seed: 11 })).toEqual(a)
    expect(a.sides.map((s) => s.side)).toEqual(['commonwealth', 'royalists'])
    expect(a.sides[0]!.win.p + a.sides[1]!.win.p + a.undecided.p).toBeCloseTo(1, 10)
    const dice = fastDice(seedState(runSeed(11, 0)))
    let s = st
    while (!s.outcome) s = resolveStep(setup, s, aiOrders(setup, s), dice).state
    expect(playOut(setup, st, runSeed(11, 0)).state).toEqual(s)
  })

  it('seed 000 hand dice: too few faces typed is NeedsDice, and the state given is untouched', async () => {
    const { NeedsDice } = await import('../../src/shared/dice/roll')
    const setup = galleysPreset('scillyLand')
    const st = startBattle(setup)
    const before = JSON.stringify(st)
    const orders = galleysRuleset.ordersSchema.parse({ actions: [{ kind: 'damage', ship: 'clontarf', cause: 'gunnery', hits: 3 }] })
    // Weather die 1, then the excess critical's red die is missing.
    expect(() => resolveStep(setup, st, orders, boxDice(new DiceBox(new Rng(st.rng), [1, 2], 'manual')))).toThrow(NeedsDice)
    expect(JSON.stringify(st)).toBe(before)
    const done = resolveStep(setup, st, orders, boxDice(new DiceBox(new Rng(st.rng), [1, 2, 4], 'manual'))).state
    expect(done.ships.clontarf).toMatchObject({ hits: 1, status: 'struck' })
  })

  it('the seam: the galleys ruleset names its step by turn and player, refuses illegal orders with every problem, and registers its tables', () => {
    const setup = galleysPreset('scillyLand')
    const st = galleysRuleset.start(setup, 4)
    expect(galleysRuleset.step(setup, st)).toEqual({ turn: 1, phase: 'turn', label: 'Turn 1 — Dutch', side: 'dutch', diceOnly: false })
    const bad = galleysRuleset.ordersSchema.parse({ order: ['dutch'], actions: [{ kind: 'move', ship: 'clontarf', stick: 'long' }, { kind: 'activate', ship: 'nobody', actions: 2 }] })
    const problems = galleysRuleset.check(setup, st, bad)
    expect(problems.map((p) => p.path)).toEqual([['order'], ['actions', 0], ['actions', 1]])
    const bad2 = galleysRuleset.ordersSchema.parse({ actions: [{ kind: 'move', ship: 'clontarf', stick: 'long' }, { kind: 'activate', ship: 'nobody', actions: 2 }] })
    expect(galleysRuleset.check(setup, st, bad2)).toEqual([
      { path: ['actions', 0], message: "action 1: Clontarf is not Dutch's ship: a move is for the player whose turn it is" },
      { path: ['actions', 1], message: 'action 2: there is no ship "nobody" in this battle' }
    ])
    expect(() => galleysRuleset.resolve(setup, st, bad2, fastDice(seedState(1)))).toThrow(/Clontarf is not Dutch's ship/)
    expect(galleysRuleset.aiOrders(setup, st, ['privateers'])).toEqual({ order: null, actions: [], endTurn: true })
    expect(galleysRuleset.outcome(setup, st)).toBeNull()
    for (const [k, def] of Object.entries(GALLEYS_TABLE_DEFS)) {
      expect((RULE_TABLES as Record<string, unknown>)[k]).toBe(def)
      expect(def.schema.safeParse(def.defaults).success).toBe(true)
      expect(def.source).toMatch(/[Ss]eed 000|house default/)
    }
    // Every ship of the presets as the seed gives them.
    const duel = galleysPreset('assurance')
    expect(duel.ships.map((s) => [s.name, s.quality, s.combat, s.points, s.traits.map((t) => t.name)])).toEqual([
      ['Assurance', 3, 3, 36, ['Square Rigged', 'Drilled Soldiers']],
      ['Constant Reformation', 4, 3, 36, ['Square Rig', 'Trained Gun Crews', 'Charismatic']]
    ])
    expect(setup.ships.map((s) => [s.name, s.quality, s.combat])).toEqual([
      ['Curacao', 3, 2],
      ['St. Barnabas', 3, 2],
      ['Gouda', 3, 2],
      ['Clontarf', 3, 1],
      ['Liffey', 3, 1],
      ['St Peter', 3, 2]
    ])
    expect(setup.ships[0]!.traits.map((t) => t.name)).toEqual(['Galleon Rig', 'Merchantman', 'Razee', 'Shallow Draft', 'Yare'])
    expect(setup.ships[5]!.traits.map((t) => t.name)).toEqual(['Square Rig', 'Shallow Draft', 'Swashbucklers', 'Yare'])
  })
})

describe('Galleys & Galleons setup', () => {
  it('rules guide §4: a setup naming an unknown player, a ship twice or a wind point off the gauge is refused at the field', async () => {
    const { GalleysSetup } = await import('../../src/shared/galleys/types')
    const base = { ...GALLEYS_PRESETS.assurance }
    const r = GalleysSetup.safeParse({
      ...base,
      wind: { direction: 16, marker: null },
      ships: [...base.ships, { ...base.ships[0]!, player: 'spain' }]
    })
    expect(r.success).toBe(false)
    const issues = r.error!.issues.map((i) => [i.path.join('.'), i.message])
    expect(issues).toEqual([
      ['ships.2.id', 'the ship "assurance" is listed twice'],
      ['ships.2.player', 'there is no player "spain" in this battle'],
      ['wind.direction', 'the gauge has points 0 to 15']
    ])
    expect(GalleysSetup.safeParse(base).success).toBe(true)
  })
})

describe('Galleys & Galleons: who won, in words (README rule notes, "Who won": house default)', () => {
  const setup = galleysPreset('scillyLand', 3)
  const pre = prep(setup)
  const withStatus = (st: GalleysState, status: Record<string, GalleysState['ships'][string]['status']>): GalleysState => ({
    ...st,
    ships: Object.fromEntries(Object.entries(st.ships).map(([id, s]) => [id, { ...s, status: status[id] ?? s.status }]))
  })
  const dutch = setup.ships.filter((s) => s.player === 'dutch').map((s) => s.id)
  const privateers = setup.ships.filter((s) => s.player === 'privateers').map((s) => s.id)

  it('only one player still fighting and winning: named once, the tally given, no "alone has"', () => {
    const st = withStatus(startBattle(setup), Object.fromEntries(dutch.map((id) => [id, 'sunk' as const])))
    const o = outcomeOf(pre, st)!
    expect(o.winner).toBe('privateers')
    expect(o.reason).toBe('the only ships still fighting belong to the Privateers, who won on the tally (Dutch 0 ships, Privateers 3 ships)')
  })

  it('the one still fighting is not the winner: both named, with "but"; a draw says so', () => {
    // Two Dutch ships leave by their exit (2 to the Dutch); one privateer is sunk (1 to the Dutch), the others strike.
    const status = { [dutch[0]!]: 'exited', [dutch[1]!]: 'exited', [privateers[0]!]: 'sunk', [privateers[1]!]: 'struck', [privateers[2]!]: 'struck' } as const
    const o = outcomeOf(pre, withStatus(startBattle(setup), { ...status, [dutch[2]!]: 'afloat' }))!
    expect(o.reason).toMatch(/^the only ships still fighting belong to the Dutch, who won on the tally \(Dutch 5 ships, Privateers 0 ships\)$/)
    const exitsOnly = { [dutch[0]!]: 'exited', [dutch[1]!]: 'exited', [dutch[2]!]: 'sunk', [privateers[0]!]: 'sunk', [privateers[1]!]: 'sunk' } as const
    const b = outcomeOf(pre, withStatus(startBattle(setup), exitsOnly))!
    // Dutch: 2 exits + 2 privateers sunk = 4; Privateers: 1 Dutch sunk = 1 — the one still fighting (a privateer) does not win.
    expect(b).toEqual({ winner: 'dutch', reason: 'the only ships still fighting belong to the Privateers, but the Dutch won on the tally (Dutch 4 ships, Privateers 1 ship)' })
    const even = { [dutch[0]!]: 'sunk', [dutch[1]!]: 'sunk', [dutch[2]!]: 'sunk', [privateers[0]!]: 'sunk', [privateers[1]!]: 'sunk', [privateers[2]!]: 'sunk' } as const
    expect(outcomeOf(pre, withStatus(startBattle(setup), even))).toEqual({ winner: null, reason: 'no ship is still fighting: a draw on the tally (Dutch 3 ships, Privateers 3 ships)' })
  })

  it('a side named with its own article (a converted encounter’s squadron) is not given a second one', () => {
    const named = { ...setup, players: setup.players.map((p) => ({ ...p, name: p.id === 'dutch' ? 'The squadron' : 'Our side' })) }
    const o = outcomeOf(prep(named), withStatus(startBattle(named), Object.fromEntries(dutch.map((id) => [id, 'sunk' as const]))))!
    expect(o.reason).toBe('the only ships still fighting belong to our side, who won on the tally (The squadron 0 ships, Our side 3 ships)')
    const status = { [dutch[0]!]: 'exited', [dutch[1]!]: 'exited', [dutch[2]!]: 'sunk', [privateers[0]!]: 'sunk', [privateers[1]!]: 'sunk' } as const
    expect(outcomeOf(prep(named), withStatus(startBattle(named), status))!.reason).toBe(
      'the only ships still fighting belong to our side, but the squadron won on the tally (The squadron 4 ships, Our side 1 ship)'
    )
  })
})
