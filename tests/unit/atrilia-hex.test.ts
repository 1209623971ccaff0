import { describe, expect, it } from 'vitest'
import { lineOfSight } from '../../src/shared/atrilia/calc'
import { COLUMNS, DIRS, distance, facingBearing, fromOffset, HEX_COUNT, hexAt, indexOf, label, lineGeometry, neighbour, onMap, parseLabel, ROWS } from '../../src/shared/atrilia/hex'

describe('seed 002 §3 and §11.2: the 12 × 18 hex map', () => {
  it('seed 002 §3: 12 columns A–L by 18 rows, every hex labelled once and back again', () => {
    expect(COLUMNS).toBe(12)
    expect(ROWS).toBe(18)
    const labels = new Set<string>()
    for (let i = 0; i < HEX_COUNT; i++) {
      const h = hexAt(i)
      expect(onMap(h)).toBe(true)
      expect(indexOf(h)).toBe(i)
      const l = label(h)
      labels.add(l)
      expect(parseLabel(l)).toEqual(h)
    }
    expect(labels.size).toBe(216)
    expect(labels.has('A1') && labels.has('L18') && labels.has('D11')).toBe(true)
    expect(parseLabel('M1')).toBeNull()
    expect(parseLabel('A19')).toBeNull()
    expect(onMap(neighbour(parseLabel('A1')!, 1))).toBe(false)
  })
  it('seed 002 §11.2 and §5.6 (a hexside is 60 degrees): facing 1 is a bearing of 0° (north), each next one 60° clockwise', () => {
    expect([1, 2, 3, 4, 5, 6].map(facingBearing)).toEqual([0, 60, 120, 180, 240, 300])
  })
  it('seed 002 §11.2 "Set up in hex D11 facing direction 1": D11 is column D row 11; facing 1 is north (0, −1), then clockwise', () => {
    const d11 = parseLabel('D11')!
    expect(label(neighbour(d11, 1))).toBe('D10')
    expect(label(neighbour(d11, 4))).toBe('D12')
    expect(DIRS).toEqual([
      { q: 0, r: -1 },
      { q: 1, r: -1 },
      { q: 1, r: 0 },
      { q: 0, r: 1 },
      { q: -1, r: 1 },
      { q: -1, r: 0 }
    ])
    // Columns B, D, F… (odd q) sit half a hex lower: D11's north-east neighbour is E11, its south-east E12.
    expect(label(neighbour(d11, 2))).toBe('E11')
    expect(label(neighbour(d11, 3))).toBe('E12')
    expect(label(neighbour(parseLabel('C11')!, 2))).toBe('D10')
    for (let f = 1; f <= 6; f++) expect(distance(d11, neighbour(d11, f))).toBe(1)
    expect(fromOffset(3, 10)).toEqual(d11)
  })
})

describe('seed 002 §8.7 line of sight', () => {
  const a = { q: 0, r: 0 }
  it('seed 002 §8.7: a line through a ship or land hex is blocked; the ends never block', () => {
    const b = { q: 0, r: 3 }
    expect(lineOfSight({ from: a, to: b, blocking: [] })).toMatchObject({ clear: true, through: [{ q: 0, r: 1 }, { q: 0, r: 2 }] })
    const r = lineOfSight({ from: a, to: b, blocking: [{ q: 0, r: 2 }, a, b] })
    expect(r.clear).toBe(false)
    expect(r.blockedBy).toEqual([{ q: 0, r: 2 }])
  })
  it('seed 002 §8.7: a line along a hexside is blocked only if both hexes beside it block', () => {
    const b = { q: 1, r: 1 } // two hexes away, the line runs along the hexside between (0,1) and (1,0)
    const g = lineGeometry(a, b)
    expect(g.through).toEqual([])
    expect(g.along).toHaveLength(1)
    expect(lineOfSight({ from: a, to: b, blocking: [{ q: 0, r: 1 }] }).clear).toBe(true)
    expect(lineOfSight({ from: a, to: b, blocking: [{ q: 1, r: 0 }] }).clear).toBe(true)
    expect(lineOfSight({ from: a, to: b, blocking: [{ q: 0, r: 1 }, { q: 1, r: 0 }] }).clear).toBe(false)
  })
  it('seed 002 §8.7: adjacent hexes always see each other; a crooked line crosses the hexes between', () => {
    expect(lineOfSight({ from: a, to: { q: 1, r: 0 }, blocking: [{ q: 0, r: 1 }, { q: 1, r: -1 }] }).clear).toBe(true)
    const g = lineGeometry(a, { q: 2, r: 1 })
    expect(g.through).toEqual([
      { q: 1, r: 0 },
      { q: 1, r: 1 }
    ])
  })
  it('seed 002 §8.7: the geometry is symmetric (a line from B to A passes what A to B passes)', () => {
    for (let i = 0; i < HEX_COUNT; i += 7)
      for (let j = 0; j < HEX_COUNT; j += 11) {
        const x = hexAt(i)
        const y = hexAt(j)
        if (distance(x, y) > 5) continue
        const g1 = lineGeometry(x, y)
        const g2 = lineGeometry(y, x)
        const key = (h: { q: number; r: number }) => `${h.q},${h.r}`
        expect(g1.through.map(key).sort()).toEqual(g2.through.map(key).sort())
        expect(g1.along.length).toBe(g2.along.length)
      }
  })
})
