import { z } from 'zod'
import { RULE_TABLE_NAMES, TRAITS } from '../rules/tables'
import { contract } from './contract'
import { DisplayName, NoInput } from './schemas'

/** Contracts of the campaign core: settings, clock, reminders, people, owners, ledger, dice, rules. */

const Id = z.number().int().positive()
const Day = z.number().int().min(0)
const Memo = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters')
/** Whole guilders (or dinars): the ledger keeps integers only. */
const Amount = z.number().int('must be a whole number').positive('must be more than 0').max(1_000_000_000)
/** Faces typed in by the GM, consumed in order. */
export const Dice = z.array(z.number().int().min(1).max(10)).max(500).optional()

export const DiceMode = z.enum(['app', 'manual'])
export const CampaignSettings = z.object({
  /** 'app': the app rolls (faces given by hand are still used first); 'manual': every die is entered. */
  diceMode: DiceMode,
  /** Let owners spend more than they have (their balance goes negative). */
  allowDebt: z.boolean()
})
export type CampaignSettings = z.infer<typeof CampaignSettings>

export const Term = z.object({ label: z.string(), value: z.number() })
export const RollRecord = z.object({
  purpose: z.string(),
  notation: z.string(),
  faces: z.array(z.number()),
  dice: z.array(z.number()),
  kept: z.array(z.number()),
  total: z.number(),
  manual: z.boolean(),
  breakdown: z.array(Term)
})
export type RollRecordOut = z.infer<typeof RollRecord>

export const CalendarDate = z.object({
  year: z.number(),
  month: z.number(),
  monthName: z.string(),
  dayOfMonth: z.number(),
  weekday: z.string(),
  weekdayIndex: z.number()
})
export const ClockNow = z.object({ day: Day, date: CalendarDate, label: z.string() })
export type ClockNow = z.infer<typeof ClockNow>

export const StepRun = z.object({ day: Day, label: z.string(), step: z.string(), title: z.string(), effects: z.array(z.string()) })
export type StepRun = z.infer<typeof StepRun>

export const Reminder = z.object({
  id: Id,
  dueDay: Day,
  dueLabel: z.string(),
  inDays: z.number().int(),
  title: z.string(),
  link: z.string().nullable(),
  source: z.string()
})
export type Reminder = z.infer<typeof Reminder>

const TraitValue = z.number().int().min(0).max(6)
export const Traits = z.object(Object.fromEntries(TRAITS.map((t) => [t, TraitValue])) as Record<(typeof TRAITS)[number], typeof TraitValue>)
export type Traits = z.infer<typeof Traits>
export const Knacks = z.record(z.string().trim().min(1).max(40), z.number().int().min(0).max(5))

/**
 * Tricks a character may have that the rules use (swordsman-school and nation tricks of 7th Sea).
 * overTheSide: Roger's Pirate trick "Over the Side" — leading a boarding or defence party in the
 * quick combat, an 8 or higher kills (seed 003 V).
 */
export const TRICKS = ['overTheSide'] as const
export const Trick = z.enum(TRICKS)
export type Trick = z.infer<typeof Trick>
export const TRICK_LABELS: Record<Trick, string> = { overTheSide: 'Over the Side (Roger’s Pirate trick)' }

export const Money = z.object({ cash: z.number().int(), shipFund: z.number().int() })
export type Money = z.infer<typeof Money>

export const Person = z.object({
  id: Id,
  ownerId: Id,
  name: z.string(),
  kind: z.enum(['pc', 'npc']),
  traits: Traits,
  knacks: z.record(z.string(), z.number()),
  tricks: z.array(Trick),
  heroPointsSpent: z.number().int(),
  notes: z.string(),
  money: Money
})
export type Person = z.infer<typeof Person>

export const Owner = z.object({ id: Id, kind: z.enum(['character', 'company', 'world']), name: z.string(), money: Money })
export type Owner = z.infer<typeof Owner>

