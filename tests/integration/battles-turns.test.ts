/**
 * Playing a High Seas battle through the one door (seed 003, IV–VI): orders checked before they are
 * stored, AI captains filling in their ships' orders, turns resolved with the battle's own seeded
 * generator or with faces the GM types, the stored state always equal to a replay of the stored
 * turns, and the odds simulator running beside the queue.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DoorEvent } from '../../src/shared/bridge'
import { replay } from '../../src/shared/highseas/engine'
import type { BattleSetup, TurnOrders } from '../../src/shared/highseas/types'
import { dropSample, openSample, seaDogVsMerchantman, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const lastSummary = () => (s.db().prepare(`SELECT summary FROM journal ORDER BY seq DESC LIMIT 1`).get() as { summary: string }).summary
const DOG = () => `ship-${s.ids.seaDog}`

/** The stored turns, as replay() takes them. */
function storedTurns(battleId: number): { orders: TurnOrders; dice?: number[] }[] {
  const rows = s.db().prepare(`SELECT orders, dice FROM battle_turn WHERE battle_id = ? ORDER BY turn`).all(battleId) as { orders: string; dice: string | null }[]
  return rows.map((r) => ({ orders: JSON.parse(r.orders) as TurnOrders, ...(r.dice ? { dice: JSON.parse(r.dice) as number[] } : {}) }))
}
async function expectReplayExact(battleId: number) {
  const v = await s.call('battles.state', { battleId })
  expect(v.state).toEqual(replay(v.setup as BattleSetup, storedTurns(battleId)))
  return v
}

describe('battles.orders', () => {
  it("stores a GM ship's orders for the next turn and returns the engine's notes", async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'long' }))
    const out = await s.call('battles.orders', {
      battleId,
      participantId: DOG(),
      orders: { tactic: 'bearDown', target: 'gen-1', fire: [{ battery: 'stern', target: 'gen-1' }] }
    })
    expect(out.participantId).toBe(DOG())
    expect(out.orders).toMatchObject({ tactic: 'bearDown', target: 'gen-1' })
    // The Sea Dog has no stern guns: legal, but noted.
    expect(out.notes).toContain('Sea Dog has no stern guns')
    expect((await s.call('battles.state', { battleId })).pending.ships[DOG()]).toMatchObject({ tactic: 'bearDown', target: 'gen-1' })
    expect(lastSummary()).toMatch(/^Orders for the Sea Dog in the Battle of .*: Bear Down on the Montaigne Merchantman$/)
  })

  it('refuses illegal orders with every reason (409 rule) and changes nothing', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    const before = s.snapshot()
    const err = await s.fail('battles.orders', { battleId, participantId: DOG(), orders: { tactic: 'bearDown', board: 'gen-1' } })
    expect(err.code).toBe('rule')
    expect(err.message).toContain('Sea Dog: Bear Down needs the ship she closes on')
    expect(err.message).toContain('boarding Montaigne Merchantman needs the ships grappled')
    expect((err.details as { problems: string[] }).problems).toHaveLength(2)
    expect(s.snapshot()).toEqual(before)
  })

  it("refuses orders for an AI captain's ship (take her over first), an unknown participant, and a concluded battle", async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    expect(await s.fail('battles.orders', { battleId, participantId: 'gen-1', orders: { tactic: 'evade' } })).toMatchObject({
      code: 'rule',
      message: expect.stringContaining('take her over first')
    })
    expect(await s.fail('battles.orders', { battleId, participantId: 'nobody', orders: { tactic: 'evade' } })).toMatchObject({ code: 'not_found' })
    await s.call('battles.control', { battleId, participantId: 'gen-1', control: 'gm' })
    expect(lastSummary()).toMatch(/^Took over the Montaigne Merchantman from the AI captain/)
    await s.call('battles.orders', { battleId, participantId: 'gen-1', orders: { tactic: 'evade' } })
    // Handing her back drops the GM's orders: the AI orders her now.
    await s.call('battles.control', { battleId, participantId: 'gen-1', control: 'ai' })
    const v = await s.call('battles.state', { battleId })
    expect(v.pending.ships).toEqual({})
    expect(v.setup.participants[1]!.control).toBe('ai')
    expect(Object.keys(v.aiPreview)).toEqual(['gen-1'])
  })
})

