import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seedState } from '../../src/shared/dice/rng'
import { aiOrders, aiStats, hitChance, ordersForTurn } from '../../src/shared/highseas/ai'
import { battleOver, checkOrders, currentStats, defaultOrders, fastDice, resolveTurn, startBattle } from '../../src/shared/highseas/engine'
import { RANGES, pairKey, type BattleSetup, type BattleState, type ParticipantState, type Range, type ShipOrders, type TurnOrders } from '../../src/shared/highseas/types'
import { battle, corsairVsMerchant, fort, ship } from '../highseas-fixtures'

/** A fresh battle with some pairs at given ranges and some participants' state changed. */
function at(setup: BattleSetup, ranges: Record<string, Range> = {}, patch: Record<string, Partial<ParticipantState>> = {}): BattleState {
  const s = structuredClone(startBattle(setup))
  for (const [k, r] of Object.entries(ranges)) {
    const [a, b] = k.split('-') as [string, string]
    s.ranges[pairKey(a, b)] = RANGES.indexOf(r)
  }
  for (const [id, p] of Object.entries(patch)) Object.assign(s.participants[id]!, p)
  return s
}

function legal(setup: BattleSetup, state: BattleState, id: string, o: ShipOrders) {
  const { problems } = checkOrders(setup, state, id, o)
  expect(problems, `${id}: ${JSON.stringify(o)}`).toEqual([])
}

const pirate = (id: string, side = 'pirates') => ship(id, 'corsair', 'heavy', { side, behaviour: 'corsair', crewKind: 'pirate' })
const merchant = (id: string, armament: 'light' | 'heavy' = 'heavy', side = 'merchants') => ship(id, 'merchantman', armament, { side, behaviour: 'merchant' })
const naval = (id: string, behaviour: 'patrol' | 'warship' | 'fleet', side = 'navy') => ship(id, 'smallWarship', 'heavy', { side, behaviour, crewKind: 'naval' })

describe('hit chance table', () => {
  it('n exploding d10 summed: P(≥ t)', () => {
    expect(hitChance(1, 1)).toBeCloseTo(1)
    expect(hitChance(1, 5)).toBeCloseTo(0.6)
    expect(hitChance(1, 10)).toBeCloseTo(0.1)
    expect(hitChance(1, 11)).toBeCloseTo(0.1) // a ten always adds at least 1
    expect(hitChance(1, 15)).toBeCloseTo(0.06)
    expect(hitChance(2, 2)).toBeCloseTo(1)
    expect(hitChance(2, 0)).toBe(1)
    expect(hitChance(2, 500)).toBe(0)
  })
})

describe('seed 003 III (behaviour paragraph): merchantmen "will try to evade if attacked"', () => {
  const setup = corsairVsMerchant()

  it('seed 003 III: a merchantman evades a corsair in sight', () => {
    const s = at(setup, { 'corsair-merchant': 'far' })
    const o = aiOrders(setup, s, 'merchant')
    expect(o.tactic).toBe('evade')
    expect(o.desperate).toBeUndefined()
    expect(o.grapple).toBeUndefined()
    legal(setup, s, 'merchant', o)
  })

  it('seed 003 III: she fires only her stern guns at the pursuer while it closes, and wets her sails within two steps', () => {
    const s = at(setup, { 'corsair-merchant': 'short' })
    const o = aiOrders(setup, s, 'merchant')
    expect(o.tactic).toBe('evade')
    expect(o.desperate).toBe('wetSails')
    expect(o.fire.map((f) => f.battery)).toEqual(['stern'])
    expect(o.fire[0]!.target).toBe('corsair')
    legal(setup, s, 'merchant', o)
  })

  it('seed 003 III: no Wet Sails once her rigging is more than half gone', () => {
    const s = at(setup, { 'corsair-merchant': 'short' }, { merchant: { riggingDamage: 13 } })
    expect(currentStats(setup, s, 'merchant').halfRigging).toBe(true)
    const o = aiOrders(setup, s, 'merchant')
    expect(o.tactic).toBe('evade')
    expect(o.desperate).toBeUndefined()
    legal(setup, s, 'merchant', o)
  })

  it('seed 003 III/IV: with the pursuer at Close she looses a broadside — grapeshot, the pirates outnumbering her fighters', () => {
    const s = at(setup, { 'corsair-merchant': 'close' })
    const o = aiOrders(setup, s, 'merchant')
    expect(o.tactic).toBe('evade')
    expect(o.fire).toHaveLength(1)
    expect(['port', 'starboard']).toContain(o.fire[0]!.battery)
    expect(o.fire[0]!.shot).toBe('grape')
    legal(setup, s, 'merchant', o)
  })

  it('seed 003 IV: she never orders a battery that is reloading', () => {
    const s = at(setup, { 'corsair-merchant': 'close' }, {})
    s.turn = 3
    s.participants.merchant!.firedOnTurn = { port: 2, starboard: 0, chasers: 0, stern: 0 }
    const o = aiOrders(setup, s, 'merchant')
    expect(o.fire.map((f) => f.battery)).toEqual(['starboard'])
    legal(setup, s, 'merchant', o)
  })
})