/** A line of an owner's cash or ship fund, or of a ship's booty pot (account 'booty', with the ship). */
export const LedgerLine = z.object({
  ownerId: Id,
  ownerName: z.string(),
  account: z.enum(['cash', 'shipFund', 'booty']),
  amount: z.number().int(),
  shipId: Id.optional()
})
export const LedgerTx = z.object({
  id: Id,
  day: Day,
  dateLabel: z.string(),
  memo: z.string(),
  command: z.string(),
  lines: z.array(LedgerLine)
})
export type LedgerTx = z.infer<typeof LedgerTx>

const LedgerFilter = {
  ownerId: Id.optional(),
  from: Day.optional(),
  to: Day.optional(),
  search: z.string().max(100).optional()
}

export const RollLogEntry = z.object({
  id: Id,
  day: Day,
  dateLabel: z.string(),
  kind: z.string(),
  purpose: z.string(),
  notation: z.string(),
  faces: z.array(z.number()),
  /** Each die's value after explosions. */
  dice: z.array(z.number()),
  kept: z.array(z.number()),
  total: z.number(),
  manual: z.boolean(),
  command: z.string()
})
export type RollLogEntry = z.infer<typeof RollLogEntry>

const RuleName = z.enum(RULE_TABLE_NAMES as [string, ...string[]])
export const RuleTableInfo = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  source: z.string(),
  seedValue: z.boolean(),
  edited: z.boolean(),
  /** Which campaigns the table serves: an Atrilia campaign's own, Théah's, or Théah's used in Atrilia too. */
  setting: z.enum(['theah', 'atrilia', 'both', 'any']),
  /** In an Atrilia campaign, what the GM should know of a Théah table ("used in Atrilia too … 1 dinar = 1 guilder"); else null. */
  note: z.string().nullable()
})
export const RuleEntry = z.object({ key: z.string(), value: z.unknown(), defaultValue: z.unknown(), differs: z.boolean() })

