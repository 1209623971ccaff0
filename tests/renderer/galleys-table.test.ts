import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  fitTable,
  gaugeCorner,
  ghostLook,
  ironsWedge,
  layoutMarkers,
  layoutTable,
  markersOf,
  playerColour,
  shapeKind,
  shipAt,
  shipLine,
  silhouette,
  silhouetteReach,
  snapFacing,
  statusLook,
  toMm,
  toPx,
  turnWords,
  windWords,
  type ShapeKind
} from '../../src/renderer/src/components/galleys/tableDrawing'
import { galleysPreset } from '../../src/shared/galleys/preset'
import { startBattle, hullPoints } from '../../src/shared/galleys/engine'
import { GALLEYS_TABLE } from '../../src/shared/galleys/tables'
import { inIrons } from '../../src/shared/galleys/geometry'
import type { ShipState } from '../../src/shared/galleys/types'

/** The Galleys & Galleons table as drawn (issue 19 "The table"; rules guide §4 for the table's size and the in-irons sector). */

describe('fitting the table to its box', () => {
  it('keeps the aspect, fits inside the box with its frame, and centres it', () => {
    const f = fitTable({ width: 900, height: 900 }, { w: 1000, h: 600 })
    expect(f.width).toBeCloseTo(f.height)
    expect(f.height).toBe(600 - 36)
    expect(f.ox).toBeCloseTo((1000 - f.width) / 2)
    expect(f.oy).toBe(18)
    const wide = fitTable({ width: 1800, height: 900 }, { w: 800, h: 800 })
    expect(wide.width / wide.height).toBeCloseTo(2)
    expect(wide.width).toBe(800 - 36)
  })

  it('mm → px → mm is the same point, for any table and box', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5000 }),
        fc.integer({ min: 100, max: 5000 }),
        fc.integer({ min: 50, max: 3000 }),
        fc.integer({ min: 50, max: 3000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (W, H, w, h, u, v) => {
          const f = fitTable({ width: W, height: H }, { w, h })
          const p = { x: u * W, y: v * H }
          const back = toMm(f, toPx(f, p))
          expect(back.x).toBeCloseTo(p.x, 6)
          expect(back.y).toBeCloseTo(p.y, 6)
          const q = toPx(f, p)
          expect(q.x).toBeGreaterThanOrEqual(f.ox - 1e-9)
          expect(q.x).toBeLessThanOrEqual(f.ox + f.width + 1e-9)
        }
      )
    )
  })

  it('the table corners land on the drawn sea’s corners', () => {
    const f = fitTable({ width: 900, height: 900 }, { w: 700, h: 700 })
    expect(toPx(f, { x: 0, y: 0 })).toEqual({ x: f.ox, y: f.oy })
    const c = toPx(f, { x: 900, y: 900 })
    expect(c.x).toBeCloseTo(f.ox + f.width)
    expect(c.y).toBeCloseTo(f.oy + f.height)
  })
})

describe('the in-irons wedge (rules guide §4: the sector blowing from dead ahead, 45° either side by house default)', () => {
  it('a wind from the south (point 8) shades headings 135°–225°, drawn from Konva’s east-based angle 45°', () => {
    const w = ironsWedge(GALLEYS_TABLE, 8)
    expect(w).toEqual({ rotation: 45, angle: 90, from: 135, to: 225, centre: 180 })
  })
  it('a wind from the north wraps round: 315°–45°', () => {
    const w = ironsWedge(GALLEYS_TABLE, 0)
    expect(w.from).toBe(315)
    expect(w.to).toBe(45)
    expect(w.rotation).toBe(225)
  })
  it('every heading strictly inside the drawn wedge is in irons, and the middle of the wedge is the wind', () => {
    for (let d = 0; d < 16; d++) {
      const w = ironsWedge(GALLEYS_TABLE, d)
      // Konva angle a (from east, clockwise) is heading a + 90.
      for (const t of [0.1, 0.5, 0.9]) expect(inIrons(GALLEYS_TABLE, d, w.rotation + 90 + t * w.angle)).toBe(true)
      expect(inIrons(GALLEYS_TABLE, d, w.rotation + 90 + w.angle + 10)).toBe(false)
      expect((w.rotation + 90 + w.angle / 2) % 360).toBeCloseTo(w.centre)
    }
  })
  it('the wind in words, with its marker', () => {
    expect(windWords(GALLEYS_TABLE, { direction: 12, marker: 'back' })).toEqual({ from: 'Wind from the west', deg: 270, marker: 'Backing: −1 to the next direction die' })
    expect(windWords(GALLEYS_TABLE, { direction: 7, marker: null }).from).toBe('Wind from the south-south-east')
  })
})

