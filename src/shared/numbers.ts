/** Numbers as the app writes them in text ("1,234.5"): one formatter, made once (`toLocaleString` makes one per call). */
const en = new Intl.NumberFormat('en')

/**
 * A number with thousands separators and at most three decimals, as `n.toLocaleString('en')`. A whole
 * number (most of the app's money and counts) is grouped here by threes, as the formatter groups it
 * and several times faster; anything else (fractions, −0, the very large) goes to the formatter.
 */
export const fmt = (n: number): string => {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return en.format(n)
  const digits = String(n < 0 ? -n : n)
  if (digits.length <= 3) return n < 0 ? `-${digits}` : digits
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1)
  for (let i = out.length; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3)
  return n < 0 ? `-${out}` : out
}

/**
 * A ship's Speed terms in battle with their first (the Speed she started with) opened into how the
 * campaign reached it (the design's Speed, less an overdue careening: seed 003 I), when it says.
 */
export function withStartSpeed<T extends { label: string; value: number }>(p: { speed: number; speedTerms?: readonly T[] }, terms: T[]): { label: string; value: number }[] {
  const from = p.speedTerms ?? []
  if (from.length === 0 || terms.length === 0 || terms[0]!.value !== p.speed) return terms
  return [...from.map((t) => ({ label: t.label === 'Design' ? 'Speed of her design' : t.label, value: t.value })), ...terms.slice(1)]
}