describe('seed 003 III (behaviour paragraph): corsairs "only attack Merchantmen, and will attempt to evade Warships"', () => {
  it('seed 003 III: a corsair bears down on the weakest merchantman, chasers while closing, aimed at the rigging', () => {
    // The merchantmen wet their sails and run, so she expects Medium after the chase; a chase gunner of
    // Gunnery 3 makes the rigging (TN +10) worth a shot there (the AI aims at the hull below a 10% chance).
    const c = ship('c', 'corsair', 'heavy', { side: 'pirates', behaviour: 'corsair', crewKind: 'pirate', extra: { gunners: { port: 1, starboard: 1, chasers: 3, stern: 1 } } })
    const setup = battle([c, merchant('big', 'heavy'), merchant('small', 'light')])
    const s = at(setup, { 'c-big': 'short', 'c-small': 'short' })
    const o = aiOrders(setup, s, 'c')
    expect(o.tactic).toBe('bearDown')
    expect(o.target).toBe('small')
    expect(o.fire).toEqual([{ battery: 'chasers', target: 'small', aim: 'rigging', shot: 'ball' }])
    legal(setup, s, 'c', o)
  })

  it('seed 003 III/V: at Close she fires a broadside at the hull and grapples, her fighters outnumbering the merchant’s', () => {
    const setup = corsairVsMerchant()
    const s = at(setup, { 'corsair-merchant': 'close' })
    const cs = currentStats(setup, s, 'corsair')
    const ms = currentStats(setup, s, 'merchant')
    expect(cs.fighters).toBeGreaterThan(ms.fighters)
    const o = aiOrders(setup, s, 'corsair')
    expect(o.tactic).toBe('bearDown')
    expect(o.grapple).toBe('merchant')
    expect(o.fire).toHaveLength(1)
    expect(o.fire[0]).toMatchObject({ target: 'merchant', aim: 'hull', shot: 'ball' })
    expect(['port', 'starboard']).toContain(o.fire[0]!.battery)
    legal(setup, s, 'corsair', o)
  })

  it('seed 003 V: she does not grapple a merchant whose fighters match hers', () => {
    const setup = battle([
      ship('c', 'corsair', 'light', { side: 'p', behaviour: 'corsair', crewKind: 'privateer' }),
      ship('m', 'galleon', 'heavy', { side: 'm', behaviour: 'merchant', extra: { marines: 60 } })
    ])
    const s = at(setup, { 'c-m': 'close' })
    const o = aiOrders(setup, s, 'c')
    expect(o.grapple).toBeUndefined()
    expect(o.tactic).toBe('bearDown')
    legal(setup, s, 'c', o)
  })

  it('seed 003 V: once grappled she boards', () => {
    const setup = corsairVsMerchant()
    const s = at(setup, { 'corsair-merchant': 'close' }, { corsair: { grappledWith: ['merchant'] }, merchant: { grappledWith: ['corsair'] } })
    const o = aiOrders(setup, s, 'corsair')
    expect(o.board).toBe('merchant')
    legal(setup, s, 'corsair', o)
  })

  it('seed 003 IV: aims at the hull once the prey is slowed (rigging more than half gone)', () => {
    const setup = corsairVsMerchant()
    const s = at(setup, { 'corsair-merchant': 'short' }, { merchant: { riggingDamage: 13 } })
    const o = aiOrders(setup, s, 'corsair')
    expect(o.fire.every((f) => f.aim === 'hull')).toBe(true)
    legal(setup, s, 'corsair', o)
  })

  it('seed 003 III: she evades a warship she recognises, but keeps after her prey while the warship is too far to recognise', () => {
    const setup = battle([pirate('c'), merchant('m', 'light'), naval('w', 'warship', 'merchants')])
    const far = at(setup, { 'c-m': 'medium', 'c-w': 'extreme', 'm-w': 'long' })
    const o1 = aiOrders(setup, far, 'c')
    expect(o1.tactic).toBe('bearDown')
    expect(o1.target).toBe('m')
    legal(setup, far, 'c', o1)
    const near = at(setup, { 'c-m': 'medium', 'c-w': 'long', 'm-w': 'long' })
    const o2 = aiOrders(setup, near, 'c')
    expect(o2.tactic).toBe('evade')
    legal(setup, near, 'c', o2)
  })

  it('seed 003 III: a corsair with no merchant to take does not pick a fight', () => {
    const setup = battle([pirate('c', 'a'), pirate('d', 'b')])
    const s = at(setup, { 'c-d': 'long' })
    expect(aiOrders(setup, s, 'c').tactic).toBe('evade')
  })
})

