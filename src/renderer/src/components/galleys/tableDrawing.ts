/**
 * The Galleys & Galleons table as drawn (issue 19, "The table"): pure helpers for GalleysTable.vue —
 * fitting the table's millimetres to the box and back, the ships' silhouettes by hull kind and
 * propulsion, their markers, the in-irons wedge, the wind gauge's words and place, the ghost's
 * colour and the words of the list of ships read by screen readers and tests. No Konva, no DOM.
 *
 * Millimetres are the table's (x right, y down from the top-left corner; facings in degrees
 * clockwise from north, the top edge). A silhouette is drawn bow up (north), so a Konva rotation of
 * her facing turns her to it.
 */
import type { GalleysTable } from '../../../../shared/galleys/tables'
import type { Hull, Point, Propulsion, ShipSetup, ShipState, ShipStatus, TerrainSetup, Wind } from '../../../../shared/galleys/types'
import { STATUS_NAMES } from '../../../../shared/galleys/types'
import { inIronsSector, measure, norm, pointInPolygon, windDegrees } from '../../../../shared/galleys/geometry'

// ─── Scaling ────────────────────────────────────────────────────────────────────────────────────

export interface Fit {
  /** Pixels per millimetre. */
  scale: number
  /** Where the table's corner (0, 0 mm) is on the stage, px. */
  ox: number
  oy: number
  /** The table's size on the stage, px. */
  width: number
  height: number
}

/** The table scaled to fit the box (its aspect kept), centred, `pad` px clear all round for the frame. */
export function fitTable(size: { width: number; height: number }, box: { w: number; h: number }, pad = 18): Fit {
  const room = { w: Math.max(1, box.w - 2 * pad), h: Math.max(1, box.h - 2 * pad) }
  const scale = Math.min(room.w / size.width, room.h / size.height)
  const width = size.width * scale
  const height = size.height * scale
  return { scale, ox: (box.w - width) / 2, oy: (box.h - height) / 2, width, height }
}

/**
 * The table and, when the box is wide enough, a strip to its right for the wind gauge (`side` px
 * wide): the table centred in what is left. Without room the gauge goes in a corner of the table.
 */
export function layoutTable(size: { width: number; height: number }, box: { w: number; h: number }, side: number, pad = 18): { fit: Fit; strip: { x: number; y: number } | null } {
  const whole = fitTable(size, box, pad)
  if (box.w - (whole.ox + whole.width + 12) < side + 8) {
    const narrower = fitTable(size, { w: box.w - side - 8, h: box.h }, pad)
    if (narrower.scale < whole.scale * 0.9) return { fit: whole, strip: null }
    return { fit: narrower, strip: { x: narrower.ox + narrower.width + 20, y: narrower.oy } }
  }
  return { fit: whole, strip: { x: whole.ox + whole.width + 20, y: whole.oy } }
}

export const toPx = (f: Fit, p: Point): Point => ({ x: f.ox + p.x * f.scale, y: f.oy + p.y * f.scale })
export const toMm = (f: Fit, p: Point): Point => ({ x: (p.x - f.ox) / f.scale, y: (p.y - f.oy) / f.scale })
/** A point the pointer gives, in mm, to a tenth (what a drop places). */
export const snapMm = (p: Point): Point => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 })
/** A facing to the whole degree, in [0, 360). */
export const snapFacing = (deg: number): number => norm(Math.round(deg)) % 360

// ─── Players' colours ───────────────────────────────────────────────────────────────────────────

export const PLAYER_COLOURS = ['#a8322a', '#1f5c94', '#c8931a', '#2c7a4b', '#6a3f9c', '#c2621c', '#137a80', '#444b55'] as const
export const playerColour = (players: readonly { id: string }[], id: string): string => {
  const i = players.findIndex((p) => p.id === id)
  return PLAYER_COLOURS[(i < 0 ? 0 : i) % PLAYER_COLOURS.length]!
}

// ─── Silhouettes ────────────────────────────────────────────────────────────────────────────────

export type PartRole = 'hull' | 'deck' | 'sail' | 'dark' | 'metal' | 'envelope' | 'oar' | 'rotor'
export type Part =
  | { kind: 'poly'; role: PartRole; points: number[] }
  | { kind: 'line'; role: PartRole; points: number[] }
  | { kind: 'circle'; role: PartRole; x: number; y: number; r: number }

