/**
 * Every campaign-core command through the one door: its happy path and its errors, and that a
 * refused write changes nothing. Rule checks name the seed section or RULES.md section they check.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { registerPeriodicStep, type PeriodicStep } from '../../src/main/campaign-core/clock'
import { post, WORLD_OWNER_ID } from '../../src/main/campaign-core/ledger'
import type { HistoryEntry } from '../../src/shared/commands'
import { seedState } from '../../src/shared/dice/rng'
import { CommandError } from '../../src/shared/errors'
import { RULE_TABLES, THEAH_CALENDAR } from '../../src/shared/rules/tables'
import {
  countRows,
  dumpCampaign,
  failureOf,
  issueFields,
  makeClock,
  makeSession,
  openSeededCampaign,
  parseCsv,
  type TestSession
} from '../helpers'

let t: TestSession
let path: string

beforeEach(async () => {
  t = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
  path = await openSeededCampaign(t, { seed: 42, name: 'Core, "Commands" Test' })
})
afterEach(async () => {
  await t.cleanup()
})

const db = () => t.session.campaign!.db
const call = ((name: string, input: unknown = {}) => t.door.call(name as never, input)) as typeof t.door.call
const fail = (name: string, input: unknown) => failureOf(t.door, name, input)
const journal = () => db().prepare(`SELECT seq, command, summary, undone FROM journal ORDER BY seq`).all() as {
  seq: number
  command: string
  summary: string
  undone: number
}[]
const lastSummary = () => journal().at(-1)?.summary
const rngState = () => JSON.parse((db().prepare(`SELECT state FROM rng WHERE id = 1`).get() as { state: string }).state) as number[]

/** The whole campaign (tables and journal), to show that a refused command changed nothing. */
const snapshot = () => ({ tables: dumpCampaign(db()), journal: journal(), steps: countRows(db(), 'undo_step') })

async function refusedWithoutChange(name: string, input: unknown) {
  const before = snapshot()
  const err = await fail(name, input)
  expect(snapshot()).toEqual(before)
  return err
}

const pc = async (name: string, extra: Record<string, unknown> = {}) => call('people.create', { name, kind: 'pc', ...extra })

describe('settings', () => {
  it('start as: dice rolled by the app, no debt', async () => {
    expect(await call('settings.get')).toEqual({ diceMode: 'app', allowDebt: false })
  })

  it('set changes only what is given, is journalled, and survives reopening', async () => {
    expect(await call('settings.set', { diceMode: 'manual' })).toEqual({ diceMode: 'manual', allowDebt: false })
    expect(lastSummary()).toBe('Dice are now entered by hand')
    expect(await call('settings.set', { allowDebt: true })).toEqual({ diceMode: 'manual', allowDebt: true })
    expect(lastSummary()).toBe('Owners may now go into debt')
    await call('settings.set', {})
    expect(lastSummary()).toBe('Settings unchanged')
    await t.session.close()
    await t.session.open(path)
    expect(await call('settings.get')).toEqual({ diceMode: 'manual', allowDebt: true })
  })

  it.each([
    [{ diceMode: 'dice' }, 'diceMode'],
    [{ allowDebt: 'yes' }, 'allowDebt'],
    [{ allowDebts: true }, '(input)']
  ])('set %j → invalid_input naming %s, nothing changed', async (input, field) => {
    const err = await refusedWithoutChange('settings.set', input)
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toEqual([field])
  })
})

describe('clock', () => {
  it('RULES.md §2 "Time": the clock counts days from day 0, the first day of the Théah calendar', async () => {
    expect(await call('clock.now')).toEqual({
      day: 0,
      date: { year: 1668, month: 1, monthName: 'Primus', dayOfMonth: 1, weekday: 'Soldi', weekdayIndex: 0 },
      label: 'Soldi, 1 Primus 1668 AV',
      // Issue 16, point 16: "+1 month" is the same day next month (Primus has 31 days).
      nextMonth: { day: 31, label: 'Veldi, 1 Secundus 1668 AV', days: 31, clamped: false }
    })
  })

  it('advance moves the clock day by day and is journalled', async () => {
    const out = await call('clock.advance', { days: 31 })
    expect(out.from.day).toBe(0)
    expect(out.to).toMatchObject({ day: 31, label: 'Veldi, 1 Secundus 1668 AV' })
    expect(out.steps).toEqual([])
    expect(out.rolls).toEqual([])
    expect((await call('clock.now')).day).toBe(31)
    expect(lastSummary()).toBe('Advanced the clock 31 days to Veldi, 1 Secundus 1668 AV')
    await call('clock.advance', { days: 1 })
    expect(lastSummary()).toBe('Advanced the clock 1 day to Jovedi, 2 Secundus 1668 AV')
  })

  it.each([
    [{ days: 0 }, 'days', 'must be at least 1'],
    [{ days: 3651 }, 'days', 'at most ten years at a time'],
    [{ days: 1.5 }, 'days', ''],
    [{}, 'days', ''],
    [{ days: 1, dice: [0] }, 'dice.0', '']
  ])('advance %j → invalid_input naming %s', async (input, field, message) => {
    const err = await refusedWithoutChange('clock.advance', input)
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toEqual([field])
    expect(err.message).toContain(message)
  })

  it('advance with faces that no step needs → invalid_input on dice, clock unchanged', async () => {
    const err = await refusedWithoutChange('clock.advance', { days: 3, dice: [4] })
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toEqual(['dice'])
    expect(err.message).toContain('1 of the faces given was not needed')
  })

  it('follows the calendar rule table (RULES.md §2 "Time": the calendar is data)', async () => {
    await call('rules.set', {
      table: 'calendar',
      value: { months: [{ name: 'Wet', days: 2 }, { name: 'Dry', days: 3 }], weekdays: ['Sol', 'Luna'], startYear: 1, era: 'AS' }
    })
    expect((await call('clock.advance', { days: 2 })).to.label).toBe('Sol, 1 Dry 1 AS')
    expect((await call('clock.now')).date).toMatchObject({ monthName: 'Dry', dayOfMonth: 1 })
  })

  it('clock.log is empty until a step reports something', async () => {
    await call('clock.advance', { days: 10 })
    expect(await call('clock.log', {})).toEqual([])
  })
})

