import type { Chart, ChartLand, ChartPort, ChartSettings, Point, Route, SeaArea, WaterKind } from '../../shared/commands/voyages'
import { CommandError } from '../../shared/errors'
import { checkEvery, pointAlong, polylineLength } from '../../shared/voyage/rules'
import { stmt, type Db } from '../campaign/sqlite'
import { getRule } from './rules'
import { unitOf } from './voyage-rules'

/**
 * The sea chart (issue 7): ports' positions, sea areas with their water kind, routes between ports,
 * the chart's scale. Where ships are and the voyages' tracks are added by voyages.ts. Distances are in
 * the setting's unit (`unitOf`: nautical miles in Théah, kilometres in Atrilia); the `…_nm` columns and
 * `…Nm` fields hold that unit.
 */

interface SettingRow {
  scale_nm: number
  width: number
  height: number
  default_water: WaterKind
  drama_gm: number
  event_chance: number
}

export function seaSettings(db: Db): SettingRow {
  const row = stmt(db, `SELECT * FROM sea_setting WHERE id = 1`).get() as SettingRow | undefined
  return row ?? { scale_nm: 10, width: 1600, height: 1000, default_water: 'seaLane', drama_gm: 0, event_chance: 0 }
}

export function setSeaSettings(db: Db, patch: Partial<SettingRow>): SettingRow {
  stmt(db, `INSERT OR IGNORE INTO sea_setting (id) VALUES (1)`).run()
  const keys = (Object.keys(patch) as (keyof SettingRow)[]).filter((k) => patch[k] !== undefined)
  if (keys.length) stmt(db, `UPDATE sea_setting SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = 1`).run(...keys.map((k) => patch[k]))
  return seaSettings(db)
}

export function chartSettings(db: Db): ChartSettings {
  const s = seaSettings(db)
  return { scaleNmPerUnit: s.scale_nm, unit: unitOf(db), width: s.width, height: s.height, defaultWater: s.default_water }
}

export function configureChart(db: Db, input: { scaleNmPerUnit?: number; width?: number; height?: number; defaultWater?: WaterKind }): ChartSettings {
  setSeaSettings(db, { scale_nm: input.scaleNmPerUnit, width: input.width, height: input.height, default_water: input.defaultWater })
  return chartSettings(db)
}

// ─── Ports ──────────────────────────────────────────────────────────────────────────────────────

interface PortRow {
  id: number
  name: string
  nation: string
  major: number
  colonial: number
  pirate_haven: number
  x: number | null
  y: number | null
}

const portOf = (p: PortRow): ChartPort => ({
  portId: p.id,
  name: p.name,
  nation: p.nation,
  major: p.major === 1,
  colonial: p.colonial === 1,
  pirateHaven: p.pirate_haven === 1,
  x: p.x,
  y: p.y
})

export function chartPortRow(db: Db, portId: number, field = 'portId'): PortRow {
  const p = stmt(db, `SELECT id, name, nation, major, colonial, pirate_haven, x, y FROM port WHERE id = ?`).get(portId) as PortRow | undefined
  if (!p) throw new CommandError('not_found', `${field}: there is no port with id ${portId}.`, { field })
  return p
}

export function chartPorts(db: Db): ChartPort[] {
  return (stmt(db, `SELECT id, name, nation, major, colonial, pirate_haven, x, y FROM port ORDER BY id`).all() as PortRow[]).map(portOf)
}

export function placePort(db: Db, input: { portId: number; x: number; y: number }): ChartPort {
  chartPortRow(db, input.portId)
  stmt(db, `UPDATE port SET x = ?, y = ? WHERE id = ?`).run(input.x, input.y, input.portId)
  return portOf(chartPortRow(db, input.portId))
}

// ─── Areas ──────────────────────────────────────────────────────────────────────────────────────

interface AreaRow {
  id: number
  name: string
  kind: WaterKind
  polygon: string
}

