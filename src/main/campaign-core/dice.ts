import { randomInt } from 'node:crypto'
import { DiceBox, type DiceMode } from '../../shared/dice/roll'
import { Rng, seedState } from '../../shared/dice/rng'
import { CommandError } from '../../shared/errors'
import { stmt, type Db } from '../campaign/sqlite'
import { currentDay } from './clock-state'

/** The campaign's generator, seeded on first use when the campaign has none yet. */
export function loadRng(db: Db): Rng {
  const row = stmt(db, `SELECT state FROM rng WHERE id = 1`).get() as { state: string } | undefined
  if (row) return new Rng(JSON.parse(row.state) as number[])
  const state = seedState(randomInt(0, 2 ** 31 - 1))
  stmt(db, `INSERT INTO rng (id, state) VALUES (1, ?)`).run(JSON.stringify(state))
  return new Rng(state)
}

export function seedRng(db: Db, seed: number): void {
  stmt(db, `INSERT INTO rng (id, state) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET state = excluded.state`).run(
    JSON.stringify(seedState(seed))
  )
}

export function openDiceBox(db: Db, given: readonly number[] | undefined, mode: DiceMode): DiceBox {
  return new DiceBox(loadRng(db), given ?? [], mode, () => currentDay(db))
}

/**
 * After a command: keep the generator's new state, write every roll to the log, and refuse
 * faces the GM typed that no roll used (they were probably meant for something else).
 */
export function settleDice(db: Db, box: DiceBox, command: string): void {
  const unused = box.unused()
  if (unused > 0) {
    throw new CommandError(
      'invalid_input',
      `dice: ${unused} of the faces given ${unused === 1 ? 'was' : 'were'} not needed (this command used ${box.records.reduce((n, r) => n + r.faces.length, 0)}).`,
      { field: 'dice', issues: [{ field: 'dice', message: 'more faces than needed' }] }
    )
  }
  // The generator moves only by a roll: a command that rolled nothing leaves its state as it was.
  if (box.records.length > 0) stmt(db, `UPDATE rng SET state = ? WHERE id = 1`).run(JSON.stringify(box.rngState()))
  const kind = command.split('.')[0] ?? command
  const insert = stmt(
    db,
    `INSERT INTO roll_log (day, kind, purpose, notation, faces, dice, kept, total, manual, command) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
  )
  box.records.forEach((r, i) => {
    insert.run(
      box.days[i] ?? 0,
      kind,
      r.purpose,
      r.notation,
      JSON.stringify(r.faces),
      JSON.stringify(r.dice),
      JSON.stringify(r.kept),
      r.total,
      r.manual ? 1 : 0,
      command
    )
  })
}