describe('reminders', () => {
  it('add "in N days" is due that many days from today, and counts down as the clock moves', async () => {
    const r = await call('reminders.add', { title: 'Careen the Sea Dog', inDays: 5, link: '/ships/1' })
    expect(r).toMatchObject({ dueDay: 5, inDays: 5, title: 'Careen the Sea Dog', link: '/ships/1', source: 'gm' })
    expect(r.dueLabel).toBe('Venerdi, 6 Primus 1668 AV')
    expect(lastSummary()).toBe('Reminder “Careen the Sea Dog” for Venerdi, 6 Primus 1668 AV')
    await call('clock.advance', { days: 3 })
    expect((await call('reminders.list', {})).map((x) => [x.title, x.inDays])).toEqual([['Careen the Sea Dog', 2]])
    const later = await call('reminders.add', { title: 'Pay the crew', inDays: 5 })
    expect(later).toMatchObject({ dueDay: 8, inDays: 5 })
  })

  it('add on a given day; the list is soonest first; past ones only with includePast', async () => {
    await call('reminders.add', { title: 'Later', dueDay: 20 })
    await call('reminders.add', { title: 'Sooner', dueDay: 2 })
    await call('reminders.add', { title: 'Today', inDays: 0 })
    expect((await call('reminders.list', {})).map((x) => x.title)).toEqual(['Today', 'Sooner', 'Later'])
    await call('clock.advance', { days: 3 })
    expect((await call('reminders.list', {})).map((x) => x.title)).toEqual(['Later'])
    const all = await call('reminders.list', { includePast: true })
    expect(all.map((x) => [x.title, x.inDays])).toEqual([
      ['Today', -3],
      ['Sooner', -1],
      ['Later', 17]
    ])
  })

  it('a reminder falling due is announced by the clock (step "reminders") and written to the clock log', async () => {
    await call('reminders.add', { title: 'Stock limits reset', inDays: 2 })
    await call('reminders.add', { title: 'Second one', inDays: 2 })
    const out = await call('clock.advance', { days: 4 })
    expect(out.steps).toEqual([
      {
        day: 2,
        label: 'Marsdi, 3 Primus 1668 AV',
        step: 'reminders',
        title: 'Reminders due',
        effects: ['Due today: Stock limits reset', 'Due today: Second one']
      }
    ])
    const log = await call('clock.log', {})
    expect(log).toEqual([
      {
        id: expect.any(Number),
        day: 2,
        dateLabel: 'Marsdi, 3 Primus 1668 AV',
        step: 'reminders',
        title: 'Reminders due',
        effects: ['Due today: Stock limits reset', 'Due today: Second one']
      }
    ])
  })

  it('clock.log is newest first, with limit and before', async () => {
    for (let d = 1; d <= 5; d++) await call('reminders.add', { title: `R${d}`, dueDay: d })
    await call('clock.advance', { days: 5 })
    const all = await call('clock.log', {})
    expect(all.map((e) => e.day)).toEqual([5, 4, 3, 2, 1])
    expect((await call('clock.log', { limit: 2 })).map((e) => e.day)).toEqual([5, 4])
    expect((await call('clock.log', { limit: 2, before: all[1]!.id })).map((e) => e.day)).toEqual([3, 2])
  })

  it.each([
    [{ title: 'Both', inDays: 1, dueDay: 1 }, 'inDays', 'give either inDays or dueDay'],
    [{ title: 'Neither' }, 'inDays', 'give either inDays or dueDay'],
    [{ title: '', inDays: 1 }, 'title', 'must not be empty'],
    [{ title: 'x'.repeat(201), inDays: 1 }, 'title', 'must be at most 200 characters'],
    [{ title: 'Negative', inDays: -1 }, 'inDays', ''],
    [{ title: 'Neg day', dueDay: -1 }, 'dueDay', '']
  ])('add %j → invalid_input naming %s', async (input, field, message) => {
    const err = await refusedWithoutChange('reminders.add', input)
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toContain(field)
    expect(err.message).toContain(message)
  })

  it('add on a day already past → invalid_input on dueDay', async () => {
    await call('clock.advance', { days: 10 })
    const err = await refusedWithoutChange('reminders.add', { title: 'Too late', dueDay: 9 })
    expect(err).toMatchObject({ code: 'invalid_input', message: 'dueDay: that day has already passed.' })
  })

  it('remove, and removing an unknown one → not_found', async () => {
    const r = await call('reminders.add', { title: 'Gone soon', inDays: 1 })
    expect(await call('reminders.remove', { id: r.id })).toEqual({ removed: r.id, title: 'Gone soon' })
    expect(await call('reminders.list', { includePast: true })).toEqual([])
    expect(lastSummary()).toBe('Removed the reminder “Gone soon”')
    const err = await refusedWithoutChange('reminders.remove', { id: r.id })
    expect(err.code).toBe('not_found')
    expect(err.message).toBe(`There is no reminder with id ${r.id}.`)
  })
})

describe('people', () => {
  it('create: a character is also an owner; traits default to 2; knacks, notes and money start empty', async () => {
    const made = await pc('Isabeau du Toit')
    expect(made.ownerId).not.toBe(WORLD_OWNER_ID)
    const p = await call('people.get', { id: made.id })
    expect(p).toEqual({
      id: made.id,
      ownerId: made.ownerId,
      name: 'Isabeau du Toit',
      kind: 'pc',
      traits: { Brawn: 2, Finesse: 2, Wits: 2, Resolve: 2, Panache: 2 },
      knacks: {},
      tricks: [],
      heroPointsSpent: 0,
      notes: '',
      money: { cash: 0, shipFund: 0 }
    })
    expect(lastSummary()).toBe('Created player character Isabeau du Toit')
    const owners = await call('owners.list')
    expect(owners.map((o) => [o.id, o.kind, o.name])).toEqual([
      [made.ownerId, 'character', 'Isabeau du Toit'],
      [WORLD_OWNER_ID, 'world', 'The outside world']
    ])
  })

  it('create with traits, knacks and notes', async () => {
    const made = await call('people.create', {
      name: '  Old Tom  ',
      kind: 'npc',
      traits: { Brawn: 4, Wits: 1 },
      knacks: { Gunnery: 3, Captain: 1 },
      notes: 'Master gunner.'
    })
    const p = await call('people.get', { id: made.id })
    expect(p).toMatchObject({
      name: 'Old Tom',
      kind: 'npc',
      traits: { Brawn: 4, Finesse: 2, Wits: 1, Resolve: 2, Panache: 2 },
      knacks: { Gunnery: 3, Captain: 1 },
      notes: 'Master gunner.'
    })
    expect(lastSummary()).toBe('Created NPC Old Tom')
  })

  it.each([
    [{ name: 'A', kind: 'pc', knacks: { Juggling: 2 } }, 'knacks', '"Juggling" is not in this campaign\'s knack table'],
    [{ name: 'A', kind: 'pc', knacks: { Juggling: 2, Whistling: 1 } }, 'knacks', '"Juggling", "Whistling" are not'],
    [{ name: 'A', kind: 'pc', knacks: { Gunnery: 6 } }, 'knacks.Gunnery', ''],
    [{ name: 'A', kind: 'pc', traits: { Brawn: 7 } }, 'traits.Brawn', ''],
    [{ name: 'A', kind: 'pc', traits: { Strength: 3 } }, 'traits', 'Strength'],
    [{ name: 'A', kind: 'pirate' }, 'kind', ''],
    [{ name: '', kind: 'pc' }, 'name', 'must not be empty']
  ])('create %j → invalid_input naming %s, nothing written', async (input, field, message) => {
    const err = await refusedWithoutChange('people.create', input)
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toContain(field)
    expect(err.message).toContain(message)
  })

  it('update changes what is given: traits merge, knacks are replaced', async () => {
    const made = await pc('Jacques', { traits: { Brawn: 3 }, knacks: { Gunnery: 2, Rigging: 1 } })
    const p = await call('people.update', { id: made.id, name: 'Jacques le Rouge', traits: { Panache: 4 }, knacks: { Pilot: 2 }, kind: 'npc', notes: 'Turned.' })
    expect(p).toMatchObject({
      name: 'Jacques le Rouge',
      kind: 'npc',
      traits: { Brawn: 3, Finesse: 2, Wits: 2, Resolve: 2, Panache: 4 },
      knacks: { Pilot: 2 },
      notes: 'Turned.'
    })
    expect(lastSummary()).toBe('Updated Jacques le Rouge')
    expect((await call('owners.list')).find((o) => o.id === made.ownerId)!.name).toBe('Jacques le Rouge')
    // An empty update changes nothing but is allowed.
    expect(await call('people.update', { id: made.id })).toEqual(p)
  })

  it('update of an unknown character → not_found; an unknown knack → invalid_input; nothing written', async () => {
    const made = await pc('Known')
    expect((await refusedWithoutChange('people.update', { id: 999, name: 'X' })).code).toBe('not_found')
    const err = await refusedWithoutChange('people.update', { id: made.id, name: 'Renamed', knacks: { Juggling: 1 } })
    expect(err.code).toBe('invalid_input')
    expect(err.message).toContain('"Juggling"')
  })

  it('list: player characters first, then by name ignoring case; each with money', async () => {
    await call('people.create', { name: 'zed', kind: 'npc' })
    await pc('bertrand')
    await pc('Amélie')
    await call('people.create', { name: 'Anne', kind: 'npc' })
    const list = await call('people.list')
    expect(list.map((p) => p.name)).toEqual(['Amélie', 'bertrand', 'Anne', 'zed'])
    expect(list.every((p) => p.money.cash === 0)).toBe(true)
  })

  it('get of an unknown id → not_found', async () => {
    const err = await fail('people.get', { id: 77 })
    expect(err).toMatchObject({ code: 'not_found', message: 'There is no character with id 77.' })
  })

  it('remove a character who never held money: the person and the owner go', async () => {
    const made = await pc('Brief Hire')
    expect(await call('people.remove', { id: made.id })).toEqual({ removed: made.id })
    expect(await call('people.list')).toEqual([])
    expect((await call('owners.list')).map((o) => o.id)).toEqual([WORLD_OWNER_ID])
    expect(lastSummary()).toBe(`Removed a character (id ${made.id})`)
    expect((await refusedWithoutChange('people.remove', { id: made.id })).code).toBe('not_found')
  })

  it('removing someone with ledger lines → rule, they stay in the books', async () => {
    const made = await pc('Paid Once')
    await call('ledger.grant', { ownerId: made.ownerId, amount: 10, memo: 'Wages' })
    await call('ledger.transfer', { from: made.ownerId, to: WORLD_OWNER_ID, amount: 10, memo: 'Spent' })
    const err = await refusedWithoutChange('people.remove', { id: made.id })
    expect(err.code).toBe('rule')
    expect(err.message).toContain('Paid Once has entries in the ledger')
  })
})

