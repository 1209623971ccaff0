/**
 * The Broadsides & Boarding Parties duel as a game (seed 001, file 001_123d03ba9f5562dd.txt; rules guide
 * §5): a step is the wind, a crew step, one card played, an exchange of fire or a boarding step; dice are
 * typed here so every outcome is the rule's.
 */
import { describe, expect, it } from 'vitest'
import { IllegalOrders, cannonThatBear, checkOrders, prep, resolveStep, stepInfo } from '../../src/shared/broadsides/engine'
import { BroadsidesOrders, type BroadsidesState } from '../../src/shared/broadsides/types'
import { aiOrders } from '../../src/shared/broadsides/ai'
import { duel, start, step, withShip } from './broadsides-helpers'
import { faces } from './galleys-helpers'

const setup = duel()
/** After the wind (a 1: from the south-east) and both crew steps: the first card of turn 1. */
function atFirstCard(s = setup): BroadsidesState {
  let st = step(s, start(s), {}, [1]).state
  st = step(s, st, {}).state
  return step(s, st, {}).state
}
/** A fire step with the ships where given. */
function atFire(st: BroadsidesState, a: { x: number; y: number; heading: number }, b: { x: number; y: number; heading: number }): BroadsidesState {
  const s = withShip(withShip(st, 'a', { at: { x: a.x, y: a.y }, heading: a.heading }), 'b', { at: { x: b.x, y: b.y }, heading: b.heading })
  return { ...s, phase: 'fire', index: 1 }
}

describe('seed 001 §Wind and §Maneuver Decks: the turn', () => {
  it('turn 1: the opening wind by a die, then each ship’s deck of 6 built from her speed of 3', () => {
    const r = step(setup, start(setup), {}, [1])
    expect(r.state.wind).toBe(3)
    expect(r.state.ships.a!.deck.filter((c) => c === 'forward')).toHaveLength(3)
    expect(r.state.ships.a!.deck).toHaveLength(6)
    expect(r.report.events[1]!.terms.map((t) => t.value)).toEqual([0, 3, 3])
    expect(stepInfo(setup, r.state)).toMatchObject({ phase: 'crew', side: 'a' })
  })
  it('three cards a turn, the first ship then the second; ships more than 2 pips apart do not fire', () => {
    let st = atFirstCard()
    expect(stepInfo(setup, st)).toMatchObject({ phase: 'card', side: 'a', turn: 1 })
    st = step(setup, st, { card: 'forward' }).state
    expect(st.ships.a!.at).toEqual({ x: 6, y: 8 })
    st = step(setup, st, { card: 'anchor' }).state
    expect(st.ships.b!.speed).toBe(2)
    expect(stepInfo(setup, st)).toMatchObject({ phase: 'card', side: 'a' })
    expect(st.round).toBe(2)
    for (const card of ['anchor', 'turnPort', 'turnStarboard', 'forward'] as const) st = step(setup, st, { card }).state
    expect(stepInfo(setup, st)).toMatchObject({ phase: 'wind', turn: 2 })
    expect(st.ships.a!.played).toEqual(['forward', 'anchor', 'turnStarboard'])
    // Turn Starboard put her straight into the wind (from the south-east): she turned but did not move, and lost a point of speed.
    expect(st.ships.a).toMatchObject({ at: { x: 6, y: 8 }, heading: 3, speed: 1 })
    expect(st.ships.b!.at).toEqual({ x: 18, y: 10 })
  })
  it('the card is drawn at random from what is left: a die, re-rolled above the number of cards', () => {
    const st = atFirstCard()
    expect(step(setup, st, {}, [6]).state.ships.a!.played).toEqual(['anchor'])
    const four = withShip(st, 'a', { deck: ['forward', 'turnPort', 'turnStarboard', 'anchor'] })
    const r = step(setup, four, {}, [6, 5, 2])
    expect(r.state.ships.a!.played).toEqual(['turnPort'])
  })
  it('a card the GM types must be in her deck', () => {
    const st = withShip(atFirstCard(), 'a', { deck: ['forward', 'anchor'] })
    expect(checkOrders(setup, st, BroadsidesOrders.parse({ card: 'damage' }))).toEqual([{ path: ['card'], message: expect.stringMatching(/no Damage card is left/) }])
    expect(() => resolveStep(setup, st, BroadsidesOrders.parse({ card: 'damage' }), faces())).toThrow(IllegalOrders)
  })
  it('rules guide §5: with no card left the play is an Anchor', () => {
    const st = withShip(atFirstCard(), 'a', { deck: [] })
    expect(step(setup, st, {}).state.ships.a).toMatchObject({ played: ['anchor'], speed: 2 })
  })
})