export type ShapeKind = 'sail' | 'galley' | 'steam' | 'unorthodox' | 'airship' | 'submersible' | 'ornithopter' | 'gyrocopter'

/** Which outline a ship gets: the flying machines by propulsion, then airships and submersibles by hull, else by propulsion. */
export function shapeKind(hull: Hull, propulsion: Propulsion): ShapeKind {
  if (propulsion === 'ornithopter' || propulsion === 'gyrocopter') return propulsion
  if (hull === 'airship' || hull === 'submersible') return hull
  return propulsion
}

const ellipse = (cx: number, cy: number, rx: number, ry: number, n = 20): number[] => {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2
    out.push(r2(cx + rx * Math.sin(a)), r2(cy - ry * Math.cos(a)))
  }
  return out
}
const r2 = (v: number) => Math.round(v * 100) / 100

/**
 * Her silhouette in millimetres about her base's centre, bow up (towards −y), to fit a base of
 * radius `r`: the parts in drawing order.
 */
export function silhouette(kind: ShapeKind, r: number): Part[] {
  const L = r * 1.62
  const h = L / 2
  const B = r * 0.58
  const b = B / 2
  switch (kind) {
    case 'sail': {
      const hull = [0, -h, b * 0.9, -h * 0.45, b, 0, b * 0.85, h * 0.8, b * 0.6, h, -b * 0.6, h, -b * 0.85, h * 0.8, -b, 0, -b * 0.9, -h * 0.45]
      const yard = (y: number, w: number): Part => ({ kind: 'poly', role: 'sail', points: [-w, y - L * 0.05, w, y - L * 0.05, w * 0.92, y + L * 0.06, -w * 0.92, y + L * 0.06] })
      return [
        { kind: 'poly', role: 'hull', points: hull.map(r2) },
        { kind: 'poly', role: 'deck', points: [0, -h * 0.78, b * 0.55, -h * 0.35, b * 0.6, h * 0.78, -b * 0.6, h * 0.78, -b * 0.55, -h * 0.35].map(r2) },
        { kind: 'line', role: 'dark', points: [0, -h, 0, -h - L * 0.1].map(r2) },
        yard(-h * 0.42, B * 0.95),
        yard(h * 0.05, B * 1.1),
        yard(h * 0.52, B * 0.85)
      ]
    }
    case 'galley': {
      const gb = b * 0.62
      const hull = [0, -h * 1.12, gb * 0.5, -h * 0.92, gb, -h * 0.6, gb, h * 0.75, gb * 0.5, h, -gb * 0.5, h, -gb, h * 0.75, -gb, -h * 0.6, -gb * 0.5, -h * 0.92]
      const oars: Part[] = []
      for (let i = 0; i < 6; i++) {
        const y = -h * 0.45 + (i * h * 1.1) / 5
        oars.push({ kind: 'line', role: 'oar', points: [gb, y, gb + B * 0.75, y + L * 0.06].map(r2) })
        oars.push({ kind: 'line', role: 'oar', points: [-gb, y, -gb - B * 0.75, y + L * 0.06].map(r2) })
      }
      return [
        ...oars,
        { kind: 'poly', role: 'hull', points: hull.map(r2) },
        { kind: 'poly', role: 'sail', points: [-B * 0.55, -h * 0.2, B * 0.55, -h * 0.2, 0, h * 0.2].map(r2) },
        { kind: 'line', role: 'dark', points: [0, -h * 0.92, 0, -h * 1.12].map(r2) }
      ]
    }
    case 'steam': {
      const hull = [0, -h, b * 0.75, -h * 0.7, b, -h * 0.25, b, h * 0.85, b * 0.7, h, -b * 0.7, h, -b, h * 0.85, -b, -h * 0.25, -b * 0.75, -h * 0.7]
      return [
        { kind: 'poly', role: 'metal', points: [b, -h * 0.18, b + B * 0.32, -h * 0.12, b + B * 0.32, h * 0.22, b, h * 0.28].map(r2) },
        { kind: 'poly', role: 'metal', points: [-b, -h * 0.18, -b - B * 0.32, -h * 0.12, -b - B * 0.32, h * 0.22, -b, h * 0.28].map(r2) },
        { kind: 'poly', role: 'hull', points: hull.map(r2) },
        { kind: 'poly', role: 'deck', points: [-b * 0.6, -h * 0.45, b * 0.6, -h * 0.45, b * 0.6, h * 0.7, -b * 0.6, h * 0.7].map(r2) },
        { kind: 'circle', role: 'dark', x: 0, y: r2(-h * 0.05), r: r2(B * 0.24) },
        { kind: 'circle', role: 'dark', x: 0, y: r2(h * 0.4), r: r2(B * 0.2) }
      ]
    }
    case 'unorthodox': {
      // A plated shell (a turtle ship's or a contraption's), spiked, with a dragon's head.
      const shell = [0, -h * 0.8, b * 0.9, -h * 0.55, b * 1.1, 0, b * 0.9, h * 0.7, 0, h, -b * 0.9, h * 0.7, -b * 1.1, 0, -b * 0.9, -h * 0.55]
      const spikes: Part[] = []
      for (const [x, y] of [
        [0, -h * 0.3],
        [b * 0.45, h * 0.05],
        [-b * 0.45, h * 0.05],
        [0, h * 0.45]
      ] as const)
        spikes.push({ kind: 'circle', role: 'metal', x: r2(x), y: r2(y), r: r2(B * 0.1) })
      return [
        { kind: 'poly', role: 'hull', points: shell.map(r2) },
        { kind: 'poly', role: 'dark', points: [-b * 0.3, -h * 0.8, b * 0.3, -h * 0.8, 0, -h * 1.1].map(r2) },
        { kind: 'line', role: 'deck', points: [0, -h * 0.8, 0, h].map(r2) },
        { kind: 'line', role: 'deck', points: [-b * 1.1, 0, b * 1.1, 0].map(r2) },
        ...spikes
      ]
    }
    case 'airship': {
      return [
        { kind: 'poly', role: 'dark', points: [0, h * 0.55, B * 0.7, h * 1.02, 0, h * 0.85, -B * 0.7, h * 1.02].map(r2) },
        { kind: 'poly', role: 'envelope', points: ellipse(0, 0, B * 0.78, h * 0.95) },
        { kind: 'line', role: 'deck', points: [0, -h * 0.8, 0, h * 0.8].map(r2) },
        { kind: 'poly', role: 'hull', points: [-B * 0.18, -h * 0.25, B * 0.18, -h * 0.25, B * 0.18, h * 0.25, -B * 0.18, h * 0.25].map(r2) }
      ]
    }
    case 'submersible': {
      return [
        { kind: 'poly', role: 'metal', points: ellipse(0, h * 0.05, B * 0.42, h * 0.98) },
        { kind: 'poly', role: 'dark', points: [-B * 0.17, -h * 0.3, B * 0.17, -h * 0.3, B * 0.17, h * 0.05, -B * 0.17, h * 0.05].map(r2) },
        { kind: 'line', role: 'dark', points: [-B * 0.4, h * 1.02, B * 0.4, h * 1.02].map(r2) },
        { kind: 'line', role: 'dark', points: [0, h * 0.85, 0, h * 1.12].map(r2) }
      ]
    }
    case 'ornithopter': {
      const wing = (s: 1 | -1): Part => ({ kind: 'poly', role: 'sail', points: [s * B * 0.15, -h * 0.35, s * r * 0.92, -h * 0.05, s * r * 0.8, h * 0.2, s * B * 0.15, h * 0.15].map(r2) })
      return [
        wing(1),
        wing(-1),
        { kind: 'line', role: 'dark', points: [B * 0.15, -h * 0.2, r * 0.85, h * 0.05].map(r2) },
        { kind: 'line', role: 'dark', points: [-B * 0.15, -h * 0.2, -r * 0.85, h * 0.05].map(r2) },
        { kind: 'poly', role: 'hull', points: [0, -h, B * 0.16, -h * 0.6, B * 0.12, h * 0.75, 0, h * 0.95, -B * 0.12, h * 0.75, -B * 0.16, -h * 0.6].map(r2) },
        { kind: 'poly', role: 'dark', points: [0, h * 0.7, B * 0.4, h, -B * 0.4, h].map(r2) }
      ]
    }
    case 'gyrocopter': {
      return [
        { kind: 'poly', role: 'hull', points: [0, -h * 0.6, B * 0.26, -h * 0.3, B * 0.2, h * 0.2, B * 0.07, h * 0.95, -B * 0.07, h * 0.95, -B * 0.2, h * 0.2, -B * 0.26, -h * 0.3].map(r2) },
        { kind: 'circle', role: 'rotor', x: 0, y: r2(-h * 0.08), r: r2(r * 0.78) },
        { kind: 'line', role: 'dark', points: [-r * 0.75, -h * 0.08, r * 0.75, -h * 0.08].map(r2) },
        { kind: 'line', role: 'dark', points: [0, -h * 0.08 - r * 0.75, 0, -h * 0.08 + r * 0.75].map(r2) },
        { kind: 'circle', role: 'dark', x: 0, y: r2(-h * 0.08), r: r2(B * 0.09) },
        { kind: 'line', role: 'dark', points: [-B * 0.3, h * 0.92, B * 0.3, h * 0.92].map(r2) }
      ]
    }
  }
}

