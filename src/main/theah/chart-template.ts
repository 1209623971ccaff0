import { THEAH_CHART, type ChartTemplate } from '../../shared/voyage/theah-chart'
import type { Db } from '../campaign/sqlite'
import { configureChart, placePort, saveArea, saveLand, saveRoute } from '../campaign-core/chart'
import { createPort } from '../campaign-core/ports'

/**
 * Draw a chart template into a new campaign (issue 16, point 12): its scale and open sea, its ports
 * placed, its sea areas and routes, in one transaction. Ports already recorded under a template
 * port's name are placed, not recorded again (the sample records three of them first).
 */
export function drawChartTemplate(db: Db, t: ChartTemplate = THEAH_CHART): { ports: number; areas: number; routes: number } {
  return db.transaction(() => {
    configureChart(db, t.settings)
    const ids = new Map<string, number>()
    const known = db.prepare(`SELECT id FROM port WHERE name = ?`)
    for (const p of t.ports) {
      const have = known.get(p.name) as { id: number } | undefined
      const id =
        have?.id ??
        createPort(db, {
          name: p.name,
          nation: p.nation,
          major: p.major ?? false,
          colonial: p.colonial ?? false,
          pirateHaven: p.pirateHaven ?? false,
          friendlyTo: { owners: [], nations: [] },
          notes: p.notes
        }).id
      placePort(db, { portId: id, x: p.x, y: p.y })
      ids.set(p.name, id)
    }
    for (const l of t.land ?? []) saveLand(db, { name: l.name, polygon: l.polygon.map(([x, y]) => ({ x, y })) })
    for (const a of t.areas) saveArea(db, { name: a.name, kind: a.kind, polygon: a.polygon.map(([x, y]) => ({ x, y })) })
    for (const r of t.routes) {
      saveRoute(db, { fromPortId: ids.get(r.from)!, toPortId: ids.get(r.to)!, via: r.via.map(([x, y]) => ({ x, y })), distanceNm: null })
    }
    return { ports: t.ports.length, areas: t.areas.length, routes: t.routes.length }
  })()
}