describe('seed 001 §Crew: officers and the cards', () => {
  it('the Captain discards the card drawn and draws another, which must be played — once a turn', () => {
    let st = atFirstCard()
    const r = step(setup, st, { card: 'anchor', redraw: 'captain', newCard: 'forward' })
    expect(r.state.ships.a).toMatchObject({ played: ['forward'], captainUsed: true, at: { x: 6, y: 8 } })
    expect(r.state.ships.a!.deck).toHaveLength(4)
    st = step(setup, r.state, { card: 'anchor' }).state
    expect(checkOrders(setup, st, BroadsidesOrders.parse({ redraw: 'captain' }))).toEqual([{ path: ['redraw'], message: expect.stringMatching(/once this turn/) }])
  })
  it('the First Mate shuffles the card back and draws again (the same card can come up)', () => {
    const r = step(setup, atFirstCard(), { card: 'turnPort', redraw: 'firstMate', newCard: 'turnPort' })
    expect(r.state.ships.a).toMatchObject({ played: ['turnPort'], firstMateUsed: true })
    expect(r.state.ships.a!.deck).toHaveLength(5)
  })
  it('only when the card drawn is one of those named; never a Damage card', () => {
    const st = withShip(atFirstCard(), 'a', { deck: ['damage', 'forward'] })
    const d = step(setup, st, { card: 'damage', redraw: 'captain' })
    expect(d.state.ships.a).toMatchObject({ played: ['damage'], captainUsed: false, at: { x: 4, y: 8 } })
    const keep = step(setup, st, { card: 'forward', redraw: 'captain', redrawOn: ['anchor'] })
    expect(keep.state.ships.a).toMatchObject({ played: ['forward'], captainUsed: false })
  })
  it('the card drawn after a redraw is typed only with the first card, and must be left to draw', () => {
    const st = withShip(atFirstCard(), 'a', { deck: ['forward', 'anchor'] })
    const p = (o: object) => checkOrders(setup, st, BroadsidesOrders.parse(o))
    expect(p({ redraw: 'captain', newCard: 'forward' })[0]).toMatchObject({ path: ['newCard'], message: expect.stringMatching(/card drawn first/) })
    expect(p({ card: 'forward', redraw: 'captain', newCard: 'forward' })[0]).toMatchObject({ path: ['newCard'], message: expect.stringMatching(/no Forward card is left to draw \(1 Anchor\)/) })
    expect(p({ card: 'forward', redraw: 'firstMate', newCard: 'forward' })).toEqual([])
    expect(p({ card: 'forward', redraw: 'captain', redrawOn: ['anchor'], newCard: 'anchor' })[0]).toMatchObject({ path: ['newCard'], message: 'no redraw is made on Forward' })
  })
  it('a dead Captain cannot redraw', () => {
    const st = atFirstCard()
    const noCaptain = { ...st, units: st.units.filter((u) => u.id !== 'a-captain') }
    expect(checkOrders(setup, noCaptain, BroadsidesOrders.parse({ redraw: 'captain' }))[0]!.message).toMatch(/no Captain/)
  })
  it('the Boatswain repairs one unstacked hull token on an Anchor when on that row’s deck', () => {
    const st = withShip(atFirstCard(), 'a', { hull: { port: [0, 1, 0, 1, 0, 2, 0, 0, 0], starboard: [0, 0, 0, 0, 0, 0, 0, 0, 0] } })
    // He stands on the mid deck (row 3): row 2 is the fore deck's, row 6 is stacked; row 4 is his.
    const r = step(setup, st, { card: 'anchor' })
    expect(r.state.ships.a!.hull.port).toEqual([0, 1, 0, 0, 0, 2, 0, 0, 0])
    const none = step(setup, st, { card: 'anchor', repair: 'none' })
    expect(none.state.ships.a!.hull.port).toEqual(st.ships.a!.hull.port)
    expect(checkOrders(setup, st, BroadsidesOrders.parse({ card: 'anchor', repair: { side: 'port', row: 1 } }))[0]!.path).toEqual(['repair'])
  })
})

