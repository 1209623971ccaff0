/**
 * Dice notation, as the rules guide reads the seeds (../shared/RULES.md §1):
 *   XkY    roll X d10, keep the Y highest, tens explode          (seed 003: "2K2", "1K1+2")
 *   XkYn   the same without explosion ("non-exploding")           (seed 003: Wet Sails' 1k1)
 *   Nd10   N d10 summed, no explosion (the 1-10 tables, 5d10 for the 5K5 encounter table)
 *   Nd10!  N d10 summed, tens explode ("N dice" in chases, circling, cannon fire)
 *   Nd6    N d6 summed (seeds 000, 001, 002)
 * Each may end with a modifier: +N or -N.
 */
export type DiceSpec =
  | { kind: 'keep'; roll: number; keep: number; explode: boolean; modifier: number }
  | { kind: 'sum'; count: number; sides: 6 | 10; explode: boolean; modifier: number }

export class NotationError extends Error {}

const KEEP = /^(\d{1,2})k(\d{1,2})(n?)([+-]\d{1,4})?$/
const SUM = /^(\d{1,3})d(6|10)(!?)([+-]\d{1,4})?$/

export const MAX_DICE = 60

export function parseNotation(text: string): DiceSpec {
  const s = text.replace(/\s+/g, '').toLowerCase()
  let m = KEEP.exec(s)
  if (m) {
    const roll = Number(m[1])
    const keep = Number(m[2])
    if (roll < 1 || roll > MAX_DICE) throw new NotationError(`"${text}": roll between 1 and ${MAX_DICE} dice.`)
    if (keep < 1 || keep > roll) throw new NotationError(`"${text}": keep between 1 and ${roll} dice.`)
    return { kind: 'keep', roll, keep, explode: m[3] !== 'n', modifier: Number(m[4] ?? 0) }
  }
  m = SUM.exec(s)
  if (m) {
    const count = Number(m[1])
    if (count < 1 || count > MAX_DICE) throw new NotationError(`"${text}": roll between 1 and ${MAX_DICE} dice.`)
    return { kind: 'sum', count, sides: Number(m[2]) as 6 | 10, explode: m[3] === '!', modifier: Number(m[4] ?? 0) }
  }
  throw new NotationError(
    `"${text}" is not dice notation. Use XkY (roll and keep d10, tens explode), XkYn (no explosion), Nd10, Nd10! or Nd6, with an optional +N or -N.`
  )
}

export function formatNotation(d: DiceSpec): string {
  const mod = d.modifier > 0 ? `+${d.modifier}` : d.modifier < 0 ? `${d.modifier}` : ''
  return d.kind === 'keep'
    ? `${d.roll}k${d.keep}${d.explode ? '' : 'n'}${mod}`
    : `${d.count}d${d.sides}${d.explode ? '!' : ''}${mod}`
}
