import { describe, expect, it } from 'vitest'
import {
  cardCounts,
  cellAt,
  cellPx,
  driftBands,
  facesWords,
  fitDeck,
  fitSea,
  hullMarks,
  hullWords,
  pipAt,
  pipPx,
  pointDegrees,
  pointVector,
  seaGrid,
  seaPips,
  unitSpots,
  windArrow,
  windWords
} from '../../src/renderer/src/components/broadsides/broadsidesDrawing'
import { BROADSIDES_DRIFT } from '../../src/shared/broadsides/tables'

describe('the Broadsides sea board as drawn (issue 20, "On screen"; rules guide §5)', () => {
  it('fits the 12 × 9 board to its box, centred, and maps pips both ways', () => {
    const f = fitSea(12, 9, { w: 640, h: 420 }, 16)
    expect(f.cell).toBe(43)
    expect(f.width).toBe(516)
    expect(f.height).toBe(387)
    expect(f.ox).toBe(62)
    expect(f.oy).toBe(17)
    // A corner (both even) and a centre (both odd) pip.
    expect(pipPx(f, { x: 0, y: 0 })).toEqual({ x: 62, y: 17 })
    expect(pipPx(f, { x: 3, y: 5 })).toEqual({ x: 62 + 1.5 * 43, y: 17 + 2.5 * 43 })
    expect(pipAt(f, 12, 9, pipPx(f, { x: 3, y: 5 }))).toEqual({ x: 3, y: 5 })
    expect(pipAt(f, 12, 9, { x: pipPx(f, { x: 4, y: 8 }).x + 3, y: pipPx(f, { x: 4, y: 8 }).y - 2 })).toEqual({ x: 4, y: 8 })
    expect(pipAt(f, 12, 9, { x: 0, y: 0 })).toBeNull()
  })
  it('draws the grid and the pips of the board (seed 001: ships stand on pips, the squares’ corners and centres) — the GM’s board and the players’ screen alike', () => {
    const f = fitSea(12, 9, { w: 640, h: 420 }, 16)
    const grid = seaGrid(f, 12, 9)
    expect(grid).toHaveLength(13 + 10)
    expect(grid[0]).toEqual({ key: 'v0', points: [62, 17, 62, 17 + 387] })
    expect(grid[13]).toEqual({ key: 'h0', points: [62, 17, 62 + 516, 17] })
    const pips = seaPips(f, 12, 9)
    // 13 × 10 corners and 12 × 9 centres.
    expect(pips.filter((p) => !p.centre)).toHaveLength(130)
    expect(pips.filter((p) => p.centre)).toHaveLength(108)
    const c = pips.find((p) => p.key === '3,5')!
    expect(c).toMatchObject({ x: 62 + 1.5 * 43, y: 17 + 2.5 * 43, centre: true })
    expect(c.r).toBeLessThan(pips.find((p) => p.key === '0,0')!.r)
    // A board at another scale (the players' screen: 40 px a square from the corner) puts the pips at its own places.
    expect(seaPips({ cell: 40, ox: 0, oy: 0, width: 480, height: 360 }, 12, 9).find((p) => p.key === '24,18')).toMatchObject({ x: 480, y: 360 })
  })
  it('turns a ship drawn bow up to her point, and draws the wind from where it blows', () => {
    expect(pointDegrees(2)).toBe(90)
    expect(pointDegrees(7)).toBe(315)
    const ne = pointVector(1)
    expect(ne.x).toBeCloseTo(Math.SQRT1_2)
    expect(ne.y).toBeCloseTo(-Math.SQRT1_2)
    // From the west: the arrow's tail in the west, its head in the east.
    expect(windArrow({ x: 100, y: 100 }, 6, 40)).toEqual([80, 100, 120, 100])
    expect(windWords(null)).toBe('The wind has not risen yet (the first step rolls it).')
    expect(windWords(0)).toBe('The wind blows from the north.')
  })
})

describe('the Broadsides ship decks as drawn (seed 001 "Crew"; rules guide §5)', () => {
  const grid = { rows: 9, cols: 3 }
  it('fits a deck in its box with hull-token gutters and hit tests squares', () => {
    const f = fitDeck(grid, { x: 0, y: 30, w: 264, h: 380 })
    expect(f.cell).toBe(39)
    expect(f.gutter).toBe(23)
    expect(cellPx(f, 2, 1)).toEqual({ x: f.ox + 39, y: f.oy + 78, w: 39, h: 39 })
    expect(cellAt(f, grid, { x: f.ox + 39 + 5, y: f.oy + 78 + 38 })).toEqual({ row: 2, col: 1 })
    expect(cellAt(f, grid, { x: f.ox - 1, y: f.oy + 5 })).toBeNull()
    expect(cellAt(f, grid, { x: f.ox + 5, y: f.oy + 9 * 39 })).toBeNull()
  })
  it('places up to three units side by side in a square, more on a second line', () => {
    const c = { x: 0, y: 0, w: 40, h: 40 }
    expect(unitSpots(1, c)).toEqual([{ x: 20, y: 22.400000000000002 }])
    expect(unitSpots(2, c).map((p) => p.x)).toEqual([40 / 3, 80 / 3])
    const four = unitSpots(4, c)
    expect(four.map((p) => p.y)).toEqual([14.399999999999999, 14.399999999999999, 14.399999999999999, 29.6])
  })
  it('draws hull tokens single or stacked by row, more having no effect (seed 001 Ship Combat)', () => {
    expect(hullMarks([0, 1, 2, 3])).toEqual([
      { row: 0, count: 0 },
      { row: 1, count: 1 },
      { row: 2, count: 2 },
      { row: 3, count: 2 }
    ])
    expect(hullWords({ port: [0, 1, 0], starboard: [2, 0, 0] })).toBe('hull tokens: port row 2; starboard row 1 (stacked)')
    expect(hullWords({ port: [0], starboard: [0] })).toBe('hull tokens: port none; starboard none')
  })
})

describe('the drift diagram (seed 001 Ship Combat: 1–2 one row left, 3–4 none, 5–6 one row right)', () => {
  it('splits the faces into the rows a shot may land in, off the ship past her bow', () => {
    expect(driftBands(BROADSIDES_DRIFT, 9, 4, false)).toEqual([
      { row: 3, faces: [1, 2], chance: 1 / 3, off: false },
      { row: 4, faces: [3, 4], chance: 1 / 3, off: false },
      { row: 5, faces: [5, 6], chance: 1 / 3, off: false }
    ])
    expect(driftBands(BROADSIDES_DRIFT, 9, 0, false)[0]).toEqual({ row: -1, faces: [1, 2], chance: 1 / 3, off: true })
    expect(driftBands(BROADSIDES_DRIFT, 9, 8, false)[2]!.off).toBe(true)
  })
  it('does not drift on the Master Gunner’s deck', () => {
    expect(driftBands(BROADSIDES_DRIFT, 9, 4, true)).toEqual([{ row: 4, faces: [1, 2, 3, 4, 5, 6], chance: 1, off: false }])
  })
  it('writes faces and decks in words', () => {
    expect(facesWords([1, 2])).toBe('1–2')
    expect(facesWords([5])).toBe('5')
    expect(facesWords([1, 3])).toBe('1, 3')
    expect(facesWords([1, 2, 3, 4, 5, 6])).toBe('any roll')
    expect(cardCounts(['forward', 'forward', 'turnPort', 'damage'])).toBe('2 Forward, 1 Turn Port, 1 Damage')
    expect(cardCounts([])).toBe('no cards')
  })
})