describe('people.roll (seed 003: (trait + knack) k trait, tens explode; RULES.md §2 "Readings": a raise is +5)', () => {
  let gunner: { id: number; ownerId: number }
  beforeEach(async () => {
    gunner = await pc('Gunner', { traits: { Brawn: 3, Wits: 0 }, knacks: { Gunnery: 2 } })
  })

  it('seed 003: rolls trait + knack dice, keeps trait, a ten explodes; success iff total ≥ TN + 5 × raises; margin = total − (TN + 5 × raises)', async () => {
    // 5 dice: 10+4, 7, 2, 9, 1 → dice 14, 7, 2, 9, 1 → keep 3: 14 + 9 + 7 = 30.
    const out = await call('people.roll', { personId: gunner.id, trait: 'Brawn', knack: 'Gunnery', tn: 20, raises: 2, dice: [10, 4, 7, 2, 9, 1] })
    expect(out.roll).toMatchObject({
      notation: '5k3',
      faces: [10, 4, 7, 2, 9, 1],
      dice: [14, 7, 2, 9, 1],
      kept: [14, 9, 7],
      total: 30,
      manual: true,
      purpose: 'Gunner: Brawn + Gunnery vs TN 20'
    })
    expect(out).toMatchObject({ tn: 20, target: 30, success: true, margin: 0 })
    expect(out.breakdown).toEqual([
      { label: 'Brawn 3 (dice kept)', value: 3 },
      { label: 'Gunnery 2 (extra dice)', value: 2 },
      { label: 'rolled 5k3: kept 14 + 9 + 7 of 14, 7, 2, 9, 1', value: 30 },
      { label: 'TN 20 + 2 raises × 5', value: 30 }
    ])
    expect(lastSummary()).toBe('Gunner: Brawn + Gunnery vs TN 20: 30 — success (2 raises)')
    const log = await call('dice.log', {})
    expect(log).toEqual([
      {
        id: expect.any(Number),
        day: 0,
        dateLabel: 'Soldi, 1 Primus 1668 AV',
        kind: 'people',
        purpose: 'Gunner: Brawn + Gunnery vs TN 20',
        notation: '5k3',
        faces: [10, 4, 7, 2, 9, 1],
        dice: [14, 7, 2, 9, 1],
        kept: [14, 9, 7],
        total: 30,
        manual: true,
        command: 'people.roll'
      }
    ])
  })

  it('RULES.md §2 "Readings": one point short of TN + 5 × raises fails, by a margin of −1 against that raised target', async () => {
    const out = await call('people.roll', { personId: gunner.id, trait: 'Brawn', knack: 'Gunnery', tn: 20, raises: 2, dice: [10, 3, 7, 2, 9, 1] })
    expect(out.roll.total).toBe(29)
    expect(out).toMatchObject({ target: 30, success: false, margin: -1 })
    expect(lastSummary()).toContain('— failure (2 raises)')
  })

  it('seed 003: exactly the TN succeeds (no raises), below it fails with a negative margin', async () => {
    const hit = await call('people.roll', { personId: gunner.id, trait: 'Brawn', tn: 15, dice: [5, 5, 5] })
    expect(hit).toMatchObject({ target: 15, success: true, margin: 0 })
    expect(hit.breakdown[1]).toEqual({ label: 'no knack', value: 0 })
    expect(hit.breakdown[3]).toEqual({ label: 'TN 15', value: 15 })
    const miss = await call('people.roll', { personId: gunner.id, trait: 'Brawn', tn: 15, dice: [5, 5, 4] })
    expect(miss).toMatchObject({ success: false, margin: -1 })
  })

  it('a knack in the table that the character lacks adds no dice', async () => {
    const out = await call('people.roll', { personId: gunner.id, trait: 'Brawn', knack: 'Pilot', tn: 5, dice: [1, 2, 3] })
    expect(out.roll.notation).toBe('3k3')
    expect(out.breakdown[1]).toEqual({ label: 'Pilot 0 (extra dice)', value: 0 })
  })

  it('rolled by the app: the result is consistent with its own dice, and a given purpose is used', async () => {
    const out = await call('people.roll', { personId: gunner.id, trait: 'Brawn', knack: 'Gunnery', tn: 25, purpose: 'Broadside' })
    expect(out.roll.purpose).toBe('Broadside')
    expect(out.roll.manual).toBe(false)
    expect(out.roll.kept).toHaveLength(3)
    expect(out.roll.dice).toHaveLength(5)
    expect(out.success).toBe(out.roll.total >= 25)
    expect(out.margin).toBe(out.roll.total - out.target)
  })

  it('a trait of 0 cannot be rolled → rule; unknown knack → invalid_input; unknown person → not_found; nothing written', async () => {
    const zero = await refusedWithoutChange('people.roll', { personId: gunner.id, trait: 'Wits', tn: 10 })
    expect(zero).toMatchObject({ code: 'rule', message: 'Gunner has Wits 0 and cannot roll it.' })
    const knack = await refusedWithoutChange('people.roll', { personId: gunner.id, trait: 'Brawn', knack: 'Juggling', tn: 10 })
    expect(knack.code).toBe('invalid_input')
    expect(knack.message).toContain('knack: "Juggling"')
    expect((await refusedWithoutChange('people.roll', { personId: 999, trait: 'Brawn', tn: 10 })).code).toBe('not_found')
    const trait = await refusedWithoutChange('people.roll', { personId: gunner.id, trait: 'Luck', tn: 10 })
    expect(issueFields(trait)).toEqual(['trait'])
    const raises = await refusedWithoutChange('people.roll', { personId: gunner.id, trait: 'Brawn', tn: 10, raises: -1 })
    expect(issueFields(raises)).toEqual(['raises'])
  })
})

