/**
 * The procedures of the Broadsides & Boarding Parties variant (seed 001, file 001_123d03ba9f5562dd.txt;
 * rules guide §5): each test names the seed's section (or the guide's default) it checks.
 */
import { describe, expect, it } from 'vitest'
import { isPip, pipDistance, reefAt, relativePoint, stepFrom } from '../../src/shared/broadsides/board'
import { bears, damagedRows, deckHit, drift, hitChances, hitLocation, hullHit, mastFalls, repairableRows, sinks } from '../../src/shared/broadsides/cannon-fire'
import { deckCalc, driftCalc, hitCalc, meleeCalc, reefCalc, windCalc, DeckInput, DriftInput, MeleeInput } from '../../src/shared/broadsides/calculators'
import { buildDeck } from '../../src/shared/broadsides/maneuver-deck'
import { playCard } from '../../src/shared/broadsides/maneuvers'
import { melee, strikes } from '../../src/shared/broadsides/melee'
import { cannonMoveProblem, capacity, gridOf, ladderTop, outerSide, pathProblem } from '../../src/shared/broadsides/ship-deck'
import { BROADSIDES_RULES as R, DeckSchema, TemplatesSchema, BROADSIDES_TEMPLATES, BROADSIDES_TABLE_DEFS } from '../../src/shared/broadsides/tables'
import { openingWind, shiftWind, withWind } from '../../src/shared/broadsides/wind'

const frigate = gridOf(R.ships.frigate!)
const helm = (x: number, y: number, heading: number, speed = 3) => ({ at: { x, y }, heading, speed })
const card = (h: ReturnType<typeof helm>, c: Parameters<typeof playCard>[4], wind: number, reefs: { x: number; y: number }[] = [], other: { x: number; y: number } | null = null) =>
  playCard(R.board, R.reefs, reefs, h, c, wind, other)

describe('seed 001 §Wind (rules guide §5 Compass)', () => {
  it('turn 1: the die picks one of the 6 points that blow at neither ship — never from dead ahead of either', () => {
    const seen = new Set<number>()
    for (let roll = 1; roll <= 6; roll++) {
      const w = openingWind([2, 6], roll)
      expect(w.open).toEqual([3, 4, 5, 7, 0, 1])
      expect([2, 6]).not.toContain(w.direction)
      seen.add(w.direction)
    }
    expect(seen.size).toBe(6)
    expect(openingWind([2, 6], 1).direction).toBe(3)
    expect(openingWind([2, 6], 4).direction).toBe(7)
  })
  it('each later turn: 1–2 backs one point, 3–4 holds, 5–6 veers one point', () => {
    expect([1, 2, 3, 4, 5, 6].map((roll) => shiftWind(R.wind, 0, roll).direction)).toEqual([7, 7, 0, 0, 1, 1])
    expect(windCalc({ direction: 7, roll: 6 })).toEqual({ direction: 0, shift: 1 })
    expect(() => windCalc({ direction: 8, roll: 1 })).toThrow()
  })
  it('rules guide §5: "facing with the wind" is the wind from astern or either quarter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].filter((h) => withWind(h, 0))).toEqual([3, 4, 5])
  })
})

describe('seed 001 §The Board (rules guide §5 The board)', () => {
  it('corners and centres are the pips; a square’s diagonal is two steps', () => {
    expect(isPip(R.board, { x: 4, y: 4 })).toBe(true)
    expect(isPip(R.board, { x: 5, y: 5 })).toBe(true)
    expect(isPip(R.board, { x: 5, y: 4 })).toBe(false)
    expect(stepFrom({ x: 4, y: 4 }, 0)).toEqual({ x: 4, y: 2 })
    expect(stepFrom({ x: 4, y: 4 }, 1)).toEqual({ x: 5, y: 3 })
    expect(pipDistance({ x: 0, y: 0 }, { x: 2, y: 2 })).toBe(2)
    expect(pipDistance({ x: 0, y: 0 }, { x: 4, y: 0 })).toBe(2)
    expect(pipDistance({ x: 1, y: 1 }, { x: 5, y: 3 })).toBe(3)
  })
  it('"any maneuver that would move off of the board is treated like an anchor card"', () => {
    const r = card(helm(0, 4, 6), 'forward', 0)
    expect(r).toMatchObject({ played: 'anchor', offBoard: true, moved: false, speed: 2, at: { x: 0, y: 4 } })
  })
  it('relative points: 0 dead ahead, 2 starboard beam, 6 port beam', () => {
    expect(relativePoint({ x: 4, y: 4 }, 0, { x: 8, y: 4 })).toBe(2)
    expect(relativePoint({ x: 4, y: 4 }, 0, { x: 0, y: 4 })).toBe(6)
    expect(relativePoint({ x: 4, y: 4 }, 2, { x: 8, y: 4 })).toBe(0)
  })
})

