import { z } from 'zod'
import { CommandError } from '../../shared/errors'
import { fieldWords, problemWords } from '../../shared/words'
import { ATRILIA_TABLES, RULE_TABLE_NAMES, RULE_TABLES, tableSetting, THEAH_TABLES_IN_ATRILIA, type RuleTableName, type TableSetting, type RuleValue } from '../../shared/rules/tables'
import { readRule } from '../campaign/rule-rows'
import { forgetMemo, memoOf, stmt, type Db } from '../campaign/sqlite'
import { campaignSetting } from './setting'

/** Each table's key in the command's memo, made once (a clock run asks for tables thousands of times). */
const RULE_KEYS: Partial<Record<RuleTableName, string>> = {}

/** This campaign's value of a rule table: the GM's edit if there is one, else the default. */
export function getRule<N extends RuleTableName>(db: Db, name: N): RuleValue<N> {
  // Within a command the tables change only by setRule/resetRule (or undo), which forget the memo:
  // read and check each table once per command. The value is shared, as the defaults always were —
  // callers never change it.
  const memo = memoOf(db)
  if (!memo) return readRule(db, name)
  const key = (RULE_KEYS[name] ??= `rule:${name}`)
  let value = memo.get(key) as RuleValue<N> | undefined
  if (value === undefined) memo.set(key, (value = readRule(db, name)))
  return value
}

export function isEdited(db: Db, name: RuleTableName): boolean {
  return stmt(db, `SELECT 1 FROM rule_table WHERE name = ?`).get(name) !== undefined
}

export function setRule(db: Db, name: RuleTableName, value: unknown, day: number): void {
  const parsed = (RULE_TABLES[name].schema as z.ZodType).safeParse(value)
  if (!parsed.success) {
    // The issues keep the field's path (for the form); the message names the field in words.
    const issues = parsed.error.issues.map((i) => ({ field: ['value', ...i.path].join('.'), message: i.message }))
    const words = parsed.error.issues.map((i) => `${fieldWords(i.path)}: ${problemWords(i.message)}`).join('; ')
    throw new CommandError('invalid_input', words, { issues })
  }
  stmt(db, `INSERT INTO rule_table (name, value, edited_day) VALUES (?, ?, ?)
            ON CONFLICT(name) DO UPDATE SET value = excluded.value, edited_day = excluded.edited_day`).run(
    name,
    JSON.stringify(parsed.data),
    day
  )
  forgetMemo(db)
}

export function resetRule(db: Db, name: RuleTableName): void {
  stmt(db, `DELETE FROM rule_table WHERE name = ?`).run(name)
  forgetMemo(db)
}

const atriliaCampaign = (db: Db) => campaignSetting(db) === 'atrilia'

/** Where a table stands in this campaign: which campaigns it serves, and (in an Atrilia campaign) a note on a Théah one. */
function standing(db: Db, name: RuleTableName): { setting: TableSetting; note: string | null } {
  const setting = tableSetting(name)
  if (!atriliaCampaign(db) || setting === 'atrilia' || setting === 'any') return { setting, note: null }
  return { setting, note: THEAH_TABLES_IN_ATRILIA[name] ?? 'A Théah table: the ships, voyages and money of an Atrilia campaign do not use it.' }
}

/**
 * Every rule table, as the Rules page lists them: in an Atrilia campaign its own tables first, then the
 * Théah tables it uses too (labelled so), then Théah's others; a Théah campaign in the tables' order.
 */
export function listRules(db: Db) {
  const rows = RULE_TABLE_NAMES.map((name) => {
    const d = RULE_TABLES[name]
    return { name, title: d.title, description: d.description, source: d.source, seedValue: d.seedValue, edited: isEdited(db, name), ...standing(db, name) }
  })
  if (!atriliaCampaign(db)) return rows
  // Atrilia's own in the order ATRILIA_TABLES gives (ships and money first, the calendar last); the rest in the tables' order.
  const rank = { atrilia: 0, both: 1, any: 2, theah: 3 } as const
  const at = (r: (typeof rows)[number], i: number) => (r.setting === 'atrilia' ? ATRILIA_TABLES.indexOf(r.name) : i)
  return rows
    .map((r, i) => ({ r, i: at(r, i) }))
    .sort((a, b) => rank[a.r.setting] - rank[b.r.setting] || a.i - b.i)
    .map(({ r }) => r)
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The table, its default, and entry by entry (object keys or list items) which differ. */
export function describeRule(db: Db, name: RuleTableName) {
  const def = RULE_TABLES[name]
  const value = getRule(db, name) as unknown
  const dflt = def.defaults as unknown
  const entries: { key: string; value: unknown; defaultValue: unknown; differs: boolean }[] = []
  if (Array.isArray(value) || Array.isArray(dflt)) {
    const a = (value as unknown[]) ?? []
    const b = (dflt as unknown[]) ?? []
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      entries.push({ key: String(i + 1), value: a[i] ?? null, defaultValue: b[i] ?? null, differs: !same(a[i], b[i]) })
    }
  } else {
    const a = value as Record<string, unknown>
    const b = dflt as Record<string, unknown>
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      entries.push({ key, value: a[key] ?? null, defaultValue: b[key] ?? null, differs: !same(a[key], b[key]) })
    }
  }
  return {
    name,
    title: def.title,
    description: def.description,
    source: def.source,
    seedValue: def.seedValue,
    edited: isEdited(db, name),
    ...standing(db, name),
    value,
    defaultValue: dflt,
    entries
  }
}
