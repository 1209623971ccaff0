/** Words the players' screen shows (issue 21). */
import type { PlayerRoll } from '../../../shared/commands/players'

/**
 * A roll of the last step in words: "Weather change: rolled 3" (one die), "Gunnery: rolled 2 + 5 = 7"
 * (dice summed), "…: rolled 7, 3, 9 — 16" (a total that is not their sum, e.g. dice kept), or only the
 * result ("Weather change: 3") when the GM shows only results.
 */
export function rollWords(r: Pick<PlayerRoll, 'purpose' | 'dice' | 'total'>): string {
  const d = r.dice
  // The engines' purposes may start lower-case ("the opening wind"): a line starts with a capital.
  const purpose = r.purpose.replace(/^./, (c) => c.toUpperCase())
  if (d === null || d.length === 0) return `${purpose}: ${r.total}`
  const sum = d.reduce((a, b) => a + b, 0)
  if (d.length === 1 && sum === r.total) return `${purpose}: rolled ${r.total}`
  if (sum === r.total) return `${purpose}: rolled ${d.join(' + ')} = ${r.total}`
  return `${purpose}: rolled ${d.join(', ')} — ${r.total}`
}
