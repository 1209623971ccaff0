/** Numbers as the app writes them in text ("1,234.5"): one formatter, made once (`toLocaleString` makes one per call). */
const en = new Intl.NumberFormat('en')

/** A number with thousands separators and at most three decimals, as `n.toLocaleString('en')`. */
export const fmt = (n: number): string => en.format(n)