describe('owners.heroPoints (seed 003, I. Of Ship Construction: up to 20 hero points, 600 Guilders each)', () => {
  let hero: { id: number; ownerId: number }
  beforeEach(async () => {
    hero = await pc('Captain Reis')
  })

  it('seed 003 I. Of Ship Construction: each point puts 600 G into the ship fund, not into cash', async () => {
    const out = await call('owners.heroPoints', { ownerId: hero.ownerId, points: 5 })
    expect(out).toEqual({
      ownerId: hero.ownerId,
      pointsSpent: 5,
      added: 3000,
      money: { cash: 0, shipFund: 3000 },
      breakdown: [
        { label: '5 hero points', value: 5 },
        { label: '× 600 G each', value: 600 },
        { label: 'added to the ship fund', value: 3000 }
      ]
    })
    expect(lastSummary()).toBe('Captain Reis spent 5 hero points: 3,000 G into the ship fund')
    expect(await call('ledger.balance', { ownerId: WORLD_OWNER_ID })).toEqual({ cash: -3000, shipFund: 0 })
    expect((await call('people.get', { id: hero.id })).heroPointsSpent).toBe(5)
    const h = await call('ledger.history', {})
    expect(h.transactions[0]).toMatchObject({
      memo: "5 hero points into Captain Reis's ship fund",
      command: 'owners.heroPoints',
      lines: [
        { ownerId: WORLD_OWNER_ID, account: 'cash', amount: -3000 },
        { ownerId: hero.ownerId, account: 'shipFund', amount: 3000 }
      ]
    })
  })

  it('seed 003 I. Of Ship Construction: "up to 20" in total, across several spends; the 21st → rule naming the limit', async () => {
    await call('owners.heroPoints', { ownerId: hero.ownerId, points: 15 })
    const full = await call('owners.heroPoints', { ownerId: hero.ownerId, points: 5 })
    expect(full).toMatchObject({ pointsSpent: 20, money: { cash: 0, shipFund: 12000 } })
    const err = await refusedWithoutChange('owners.heroPoints', { ownerId: hero.ownerId, points: 1 })
    expect(err.code).toBe('rule')
    expect(err.message).toContain('at most 20 hero points')
    expect(err.message).toContain('(High Seas Combat, I. Of Ship Construction)')
    expect(err.message).not.toMatch(/seed 00\d/)
    expect(err.message).toContain('20 already spent, so 0 more at most')
    expect(err.details).toEqual({ spent: 20, max: 20 })
  })

  it('seed 003 I. Of Ship Construction: 21 at once → rule; 20 at once is fine', async () => {
    const err = await refusedWithoutChange('owners.heroPoints', { ownerId: hero.ownerId, points: 21 })
    expect(err.code).toBe('rule')
    expect(err.message).toContain('at most 20')
    expect((await call('owners.heroPoints', { ownerId: hero.ownerId, points: 20 })).added).toBe(12000)
  })

  it('a non-character (the outside world) → rule; an unknown owner → not_found; zero points → invalid_input', async () => {
    const world = await refusedWithoutChange('owners.heroPoints', { ownerId: WORLD_OWNER_ID, points: 1 })
    expect(world).toMatchObject({ code: 'rule', message: 'Only characters have hero points to spend on a ship.' })
    expect((await refusedWithoutChange('owners.heroPoints', { ownerId: 999, points: 1 })).code).toBe('not_found')
    const zero = await refusedWithoutChange('owners.heroPoints', { ownerId: hero.ownerId, points: 0 })
    expect(zero.code).toBe('invalid_input')
    expect(zero.message).toContain('points: must be at least 1')
  })

  it('follows the heroPoints rule table when the GM edits it', async () => {
    await call('rules.set', { table: 'heroPoints', value: { guildersPerPoint: 500, maxPerCharacter: 25 } })
    expect((await call('owners.heroPoints', { ownerId: hero.ownerId, points: 22 })).added).toBe(11000)
    const err = await fail('owners.heroPoints', { ownerId: hero.ownerId, points: 4 })
    expect(err.message).toContain('at most 25')
  })

  it('a limit lowered below what was already spent refuses more without a negative "more at most"', async () => {
    await call('owners.heroPoints', { ownerId: hero.ownerId, points: 15 })
    await call('rules.set', { table: 'heroPoints', value: { guildersPerPoint: 600, maxPerCharacter: 10 } })
    const err = await refusedWithoutChange('owners.heroPoints', { ownerId: hero.ownerId, points: 1 })
    expect(err.code).toBe('rule')
    expect(err.message).toContain('15 already spent, so 0 more at most')
    expect(err.message).not.toMatch(/-\d+ more/)
  })

  it('the ship fund cannot be paid out as cash: a transfer still needs cash', async () => {
    await call('owners.heroPoints', { ownerId: hero.ownerId, points: 1 })
    const err = await refusedWithoutChange('ledger.transfer', { from: hero.ownerId, to: WORLD_OWNER_ID, amount: 1, memo: 'Rum' })
    expect(err.code).toBe('rule')
    expect(err.message).toContain('0 G of cash')
  })
})