/** The farthest any part reaches from the centre, mm (a silhouette must fit her base). */
export function silhouetteReach(parts: Part[]): number {
  let m = 0
  for (const p of parts) {
    if (p.kind === 'circle') m = Math.max(m, Math.hypot(p.x, p.y) + p.r)
    else for (let i = 0; i < p.points.length; i += 2) m = Math.max(m, Math.hypot(p.points[i]!, p.points[i + 1]!))
  }
  return m
}

export const PART_FILLS: Record<PartRole, { fill: string; stroke: string }> = {
  hull: { fill: '#8a5a33', stroke: '#3e2714' },
  deck: { fill: '#c39a63', stroke: '#6f4c26' },
  sail: { fill: '#f4ecd6', stroke: '#8b7b5a' },
  dark: { fill: '#2b2622', stroke: '#2b2622' },
  metal: { fill: '#66707a', stroke: '#2f353b' },
  envelope: { fill: '#d9cfb5', stroke: '#6e6148' },
  oar: { fill: '#6b4a2b', stroke: '#6b4a2b' },
  rotor: { fill: 'rgba(240, 240, 240, 0.18)', stroke: 'rgba(40, 40, 40, 0.55)' }
}

// ─── Markers ────────────────────────────────────────────────────────────────────────────────────

export type MarkerKind = 'hits' | 'fire' | 'superficial' | 'captain' | 'holed' | 'rudder' | 'rigging'
export interface Marker {
  kind: MarkerKind
  /** What the chip says on the table. */
  label: string
  /** In words (the list and the legend). */
  words: string
  fill: string
  text: string
}

