/**
 * The players' screen (issue 21, "A player screen"): the payload of a battle under each of the four
 * rulesets holds only what the players may see. Checked two ways: its shape is exactly the strict
 * allow-list schema (no field beyond it), and no GM-only field (the AI's intentions, the odds, the
 * dice generator, the orders, the set-up's numbers) appears anywhere in it. The GM's choices per
 * battle (enemy numbers exact / approximate / hidden, dice as rolled or only results) show as chosen;
 * the blackout sends nothing of the battle; the settings are undone by the campaign's undo.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Door } from '../../src/main/door/door'
import type { CommandName, CommandOutput } from '../../src/shared/commands'
import { PlayerPayload, type PlayerBattle } from '../../src/shared/commands/players'
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
})