describe('ships as drawn', () => {
  const kinds: ShapeKind[] = ['sail', 'galley', 'steam', 'unorthodox', 'airship', 'submersible', 'ornithopter', 'gyrocopter']
  it('the outline by hull kind and propulsion: flying machines by propulsion, airships and submersibles by hull', () => {
    expect(shapeKind('surface', 'sail')).toBe('sail')
    expect(shapeKind('surface', 'galley')).toBe('galley')
    expect(shapeKind('submersible', 'steam')).toBe('submersible')
    expect(shapeKind('airship', 'sail')).toBe('airship')
    expect(shapeKind('airship', 'ornithopter')).toBe('ornithopter')
    expect(shapeKind('surface', 'gyrocopter')).toBe('gyrocopter')
  })
  it('each silhouette is its own, fits her base, and points her bow up (north)', () => {
    const seen = new Set<string>()
    for (const k of kinds) {
      const parts = silhouette(k, 20)
      seen.add(JSON.stringify(parts))
      expect(silhouetteReach(parts)).toBeLessThanOrEqual(20 * 1.0 + 1e-6)
      // The forward-most point is ahead of (above) the centre and on the centre line.
      let top = { x: 0, y: Infinity }
      for (const p of parts) if (p.kind !== 'circle') for (let i = 0; i < p.points.length; i += 2) if (p.points[i + 1]! < top.y) top = { x: p.points[i]!, y: p.points[i + 1]! }
      expect(top.y).toBeLessThan(-5)
      expect(Math.abs(top.x)).toBeLessThan(1)
    }
    expect(seen.size).toBe(kinds.length)
    expect(silhouette('galley', 20).filter((p) => p.role === 'oar')).toHaveLength(12)
    expect(silhouette('gyrocopter', 20).some((p) => p.role === 'rotor')).toBe(true)
  })
  it('players get distinct colours in turn order', () => {
    const players = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]
    expect(new Set(players.map((p) => playerColour(players, p.id))).size).toBe(3)
  })
})

