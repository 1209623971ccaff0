/**
 * The players' screen (issue 21, "A player screen"): the payload of a battle under each of the four
 * rulesets holds only what the players may see. Checked two ways: its shape is exactly the strict
 * allow-list schema (no field beyond it), and no GM-only field (the AI's intentions, the odds, the
 * dice generator, the orders, the set-up's numbers) appears anywhere in it. The GM's choices per
 * battle (enemy numbers exact / approximate / hidden, dice as rolled or only results) show as chosen;
 * the blackout sends nothing of the battle; the settings are undone by the campaign's undo. A voyage
 * under way shows its chart when no battle is fought: the coasts, areas and ports drawn, the track and
 * position, the day — never the encounter odds, the dice, what waits for the GM or the GM's notes.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Door } from '../../src/main/door/door'
import type { CommandName, CommandOutput } from '../../src/shared/commands'
import { PlayerPayload, type PlayerBattle, type PlayerVoyage } from '../../src/shared/commands/players'
import { dropSample, openSample, seaDogVsMerchantman, type SampleSession } from './battles-ops'

let s: SampleSession
beforeEach(async () => {
  s = await openSample()
})
afterEach(async () => {
  await s.t.cleanup()
})
afterAll(dropSample)

const call = <N extends CommandName>(name: N, input: unknown = {}): Promise<CommandOutput<N>> => (s.t.door as Door).call(name, input)

/** Keys that are the GM's alone: none may appear at any depth of a payload. */
const DENY = ['rng', 'seed', 'aiPreview', 'odds', 'intent', 'intentions', 'pending', 'orders', 'control', 'setup', 'state', 'deck', 'played', 'deckTerms', 'rules', 'threatRating', 'crewQuality', 'quality', 'combat', 'points', 'hullDamage', 'criticals', 'terms', 'shipId', 'captainId', 'id']

function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, out))
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (out.add(k), keysOf(x, out))
  return out
}

/** The allow-list (the strict schema: parse refuses an unknown key) and the deny-list. */
function checkPayload(p: unknown): PlayerBattle {
  const parsed = PlayerPayload.parse(p)
  expect(parsed).toEqual(p)
  const leaked = [...keysOf(p)].filter((k) => DENY.includes(k))
  expect(leaked).toEqual([])
  if (parsed.kind !== 'battle') throw new Error(`expected a battle, got ${parsed.kind}`)
  return parsed
}

/** The GM's alone on a voyage's chart: none may appear at any depth of its payload. */
const VOYAGE_DENY = [
  ...DENY,
  'notes',
  'nation',
  'pirateHaven',
  'major',
  'colonial',
  'checkEvery',
  'kind' + 'Odds',
  'rolls',
  'dice',
  'roll',
  'encounters',
  'nextCheckDay',
  'wind',
  'weather',
  'delays',
  'passengers',
  'log',
  'battleId',
  'voyageId',
  'portId',
  'course',
  'offset',
  'stop',
  'legs',
  'routes',
  'ships' + 'Speed',
  'speed',
  'nmPerDay'
]

/** A voyage's payload: exactly the strict schema, no GM-only key anywhere, and no GM note's text either. */
function checkVoyage(p: unknown, notes: string[]): PlayerVoyage {
  const parsed = PlayerPayload.parse(p)
  expect(parsed).toEqual(p)
  expect([...keysOf(p)].filter((k) => k !== 'kind' && VOYAGE_DENY.includes(k))).toEqual([])
  const text = JSON.stringify(p)
  for (const n of notes) if (n) expect(text).not.toContain(n)
  if (parsed.kind !== 'voyage') throw new Error(`expected a voyage, got ${parsed.kind}`)
  return parsed
}

const STARTS: Record<string, () => Promise<{ battleId: number }>> = {
  highSeas: () => call('battles.start', seaDogVsMerchantman(s, { range: 'short', seed: 4242 })),
  atrilia: () => call('battles.start', { ruleset: 'atrilia', preset: 'alZabdiyat', seed: 3 }),
  galleys: () => call('battles.start', { ruleset: 'galleys', preset: 'assurance', seed: 11 }),
  broadsides: () => call('battles.start', { ruleset: 'broadsides', preset: 'frigates', seed: 5 })
}