describe('seed 003 III (behaviour paragraph): patrols and warships attack pirates and enemies; patrols evade when outnumbered', () => {
  it('seed 003 III: a patrol ship bears down on a pirate', () => {
    const setup = battle([naval('p', 'patrol'), pirate('c')])
    const s = at(setup, { 'p-c': 'long' })
    const o = aiOrders(setup, s, 'p')
    expect(o.tactic).toBe('bearDown')
    expect(o.target).toBe('c')
    legal(setup, s, 'p', o)
  })

  it('seed 003 III: a patrol goes for the pirate before a nearer enemy merchantman', () => {
    const setup = battle([naval('p', 'patrol'), naval('p2', 'patrol'), pirate('c', 'enemies'), merchant('m', 'light', 'enemies')])
    const s = at(setup, { 'p-c': 'long', 'p-m': 'medium' })
    expect(aiOrders(setup, s, 'p').target).toBe('c')
  })

  it('seed 003 III: "If outnumbered, Patrol Ships may attempt to evade"', () => {
    const setup = battle([naval('p', 'patrol'), pirate('c1'), pirate('c2')])
    const s = at(setup, { 'p-c1': 'long', 'p-c2': 'far' })
    const o = aiOrders(setup, s, 'p')
    expect(o.tactic).toBe('evade')
    legal(setup, s, 'p', o)
  })

  it('seed 003 III: a solitary warship does not flee when outnumbered', () => {
    const setup = battle([naval('w', 'warship'), pirate('c1'), pirate('c2')])
    const s = at(setup, { 'w-c1': 'long', 'w-c2': 'far' })
    const o = aiOrders(setup, s, 'w')
    expect(o.tactic).toBe('bearDown')
    expect(o.target).toBe('c1')
    legal(setup, s, 'w', o)
  })

  it('seed 003 IV: within Short she circles for broadsides; Hard Turns against a ship bearing down on her', () => {
    const setup = battle([
      naval('w', 'warship'),
      naval('e1', 'warship', 'enemy'),
      naval('e2', 'warship', 'enemy'),
      naval('w2', 'warship')
    ])
    const s = at(setup, { 'w-e1': 'short', 'w-e2': 'long', 'w2-e1': 'far', 'w2-e2': 'far' })
    const o = aiOrders(setup, s, 'w')
    expect(o.tactic).toBe('circle')
    expect(o.circleAgainst).toContain('e1')
    expect(o.circleAgainst).toContain('e2')
    expect(o.desperate).toBe('hardTurns')
    expect(o.fire.some((f) => f.target === 'e1' && (f.battery === 'port' || f.battery === 'starboard'))).toBe(true)
    legal(setup, s, 'w', o)
  })
})

