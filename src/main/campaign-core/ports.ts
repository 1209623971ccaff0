import type { Port } from '../../shared/commands/crew'
import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'

/**
 * Ports (the campaign core; every setting has them): their rows, nation, major and colonial ports,
 * pirate havens and whom they are friendly to. Whether a port is friendly to a given ship is the
 * setting's rule (Théah: her owners, nation or a haven for pirates): the setting registers it with
 * `registerFriendlyRule`, and the port's list of ships in it asks it.
 */

/** Whether a port is friendly to a ship lying in it: the setting's rule. */
export type FriendlyRule = (db: Db, port: PortRow, shipId: number) => boolean

let friendlyRule: FriendlyRule | null = null

/** The setting says which ports are friendly to which ships (called once, when its module loads). */
export function registerFriendlyRule(rule: FriendlyRule): void {
  friendlyRule = rule
}

function friendlyHere(db: Db, port: PortRow, shipId: number): boolean {
  if (!friendlyRule) throw new Error('No setting is loaded to say which ports are friendly.')
  return friendlyRule(db, port, shipId)
}

// ---------------------------------------------------------------------------------------------
// Ports
// ---------------------------------------------------------------------------------------------

export interface PortRow {
  id: number
  name: string
  nation: string
  major: number
  colonial: number
  friendly_to: string
  pirate_haven: number
  notes: string
}

interface FriendlyTo {
  owners: number[]
  nations: string[]
}

export function requirePort(db: Db, portId: number, field = 'portId'): PortRow {
  const row = stmt(db, `SELECT * FROM port WHERE id = ?`).get(portId) as PortRow | undefined
  if (!row) throw new CommandError('not_found', `${field}: there is no port with id ${portId}.`, { field })
  return row
}

export const friendlyOf = (p: PortRow): FriendlyTo => ({ owners: [], nations: [], ...(JSON.parse(p.friendly_to) as Partial<FriendlyTo>) })
export const sameNation = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase() && a.trim() !== ''

function checkOwners(db: Db, ids: number[]): void {
  ids.forEach((id, i) => {
    if (!stmt(db, `SELECT 1 FROM owner WHERE id = ?`).get(id)) {
      throw new CommandError('not_found', `friendlyTo.owners.${i}: there is no owner with id ${id}.`, { field: `friendlyTo.owners.${i}` })
    }
  })
}

export function portOut(db: Db, p: PortRow): Port {
  const f = friendlyOf(p)
  const ownerName = stmt(db, `SELECT name FROM owner WHERE id = ?`)
  const ships = stmt(
    db,
    `SELECT s.id, s.name FROM ship_company c JOIN ship s ON s.id = c.ship_id WHERE c.port_id = ? AND s.status = 'port' ORDER BY s.id`
  ).all(p.id) as { id: number; name: string }[]
  return {
    id: p.id,
    name: p.name,
    nation: p.nation,
    major: p.major === 1,
    colonial: p.colonial === 1,
    friendlyTo: {
      owners: f.owners.map((id) => ({ ownerId: id, name: (ownerName.get(id) as { name: string } | undefined)?.name ?? `owner ${id}` })),
      nations: f.nations
    },
    pirateHaven: p.pirate_haven === 1,
    notes: p.notes,
    ships: ships.map((s) => ({ shipId: s.id, name: s.name, friendly: friendlyHere(db, p, s.id) }))
  }
}

export function createPort(
  db: Db,
  input: { name: string; nation: string; major: boolean; colonial: boolean; friendlyTo: FriendlyTo; pirateHaven: boolean; notes: string }
): Port {
  checkOwners(db, input.friendlyTo.owners)
  const id = Number(
    stmt(db, `INSERT INTO port (name, nation, major, colonial, friendly_to, pirate_haven, notes) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
      input.name,
      input.nation,
      input.major ? 1 : 0,
      input.colonial ? 1 : 0,
      JSON.stringify({ owners: [...new Set(input.friendlyTo.owners)], nations: [...new Set(input.friendlyTo.nations)] }),
      input.pirateHaven ? 1 : 0,
      input.notes
    ).lastInsertRowid
  )
  return portOut(db, requirePort(db, id))
}

export function updatePort(
  db: Db,
  u: { portId: number; name?: string; nation?: string; major?: boolean; colonial?: boolean; friendlyTo?: FriendlyTo; pirateHaven?: boolean; notes?: string }
): Port {
  const p = requirePort(db, u.portId)
  if (u.friendlyTo) checkOwners(db, u.friendlyTo.owners)
  const friendly = u.friendlyTo ? { owners: [...new Set(u.friendlyTo.owners)], nations: [...new Set(u.friendlyTo.nations)] } : friendlyOf(p)
  stmt(db, `UPDATE port SET name = ?, nation = ?, major = ?, colonial = ?, friendly_to = ?, pirate_haven = ?, notes = ? WHERE id = ?`).run(
    u.name ?? p.name,
    u.nation ?? p.nation,
    (u.major ?? p.major === 1) ? 1 : 0,
    (u.colonial ?? p.colonial === 1) ? 1 : 0,
    JSON.stringify(friendly),
    (u.pirateHaven ?? p.pirate_haven === 1) ? 1 : 0,
    u.notes ?? p.notes,
    p.id
  )
  if (u.name !== undefined && u.name !== p.name) {
    stmt(db, `UPDATE ship SET location = ? WHERE status = 'port' AND id IN (SELECT ship_id FROM ship_company WHERE port_id = ?)`).run(u.name, p.id)
  }
  return portOut(db, requirePort(db, p.id))
}

export function listPorts(db: Db): Port[] {
  return (stmt(db, `SELECT * FROM port ORDER BY name COLLATE NOCASE, id`).all() as PortRow[]).map((p) => portOut(db, p))
}

export function getPort(db: Db, portId: number): Port {
  return portOut(db, requirePort(db, portId))
}
