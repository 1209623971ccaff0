import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'

/**
 * Where a ship is built (issue 16, point 13; seed 003, I. Of Ship Construction, 1: "Ships may be
 * constructed in any major port. … If the ship is being constructed in a colonial port, add one
 * month to the construction time."). The month is the design's "built in a colonial port" (rule
 * table shipHulls), which must match the port. The port is kept on the ship (`built_at_port_id`),
 * and she is launched there: in port, her company lying in that port.
 */

export interface Yard {
  portId: number
  name: string
  colonial: boolean
}

interface PortRow {
  id: number
  name: string
  major: number
  colonial: number
}

/**
 * The yard at `portId`, refused (at the field) unless it is a major port; and the design's "built in
 * a colonial port" (which adds the month, rule table shipHulls) must say what the port is.
 */
export function yardAt(db: Db, portId: number, field = 'portId', designColonial?: boolean): Yard {
  const p = stmt(db, `SELECT id, name, major, colonial FROM port WHERE id = ?`).get(portId) as PortRow | undefined
  if (!p) throw new CommandError('not_found', `${field}: there is no port with id ${portId}.`, { field })
  if (p.major !== 1) {
    throw new CommandError(
      'rule',
      `${p.name} is not a major port, and ships may be built only in a major port (High Seas Combat, I. Of Ship Construction). Choose a major port, or mark ${p.name} as one on its port page.`,
      { field }
    )
  }
  const colonial = p.colonial === 1
  if (designColonial !== undefined && designColonial !== colonial) {
    throw new CommandError(
      'rule',
      colonial
        ? `${p.name} is a colonial port: a ship built there takes one more month, so the design must say "Built in a colonial port".`
        : `${p.name} is not a colonial port: the design must not say "Built in a colonial port" (that adds a month only in a colonial port).`,
      { field: 'design.colonial' }
    )
  }
  return { portId: p.id, name: p.name, colonial }
}

/** Keep where she is being built, and say so where her location is shown until she is launched. */
export function keepYard(db: Db, shipId: number, yard: Yard): void {
  stmt(db, `UPDATE ship SET built_at_port_id = ?, location = ? WHERE id = ?`).run(yard.portId, `On the stocks in ${yard.name}`, shipId)
}

/** At her launch: she lies in the port she was built in (nothing to do for a ship built before ports were kept). Returns the port's name. */
export function launchAtYard(db: Db, shipId: number): string | null {
  const row = stmt(db, `SELECT s.built_at_port_id AS portId, p.name AS name FROM ship s JOIN port p ON p.id = s.built_at_port_id WHERE s.id = ?`).get(shipId) as
    | { portId: number; name: string }
    | undefined
  if (!row) return null
  stmt(db, `UPDATE ship SET location = ? WHERE id = ?`).run(row.name, shipId)
  stmt(db, `INSERT OR IGNORE INTO ship_company (ship_id) VALUES (?)`).run(shipId)
  stmt(db, `UPDATE ship_company SET port_id = ? WHERE ship_id = ?`).run(row.portId, shipId)
  return row.name
}