export function seaAreas(db: Db): SeaArea[] {
  const t = getRule(db, 'encounterChecks')
  return (stmt(db, `SELECT * FROM sea_area ORDER BY id`).all() as AreaRow[]).map((a) => ({
    id: a.id,
    name: a.name,
    kind: a.kind,
    checkEvery: checkEvery(a.kind, t),
    polygon: JSON.parse(a.polygon) as Point[]
  }))
}

function requireArea(db: Db, id: number, field = 'areaId'): AreaRow {
  const a = stmt(db, `SELECT * FROM sea_area WHERE id = ?`).get(id) as AreaRow | undefined
  if (!a) throw new CommandError('not_found', `${field}: there is no sea area with id ${id}.`, { field })
  return a
}

export function saveArea(db: Db, input: { id?: number; name: string; kind: WaterKind; polygon: Point[] }): SeaArea {
  let id = input.id
  if (id !== undefined) {
    requireArea(db, id, 'id')
    stmt(db, `UPDATE sea_area SET name = ?, kind = ?, polygon = ? WHERE id = ?`).run(input.name, input.kind, JSON.stringify(input.polygon), id)
  } else {
    id = Number(stmt(db, `INSERT INTO sea_area (name, kind, polygon) VALUES (?, ?, ?)`).run(input.name, input.kind, JSON.stringify(input.polygon)).lastInsertRowid)
  }
  return seaAreas(db).find((a) => a.id === id)!
}

export function removeArea(db: Db, areaId: number): { areaId: number; name: string } {
  const a = requireArea(db, areaId)
  stmt(db, `DELETE FROM sea_area WHERE id = ?`).run(areaId)
  return { areaId, name: a.name }
}

// ─── Land (issue 18) ───────────────────────────────────────────────────────────────────────────

export function chartLand(db: Db): ChartLand[] {
  return (stmt(db, `SELECT * FROM chart_land ORDER BY id`).all() as { id: number; name: string; polygon: string }[]).map((l) => ({
    id: l.id,
    name: l.name,
    polygon: JSON.parse(l.polygon) as Point[]
  }))
}

function requireLand(db: Db, id: number, field = 'landId'): { id: number; name: string } {
  const l = stmt(db, `SELECT id, name FROM chart_land WHERE id = ?`).get(id) as { id: number; name: string } | undefined
  if (!l) throw new CommandError('not_found', `${field}: there is no land with id ${id} on the chart.`, { field })
  return l
}

export function saveLand(db: Db, input: { id?: number; name: string; polygon: Point[] }): ChartLand {
  let id = input.id
  if (id !== undefined) {
    requireLand(db, id, 'id')
    stmt(db, `UPDATE chart_land SET name = ?, polygon = ? WHERE id = ?`).run(input.name, JSON.stringify(input.polygon), id)
  } else id = Number(stmt(db, `INSERT INTO chart_land (name, polygon) VALUES (?, ?)`).run(input.name, JSON.stringify(input.polygon)).lastInsertRowid)
  return chartLand(db).find((l) => l.id === id)!
}

export function removeLand(db: Db, landId: number): { landId: number; name: string } {
  const l = requireLand(db, landId)
  stmt(db, `DELETE FROM chart_land WHERE id = ?`).run(landId)
  return { landId, name: l.name }
}

// ─── Routes ─────────────────────────────────────────────────────────────────────────────────────

interface RouteRow {
  id: number
  from_port_id: number
  to_port_id: number
  via: string
  distance_nm: number | null
}

function routeOf(db: Db, r: RouteRow, scale: number, ports: Map<number, PortRow>): Route {
  const a = ports.get(r.from_port_id) ?? chartPortRow(db, r.from_port_id)
  const b = ports.get(r.to_port_id) ?? chartPortRow(db, r.to_port_id)
  const via = JSON.parse(r.via) as Point[]
  const placed = a.x !== null && a.y !== null && b.x !== null && b.y !== null
  const points = placed ? [{ x: a.x!, y: a.y! }, ...via, { x: b.x!, y: b.y! }] : []
  const measuredNm = placed ? Math.round(polylineLength(points) * scale) : null
  return {
    id: r.id,
    fromPortId: a.id,
    toPortId: b.id,
    fromName: a.name,
    toName: b.name,
    via,
    points,
    measuredNm,
    distanceOverride: r.distance_nm,
    distanceNm: Math.max(1, r.distance_nm ?? measuredNm ?? 0)
  }
}