export const MARKER_LEGEND: { kind: MarkerKind; sample: string; fill: string; text: string; words: string }[] = [
  { kind: 'hits', sample: '2', fill: '#8e1f1a', text: '#fff', words: 'hits taken' },
  { kind: 'fire', sample: '', fill: '#e8751a', text: '#fff', words: 'on fire' },
  { kind: 'superficial', sample: 'S', fill: '#5d6b78', text: '#fff', words: 'superficial damage' },
  { kind: 'captain', sample: 'C', fill: '#1b1b1b', text: '#fff', words: 'captain killed' },
  { kind: 'holed', sample: 'H', fill: '#1d4f6e', text: '#fff', words: 'holed' },
  { kind: 'rudder', sample: 'Ru', fill: '#7a5a1f', text: '#fff', words: 'rudder hits' },
  { kind: 'rigging', sample: 'Ri', fill: '#4f6b2a', text: '#fff', words: 'rigging hits' }
]
const LEG = Object.fromEntries(MARKER_LEGEND.map((m) => [m.kind, m])) as Record<MarkerKind, (typeof MARKER_LEGEND)[number]>

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** Her markers in the order they are laid out beside her base. */
export function markersOf(s: ShipState, hullPoints: number): Marker[] {
  const out: Marker[] = []
  const add = (kind: MarkerKind, label: string, words: string) => out.push({ kind, label, words, fill: LEG[kind].fill, text: LEG[kind].text })
  if (s.hits > 0) add('hits', `${s.hits}/${hullPoints}`, `${s.hits} of ${hullPoints} hits`)
  if (s.criticals.fires > 0) add('fire', s.criticals.fires > 1 ? `${s.criticals.fires}` : '', s.criticals.fires === 1 ? 'on fire' : `${s.criticals.fires} fires`)
  if (s.superficial) add('superficial', 'S', 'superficial damage')
  if (s.criticals.captain > 0) add('captain', 'C', 'captain killed')
  if (s.criticals.holed) add('holed', 'H', 'holed')
  if (s.criticals.rudder > 0) add('rudder', `Ru${s.criticals.rudder}`, plural(s.criticals.rudder, 'rudder hit'))
  if (s.criticals.rigging > 0) add('rigging', `Ri${s.criticals.rigging}`, plural(s.criticals.rigging, 'rigging hit'))
  return out
}

