import type { Person, Traits, Trick } from '../../shared/commands/core'
import { CommandError } from '../../shared/errors'
import { TRAITS, type Trait } from '../../shared/rules/tables'
import type { DiceBox, Term } from '../../shared/dice/roll'
import { stmt, type Db } from '../campaign/sqlite'
import { balance } from './ledger'
import { getRule } from './rules'

/** A new hero starts with every trait at 2 (7th Sea's starting value) unless told otherwise. */
export const DEFAULT_TRAIT = 2

interface Row {
  id: number
  ownerId: number
  name: string
  kind: 'pc' | 'npc'
  traits: string
  knacks: string
  tricks: string
  heroPointsSpent: number
  notes: string
}

const SELECT = `SELECT p.id, p.owner_id AS ownerId, o.name, p.kind, p.traits, p.knacks, p.tricks, p.hero_points_spent AS heroPointsSpent, p.notes
                FROM person p JOIN owner o ON o.id = p.owner_id`

function toPerson(db: Db, r: Row): Person {
  return {
    id: r.id,
    ownerId: r.ownerId,
    name: r.name,
    kind: r.kind,
    traits: JSON.parse(r.traits) as Traits,
    knacks: JSON.parse(r.knacks) as Record<string, number>,
    tricks: JSON.parse(r.tricks ?? '[]') as Trick[],
    heroPointsSpent: r.heroPointsSpent,
    notes: r.notes,
    money: balance(db, r.ownerId)
  }
}

export function getPerson(db: Db, id: number): Person {
  const r = stmt(db, `${SELECT} WHERE p.id = ?`).get(id) as Row | undefined
  if (!r) throw new CommandError('not_found', `There is no character with id ${id}.`, { field: 'id' })
  return toPerson(db, r)
}

export function personByOwner(db: Db, ownerId: number): Person | undefined {
  const r = stmt(db, `${SELECT} WHERE p.owner_id = ?`).get(ownerId) as Row | undefined
  return r && toPerson(db, r)
}

export function listPeople(db: Db): Person[] {
  return (stmt(db, `${SELECT} ORDER BY p.kind DESC, o.name COLLATE NOCASE`).all() as Row[]).map((r) => toPerson(db, r))
}

/** Knacks must be ones the campaign's knack table lists (a rules table the GM can extend). */
export function checkKnacks(db: Db, knacks: Record<string, number>): void {
  const known = new Set(getRule(db, 'knacks'))
  const unknown = Object.keys(knacks).filter((k) => !known.has(k))
  if (unknown.length) {
    throw new CommandError(
      'invalid_input',
      `knacks: ${unknown.map((k) => `"${k}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in this campaign's knack table (add it on the Rules page).`,
      { field: 'knacks', issues: [{ field: 'knacks', message: `unknown: ${unknown.join(', ')}` }] }
    )
  }
}

export function createPerson(
  db: Db,
  p: { name: string; kind: 'pc' | 'npc'; traits?: Partial<Traits>; knacks?: Record<string, number>; tricks?: Trick[]; notes?: string }
): { id: number; ownerId: number } {
  const knacks = p.knacks ?? {}
  checkKnacks(db, knacks)
  const traits = Object.fromEntries(TRAITS.map((t) => [t, p.traits?.[t] ?? DEFAULT_TRAIT])) as Traits
  const ownerId = Number(stmt(db, `INSERT INTO owner (kind, name) VALUES ('character', ?)`).run(p.name).lastInsertRowid)
  const id = Number(
    stmt(db, `INSERT INTO person (owner_id, kind, traits, knacks, tricks, notes) VALUES (?, ?, ?, ?, ?, ?)`).run(
      ownerId,
      p.kind,
      JSON.stringify(traits),
      JSON.stringify(knacks),
      JSON.stringify([...new Set(p.tricks ?? [])]),
      p.notes ?? ''
    ).lastInsertRowid
  )
  return { id, ownerId }
}

export function updatePerson(
  db: Db,
  u: { id: number; name?: string; kind?: 'pc' | 'npc'; traits?: Partial<Traits>; knacks?: Record<string, number>; tricks?: Trick[]; notes?: string }
): Person {
  const p = getPerson(db, u.id)
  if (u.knacks) checkKnacks(db, u.knacks)
  if (u.name !== undefined) stmt(db, `UPDATE owner SET name = ? WHERE id = ?`).run(u.name, p.ownerId)
  stmt(db, `UPDATE person SET kind = ?, traits = ?, knacks = ?, tricks = ?, notes = ? WHERE id = ?`).run(
    u.kind ?? p.kind,
    JSON.stringify({ ...p.traits, ...(u.traits ?? {}) }),
    JSON.stringify(u.knacks ?? p.knacks),
    JSON.stringify([...new Set(u.tricks ?? p.tricks)]),
    u.notes ?? p.notes,
    u.id
  )
  return getPerson(db, u.id)
}

export function removePerson(db: Db, id: number): void {
  const p = getPerson(db, id)
  const used = stmt(db, `SELECT 1 FROM ledger_line WHERE owner_id = ? LIMIT 1`).get(p.ownerId)
  if (used) {
    throw new CommandError('rule', `${p.name} has entries in the ledger, so they stay in the books. Mark them as an NPC or note their fate instead.`)
  }
  stmt(db, `DELETE FROM person WHERE id = ?`).run(id)
  stmt(db, `DELETE FROM owner WHERE id = ?`).run(p.ownerId)
}

/**
 * A 7th Sea roll: (trait + knack) dice, keep trait, tens explode, against a TN raised by 5 per
 * declared raise. Success when the total reaches the raised TN; the margin is total − that target
 * (so it is never negative on a success).
 */
export function rollPerson(
  dice: DiceBox,
  person: Person,
  r: { trait: Trait; knack?: string; tn: number; raises: number; purpose?: string }
) {
  const trait = person.traits[r.trait]
  const knack = r.knack ? (person.knacks[r.knack] ?? 0) : 0
  if (trait < 1) throw new CommandError('rule', `${person.name} has ${r.trait} 0 and cannot roll it.`)
  const rolled = trait + knack
  const roll = dice.roll(
    { kind: 'keep', roll: rolled, keep: trait, explode: true, modifier: 0 },
    r.purpose || `${person.name}: ${r.trait}${r.knack ? ' + ' + r.knack : ''} vs TN ${r.tn}`
  )
  const target = r.tn + 5 * r.raises
  const breakdown: Term[] = [
    { label: `${r.trait} ${trait} (dice kept)`, value: trait },
    { label: r.knack ? `${r.knack} ${knack} (extra dice)` : 'no knack', value: knack },
    { label: `rolled ${rolled}k${trait}: ${roll.breakdown[0]!.label}`, value: roll.total },
    { label: `TN ${r.tn}${r.raises ? ` + ${r.raises} raise${r.raises > 1 ? 's' : ''} × 5` : ''}`, value: target }
  ]
  return { roll, tn: r.tn, target, success: roll.total >= target, margin: roll.total - target, breakdown }
}