describe('ledger (double entry: the outside world is the counterparty)', () => {
  let a: { id: number; ownerId: number }
  let b: { id: number; ownerId: number }
  beforeEach(async () => {
    a = await pc('Anton')
    b = await pc('Bianca')
  })

  it('grant: money comes from the outside world; balances are sums of lines', async () => {
    const out = await call('ledger.grant', { ownerId: a.ownerId, amount: 1500, memo: 'Prize money' })
    expect(out.money).toEqual({ cash: 1500, shipFund: 0 })
    expect(out.txId).toBeGreaterThan(0)
    expect(await call('ledger.balance', { ownerId: a.ownerId })).toEqual({ cash: 1500, shipFund: 0 })
    expect(await call('ledger.balance', { ownerId: WORLD_OWNER_ID })).toEqual({ cash: -1500, shipFund: 0 })
    expect(lastSummary()).toBe('Granted 1,500 G to Anton: Prize money')
  })

  it('grant to the world itself → rule; unknown owner → not_found; bad amount or memo → invalid_input', async () => {
    const world = await refusedWithoutChange('ledger.grant', { ownerId: WORLD_OWNER_ID, amount: 5, memo: 'x' })
    expect(world.code).toBe('rule')
    expect((await refusedWithoutChange('ledger.grant', { ownerId: 999, amount: 5, memo: 'x' })).code).toBe('not_found')
    for (const [input, field, message] of [
      [{ ownerId: a.ownerId, amount: 0, memo: 'x' }, 'amount', 'must be more than 0'],
      [{ ownerId: a.ownerId, amount: -5, memo: 'x' }, 'amount', 'must be more than 0'],
      [{ ownerId: a.ownerId, amount: 1.5, memo: 'x' }, 'amount', 'must be a whole number'],
      [{ ownerId: a.ownerId, amount: 1_000_000_001, memo: 'x' }, 'amount', ''],
      [{ ownerId: a.ownerId, amount: 5, memo: '  ' }, 'memo', 'must not be empty'],
      [{ ownerId: a.ownerId, amount: 5 }, 'memo', '']
    ] as const) {
      const err = await refusedWithoutChange('ledger.grant', input)
      expect(err.code).toBe('invalid_input')
      expect(issueFields(err)).toEqual([field])
      expect(err.message).toContain(message)
    }
  })

  it('transfer moves cash between owners; to the world means spending it', async () => {
    await call('ledger.grant', { ownerId: a.ownerId, amount: 1000, memo: 'Purse' })
    const out = await call('ledger.transfer', { from: a.ownerId, to: b.ownerId, amount: 400, memo: 'Loan' })
    expect(out.from).toEqual({ cash: 600, shipFund: 0 })
    expect(out.to).toEqual({ cash: 400, shipFund: 0 })
    expect(lastSummary()).toBe('Paid 400 G from Anton to Bianca: Loan')
    await call('ledger.transfer', { from: b.ownerId, to: WORLD_OWNER_ID, amount: 400, memo: 'Rum' })
    expect(await call('ledger.balance', { ownerId: b.ownerId })).toEqual({ cash: 0, shipFund: 0 })
    expect(await call('ledger.balance', { ownerId: WORLD_OWNER_ID })).toEqual({ cash: -600, shipFund: 0 })
    // The world can always pay.
    await call('ledger.transfer', { from: WORLD_OWNER_ID, to: b.ownerId, amount: 50, memo: 'Found' })
    expect((await call('ledger.balance', { ownerId: b.ownerId })).cash).toBe(50)
  })

  it('transfer over the balance → rule naming the shortfall, and nothing is written', async () => {
    await call('ledger.grant', { ownerId: a.ownerId, amount: 1200, memo: 'Purse' })
    const err = await refusedWithoutChange('ledger.transfer', { from: a.ownerId, to: b.ownerId, amount: 2500, memo: 'Too much' })
    expect(err.code).toBe('rule')
    expect(err.message).toBe('Anton has 1,200 G of cash but this needs 2,500: 1,300 short.')
    expect(err.details).toEqual({ ownerId: a.ownerId, account: 'cash', have: 1200, need: 2500, shortfall: 1300 })
    expect(await call('ledger.balance', { ownerId: a.ownerId })).toEqual({ cash: 1200, shipFund: 0 })
  })

  it('the allowDebt setting lets an owner go below zero', async () => {
    await call('settings.set', { allowDebt: true })
    const out = await call('ledger.transfer', { from: a.ownerId, to: b.ownerId, amount: 300, memo: 'On credit' })
    expect(out.from).toEqual({ cash: -300, shipFund: 0 })
    await call('settings.set', { allowDebt: false })
    const err = await fail('ledger.transfer', { from: a.ownerId, to: b.ownerId, amount: 1, memo: 'More' })
    expect(err.message).toContain('has -300 G of cash but this needs 1: 301 short')
  })

  it('transfer to oneself → invalid_input on "to"; unknown owners → not_found', async () => {
    await call('ledger.grant', { ownerId: a.ownerId, amount: 10, memo: 'Purse' })
    const self = await refusedWithoutChange('ledger.transfer', { from: a.ownerId, to: a.ownerId, amount: 1, memo: 'x' })
    expect(self).toMatchObject({ code: 'invalid_input', message: 'to: must be a different owner from "from".' })
    expect((await refusedWithoutChange('ledger.transfer', { from: a.ownerId, to: 999, amount: 1, memo: 'x' })).code).toBe('not_found')
    expect((await refusedWithoutChange('ledger.transfer', { from: 999, to: a.ownerId, amount: 1, memo: 'x' })).code).toBe('not_found')
    expect((await refusedWithoutChange('ledger.balance', { ownerId: 999 })).code).toBe('not_found')
  })

  describe('history', () => {
    beforeEach(async () => {
      await call('ledger.grant', { ownerId: a.ownerId, amount: 100, memo: 'Day 0 grant to Anton' })
      await call('clock.advance', { days: 3 })
      await call('ledger.grant', { ownerId: b.ownerId, amount: 200, memo: 'Day 3 grant to Bianca' })
      await call('ledger.transfer', { from: a.ownerId, to: b.ownerId, amount: 50, memo: '100% of the 50_50 split' })
      await call('clock.advance', { days: 4 })
      await call('ledger.transfer', { from: b.ownerId, to: WORLD_OWNER_ID, amount: 25, memo: 'Day 7 rum' })
    })

    it('is newest first (by day, then id), with dates, owner names and lines', async () => {
      const h = await call('ledger.history', {})
      expect(h.total).toBe(4)
      expect(h.transactions.map((x) => [x.day, x.memo])).toEqual([
        [7, 'Day 7 rum'],
        [3, '100% of the 50_50 split'],
        [3, 'Day 3 grant to Bianca'],
        [0, 'Day 0 grant to Anton']
      ])
      expect(h.transactions[1]).toEqual({
        id: expect.any(Number),
        day: 3,
        dateLabel: 'Veldi, 4 Primus 1668 AV',
        memo: '100% of the 50_50 split',
        command: 'ledger.transfer',
        lines: [
          { ownerId: a.ownerId, ownerName: 'Anton', account: 'cash', amount: -50 },
          { ownerId: b.ownerId, ownerName: 'Bianca', account: 'cash', amount: 50 }
        ]
      })
    })

    it('filters by owner, by days and by memo text (LIKE wildcards typed by the GM are literal)', async () => {
      const memos = async (f: Record<string, unknown>) => (await call('ledger.history', f)).transactions.map((x) => x.memo)
      expect(await memos({ ownerId: a.ownerId })).toEqual(['100% of the 50_50 split', 'Day 0 grant to Anton'])
      expect(await memos({ from: 3, to: 3 })).toEqual(['100% of the 50_50 split', 'Day 3 grant to Bianca'])
      expect(await memos({ from: 4 })).toEqual(['Day 7 rum'])
      expect(await memos({ to: 2 })).toEqual(['Day 0 grant to Anton'])
      expect(await memos({ search: 'grant' })).toEqual(['Day 3 grant to Bianca', 'Day 0 grant to Anton'])
      expect(await memos({ search: 'GRANT TO b' })).toEqual(['Day 3 grant to Bianca'])
      expect(await memos({ search: '%' })).toEqual(['100% of the 50_50 split'])
      expect(await memos({ search: '0_5' })).toEqual(['100% of the 50_50 split'])
      expect(await memos({ search: 'y_3' })).toEqual([])
      expect(await memos({ ownerId: WORLD_OWNER_ID, search: 'Day' })).toEqual(['Day 7 rum', 'Day 3 grant to Bianca', 'Day 0 grant to Anton'])
      expect((await call('ledger.history', { ownerId: b.ownerId, from: 3 })).total).toBe(3)
    })

    it('pages with limit and offset; total counts every match', async () => {
      const p1 = await call('ledger.history', { limit: 3 })
      const p2 = await call('ledger.history', { limit: 3, offset: 3 })
      const p3 = await call('ledger.history', { limit: 3, offset: 6 })
      expect([p1.total, p2.total, p3.total]).toEqual([4, 4, 4])
      expect(p1.transactions).toHaveLength(3)
      expect(p2.transactions.map((x) => x.memo)).toEqual(['Day 0 grant to Anton'])
      expect(p3.transactions).toEqual([])
    })

    it.each([[{ limit: 0 }, 'limit'], [{ limit: 1001 }, 'limit'], [{ offset: -1 }, 'offset'], [{ ownerId: 0 }, 'ownerId'], [{ from: -1 }, 'from']])(
      '%j → invalid_input naming %s',
      async (input, field) => {
        const err = await fail('ledger.history', input)
        expect(err.code).toBe('invalid_input')
        expect(issueFields(err)).toEqual([field])
      }
    )

    it('series: each owner\'s cash after each day it changed (world left out unless asked for)', async () => {
      const s = await call('ledger.series', {})
      expect(s).toEqual([
        { ownerId: a.ownerId, name: 'Anton', points: [{ day: 0, cash: 100 }, { day: 3, cash: 50 }] },
        { ownerId: b.ownerId, name: 'Bianca', points: [{ day: 3, cash: 250 }, { day: 7, cash: 225 }] }
      ])
      const w = await call('ledger.series', { ownerIds: [WORLD_OWNER_ID] })
      expect(w).toEqual([{ ownerId: WORLD_OWNER_ID, name: 'The outside world', points: [{ day: 0, cash: -100 }, { day: 3, cash: -300 }, { day: 7, cash: -275 }] }])
      expect((await fail('ledger.series', { ownerIds: [999] })).code).toBe('not_found')
    })

    it('exportCsv: a header, one row per line of each transaction, oldest first, CRLF', async () => {
      const out = await call('ledger.exportCsv', {})
      expect(out.fileName).toBe('Core-Commands-Test-ledger.csv')
      const rows = out.csv.split('\r\n')
      expect(rows.at(-1)).toBe('')
      expect(rows[0]).toBe('transaction,day,date,memo,owner,account,amount,command')
      expect(rows.slice(1, -1)).toHaveLength(8)
      expect(rows[1]).toMatch(/^\d+,0,"Soldi, 1 Primus 1668 AV",Day 0 grant to Anton,The outside world,cash,-100,ledger\.grant$/)
      expect(rows[2]).toMatch(/^\d+,0,"Soldi, 1 Primus 1668 AV",Day 0 grant to Anton,Anton,cash,100,ledger\.grant$/)
      const filtered = await call('ledger.exportCsv', { ownerId: a.ownerId, to: 2 })
      expect(filtered.csv.split('\r\n')).toHaveLength(1 + 2 + 1)
    })
  })

  it('seed 002: an Atrilia campaign counts its money in dinars', async () => {
    await openSeededCampaign(t, { seed: 5, setting: 'atrilia', fileName: 'atrilia.quarterdeck' })
    const p = await pc('Pheacian Captain')
    await call('ledger.grant', { ownerId: p.ownerId, amount: 2000, memo: 'Harbour fees' })
    expect(lastSummary()).toBe('Granted 2,000 dinars to Pheacian Captain: Harbour fees')
    const err = await fail('ledger.transfer', { from: p.ownerId, to: WORLD_OWNER_ID, amount: 2500, memo: 'Galley' })
    expect(err.message).toBe('Pheacian Captain has 2,000 dinars of cash but this needs 2,500: 500 short.')
    expect((await call('owners.heroPoints', { ownerId: p.ownerId, points: 1 })).breakdown[1]!.label).toBe('× 600 dinars each')
  })

  it('exportCsv quotes commas, quotes and line breaks, and defuses spreadsheet formulas', async () => {
    await call('ledger.grant', { ownerId: a.ownerId, amount: 10, memo: 'Bread, rum and "salt pork"' })
    await call('ledger.grant', { ownerId: a.ownerId, amount: 10, memo: '=HYPERLINK("http://evil","x")' })
    await call('ledger.grant', { ownerId: a.ownerId, amount: 10, memo: '+1 barrel' })
    await call('ledger.grant', { ownerId: a.ownerId, amount: 10, memo: '-5 fee' })
    await call('ledger.grant', { ownerId: a.ownerId, amount: 10, memo: '@SUM(A1)' })
    await call('ledger.grant', { ownerId: a.ownerId, amount: 10, memo: 'Two\r\nlines' })
    await call('people.update', { id: a.id, name: '=cmd|x' })
    const csv = (await call('ledger.exportCsv', {})).csv
    const rows = parseCsv(csv).slice(1)
    // Each character's line of each grant: memo, owner, account, amount, command.
    const mine = rows.filter((r) => r[5] === 'cash' && r[4] !== 'The outside world').map((r) => r.slice(3))
    expect(mine).toEqual([
      ['Bread, rum and "salt pork"', "'=cmd|x", 'cash', '10', 'ledger.grant'],
      ['\'=HYPERLINK("http://evil","x")', "'=cmd|x", 'cash', '10', 'ledger.grant'],
      ["'+1 barrel", "'=cmd|x", 'cash', '10', 'ledger.grant'],
      ["'-5 fee", "'=cmd|x", 'cash', '10', 'ledger.grant'],
      ["'@SUM(A1)", "'=cmd|x", 'cash', '10', 'ledger.grant'],
      ['Two\r\nlines', "'=cmd|x", 'cash', '10', 'ledger.grant']
    ])
    // The raw text: quoted where needed, quotes doubled.
    expect(csv).toContain(',"Bread, rum and ""salt pork""",\'=cmd|x,cash,10,ledger.grant\r\n')
    expect(csv).toContain(',"\'=HYPERLINK(""http://evil"",""x"")",')
    // Amounts are numbers: a negative amount is not a formula and stays as it is.
    expect(rows[0]!.slice(4, 7)).toEqual(['The outside world', 'cash', '-10'])
    expect(csv).toContain(',"Two\r\nlines",')
    expect(rows).toHaveLength(12)
  })
})

