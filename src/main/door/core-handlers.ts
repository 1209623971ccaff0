import type { coreContracts } from '../../shared/commands/core'
import { CommandError } from '../../shared/errors'
import { RULE_TABLES, type RuleTableName } from '../../shared/rules/tables'
import type { Term } from '../../shared/dice/roll'
import { nextMonthSameDay } from '../../shared/calendar'
import { stmt, type Db } from '../campaign/sqlite'
import { countRolls, readRolls, type RollLogFilter } from '../campaign-core/dice'
import { advanceClock, periodicSteps } from '../campaign-core/clock'
import { calendarOf, clockAt, currentDay, labelOf } from '../campaign-core/clock-state'
import { allMatching, balance, history, post, requireFunds, requireOwner, series, toCsv, WORLD_OWNER_ID } from '../campaign-core/ledger'
import { createPerson, getPerson, listPeople, personByOwner, removePerson, rollPerson, updatePerson } from '../campaign-core/people'
import { describeRule, getRule, listRules, resetRule, setRule } from '../campaign-core/rules'
import { getSettings, setSettings } from '../campaign-core/settings'
import type { CampaignContext, HandlerSpec } from './types'
import { fmt } from '../../shared/numbers'

type CoreHandlers = { [N in keyof typeof coreContracts]: HandlerSpec<N> }

const currencyOf = (c: CampaignContext) => (c.campaign.info().setting === 'atrilia' ? 'dinars' : 'G')

type ReminderRow = { id: number; due_day: number; title: string; link: string | null; source: string }

/** Reminders as the Dashboard shows them; today and the calendar are read once for the whole list. */
function remindersOut(db: Db, rows: ReminderRow[]) {
  const today = currentDay(db)
  const label = labelOf(db)
  return rows.map((r) => ({
    id: r.id,
    dueDay: r.due_day,
    dueLabel: label(r.due_day),
    inDays: r.due_day - today,
    title: r.title,
    link: r.link,
    source: r.source
  }))
}

function rollLog(db: Db, f: RollLogFilter) {
  const label = labelOf(db)
  return readRolls(db, f).map(({ id, day, ...r }) => ({ id, day, dateLabel: label(day), ...r }))
}