describe("players' screen payload (issue 21)", () => {
  for (const ruleset of ['highSeas', 'atrilia', 'galleys', 'broadsides'] as const) {
    it(`${ruleset}: only what the players may see, under each of the GM's choices; a step resolved shows`, async () => {
      const { battleId } = await STARTS[ruleset]!()
      const before = checkPayload(await call('players.payload'))
      expect(before).toMatchObject({ ruleset, steps: 0 })
      // A step (High Seas: a turn), the AI ordering every side it holds.
      const sides = (await call('players.settings')).sides
      for (const x of sides) await call('battles.sideControl', { battleId, side: x.side, control: 'ai' }).catch(() => undefined)
      await call('battles.resolveStep', { battleId })
      let rollsSeen = 0
      for (const enemy of ['exact', 'approximate', 'hidden'] as const) {
        for (const dice of ['rolled', 'results'] as const) {
          await call('players.set', { battle: { battleId, enemy, dice } })
          const p = checkPayload(await call('players.payload'))
          expect(p.steps).toBe(1)
          expect(p.pieces.some((x) => x.ours)).toBe(true)
          expect(p.pieces.some((x) => !x.ours)).toBe(true)
          for (const piece of p.pieces) {
            expect(piece.condition.shown).toBe(piece.ours ? 'exact' : enemy)
            if (piece.condition.shown === 'hidden') expect(Object.keys(piece.condition)).toEqual(['shown'])
          }
          for (const r of p.lastRolls) expect(r.dice === null).toBe(dice === 'results')
          rollsSeen += p.lastRolls.length
        }
      }
      // High Seas' first turn at short range fires; the others' first step rolls (movement, weather, wind).
      expect(rollsSeen).toBeGreaterThan(0)
    })
  }

  it('seed 002 §11.2: an Atrilian ship’s facing reaches the players as its bearing (facing 1 north, 0°; facing 4 south, 180°)', async () => {
    await STARTS.atrilia!()
    const p = checkPayload(await call('players.payload'))
    // The al-Zabdiyat preset: the Pheacians face 4 (south), the Meshuesh 1 (north).
    expect(p.pieces.find((x) => x.name === 'Thalassa')).toMatchObject({ facing: 180 })
    expect(p.pieces.find((x) => x.name === 'Wadj-wer')).toMatchObject({ facing: 0 })
  })

  it('seed 000 §Weather Change and seed 001 wind: the weather’s and the wind’s last roll say what they meant, in the engine’s words; no other roll carries words', async () => {
    for (const ruleset of ['galleys', 'broadsides'] as const) {
      const { battleId } = await STARTS[ruleset]!()
      for (const x of (await call('players.settings')).sides) await call('battles.sideControl', { battleId, side: x.side, control: 'ai' }).catch(() => undefined)
      await call('battles.resolveStep', { battleId })
      const view = (await call('battles.state', { battleId })) as unknown as { log: { events: { kind: string; text: string; rolls: unknown[] }[] }[] }
      const open = view.log[view.log.length - 1]!.events.find((e) => e.kind === (ruleset === 'galleys' ? 'weather' : 'wind'))!
      expect(open.rolls.length).toBeGreaterThan(0)
      for (const dice of ['rolled', 'results'] as const) {
        await call('players.set', { battle: { battleId, dice } })
        const rolls = checkPayload(await call('players.payload')).lastRolls
        const worded = rolls.filter((r) => r.means !== null)
        expect(worded).toHaveLength(1)
        expect(worded[0]!.means).toBe(open.text)
        expect(worded[0]!.purpose).toMatch(ruleset === 'galleys' ? /^Weather change/ : /wind/)
      }
    }
  })

  it('the players’ side chooses who is the enemy; a side the battle has not is refused at its field, nothing changed', async () => {
    const { battleId } = await STARTS.galleys!()
    const settings = await call('players.settings')
    expect(settings.showing).toMatchObject({ battleId, playersSide: 'commonwealth', enemy: 'approximate', dice: 'rolled' })
    await call('players.set', { battle: { battleId, playersSide: 'royalists', enemy: 'hidden' } })
    const p = checkPayload(await call('players.payload'))
    expect(p.sides).toEqual([{ name: expect.any(String), ours: false }, { name: expect.any(String), ours: true }])
    const snap = s.snapshot()
    const e = await s.fail('players.set', { battle: { battleId, playersSide: 'pirates' } })
    expect(e).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'battle.playersSide' }] } })
    expect(s.snapshot()).toEqual(snap)
    expect((await s.fail('players.set', { mmPerPx: 0 })).code).toBe('invalid_input')
  })

  it('the blackout sends nothing of the battle; undo brings the sea back; a fixed view shows the battle chosen', async () => {
    const first = await STARTS.galleys!()
    const second = await STARTS.broadsides!()
    expect(checkPayload(await call('players.payload')).ruleset).toBe('broadsides')
    await call('players.set', { blackout: true })
    const dark = await call('players.payload')
    expect(dark).toEqual({ kind: 'blackout', text: 'The sea is hidden' })
    await call('history.undo')
    expect((await call('players.payload')).kind).toBe('battle')
    await call('players.set', { follow: false, battleId: first.battleId, mmPerPx: 0.5 })
    const fixed = checkPayload(await call('players.payload'))
    expect(fixed).toMatchObject({ ruleset: 'galleys', mmPerPx: 0.5, board: { kind: 'table', unit: 'mm' } })
    expect(second.battleId).not.toBe(first.battleId)
  })

  it("a voyage under way: its chart shows when no battle is fought and moves on a day's sail; a battle fought shows instead; the GM's choices", async () => {
    const ships = await call('ships.list')
    const lucia = ships.find((x) => x.name === 'Santa Lucia')!.id
    const ports = await call('ports.list')
    const port = (n: string) => ports.find((p) => p.name === n)!.id
    const notes = (ports as { notes?: string }[]).map((p) => p.notes ?? '').filter((n) => n.length > 8)
    expect(notes.length).toBeGreaterThan(0)
    const v = await call('voyages.start', { shipIds: [lucia], route: [port('San Cristóbal'), port('La Bucca')], dice: [5] })
    const chart = await call('chart.get')
    const first = checkVoyage(await call('players.payload'), notes)
    expect(first).toMatchObject({ name: v.name, from: 'San Cristóbal', to: 'La Bucca', status: 'at sea', ships: ['Santa Lucia'], daysAtSea: 0 })
    expect(first.chart.ports.map((p) => p.name).sort()).toEqual(chart.ports.filter((p) => p.x !== null).map((p) => p.name).sort())
    expect(first.chart.land.length).toBe(chart.land.length)
    expect(first.chart.areas.map((a) => a.name)).toEqual(chart.areas.map((a) => a.name))
    expect(first.position).toEqual(chart.voyages.find((x) => x.voyageId === v.id)!.position)
    const settings = await call('players.settings')
    expect(settings).toMatchObject({ showVoyage: true, showing: null, showingVoyage: { voyageId: v.id, name: v.name } })
    expect(settings.voyages).toContainEqual({ voyageId: v.id, name: v.name, atSea: true })

    // A day's sail: the day, the days at sea, the position and the track move on.
    await call('voyages.sail', { voyageId: v.id, days: 1 })
    const next = checkVoyage(await call('players.payload'), notes)
    expect(next.daysAtSea).toBe(1)
    expect(next.day).not.toBe(first.day)
    expect(next.position).not.toEqual(first.position)
    expect(next.track.length).toBeGreaterThan(first.track.length)
    expect(next.track[next.track.length - 1]).toEqual(next.position)

    // The GM's "no voyages" leaves the chart off; undone, it is back.
    await call('players.set', { showVoyage: false })
    expect((await call('players.payload')).kind).not.toBe('voyage')
    await call('history.undo')
    expect(checkVoyage(await call('players.payload'), notes).daysAtSea).toBe(1)
    // A battle being fought shows instead.
    const { battleId } = await STARTS.galleys!()
    expect(checkPayload(await call('players.payload')).ruleset).toBe('galleys')

    // Fixed on the voyage: it shows even with a battle being fought.
    await call('players.set', { follow: false, voyageId: v.id })
    expect(checkVoyage(await call('players.payload'), notes).name).toBe(v.name)
    expect((await call('players.settings')).battleId).toBeNull()
    // A battle and a voyage at once, or a voyage there is not: refused at the field, nothing changed.
    const snap = s.snapshot()
    const both = await s.fail('players.set', { battleId, voyageId: v.id })
    expect(both).toMatchObject({ code: 'invalid_input', details: { issues: [{ field: 'voyageId' }] } })
    expect((await s.fail('players.set', { voyageId: 9999 })).details).toMatchObject({ field: 'voyageId' })
    expect(s.snapshot()).toEqual(snap)
    // Choosing a battle clears the voyage chosen.
    await call('players.set', { battleId })
    expect(await call('players.settings')).toMatchObject({ battleId, voyageId: null })
    expect(checkPayload(await call('players.payload')).ruleset).toBe('galleys')
  })
})