describe('dice (RULES.md §1)', () => {
  it('dice.roll in app mode: rolled from the campaign generator, logged, the generator state saved', async () => {
    const before = rngState()
    expect(before).toEqual(seedState(42))
    const out = await call('dice.roll', { notation: '2K2', purpose: 'Damage' })
    expect(out).toMatchObject({ purpose: 'Damage', notation: '2k2', manual: false })
    expect(out.kept).toHaveLength(2)
    expect(rngState()).not.toEqual(before)
    expect(lastSummary()).toBe(`Damage: 2k2 → ${out.total}`)
    const log = await call('dice.log', {})
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ kind: 'dice', command: 'dice.roll', purpose: 'Damage', notation: '2k2', faces: out.faces, kept: out.kept, total: out.total, manual: false })
    expect((await call('dice.roll', { notation: '1d6' })).purpose).toBe('Free roll')
  })

  it('faces given are used (and the generator is not), logged as entered by hand', async () => {
    const before = rngState()
    const out = await call('dice.roll', { notation: '3k2', dice: [10, 6, 4, 9] })
    expect(out).toMatchObject({ faces: [10, 6, 4, 9], dice: [16, 4, 9], kept: [16, 9], total: 25, manual: true })
    expect(rngState()).toEqual(before)
    expect(db().prepare(`SELECT manual FROM roll_log`).get()).toEqual({ manual: 1 })
  })

  it.each([
    [{ notation: 'lots' }, 'notation', 'notation: "lots" is not dice notation'],
    [{ notation: '4k5' }, 'notation', 'keep between 1 and 4 dice'],
    [{ notation: '' }, 'notation', ''],
    [{ notation: '1d6', dice: [7] }, 'dice', 'face 1 is 7, but Free roll rolls d6'],
    [{ notation: '1d10', dice: [11] }, 'dice.0', ''],
    [{ notation: '1d10', dice: [3, 4] }, 'dice', '1 of the faces given was not needed (this command used 1)'],
    [{ notation: '1d10', dice: [1, 2, 3] }, 'dice', '2 of the faces given were not needed']
  ])('dice.roll %j → invalid_input naming %s, nothing written', async (input, field, message) => {
    const err = await refusedWithoutChange('dice.roll', input)
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toEqual([field])
    expect(err.message).toContain(message)
  })

  it('RULES.md §1 (hand entry): in manual mode a roll without faces → needs_dice and changes nothing; resubmitting with faces succeeds, logged manual', async () => {
    await call('settings.set', { diceMode: 'manual' })
    const rng = rngState()
    const before = snapshot()
    const err = await fail('dice.roll', { notation: '3k2', purpose: 'Boarding' })
    expect(err.code).toBe('needs_dice')
    expect(err.details).toEqual({ purpose: 'Boarding', notation: '3k2', sides: 10, explodes: true, given: 0, atLeast: 3 })
    expect(err.message).toBe('Boarding needs 3 more dice (3k2, d10): enter the faces you rolled.')
    expect(snapshot()).toEqual(before)
    expect(rngState()).toEqual(rng)
    expect(countRows(db(), 'roll_log')).toBe(0)

    const short = await fail('dice.roll', { notation: '3k2', purpose: 'Boarding', dice: [10, 2] })
    expect(short.details).toEqual({ purpose: 'Boarding', notation: '3k2', sides: 10, explodes: true, given: 2, atLeast: 2 })
    expect(snapshot()).toEqual(before)

    const out = await call('dice.roll', { notation: '3k2', purpose: 'Boarding', dice: [10, 2, 5, 8] })
    expect(out).toMatchObject({ dice: [12, 5, 8], total: 20, manual: true })
    expect(rngState()).toEqual(rng)
    expect((await call('dice.log', {}))[0]).toMatchObject({ manual: true, faces: [10, 2, 5, 8], total: 20 })
    expect(journal().at(-1)).toMatchObject({ command: 'dice.roll', summary: 'Boarding: 3k2 → 20' })
  })

  it('needs_dice from people.roll names the character\'s roll', async () => {
    const p = await pc('Marta', { traits: { Finesse: 3 }, knacks: { Rigging: 1 } })
    await call('settings.set', { diceMode: 'manual' })
    const err = await refusedWithoutChange('people.roll', { personId: p.id, trait: 'Finesse', knack: 'Rigging', tn: 15, dice: [4] })
    expect(err.code).toBe('needs_dice')
    expect(err.details).toEqual({ purpose: 'Marta: Finesse + Rigging vs TN 15', notation: '4k3', sides: 10, explodes: true, given: 1, atLeast: 3 })
  })

  it('dice.log: newest first, filtered by kind and text, paged with limit and before', async () => {
    await call('dice.roll', { notation: '1d6', purpose: 'Weather 50%' })
    await call('dice.roll', { notation: '2d10', purpose: 'Cargo' })
    const p = await pc('Roller')
    await call('people.roll', { personId: p.id, trait: 'Wits', tn: 5 })
    await call('dice.roll', { notation: '5d10', purpose: 'Encounter' })
    const all = await call('dice.log', {})
    expect(all.map((r) => r.purpose)).toEqual(['Encounter', 'Roller: Wits vs TN 5', 'Cargo', 'Weather 50%'])
    expect((await call('dice.log', { kind: 'people' })).map((r) => r.purpose)).toEqual(['Roller: Wits vs TN 5'])
    expect((await call('dice.log', { search: '2d10' })).map((r) => r.purpose)).toEqual(['Cargo'])
    expect((await call('dice.log', { search: '%' })).map((r) => r.purpose)).toEqual(['Weather 50%'])
    expect((await call('dice.log', { limit: 2 })).map((r) => r.purpose)).toEqual(['Encounter', 'Roller: Wits vs TN 5'])
    expect((await call('dice.log', { limit: 2, before: all[1]!.id })).map((r) => r.purpose)).toEqual(['Cargo', 'Weather 50%'])
  })

  it('dice.exportCsv: a header and one row per roll, oldest first, with formulas defused', async () => {
    await call('dice.roll', { notation: '1d6', purpose: 'First', dice: [3] })
    await call('dice.roll', { notation: '2k1', purpose: '=2+2', dice: [10, 1, 4] })
    const out = await call('dice.exportCsv', {})
    expect(out.fileName).toBe('Core-Commands-Test-rolls.csv')
    const rows = out.csv.split('\r\n')
    expect(rows[0]).toBe('roll,day,date,kind,purpose,notation,faces,kept,total,entered by hand,command')
    expect(rows[1]).toMatch(/^\d+,0,"Soldi, 1 Primus 1668 AV",dice,First,1d6,3,3,3,yes,dice\.roll$/)
    expect(rows[2]).toMatch(/^\d+,0,"Soldi, 1 Primus 1668 AV",dice,'=2\+2,2k1,10 1 4,11,11,yes,dice\.roll$/)
    expect(rows).toHaveLength(4)
    expect((await call('dice.exportCsv', { search: 'First' })).csv.split('\r\n')).toHaveLength(3)
  })
})