describe('battles.resolveTurn', () => {
  it("fills in the AI's orders, stores the turn, clears the pending orders and logs every roll with the battle's name", async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'far' }))
    const campaignRng = s.db().prepare(`SELECT state FROM rng`).get()
    await s.call('battles.orders', { battleId, participantId: DOG(), orders: { tactic: 'bearDown', target: 'gen-1', fire: [{ battery: 'chasers', target: 'gen-1' }] } })
    const preview = (await s.call('battles.state', { battleId })).aiPreview['gen-1']
    const out = await s.call('battles.resolveTurn', { battleId })
    expect(out.report.turn).toBe(1)
    expect(out.state.turn).toBe(2)
    expect(out.report.orders[DOG()]).toMatchObject({ tactic: 'bearDown', target: 'gen-1' })
    expect(out.report.orders['gen-1']).toEqual(preview)
    const v = await s.call('battles.state', { battleId })
    expect(v.pending).toEqual({ ships: {}, melee: [], heroic: [] })
    expect(v.turns).toEqual([out.report])
    const row = s.db().prepare(`SELECT turn, orders, dice FROM battle_turn WHERE battle_id = ?`).get(battleId) as { turn: number; orders: string; dice: string | null }
    expect(row.turn).toBe(1)
    expect(row.dice).toBeNull()
    expect(Object.keys((JSON.parse(row.orders) as TurnOrders).ships).sort()).toEqual([DOG(), 'gen-1'].sort())
    const rolls = s.db().prepare(`SELECT kind, purpose, manual, command FROM roll_log WHERE kind = 'battle'`).all() as { kind: string; purpose: string; manual: number; command: string }[]
    expect(rolls.length).toBeGreaterThan(0)
    for (const r of rolls) {
      expect(r.purpose.startsWith(`${v.name}, turn 1: `)).toBe(true)
      expect(r).toMatchObject({ manual: 0, command: 'battles.resolveTurn' })
    }
    // The battle rolls with its own generator: the campaign's is untouched.
    expect(s.db().prepare(`SELECT state FROM rng`).get()).toEqual(campaignRng)
    expect(lastSummary()).toBe(`Resolved turn 1 of the ${v.name}`)
  })

  it('stored state equals replay(setup, turns) after several turns, also after control changes, melee results and heroic actions', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'extreme', seed: 99 }))
    for (let i = 0; i < 3; i++) {
      const v = await expectReplayExact(battleId)
      if (v.state.outcome !== 'ongoing') break
      if (i === 1) await s.call('battles.control', { battleId, participantId: DOG(), control: 'ai' })
      await s.call('battles.resolveTurn', { battleId })
    }
    const v = await expectReplayExact(battleId)
    expect(v.turns.length).toBeGreaterThanOrEqual(1)
    // Undo of a turn puts the battle back where it was, and replay still agrees.
    if (v.state.outcome === 'ongoing') {
      const before = await s.call('battles.state', { battleId })
      await s.call('battles.resolveTurn', { battleId })
      await s.call('history.undo')
      expect(await s.call('battles.state', { battleId })).toEqual(before)
    }
  })

  it('melee results and heroic actions wait in the pending orders and are applied when the turn resolves', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'close' }))
    const pending = await s.call('battles.heroic', {
      battleId,
      action: { participant: DOG(), hero: 'Marcel du Sable', personId: s.ids.marcelPerson, action: 'other', note: 'Swung across on a rope' }
    })
    expect(pending.heroic).toHaveLength(1)
    expect(lastSummary()).toMatch(/^Heroic action: Marcel du Sable aboard the Sea Dog/)
    expect(await s.fail('battles.melee', { battleId, result: { a: DOG(), b: DOG(), winner: DOG() } })).toMatchObject({ code: 'invalid_input' })
    expect(await s.fail('battles.melee', { battleId, result: { a: DOG(), b: 'gen-1', winner: 'nobody' } })).toMatchObject({ code: 'invalid_input' })
    const out = await s.call('battles.resolveTurn', { battleId })
    expect((await s.call('battles.state', { battleId })).pending.heroic).toEqual([])
    expect(out.state.heroic).toHaveLength(1)
    await expectReplayExact(battleId)
  })

  it('with dice entered by hand: needs_dice, then the whole turn again with the typed faces; spare faces are refused', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'long' }))
    await s.call('settings.set', { diceMode: 'manual' })
    const before = s.snapshot()
    const faces: number[] = []
    let value: unknown = null
    for (let i = 0; i < 300 && value === null; i++) {
      const out = await s.t.door.invoke('battles.resolveTurn', { battleId, dice: faces }, 'internal')
      if (out.ok) value = out.value
      else {
        expect(out.error.code).toBe('needs_dice')
        const need = out.error.details as { sides: number; atLeast: number; given: number }
        expect(need.given).toBe(faces.length)
        expect(s.snapshot()).toEqual(before)
        // The GM's dice: 6s and 4s (never a ten, so no explosion asks for more).
        for (let k = 0; k < need.atLeast; k++) faces.push(Math.min(need.sides, faces.length % 2 ? 4 : 6))
      }
    }
    expect(value).not.toBeNull()
    expect(faces.length).toBeGreaterThan(0)
    const row = s.db().prepare(`SELECT dice FROM battle_turn WHERE battle_id = ?`).get(battleId) as { dice: string }
    expect(JSON.parse(row.dice)).toEqual(faces)
    const manual = s.db().prepare(`SELECT DISTINCT manual FROM roll_log WHERE kind = 'battle'`).all()
    expect(manual).toEqual([{ manual: 1 }])
    await expectReplayExact(battleId)

    // Turn 2 with one face too many: refused as invalid input, nothing stored.
    const mid = s.snapshot()
    const faces2: number[] = []
    for (let i = 0; i < 300; i++) {
      const out = await s.t.door.invoke('battles.resolveTurn', { battleId, dice: faces2 }, 'internal')
      if (out.ok) throw new Error('turn 2 resolved without enough faces')
      if (out.error.code !== 'needs_dice') throw new Error(out.error.message)
      const need = out.error.details as { atLeast: number; sides: number }
      for (let k = 0; k < need.atLeast; k++) faces2.push(Math.min(need.sides, 5))
      const tryIt = await s.t.door.invoke('battles.resolveTurn', { battleId, dice: [...faces2, 5] }, 'internal')
      if (!tryIt.ok && tryIt.error.code === 'invalid_input') {
        expect(tryIt.error.message).toMatch(/^dice: 1 of the faces given was not needed/)
        expect(s.snapshot()).toEqual(mid)
        break
      }
      if (tryIt.ok) throw new Error('spare face accepted')
    }
    expect(s.snapshot()).toEqual(mid)
  })

  it('refuses a concluded battle and a finished one; the board keeps no AI preview then', async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s))
    // The merchantman's captain is the GM's too, and holds her course (the default: Circle).
    await s.call('battles.control', { battleId, participantId: 'gen-1', control: 'gm' })
    await s.call('battles.orders', { battleId, participantId: DOG(), orders: { tactic: 'circle', strike: true } })
    const out = await s.call('battles.resolveTurn', { battleId })
    expect(out.state.outcome).toBe('decided')
    expect(out.state.winner).toBe('Montaigne')
    expect(await s.fail('battles.resolveTurn', { battleId })).toMatchObject({ code: 'rule', message: expect.stringContaining('is over') })
    expect((await s.call('battles.state', { battleId })).aiPreview).toEqual({})
    const review = await s.call('battles.review', { battleId })
    await s.call('battles.conclude', { battleId, lines: review.lines })
    for (const [name, input] of [
      ['battles.orders', { battleId, participantId: DOG(), orders: { tactic: 'circle' } }],
      ['battles.control', { battleId, participantId: DOG(), control: 'ai' }],
      ['battles.resolveTurn', { battleId }],
      ['battles.remove', { battleId }],
      ['battles.conclude', { battleId, lines: review.lines }]
    ] as const) {
      expect((await s.fail(name, input)).code).toBe('rule')
    }
  })
})

