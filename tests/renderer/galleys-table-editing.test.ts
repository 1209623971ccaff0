import { describe, expect, it } from 'vitest'
import { galleysPreset } from '../../src/shared/galleys/preset'
import { GalleysSetup } from '../../src/shared/galleys/types'
import { pointInPolygon } from '../../src/shared/galleys/geometry'
import {
  addPiece,
  closeOutline,
  movePiece,
  nearestEdge,
  pieceAt,
  placeShip,
  readyShape,
  removePiece,
  renamePiece,
  setExitPlayer,
  SHORE_DEPTH
} from '../../src/renderer/src/components/galleys/tableEditing'

/** Issue 19 (rules guide §4, "islands, rocks and shore (drawn or placed by the GM), exit zones"): the set-up page's editing helpers. */
describe('setting up a Galleys & Galleons table', () => {
  it('closes an outline clicked corner by corner; the double-click corner counts once; fewer than three corners is refused', () => {
    const out = closeOutline([{ x: 100, y: 100 }, { x: 300, y: 100 }, { x: 300, y: 250 }, { x: 300, y: 250 }])
    expect(out).toEqual({ ok: true, points: [{ x: 100, y: 100 }, { x: 300, y: 100 }, { x: 300, y: 250 }] })
    // Clicking the first corner again closes it without a fourth corner.
    const back = closeOutline([{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 50, y: 50 }, { x: 0.2, y: 0.3 }])
    expect(back.ok && back.points.length).toBe(3)
    expect(closeOutline([{ x: 1, y: 1 }, { x: 40, y: 1 }, { x: 40, y: 1 }])).toEqual({ ok: false, message: 'An outline needs at least three corners; 2 are placed.' })
    expect(closeOutline([])).toEqual({ ok: false, message: 'An outline needs at least three corners; 0 are placed.' })
  })

  it('places a round island and a rock about the click, a shore along the nearest edge', () => {
    const size = { width: 1200, height: 800 }
    const island = readyShape('island', { x: 500, y: 400 }, size)
    expect(island).toHaveLength(12)
    expect(island[0]).toEqual({ x: 500, y: 320 })
    expect(pointInPolygon({ x: 500, y: 400 }, island)).toBe(true)
    expect(pointInPolygon({ x: 500, y: 300 }, island)).toBe(false)
    const rock = readyShape('rocks', { x: 100, y: 100 }, size)
    expect(rock).toHaveLength(6)
    expect(pointInPolygon({ x: 100, y: 100 }, rock)).toBe(true)
    expect(nearestEdge(size, { x: 1150, y: 400 })).toBe('right')
    expect(readyShape('shore', { x: 1150, y: 400 }, size)).toEqual([
      { x: 1200 - SHORE_DEPTH, y: 0 },
      { x: 1200, y: 0 },
      { x: 1200, y: 800 },
      { x: 1200 - SHORE_DEPTH, y: 800 }
    ])
    expect(readyShape('shore', { x: 600, y: 790 }, size)[0]).toEqual({ x: 0, y: 800 - SHORE_DEPTH })
  })

  it('adds pieces with free ids and names, moves, renames, deletes them; an exit zone is for a player', () => {
    let s = galleysPreset('scillyStrait')
    const before = s.terrain.length
    const a = addPiece(s, 'island', readyShape('island', { x: 450, y: 450 }, { width: 900, height: 900 }))
    expect(a.id).toBe('island1')
    const b = addPiece(a.setup, 'island', readyShape('rocks', { x: 100, y: 700 }, { width: 900, height: 900 }))
    expect(b.id).toBe('island2')
    expect(b.setup.terrain.at(-1)!.name).toBe('island 2')
    s = movePiece(b.setup, 'island1', { x: 10, y: -20 })
    expect(s.terrain.find((t) => t.id === 'island1')!.points[0]).toEqual({ x: 460, y: 350 })
    // The others do not move.
    expect(s.terrain.find((t) => t.id === 'island2')!.points).toEqual(b.setup.terrain.find((t) => t.id === 'island2')!.points)
    expect(pieceAt(s, { x: 460, y: 430 }, pointInPolygon)).toBe('island1')
    expect(pieceAt(s, { x: 850, y: 850 }, pointInPolygon)).toBe(null)
    s = renamePiece(s, 'island1', 'Tresco')
    expect(s.terrain.find((t) => t.id === 'island1')!.name).toBe('Tresco')
    s = removePiece(s, 'island2')
    expect(s.terrain.map((t) => t.id)).not.toContain('island2')
    expect(s.terrain).toHaveLength(before + 1)
    const e = addPiece(s, 'exit', [{ x: 0, y: 800 }, { x: 100, y: 800 }, { x: 100, y: 900 }], 'privateers')
    expect(e.setup.terrain.at(-1)!.player).toBe('privateers')
    expect(setExitPlayer(e.setup, e.id, null).terrain.at(-1)!.player).toBe(null)
    // The result is still a setup the door takes.
    expect(GalleysSetup.safeParse(e.setup).success).toBe(true)
  })

  it('a ship dragged off the table is refused by the setup, at her place; the table size has its range', () => {
    const s = placeShip(galleysPreset('assurance'), 'assurance', { x: 950, y: 100 }, 90)
    expect(s.ships[0]!.facing).toBe(90)
    const r = GalleysSetup.safeParse(s)
    expect(r.success).toBe(false)
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['ships.0.at', 'Assurance is off the table (900 × 900 mm)']])
    // On a wider table she is on it.
    expect(GalleysSetup.safeParse({ ...s, size: { width: 1200, height: 900 } }).success).toBe(true)
    const small = GalleysSetup.safeParse({ ...galleysPreset('assurance'), size: { width: 50, height: 900 } })
    expect(small.error!.issues[0]!.path.join('.')).toBe('size.width')
  })
})
