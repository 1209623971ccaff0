import { describe, expect, it } from 'vitest'
import { battleUndo, parseHandDice, turnTag } from '../../src/renderer/src/components/battle/shell'
import { fateWords, outcomeWords, sideTally } from '../../src/renderer/src/components/atrilia/atriliaText'
import { alZabdiyat } from '../../src/shared/atrilia/preset'
import { atriliaRuleset } from '../../src/shared/atrilia/ruleset'
import type { HistoryEntry } from '../../src/shared/commands/schemas'

/** What the battle page's shell works out for every ruleset, and the Atrilian review's words (issue 17). */

const entry = (seq: number, command: string, summary: string, undone = false): HistoryEntry => ({ seq, at: '2026-01-01T00:00:00Z', command, summary, undone, day: null, dateLabel: null })

describe('the battle shell', () => {
  it('the turn tag: the turn (of the length) while the battle goes on, the turns played once over', () => {
    expect(turnTag({ turn: 3, length: 20, over: false, played: 2 })).toBe('Turn 3 of 20')
    expect(turnTag({ turn: 3, length: null, over: false, played: 2 })).toBe('Turn 3')
    expect(turnTag({ turn: 21, length: 20, over: true, played: 20 })).toBe('Over after 20 turns of 20')
    expect(turnTag({ turn: 2, length: 20, over: true, played: 1 })).toBe('Over after 1 turn of 20')
    expect(turnTag({ turn: 6, length: null, over: true, played: 5 })).toBe('Over after 5 turns')
  })

  it('hand-typed dice: faces in order, nothing typed is no faces, anything else is refused naming it', () => {
    expect(parseHandDice('')).toEqual({ faces: [] })
    expect(parseHandDice(' 4 2,6 ')).toEqual({ faces: [4, 2, 6] })
    expect(parseHandDice('4 seven')).toEqual({ error: '“seven” is not a face of a die: type whole numbers from 1 to 6, separated by spaces.' })
    expect(parseHandDice('0')).toHaveProperty('error')
    expect(parseHandDice('7')).toHaveProperty('error')
    expect(parseHandDice('2.5')).toHaveProperty('error')
    expect(parseHandDice('10', 10)).toEqual({ faces: [10] })
  })

  it('the header’s Undo: only the newest change, only when it is a battle change naming this battle (never its start)', () => {
    const h = (entries: HistoryEntry[], canUndo = true) => ({ entries, canUndo })
    const step = entry(9, 'battles.resolveStep', 'Resolved turn 1 — the Pheacians: roll for movement of the first battle of al-Zabdiyat')
    // The journal writes "of the first battle of al-Zabdiyat" for "The first battle of al-Zabdiyat".
    expect(battleUndo(h([step]), 'The first battle of al-Zabdiyat')?.seq).toBe(9)
    expect(battleUndo(h([step]), 'first battle of al-Zabdiyat')?.seq).toBe(9)
    expect(battleUndo(h([step]), 'The second battle')).toBeNull()
    expect(battleUndo(h([step], false), 'first battle of al-Zabdiyat')).toBeNull()
    expect(battleUndo(h([entry(10, 'ships.rename', 'Renamed the Swan'), step]), 'first battle of al-Zabdiyat')).toBeNull()
    expect(battleUndo(h([entry(10, 'battles.resolveTurn', 'Resolved turn 2 of the Other fight'), step]), 'first battle of al-Zabdiyat')).toBeNull()
    expect(battleUndo(h([entry(11, 'battles.orders', 'Orders x', true), step]), 'first battle of al-Zabdiyat')?.seq).toBe(9)
    expect(battleUndo(h([entry(3, 'battles.start', 'Started the first battle of al-Zabdiyat: …')]), 'first battle of al-Zabdiyat')).toBeNull()
  })
})

describe('the Atrilian review in words', () => {
  const setup = alZabdiyat(7)
  const st = atriliaRuleset.start(setup, 7)
  it('who won and why, as sentences', () => {
    expect(outcomeWords(setup, { winner: 'pheacians', reason: 'no ship of the Meshuesh is left on the map' })).toEqual({
      headline: 'Victory for the Pheacians.',
      detail: 'The battle is over: no ship of the Meshuesh is left on the map.'
    })
    expect(outcomeWords(setup, { winner: null, reason: 'the encounter’s 20 turns are over' }).headline).toBe('Nobody wins.')
    // A side named after one ship reads as well as a people: no verb to agree with the name.
    const oneShip = { ...setup, sides: [setup.sides[0]!, { ...setup.sides[1]!, name: 'Meshuesh large galley' }] as typeof setup.sides }
    expect(outcomeWords(oneShip, { winner: oneShip.sides[1]!.id, reason: 'the Meshuesh large galley destroyed every enemy marine' })).toEqual({
      headline: 'Victory for the Meshuesh large galley.',
      detail: 'The battle is over: the Meshuesh large galley destroyed every enemy marine.'
    })
  })
  it('each fate starts with a capital and says what the GM needs: captor, edge, state and marines', () => {
    const id = setup.ships.find((s) => s.side === 'meshuesh')!.id
    const s = st.ships[id]!
    expect(fateWords(setup, st, id, 'sunk')).toBe('Sunk')
    expect(fateWords(setup, { ...st, ships: { ...st.ships, [id]: { ...s, status: 'exited', exitedBy: 'north' } } }, id, 'exited')).toBe('Left the map by the north edge')
    expect(fateWords(setup, { ...st, ships: { ...st.ships, [id]: { ...s, crippled: true, marines: 1, marineSide: 'pheacians' } } }, id, 'captured')).toBe('Captured by the Pheacians: crippled, 1 point of marines aboard')
    expect(fateWords(setup, { ...st, ships: { ...st.ships, [id]: { ...s, fire: true, marines: 2 } } }, id, 'afloat')).toBe('Afloat: on fire, 2 points of marines aboard')
  })
  it('each side’s ships at the end', () => {
    const lines = setup.ships.map((s, i) => ({ side: s.side, fate: s.side === 'meshuesh' ? (i % 2 ? ('sunk' as const) : ('captured' as const)) : ('afloat' as const) }))
    const t = sideTally(setup, lines)
    const phe = setup.ships.filter((s) => s.side === 'pheacians').length
    expect(t[0]).toEqual({ side: 'pheacians', text: `Pheacians: ${phe} ships — ${phe} afloat.` })
    expect(t[1]!.text).toMatch(/^Meshuesh: \d+ ships — \d+ captured, \d+ sunk\.$/)
  })
})
