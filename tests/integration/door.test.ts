import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildSampleCampaign, SAMPLE_FILE_NAME } from '../../resources/sample/tortuga-run'
import { UNDO_DEPTH } from '../../src/main/door/door'
import { handlers } from '../../src/main/door/handlers'
import type { HandlerSpec } from '../../src/main/door/types'
import type { DoorEvent } from '../../src/shared/bridge'
import { COMMAND_NAMES, DisplayName, type CommandName, type HistoryEntry } from '../../src/shared/commands'
import { CommandError, ERROR_CODES } from '../../src/shared/errors'
import {
  campaignRow,
  errorOf,
  makeClock,
  makeSession,
  MINUTE,
  valueOf,
  withRawDb,
  type Clock,
  type TestSession
} from '../helpers'

let t: TestSession
let clock: Clock

beforeEach(() => {
  clock = makeClock('2026-05-01T20:00:00.000Z')
  t = makeSession({ now: clock.now })
})
afterEach(async () => {
  await t.cleanup()
})

const openCampaign = async (name = 'Door Test') => (await t.door.call('campaigns.create', { name })).campaign!.path
const currentName = async () => (await t.door.call('campaign.info')).name
const history = (limit = 500) =>
  t.door.call('history.list', { limit }) as Promise<{ entries: HistoryEntry[]; canUndo: boolean; canRedo: boolean }>

/** Swap one handler for the length of `fn`. */
async function withHandler<T>(name: CommandName, spec: HandlerSpec<CommandName>, fn: () => Promise<T>): Promise<T> {
  const table = handlers as unknown as Record<string, HandlerSpec<CommandName>>
  const original = table[name]!
  table[name] = spec
  try {
    return await fn()
  } finally {
    table[name] = original
  }
}

describe('looking commands up', () => {
  it.each(['no.such', '', 'toString', '__proto__', 'constructor', 'campaign', 'campaign.rename '])(
    'unknown command %j → not_found',
    async (name) => {
      const err = errorOf(await t.door.invoke(name, {}, 'internal'))
      expect(err.code).toBe('not_found')
      expect(err.message).toContain(`"${name}"`)
    }
  )

  it('Door.call throws a CommandError carrying the code', async () => {
    const e = await t.door.call('campaign.info').catch((x: unknown) => x)
    expect(e).toBeInstanceOf(CommandError)
    expect((e as CommandError).code).toBe('rule')
  })
})