describe('seed 001 §Crew: the crew step', () => {
  it('crew move up to 2 squares with one diagonal at most; a cannon with its two crew one square', () => {
    let st = step(setup, start(setup), {}, [1]).state
    const r = step(setup, st, { crew: [{ unit: 'a-boatswain', path: [{ row: 3, col: 1 }, { row: 4, col: 1 }] }], cannon: [{ cannon: 'a-gun3', to: { row: 4, col: 0 } }] })
    st = r.state
    expect(st.units.find((u) => u.id === 'a-boatswain')).toMatchObject({ row: 4, col: 1 })
    expect(st.ships.a!.cannon.find((c) => c.id === 'a-gun3')).toMatchObject({ row: 4, col: 0 })
    expect(st.units.filter((u) => u.ship === 'a' && u.row === 4 && u.col === 0)).toHaveLength(2)
  })
  it('refused at the field: three squares, two diagonals, a cannon onto a mast, a fourth unit on a square', () => {
    const st = step(setup, start(setup), {}, [1]).state
    const p = (o: object) => checkOrders(setup, st, BroadsidesOrders.parse(o))
    const three = BroadsidesOrders.safeParse({ crew: [{ unit: 'a-boatswain', path: [{ row: 3, col: 1 }, { row: 4, col: 2 }, { row: 5, col: 1 }] }] })
    expect(three.error!.issues[0]).toMatchObject({ path: ['crew', 0, 'path'], message: 'a crewman moves up to 2 squares' })
    expect(p({ crew: [{ unit: 'a-boatswain', path: [{ row: 3, col: 1 }, { row: 4, col: 2 }] }] })[0]).toMatchObject({ path: ['crew', 0, 'path'], message: expect.stringMatching(/one diagonal/) })
    expect(p({ cannon: [{ cannon: 'a-gun5', to: { row: 4, col: 0 } }, { cannon: 'a-gun3', to: { row: 4, col: 0 } }] })[0]).toMatchObject({ path: ['cannon', 1, 'to'] })
    expect(p({ crew: [{ unit: 'a-crew1', path: [{ row: 0, col: 1 }] }, { unit: 'a-crew2', path: [{ row: 0, col: 1 }] }, { unit: 'a-crew3', path: [{ row: 0, col: 1 }] }] })[0]).toMatchObject({
      path: ['crew', 2, 'path'],
      message: expect.stringMatching(/at most 2/)
    })
    expect(p({ shots: [] , card: 'forward' })[0]!.path).toEqual(['card'])
  })
})

describe('seed 001 §Reefs in play', () => {
  it('a reef crossed at speed 3: two hull tokens on the side chosen, and next turn’s deck loses the turn cards', () => {
    const s = duel({ reefs: [{ x: 2, y: 3 }] })
    let st = atFirstCard(s)
    st = step(s, st, { card: 'turnPort', reefSide: 'port' }).state
    expect(st.ships.a!.at).toEqual({ x: 5, y: 7 })
    expect(st.ships.a!.hull.port).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0])
    st = { ...st, phase: 'wind', turn: 2, round: 1, index: 0 }
    st = step(s, st, {}, [3]).state
    expect(st.ships.a!.deck.filter((c) => c === 'turnStarboard')).toHaveLength(0)
    expect(st.ships.a!.deckTerms.at(-1)).toEqual({ label: expect.stringMatching(/port-side rows/), value: -1 })
  })
})

