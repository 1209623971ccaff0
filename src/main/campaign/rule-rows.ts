/**
 * A rule table as the campaign file stores it: the GM's edit if there is one, else the default. The campaign
 * core's `getRule` reads through this (memoised per command); the file layer (backups) reads it directly.
 */
import { RULE_TABLES, type RuleTableName, type RuleValue } from '../../shared/rules/tables'
import { stmt, type Db } from './sqlite'

/** Edited tables as stored text → their checked value: the same text always checks the same way. */
const checked = new Map<string, unknown>()

export function readRule<N extends RuleTableName>(db: Db, name: N): RuleValue<N> {
  const row = stmt(db, `SELECT value FROM rule_table WHERE name = ?`).get(name) as { value: string } | undefined
  if (!row) return RULE_TABLES[name].defaults as RuleValue<N>
  const key = `${name}\u0000${row.value}`
  const known = checked.get(key)
  if (known !== undefined) return known as RuleValue<N>
  const parsed = RULE_TABLES[name].schema.safeParse(JSON.parse(row.value))
  // A stored value that no longer fits (a newer schema) falls back to the default rather than breaking rules.
  const value = (parsed.success ? parsed.data : RULE_TABLES[name].defaults) as RuleValue<N>
  if (checked.size >= 256) checked.clear()
  checked.set(key, value)
  return value
}