describe('checking input', () => {
  beforeEach(async () => {
    await openCampaign()
  })

  it.each([
    [{ name: '' }, 'name', 'must not be empty'],
    [{ name: '    ' }, 'name', 'must not be empty'],
    [{ name: 5 }, 'name', ''],
    [{ name: null }, 'name', ''],
    [{}, 'name', ''],
    [{ name: 'x'.repeat(81) }, 'name', 'must be at most 80 characters'],
    [{ name: 'Bell\u0007' }, 'name', 'must not contain control characters'],
    [{ name: 'Two\nLines' }, 'name', 'must not contain control characters'],
    [{ name: 'Lone \uD800 surrogate' }, 'name', 'must be valid Unicode text']
  ])('campaign.rename %j → invalid_input naming %s', async (input, field, message) => {
    const err = errorOf(await t.door.invoke('campaign.rename', input, 'internal'))
    expect(err.code).toBe('invalid_input')
    const issues = (err.details as { issues: { field: string; message: string }[] }).issues
    expect(issues.map((i) => i.field)).toContain(field)
    expect(issues.find((i) => i.field === field)!.message).toContain(message)
    expect(err.message).toContain(`${field}: `)
    expect(await currentName()).toBe('Door Test')
  })

  it('extra keys are refused, naming the key', async () => {
    const err = errorOf(await t.door.invoke('campaign.rename', { name: 'Fine', nmae: 'typo' }, 'internal'))
    expect(err.code).toBe('invalid_input')
    const issues = (err.details as { issues: { field: string; message: string }[] }).issues
    expect(issues).toHaveLength(1)
    expect(issues[0]!.field).toBe('(input)')
    expect(issues[0]!.message).toContain('nmae')
    expect(await currentName()).toBe('Door Test')
  })

  it.each([null, 42, 'rename me', [], [{ name: 'x' }], true])('a non-object input %j → invalid_input', async (input) => {
    const err = errorOf(await t.door.invoke('campaign.rename', input, 'internal'))
    expect(err.code).toBe('invalid_input')
    expect((err.details as { issues: { field: string }[] }).issues[0]!.field).toBe('(input)')
  })

  it.each([{ limit: 0 }, { limit: 501 }, { limit: 1.5 }, { limit: '5' }])('history.list %j → invalid_input on limit', async (input) => {
    const err = errorOf(await t.door.invoke('history.list', input, 'internal'))
    expect(err.code).toBe('invalid_input')
    expect((err.details as { issues: { field: string }[] }).issues.map((i) => i.field)).toEqual(['limit'])
  })

  it('an omitted input means {} (so defaults apply)', async () => {
    const out = valueOf<{ entries: unknown[] }>(await t.door.invoke('history.list', undefined, 'internal'))
    expect(out.entries).toEqual([])
    expect(valueOf(await t.door.invoke('app.status', undefined, 'internal'))).toMatchObject({ mode: 'desktop' })
  })

  it('names round-trip exactly, astral characters included', async () => {
    for (const name of ['💀 Jolly Roger 🏴‍☠️', 'Ship 𝔄𝔫𝔡 𝔖𝔢𝔞', 'e\u0301 vs \u00e9']) {
      expect((await t.door.call('campaign.rename', { name })).name).toBe(name)
      expect(await currentName()).toBe(name)
    }
  })

  it('names are stored trimmed', async () => {
    const info = await t.door.call('campaign.rename', { name: '  Spaced Out  ' })
    expect(info.name).toBe('Spaced Out')
  })
})

describe('scope', () => {
  it.each(['campaign.info', 'history.list', 'history.undo', 'history.redo', 'backups.create'] as const)(
    '%s with no campaign open → rule',
    async (name) => {
      const err = errorOf(await t.door.invoke(name, {}, 'internal'))
      expect(err.code).toBe('rule')
      expect(err.message).toContain('No campaign is open')
    }
  )

  it('a valid rename with no campaign open → rule (input is checked first, then the scope)', async () => {
    expect(errorOf(await t.door.invoke('campaign.rename', { name: 'Fine' }, 'internal')).code).toBe('rule')
    expect(errorOf(await t.door.invoke('campaign.rename', { name: '' }, 'internal')).code).toBe('invalid_input')
  })

  it('app commands work with no campaign open', async () => {
    expect((await t.door.call('app.status')).campaign).toBeNull()
    expect(await t.door.call('campaigns.recent')).toEqual([])
    expect(await t.door.call('campaigns.available')).toEqual([])
    expect((await t.door.call('campaigns.close')).campaign).toBeNull()
  })
})