describe('seed 001 §Speed and §Wind: the cards on the pip grid', () => {
  it('Forward moves one step ahead; Turn Port / Starboard turn a point and step', () => {
    expect(card(helm(4, 4, 2), 'forward', 0)).toMatchObject({ at: { x: 6, y: 4 }, heading: 2, moved: true })
    expect(card(helm(4, 4, 2), 'turnPort', 6)).toMatchObject({ at: { x: 5, y: 3 }, heading: 1 })
    expect(card(helm(4, 4, 2), 'turnStarboard', 6)).toMatchObject({ at: { x: 5, y: 5 }, heading: 3 })
  })
  it('"A ship may not move directly into the wind. If a forward card is drawn, the ship is not moved and ship speed is reduced by 1"', () => {
    expect(card(helm(4, 4, 0), 'forward', 0)).toMatchObject({ at: { x: 4, y: 4 }, moved: false, intoWind: true, speed: 2 })
  })
  it('"Whenever a ship ends a maneuver facing with the wind, add 1 to current speed (up to a max 3)"; Anchor loses 1 (min 0)', () => {
    expect(card(helm(4, 4, 4, 2), 'forward', 0).speed).toBe(3)
    expect(card(helm(4, 4, 4, 3), 'forward', 0).speed).toBe(3)
    expect(card(helm(4, 4, 2, 2), 'forward', 0).speed).toBe(2)
    expect(card(helm(4, 4, 2, 2), 'anchor', 0)).toMatchObject({ speed: 1, moved: false })
    expect(card(helm(4, 4, 2, 0), 'anchor', 0).speed).toBe(0)
    expect(card(helm(4, 4, 2, 2), 'damage', 0)).toMatchObject({ speed: 2, moved: false, at: { x: 4, y: 4 } })
  })
  it('a step onto the enemy’s pip is a collision', () => {
    expect(card(helm(4, 4, 2), 'forward', 0, [], { x: 6, y: 4 }).collision).toBe(true)
  })
})

describe('seed 001 §Reefs', () => {
  it('moving into a reef: 2 hull tokens at speed 3, 1 at speed 2, none at speed 1', () => {
    const reefs = [{ x: 1, y: 1 }]
    expect(reefAt(reefs, { x: 3, y: 3 })).toBe(true)
    expect(card(helm(2, 2, 3, 3), 'forward', 0, reefs).reefTokens).toBe(2)
    expect(card(helm(2, 2, 3, 2), 'forward', 0, reefs).reefTokens).toBe(1)
    expect(card(helm(2, 2, 3, 1), 'forward', 0, reefs).reefTokens).toBe(0)
    expect(card(helm(2, 2, 2, 3), 'forward', 0, reefs).reefTokens).toBe(0)
    expect([0, 1, 2, 3].map((speed) => reefCalc({ speed }).hullTokens)).toEqual([0, 0, 1, 2])
  })
})

