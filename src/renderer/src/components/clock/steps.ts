/** Names of the periodic steps the clock runs, for the clock log (which stores only the step's id). */
const STEP_TITLES: Record<string, string> = {
  reminders: 'Reminders due'
}

export function stepTitle(id: string): string {
  if (STEP_TITLES[id]) return STEP_TITLES[id]
  const words = id.replace(/[-_.]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** "today", "in 3 days", "2 days ago". */
export function relativeDays(n: number): string {
  if (n === 0) return 'today'
  if (n > 0) return `in ${n} day${n === 1 ? '' : 's'}`
  return `${-n} day${n === -1 ? '' : 's'} ago`
}