describe('internal failures', () => {
  const noLeak = (message: string) => {
    expect(message).toMatch(/reference [0-9a-f]{8}/)
    expect(message).not.toMatch(/\n\s+at /)
    expect(message).not.toContain('.ts')
    expect(message).not.toContain('secret detail')
  }

  it('a handler throwing a plain Error → internal, logged with a reference, no stack in the message', async () => {
    await openCampaign()
    const out = await withHandler(
      'campaign.info',
      {
        kind: 'read',
        run: () => {
          throw new Error('secret detail from deep inside')
        }
      },
      () => t.door.invoke('campaign.info', {}, 'internal')
    )
    const err = errorOf(out)
    expect(err.code).toBe('internal')
    expect(err.details).toBeUndefined()
    noLeak(err.message)
    const ref = /reference ([0-9a-f]{8})/.exec(err.message)![1]!
    const logged = t.logs.find((l) => l.message.includes(ref))!
    expect(logged.message).toContain('campaign.info')
    expect((logged.error as Error).message).toBe('secret detail from deep inside')
    // The door keeps working.
    expect(await currentName()).toBe('Door Test')
  })

  it('a closed database under the session → internal for reads and writes, no crash', async () => {
    await openCampaign()
    t.session.campaign!.db.close()
    for (const [name, input] of [
      ['campaign.info', {}],
      ['campaign.rename', { name: 'After Close' }],
      ['history.list', {}],
      ['history.undo', {}]
    ] as const) {
      const err = errorOf(await t.door.invoke(name, input, 'internal'))
      expect(err.code).toBe('internal')
      noLeak(err.message)
    }
    // Closing the broken campaign and carrying on works.
    expect((await t.door.call('campaigns.close')).campaign).toBeNull()
    expect((await t.door.call('campaigns.create', { name: 'Next' })).campaign!.name).toBe('Next')
  })

  it('a write that fails half-way is rolled back entirely: no journal entry, no change', async () => {
    const path = await openCampaign()
    await t.door.call('campaign.rename', { name: 'Before' })
    const before = await history()
    const out = await withHandler(
      'campaign.rename',
      {
        kind: 'write',
        run: ({ campaign }) => {
          campaign.db.prepare(`UPDATE campaign SET name = 'Half Done' WHERE id = 1`).run()
          throw new Error('secret detail: disk on fire')
        },
        describe: () => 'never'
      },
      () => t.door.invoke('campaign.rename', { name: 'Whatever' }, 'internal')
    )
    expect(errorOf(out).code).toBe('internal')
    expect(await currentName()).toBe('Before')
    expect(await history()).toEqual(before)
    withRawDb(path, (db) => {
      expect(campaignRow(db)!.name).toBe('Before')
      expect((db.prepare(`SELECT count(*) AS n FROM undo_step`).get() as { n: number }).n).toBe(1)
    })
    // Undo still undoes the last real write.
    await t.door.call('history.undo')
    expect(await currentName()).toBe('Door Test')
  })

  it('a CommandError thrown inside a write rolls back and reaches the caller as it is', async () => {
    await openCampaign()
    const out = await withHandler(
      'campaign.rename',
      {
        kind: 'write',
        run: ({ campaign }) => {
          campaign.db.prepare(`UPDATE campaign SET name = 'Half Done' WHERE id = 1`).run()
          throw new CommandError('rule', 'Not on a Sunday.', { field: 'name' })
        },
        describe: () => 'never'
      },
      () => t.door.invoke('campaign.rename', { name: 'Whatever' }, 'internal')
    )
    expect(errorOf(out)).toEqual({ code: 'rule', message: 'Not on a Sunday.', details: { field: 'name' } })
    expect(await currentName()).toBe('Door Test')
    expect((await history()).entries).toEqual([])
  })

  it('a write handler that returns a promise is refused and rolled back', async () => {
    await openCampaign()
    const out = await withHandler(
      'campaign.rename',
      {
        kind: 'write',
        run: (({ campaign }: { campaign: { db: { prepare(s: string): { run(): void } } } }) => {
          campaign.db.prepare(`UPDATE campaign SET name = 'Async' WHERE id = 1`).run()
          return Promise.resolve({})
        }) as never,
        describe: () => 'never'
      },
      () => t.door.invoke('campaign.rename', { name: 'Whatever' }, 'internal')
    )
    expect(errorOf(out).code).toBe('internal')
    expect(await currentName()).toBe('Door Test')
    expect((await history()).entries).toEqual([])
  })

  it('with output checking on, a result that breaks its contract is an internal error', async () => {
    await openCampaign()
    const out = await withHandler(
      'campaign.info',
      { kind: 'read', run: () => ({ name: 5 }) as never },
      () => t.door.invoke('campaign.info', {}, 'internal')
    )
    expect(errorOf(out).code).toBe('internal')
  })
})