describe('seed 001 §Maneuver Decks (rules guide §5 Building the maneuver deck)', () => {
  it('a deck holds at most the 6 cards a d6 can draw: an edited table of 7 is refused at its size, with why', () => {
    const r = DeckSchema.safeParse({ ...R.deck, size: 7 })
    expect(r.success).toBe(false)
    expect(r.error!.issues[0]!.path).toEqual(['size'])
    expect(r.error!.issues[0]!.message).toMatch(/at most 6: a card is drawn by a d6/)
    expect(DeckSchema.safeParse({ ...R.deck, size: 6 }).success).toBe(true)
  })
  const b = (speed: number, mastsLost = 0, portRows = 0, starboardRows = 0) => buildDeck(R.deck, { speed, mastsLost, portRows, starboardRows }).counts
  it('Forward cards up to the speed, then Turn Port, Turn Starboard, Anchor until 6', () => {
    expect(b(3)).toEqual({ forward: 3, turnPort: 1, turnStarboard: 1, anchor: 1, damage: 0, size: 6 })
    expect(b(0)).toEqual({ forward: 0, turnPort: 2, turnStarboard: 2, anchor: 2, damage: 0, size: 6 })
    expect(b(1)).toEqual({ forward: 1, turnPort: 2, turnStarboard: 2, anchor: 1, damage: 0, size: 6 })
  })
  it('a Damage card for each destroyed mast, up to 3', () => {
    expect(b(3, 2)).toEqual({ forward: 3, turnPort: 1, turnStarboard: 0, anchor: 0, damage: 2, size: 6 })
    expect(b(3, 3).damage).toBe(3)
    expect(b(0, 5).damage).toBe(3)
  })
  it('"For each hull token on the port side, remove 1 starboard turn card … a stack of 2 dmg tokens only removes 1 card"', () => {
    expect(b(0, 0, 1, 0)).toMatchObject({ turnStarboard: 1, turnPort: 2, size: 5 })
    expect(b(0, 0, 3, 0)).toMatchObject({ turnStarboard: 0, size: 4 })
    expect(b(0, 0, 0, 1)).toMatchObject({ turnPort: 1, turnStarboard: 2, size: 5 })
    // A stacked row is listed once: the calculator counts rows, and refuses a row listed twice.
    const built = deckCalc({ speed: 3, mastsLost: 0, hullRows: { port: [2, 4], starboard: [] } })
    expect(built).toMatchObject({ forward: 3, turnPort: 1, turnStarboard: 0, anchor: 1, damage: 0, size: 5 })
    // The calculator gives the deck's breakdown too, one term per reason a card went in or out.
    expect(built.terms.length).toBeGreaterThan(0)
    const bad = DeckInput.safeParse({ speed: 3, mastsLost: 0, hullRows: { port: [2, 2], starboard: [] } })
    expect(bad.success).toBe(false)
    expect(bad.error!.issues[0]!.path).toEqual(['hullRows', 'port', 1])
  })
})

describe('seed 001 §Crew: the deck grid (rules guide §5 deck templates)', () => {
  it('the default templates: rows bow to stern, fore / mid / aft decks, ladders, three masts, cannon on the outer squares', () => {
    expect(TemplatesSchema.safeParse(BROADSIDES_TEMPLATES).success).toBe(true)
    expect(frigate.masts.map((m) => m.name)).toEqual(['fore', 'main', 'mizzen'])
    expect(frigate.cannon.every((c) => c.col === 0 || c.col === frigate.cols - 1)).toBe(true)
    expect(gridOf(R.ships.merchantman!).cannon).toHaveLength(4)
    expect(ladderTop(frigate, { row: 2, col: 1 })).toEqual({ row: 1, col: 1 })
    expect(ladderTop(frigate, { row: 6, col: 1 })).toEqual({ row: 7, col: 1 })
    const centreGun = TemplatesSchema.safeParse({ x: { ...BROADSIDES_TEMPLATES.frigate!, rows: BROADSIDES_TEMPLATES.frigate!.rows.map((r, i) => (i === 3 ? { ...r, squares: '.C.' } : r)) } })
    expect(centreGun.success).toBe(false)
  })
  it('"crewman can move up to 2 squares (total move can include only 1 diagonal move)"; between decks only by a ladder', () => {
    expect(pathProblem(frigate, { row: 3, col: 0 }, [{ row: 4, col: 0 }, { row: 5, col: 0 }])).toBeNull()
    expect(pathProblem(frigate, { row: 3, col: 0 }, [{ row: 4, col: 1 }, { row: 5, col: 2 }])).toMatch(/only one diagonal/)
    expect(pathProblem(frigate, { row: 3, col: 0 }, [{ row: 4, col: 1 }, { row: 5, col: 1 }])).toBeNull()
    expect(pathProblem(frigate, { row: 3, col: 0 }, [{ row: 4, col: 0 }, { row: 5, col: 0 }, { row: 6, col: 0 }])).toMatch(/up to 2/)
    expect(pathProblem(frigate, { row: 1, col: 0 }, [{ row: 2, col: 0 }])).toMatch(/only by a ladder/)
    expect(pathProblem(frigate, { row: 2, col: 1 }, [{ row: 1, col: 1 }])).toBeNull()
  })
  it('"A cannon … may be moved 1 space (not diagonally). Cannon may not be moved up or down a ladder or on to a mast space"', () => {
    expect(cannonMoveProblem(frigate, { row: 3, col: 0 }, { row: 3, col: 1 })).toBeNull()
    expect(cannonMoveProblem(frigate, { row: 3, col: 0 }, { row: 4, col: 1 })).toMatch(/not diagonally/)
    expect(cannonMoveProblem(frigate, { row: 5, col: 0 }, { row: 4, col: 0 })).toBeNull()
    expect(cannonMoveProblem(frigate, { row: 4, col: 0 }, { row: 4, col: 1 })).toMatch(/mast/)
    expect(cannonMoveProblem(frigate, { row: 1, col: 0 }, { row: 2, col: 0 })).toMatch(/ladder/)
    expect(cannonMoveProblem(frigate, { row: 3, col: 1 }, { row: 2, col: 1 })).toMatch(/ladder/)
  })
  it('"Cannon can not be fired from the center squares"; "Up to 2 crew may occupy a mast space" (3 a space, 2 on a mast or cannon)', () => {
    expect(outerSide(frigate, { row: 3, col: 1 })).toBeNull()
    expect(outerSide(frigate, { row: 3, col: 0 })).toBe('port')
    expect(outerSide(frigate, { row: 3, col: 2 })).toBe('starboard')
    expect(capacity(R.melee, true)).toBe(2)
    expect(capacity(R.melee, false)).toBe(3)
  })
})