describe('rules', () => {
  it('list: every rule table, where its values come from, none edited yet', async () => {
    const list = await call('rules.list')
    expect(list.map((r) => r.name)).toEqual(Object.keys(RULE_TABLES))
    expect(list.every((r) => !r.edited)).toBe(true)
    const hp = list.find((r) => r.name === 'heroPoints')!
    expect(hp.seedValue).toBe(true)
    expect(hp.source).toContain('Seed 003, I. Of Ship Construction')
  })

  it('get: seed 003 I. Of Ship Construction defaults (600 G a point, 20 points), entry by entry', async () => {
    const hp = await call('rules.get', { table: 'heroPoints' })
    expect(hp.value).toEqual({ guildersPerPoint: 600, maxPerCharacter: 20 })
    expect(hp.defaultValue).toEqual(hp.value)
    expect(hp.entries).toEqual([
      { key: 'guildersPerPoint', value: 600, defaultValue: 600, differs: false },
      { key: 'maxPerCharacter', value: 20, defaultValue: 20, differs: false }
    ])
    expect((await call('rules.get', { table: 'calendar' })).value).toEqual(THEAH_CALENDAR)
  })

  it('set: stored for this campaign, marked edited, entries that differ flagged; reset puts the default back', async () => {
    const set = await call('rules.set', { table: 'heroPoints', value: { guildersPerPoint: 700, maxPerCharacter: 20 } })
    expect(set.edited).toBe(true)
    expect(set.entries.filter((e) => e.differs).map((e) => e.key)).toEqual(['guildersPerPoint'])
    expect(lastSummary()).toBe('Edited the rule table “Hero points into a ship fund”')
    expect((await call('rules.list')).find((r) => r.name === 'heroPoints')!.edited).toBe(true)
    const knacks = await call('rules.set', { table: 'knacks', value: ['Captain', 'Juggling'] })
    expect(knacks.entries.slice(0, 3)).toEqual([
      { key: '1', value: 'Captain', defaultValue: 'Captain', differs: false },
      { key: '2', value: 'Juggling', defaultValue: 'Gunnery', differs: true },
      { key: '3', value: null, defaultValue: 'Rigging', differs: true }
    ])
    const reset = await call('rules.reset', { table: 'heroPoints' })
    expect(reset).toMatchObject({ edited: false, value: { guildersPerPoint: 600, maxPerCharacter: 20 } })
    expect(lastSummary()).toBe('Reset the rule table “Hero points into a ship fund” to its defaults')
  })

  it('an edited knack table decides which knacks characters may have', async () => {
    await call('rules.set', { table: 'knacks', value: ['Juggling'] })
    expect((await pc('Juggler', { knacks: { Juggling: 2 } })).id).toBeGreaterThan(0)
    const err = await fail('people.create', { name: 'Gunner', kind: 'pc', knacks: { Gunnery: 1 } })
    expect(err.code).toBe('invalid_input')
  })

  it.each([
    ['heroPoints', { guildersPerPoint: -1, maxPerCharacter: 20 }, ['value.guildersPerPoint'], 'Guilders per point: '],
    ['heroPoints', { guildersPerPoint: 600, maxPerCharacter: 2.5 }, ['value.maxPerCharacter'], 'Max per character: '],
    ['heroPoints', { guildersPerPoint: 600 }, ['value.maxPerCharacter'], 'Max per character: '],
    ['heroPoints', { guildersPerPoint: 600, maxPerCharacter: 20, extra: 1 }, ['value'], 'The value: '],
    ['knacks', ['Captain', 'Captain'], ['value'], 'The value: '],
    ['knacks', [], ['value'], 'The value: '],
    ['knacks', ['Captain', ''], ['value.1'], 'Entry 2: '],
    ['calendar', { ...THEAH_CALENDAR, months: [{ name: 'Zero', days: 0 }] }, ['value.months.0.days'], 'Months, entry 1, days: '],
    ['calendar', { ...THEAH_CALENDAR, weekdays: [] }, ['value.weekdays'], 'Weekdays: ']
  ])('set %s to %j → invalid_input naming %j (in words: %s), nothing written', async (table, value, fields, words) => {
    const err = await refusedWithoutChange('rules.set', { table, value })
    expect(err.code).toBe('invalid_input')
    expect(issueFields(err)).toEqual(fields)
    // The issues name the field's path (for the form); the message names it in words (issue 16, point 14).
    expect(err.message).toContain(words)
    expect(err.message).not.toMatch(/value\./)
  })

  it('an unknown table → invalid_input naming table', async () => {
    for (const name of ['rules.get', 'rules.set', 'rules.reset']) {
      const err = await fail(name, { table: 'wages', value: 1 })
      expect(err.code).toBe('invalid_input')
      expect(issueFields(err)).toContain('table')
    }
  })
})