describe('seed 003 III (behaviour paragraph): fleets "will not take time out to engage other ships unless … Pirates or enemy Privateers"', () => {
  it('seed 003 III: a fleet ship ignores an enemy merchantman far off (Circle, hold fire)', () => {
    const setup = battle([naval('f', 'fleet'), merchant('m', 'heavy', 'enemy')])
    const s = at(setup, { 'f-m': 'long' })
    const o = aiOrders(setup, s, 'f')
    expect(o.tactic).toBe('circle')
    expect(o.fire).toEqual([])
    expect(o.desperate).toBeUndefined()
    legal(setup, s, 'f', o)
  })

  it('seed 003 III: she engages a recognised pirate', () => {
    const setup = battle([naval('f', 'fleet'), pirate('c')])
    const s = at(setup, { 'f-c': 'far' })
    const o = aiOrders(setup, s, 'f')
    expect(o.tactic).toBe('bearDown')
    expect(o.target).toBe('c')
    legal(setup, s, 'f', o)
  })

  it('seed 003 III: provoked — a hostile that fired last turn, or one within Medium', () => {
    const setup = battle([naval('f', 'fleet'), merchant('m', 'heavy', 'enemy')])
    const fired = at(setup, { 'f-m': 'long' })
    fired.turn = 4
    fired.participants.m!.firedOnTurn = { port: 0, starboard: 0, chasers: 0, stern: 3 }
    expect(aiOrders(setup, fired, 'f').target).toBe('m')
    const near = at(setup, { 'f-m': 'medium' })
    expect(aiOrders(setup, near, 'f').target).toBe('m')
  })
})

describe('seed 003 VI: forts fire every battery every turn', () => {
  it('seed 003 VI: a fort fires at the nearest enemy in range', () => {
    const setup = battle([fort('fort', 'medium', { side: 'town' }), pirate('c1'), pirate('c2')])
    const s = at(setup, { 'fort-c1': 'long', 'fort-c2': 'medium' })
    const o = aiOrders(setup, s, 'fort')
    expect(o.fire).toEqual([{ battery: 'port', target: 'c2', aim: 'hull', shot: 'ball' }])
    legal(setup, s, 'fort', o)
  })
})

describe('striking the colours', () => {
  it('a crippled ship with her hull below a quarter and an enemy at Close strikes', () => {
    const setup = corsairVsMerchant()
    const s = at(setup, { 'corsair-merchant': 'close' }, { merchant: { riggingDamage: 25, hullDamage: 31 } })
    expect(currentStats(setup, s, 'merchant').crippled).toBe(true)
    const o = aiOrders(setup, s, 'merchant')
    expect(o.strike).toBe(true)
    legal(setup, s, 'merchant', o)
  })

  it('but not with the enemy still at Short', () => {
    const setup = corsairVsMerchant()
    const s = at(setup, { 'corsair-merchant': 'short' }, { merchant: { riggingDamage: 25, hullDamage: 31 } })
    const o = aiOrders(setup, s, 'merchant')
    expect(o.strike).toBe(false)
    expect(o.tactic).toBe('circle') // crippled: she may only circle
    legal(setup, s, 'merchant', o)
  })
})

describe('ordersForTurn', () => {
  it('keeps given orders, fills AI ships with aiOrders and GM ships with defaultOrders', () => {
    const setup = battle([pirate('c'), { ...merchant('m'), control: 'gm' }, { ...merchant('m2', 'light'), control: 'gm' }])
    const s = at(setup, { 'c-m': 'long' })
    const mine: ShipOrders = { ...defaultOrders(setup, s, 'm'), tactic: 'circle' }
    const t = ordersForTurn(setup, s, { ships: { m: mine } })
    expect(t.ships.m).toEqual(mine)
    expect(t.ships.c).toEqual(aiOrders(setup, s, 'c'))
    expect(t.ships.m2).toEqual(defaultOrders(setup, s, 'm2'))
    expect(t.melee).toEqual([])
    const all = ordersForTurn(setup, s, {}, { allAi: true })
    expect(all.ships.m2).toEqual(aiOrders(setup, s, 'm2'))
  })
})

