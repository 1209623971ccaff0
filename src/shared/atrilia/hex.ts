/**
 * The Atrilian battle map (seed 002 §3: "a rectangular battle map of 12 hexes per 18 hexes"; §11.2
 * "Set up in hex D11 facing direction 1") as axial coordinates.
 *
 * Hexes are flat-topped, axial `{q, r}`. Columns A–L are q = 0…11; rows 1–18 are read down each
 * column, with the odd columns (B, D, F…) set half a hex lower than the even ones ("odd-q" offset:
 * the §11.2 sample map is an image the seed lost, so this layout is a house default). Facing 1–6:
 * 1 = the neighbour (0, −1) ("north", up the map), increasing clockwise: 1 (0,−1), 2 (+1,−1),
 * 3 (+1,0), 4 (0,+1), 5 (−1,+1), 6 (−1,0). A ship faces a hexside: her bow is the hexside of her
 * facing, her stern the opposite one, the other four are her broadsides (seed 002 §6).
 *
 * Why not a hex library: honeycomb-grid (4.x) was considered. Its hexes are class instances created
 * through a grid and traversers, and its `line` traverser samples the line between centres without
 * telling a line that runs along a hexside from one that crosses a hex, which §8.7 needs. The odds
 * simulator calls these helpers hundreds of thousands of times a second, so they are small integer
 * functions over `{q, r}` and a packed index (q × 18 + row), with the line-of-sight geometry cached.
 */

export interface Hex {
  q: number
  r: number
}

export const COLUMNS = 12
export const ROWS = 18
export const HEX_COUNT = COLUMNS * ROWS
export const COLUMN_LETTERS = 'ABCDEFGHIJKL'

/** Facing 1–6 → axial step (index facing − 1). */
export const DIRS: readonly Hex[] = [
  { q: 0, r: -1 },
  { q: 1, r: -1 },
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 }
]

export type Facing = 1 | 2 | 3 | 4 | 5 | 6

/** Facing turned `n` hexsides clockwise (negative: anticlockwise). */
export function turn(f: number, n: number): Facing {
  return ((((f - 1 + n) % 6) + 6) % 6) + 1 as Facing
}
export const opposite = (f: number): Facing => turn(f, 3)

export function neighbour(h: Hex, facing: number): Hex {
  const d = DIRS[facing - 1]!
  return { q: h.q + d.q, r: h.r + d.r }
}

export function distance(a: Hex, b: Hex): number {
  const dq = a.q - b.q
  const dr = a.r - b.r
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2
}

/** The facing from `a` to an adjacent `b` (1–6), or 0 when they are not adjacent. */
export function directionTo(a: Hex, b: Hex): number {
  const dq = b.q - a.q
  const dr = b.r - a.r
  for (let i = 0; i < 6; i++) if (DIRS[i]!.q === dq && DIRS[i]!.r === dr) return i + 1
  return 0
}

/** Column (0–11) and row (0–17) of an axial hex. */
export function toOffset(h: Hex): { col: number; row: number } {
  return { col: h.q, row: h.r + ((h.q - (h.q & 1)) >> 1) }
}
export function fromOffset(col: number, row: number): Hex {
  return { q: col, r: row - ((col - (col & 1)) >> 1) }
}

export function onMap(h: Hex): boolean {
  if (h.q < 0 || h.q >= COLUMNS) return false
  const row = h.r + ((h.q - (h.q & 1)) >> 1)
  return row >= 0 && row < ROWS
}

/** A hex's index 0…215 (column × 18 + row); −1 off the map. */
export function indexOf(h: Hex): number {
  if (!onMap(h)) return -1
  return h.q * ROWS + h.r + ((h.q - (h.q & 1)) >> 1)
}
export function hexAt(index: number): Hex {
  return fromOffset(Math.floor(index / ROWS), index % ROWS)
}

/** "D11" for column D, row 11. */
export function label(h: Hex): string {
  const { col, row } = toOffset(h)
  return onMap(h) ? `${COLUMN_LETTERS[col]}${row + 1}` : `off the map (${h.q}, ${h.r})`
}

/** The hex of a label ("D11", case-insensitive), or null when it is not on the map. */
export function parseLabel(text: string): Hex | null {
  const m = /^\s*([A-La-l])\s*(\d{1,2})\s*$/.exec(text)
  if (!m) return null
  const col = COLUMN_LETTERS.indexOf(m[1]!.toUpperCase())
  const row = Number(m[2]) - 1
  if (row < 0 || row >= ROWS) return null
  return fromOffset(col, row)
}

export const sameHex = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r

/** Which map edge a hex just off the map lies beyond (for "exit off the opposite side", §11.4). */
export function edgeBeyond(h: Hex): 'north' | 'south' | 'west' | 'east' {
  if (h.q < 0) return 'west'
  if (h.q >= COLUMNS) return 'east'
  const row = h.r + ((h.q - (h.q & 1)) >> 1)
  return row < 0 ? 'north' : 'south'
}

// ─── Line of sight (seed 002 §8.7) ──────────────────────────────────────────────────────────────

const S3 = Math.sqrt(3)
/** Centre of a hex of unit size (centre to corner 1), y down. */
export function centre(h: Hex): { x: number; y: number } {
  return { x: 1.5 * h.q, y: S3 * (h.r + h.q / 2) }
}
/** A facing (1–6) as a bearing: degrees clockwise from north (the top of the map), facing 1 being north. */
export function facingBearing(f: number): number {
  const c = centre(DIRS[(((f - 1) % 6) + 6) % 6]!)
  return Math.round((((Math.atan2(c.x, -c.y) * 180) / Math.PI) % 360 + 360) % 360)
}
/** Outward unit normals of the six hexsides, in facing order. */
const NORMALS = DIRS.map((d) => {
  const c = centre(d)
  return { x: c.x / S3, y: c.y / S3 }
})
const INRADIUS = S3 / 2
const EPS = 1e-9

