import type { Setting } from '../../shared/commands'

/**
 * Money as the GM reads it: whole units with thousands separators and the campaign's currency.
 * Théah counts guilders, written "G"; Atrilia counts dinars.
 */
export interface Currency {
  /** Written after an amount: "G" or "dinars". */
  unit: string
  /** The currency's name, for sentences. */
  name: string
}

export const CURRENCIES: Record<Setting, Currency> = {
  theah: { unit: 'G', name: 'guilders' },
  atrilia: { unit: 'dinars', name: 'dinars' }
}

export function currencyOf(setting: Setting | null | undefined): Currency {
  return CURRENCIES[setting ?? 'theah']
}

const grouped = new Intl.NumberFormat('en', { maximumFractionDigits: 0 })
/** U+2212, the typographic minus: the same width as "+" in tabular figures. */
const MINUS = '\u2212'

/** 12345 → "12,345"; −500 → "−500". */
export function formatAmount(n: number): string {
  if (n === 0) return '0' // and never "−0"
  return n < 0 ? MINUS + grouped.format(-n) : grouped.format(n)
}

/** 12345 → "+12,345"; −500 → "−500"; 0 → "0". */
export function formatSigned(n: number): string {
  return n > 0 ? '+' + grouped.format(n) : formatAmount(n)
}

/** 12345 → "12,345 G" (or "12,345 dinars"); `signed` puts a + before gains. */
export function formatMoney(n: number, setting: Setting | null | undefined, signed = false): string {
  return `${signed ? formatSigned(n) : formatAmount(n)} ${currencyOf(setting).unit}`
}
