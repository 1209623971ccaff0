/**
 * Random campaign-core write commands for the property tests (ledger invariants, undo, replay).
 * An op refers to owners and people by position, resolved against the campaign when it runs, so
 * the same op list means the same commands in two campaigns that started alike.
 */
import fc from 'fast-check'
import type Database from 'better-sqlite3'
import type { Door } from '../../src/main/door/door'
import type { Outcome } from '../../src/shared/errors'
import { TRAITS } from '../../src/shared/rules/tables'

export const UNKNOWN_ID = 9999

export type Op =
  | { op: 'create'; name: string; kind: 'pc' | 'npc'; traits: Record<string, number>; knacks: Record<string, number> }
  | { op: 'update'; who: number; name?: string; traits?: Record<string, number> }
  | { op: 'remove'; who: number }
  | { op: 'grant'; who: number; amount: number; memo: string }
  | { op: 'transfer'; from: number; to: number; amount: number; memo: string }
  | { op: 'heroPoints'; who: number; points: number }
  | { op: 'diceRoll'; notation: string; faces?: number[] }
  | { op: 'peopleRoll'; who: number; trait: string; knack?: string; tn: number; raises: number; faces?: number[] }
  | { op: 'advance'; days: number; faces?: number[] }
  | { op: 'reminderAdd'; title: string; inDays: number }
  | { op: 'reminderRemove'; which: number }
  | { op: 'rulesSet'; table: 'heroPoints'; value: { guildersPerPoint: number; maxPerCharacter: number } }
  | { op: 'rulesSet'; table: 'knacks'; value: string[] }
  | { op: 'rulesReset'; table: 'heroPoints' | 'knacks' }
  | { op: 'settings'; diceMode?: 'app' | 'manual'; allowDebt?: boolean }

const NAMES = ["O'Brien", 'Zoë "Red" Ruiz', 'Captain Reis', 'Jacques le Rouge', "Robert'); DROP TABLE owner;--", '💀 Bones', 'Anne']
const MEMOS = ['Wages', 'Prize, shared', '=SUM(A1)', '100% of 50_50', 'Rum "ration"']
const KNACKS = ['Gunnery', 'Rigging', 'Pilot', 'Captain']

const who = fc.nat({ max: 20 })
/** Faces typed by hand now and then (too few, too many or just right: whatever the dice need). */
const faces = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 8 }) }
)
const traits = fc.dictionary(fc.constantFrom(...TRAITS), fc.integer({ min: 0, max: 6 }), { maxKeys: 3 })

/** Arbitrary money commands (people, grants, transfers, hero points): valid and invalid alike. */
export const moneyOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('create' as const), name: fc.constantFrom(...NAMES), kind: fc.constantFrom('pc' as const, 'npc' as const), traits, knacks: fc.constant({}) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('grant' as const), who, amount: fc.integer({ min: 1, max: 5000 }), memo: fc.constantFrom(...MEMOS) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('transfer' as const), from: who, to: who, amount: fc.integer({ min: 1, max: 5000 }), memo: fc.constantFrom(...MEMOS) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('heroPoints' as const), who, points: fc.integer({ min: 1, max: 25 }) }) }
)

/** Arbitrary core write commands of every kind. */
export const coreOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: moneyOp },
  {
    weight: 1,
    arbitrary: fc.record(
      { op: fc.constant('update' as const), who, name: fc.constantFrom(...NAMES), traits },
      { requiredKeys: ['op', 'who'] }
    )
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), who }) },
  {
    weight: 2,
    arbitrary: fc.record(
      { op: fc.constant('diceRoll' as const), notation: fc.constantFrom('2k2', '3k2n+1', '1d10', '2d10!', '3d6-1', '5d10'), faces },
      { requiredKeys: ['op', 'notation'] }
    )
  },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        op: fc.constant('peopleRoll' as const),
        who,
        trait: fc.constantFrom(...TRAITS),
        knack: fc.constantFrom(...KNACKS),
        tn: fc.integer({ min: 0, max: 40 }),
        raises: fc.integer({ min: 0, max: 3 }),
        faces
      },
      { requiredKeys: ['op', 'who', 'trait', 'tn', 'raises'] }
    )
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 40 }), faces }, { requiredKeys: ['op', 'days'] }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reminderAdd' as const), title: fc.constantFrom(...MEMOS), inDays: fc.integer({ min: 0, max: 30 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reminderRemove' as const), which: fc.nat({ max: 5 }) }) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.record({
        op: fc.constant('rulesSet' as const),
        table: fc.constant('heroPoints' as const),
        value: fc.record({ guildersPerPoint: fc.integer({ min: 0, max: 1000 }), maxPerCharacter: fc.integer({ min: 0, max: 30 }) })
      }),
      fc.record({
        op: fc.constant('rulesSet' as const),
        table: fc.constant('knacks' as const),
        value: fc.uniqueArray(fc.constantFrom(...KNACKS, 'Juggling'), { minLength: 1 })
      }),
      fc.record({ op: fc.constant('rulesReset' as const), table: fc.constantFrom('heroPoints' as const, 'knacks' as const) })
    )
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('settings' as const), diceMode: fc.constantFrom('app' as const, 'manual' as const), allowDebt: fc.boolean() }, { requiredKeys: ['op'] })
  }
)

