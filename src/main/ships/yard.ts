import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'

/**
 * Where a ship is built (issue 16, point 13; seed 003, I. Of Ship Construction, 1: "Ships may be
 * constructed in any major port. … If the ship is being constructed in a colonial port, add one
 * month to the construction time."). The port is kept on the ship (`built_at_port_id`), and she
 * is launched there: in port, her company lying in that port.
 */

export interface Yard {
  portId: number
  name: string
  colonial: boolean
  /** Months the port adds to the construction time: 1 in a colonial port, else 0. */
  extraMonths: number
}

interface PortRow {
  id: number
  name: string
  major: number
  colonial: number
}

/** The yard at `portId`, refused (at the field) unless it is a major port. */
export function yardAt(db: Db, portId: number, field = 'portId'): Yard {
  const p = stmt(db, `SELECT id, name, major, colonial FROM port WHERE id = ?`).get(portId) as PortRow | undefined
  if (!p) throw new CommandError('not_found', `${field}: there is no port with id ${portId}.`, { field })
  if (p.major !== 1) {
    throw new CommandError('rule', `${p.name} is not a major port, and ships may be built only in a major port (High Seas Combat, I. Of Ship Construction). Choose a major port, or mark ${p.name} as one on its port page.`, {
      field
    })
  }
  return { portId: p.id, name: p.name, colonial: p.colonial === 1, extraMonths: p.colonial === 1 ? 1 : 0 }
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