describe('battles.odds', () => {
  it("plays the battle many times in a worker beside the queue, sending throttled progress and a final done", async () => {
    const { battleId } = await s.call('battles.start', seaDogVsMerchantman(s, { range: 'medium' }))
    const events: DoorEvent[] = []
    const off = s.t.session.on((e: DoorEvent) => events.push(e))
    const odds = s.call('battles.odds', { battleId, runs: 200 })
    // The queue is not held: a read queued after the odds answers before them.
    let oddsDone = false
    void odds.then(() => (oddsDone = true))
    const list = await s.call('battles.list')
    expect(list).toHaveLength(1)
    expect(oddsDone).toBe(false)
    const result = await odds
    off()
    expect(result.runs).toBe(200)
    expect(result.sides.map((x) => x.side).sort()).toEqual(['Montaigne', 'Tortuga'])
    for (const side of result.sides) {
      expect(side.win.p).toBeGreaterThanOrEqual(0)
      expect(side.win.p).toBeLessThanOrEqual(1)
    }
    const progress = events.filter((e) => e.type === 'progress' && e.command === 'battles.odds') as Extract<DoorEvent, { type: 'progress' }>[]
    expect(progress.at(-1)).toMatchObject({ done: true, fraction: 1 })
    expect(progress.filter((e) => e.done)).toHaveLength(1)
    for (const e of progress.filter((x) => !x.done)) expect(e.message).toMatch(/^\d[\d,]* of 200 runs$/)
  }, 60_000)
})
