import { stmt, type Db } from '../campaign/sqlite'

/** The campaign's money: Guilders (G) in Théah, dinars in Atrilia. */

export function currencyOf(db: Db): string {
  const row = stmt(db, `SELECT setting FROM campaign WHERE id = 1`).get() as { setting: string } | undefined
  return row?.setting === 'atrilia' ? 'dinars' : 'G'
}