function portMap(db: Db): Map<number, PortRow> {
  return new Map((stmt(db, `SELECT id, name, nation, major, colonial, pirate_haven, x, y FROM port`).all() as PortRow[]).map((p) => [p.id, p]))
}

export function seaRoutes(db: Db): Route[] {
  const scale = seaSettings(db).scale_nm
  const ports = portMap(db)
  return (stmt(db, `SELECT * FROM sea_route ORDER BY id`).all() as RouteRow[]).map((r) => routeOf(db, r, scale, ports))
}

export function getRoute(db: Db, id: number): Route {
  const r = stmt(db, `SELECT * FROM sea_route WHERE id = ?`).get(id) as RouteRow | undefined
  if (!r) throw new CommandError('not_found', `routeId: there is no route with id ${id}.`, { field: 'routeId' })
  return routeOf(db, r, seaSettings(db).scale_nm, portMap(db))
}

export function saveRoute(db: Db, input: { id?: number; fromPortId: number; toPortId: number; via: Point[]; distanceNm: number | null }): Route {
  const a = chartPortRow(db, input.fromPortId, 'fromPortId')
  const b = chartPortRow(db, input.toPortId, 'toPortId')
  const placed = a.x !== null && b.x !== null
  if (!placed && input.distanceNm === null) {
    const which = [a, b].filter((p) => p.x === null).map((p) => p.name)
    throw new CommandError('rule', `${which.join(' and ')} ${which.length === 1 ? 'is' : 'are'} not on the chart yet: place ${which.length === 1 ? 'it' : 'them'}, or type the route's distance.`, {
      field: 'distanceNm'
    })
  }
  let id = input.id
  if (id !== undefined) {
    getRoute(db, id)
    stmt(db, `UPDATE sea_route SET from_port_id = ?, to_port_id = ?, via = ?, distance_nm = ? WHERE id = ?`).run(a.id, b.id, JSON.stringify(input.via), input.distanceNm, id)
  } else {
    id = Number(
      stmt(db, `INSERT INTO sea_route (from_port_id, to_port_id, via, distance_nm) VALUES (?, ?, ?, ?)`).run(a.id, b.id, JSON.stringify(input.via), input.distanceNm).lastInsertRowid
    )
  }
  return getRoute(db, id)
}

export function removeRoute(db: Db, routeId: number): Route {
  const r = getRoute(db, routeId)
  stmt(db, `DELETE FROM sea_route WHERE id = ?`).run(routeId)
  return r
}

/** The route between two ports (either way round; its polyline turned to run from → to). Null when none. */
export function routeBetween(db: Db, from: number, to: number): Route | null {
  const r = stmt(
    db,
    `SELECT * FROM sea_route WHERE (from_port_id = ? AND to_port_id = ?) OR (from_port_id = ? AND to_port_id = ?) ORDER BY id LIMIT 1`
  ).get(from, to, to, from) as RouteRow | undefined
  if (!r) return null
  const route = routeOf(db, r, seaSettings(db).scale_nm, portMap(db))
  if (route.fromPortId === from) return route
  return {
    ...route,
    fromPortId: route.toPortId,
    toPortId: route.fromPortId,
    fromName: route.toName,
    toName: route.fromName,
    via: [...route.via].reverse(),
    points: [...route.points].reverse()
  }
}

export { pointAlong }

/** The chart without ships and voyages (voyages.ts adds those). */
export function chartBase(db: Db): Omit<Chart, 'ships' | 'voyages'> {
  return { settings: chartSettings(db), ports: chartPorts(db), areas: seaAreas(db), land: chartLand(db), routes: seaRoutes(db) }
}
