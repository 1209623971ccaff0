/**
 * What the battle page's shell (BattleShell.vue) works out, for every ruleset: the turn tag of the
 * header, the faces typed by hand, the most odds runs a battle takes, and whether the campaign's newest
 * change is one of this battle's (the header's Undo).
 */
import type { HistoryEntry } from '../../../../shared/commands/schemas'

/**
 * The header's turn tag: "Turn 3 of 20" (or "Turn 3" when the rules set no length) while the battle
 * goes on; once over, the turns played — "Over after 20 turns of 20".
 */
export function turnTag(t: { turn: number; length: number | null; over: boolean; played: number }): string {
  if (!t.over) return t.length === null ? `Turn ${t.turn}` : `Turn ${t.turn} of ${t.length}`
  const turns = `${t.played} ${t.played === 1 ? 'turn' : 'turns'}`
  return t.length === null ? `Over after ${turns}` : `Over after ${turns} of ${t.length}`
}

/** The faces typed in the hand-dice field, or the words saying what is wrong with them (nothing rewritten). */
export function parseHandDice(text: string, sides = 6): { faces: number[] } | { error: string } {
  const t = text.trim()
  if (!t) return { faces: [] }
  const parts = t.split(/[\s,]+/)
  const faces = parts.map(Number)
  const bad = parts.find((_, i) => !Number.isInteger(faces[i]) || faces[i]! < 1 || faces[i]! > sides)
  if (bad !== undefined) return { error: `“${bad}” is not a face of a die: type whole numbers from 1 to ${sides}, separated by spaces.` }
  return { faces }
}

/**
 * The campaign's newest change that can be undone, when it is one of this battle's (a battle command
 * whose journal line names the battle); else null: the header's Undo then leaves other work alone.
 */
export function battleUndo(history: { entries: HistoryEntry[]; canUndo: boolean }, battleName: string): HistoryEntry | null {
  if (!history.canUndo) return null
  const next = history.entries.find((e) => !e.undone)
  if (!next || !next.command.startsWith('battles.') || next.command === 'battles.start') return null
  // The journal writes "of the first battle of al-Zabdiyat" for "The first battle of al-Zabdiyat".
  const name = battleName.trim().replace(/^the\s+/i, '').toLowerCase()
  return name && next.summary.toLowerCase().includes(name) ? next : null
}