/** Chips in a row under her name tab: each chip's x offset (px from her centre) and width, given a size. */
export function layoutMarkers(markers: Marker[], chip: number, gap = 2): { x: number; w: number }[] {
  const ws = markers.map((m) => (m.kind === 'fire' && !m.label ? chip : Math.max(chip, m.label.length * chip * 0.5 + chip * 0.45)))
  const total = ws.reduce((a, w) => a + w, 0) + gap * Math.max(0, ws.length - 1)
  let x = -total / 2
  return ws.map((w) => {
    const at = { x, w }
    x += w + gap
    return at
  })
}

/** How she is drawn by her status: afloat in full, struck with a flag, the wrecks faint, gone not at all. */
export function statusLook(status: ShipStatus): { draw: boolean; opacity: number; flag: boolean; wreck: boolean } {
  switch (status) {
    case 'afloat':
      return { draw: true, opacity: 1, flag: false, wreck: false }
    case 'struck':
      return { draw: true, opacity: 0.72, flag: true, wreck: false }
    case 'sunk':
    case 'crashed':
      return { draw: true, opacity: 0.28, flag: false, wreck: true }
    case 'exploded':
    case 'exited':
      return { draw: false, opacity: 0, flag: false, wreck: false }
  }
}

// ─── Wind ───────────────────────────────────────────────────────────────────────────────────────

const COMPASS = [
  'north', 'north-north-east', 'north-east', 'east-north-east', 'east', 'east-south-east', 'south-east', 'south-south-east',
  'south', 'south-south-west', 'south-west', 'west-south-west', 'west', 'west-north-west', 'north-west', 'north-north-west'
]
const COMPASS_SHORT = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW']
/** The compass point nearest a bearing. */
export const compassName = (deg: number): string => COMPASS[Math.round(norm(deg) / 22.5) % 16]!
export const compassShort = (deg: number): string => COMPASS_SHORT[Math.round(norm(deg) / 22.5) % 16]!

export const MARKER_WORDS: Record<'veer' | 'back' | 'steady', string> = {
  veer: 'Veering: +1 to the next direction die',
  back: 'Backing: −1 to the next direction die',
  steady: 'Steady: the next weather change roll is ignored'
}

export function windWords(t: GalleysTable, wind: Wind): { from: string; deg: number; marker: string } {
  const deg = windDegrees(t, wind.direction)
  return { from: `Wind from the ${compassName(deg)}`, deg, marker: wind.marker ? MARKER_WORDS[wind.marker] : 'No marker on the gauge' }
}

/**
 * The in-irons sector as a Konva wedge about her base: Konva's angles run clockwise from +x (east),
 * a facing's from north, so the wedge starts 90° before the sector's first heading.
 */
export function ironsWedge(t: GalleysTable, direction: number): { rotation: number; angle: number; from: number; to: number; centre: number } {
  const s = inIronsSector(t, direction)
  return { rotation: norm(s.from - 90), angle: 2 * t.inIronsHalfAngle, from: s.from, to: s.to, centre: s.centre }
}

/** The corner the wind gauge sits in: the one its square (`side` mm) covers least land, exit zones and ships in. */
export function gaugeCorner(size: { width: number; height: number }, side: number, terrain: readonly TerrainSetup[], ships: readonly Point[]): 'tr' | 'tl' | 'br' | 'bl' {
  const corners = [
    ['tr', size.width - side, 0],
    ['tl', 0, 0],
    ['br', size.width - side, size.height - side],
    ['bl', 0, size.height - side]
  ] as const
  let best: (typeof corners)[number][0] = 'tr'
  let bestScore = Infinity
  for (const [k, x0, y0] of corners) {
    let score = 0
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 6; j++) {
        const p = { x: x0 + ((i + 0.5) * side) / 6, y: y0 + ((j + 0.5) * side) / 6 }
        if (terrain.some((t) => pointInPolygon(p, t.points))) score += 1
      }
    for (const s of ships) if (s.x >= x0 - 30 && s.x <= x0 + side + 30 && s.y >= y0 - 30 && s.y <= y0 + side + 30) score += 8
    // The scale bar runs along the bottom-left edge.
    if (k === 'bl') score += 4
    if (score < bestScore) {
      bestScore = score
      best = k
    }
  }
  return best
}

