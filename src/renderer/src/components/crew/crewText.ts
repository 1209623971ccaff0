import type { CrewPayer, OfficerRole, ShipKind, StandingOrders } from '../../../../shared/commands'
import { CREW_WAGES, OFFICER_ROLES } from '../../../../shared/ship/upkeep-tables'

/** Words for a ship's company, ports and upkeep (seed 003, I. Of Ship Construction: 2. CREW; rules guide §2). */

export const CREW_SOURCE = 'High Seas Combat, I. Of Ship Construction: 2. Crew'
export const REPAIR_SOURCE = 'High Seas Combat, I. Of Ship Construction: maintenance and careening'

export const ROLE_LABELS: Record<OfficerRole, string> = {
  captain: 'Captain',
  firstMate: 'First mate',
  masterOTops: "Master-o'-tops",
  pilot: 'Pilot',
  gunner: 'Gunner',
  boatswain: 'Boatswain',
  carpenter: 'Carpenter',
  physician: 'Physician',
  masterAtArms: 'Master-at-arms',
  purser: 'Purser',
  aboard: 'Aboard (no office)'
}

/** The roles in the order a muster roll lists them. */
export const ROLE_ORDER: OfficerRole[] = [...OFFICER_ROLES]

/** Wages a month by default (rules guide §2); the campaign's rule table may differ, and the host charges its own. */
export const DEFAULT_WAGES = Object.fromEntries(OFFICER_ROLES.map((r) => [r, CREW_WAGES[r]])) as Record<OfficerRole, number>

export type BatteryKey = 'port' | 'starboard' | 'chasers' | 'stern'
export const BATTERY_LABELS: Record<BatteryKey, string> = {
  port: 'port battery',
  starboard: 'starboard battery',
  chasers: 'chasers',
  stern: 'stern guns'
}

export function roleText(role: OfficerRole, battery: BatteryKey | null): string {
  if (role === 'gunner' && battery) return `Gunner, ${BATTERY_LABELS[battery]}`
  return ROLE_LABELS[role]
}

export const KIND_LABELS: Record<ShipKind, string> = {
  naval: 'Naval',
  merchant: 'Merchant',
  privateer: 'Privateer',
  pirate: 'Pirate'
}

export const KIND_HELP: Record<ShipKind, string> = {
  naval: 'Her government pays gear, wages and food: nothing is charged to the owners.',
  merchant: 'The owners pay gear, wages and food by their shares.',
  privateer: 'Gear, wages and food are owed to the crew and come out of the next booty.',
  pirate: 'Gear, wages and food are owed to the crew and come out of the next booty.'
}

export const ORIGIN_LABELS: Record<'none' | 'avalon' | 'vesten', string> = {
  none: 'Ordinary crew',
  avalon: 'Avalon crew',
  vesten: 'Vesten crew'
}

export const PAYER_LABELS: Record<CrewPayer, string> = {
  government: 'paid by her government',
  booty: 'owed, paid from the next booty',
  owners: 'paid by the owners'
}

export const ORDER_LABELS: { key: keyof Omit<StandingOrders, 'recruitUpTo' | 'provisionMonths'>; label: string; help: string }[] = [
  { key: 'recruit', label: 'Recruit', help: '1k1+2 hands a week in a friendly port, 16 G of gear each.' },
  { key: 'pressGang', label: 'Press gangs', help: 'Another 1k1+2 hands a week, shanghaied; 16 G of gear each.' },
  { key: 'repair', label: 'Yard repairs', help: 'The port’s yard repairs 10 points a week (hull or rigging) at 50 G a point.' },
  { key: 'careen', label: 'Careen when due', help: 'Careen in the port when due (within the week) or overdue: 10% of the hull’s base cost, three days.' }
]

/** "Recruit, press gangs, keep 2 months of provisions" — or "None". */
export function ordersText(o: StandingOrders): string {
  const parts: string[] = []
  if (o.recruit) parts.push('recruit')
  if (o.pressGang) parts.push('press gangs')
  if ((o.recruit || o.pressGang) && o.recruitUpTo !== null) parts.push(`up to ${o.recruitUpTo} hands`)
  if (o.repair) parts.push('yard repairs')
  if (o.careen) parts.push('careen when due')
  if (o.provisionMonths > 0) parts.push(`keep ${o.provisionMonths} month${o.provisionMonths === 1 ? '' : 's'} of provisions`)
  if (parts.length === 0) return 'None'
  const s = parts.join(', ')
  return s.charAt(0).toUpperCase() + s.slice(1)
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`
}

const tenth = new Intl.NumberFormat('en', { maximumFractionDigits: 1 })
export function tons(n: number): string {
  return `${tenth.format(n)} t`
}

/** "in 12 days", "today", "3 days ago". */
export function inDaysText(n: number): string {
  if (n === 0) return 'today'
  if (n === 1) return 'tomorrow'
  if (n === -1) return 'yesterday'
  return n > 0 ? `in ${n} days` : `${-n} days ago`
}