describe('markers, status, ghost, the list of ships', () => {
  const setup = galleysPreset('scillyLand')
  const st = startBattle(setup)
  const hurt = (s: ShipState): ShipState => ({ ...s, hits: 1, superficial: true, criticals: { captain: 1, rudder: 2, holed: true, rigging: 1, fires: 2 } })

  it('a fresh ship carries no markers; a hurt one every marker, in order, with their words', () => {
    const cur = st.ships.curacao!
    expect(markersOf(cur, 2)).toEqual([])
    const m = markersOf(hurt(cur), 2)
    expect(m.map((x) => x.kind)).toEqual(['hits', 'fire', 'superficial', 'captain', 'holed', 'rudder', 'rigging'])
    expect(m.map((x) => x.label)).toEqual(['1/2', '2', 'S', 'C', 'H', 'Ru2', 'Ri1'])
    expect(m.map((x) => x.words)).toEqual(['1 of 2 hits', '2 fires', 'superficial damage', 'captain killed', 'holed', '2 rudder hits', '1 rigging hit'])
  })
  it('marker chips are laid out in a row centred under her, without overlapping', () => {
    const m = markersOf(hurt(st.ships.curacao!), 2)
    const l = layoutMarkers(m, 14)
    const left = l[0]!.x
    const right = l[l.length - 1]!.x + l[l.length - 1]!.w
    expect(left + right).toBeCloseTo(0)
    for (let i = 1; i < l.length; i++) expect(l[i]!.x).toBeGreaterThanOrEqual(l[i - 1]!.x + l[i - 1]!.w)
  })
  it('struck ships fly a flag, wrecks are faint, exploded and exited ships are gone', () => {
    expect(statusLook('afloat')).toMatchObject({ draw: true, opacity: 1, flag: false })
    expect(statusLook('struck')).toMatchObject({ draw: true, flag: true })
    expect(statusLook('sunk').opacity).toBeLessThan(0.5)
    expect(statusLook('crashed').wreck).toBe(true)
    expect(statusLook('exploded').draw).toBe(false)
    expect(statusLook('exited').draw).toBe(false)
  })
  it('the ghost is green when legal and red when not', () => {
    expect(ghostLook(true).fill).toMatch(/rgba\(60, 170, 95/)
    expect(ghostLook(false).fill).toMatch(/rgba\(205, 55, 45/)
  })
  it('the hidden list names her, her player, where she is and faces, her state and the selection', () => {
    const def = setup.ships.find((s) => s.id === 'curacao')!
    expect(shipLine(def, st.ships.curacao!, 'Dutch', hullPoints(def), false)).toBe('Curacao (Dutch): afloat, at 700 mm across, 640 mm down, facing 315° (north-west)')
    expect(shipLine(def, { ...hurt(st.ships.curacao!), status: 'struck' }, 'Dutch', 2, true)).toBe(
      'Curacao (Dutch): struck, at 700 mm across, 640 mm down, facing 315° (north-west); 1 of 2 hits, 2 fires, superficial damage, captain killed, holed, 2 rudder hits, 1 rigging hit — selected'
    )
    expect(shipLine(def, { ...st.ships.curacao!, status: 'exited' }, 'Dutch', 2, false)).toBe('Curacao (Dutch): left the table')
  })
  it('a click finds the nearest base under the pointer, or none on the open sea', () => {
    const ships = Object.values(st.ships).map((s) => ({ id: s.id, at: s.at }))
    expect(shipAt(ships, { x: 705, y: 645 }, 20)).toBe('curacao')
    expect(shipAt(ships, { x: 450, y: 450 }, 20)).toBeNull()
  })
  it('a drop’s facing is a whole degree in [0, 360) and a turn reads port or starboard', () => {
    expect(snapFacing(359.7)).toBe(0)
    expect(snapFacing(-10.2)).toBe(350)
    expect(turnWords(315, 345)).toBe('turned 30° to starboard')
    expect(turnWords(10, 340)).toBe('turned 30° to port')
    expect(turnWords(90, 90)).toBe('no turn')
  })
  it('the wind gauge keeps off the land: against the land it sits away from the Isles of Scilly (top right)', () => {
    const c = gaugeCorner({ width: 900, height: 900 }, 140, setup.terrain, setup.ships.map((s) => s.at))
    expect(c).not.toBe('tr')
    // The assurance table: the exit zone in the top right corner keeps the gauge out of it.
    const a = galleysPreset('assurance')
    expect(gaugeCorner({ width: 900, height: 900 }, 140, a.terrain, a.ships.map((s) => s.at))).toBe('tl')
  })
  it('a wide box puts the gauge in a strip beside the table; a narrow one keeps the table whole', () => {
    const wide = layoutTable({ width: 900, height: 900 }, { w: 1100, h: 700 }, 104)
    expect(wide.strip).not.toBeNull()
    expect(wide.strip!.x).toBeGreaterThan(wide.fit.ox + wide.fit.width)
    expect(wide.strip!.x + 104).toBeLessThanOrEqual(1100)
    const narrow = layoutTable({ width: 900, height: 900 }, { w: 700, h: 700 }, 104)
    expect(narrow.strip).toBeNull()
    expect(narrow.fit.scale).toBeCloseTo((700 - 36) / 900)
  })
})