describe('seed 001 §Ship Combat', () => {
  it('firing arcs for each deck (house default: the beam and the points either side; fore also ahead, aft also astern)', () => {
    expect(bears(R.arcs, 'mid', 'port', 6)).toBe(true)
    expect(bears(R.arcs, 'mid', 'port', 2)).toBe(false)
    expect(bears(R.arcs, 'mid', 'starboard', 0)).toBe(false)
    expect(bears(R.arcs, 'fore', 'starboard', 0)).toBe(true)
    expect(bears(R.arcs, 'aft', 'port', 4)).toBe(true)
  })
  it('drift: "1-2 it drifts one row to the left, 3-4 there is no drift, … 5-6 … to the right"; none on the Master Gunner’s deck', () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => drift(R.drift, r, false).rows)).toEqual([-1, -1, 0, 0, 1, 1])
    expect(drift(R.drift, 1, true).rows).toBe(0)
    expect(driftCalc({ masterGunner: true })).toEqual({ rows: 0 })
    expect(driftCalc({ roll: 6 })).toEqual({ rows: 1 })
    const missing = DriftInput.safeParse({ masterGunner: false })
    expect(missing.success).toBe(false)
    expect(missing.error!.issues[0]!.path).toEqual(['roll'])
  })
  it('rules guide §5 hit location: 1 miss, 2 hull ("On a roll of 2 you score a hull hit"), 3–4 deck, 5 mast, 6 the GM’s choice', () => {
    expect([1, 2, 3, 4, 5, 6].map((r) => hitLocation(R.hit, r))).toEqual(['miss', 'hull', 'deck', 'deck', 'mast', 'choice'])
    expect(hitCalc({ roll: 2 })).toEqual({ location: 'hull' })
  })
  it('the chances of a hull, deck or mast hit for a declared row (drift, then rules guide §5’s hit roll)', () => {
    // The merchantman's row 4 (index 3) has her main mast; the rows either side have none.
    const c = hitChances(R.drift, R.hit, 7, [0, 3, 6], 3, false)
    expect(c.hull).toBeCloseTo(1 / 6)
    expect(c.mast).toBeCloseTo(1 / 3 / 6)
    expect(c.deck).toBeCloseTo(2 / 6 + (2 / 3) * (1 / 6))
    expect(c.miss).toBeCloseTo(1 / 6)
    expect(c.rows[3]).toBeCloseTo((1 / 3) * (5 / 6))
    // At the bow, drift to the left misses the ship: a third of the shots and a sixth of the rest.
    expect(hitChances(R.drift, R.hit, 7, [0, 3, 6], 0, false).miss).toBeCloseTo(1 / 3 + (2 / 3) * (1 / 6))
    // The Master Gunner's deck: no drift.
    expect(hitChances(R.drift, R.hit, 7, [0, 3, 6], 0, true)).toMatchObject({ mast: expect.closeTo(1 / 6), miss: expect.closeTo(1 / 6) })
  })
  it('hull tokens: "a 2nd dmg token on top of the first … Further hull hits on that row … have no further effect"', () => {
    let t = [0, 0, 0]
    t = hullHit(t, 1).tokens
    expect(t).toEqual([0, 1, 0])
    t = hullHit(t, 1).tokens
    expect(t).toEqual([0, 2, 0])
    const r = hullHit(t, 1)
    expect(r.placed).toBe(false)
    expect(r.tokens).toEqual([0, 2, 0])
    expect(damagedRows([0, 2, 1])).toBe(2)
    expect(repairableRows([1, 2, 0, 1])).toEqual([0, 3])
  })
  it('"If there are 5 or more rows with hull dmg tokens along a single side of a ship, it sinks" (a stack is one row)', () => {
    expect(sinks({ port: [1, 1, 1, 1, 0, 0, 0], starboard: [1, 0, 0, 0, 0, 0, 0] }).sinks).toBe(false)
    expect(sinks({ port: [2, 2, 2, 2, 0, 0, 0], starboard: [0, 0, 0, 0, 0, 0, 0] }).sinks).toBe(false)
    expect(sinks({ port: [1, 0, 1, 2, 1, 1, 0], starboard: [0, 0, 0, 0, 0, 0, 0] })).toMatchObject({ sinks: true, side: 'port' })
  })
  it('a deck hit removes 2 crew, or 1 cannon + 1 crew; an empty square nothing', () => {
    expect(deckHit(3, false)).toEqual({ units: 2, cannon: false })
    expect(deckHit(2, true)).toEqual({ units: 1, cannon: true })
    expect(deckHit(0, false)).toEqual({ units: 0, cannon: false })
  })
  it('rules guide §5 Masts: fore and mizzen fall at 1 hit, the main mast at 2', () => {
    expect(R.ships.frigate!.mastHits).toEqual({ fore: 1, main: 2, mizzen: 1 })
    expect(mastFalls(1, 1)).toBe(true)
    expect(mastFalls(1, 2)).toBe(false)
    expect(mastFalls(2, 2)).toBe(true)
  })
})