/** Owner ids in a stable order: the world, then characters by id, then one that does not exist. */
export function ownerIds(db: Database.Database): number[] {
  return [...(db.prepare(`SELECT id FROM owner ORDER BY id`).all() as { id: number }[]).map((r) => r.id), UNKNOWN_ID]
}
export function personIds(db: Database.Database): number[] {
  return [...(db.prepare(`SELECT id FROM person ORDER BY id`).all() as { id: number }[]).map((r) => r.id), UNKNOWN_ID]
}
const pick = (ids: number[], i: number) => ids[i % ids.length]!

/** The command an op stands for in this campaign now. */
export function commandFor(db: Database.Database, o: Op): { name: string; input: Record<string, unknown> } {
  const withDice = (input: Record<string, unknown>, f?: number[]) => (f === undefined ? input : { ...input, dice: f })
  switch (o.op) {
    case 'create':
      return { name: 'people.create', input: { name: o.name, kind: o.kind, traits: o.traits, knacks: o.knacks } }
    case 'update': {
      const input: Record<string, unknown> = { id: pick(personIds(db), o.who) }
      if (o.name !== undefined) input.name = o.name
      if (o.traits !== undefined) input.traits = o.traits
      return { name: 'people.update', input }
    }
    case 'remove':
      return { name: 'people.remove', input: { id: pick(personIds(db), o.who) } }
    case 'grant':
      return { name: 'ledger.grant', input: { ownerId: pick(ownerIds(db), o.who), amount: o.amount, memo: o.memo } }
    case 'transfer': {
      const ids = ownerIds(db)
      return { name: 'ledger.transfer', input: { from: pick(ids, o.from), to: pick(ids, o.to), amount: o.amount, memo: o.memo } }
    }
    case 'heroPoints':
      return { name: 'owners.heroPoints', input: { ownerId: pick(ownerIds(db), o.who), points: o.points } }
    case 'diceRoll':
      return { name: 'dice.roll', input: withDice({ notation: o.notation, purpose: 'Property roll' }, o.faces) }
    case 'peopleRoll': {
      const input: Record<string, unknown> = { personId: pick(personIds(db), o.who), trait: o.trait, tn: o.tn, raises: o.raises }
      if (o.knack !== undefined) input.knack = o.knack
      return { name: 'people.roll', input: withDice(input, o.faces) }
    }
    case 'advance':
      return { name: 'clock.advance', input: withDice({ days: o.days }, o.faces) }
    case 'reminderAdd':
      return { name: 'reminders.add', input: { title: o.title, inDays: o.inDays } }
    case 'reminderRemove': {
      const ids = [...(db.prepare(`SELECT id FROM reminder ORDER BY id`).all() as { id: number }[]).map((r) => r.id), UNKNOWN_ID]
      return { name: 'reminders.remove', input: { id: pick(ids, o.which) } }
    }
    case 'rulesSet':
      return { name: 'rules.set', input: { table: o.table, value: o.value } }
    case 'rulesReset':
      return { name: 'rules.reset', input: { table: o.table } }
    case 'settings': {
      const input: Record<string, unknown> = {}
      if (o.diceMode !== undefined) input.diceMode = o.diceMode
      if (o.allowDebt !== undefined) input.allowDebt = o.allowDebt
      return { name: 'settings.set', input }
    }
  }
}

/** Run one op through the door. */
export async function runOp(door: Door, db: Database.Database, o: Op): Promise<{ name: string; input: Record<string, unknown>; out: Outcome<unknown> }> {
  const { name, input } = commandFor(db, o)
  return { name, input, out: await door.invoke(name, input, 'internal') }
}
