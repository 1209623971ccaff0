import type { AtrilianShipDetail } from '../../shared/commands/ships'
import type { AtrilianDesign } from '../../shared/atrilia/design'
import { stmt, type Db } from '../campaign/sqlite'
import { labelOf } from '../campaign-core/clock-state'
import { requireShip, shipSummary } from '../theah/shipyard'
import { crewSheet } from './crew'
import { repairStatus } from './repairs'
import { quoteAtrilianFor } from './shipyard'
import { upkeepSheet } from './upkeep'

/**
 * An Atrilian ship's sheet (`ships.get` of an Atrilian ship; seed 002 §2): her design and its quote
 * by the campaign's current Atrilian tables, her people (crew.ts), her monthly upkeep with its terms
 * (upkeep.ts), where she lies, owners and history.
 */
export function atrilianShipDetail(db: Db, shipId: number): AtrilianShipDetail {
  const row = requireShip(db, shipId)
  const label = labelOf(db)
  const design = JSON.parse(row.design) as AtrilianDesign
  const history = (stmt(db, `SELECT day, text FROM ship_event WHERE ship_id = ? ORDER BY id`).all(shipId) as { day: number; text: string }[]).map((e) => ({
    day: e.day,
    dateLabel: label(e.day),
    text: e.text
  }))
  const captor = stmt(db, `SELECT s.id AS shipId, s.name FROM prize_captor pc JOIN ship s ON s.id = pc.captor_id WHERE pc.ship_id = ?`).get(shipId) as
    | { shipId: number; name: string }
    | undefined
  return {
    ...shipSummary(db, shipId),
    setting: 'atrilia',
    design,
    quote: quoteAtrilianFor(db, design),
    crew: crewSheet(db, shipId),
    upkeep: upkeepSheet(db, shipId, row.status === 'port' || row.status === 'sea'),
    location: row.location,
    orderedDay: row.ordered_day,
    capturedBy: captor ?? null,
    repair: repairStatus(db, shipId),
    history
  }
}