describe('seed 001 §Boarding Action and §Crew (officers): melee', () => {
  it('attacker 1 die + 1 a crew + officers; defender + ladder top + higher deck + officers; the loser removes the difference', () => {
    const r = melee(R.melee, R.officers, { roll: 4, crew: 3, officers: ['captain'] }, { roll: 3, crew: 2, officers: ['firstMate'], topOfLadder: true, higherDeck: true })
    expect(r).toMatchObject({ attack: 9, defence: 8, loser: 'defender', losses: 1 })
    expect(meleeCalc({ attacker: { roll: 1, crew: 2, officers: ['masterGunner', 'boatswain'] }, defender: { roll: 6, crew: 1, officers: [] } })).toMatchObject({
      attack: 4,
      defence: 7,
      loser: 'attacker',
      losses: 3
    })
    const tie = meleeCalc({ attacker: { roll: 3, crew: 2, officers: [] }, defender: { roll: 4, crew: 1, officers: [] } })
    expect(tie).toMatchObject({ attack: 5, defence: 5, loser: null, losses: 0 })
    // Each side's total is the sum of its terms.
    expect(tie.attackTerms.reduce((a, t) => a + t.value, 0)).toBe(tie.attack)
    expect(tie.defenceTerms.reduce((a, t) => a + t.value, 0)).toBe(tie.defence)
  })
  it('crew counts every unit in the space: more officers than crew is refused at the field', () => {
    const r = MeleeInput.safeParse({ attacker: { roll: 3, crew: 1, officers: ['captain', 'firstMate'] }, defender: { roll: 4, crew: 1, officers: [] } })
    expect(r.success).toBe(false)
    expect(r.error!.issues[0]!.path).toEqual(['attacker', 'officers'])
  })
  it('rules guide §5 Surrender: below a third of the enemy aboard, or the captain killed with no first mate left', () => {
    expect(strikes(R.melee, 2, 7, true, true).strikes).toBe(true)
    expect(strikes(R.melee, 3, 9, true, true).strikes).toBe(false)
    expect(strikes(R.melee, 9, 0, false, true).strikes).toBe(false)
    expect(strikes(R.melee, 9, 0, false, false).strikes).toBe(true)
  })
})

describe('the rule tables (seed 001; rules guide §5)', () => {
  it('each table has a source naming seed 001 or the rules guide, and its defaults pass its schema', () => {
    for (const def of Object.values(BROADSIDES_TABLE_DEFS)) {
      expect(def.source).toMatch(/Seed 001|Rules guide §5/)
      expect(def.schema.safeParse(def.defaults).success).toBe(true)
    }
  })
})