export const coreHandlers: CoreHandlers = {
  'settings.get': { kind: 'read', run: ({ campaign }) => getSettings(campaign.db) },
  'settings.set': {
    kind: 'write',
    run: ({ campaign }, input) => setSettings(campaign.db, input),
    describe: (input) =>
      [
        input.diceMode && `Dice are now ${input.diceMode === 'app' ? 'rolled by the app' : 'entered by hand'}`,
        input.allowDebt !== undefined && (input.allowDebt ? 'Owners may now go into debt' : 'Owners may no longer go into debt')
      ]
        .filter(Boolean)
        .join('; ') || 'Settings unchanged'
  },

  'clock.now': {
    kind: 'read',
    run: ({ campaign: { db } }) => {
      const today = currentDay(db)
      const next = nextMonthSameDay(calendarOf(db), today)
      return { ...clockAt(db, today), nextMonth: { ...next, label: labelOf(db)(next.day) } }
    }
  },
  'clock.advance': {
    kind: 'write',
    run: (c, input) => {
      const box = c.dice(input.dice)
      return { ...advanceClock(c.campaign.db, input.days, () => box), rolls: box.records }
    },
    describe: (input, out) => `Advanced the clock ${input.days} day${input.days > 1 ? 's' : ''} to ${out.to.label}`
  },
  'clock.log': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => {
      const label = labelOf(db)
      const rows = db
        .prepare(`SELECT id, day, step, effects FROM clock_log ${input.before ? 'WHERE id < ?' : ''} ORDER BY id DESC LIMIT ?`)
        .all(...(input.before ? [input.before] : []), input.limit) as { id: number; day: number; step: string; effects: string }[]
      const titles = new Map(periodicSteps().map((s) => [s.id, s.title]))
      return rows.map((r) => ({
        id: r.id,
        day: r.day,
        dateLabel: label(r.day),
        step: r.step,
        title: titles.get(r.step) ?? r.step,
        effects: JSON.parse(r.effects) as string[]
      }))
    }
  },

  'reminders.list': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => {
      const from = input.includePast ? -1 : currentDay(db)
      const rows = (
        input.limit === undefined
          ? stmt(db, `SELECT * FROM reminder WHERE due_day >= ? ORDER BY due_day, id`).all(from)
          : stmt(db, `SELECT * FROM reminder WHERE due_day >= ? ORDER BY due_day, id LIMIT ? OFFSET ?`).all(from, input.limit, input.offset)
      ) as ReminderRow[]
      return remindersOut(db, rows)
    }
  },
  'reminders.count': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => ({
      total: (stmt(db, `SELECT count(*) AS n FROM reminder WHERE due_day >= ?`).get(input.includePast ? -1 : currentDay(db)) as { n: number }).n
    })
  },
  'reminders.add': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      const today = currentDay(db)
      const due = input.dueDay ?? today + (input.inDays ?? 0)
      if (due < today) throw new CommandError('invalid_input', 'dueDay: that day has already passed.', { field: 'dueDay' })
      const id = Number(stmt(db, `INSERT INTO reminder (due_day, title, link) VALUES (?, ?, ?)`).run(due, input.title, input.link ?? null).lastInsertRowid)
      return remindersOut(db, [stmt(db, `SELECT * FROM reminder WHERE id = ?`).get(id) as ReminderRow])[0]!
    },
    describe: (input, out) => `Reminder “${input.title}” for ${out.dueLabel}`
  },
  'reminders.remove': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      const r = stmt(db, `SELECT title FROM reminder WHERE id = ?`).get(input.id) as { title: string } | undefined
      if (!r) throw new CommandError('not_found', `There is no reminder with id ${input.id}.`, { field: 'id' })
      stmt(db, `DELETE FROM reminder WHERE id = ?`).run(input.id)
      return { removed: input.id, title: r.title }
    },
    describe: (_input, out) => `Removed the reminder “${out.title}”`
  },

  'people.create': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => createPerson(db, input),
    describe: (input) => `Created ${input.kind === 'pc' ? 'player character' : 'NPC'} ${input.name}`
  },
  'people.update': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => updatePerson(db, input),
    describe: (_input, out) => `Updated ${out.name}`
  },
  'people.remove': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      removePerson(db, input.id)
      return { removed: input.id }
    },
    describe: (input) => `Removed a character (id ${input.id})`
  },
  'people.list': { kind: 'read', run: ({ campaign: { db } }) => listPeople(db) },
  'people.get': { kind: 'read', run: ({ campaign: { db } }, input) => getPerson(db, input.id) },
  'people.roll': {
    kind: 'write',
    run: (c, input) => {
      const person = getPerson(c.campaign.db, input.personId)
      if (input.knack && !(getRule(c.campaign.db, 'knacks') as string[]).includes(input.knack)) {
        throw new CommandError('invalid_input', `knack: "${input.knack}" is not in this campaign's knack table.`, { field: 'knack' })
      }
      return rollPerson(c.dice(input.dice), person, input)
    },
    describe: (input, out) => `${out.roll.purpose}: ${out.roll.total} — ${out.success ? 'success' : 'failure'}${input.raises ? ` (${input.raises} raises)` : ''}`
  },

  'owners.list': {
    kind: 'read',
    run: ({ campaign: { db } }) =>
      (stmt(db, `SELECT id, kind, name FROM owner ORDER BY CASE kind WHEN 'world' THEN 2 ELSE 1 END, name COLLATE NOCASE`).all() as {
        id: number
        kind: 'character' | 'company' | 'world'
        name: string
      }[]).map((o) => ({ ...o, money: balance(db, o.id) }))
  },
  'owners.heroPoints': {
    kind: 'write',
    run: (c, input) => {
      const { db } = c.campaign
      requireOwner(db, input.ownerId)
      const person = personByOwner(db, input.ownerId)
      if (!person) throw new CommandError('rule', 'Only characters have hero points to spend on a ship.')
      if (person.kind !== 'pc') {
        throw new CommandError(
          'rule',
          `${person.name} is an NPC: only player-character heroes may turn hero points into a ship fund (High Seas Combat, I. Of Ship Construction).`
        )
      }
      const rule = getRule(db, 'heroPoints')
      const total = person.heroPointsSpent + input.points
      if (total > rule.maxPerCharacter) {
        throw new CommandError(
          'rule',
          `${person.name} may spend at most ${rule.maxPerCharacter} hero points on a ship (High Seas Combat, I. Of Ship Construction); ` +
            `${person.heroPointsSpent} already spent, so ${Math.max(0, rule.maxPerCharacter - person.heroPointsSpent)} more at most.`,
          { spent: person.heroPointsSpent, max: rule.maxPerCharacter }
        )
      }
      const added = input.points * rule.guildersPerPoint
      stmt(db, `UPDATE person SET hero_points_spent = ? WHERE id = ?`).run(total, person.id)
      post(db, {
        day: currentDay(db),
        memo: `${input.points} hero point${input.points > 1 ? 's' : ''} into ${person.name}'s ship fund`,
        command: 'owners.heroPoints',
        lines: [
          { ownerId: WORLD_OWNER_ID, account: 'cash', amount: -added },
          { ownerId: input.ownerId, account: 'shipFund', amount: added }
        ]
      })
      const breakdown: Term[] = [
        { label: `${input.points} hero points`, value: input.points },
        { label: `× ${rule.guildersPerPoint} ${currencyOf(c)} each`, value: rule.guildersPerPoint },
        { label: 'added to the ship fund', value: added }
      ]
      return { ownerId: input.ownerId, pointsSpent: total, added, money: balance(db, input.ownerId), breakdown }
    },
    describe: (input, out, c) =>
      `${requireOwner(c.campaign.db, input.ownerId).name} spent ${input.points} hero point${input.points > 1 ? 's' : ''}: ${fmt(out.added)} ${currencyOf(c)} into the ship fund`
  },

  'ledger.grant': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      const to = requireOwner(db, input.ownerId)
      if (to.id === WORLD_OWNER_ID) throw new CommandError('rule', 'Money is granted from the outside world to an owner, not to the world itself.')
      const txId = post(db, {
        day: currentDay(db),
        memo: input.memo,
        command: 'ledger.grant',
        lines: [
          { ownerId: WORLD_OWNER_ID, account: 'cash', amount: -input.amount },
          { ownerId: input.ownerId, account: 'cash', amount: input.amount }
        ]
      })
      return { txId, money: balance(db, input.ownerId) }
    },
    describe: (input, _out, c) =>
      `Granted ${fmt(input.amount)} ${currencyOf(c)} to ${requireOwner(c.campaign.db, input.ownerId).name}: ${input.memo}`
  },
  'ledger.transfer': {
    kind: 'write',
    run: (c, input) => {
      const { db } = c.campaign
      if (input.from === input.to) throw new CommandError('invalid_input', 'to: must be a different owner from "from".', { field: 'to' })
      requireOwner(db, input.from)
      requireOwner(db, input.to)
      requireFunds(db, input.from, 'cash', input.amount, getSettings(db).allowDebt, currencyOf(c))
      const txId = post(db, {
        day: currentDay(db),
        memo: input.memo,
        command: 'ledger.transfer',
        lines: [
          { ownerId: input.from, account: 'cash', amount: -input.amount },
          { ownerId: input.to, account: 'cash', amount: input.amount }
        ]
      })
      return { txId, from: balance(db, input.from), to: balance(db, input.to) }
    },
    describe: (input, _out, c) =>
      `Paid ${fmt(input.amount)} ${currencyOf(c)} from ${requireOwner(c.campaign.db, input.from).name} to ${requireOwner(c.campaign.db, input.to).name}: ${input.memo}`
  },
  'ledger.balance': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => {
      requireOwner(db, input.ownerId)
      return balance(db, input.ownerId)
    }
  },
  'ledger.history': { kind: 'read', run: ({ campaign: { db } }, input) => history(db, input) },
  'ledger.series': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => {
      const ids =
        input.ownerIds ??
        (input.mostCash !== undefined
          ? // The plot's default when it cannot show everyone: the owners with the most cash (the running balances).
            (stmt(
              db,
              `SELECT o.id AS id FROM owner o LEFT JOIN ledger_balance b ON b.owner_id = o.id AND b.account = 'cash'
               WHERE o.kind != 'world' ORDER BY COALESCE(b.total, 0) DESC, o.id LIMIT ?`
            ).all(input.mostCash) as { id: number }[])
          : (stmt(db, `SELECT id FROM owner WHERE kind != 'world' ORDER BY id`).all() as { id: number }[])
        ).map((o) => o.id)
      return series(db, ids)
    }
  },
  'ledger.exportCsv': {
    kind: 'read',
    run: ({ campaign }, input) => {
      const rows: (string | number)[][] = [['transaction', 'day', 'date', 'memo', 'owner', 'account', 'amount', 'command']]
      for (const t of allMatching(campaign.db, input)) {
        for (const l of t.lines) rows.push([t.id, t.day, t.dateLabel, t.memo, l.ownerName, l.account, l.amount, t.command])
      }
      const stem = campaign.info().name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'
      return { fileName: `${stem}-ledger.csv`, csv: toCsv(rows) }
    }
  },

  'dice.roll': {
    kind: 'write',
    run: (c, input) => c.dice(input.dice).roll(input.notation, input.purpose || 'Free roll'),
    describe: (_input, out) => `${out.purpose}: ${out.notation} → ${out.total}`
  },
  'dice.log': { kind: 'read', run: ({ campaign: { db } }, input) => rollLog(db, input) },
  'dice.count': {
    kind: 'read',
    run: ({ campaign: { db } }, input) => {
      return { total: countRolls(db, input) }
    }
  },
  'dice.exportCsv': {
    kind: 'read',
    run: ({ campaign }, input) => {
      const rows: (string | number)[][] = [['roll', 'day', 'date', 'kind', 'purpose', 'notation', 'faces', 'kept', 'total', 'entered by hand', 'command']]
      for (const r of rollLog(campaign.db, input).reverse()) {
        rows.push([r.id, r.day, r.dateLabel, r.kind, r.purpose, r.notation, r.faces.join(' '), r.kept.join(' '), r.total, r.manual ? 'yes' : 'no', r.command])
      }
      const stem = campaign.info().name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign'
      return { fileName: `${stem}-rolls.csv`, csv: toCsv(rows) }
    }
  },

  'rules.list': {
    kind: 'read',
    run: ({ campaign: { db } }) => listRules(db)
  },
  'rules.get': { kind: 'read', run: ({ campaign: { db } }, input) => describeRule(db, input.table as RuleTableName) },
  'rules.set': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      setRule(db, input.table as RuleTableName, input.value, currentDay(db))
      return describeRule(db, input.table as RuleTableName)
    },
    describe: (input) => `Edited the rule table “${RULE_TABLES[input.table as RuleTableName].title}”`
  },
  'rules.reset': {
    kind: 'write',
    run: ({ campaign: { db } }, input) => {
      resetRule(db, input.table as RuleTableName)
      return describeRule(db, input.table as RuleTableName)
    },
    describe: (input) => `Reset the rule table “${RULE_TABLES[input.table as RuleTableName].title}” to its defaults`
  }
}