describe('the journal, undo and redo', () => {
  it('journals each write with its time, command and summary, newest first', async () => {
    await openCampaign()
    await t.door.call('campaign.rename', { name: 'One' })
    clock.advance(MINUTE)
    await t.door.call('campaign.rename', { name: 'Two' })
    await t.door.call('campaign.info') // reads are not journalled
    const h = await history()
    expect(h.canUndo).toBe(true)
    expect(h.canRedo).toBe(false)
    expect(h.entries.map(({ seq: _seq, ...e }) => e)).toEqual([
      // Issue 16, point 16: with the campaign date each change left the clock on.
      { at: '2026-05-01T20:01:00.000Z', command: 'campaign.rename', summary: 'Renamed the campaign to “Two”', undone: false, day: 0, dateLabel: 'Soldi, 1 Primus 1668 AV' },
      { at: '2026-05-01T20:00:00.000Z', command: 'campaign.rename', summary: 'Renamed the campaign to “One”', undone: false, day: 0, dateLabel: 'Soldi, 1 Primus 1668 AV' }
    ])
    expect(h.entries[0]!.seq).toBeGreaterThan(h.entries[1]!.seq)
    // Exactly the contract's fields: the raw input and undo bookkeeping stay inside.
    expect(Object.keys(h.entries[0]!).sort()).toEqual(['at', 'command', 'dateLabel', 'day', 'seq', 'summary', 'undone'])
    expect(Object.keys(await t.door.call('history.undo')).sort()).toEqual(['at', 'command', 'dateLabel', 'day', 'seq', 'summary', 'undone'])
    expect((await history(1)).entries).toHaveLength(1)
  })

  it('undo and redo restore the exact name, quotes and all', async () => {
    await openCampaign("Captain's Log")
    const names = ['O\'Malley\'s "Revenge"', "Robert'); DROP TABLE campaign;--", 'Ⅷ Léa’s 💀 Ship', 'back\\slash %_']
    for (const name of names) await t.door.call('campaign.rename', { name })
    for (let i = names.length - 1; i >= 0; i--) {
      expect(await currentName()).toBe(names[i])
      const undone = await t.door.call('history.undo')
      expect(undone).toMatchObject({ command: 'campaign.rename', undone: true })
    }
    expect(await currentName()).toBe("Captain's Log")
    for (const name of names) {
      const redone = await t.door.call('history.redo')
      expect(redone.undone).toBe(false)
      expect(await currentName()).toBe(name)
    }
  })

  it('undo with nothing to undo → rule; redo with nothing to redo → rule', async () => {
    await openCampaign()
    expect(errorOf(await t.door.invoke('history.undo', {}, 'internal'))).toMatchObject({
      code: 'rule',
      message: 'There is nothing to undo.'
    })
    expect(errorOf(await t.door.invoke('history.redo', {}, 'internal'))).toMatchObject({
      code: 'rule',
      message: 'There is nothing to redo.'
    })
    await t.door.call('campaign.rename', { name: 'Once' })
    await t.door.call('history.undo')
    expect(errorOf(await t.door.invoke('history.undo', {}, 'internal')).code).toBe('rule')
    expect(await currentName()).toBe('Door Test')
  })

  it('a new write after an undo ends the redo chain', async () => {
    await openCampaign()
    await t.door.call('campaign.rename', { name: 'A' })
    await t.door.call('campaign.rename', { name: 'B' })
    await t.door.call('history.undo')
    expect((await history()).canRedo).toBe(true)
    await t.door.call('campaign.rename', { name: 'C' })
    const h = await history()
    expect(h.canRedo).toBe(false)
    expect(h.entries.map((e) => e.summary)).toEqual(['Renamed the campaign to “C”', 'Renamed the campaign to “A”'])
    expect(errorOf(await t.door.invoke('history.redo', {}, 'internal')).code).toBe('rule')
    await t.door.call('history.undo')
    expect(await currentName()).toBe('A')
  })

  it('undo history survives closing and reopening the file', async () => {
    const path = await openCampaign('Original')
    await t.door.call('campaign.rename', { name: 'Changed' })
    await t.door.call('campaigns.close')
    await t.door.call('campaigns.open', { path })
    await t.door.call('history.undo')
    expect(await currentName()).toBe('Original')
    await t.door.call('campaigns.close')
    await t.door.call('campaigns.open', { path })
    await t.door.call('history.redo')
    expect(await currentName()).toBe('Changed')
  })

  it(`only the newest ${UNDO_DEPTH} writes stay undoable`, async () => {
    await openCampaign('Start')
    const db = t.session.campaign!.db
    const total = UNDO_DEPTH + 3
    for (let i = 1; i <= total; i++) await t.door.call('campaign.rename', { name: `N${i}` })
    for (let i = 0; i < UNDO_DEPTH; i++) await t.door.call('history.undo')
    expect(await currentName()).toBe(`N${total - UNDO_DEPTH}`)
    expect(errorOf(await t.door.invoke('history.undo', {}, 'internal')).code).toBe('rule')
    // Older entries stay in the journal as history, without their undo steps.
    expect((db.prepare(`SELECT count(*) AS n FROM journal`).get() as { n: number }).n).toBe(total)
    expect((db.prepare(`SELECT count(*) AS n FROM journal WHERE undoable = 0`).get() as { n: number }).n).toBe(3)
    expect((db.prepare(`SELECT count(*) AS n FROM undo_step`).get() as { n: number }).n).toBe(UNDO_DEPTH)
  })

  it('emits events: changed (with seq) for writes, status for app commands, nothing for failures', async () => {
    const events: DoorEvent[] = []
    t.session.on((e) => events.push(e))
    await openCampaign()
    expect(events).toEqual([{ type: 'status' }])
    events.length = 0
    await t.door.call('campaign.rename', { name: 'Evented' })
    const seq = (await history()).entries[0]!.seq
    await t.door.invoke('campaign.rename', { name: '' }, 'internal')
    await t.door.call('history.undo')
    expect(events).toEqual([
      { type: 'changed', command: 'campaign.rename', seq },
      { type: 'changed', command: 'history.undo', seq: null }
    ])
  })
})

