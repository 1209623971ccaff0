import { describe, expect, it } from 'vitest'
import { actionWords, fieldErrors, possessive, rollsDice, shipCard, startWords } from '../../src/renderer/src/components/galleys/galleysText'
import { startBattle } from '../../src/shared/galleys/engine'
import { galleysPreset } from '../../src/shared/galleys/preset'
import { Action, type ActionInput } from '../../src/shared/galleys/types'

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
