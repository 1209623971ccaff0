import type { CommandOutput } from '../../../../shared/commands'

/** Shapes and words shared by the trade, company and booty screens (issue 8). */
export type Hold = CommandOutput<'trade.hold'>
export type Market = CommandOutput<'market.get'>
export type Venture = CommandOutput<'trade.venture'>
export type Company = CommandOutput<'companies.get'>
export type SplitLine = Venture['split'][number]

export const SPLIT_ROLES: Record<SplitLine['role'], string> = {
  costs: 'Costs paid back',
  owners: 'Owners',
  captain: 'Captain',
  firstMate: 'First mate',
  banker: 'Banker',
  shareholder: 'Shareholder',
  expenses: 'Expenses',
  loss: 'Loss'
}

export const ENTRY_KINDS: Record<Venture['entries'][number]['kind'], string> = {
  purchase: 'Cargo bought',
  sale: 'Cargo sold',
  passengers: 'Passengers',
  portCosts: 'Port costs',
  wages: 'Wages',
  food: 'Food',
  other: 'Other'
}

export function tonsText(t: number): string {
  const n = Math.round(t * 10) / 10
  return `${n} t`
}

export function percentText(p: number): string {
  return `${Math.round(p * 100) / 100}%`
}