export const coreContracts = {
  'settings.get': contract({
    summary: "The campaign's settings: dice mode and whether owners may go into debt.",
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: CampaignSettings
  }),
  'settings.set': contract({
    summary: 'Change campaign settings (switch dice between app-rolled and entered by hand at any time).',
    scope: 'campaign',
    mutates: true,
    input: CampaignSettings.partial().strict(),
    output: CampaignSettings
  }),

  'clock.now': contract({
    summary:
      'The campaign date: day count, calendar date and a label; and the same day next month ("+1 month": the last day of next month when it is shorter).',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: ClockNow.extend({
      nextMonth: z.object({ day: Day, label: z.string(), days: z.number().int().min(1), clamped: z.boolean() })
    })
  }),
  'clock.advance': contract({
    summary: 'Move the clock forward day by day, running every periodic step that falls due, in order.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ days: z.number().int().min(1, 'must be at least 1').max(3650, 'at most ten years at a time'), dice: Dice }).strict(),
    output: z.object({ from: ClockNow, to: ClockNow, steps: z.array(StepRun), rolls: z.array(RollRecord) })
  }),
  'clock.log': contract({
    summary: 'What the periodic steps did, newest first.',
    scope: 'campaign',
    mutates: false,
    input: z.object({ limit: z.number().int().min(1).max(1000).default(200), before: Id.optional() }).strict(),
    output: z.array(z.object({ id: Id, day: Day, dateLabel: z.string(), step: z.string(), title: z.string(), effects: z.array(z.string()) }))
  }),

  'reminders.list': contract({
    summary: 'Everything with a due date, soonest first, with "in N days"; a page of them with limit and offset (reminders.count gives the total).',
    scope: 'campaign',
    mutates: false,
    input: z.object({ includePast: z.boolean().default(false), limit: z.number().int().min(1).max(1000).optional(), offset: z.number().int().min(0).default(0) }).strict(),
    output: z.array(Reminder)
  }),
  'reminders.count': contract({
    summary: 'How many reminders reminders.list would list (all of them, or from today on).',
    scope: 'campaign',
    mutates: false,
    input: z.object({ includePast: z.boolean().default(false) }).strict(),
    output: z.object({ total: z.number().int() })
  }),
  'reminders.add': contract({
    summary: "Add the GM's own reminder, due on a day or in a number of days.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({ title: Memo, inDays: z.number().int().min(0).max(36500).optional(), dueDay: Day.optional(), link: z.string().max(200).optional() })
      .strict()
      .refine((v) => (v.inDays === undefined) !== (v.dueDay === undefined), { message: 'give either inDays or dueDay', path: ['inDays'] }),
    output: Reminder
  }),
  'reminders.remove': contract({
    summary: 'Remove a reminder.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ id: Id }).strict(),
    output: z.object({ removed: Id, title: z.string() })
  }),

  'people.create': contract({
    summary: 'Create a character (player character or NPC); every character is also an owner of money.',
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        name: DisplayName,
        kind: z.enum(['pc', 'npc']),
        traits: Traits.partial().strict().optional(),
        knacks: Knacks.optional(),
        tricks: z.array(Trick).max(TRICKS.length).optional(),
        notes: z.string().max(4000).optional()
      })
      .strict(),
    output: z.object({ id: Id, ownerId: Id })
  }),
  'people.update': contract({
    summary: "Change a character's name, kind, traits, knacks, tricks or notes.",
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        id: Id,
        name: DisplayName.optional(),
        kind: z.enum(['pc', 'npc']).optional(),
        traits: Traits.partial().strict().optional(),
        knacks: Knacks.optional(),
        tricks: z.array(Trick).max(TRICKS.length).optional(),
        notes: z.string().max(4000).optional()
      })
      .strict(),
    output: Person
  }),
  'people.remove': contract({
    summary: 'Remove a character who has never held money (one with ledger entries stays, for the books).',
    scope: 'campaign',
    mutates: true,
    input: z.object({ id: Id }).strict(),
    output: z.object({ removed: Id })
  }),
  'people.list': contract({
    summary: 'All characters with their traits, knacks and money.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: z.array(Person)
  }),
  'people.get': contract({
    summary: 'One character.',
    scope: 'campaign',
    mutates: false,
    input: z.object({ id: Id }).strict(),
    output: Person
  }),
  'people.roll': contract({
    summary: 'Roll (trait + knack) keep trait, tens exploding, against a TN (each raise adds 5); success and margin.',
    scope: 'campaign',
    mutates: true,
    input: z
      .object({
        personId: Id,
        trait: z.enum(TRAITS),
        knack: z.string().trim().min(1).max(40).optional(),
        tn: z.number().int().min(0).max(200),
        raises: z.number().int().min(0).max(20).default(0),
        purpose: z.string().trim().max(120).optional(),
        dice: Dice
      })
      .strict(),
    output: z.object({
      roll: RollRecord,
      tn: z.number(),
      target: z.number(),
      success: z.boolean(),
      margin: z.number(),
      breakdown: z.array(Term)
    })
  }),

  'owners.list': contract({
    summary: 'Everyone who holds money (characters, companies, the outside world) with cash and ship fund.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: z.array(Owner)
  }),
  'owners.heroPoints': contract({
    summary: "Turn a character's hero points into a ship fund (600 G each, at most 20 per character: seed 003).",
    scope: 'campaign',
    mutates: true,
    input: z.object({ ownerId: Id, points: z.number().int().min(1, 'must be at least 1').max(1000) }).strict(),
    output: z.object({ ownerId: Id, pointsSpent: z.number().int(), added: z.number().int(), money: Money, breakdown: z.array(Term) })
  }),

  'ledger.grant': contract({
    summary: 'Money enters the campaign from the outside world to an owner.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ ownerId: Id, amount: Amount, memo: Memo }).strict(),
    output: z.object({ txId: Id, money: Money })
  }),
  'ledger.transfer': contract({
    summary: 'Move cash between owners (to the outside world = spend it). Refused when the payer is short, unless debt is allowed.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ from: Id, to: Id, amount: Amount, memo: Memo }).strict(),
    output: z.object({ txId: Id, from: Money, to: Money })
  }),
  'ledger.balance': contract({
    summary: "An owner's cash and ship fund, summed from the ledger.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ ownerId: Id }).strict(),
    output: Money
  }),
  'ledger.history': contract({
    summary: 'Ledger transactions, newest first, filtered by owner, days and memo text; paged.',
    scope: 'campaign',
    mutates: false,
    input: z
      .object({ ...LedgerFilter, limit: z.number().int().min(1).max(1000).default(100), offset: z.number().int().min(0).default(0) })
      .strict(),
    output: z.object({ transactions: z.array(LedgerTx), total: z.number().int() })
  }),
  'ledger.series': contract({
    summary: "Each owner's cash after every day on which it changed, for the balance plot.",
    scope: 'campaign',
    mutates: false,
    input: z
      .object({
        ownerIds: z.array(Id).max(50).optional(),
        /** Instead of ownerIds: the owners (not the outside world) with the most cash, at most this many, most first (ties by id). */
        mostCash: z.number().int().min(1).max(50).optional()
      })
      .strict()
      .refine((v) => v.ownerIds === undefined || v.mostCash === undefined, { message: 'ask for chosen owners or for those with the most cash, not both', path: ['mostCash'] }),
    output: z.array(z.object({ ownerId: Id, name: z.string(), points: z.array(z.object({ day: Day, cash: z.number().int() })) }))
  }),
  'ledger.exportCsv': contract({
    summary: 'The filtered ledger as CSV text (one row per line of each transaction).',
    scope: 'campaign',
    mutates: false,
    input: z.object(LedgerFilter).strict(),
    output: z.object({ fileName: z.string(), csv: z.string() })
  }),

  'dice.roll': contract({
    summary: "The GM's free roll: XkY, XkYn, Nd10, Nd10!, Nd6, with an optional modifier.",
    scope: 'campaign',
    mutates: true,
    input: z.object({ notation: z.string().trim().min(1).max(40), purpose: z.string().trim().max(120).optional(), dice: Dice }).strict(),
    output: RollRecord
  }),
  'dice.log': contract({
    summary: 'The roll log, newest first, filtered by kind and text; paged.',
    scope: 'campaign',
    mutates: false,
    input: z
      .object({
        kind: z.string().max(40).optional(),
        search: z.string().max(100).optional(),
        limit: z.number().int().min(1).max(1000).default(100),
        /** Rows to skip (a page further on); `before` pages by id instead. */
        offset: z.number().int().min(0).default(0),
        before: Id.optional()
      })
      .strict(),
    output: z.array(RollLogEntry)
  }),
  'dice.count': contract({
    summary: 'How many rolls the roll log holds for a filter (kind, text), for its pager.',
    scope: 'campaign',
    mutates: false,
    input: z.object({ kind: z.string().max(40).optional(), search: z.string().max(100).optional() }).strict(),
    output: z.object({ total: z.number().int() })
  }),
  'dice.exportCsv': contract({
    summary: 'The roll log (filtered) as CSV text.',
    scope: 'campaign',
    mutates: false,
    input: z.object({ kind: z.string().max(40).optional(), search: z.string().max(100).optional() }).strict(),
    output: z.object({ fileName: z.string(), csv: z.string() })
  }),

  'rules.list': contract({
    summary: 'Every rule table: title, where its values come from, whether this campaign edited it.',
    scope: 'campaign',
    mutates: false,
    input: NoInput,
    output: z.array(RuleTableInfo)
  }),
  'rules.get': contract({
    summary: "A rule table's value for this campaign, its default, and which entries differ.",
    scope: 'campaign',
    mutates: false,
    input: z.object({ table: RuleName }).strict(),
    output: RuleTableInfo.extend({ value: z.unknown(), defaultValue: z.unknown(), entries: z.array(RuleEntry) })
  }),
  'rules.set': contract({
    summary: "Replace a rule table's value for this campaign (checked against the table's schema).",
    scope: 'campaign',
    mutates: true,
    input: z.object({ table: RuleName, value: z.unknown() }).strict(),
    output: RuleTableInfo.extend({ value: z.unknown(), defaultValue: z.unknown(), entries: z.array(RuleEntry) })
  }),
  'rules.reset': contract({
    summary: 'Put a rule table back to its default.',
    scope: 'campaign',
    mutates: true,
    input: z.object({ table: RuleName }).strict(),
    output: RuleTableInfo.extend({ value: z.unknown(), defaultValue: z.unknown(), entries: z.array(RuleEntry) })
  })
} as const

