import { describe, expect, it } from 'vitest'
import { actionWords, fieldErrors, possessive, rollsDice, setupRefusal, shipCard, startWords } from '../../src/renderer/src/components/galleys/galleysText'
import { startBattle } from '../../src/shared/galleys/engine'
import { galleysPreset } from '../../src/shared/galleys/preset'
import { Action, GalleysSetup, type ActionInput } from '../../src/shared/galleys/types'

/** The words the Galleys & Galleons page shows (seed 000), and its rule for when an action resolves at once. */

const setup = galleysPreset('scillyLand', 3)

describe('the Galleys & Galleons page: its words and when an action rolls', () => {
  it('an action that rolls dice resolves the step at once; moves, activations, Knot and Splice, grapples, boarding results, strikes and exits wait ("undo a move until a die is rolled")', () => {
    const rolls: ActionInput[] = [
      { kind: 'shoot', ship: 'clontarf', target: 'curacao', beat: true, hits: 1 },
      { kind: 'shoot', ship: 'clontarf', target: 'curacao', beat: true, hits: 0, criticals: 1 },
      { kind: 'damage', ship: 'curacao', cause: 'runAground', hits: 1 },
      { kind: 'collide', ship: 'curacao', other: 'gouda' },
      { kind: 'fightFire', ship: 'curacao' }
    ]
    const waits: ActionInput[] = [
      { kind: 'activate', ship: 'clontarf', actions: 2 },
      { kind: 'move', ship: 'clontarf', stick: 'long', turn: 30 },
      { kind: 'place', ship: 'clontarf', at: { x: 100, y: 100 }, facing: 90 },
      { kind: 'knotAndSplice', ship: 'clontarf' },
      { kind: 'shoot', ship: 'clontarf', target: 'curacao', beat: false },
      { kind: 'shoot', ship: 'clontarf', target: 'curacao', beat: true, odd: true },
      { kind: 'grapple', ship: 'clontarf', other: 'curacao' },
      { kind: 'ungrapple', ship: 'clontarf', other: 'curacao' },
      { kind: 'board', ship: 'clontarf', target: 'curacao', struck: 'target' },
      { kind: 'strike', ship: 'gouda' },
      { kind: 'exit', ship: 'gouda' }
    ]
    for (const a of rolls) expect(rollsDice(Action.parse(a)), a.kind).toBe(true)
    for (const a of waits) expect(rollsDice(Action.parse(a)), a.kind).toBe(false)
  })

  it('every action, the start of a turn and a ship’s card are in plain words: ship and player names, never ids', () => {
    const all: ActionInput[] = [
      { kind: 'activate', ship: 'stBarnabas', actions: 1 },
      { kind: 'move', ship: 'stBarnabas', stick: 'medium', turn: -30 },
      { kind: 'shoot', ship: 'stPeter', target: 'stBarnabas', beat: true, hits: 2, doubled: true, criticals: 1 },
      { kind: 'damage', ship: 'stBarnabas', cause: 'smallArms', hits: 1, mutiny: true },
      { kind: 'board', ship: 'stPeter', target: 'stBarnabas', struck: 'target' },
      { kind: 'fightFire', ship: 'stBarnabas', cutGrapplesWith: 'stPeter' }
    ]
    const words = all.map((a) => actionWords(setup, a))
    expect(words[1]).toBe('St. Barnabas moves Medium, turning 30° to port')
    expect(words[2]).toBe('St Peter fires her guns at St. Barnabas: 2 hits, doubled, 1 critical')
    expect(words[4]).toBe('St Peter boards St. Barnabas: St. Barnabas strikes')
    for (const w of words) for (const id of ['stBarnabas', 'stPeter']) expect(w).not.toContain(id)
    const st = startBattle(setup)
    expect(startWords(setup, st)).toBe('Weather change roll')
    expect(startWords(setup, { ...st, index: 1, wind: { direction: 3, marker: 'steady' } })).toBe('Weather change (steady: no roll)')
    expect(possessive('Dutch')).toBe('The Dutch’s')
    expect(possessive('Privateers')).toBe('The Privateers’')
    // A side named with its own article or possessive (a converted encounter's squadron, a skirmish's side) keeps it.
    expect(possessive('The squadron')).toBe('The squadron’s')
    expect(possessive('Our side')).toBe('Our side’s')
    expect(possessive('Their side')).toBe('Their side’s')
    const card = shipCard(setup, st, 'stBarnabas')
    expect(card.lines.map((l) => `${l.label}: ${l.value}`)).toContain('Hits: 0 of 2')
    expect(card.traits.find((t) => t.name === 'Razee')!.note).toMatch(/two rigging criticals/)
  })

  it('a refusal of the door is shown at the field of the action being added, at the turn order, or in general', () => {
    const details = {
      issues: [
        { field: 'orders.actions.2.target', message: 'action 3: Curacao has exploded' },
        { field: 'orders.actions.2', message: 'action 3: Clontarf has no actions left' },
        { field: 'orders.order', message: 'the turn order must name every player once (Dutch, Privateers)' },
        { field: 'orders.actions.0', message: 'action 1: Liffey has not been activated' }
      ]
    }
    expect(fieldErrors('refused', details, 2)).toEqual({
      target: 'Curacao has exploded',
      '': 'Clontarf has no actions left',
      order: 'the turn order must name every player once (Dutch, Privateers)',
      general: 'Liffey has not been activated'
    })
    expect(fieldErrors('The AI orders the Dutch: take them over first.', {}, 0)).toEqual({ general: 'The AI orders the Dutch: take them over first.' })
  })
})