describe('seed 001 §Ship Combat in play', () => {
  const base = atFirstCard()
  // Arrow heading north at (8, 8), Bess heading north two pips to her east: Arrow’s starboard guns bear, Bess’s port guns.
  const fire = atFire(base, { x: 8, y: 8, heading: 0 }, { x: 12, y: 8, heading: 0 })
  it('within 2 pips each deck’s arc decides which cannon bear; none from a centre square', () => {
    expect(cannonThatBear(prep(setup), fire, 'a').map((c) => c.id)).toEqual(['a-gun2', 'a-gun4', 'a-gun6', 'a-gun8'])
    // A gun moved to a centre square does not fire from it.
    const centre = withShip(fire, 'a', { cannon: fire.ships.a!.cannon.map((c) => (c.id === 'a-gun4' ? { ...c, col: 1 } : c)) })
    const moved = { ...centre, units: centre.units.map((u) => (u.ship === 'a' && u.row === 3 && u.col === 2 ? { ...u, col: 1 } : u)) }
    expect(cannonThatBear(prep(setup), moved, 'a').map((c) => c.id)).not.toContain('a-gun4')
    const a = checkOrders(setup, fire, BroadsidesOrders.parse({ shots: [{ ship: 'a', cannon: 'a-gun1', row: 3 }] }))
    expect(a[0]).toMatchObject({ path: ['shots', 0, 'cannon'], message: expect.stringMatching(/does not bear/) })
    expect(checkOrders(setup, fire, BroadsidesOrders.parse({ shots: ['a-gun2', 'a-gun4', 'a-gun6', 'a-gun8'].map((cannon) => ({ ship: 'a', cannon, row: 3 })) }))).toEqual([])
    expect(checkOrders(setup, fire, BroadsidesOrders.parse({ shots: [{ ship: 'b', cannon: 'b-gun1', row: 3 }, { ship: 'b', cannon: 'b-gun3', row: 3 }] }))).toEqual([])
  })
  it('a mast shot away (the main mast at its second hit) adds a Damage card to later decks; the Master Gunner’s deck does not roll for drift', () => {
    // a-gun4 is on the mid deck with the Master Gunner: no drift die; a-gun2 is on the fore deck: drift 3 (none).
    let st = step(setup, fire, { shots: [{ ship: 'a', cannon: 'a-gun4', row: 3 }, { ship: 'a', cannon: 'a-gun2', row: 3 }] }, [5, 3, 5]).state
    const main = st.ships.b!.masts.find((m) => m.name === 'main')!
    expect(main).toMatchObject({ hits: 2, down: true })
    expect(stepInfo(setup, st)).toMatchObject({ phase: 'card', side: 'a' })
    st = step(setup, { ...st, phase: 'wind', round: 1, index: 0, turn: 2 }, {}, [3]).state
    expect(st.ships.b!.deck.filter((c) => c === 'damage')).toHaveLength(1)
    st = step(setup, step(setup, st, {}).state, {}).state
    st = step(setup, st, { card: 'anchor' }).state
    const d = step(setup, st, { card: 'damage' })
    expect(d.state.ships.b).toMatchObject({ played: ['damage'], at: { x: 12, y: 8 } })
  })
  it('a hull hit places a token by that row on the side facing the gun; a second stacks; a third does nothing', () => {
    const shots = [1, 2, 3].map(() => ({ ship: 'a', cannon: 'a-gun4', row: 2 }))
    const r = checkOrders(setup, fire, BroadsidesOrders.parse({ shots }))
    expect(r[0]!.message).toMatch(/once/)
    let st = step(setup, fire, { shots: [{ ship: 'a', cannon: 'a-gun4', row: 2 }, { ship: 'a', cannon: 'a-gun6', row: 2 }] }, [2, 2]).state
    expect(st.ships.b!.hull.port[2]).toBe(2)
    st = step(setup, { ...st, phase: 'fire', round: 1, index: 1 }, { shots: [{ ship: 'a', cannon: 'a-gun4', row: 2 }] }, [2]).state
    expect(st.ships.b!.hull.port[2]).toBe(2)
  })
  it('drift can carry a shot off the ship; a deck hit on a gun takes the cannon and one crew', () => {
    const off = step(setup, fire, { shots: [{ ship: 'a', cannon: 'a-gun2', row: 0 }] }, [1])
    expect(off.report.events[0]!.text).toMatch(/drifts off/)
    const hit = step(setup, fire, { shots: [{ ship: 'a', cannon: 'a-gun2', row: 2 }] }, [4, 3])
    expect(hit.state.ships.b!.cannon.map((c) => c.id)).not.toContain('b-gun1')
    expect(hit.state.units.filter((u) => u.ship === 'b' && u.row === 2 && u.col === 0)).toHaveLength(1)
  })
  it('five rows holed on one side: she sinks, and the battle is over', () => {
    const holed = withShip(fire, 'b', { hull: { port: [1, 1, 2, 1, 0, 0, 0], starboard: [0, 0, 0, 0, 0, 0, 0] } })
    const r = step(setup, holed, { shots: [{ ship: 'a', cannon: 'a-gun4', row: 4 }] }, [2])
    expect(r.state.ships.b!.status).toBe('sunk')
    expect(r.state.outcome).toMatchObject({ winner: 'a', kind: 'sunk' })
    expect(checkOrders(setup, r.state, BroadsidesOrders.parse({}))[0]!.message).toMatch(/over/)
  })
})

