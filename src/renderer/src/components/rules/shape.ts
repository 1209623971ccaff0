/**
 * What kind of editor a rule table's value gets. Lists of strings and objects of plain fields
 * (numbers, text, switches, lists of strings, lists of small records) get proper inputs; anything
 * else is edited as JSON.
 */
export type Scalar = number | string | boolean
export type FieldKind = 'number' | 'string' | 'boolean' | 'strings' | 'records'
export type Shape = { kind: 'strings' } | { kind: 'record'; fields: { key: string; kind: FieldKind }[] } | { kind: 'json' }

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
export const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')
const isScalar = (v: unknown): v is Scalar => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean'
export const isRecordList = (v: unknown): v is Record<string, Scalar>[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => isPlainObject(x) && Object.values(x).every((y) => isScalar(y) || y === null))

function fieldKind(v: unknown): FieldKind | null {
  // An empty list (the Atrilian house encounter table's rows) does not say what it holds: edit it as JSON.
  if (Array.isArray(v) && v.length === 0) return null
  if (typeof v === 'number') return 'number'
  if (typeof v === 'string') return 'string'
  if (typeof v === 'boolean') return 'boolean'
  if (isStringList(v)) return 'strings'
  if (isRecordList(v)) return 'records'
  return null
}

/** Decide the editor from the table's default (its shape does not change with the GM's edits). */
export function shapeOf(defaultValue: unknown): Shape {
  if (isStringList(defaultValue)) return { kind: 'strings' }
  if (isPlainObject(defaultValue)) {
    const fields: { key: string; kind: FieldKind }[] = []
    for (const [key, v] of Object.entries(defaultValue)) {
      const kind = fieldKind(v)
      if (!kind) return { kind: 'json' }
      fields.push({ key, kind })
    }
    return { kind: 'record', fields }
  }
  return { kind: 'json' }
}

/** "guildersPerPoint" → "Guilders per point" (shared with the rule tables' error messages). */
export { humanize } from '../../../../shared/words'

/** A value as a short line of text for the entries table. */
export function brief(v: unknown): string {
  if (v === null || v === undefined) return '—'
  if (typeof v === 'number') return Math.abs(v) >= 10_000 ? v.toLocaleString('en') : String(v)
  if (typeof v === 'string') return v
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (isStringList(v)) return v.join(', ')
  if (Array.isArray(v)) return v.map((x) => (isPlainObject(x) ? Object.values(x).join(' ') : brief(x))).join(', ')
  return JSON.stringify(v)
}

export const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T))
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