describe('the Galleys & Galleons setup page: the door’s refusal in words, at its field', () => {
  /** The refusal battles.start gives for this setup (src/main/battles/galleys.ts: the setup's issues, each field under "setup."). */
  function refusal(s: unknown) {
    const r = GalleysSetup.safeParse(s)
    if (r.success) throw new Error('the setup was accepted')
    const issues = r.error.issues.map((i) => ({ field: ['setup', ...i.path.map(String)].join('.'), message: i.message }))
    return { message: issues.map((i) => `${i.field}: ${i.message}`).join('; '), details: { issues } }
  }

  it('names the ship, the piece of terrain and the player (never "ships.0.quality"), and puts the size and the wind at theirs', () => {
    const base = galleysPreset('scillyLand', 3)
    const bad = {
      ...base,
      name: ' ',
      size: { width: 50, height: 900 },
      wind: { direction: 40, marker: null },
      ships: base.ships.map((s, i) => (i === 0 ? { ...s, quality: 9 } : s)),
      terrain: base.terrain.map((t, i) => (i === 0 ? { ...t, points: t.points.slice(0, 2) } : t)),
      players: base.players.map((p, i) => (i === 1 ? { ...p, name: '' } : p))
    }
    const r = refusal(bad)
    const out = setupRefusal(base, r.message, r.details)
    expect(out['size.width']).toBe('Must be at least 100.')
    expect(out['size.height']).toBeUndefined()
    expect(out.wind).toBe('The gauge has points 0 to 15.')
    expect(out.ships).toBe(`${base.ships[0]!.name}’s Quality must be at most 6.`)
    expect(out.terrain).toBe(`${base.terrain[0]!.name}: an outline needs at least three corners.`)
    expect(out.general).toBe('The battle’s name: must not be empty. Player 2’s name must not be empty.')
    for (const words of Object.values(out)) expect(words).not.toMatch(/setup\.|ships\.\d|terrain\.\d|players\.\d/)
  })

  it('a ship off the table is said as the rules say it, once for each ship; a refusal with no issues loses its field key', () => {
    const base = galleysPreset('scillyLand', 3)
    const r = refusal({ ...base, size: { width: 600, height: 900 } })
    const out = setupRefusal(base, r.message, r.details)
    expect(out.ships).toMatch(/^Curacao is off the table \(600 × 900 mm\)\. St\. Barnabas is off the table/)
    expect(setupRefusal(base, 'preset: give a preset or a setup.', null)).toEqual({ general: 'Give a preset or a setup.' })
  })
})