describe('one command at a time', () => {
  it('50 concurrent renames (with reads between) run in call order', async () => {
    await openCampaign('Start')
    const names = Array.from({ length: 50 }, (_, i) => `Concurrent ${i}`)
    const writes: Promise<unknown>[] = []
    const reads: Promise<unknown>[] = []
    for (const name of names) {
      writes.push(t.door.invoke('campaign.rename', { name }, 'internal'))
      reads.push(t.door.invoke('campaign.info', {}, 'internal'))
    }
    const written = await Promise.all(writes)
    const read = await Promise.all(reads)
    written.forEach((o, i) => expect(valueOf<{ name: string }>(o as never).name).toBe(names[i]))
    // Each read ran right after the write before it, never in the middle of another.
    read.forEach((o, i) => expect(valueOf<{ name: string }>(o as never).name).toBe(names[i]))

    const h = await history()
    const entries = [...h.entries].reverse()
    expect(entries.map((e) => e.summary)).toEqual(names.map((n) => `Renamed the campaign to “${n}”`))
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.seq).toBe(entries[i - 1]!.seq + 1)
    expect(await currentName()).toBe('Concurrent 49')
  })

  it('a failing command in the queue does not stop the ones after it', async () => {
    await openCampaign('Start')
    const outs = await Promise.all([
      t.door.invoke('campaign.rename', { name: 'A' }, 'internal'),
      t.door.invoke('campaign.rename', { name: '' }, 'internal'),
      t.door.invoke('no.such', {}, 'internal'),
      t.door.invoke('campaign.rename', { name: 'B' }, 'internal')
    ])
    expect(outs.map((o) => o.ok)).toEqual([true, false, false, true])
    expect(await currentName()).toBe('B')
  })
})