describe('clock.advance runs the periodic steps (RULES.md §2 "Time": weekly and monthly steps on calendar boundaries)', () => {
  const unregister: (() => void)[] = []
  const register = (step: PeriodicStep) => unregister.push(registerPeriodicStep(step))
  afterEach(() => {
    while (unregister.length) unregister.pop()!()
  })

  /** A step that reports one effect every time it runs. */
  const reporting = (id: string, every: PeriodicStep['every'], order: number, calls?: number[]): PeriodicStep => ({
    id,
    title: `Test ${id}`,
    every,
    order,
    run: ({ day, date, effect }) => {
      calls?.push(day)
      effect(`${id} on ${date.dayOfMonth}/${date.month} (weekday ${date.weekdayIndex})`)
    }
  })

  it('RULES.md §2 "Time": weekly steps only on the first weekday, monthly steps only on the 1st, every step in `order`', async () => {
    register(reporting('t-weekly', 'week', 200))
    register(reporting('t-monthly', 'month', 100))
    register(reporting('t-daily-late', 'day', 950))
    register(reporting('t-daily-early', 'day', 10))
    await call('clock.advance', { days: 27 }) // to day 27
    const out = await call('clock.advance', { days: 8 }) // days 28..35: day 28 is a Soldi, day 31 is 1 Secundus, day 35 a Soldi
    const byDay = new Map<number, string[]>()
    for (const s of out.steps) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s.step])
    expect([...byDay.keys()]).toEqual([28, 29, 30, 31, 32, 33, 34, 35])
    expect(byDay.get(28)).toEqual(['t-daily-early', 't-weekly', 't-daily-late'])
    expect(byDay.get(29)).toEqual(['t-daily-early', 't-daily-late'])
    expect(byDay.get(31)).toEqual(['t-daily-early', 't-monthly', 't-daily-late'])
    expect(byDay.get(35)).toEqual(['t-daily-early', 't-weekly', 't-daily-late'])
    for (const s of out.steps.filter((x) => x.step === 't-weekly')) expect(s.effects[0]).toContain('(weekday 0)')
    for (const s of out.steps.filter((x) => x.step === 't-monthly')) expect(s.effects[0]).toMatch(/ on 1\/\d+ /)
    expect(out.steps.find((s) => s.step === 't-monthly')).toEqual({
      day: 31,
      label: 'Veldi, 1 Secundus 1668 AV',
      step: 't-monthly',
      title: 'Test t-monthly',
      effects: ['t-monthly on 1/2 (weekday 3)']
    })
  })

  it('over a year: weekly runs fall on every weekday-0 day, monthly runs on every 1st (RULES.md §2 "Time")', async () => {
    const weekly: number[] = []
    const monthly: number[] = []
    register(reporting('t-weekly', 'week', 200, weekly))
    register(reporting('t-monthly', 'month', 100, monthly))
    await call('clock.advance', { days: 365 })
    expect(weekly).toEqual(Array.from({ length: 52 }, (_, i) => (i + 1) * 7))
    expect(monthly).toEqual([31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365])
  })

  it('steps with the same order run by id; a step reporting nothing is not logged', async () => {
    register(reporting('t-b', 'day', 5))
    register(reporting('t-a', 'day', 5))
    register({ id: 't-silent', title: 'Silent', every: 'day', order: 1, run: () => undefined })
    const out = await call('clock.advance', { days: 1 })
    expect(out.steps.map((s) => s.step)).toEqual(['t-a', 't-b'])
    expect(() => registerPeriodicStep(reporting('t-a', 'day', 1))).toThrow('already registered')
  })

  it('effects are returned and written to the clock log, oldest day first in the run, newest first in the log', async () => {
    register(reporting('t-monthly', 'month', 100))
    const out = await call('clock.advance', { days: 60 })
    expect(out.steps.map((s) => [s.day, s.step])).toEqual([
      [31, 't-monthly'],
      [59, 't-monthly']
    ])
    const log = await call('clock.log', {})
    expect(log.map((e) => e.title)).toEqual(['Test t-monthly', 'Test t-monthly'])
    expect(log.map((e) => [e.day, e.step, e.effects])).toEqual([
      [59, 't-monthly', ['t-monthly on 1/3 (weekday 3)']],
      [31, 't-monthly', ['t-monthly on 1/2 (weekday 3)']]
    ])
    expect(log[0]!.dateLabel).toBe('Veldi, 1 Tertius 1668 AV')
  })

  it('a step can roll dice: the rolls are returned, logged on the day they were rolled, and replay from the campaign seed', async () => {
    register({
      id: 't-recruit',
      title: 'Recruiting',
      every: 'week',
      order: 200,
      run: ({ dice, effect }) => {
        const r = dice().roll('1k1+2', 'Recruits this week (seed 003: 1K1+2 a week)')
        effect(`Hired ${r.total} sailors`)
      }
    })
    const out = await call('clock.advance', { days: 14 })
    expect(out.rolls).toHaveLength(2)
    expect(out.steps.map((s) => s.effects[0])).toEqual(out.rolls.map((r) => `Hired ${r.total} sailors`))
    const log = await call('dice.log', {})
    expect(log.map((r) => [r.day, r.kind, r.command])).toEqual([
      [14, 'clock', 'clock.advance'],
      [7, 'clock', 'clock.advance']
    ])
    // The same seed gives the same recruits.
    const replay = makeSession({ now: makeClock('2026-06-01T12:00:00.000Z').now })
    try {
      await openSeededCampaign(replay, { seed: 42 })
      const again = await replay.door.call('clock.advance', { days: 14 })
      expect(again.rolls).toEqual(out.rolls)
    } finally {
      await replay.cleanup()
    }
  })

  it('a step that rolls in manual mode makes clock.advance fail with needs_dice and leaves the clock unchanged', async () => {
    register(reporting('t-daily', 'day', 10))
    register({
      id: 't-weather',
      title: 'Weather',
      every: 'week',
      order: 200,
      run: ({ dice, effect }) => effect(`Wind ${dice().roll('1d6', 'Weather change').total}`)
    })
    await call('settings.set', { diceMode: 'manual' })
    const before = snapshot()
    const err = await fail('clock.advance', { days: 10 })
    expect(err.code).toBe('needs_dice')
    expect(err.details).toEqual({ purpose: 'Weather change', notation: '1d6', sides: 6, explodes: false, given: 0, atLeast: 1 })
    expect(snapshot()).toEqual(before)
    expect((await call('clock.now')).day).toBe(0)
    expect(await call('clock.log', {})).toEqual([])

    // With the face typed in, the advance goes through.
    const out = await call('clock.advance', { days: 10, dice: [5] })
    expect(out.to.day).toBe(10)
    expect(out.steps.find((s) => s.step === 't-weather')!.effects).toEqual(['Wind 5'])
    expect(out.rolls).toMatchObject([{ faces: [5], manual: true }])
    // 14 days need a second face: the first is given, the second is asked for.
    const err2 = await fail('clock.advance', { days: 14, dice: [2] })
    expect(err2.details).toMatchObject({ given: 1, atLeast: 1 })
    expect((await call('clock.now')).day).toBe(10)
  })

  it('a step that refuses (a CommandError) rolls the whole advance back', async () => {
    register(reporting('t-daily', 'day', 10))
    register({
      id: 't-refuse',
      title: 'Refuses',
      every: 'month',
      order: 100,
      run: () => {
        throw new CommandError('rule', 'The crew mutinies.')
      }
    })
    const err = await refusedWithoutChange('clock.advance', { days: 40 })
    expect(err).toMatchObject({ code: 'rule', message: 'The crew mutinies.' })
    expect((await call('clock.now')).day).toBe(0)
  })
})

describe('ledger.history counting by owner', () => {
  it('a transaction with two lines for the same owner (cash into ship fund) is counted and listed once', async () => {
    const a = await pc('Both Accounts')
    await call('ledger.grant', { ownerId: a.ownerId, amount: 500, memo: 'Purse' })
    db().transaction(() =>
      post(db(), {
        day: 0,
        memo: 'Cash into the ship fund',
        command: 'test',
        lines: [
          { ownerId: a.ownerId, account: 'cash', amount: -200 },
          { ownerId: a.ownerId, account: 'shipFund', amount: 200 }
        ]
      })
    )()
    const h = await call('ledger.history', { ownerId: a.ownerId })
    expect(h.total).toBe(2)
    expect(h.transactions.map((x) => x.memo)).toEqual(['Cash into the ship fund', 'Purse'])
    expect((await call('ledger.history', { ownerId: a.ownerId, from: 0 })).total).toBe(2)
    expect(await call('ledger.balance', { ownerId: a.ownerId })).toEqual({ cash: 300, shipFund: 200 })
  })
})

describe('the journal', () => {
  it('history.undo with a seq undoes that change only while it is the newest (a toast undoing its own change)', async () => {
    await pc('First')
    const first = journal().at(-1)!.seq
    await pc('Second')
    const second = journal().at(-1)!.seq
    const err = await refusedWithoutChange('history.undo', { seq: first })
    expect(err.code).toBe('rule')
    expect(err.message).toContain('no longer the latest')
    expect(err.message).toContain('Created player character Second')
    const undone = await call('history.undo', { seq: second })
    expect(undone).toMatchObject({ seq: second, undone: true })
    expect((await call('people.list')).map((p) => p.name)).toEqual(['First'])
    expect(await call('history.undo', { seq: first })).toMatchObject({ seq: first, undone: true })
    expect(await call('people.list')).toEqual([])
  })

  it('with a long journal, the bookkeeping every write and redo does reads the partial indexes, not the whole journal', async () => {
    const plan = (sql: string) =>
      (db().prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ')
    expect(plan(`DELETE FROM journal WHERE undone = 1`)).toContain('journal_undone')
    expect(plan(`UPDATE journal SET undoable = 0 WHERE seq <= 5 AND undoable = 1`)).toContain('journal_undoable')
    expect(plan(`SELECT * FROM journal WHERE undone = 1 ORDER BY seq ASC LIMIT 1`)).toContain('journal_undone')

    // Ten thousand old entries (past the undo depth), then writes, undo and redo still behave.
    db().transaction(() => {
      const ins = db().prepare(`INSERT INTO journal (at, command, input, summary, undone, undoable) VALUES ('2026-01-01T00:00:00.000Z', 'old', '{}', 'old', 0, 0)`)
      for (let i = 0; i < 10_000; i++) ins.run()
    })()
    const a = await pc('Late Joiner')
    await call('ledger.grant', { ownerId: a.ownerId, amount: 7, memo: 'x' })
    await call('history.undo')
    expect((await call('history.list', { limit: 1 })).canRedo).toBe(true)
    await call('history.redo')
    expect(await call('ledger.balance', { ownerId: a.ownerId })).toEqual({ cash: 7, shipFund: 0 })
    await call('history.undo')
    await call('reminders.add', { title: 'Ends the redo chain', inDays: 1 })
    expect(countRows(db(), 'journal', 'WHERE undone = 1')).toBe(0)
    expect((await call('history.list', { limit: 1 })).canRedo).toBe(false)
  })


  it('every core write is journalled once and undoes', async () => {
    const a = await pc('Undo Me')
    await call('ledger.grant', { ownerId: a.ownerId, amount: 5, memo: 'x' })
    const h = (await call('history.list', {})) as { entries: HistoryEntry[] }
    expect(h.entries.map((e) => e.command)).toEqual(['ledger.grant', 'people.create'])
    await call('history.undo')
    expect(await call('ledger.balance', { ownerId: a.ownerId })).toEqual({ cash: 0, shipFund: 0 })
    await call('history.undo')
    expect(await call('people.list')).toEqual([])
  })
})