describe('seed 001 §Boarding Action', () => {
  const st0 = withShip(withShip(atFirstCard(), 'a', { at: { x: 8, y: 8 } }), 'b', { at: { x: 10, y: 8 }, heading: 0 })
  const collided = step(setup, st0, { card: 'forward' }).state
  it('a collision aligns the ships side by side for a final broadside from the touching sides', () => {
    expect(collided.boarding!.touch).toEqual({ a: 'starboard', b: 'port' })
    expect(collided.ships.a!.heading).toBe(0)
    expect(stepInfo(setup, collided)).toMatchObject({ phase: 'fire' })
    expect(collided.final).toBe(true)
    expect(checkOrders(setup, collided, BroadsidesOrders.parse({ shots: [{ ship: 'a', cannon: 'a-gun1', row: 1 }] }))[0]!.message).toMatch(/final broadside/)
    expect(checkOrders(setup, collided, BroadsidesOrders.parse({ shots: [{ ship: 'a', cannon: 'a-gun2', row: 1 }, { ship: 'b', cannon: 'b-gun1', row: 1 }] }))).toEqual([])
  })
  it('the larger crew moves first; a melee across the rail; a cleared space is taken', () => {
    const b = step(setup, collided, {}).state
    expect(stepInfo(setup, b)).toMatchObject({ phase: 'boarding', side: 'a' })
    // Two gun crew of Arrow (row 4, starboard) attack Bess’s Boatswain and Master Gunner at row 4 port.
    const units = b.units.filter((u) => u.ship === 'a' && u.row === 3 && u.col === 2).map((u) => u.id)
    const r = step(setup, b, { boarding: [{ units, path: [{ ship: 'b', row: 3, col: 0 }] }] }, [6, 1])
    const melee = r.report.events.find((e) => e.kind === 'melee')!
    expect(melee.terms.filter((t) => t.label.startsWith('attack')).reduce((a, t) => a + t.value, 0)).toBe(8)
    expect(melee.terms.filter((t) => t.label.startsWith('defence')).reduce((a, t) => a + t.value, 0)).toBe(4)
    expect(r.state.units.some((u) => u.id === 'b-boatswain' || u.id === 'b-masterGunner')).toBe(false)
    expect(r.state.units.filter((u) => u.ship === 'b' && u.row === 3 && u.col === 0).map((u) => u.side)).toEqual(['a', 'a'])
    expect(stepInfo(setup, r.state)).toMatchObject({ phase: 'boarding', side: 'b' })
  })
  it('+1 defending a higher deck from a boarding; the loser removes the difference', () => {
    const b = step(setup, collided, {}).state
    // Arrow’s row 4 (mid deck) against Bess’s row 6 (aft deck, the Captain at port): the Captain +2, a higher deck +1.
    const units = b.units.filter((u) => u.ship === 'a' && u.row === 5 && u.col === 2).map((u) => u.id)
    const r = step(setup, b, { boarding: [{ units, path: [{ ship: 'b', row: 5, col: 0 }] }] }, [1, 6])
    const melee = r.report.events.find((e) => e.kind === 'melee')!
    expect(melee.terms.map((t) => t.label)).toContain('defence: defending a higher deck from a boarding')
    // 1 + 2 = 3 against 6 + 1 + 2 + 1 = 10: the attackers lose both.
    expect(r.state.units.filter((u) => units.includes(u.id))).toHaveLength(0)
  })
  it('rules guide §5: a side strikes when its crew aboard falls below a third of the boarders, or its captain dies with no first mate', () => {
    const b = step(setup, collided, {}).state
    const few = { ...b, units: [...b.units.filter((u) => u.side === 'a').map((u, i) => (i < 7 ? { ...u, ship: 'b', row: Math.floor(i / 3), col: i % 3 } : u)), ...b.units.filter((u) => u.side === 'b').slice(0, 2)] }
    const r = step(setup, { ...few, boarding: { ...few.boarding!, next: 'b' } }, {})
    expect(r.state.outcome).toMatchObject({ winner: 'a', kind: 'struck' })
    const headless = { ...b, units: b.units.filter((u) => u.id !== 'b-captain' && u.id !== 'b-firstMate') }
    expect(step(setup, headless, {}).state.outcome).toMatchObject({ winner: 'a', kind: 'struck', reason: expect.stringMatching(/Bess strikes/) })
    const wiped = { ...b, units: b.units.filter((u) => u.side === 'a') }
    expect(step(setup, wiped, {}).state.outcome).toMatchObject({ winner: 'a', kind: 'wiped' })
  })
  it('+1 defending the top of a ladder: an attack up the ladder from its foot', () => {
    const b = step(setup, collided, {}).state
    // Two of Bess’s crew stand on Arrow’s forward ladder (row 3, mid deck); Arrow’s First Mate holds its top (row 2, fore deck).
    const units = b.units
      .filter((u) => u.id !== 'a-firstMate')
      .map((u) => (u.id === 'b-crew1' || u.id === 'b-crew2' ? { ...u, ship: 'a', row: 2, col: 1 } : u))
    const top = { ...b.units.find((u) => u.id === 'a-firstMate')!, row: 1, col: 1 }
    const st = { ...b, units: [...units, top], boarding: { ...b.boarding!, next: 'b' } }
    const r = step(setup, st, { boarding: [{ units: ['b-crew1', 'b-crew2'], path: [{ ship: 'a', row: 1, col: 1 }] }] }, [6, 1])
    const melee = r.report.events.find((e) => e.kind === 'melee')!
    expect(melee.terms).toContainEqual({ label: 'defence: defending the top of a ladder', value: 1 })
    expect(melee.terms).toContainEqual({ label: 'defence: First Mate', value: 1 })
    // 6 + 2 = 8 against 1 + 1 + 1 + 1 = 4: the First Mate falls and the square is taken.
    expect(r.state.units.some((u) => u.id === 'a-firstMate')).toBe(false)
    expect(r.state.units.filter((u) => u.ship === 'a' && u.row === 1 && u.col === 1).map((u) => u.id).sort()).toEqual(['b-crew1', 'b-crew2'])
  })
})

describe('issue 20, solo play: the deck decides the movement', () => {
  it('the AI never names the card drawn: it only asks its officers to redraw', () => {
    const st = atFirstCard()
    const o = aiOrders(setup, st)
    expect(o.card).toBeNull()
    expect(o.newCard).toBeNull()
  })
  it('rules guide §5: a 6 on the hit roll falls on the square the firer names', () => {
    const fire = atFire(atFirstCard(), { x: 8, y: 8, heading: 0 }, { x: 12, y: 8, heading: 0 })
    // Row 4 of Bess is her main mast's row: the firer names its square (the centre).
    const r = step(setup, fire, { shots: [{ ship: 'a', cannon: 'a-gun4', row: 3, choice: 1 }] }, [6])
    expect(r.state.ships.b!.masts.find((m) => m.name === 'main')!.hits).toBe(1)
  })
})