// ─── Property: the AI's orders always pass checkOrders ──────────────────────────────────────────

const SCENARIOS: (() => BattleSetup)[] = [
  () => corsairVsMerchant(),
  () => battle([pirate('c1'), pirate('c2'), merchant('m1', 'light'), merchant('m2', 'heavy'), naval('w', 'patrol', 'merchants')], { range: 'long' }),
  () => battle([naval('a', 'warship'), naval('b', 'fleet'), naval('x', 'warship', 'enemy'), ship('y', 'largeWarship', 'light', { side: 'enemy', behaviour: 'patrol', crewKind: 'naval' })], { range: 'medium' }),
  () => battle([fort('f', 'small', { side: 'town' }), pirate('c'), ship('g', 'galleon', 'heavy', { side: 'town', behaviour: 'merchant' })], { range: 'short', weather: 'fog' }),
  () => battle([ship('g', 'galleon', 'heavy', { side: 'g', behaviour: 'merchant' }), ship('c', 'corsair', 'light', { side: 'p', behaviour: 'corsair', crewKind: 'pirate' })], { range: 'close', weather: 'rough' })
]

function randomOrders(setup: BattleSetup, state: BattleState, id: string, pick: number): ShipOrders {
  const base = defaultOrders(setup, state, id)
  const others = setup.participants.filter((p) => p.id !== id && p.side !== setup.participants.find((q) => q.id === id)!.side && state.participants[p.id]!.status === 'active')
  const tactic = (['evade', 'bearDown', 'circle'] as const)[pick % 3]!
  const o: ShipOrders = { ...base, tactic, target: tactic === 'bearDown' ? others[pick % Math.max(1, others.length)]?.id : undefined }
  return checkOrders(setup, state, id, o).problems.length === 0 ? o : base
}

describe('the AI always gives legal orders', () => {
  it('property: over random states reached by random and AI turns, aiOrders passes checkOrders for every active ship (and reads the engine’s numbers)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SCENARIOS.length - 1 }),
        fc.integer(),
        fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 0, maxLength: 25 }),
        (which, seed, picks) => {
          const setup = SCENARIOS[which]!()
          let state = startBattle(setup)
          const dice = fastDice(seedState(seed))
          const check = (s: BattleState) => {
            for (const p of setup.participants) {
              if (s.participants[p.id]!.status !== 'active') continue
              // The AI's own reading of a ship's numbers is the engine's.
              const mine = aiStats(setup, s, p.id)
              const { terms: _terms, takingWater: _w, squads: _q, boardingKillOn: _k, partyLeader: _l, ...engine } = currentStats(setup, s, p.id)
              expect(mine).toEqual(engine)
              const o = aiOrders(setup, s, p.id)
              const { problems } = checkOrders(setup, s, p.id, o)
              if (problems.length) throw new Error(`turn ${s.turn} ${p.id}: ${problems.join('; ')} in ${JSON.stringify(o)}`)
            }
          }
          check(state)
          for (const pick of picks) {
            if (battleOver(state)) break
            const ships: TurnOrders['ships'] = {}
            for (const p of setup.participants) {
              if (state.participants[p.id]!.status !== 'active') continue
              // Half the time the AI, half the time a random tactic the GM might give.
              ships[p.id] = (pick + p.id.length) % 2 === 0 ? aiOrders(setup, state, p.id) : randomOrders(setup, state, p.id, pick)
            }
            state = resolveTurn(setup, state, { ships, melee: [], heroic: [] }, dice).state
            check(state)
          }
        }
      ),
      { numRuns: 150 }
    )
  })
})