// ─── Ghost, ruler, words ────────────────────────────────────────────────────────────────────────

export function ghostLook(legal: boolean): { fill: string; stroke: string; text: string } {
  return legal ? { fill: 'rgba(60, 170, 95, 0.45)', stroke: '#1f7a3f', text: '#10391d' } : { fill: 'rgba(205, 55, 45, 0.45)', stroke: '#a3221a', text: '#5c0e09' }
}

/** The ruler's reading: mm and S / M / L (the table's geometry.measure). */
export function rulerWords(t: GalleysTable, a: Point, b: Point): string {
  return measure(t, a, b).words
}

/** A turn in words: "turned 30° to starboard" (clockwise) or "to port". */
export function turnWords(from: number, to: number): string {
  let d = norm(to - from)
  if (d > 180) d -= 360
  const a = Math.round(Math.abs(d))
  if (a === 0) return 'no turn'
  return `turned ${a}° to ${d > 0 ? 'starboard' : 'port'}`
}

/** The line of the list of ships drawn (screen readers and tests). */
export function shipLine(def: ShipSetup, s: ShipState, playerName: string, hullPoints: number, selected: boolean): string {
  const where = `at ${Math.round(s.at.x)} mm across, ${Math.round(s.at.y)} mm down, facing ${Math.round(s.facing)}° (${compassName(s.facing)})`
  const marks = markersOf(s, hullPoints).map((m) => m.words)
  const gone = s.status === 'exploded' || s.status === 'exited'
  const status = STATUS_NAMES[s.status]
  const head = `${def.name} (${playerName}): ${status}`
  const body = gone ? '' : `, ${where}${marks.length ? `; ${marks.join(', ')}` : ''}`
  return `${head}${body}${selected ? ' — selected' : ''}`
}

/** The ship whose base is under a point (mm), the nearest if several; a base is at least `minRadius` mm to hit. */
export function shipAt(ships: readonly { id: string; at: Point }[], p: Point, radius: number): string | null {
  let best: string | null = null
  let d = Infinity
  for (const s of ships) {
    const e = Math.hypot(s.at.x - p.x, s.at.y - p.y)
    if (e <= radius && e < d) {
      d = e
      best = s.id
    }
  }
  return best
}

/** The S / M / L scale bar: each stick as a segment from the bar's start, mm. */
export function scaleBar(t: GalleysTable): { label: string; mm: number }[] {
  return [
    { label: 'S', mm: t.short },
    { label: 'M', mm: t.medium },
    { label: 'L', mm: t.long }
  ]
}

/** A polygon's centroid (area-weighted; the vertices' mean when degenerate). */
export function centroid(points: readonly Point[]): Point {
  let a = 0
  let cx = 0
  let cy = 0
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const p = points[j]!
    const q = points[i]!
    const f = p.x * q.y - q.x * p.y
    a += f
    cx += (p.x + q.x) * f
    cy += (p.y + q.y) * f
  }
  if (Math.abs(a) < 1e-9) return { x: points.reduce((s, p) => s + p.x, 0) / points.length, y: points.reduce((s, p) => s + p.y, 0) / points.length }
  return { x: cx / (3 * a), y: cy / (3 * a) }
}

/** Waves on the sea: short strokes at places drawn from a fixed sequence (the same every time). */
export function seaWaves(size: { width: number; height: number }, count: number): { x: number; y: number; w: number }[] {
  const out: { x: number; y: number; w: number }[] = []
  let s = 0x2f6e2b1
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0
    return s / 0x100000000
  }
  for (let i = 0; i < count; i++) out.push({ x: next() * size.width, y: next() * size.height, w: 8 + next() * 18 })
  return out
}
