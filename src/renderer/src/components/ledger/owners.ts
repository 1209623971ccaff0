import type { Owner } from '../../../../shared/commands'

/** Line colours for owners in the plot and the accounts table, in the app's nautical palette. */
const COLORS = ['#1d4f6e', '#b5893b', '#a23b2c', '#3f7d58', '#6b4f8a', '#2f8a8a', '#8a5a2b', '#c0607a', '#4a6b8a', '#7a8a2f']

/** A stable colour per owner (by id order, so a new owner does not repaint the others). */
export function ownerColors(owners: Owner[]): Map<number, string> {
  const ids = owners
    .filter((o) => o.kind !== 'world')
    .map((o) => o.id)
    .sort((a, b) => a - b)
  return new Map(ids.map((id, i) => [id, COLORS[i % COLORS.length]!]))
}

export const OWNER_KIND_LABELS: Record<Owner['kind'], string> = {
  character: 'Character',
  company: 'Company',
  world: 'Outside world'
}

export interface SeriesIn {
  ownerId: number
  name: string
  color: string
  points: { day: number; cash: number }[]
}

/** The filters the transactions table and the CSV export share. */
export interface LedgerFilters {
  ownerId: number | null
  from: number | null
  to: number | null
  search: string
}