describe('properties', () => {
  /** Names a GM could type, including quotes, SQL-looking text and any Unicode. */
  const displayName = fc
    .oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 }),
      fc.constantFrom("O'Brien", '"quoted"', "'); DELETE FROM campaign; --", 'x'.repeat(80), '  padded  ')
    )
    .filter((s) => DisplayName.safeParse(s).success)

  type Op = { op: 'rename'; name: string } | { op: 'undo' } | { op: 'redo' }
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 3, arbitrary: displayName.map((name) => ({ op: 'rename' as const, name })) },
    { weight: 1, arbitrary: fc.constant({ op: 'undo' as const }) },
    { weight: 1, arbitrary: fc.constant({ op: 'redo' as const }) }
  )

  it('any sequence of renames, undos and redos matches a simple model, and undoing everything restores the starting row', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        run++
        const path = (await t.door.call('campaigns.create', { name: 'Start', path: `prop-${run}.quarterdeck` })).campaign!
          .path
        const db = () => t.session.campaign!.db
        const start = campaignRow(db())
        let current = 'Start'
        const undo: { before: string; after: string }[] = []
        const redo: { before: string; after: string }[] = []
        for (const o of ops) {
          if (o.op === 'rename') {
            const after = DisplayName.parse(o.name)
            const out = await t.door.call('campaign.rename', { name: o.name })
            expect(out.name).toBe(after)
            undo.push({ before: current, after })
            redo.length = 0
            current = after
          } else if (o.op === 'undo') {
            const out = await t.door.invoke('history.undo', {}, 'internal')
            const step = undo.pop()
            expect(out.ok).toBe(step !== undefined)
            if (step) {
              redo.push(step)
              current = step.before
            }
          } else {
            const out = await t.door.invoke('history.redo', {}, 'internal')
            const step = redo.pop()
            expect(out.ok).toBe(step !== undefined)
            if (step) {
              undo.push(step)
              current = step.after
            }
          }
          expect(campaignRow(db())!.name).toBe(current)
        }
        const h = await history()
        expect(h.canUndo).toBe(undo.length > 0)
        expect(h.canRedo).toBe(redo.length > 0)

        for (let i = undo.length; i > 0; i--) await t.door.call('history.undo')
        expect(errorOf(await t.door.invoke('history.undo', {}, 'internal')).code).toBe('rule')
        expect(campaignRow(db())).toEqual(start)
        // Nothing but the campaign row and the machinery exists to differ.
        withRawDb(path, (raw) => expect(raw.pragma('integrity_check', { simple: true })).toBe('ok'))
      }),
      { numRuns: 100 }
    )
    // A hundred campaigns made and checked: 42 s alone and 62 s with other work loading the machine
    // (2 cores at load 15); the time limit leaves room for that.
  }, 240_000)

  it('the door never throws, and an error outcome never changes the campaign', async () => {
    await t.cleanup()
    t = makeSession({
      now: clock.now,
      mode: 'browser',
      sample: { fileName: SAMPLE_FILE_NAME, build: (p) => buildSampleCampaign(p) }
    })
    const home = await t.door.call('campaigns.create', { name: 'Home Port' })
    const path = home.campaign!.path
    await t.door.call('campaign.rename', { name: 'Home Port, Renamed' })
    const state = () =>
      withRawDb(path, (db) => ({
        campaign: db.prepare(`SELECT * FROM campaign`).all(),
        journal: (db.prepare(`SELECT count(*) AS n FROM journal`).get() as { n: number }).n,
        undone: (db.prepare(`SELECT count(*) AS n FROM journal WHERE undone = 1`).get() as { n: number }).n,
        steps: (db.prepare(`SELECT count(*) AS n FROM undo_step`).get() as { n: number }).n
      }))

    const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...COMMAND_NAMES) }, { weight: 1, arbitrary: fc.string() })
    const input = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.constantFrom('name', 'path', 'id', 'limit', 'setting'), fc.jsonValue(), { maxKeys: 3 })
    )
    await fc.assert(
      fc.asyncProperty(name, input, async (command, raw) => {
        if (t.session.campaign?.path !== path) await t.session.open(path)
        const before = state()
        let out: Awaited<ReturnType<typeof t.door.invoke>>
        try {
          out = await t.door.invoke(command, raw, 'http')
        } catch (e) {
          throw new Error(`door.invoke threw for ${command} ${JSON.stringify(raw)}: ${String(e)}`)
        }
        expect(typeof out.ok).toBe('boolean')
        if (!out.ok) {
          expect(ERROR_CODES).toContain(out.error.code)
          expect(typeof out.error.message).toBe('string')
          // Random input must be refused as input or by a rule, never by falling over.
          expect(out.error.code).not.toBe('internal')
          expect(state()).toEqual(before)
        }
      }),
      { numRuns: 200 }
    )
    // The home campaign is still sound at the end.
    withRawDb(path, (db) => expect(db.pragma('integrity_check', { simple: true })).toBe('ok'))
  })
})