export interface LineGeometry {
  /** Hexes whose inside the line crosses (not the two ends), nearest first. */
  through: Hex[]
  /** Hexsides the line runs along: the two hexes beside each (neither is crossed). */
  along: Array<[Hex, Hex]>
}

const geometryCache = new Map<number, LineGeometry>()

/**
 * What a line from centre to centre passes: the hexes it crosses and the hexsides it runs along.
 * Each candidate hex's hexagon clips the segment (Cyrus–Beck); a clipped piece of length > 0 whose
 * middle lies on a hexside is "along" that hexside, otherwise the hex is crossed. A line that only
 * touches a corner passes neither.
 */
export function lineGeometry(a: Hex, b: Hex): LineGeometry {
  const ia = indexOf(a)
  const ib = indexOf(b)
  const key = ia >= 0 && ib >= 0 ? ia * HEX_COUNT + ib : -1
  if (key >= 0) {
    const hit = geometryCache.get(key)
    if (hit) return hit
  }
  const pa = centre(a)
  const pb = centre(b)
  const n = distance(a, b)
  const through: Array<{ h: Hex; t: number }> = []
  const alongRaw: Array<{ h: Hex; side: number; t: number }> = []
  if (n > 1) {
    for (let dq = -n; dq <= n; dq++)
      for (let dr = Math.max(-n, -dq - n); dr <= Math.min(n, -dq + n); dr++) {
        const h = { q: a.q + dq, r: a.r + dr }
        if (sameHex(h, a) || sameHex(h, b) || distance(h, b) > n) continue
        const c = centre(h)
        let t0 = 0
        let t1 = 1
        const dx = pb.x - pa.x
        const dy = pb.y - pa.y
        let ok = true
        for (let k = 0; k < 6 && ok; k++) {
          const nk = NORMALS[k]!
          // dot(p(t) − c, n) ≤ inradius, with p(t) = pa + t·d
          const num = INRADIUS - ((pa.x - c.x) * nk.x + (pa.y - c.y) * nk.y)
          const den = dx * nk.x + dy * nk.y
          if (Math.abs(den) < EPS) {
            if (num < -EPS) ok = false
          } else if (den > 0) t1 = Math.min(t1, num / den)
          else t0 = Math.max(t0, num / den)
          if (t1 - t0 <= 1e-7) ok = false
        }
        if (!ok) continue
        const tm = (t0 + t1) / 2
        const mx = pa.x + tm * dx - c.x
        const my = pa.y + tm * dy - c.y
        let side = 0
        for (let k = 0; k < 6; k++) if (Math.abs(mx * NORMALS[k]!.x + my * NORMALS[k]!.y - INRADIUS) < 1e-7) side = k + 1
        if (side) alongRaw.push({ h, side, t: tm })
        else through.push({ h, t: tm })
      }
  }
  through.sort((x, y) => x.t - y.t)
  alongRaw.sort((x, y) => x.t - y.t)
  const along: Array<[Hex, Hex]> = []
  const seen = new Set<string>()
  for (const x of alongRaw) {
    const other = neighbour(x.h, x.side)
    const k = [indexKey(x.h), indexKey(other)].sort().join('|')
    if (seen.has(k)) continue
    seen.add(k)
    along.push([x.h, other])
  }
  const g = { through: through.map((x) => x.h), along }
  if (key >= 0) geometryCache.set(key, g)
  return g
}

const indexKey = (h: Hex) => `${h.q},${h.r}`

/**
 * Seed 002 §8.7: the line from the centre of the firing unit to the centre of the target is blocked
 * if it passes through any ship or land hex; a line along a hexside is blocked only if both hexes
 * beside it block. `blocks(h)` says whether a hex holds a ship or is land (the two ends never count).
 */
export function sightLine(a: Hex, b: Hex, blocks: (h: Hex) => boolean): { clear: boolean; through: Hex[]; along: Array<[Hex, Hex]>; blockedBy: Hex[] } {
  const g = lineGeometry(a, b)
  const blockedBy: Hex[] = []
  for (const h of g.through) if (blocks(h)) blockedBy.push(h)
  for (const [x, y] of g.along) if (blocks(x) && blocks(y)) blockedBy.push(x, y)
  return { clear: blockedBy.length === 0, through: g.through, along: g.along, blockedBy }
}

// ─── Index tables for the hot paths (the AI's movement search, the simulator) ───────────────────

/** NEIGHBOURS[i × 6 + facing − 1]: the index of hex i's neighbour that way, −1 off the map. */
export const NEIGHBOURS: Int16Array = (() => {
  const t = new Int16Array(HEX_COUNT * 6)
  for (let i = 0; i < HEX_COUNT; i++) {
    const h = hexAt(i)
    for (let f = 1; f <= 6; f++) t[i * 6 + f - 1] = indexOf(neighbour(h, f))
  }
  return t
})()

/** DISTANCES[i × 216 + j]: hexes between hex i and hex j. */
export const DISTANCES: Uint8Array = (() => {
  const t = new Uint8Array(HEX_COUNT * HEX_COUNT)
  for (let i = 0; i < HEX_COUNT; i++) {
    const a = hexAt(i)
    for (let j = 0; j < HEX_COUNT; j++) t[i * HEX_COUNT + j] = distance(a, hexAt(j))
  }
  return t
})()
